//go:build amd64 && !purego

package x25519

import (
	"testing"

	"github.com/seed06d4b90c/edwards25519/internal/cpuvendor"
)

// The routines of one operation each, which the generator emits with the
// kernels' code for the tests of ladder_mulx_test.go: those of the
// one-chain kernel, and those of the two-chain kernel, which differ in the
// product and the square.
func init() {
	fe64Asm = fe64OpSet{
		mul: fe64MulAsm, square: fe64SquareAsm, add: fe64AddAsm,
		sub: fe64SubAsm, mul24add: fe64Mul24AddAsm,
	}
	fe64AsmTwoChains = fe64Asm
	fe64AsmTwoChains.mul, fe64AsmTwoChains.square = fe64MulAsmTwoChains, fe64SquareAsmTwoChains
}

// TestMULXFormRule checks mulxOneChain's default: the one-chain kernel on
// Intel CPUs, the two-chain kernel on the others (internal/cpuvendor's test
// checks the vendor itself against /proc/cpuinfo).
func TestMULXFormRule(t *testing.T) {
	t.Logf("CPUID vendor %q, one-chain kernel %v", cpuvendor.Name(), mulxOneChain)
	if mulxOneChain != (cpuvendor.Name() == "GenuineIntel") {
		t.Errorf("mulxOneChain = %v for vendor %q", mulxOneChain, cpuvendor.Name())
	}
}
