//go:build !purego

//go:generate go -C _asm run ./i386 -out ../fe_386.s

package field

// On 386 the seam runs the products of halves of fe_halves.go in the
// assembly of fe_386.s (written by the program in _asm/i386, whose package
// comment says why Go's own code of them is slow there). The routines write
// the limbs of feMulGeneric and feSquareGeneric exactly; the seam tests
// compare them limb for limb.

// feMul386 sets out = a * b; see _asm/i386.
//
//go:noescape
func feMul386(out, a, b *Element)

// feSquare386 sets out = a * a; see _asm/i386.
//
//go:noescape
func feSquare386(out, a *Element)

func feMul(out, a, b *Element) { feMul386(out, a, b) }
func feSquare(out, a *Element) { feSquare386(out, a) }

// pow22523 is Pow22523's chain of calls of the seam.
func pow22523(out, a *Element) { pow22523Chain(out, a) }

// feSquareN sets out = a^(2^n) by n >= 1 squarings (n < 1 counts as 1).
func feSquareN(out, a *Element, n int) {
	feSquare386(out, a)
	for i := 1; i < n; i++ {
		feSquare386(out, out)
	}
}

// divstepApply is the portable batch update of the inversion.
func divstepApply(t *transition, f, g, d, e *signed62) { divstepApplyGeneric(t, f, g, d, e) }
