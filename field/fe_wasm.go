//go:build !purego

package field

// On WebAssembly the seam runs the products of halves of fe_halves.go in
// Go. WebAssembly has 64-bit integers but no 64x64 -> 128-bit
// multiplication: Go forms the high word of bits.Mul64 from four i64.mul of
// 32-bit pieces and the shifts and sums that join them, a fifth i64.mul
// gives the low word, and bits.Add64 is ordinary Go that derives its carry
// with logic operations. A product of halves is one i64.mul of operands
// below 2^32, and the column sums need no carry at all (each stays below
// 2^63), so feMulHalves and feSquareHalves do the same work in fewer
// operations, with the limbs of feMulGeneric and feSquareGeneric.
func feMul(out, a, b *Element) { feMulHalves(out, a, b) }
func feSquare(out, a *Element) { feSquareHalves(out, a) }

// pow22523 is Pow22523's chain of calls of the seam.
func pow22523(out, a *Element) { pow22523Chain(out, a) }

// feSquareN sets out = a^(2^n) by n >= 1 squarings (n < 1 counts as 1).
func feSquareN(out, a *Element, n int) {
	feSquareHalves(out, a)
	for i := 1; i < n; i++ {
		feSquareHalves(out, out)
	}
}

// divstepApply is the portable batch update of the inversion.
func divstepApply(t *transition, f, g, d, e *signed62) { divstepApplyGeneric(t, f, g, d, e) }
