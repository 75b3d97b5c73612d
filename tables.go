package edwards25519

import (
	"crypto/subtle"
	"sync"
	"unsafe"
)

// Lookup tables of multiples of a point, and their selection, for the
// serial backend (the vector backends' windows and tables are in vec.go;
// the fixed-base combs in comb.go).
//
// Constant-time tables are read by scanning every entry and keeping the one
// whose index matches under a mask (no branch, no secret-dependent address);
// the sign of a signed digit is applied afterwards by a conditional
// negation. Variable-time tables are indexed directly and only ever see
// public digits.
//
// The scan works on the limbs directly (see limbs.go), five words at a
// time with the accumulators in registers, rather than masking whole
// Elements through field.Element.Select, which keeps the accumulator in
// memory (docs/PERFORMANCE.md has the measurements).

// digitAbsSign splits a signed digit into |d| and its sign bit (1 when
// d < 0), without branching.
func digitAbsSign(d int32) (abs uint32, neg int) {
	m := d >> 31 // 0 or -1
	return uint32((d ^ m) - m), int(m & 1)
}

// ctEqual returns 1 if a == b and 0 otherwise, in constant time.
func ctEqual(a, b uint32) int {
	return subtle.ConstantTimeEq(int32(a), int32(b))
}

// pickCached and pickAffine are the scans' seam to machine code, separate
// from the backend switch of backend.go: tables_amd64.go binds them to
// SSE2 assembly, tables_noasm.go to the portable twins below, which are
// compiled on every target.

// pickCachedGeneric sets dst to the entry of table whose mask is all ones
// (to zero when none is), reading every entry. The constant array shapes let
// the compiler drop every bounds check from the inner loop.
func pickCachedGeneric(dst *[4][elementWords]uint64, table *[8][4][elementWords]uint64, masks *[8]uint64) {
	for c := range dst {
		var a0, a1, a2, a3, a4 uint64
		for i := range table {
			m, e := masks[i], &table[i][c]
			a0 |= e[0] & m
			a1 |= e[1] & m
			a2 |= e[2] & m
			a3 |= e[3] & m
			a4 |= e[4] & m
		}
		dst[c] = [elementWords]uint64{a0, a1, a2, a3, a4}
	}
}

// pickAffineGeneric is pickCachedGeneric for the three coordinates of
// affine addends.
func pickAffineGeneric(dst *[3][elementWords]uint64, table *[combEntries][3][elementWords]uint64, masks *[combEntries]uint64) {
	for c := range dst {
		var a0, a1, a2, a3, a4 uint64
		for i := range table {
			m, e := masks[i], &table[i][c]
			a0 |= e[0] & m
			a1 |= e[1] & m
			a2 |= e[2] & m
			a3 |= e[3] & m
			a4 |= e[4] & m
		}
		dst[c] = [elementWords]uint64{a0, a1, a2, a3, a4}
	}
}

// oddWindow holds Q, 3·Q, …, 15·Q and 2·Q as cached addends, for the odd
// radix-16 digits of the constant-time variable-base loops
// (Scalar.oddDigits): the odd multiples for the digits, and 2·Q for the
// correction -δ·Q. Building it costs one doubling and 7 additions; it is
// 9·160 = 1440 bytes.
type oddWindow struct {
	odd oddCachedMultiples
	two cached
}

func (w *oddWindow) init(q *Point) *oddWindow {
	w.odd.initTwo(q, &w.two)
	return w
}

// selectEntry sets out to the entry w.odd[|e|-1], negated when e < 0, for an
// entry number 1 ≤ |e| ≤ 8 of Scalar.oddDigits, in constant time in e.
// Those digits are never 0, which has no entry here (out would be all zero,
// not a point).
func (w *oddWindow) selectEntry(out *cached, e int8) {
	abs, neg := digitAbsSign(int32(e))
	var masks [len(w.odd)]uint64
	for i := range masks {
		masks[i] = -uint64(ctEqual(abs, uint32(i+1)))
	}
	dst := (*[4][elementWords]uint64)(unsafe.Pointer(out))
	pickCached(dst, (*[8][4][elementWords]uint64)(unsafe.Pointer(&w.odd)), &masks)
	out.condNegate(neg)
}

// correction sets out to δ·Q, 2·Q when odd is all ones and Q when it is 0,
// in constant time in odd.
func (w *oddWindow) correction(out *cached, odd uint64) {
	out.selectFrom(&w.two, &w.odd[0], int(odd&1))
}

// affineWindow holds P, 3·P, …, 15·P as affine addends: one row of a
// fixed-base comb (comb.go).
type affineWindow [combEntries]affineCached

// selectDigit sets out to the entry w[|d|-1], negated when d < 0, for an
// entry number 1 ≤ |d| ≤ combEntries of Scalar.oddDigits, in constant
// time in d. The comb's digits are never 0, which has no entry here (out
// would be all zero, not a point).
func (w *affineWindow) selectDigit(out *affineCached, d int32) {
	abs, neg := digitAbsSign(d)
	var masks [len(w)]uint64
	for i := range masks {
		masks[i] = -uint64(ctEqual(abs, uint32(i+1)))
	}
	dst := (*[3][elementWords]uint64)(unsafe.Pointer(out))
	pickAffine(dst, (*[combEntries][3][elementWords]uint64)(unsafe.Pointer(w)), &masks)
	out.condNegate(neg)
}

// Tables of odd multiples: indexed directly by the w-NAF loops (public
// digits), and scanned inside an oddWindow.

// oddCachedMultiples holds Q, 3Q, 5Q, …, 15Q: every odd digit of a width-5
// NAF. 7 additions and one doubling to build.
type oddCachedMultiples [8]cached

func (t *oddCachedMultiples) init(q *Point) *oddCachedMultiples {
	var twoQc cached
	return t.initTwo(q, &twoQc)
}

// initTwo is init, and sets twoQc to the cached 2·Q it steps by.
func (t *oddCachedMultiples) initTwo(q *Point, twoQc *cached) *oddCachedMultiples {
	var twoQ, multiple Point
	var sum completed
	twoQ.Double(q)
	twoQc.fromExtended(&twoQ)
	multiple.Set(q)
	t[0].fromExtended(q)
	for i := 1; i < len(t); i++ {
		multiple.fromCompleted(sum.addCached(&multiple, twoQc))
		t[i].fromExtended(&multiple)
	}
	return t
}

// baseNAFWidth is the NAF width of the base scalar in
// VarTimeDoubleScalarBaseMult, and baseOddEntries the number of odd
// multiples B, 3B, …, 127B its digits need.
const (
	baseNAFWidth   = 8
	baseOddEntries = 1 << (baseNAFWidth - 2)
)

// baseOdd holds B, 3B, …, 127B in affine form: 64 entries of 120 bytes,
// computed at first use with one shared inversion (batchAffine).
var baseOdd struct {
	once sync.Once
	t    [baseOddEntries]affineCached
}

func baseOddTable() *[baseOddEntries]affineCached {
	baseOdd.once.Do(func() {
		var multiples [baseOddEntries]Point
		var ptrs [baseOddEntries]*Point
		var twoBc cached
		var twoB Point
		var sum completed
		twoBc.fromExtended(twoB.Double(generator))
		multiples[0].Set(generator)
		for i := range multiples {
			if i > 0 {
				multiples[i].fromCompleted(sum.addCached(&multiples[i-1], &twoBc))
			}
			ptrs[i] = &multiples[i]
		}
		batchAffine(ptrs[:], baseOdd.t[:], func(a *affineCached) (*affineCached, *Point) { return a, nil })
	})
	return &baseOdd.t
}
