//go:build amd64 && !purego

package edwards25519

import (
	"sync"
	"testing"

	"github.com/seed06d4b90c/edwards25519/internal/asmemu"
)

// The kernel tests of vec_ifma_amd64_test.go run on every implementation of
// the IFMA kernels this machine offers: the assembly itself where the CPU
// has AVX-512 IFMA, and always the same assembly text run by the
// interpreter of internal/asmemu. So a machine without IFMA still checks
// vec_ifma_amd64.s limb for limb against the twins, and a machine with it
// checks the interpreter against the CPU as well.

// iftKernels is one implementation of the IFMA seam's kernels, with the
// signatures of the wrappers in vec_ifma_amd64.go.
type iftKernels struct {
	name             string
	mul              func(out, a, b *ifmaLanes)
	double           func(p *ifmaLanes)
	double2          func(p, p2 *ifmaLanes)
	addAffine        func(p *ifmaLanes, a *ifmaAddend, neg uint64)
	addAffine2       func(p *ifmaLanes, a *ifmaAddend, neg uint64, p2 *ifmaLanes, a2 *ifmaAddend, neg2 uint64)
	addDigit         func(p *ifmaLanes, row *[8]ifmaAddend, masks, neg uint64)
	double4AddDigit  func(p *ifmaLanes, row *[8]ifmaAddend, masks, neg uint64)
	doubleNAddAffine func(p *ifmaLanes, n int, a *ifmaAddend, neg uint64)
	addDigitPair     func(p *ifmaLanes, pair *ifmaRowPair, masks, neg uint64, p2 *ifmaLanes, masks2, neg2 uint64)
	addCached        func(p, q *ifmaLanes)
	cached           func(q, p *ifmaLanes)
	cachedSpaced     func(q *[9][4]uint64, p *ifmaLanes)
	cachedPair       func(q *[5][2][4]uint64, p, p2 *ifmaLanes)
	addCached2       func(p, q, p2, q2 *ifmaLanes)
	cached2          func(q, p, q2, p2 *ifmaLanes)
	addPoint         func(v, p, q *Point, neg uint64)
	doublePoint      func(v, p *Point)
	multByCofactor   func(v, p *Point)
	// emulated marks the interpreter, which some tests give fewer inputs
	// in -short mode (it runs some thousand times slower than the CPU).
	emulated bool
}

var iftNative = iftKernels{
	name: "native", mul: ifmaMul, double: ifmaDouble, double2: ifmaDouble2, addAffine: ifmaAddAffine,
	addAffine2: ifmaAddAffine2, addDigit: ifmaAddDigit, double4AddDigit: ifmaDouble4AddDigit, addDigitPair: ifmaAddDigitPair,
	doubleNAddAffine: ifmaDoubleNAddAffine,
	addCached:        ifmaAddCached, cached: ifmaCached, cachedSpaced: ifmaCachedSpaced,
	cachedPair: ifmaCachedPair, addCached2: ifmaAddCached2, cached2: ifmaCached2,
	addPoint: ifmaAddPoint, doublePoint: ifmaDoublePoint, multByCofactor: ifmaMultByCofactorPoint,
}

// iftForKernels runs f as a subtest on each implementation of the kernels:
// the native one where the CPU has IFMA (it says so when it does not), and
// the interpreted one.
func iftForKernels(t *testing.T, f func(t *testing.T, k *iftKernels)) {
	t.Helper()
	if ifmaAvailable {
		t.Run(iftNative.name, func(t *testing.T) { f(t, &iftNative) })
	} else {
		t.Log("CPU without AVX2, AVX512F, AVX512VL and AVX512IFMA: the kernels run interpreted only")
	}
	t.Run("interpreted", func(t *testing.T) { f(t, iftInterpreted(t)) })
}

// shortCount returns n, or n/div for the interpreter in -short mode.
func (k *iftKernels) shortCount(n, div int) int {
	if k.emulated && testing.Short() {
		return max(n/div, 1)
	}
	return n
}

// iftEmu is vec_ifma_amd64.s loaded into the interpreter.
var iftEmu struct {
	once sync.Once
	err  error
	prog *asmemu.Program
}

// iftPtr is asmemu.BufferOf, short.
func iftPtr[T any](v *T) asmemu.Buffer { return asmemu.BufferOf(v) }

