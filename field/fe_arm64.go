//go:build !purego

package field

// On arm64 the seam runs the portable code in the operation order of
// fe_reordered.go, which produces the same limbs as fe_generic.go. The
// order has not been timed on arm64 hardware yet (see fe_reordered.go and
// docs/PERFORMANCE.md).
func feMul(out, a, b *Element) { feMulReordered(out, a, b) }
func feSquare(out, a *Element) { feSquareReordered(out, a) }

// pow22523 is Pow22523's chain of calls of the seam.
func pow22523(out, a *Element) { pow22523Chain(out, a) }

// feSquareN sets out = a^(2^n) by n >= 1 squarings (n < 1 counts as 1).
func feSquareN(out, a *Element, n int) {
	feSquareReordered(out, a)
	for i := 1; i < n; i++ {
		feSquareReordered(out, out)
	}
}

// divstepApply is the portable batch update of the inversion.
func divstepApply(t *transition, f, g, d, e *signed62) { divstepApplyGeneric(t, f, g, d, e) }
