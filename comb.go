package edwards25519

import "sync"

// ----------------------------------------------------------------------------
// Fixed-base combs, for any base point
//
// A comb of width w and spacing k for a point P is rows of multiples: row
// m holds 1·R_m, …, 2^(w-1)·R_m with R_m = 2^(w·k·m)·P, for the signed
// digits |d| ≤ 2^(w-1) of the scalar. With n = k·(number of rows) digits
// d_i and i = k·m + j,
//
//	Σ_i d_i·2^(w·i)·P = Σ_j 2^(w·j) · Σ_m d_(k·m+j)·R_m,
//
// which the loops below evaluate by Horner's rule over j (w·(k-1)
// doublings in all), with one constant-time scan of a row and one addition
// per digit, starting from a point S that the loop's doublings scale by
// 2^(w·(k-1)). ScalarBaseMult (scalarmult.go) and ScalarMultTable
// (pointtable.go) are these loops, and this file holds the one builder per
// kind of backend that makes their tables, for B and for any point alike.
//
// The loops never run the accumulator through the identity on a run of
// zero digits: the vector kernels time zero limbs differently (see "Zero
// limbs" in vec_avx2.go), and the identity's usual form is mostly zero
// limbs. For B, of prime order l, the digits are those of x + l, whose top
// digit is never zero (signedWindowDigitsPlusL), and the loop starts from
// the identity, which its first addition leaves. A point q of a PointTable
// may have a torsion component, so that (x + l)·q ≠ x·q; its digits are
// those of x + 8·l (signedRadix16Padded: 8·l·q is the identity for every
// point): the comb's 64 digits, in [-8, 8), and a 65th above them, always
// 1. Its term 2^256·q is where the loop starts: S = 2^(w·(n-k+1))·q, so
// that the loop's doublings make it 2^(w·n)·q, which is w doublings past the
// last row's R_m and which the builders return as the comb's "top".
//
// The serial backend uses w = 4, k = 2 (32 rows, 4 doublings per
// multiplication) and affine addends (y+x, y-x, 2d·x·y), 120 bytes, whose
// addition costs 7M rather than a cached addend's 8M. The vector backends
// use k = 1 (64 rows, no doublings) and packed addends of 160 bytes, which
// are either affine (fourth lane 2) or cached (Y-X, Y+X, 2d·T, 2Z): the
// vector additions read the fourth lane as a factor, so both cost the same
// 2V (scalarmult.go has the units).
//
// Cost of a table, serial (buildComb, 32 rows): per row one cached form
// (1M), 7 additions of it (8M each) and 8 doublings (4 for the last row),
// with one batch inversion and 7M per entry to make the 256 addends affine
// (batchAffine): about 4400M + 1250S, 2.5 of ScalarMult's serial loop.
//
// Cost of a table, vector (vecBuildComb, 64 rows): per row 8 cached forms
// (8V), 7 additions (14V) and one doubling from 8·R_m to R_(m+1) (2V):
// 1536V, 2.3 of ScalarMult's 664V, and no inversion: the cached addends
// that a table of q stores. Making them affine costs one inversion and 7M
// per entry more (batchAffine over 512 entries, 3584M, more than the rest
// of the build); only the base point's comb, built once per process, pays
// it, so that its entries are the affine points the kernels' tests read.
// ----------------------------------------------------------------------------

const (
	combWidth   = 4                                 // bits per signed digit
	combEntries = 1 << (combWidth - 1)              // |digit| ≤ 2^(w-1)
	combDigits  = (256 + combWidth - 1) / combWidth // covers 2^253 > scalar, with room for the final carry
	combSpacing = 2                                 // serial comb: digits sharing one row, w doublings apart
	combRows    = (combDigits + combSpacing - 1) / combSpacing
	vecCombRows = combDigits // vector comb: spacing 1, one row per digit
)

// buildComb sets rows[m][i] to (i+1)·2^(combWidth·spacing·m)·p in affine
// form, for every row m and entry i < combEntries, with one field inversion
// for the whole table (batchAffine), and returns the comb's top,
// 2^(combWidth·(n-spacing+1))·p for n = spacing·len(rows): the start of the
// serial loop whose digits have a 1 just above the comb's n (see the section
// comment). Constant time in p: every step is a formula of point.go or the
// field's constant-time inversion, on a schedule fixed by the shape.
func buildComb(rows []affineWindow, p *Point, spacing int) (top Point) {
	n := len(rows) * combEntries
	multiples := make([]Point, n)
	ptrs := make([]*Point, n)
	var rowBase Point
	var c cached
	var sum completed
	var pp projective
	rowBase.Set(p)
	for m := range rows {
		row := multiples[m*combEntries : (m+1)*combEntries]
		c.fromExtended(&rowBase)
		row[0].Set(&rowBase)
		for i := 1; i < combEntries; i++ {
			row[i].fromCompleted(sum.addCached(&row[i-1], &c))
		}
		if m < len(rows)-1 {
			rowBase.doubleN(combWidth*spacing, &pp, &sum) // the next row's base
		} else {
			rowBase.doubleN(combWidth, &pp, &sum) // the top
		}
	}
	for k := range multiples {
		ptrs[k] = &multiples[k]
	}
	flat := make([]affineCached, n)
	batchAffine(ptrs, flat, func(a *affineCached) (*affineCached, *Point) { return a, nil })
	for k := range flat {
		rows[k/combEntries][k%combEntries] = flat[k]
	}
	return rowBase
}

