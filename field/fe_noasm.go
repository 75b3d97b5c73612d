//go:build (!amd64 && !arm64 && !386 && !wasm) || purego

package field

// Every target without a specialised binding, and every target under the
// purego tag, runs the portable code.
func feMul(out, a, b *Element)         { feMulGeneric(out, a, b) }
func feSquare(out, a *Element)         { feSquareGeneric(out, a) }
func feSquareN(out, a *Element, n int) { feSquareNGeneric(out, a, n) }
func pow22523(out, a *Element)         { pow22523Chain(out, a) }

// divstepApply is the portable batch update of the inversion.
func divstepApply(t *transition, f, g, d, e *signed62) { divstepApplyGeneric(t, f, g, d, e) }
