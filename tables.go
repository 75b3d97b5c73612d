package edwards25519

import (
	"crypto/subtle"
	"sync"
	"unsafe"
)

// Lookup tables of multiples of a point, and their selection.
//
// Constant-time tables are read by scanning every entry and keeping the one
// whose index matches under a mask (no branch, no secret-dependent address);
// the sign of a signed digit is applied afterwards by a conditional
// negation. Variable-time tables are indexed directly and only ever see
// public digits.
//
// The scan works on the limbs directly (see limbs.go), five words at a
// time with the accumulators in registers. Masking whole Elements through
// field.Element.Select instead keeps the accumulator in memory, and the
// store-to-load chain through it made the scans half of ScalarBaseMult's
// time; going through canonical encodings and SetBytes avoided the chain but
// spent as much again on the conversions.

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

// pickCached and pickAffine are this package's only seam to machine code:
// tables_amd64.go may bind them to assembly, tables_noasm.go binds them to
// the portable twins below, which are compiled on every target.

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

// cachedWindow holds 1·Q, 2·Q, …, 8·Q as cached addends, for the signed
// radix-16 digits in [-8, 8] of variable-base scalar multiplication.
// Building it costs 7 additions; it is 8·160 = 1280 bytes.
type cachedWindow [8]cached

func (w *cachedWindow) init(q *Point) *cachedWindow {
	var multiple Point
	var sum completed
	w[0].fromExtended(q)
	multiple.Set(q)
	for i := 1; i < len(w); i++ {
		multiple.fromCompleted(sum.addCached(&multiple, &w[0]))
		w[i].fromExtended(&multiple)
	}
	return w
}

// selectDigit sets out = d·Q for d in [-8, 8], in constant time in d.
func (w *cachedWindow) selectDigit(out *cached, d int8) {
	abs, neg := digitAbsSign(int32(d))
	var masks [len(w)]uint64
	for i := range masks {
		masks[i] = -uint64(ctEqual(abs, uint32(i+1)))
	}
	dst := (*[4][elementWords]uint64)(unsafe.Pointer(out))
	pickCached(dst, (*[8][4][elementWords]uint64)(unsafe.Pointer(w)), &masks)
	// d = 0 picked nothing: make it the identity (1, 1, 2, 0), whose first
	// three coordinates have limbs (1, 0, 0, 0, 0) or (2, 0, 0, 0, 0).
	zero := uint64(ctEqual(abs, 0))
	dst[0][0] |= zero
	dst[1][0] |= zero
	dst[2][0] |= zero << 1
	out.condNegate(neg)
}

// affineWindow holds 1·P … combEntries·P as affine addends, one row of the
// fixed-base comb below.
type affineWindow [combEntries]affineCached

// selectDigit sets out = d·P for |d| ≤ combEntries, in constant time in d.
func (w *affineWindow) selectDigit(out *affineCached, d int32) {
	abs, neg := digitAbsSign(d)
	var masks [len(w)]uint64
	for i := range masks {
		masks[i] = -uint64(ctEqual(abs, uint32(i+1)))
	}
	dst := (*[3][elementWords]uint64)(unsafe.Pointer(out))
	pickAffine(dst, (*[combEntries][3][elementWords]uint64)(unsafe.Pointer(w)), &masks)
	// d = 0: the affine identity (1, 1, 0).
	zero := uint64(ctEqual(abs, 0))
	dst[0][0] |= zero
	dst[1][0] |= zero
	out.condNegate(neg)
}

// The fixed-base comb table for ScalarBaseMult (see scalarmult.go for the
// algorithm and its cost). Row m holds the multiples 1..combEntries of
// 2^(combWidth·combSpacing·m)·B. It is computed from the generator at first
// use, so there is no pasted data to trust: TestBaseCombTable recomputes
// every entry independently.
const (
	combWidth   = 4                                 // bits per signed digit
	combEntries = 1 << (combWidth - 1)              // |digit| ≤ 2^(w-1)
	combDigits  = (256 + combWidth - 1) / combWidth // covers 2^253 > scalar, with room for the final carry
	combSpacing = 2                                 // digits sharing one row, separated by w doublings
	combRows    = (combDigits + combSpacing - 1) / combSpacing
)

var baseComb struct {
	once sync.Once
	rows [combRows]affineWindow
}

func baseCombTable() *[combRows]affineWindow {
	baseComb.once.Do(func() {
		var rowBase, multiple Point
		var c cached
		var sum completed
		var pp projective
		rowBase.Set(generator)
		for m := range baseComb.rows {
			row := &baseComb.rows[m]
			c.fromExtended(&rowBase)
			multiple.Set(&rowBase)
			row[0].fromExtended(&multiple)
			for i := 1; i < combEntries; i++ {
				multiple.fromCompleted(sum.addCached(&multiple, &c))
				row[i].fromExtended(&multiple)
			}
			// Next row base: 2^(w·spacing) times this one.
			pp.fromExtended(&rowBase)
			for range combWidth*combSpacing - 1 {
				pp.fromCompleted(sum.double(&pp))
			}
			rowBase.fromCompleted(sum.double(&pp))
		}
	})
	return &baseComb.rows
}

// Variable-time tables of odd multiples, for the w-NAF loops.

// oddCachedMultiples holds Q, 3Q, 5Q, …, 15Q: every odd digit of a width-5
// NAF. 7 additions and one doubling to build.
type oddCachedMultiples [8]cached

func (t *oddCachedMultiples) init(q *Point) *oddCachedMultiples {
	var twoQ, multiple Point
	var twoQc cached
	var sum completed
	twoQ.Double(q)
	twoQc.fromExtended(&twoQ)
	multiple.Set(q)
	t[0].fromExtended(q)
	for i := 1; i < len(t); i++ {
		multiple.fromCompleted(sum.addCached(&multiple, &twoQc))
		t[i].fromExtended(&multiple)
	}
	return t
}

// baseOddMultiples holds B, 3B, …, 127B in affine form, the odd digits of a
// width-8 NAF of the base scalar in VarTimeDoubleScalarBaseMult. 64 entries
// of 120 bytes, computed at first use.
const baseNAFWidth = 8

var baseOdd struct {
	once sync.Once
	t    [1 << (baseNAFWidth - 2)]affineCached
}

func baseOddTable() *[1 << (baseNAFWidth - 2)]affineCached {
	baseOdd.once.Do(func() {
		var twoB, multiple Point
		var twoBc cached
		var sum completed
		twoB.Double(generator)
		twoBc.fromExtended(&twoB)
		multiple.Set(generator)
		for i := range baseOdd.t {
			if i > 0 {
				multiple.fromCompleted(sum.addCached(&multiple, &twoBc))
			}
			baseOdd.t[i].fromExtended(&multiple)
		}
	})
	return &baseOdd.t
}