// baseComb is the serial comb of the base point, spacing 2: 32 rows of 8
// entries of 120 bytes, 30 KiB, built at first use (TestBaseCombTable
// recomputes every entry independently).
var baseComb struct {
	once sync.Once
	rows [combRows]affineWindow
}

func baseCombTable() *[combRows]affineWindow {
	baseComb.once.Do(func() { buildComb(baseComb.rows[:], generator, combSpacing) })
	return &baseComb.rows
}

// combMultSerial sets v = 2^(combWidth·(combSpacing-1))·S +
// Σ_i digits[i]·2^(combWidth·i)·P by the comb loop over rows, the comb of P
// with spacing combSpacing, where S is start, or the identity when start is
// nil (the loop's doublings scale S). digits has at most combDigits entries
// in [-8, 8]; with start nil its top digit must be nonzero (see the section
// comment). Whether start is nil and len(digits) are public.
func (v *Point) combMultSerial(rows *[combRows]affineWindow, start *Point, digits []int32) *Point {
	var acc Point
	var sum completed
	var pp projective
	var addend affineCached
	if start == nil {
		acc.setIdentity()
	} else {
		acc.Set(start)
	}
	for j := combSpacing - 1; j >= 0; j-- {
		if j != combSpacing-1 {
			acc.doubleN(combWidth, &pp, &sum) // j and the bounds are public
		}
		for m := len(rows) - 1; m >= 0; m-- {
			i := m*combSpacing + j
			if i >= len(digits) {
				continue
			}
			rows[m].selectDigit(&addend, digits[i])
			acc.fromCompleted(sum.addAffine(&acc, &addend))
		}
	}
	return v.Set(&acc)
}

// vecCombRoom is the working memory of vecBuildComb: the multiple being
// formed, the row's step R_m as a cached addend, one cached form, and a
// point to copy through.
type vecCombRoom[L any] struct {
	p, step, c L
	point      Point
}

// vecBuildComb sets rows to the comb of p with spacing 1 for backend B, row
// m holding 1..combEntries times 2^(combWidth·m)·p, computed in B's own
// arithmetic, and returns the comb's top, 2^256·p. The entries are packed
// cached addends, or with affine set packed affine ones, at the cost of one
// batch inversion (see the section comment). rows is heap memory. Constant
// time in p; affine is public.
func vecBuildComb[B vecBackend[L, A], L, A any](rows *[vecCombRows][combEntries]A, p *Point, affine bool) (top Point) {
	var b B
	var room vecRoom[vecCombRoom[L]]
	s := room.get()
	var multiples []Point // with affine: every entry, to be made affine at the end
	if affine {
		multiples = make([]Point, vecCombRows*combEntries)
	}
	s.point.Set(p)
	b.fromPoint(vecHide(&s.p), vecHide(&s.point))
	for m := range rows {
		// s.p is R_m, and the step its cached form, the row's first entry.
		b.cached(vecHide(&s.step), vecHide(&s.p))
		for i := range combEntries {
			if i > 0 {
				b.addCached(vecHide(&s.p), vecHide(&s.step)) // (i+1)·R_m
			}
			switch {
			case affine:
				b.toPoint(vecHide(&s.point), vecHide(&s.p))
				multiples[m*combEntries+i].Set(&s.point)
			case i == 0:
				b.pack(&rows[m][0], vecHide(&s.step))
			default:
				b.cached(vecHide(&s.c), vecHide(&s.p))
				b.pack(&rows[m][i], vecHide(&s.c))
			}
		}
		b.double(vecHide(&s.p)) // 2·combEntries·R_m = R_(m+1), and after the last row the top
	}
	b.toPoint(vecHide(&s.point), vecHide(&s.p))
	top.Set(&s.point)
	if affine {
		ptrs := make([]*Point, len(multiples))
		for k := range multiples {
			ptrs[k] = &multiples[k]
		}
		flat := make([]affineCached, len(multiples))
		batchAffine(ptrs, flat, func(a *affineCached) (*affineCached, *Point) { return a, nil })
		for k := range flat {
			b.packAffine(&rows[k/combEntries][k%combEntries], &flat[k])
		}
	}
	return top
}

// vecPackedComb returns the base point's comb with spacing 1 packed for
// backend B, in new 32-byte aligned memory: vecCombRows rows of combEntries
// affine entries (vecBuildComb).
func vecPackedComb[B vecBackend[L, A], L, A any]() *[vecCombRows][combEntries]A {
	t := vecAligned[[vecCombRows][combEntries]A]()
	vecBuildComb[B](t, generator, true)
	return t
}

// vecCombMult sets v = S + Σ_i digits[i]·2^(combWidth·i)·P by the comb loop
// with spacing 1 over rows, the comb of P packed for B (heap memory), where
// S is start, or the identity when start is nil: one addDigit (scan and
// addition) per digit from the top, no doubling. digits has at most
// vecCombRows entries in [-8, 8]; with start nil its top digit must be
// nonzero (see the section comment). Whether start is nil and len(digits)
// are public.
func vecCombMult[B vecBackend[L, A], L, A any](v *Point, rows *[vecCombRows][combEntries]A, start *Point, digits []int32) *Point {
	var b B
	var room vecRoom[vecAcc[L]]
	acc := room.get()
	if start == nil {
		b.setIdentity(vecHide(&acc.p))
	} else {
		acc.point.Set(start)
		b.fromPoint(vecHide(&acc.p), vecHide(&acc.point))
	}
	for i := len(digits) - 1; i >= 0; i-- {
		b.addDigit(vecHide(&acc.p), &rows[i], digits[i])
	}
	b.toPoint(vecHide(&acc.point), vecHide(&acc.p))
	return v.Set(&acc.point)
}
