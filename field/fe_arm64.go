//go:build !purego

package field

// On arm64 the seam runs the portable code in the operation order of
// fe_reordered.go, which produces the same limbs as fe_generic.go.
func feMul(out, a, b *Element) { feMulReordered(out, a, b) }
func feSquare(out, a *Element) { feSquareReordered(out, a) }
