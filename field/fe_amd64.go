//go:build !purego

//go:generate go -C _asm run . -out ../fe_amd64.s -stubs ../fe_asm_amd64.go -pkg field

package field

import (
	"golang.org/x/sys/cpu"

	"github.com/seed06d4b90c/edwards25519/internal/cpuvendor"
)

// This file binds the seam on amd64 to the generated assembly in fe_amd64.s
// (written by the program in _asm; its package comment gives the formulas
// and bounds). The routines compute exactly the limbs of feMulGeneric,
// feSquareGeneric and divstepApplyGeneric; fe_amd64_test.go checks that,
// the multiplies and squares on every path that squarePath and mulPath
// select.

// The forms of the squarings that squarePath names, and of the multiplies
// that mulPath names. The two MULX forms of the squarings (BMI2 and ADX)
// compute the same limbs and differ in their carry pass, by SHRX or with
// the mask read from memory (the _asm program's "Two carry passes"); the
// MULQ routines run on every amd64 CPU. For the multiply, pathMULXSHRX is
// feMulMULX and pathMULXMem the scaled MULX, ADCX and ADOX form, feMulAsm's
// first code (the _asm program's "Three forms of the multiply, three of the
// square"). The values are those that the entries in fe_amd64.s compare
// with.
const (
	pathMULQ     = 0
	pathMULXMem  = 1
	pathMULXSHRX = 2
)

// squarePath selects the squarings: the MULX form with the carry pass by
// SHRX on Intel CPUs, where it measured faster (docs/PERFORMANCE.md, "The
// squarings on Intel"), the one with the mask in memory on other CPUs with
// BMI2 and ADX, measured faster on AMD Zen 4 ("The squarings' carry pass on
// Zen 4"), and MULQ without them. feSquareAsm reads it itself on every call
// (so that feSquare is one inlinable call with no argument to add);
// feSquareN passes it to feSquareNAsm. Tests change it to run every path.
var squarePath = chooseSquarePath(cpu.X86.HasBMI2 && cpu.X86.HasADX, cpuvendor.Intel)

// chooseSquarePath is squarePath's rule.
func chooseSquarePath(mulx, intel bool) uint8 {
	switch {
	case !mulx:
		return pathMULQ
	case intel:
		return pathMULXSHRX
	}
	return pathMULXMem
}

// mulPath selects the multiply, with the values of squarePath: the scaled
// form (pathMULXMem), MULX, ADCX and ADOX on scaled operands, on CPUs with
// BMI2 and ADX, where it took about 0.88 of the MULQ form's time on AMD Zen
// 4 when the VM was quiet (docs/PERFORMANCE.md, "The multiply on Zen 4:
// scaled, with ADCX and ADOX") and 0.93 of feMulMULX's on an Intel Xeon
// ("The scaled multiply on Intel"); feMulMULX (pathMULXSHRX) on Intel CPUs
// with BMI2 but not ADX, the form that measured 0.92-1.02 of
// filippo.io/edwards25519's multiply against 1.05-1.15 for the MULQ form on
// an Intel Xeon before the scaled form existed ("The multiply on Intel");
// and the MULQ form (pathMULQ) otherwise. The scaled and MULQ forms are
// feMulAsm's own code. feMulAsm reads mulPath on every call, and tests
// change it to run every routine.
var mulPath = chooseMulPath(cpu.X86.HasBMI2, cpu.X86.HasADX, cpuvendor.Intel)

// chooseMulPath is mulPath's rule.
func chooseMulPath(bmi2, adx, intel bool) uint8 {
	switch {
	case bmi2 && adx:
		return pathMULXMem
	case bmi2 && intel:
		return pathMULXSHRX
	}
	return pathMULQ
}

// feMul sets out = a * b. Limbs of a and b must be below 2^54; out may alias
// a or b. feMulAsm's result is its own scratch memory.
func feMul(out, a, b *Element) { feMulAsm(&out.l, &a.l, &b.l) }

// feSquare sets out = a * a. Limbs of a must be below 3*2^51 (the MULX
// routine works on 2^7 * a_i, and 19 * 2^7 * a_i must fit a word); out may
// alias a.
func feSquare(out, a *Element) { feSquareAsm(&out.l, &a.l) }

// feSquareN sets out = a^(2^n) by n >= 1 squarings (n < 1 counts as 1),
// with the limbs of feSquareNGeneric, or on the SHRX path (Intel) of
// feSquareNLazyGeneric, whose squarings after the first skip the second
// carry step (the _asm program's "The lazy carry"): the same value, and
// limbs that may differ. The assembly keeps the limbs in registers from one
// squaring to the next. Limbs of a must be below 2^54; out may alias a.
func feSquareN(out, a *Element, n int) { feSquareNAsm(&out.l, &a.l, n, squarePath) }

// pow22523 sets out = a^(2^252 - 3). Where the squarings and the multiply
// are those of Intel CPUs with BMI2 and ADX (the SHRX squarings and the
// scaled multiply), it runs fePow22523Asm, which makes the same squarings
// and products in one routine and returns the same limbs as the chain of
// calls, pow22523Chain, that it runs otherwise (the _asm program's "The
// fused exponentiation"). The choice reads the two path variables, so
// tests that change them run the chain.
func pow22523(out, a *Element) {
	if squarePath == pathMULXSHRX && mulPath == pathMULXMem {
		fePow22523Asm(&out.l, &a.l)
		return
	}
	pow22523Chain(out, a)
}

// divstepApply updates f, g, d and e by the batch matrix t of the inversion
// as divstepApplyGeneric does (fe_invert.go), with the signed 128-bit
// products of the assembly (the _asm program's "The matrix update of the
// inversion").
func divstepApply(t *transition, f, g, d, e *signed62) {
	m := [4]int64{t.ff, t.fg, t.gf, t.gg}
	divstepApplyAsm(&m, (*[5]int64)(f), (*[5]int64)(g), (*[5]int64)(d), (*[5]int64)(e))
}
