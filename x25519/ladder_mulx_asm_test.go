//go:build amd64 && !purego

package x25519

// The routines of one operation each, which the generator emits with the
// kernel's code for the tests of ladder_mulx_test.go.
func init() {
	fe64Asm = fe64OpSet{
		mul: fe64MulAsm, square: fe64SquareAsm, add: fe64AddAsm,
		sub: fe64SubAsm, mul24add: fe64Mul24AddAsm,
	}
}
