//go:build !purego

package field

// Temporary binding: the arm64 operation order replaces this.
func feMul(out, a, b *Element) { feMulGeneric(out, a, b) }
func feSquare(out, a *Element) { feSquareGeneric(out, a) }
