//go:build !purego

package field

// Temporary binding: the amd64 assembly replaces this (see field/_asm).
func feMul(out, a, b *Element) { feMulGeneric(out, a, b) }
func feSquare(out, a *Element) { feSquareGeneric(out, a) }