// iftInterpreted returns the kernels run by the interpreter, with failures
// reported to t; vec_ifma_amd64.s is loaded once per test binary.
func iftInterpreted(t testing.TB) *iftKernels {
	t.Helper()
	e := &iftEmu
	e.once.Do(func() { e.prog, e.err = asmemu.LoadFile("vec_ifma_amd64.s") })
	if e.err != nil {
		t.Fatalf("loading vec_ifma_amd64.s into the interpreter: %v", e.err)
	}
	// The closures report to this test.
	k := new(iftKernels)
	k.name, k.emulated = "interpreted", true
	k.mul = func(out, a, b *ifmaLanes) {
		iftEmuCall(t, "ifmaMulAsm", iftPtr(out), iftPtr(a), iftPtr(b))
	}
	k.double = func(p *ifmaLanes) { iftEmuCall(t, "ifmaDoubleAsm", iftPtr(p)) }
	k.double2 = func(p, p2 *ifmaLanes) { iftEmuCall(t, "ifmaDouble2Asm", iftPtr(p), iftPtr(p2)) }
	k.addAffine = func(p *ifmaLanes, a *ifmaAddend, neg uint64) {
		iftEmuCall(t, "ifmaAddAffineAsm", iftPtr(p), iftPtr(a), neg)
	}
	k.addAffine2 = func(p *ifmaLanes, a *ifmaAddend, neg uint64, p2 *ifmaLanes, a2 *ifmaAddend, neg2 uint64) {
		iftEmuCall(t, "ifmaAddAffine2Asm", iftPtr(p), iftPtr(a), neg, iftPtr(p2), iftPtr(a2), neg2)
	}
	k.addDigit = func(p *ifmaLanes, row *[8]ifmaAddend, masks, neg uint64) {
		iftEmuCall(t, "ifmaAddDigitAsm", iftPtr(p), iftPtr(row), masks, neg)
	}
	k.double4AddDigit = func(p *ifmaLanes, row *[8]ifmaAddend, masks, neg uint64) {
		iftEmuCall(t, "ifmaDouble4AddDigitAsm", iftPtr(p), iftPtr(row), masks, neg)
	}
	k.doubleNAddAffine = func(p *ifmaLanes, n int, a *ifmaAddend, neg uint64) {
		iftEmuCall(t, "ifmaDoubleNAddAffineAsm", iftPtr(p), uint64(n), iftPtr(a), neg)
	}
	k.addDigitPair = func(p *ifmaLanes, pair *ifmaRowPair, masks, neg uint64, p2 *ifmaLanes, masks2, neg2 uint64) {
		iftEmuCall(t, "ifmaAddDigitPairAsm", iftPtr(p), iftPtr(pair), masks, neg, iftPtr(p2), masks2, neg2)
	}
	k.addCached = func(p, q *ifmaLanes) { iftEmuCall(t, "ifmaAddCachedAsm", iftPtr(p), iftPtr(q)) }
	k.cached = func(q, p *ifmaLanes) {
		iftEmuCall(t, "ifmaCachedAsm", iftPtr(q), iftPtr(p), iftPtr(&vecCachedFactors))
	}
	k.cachedSpaced = func(q *[9][4]uint64, p *ifmaLanes) {
		iftEmuCall(t, "ifmaCachedSpacedAsm", iftPtr(q), iftPtr(p), iftPtr(&vecCachedFactors))
	}
	k.cachedPair = func(q *[5][2][4]uint64, p, p2 *ifmaLanes) {
		iftEmuCall(t, "ifmaCachedPairAsm", iftPtr(q), iftPtr(p), iftPtr(p2), iftPtr(&vecCachedFactors))
	}
	k.addCached2 = func(p, q, p2, q2 *ifmaLanes) {
		iftEmuCall(t, "ifmaAddCached2Asm", iftPtr(p), iftPtr(q), iftPtr(p2), iftPtr(q2))
	}
	k.cached2 = func(q, p, q2, p2 *ifmaLanes) {
		iftEmuCall(t, "ifmaCached2Asm", iftPtr(q), iftPtr(p), iftPtr(q2), iftPtr(p2), iftPtr(&vecCachedFactors))
	}
	k.addPoint = func(v, p, q *Point, neg uint64) {
		iftEmuCall(t, "ifmaAddPointAsm", iftPtr(pointWords(v)), iftPtr(pointWords(p)), iftPtr(pointWords(q)),
			iftPtr(&vecCachedFactors), neg)
	}
	k.doublePoint = func(v, p *Point) {
		iftEmuCall(t, "ifmaDoublePointAsm", iftPtr(pointWords(v)), iftPtr(pointWords(p)))
	}
	k.multByCofactor = func(v, p *Point) {
		iftEmuCall(t, "ifmaMultByCofactorPointAsm", iftPtr(pointWords(v)), iftPtr(pointWords(p)))
	}
	return k
}

// iftEmuCall runs the kernel name in the interpreter on Go memory
// (asmemu.Program.CallGo: guarded copies, aliasing kept).
func iftEmuCall(t testing.TB, name string, args ...any) {
	t.Helper()
	if err := iftEmu.prog.CallGo(name, args...); err != nil {
		t.Fatal(err)
	}
}
