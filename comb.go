package edwards25519

import "sync"

// ----------------------------------------------------------------------------
// Fixed-base combs, for any base point
//
// A comb of width w and spacing k for a point P is rows of odd multiples:
// row m holds 1·R_m, 3·R_m, …, (2^w - 1)·R_m with R_m = 2^(w·k·m)·P. Its
// digits come from Scalar.oddDigits, which writes u = x + δ, δ = 1 + (x
// mod 2), as 63 odd digits d_i, |d_i| < 2^w, and a last digit 1. As
// integers x = u - δ, so for every point P, torsion included,
//
//	x·P = T_δ + Σ_(i<63) d_i·2^(w·i)·P,   T_δ = 2^(w·63)·P - δ·P,
//
// and with i = k·m + j
//
//	Σ_i d_i·2^(w·i)·P = Σ_j 2^(w·j) · Σ_m d_(k·m+j)·R_m,
//
// which the loops below evaluate by Horner's rule over j (w·(k-1)
// doublings in all), with one constant-time scan of a row and one addition
// per digit. T_1 and T_2 are the comb's two starts (combStarts); a loop
// takes the one of x's parity under a mask, and adds it first (vector) or
// last (serial, whose doublings would scale it). ScalarBaseMult
// (scalarmult.go) and ScalarMultTable (pointtable.go) are these loops, and
// this file holds the one builder per kind of backend that makes their
// tables, for B and for any point alike.
//
// No digit is zero, so the loops never add the identity. That matters on
// the vector backends: their kernels time zero limbs differently (see
// "Zero limbs" in vec_avx2.go), and the identity in reduced form has zero
// limbs or, written without, limbs that are nearly all 2^51 - 1; an addend
// that cannot look like the others (docs/SECURITY.md, "The combs' identity
// lookups"). The serial loop starts from the identity, the same point for
// every x, and leaves it at its first addition.
//
// The serial backend uses w = 4, k = 2 (32 rows, 4 doublings per
// multiplication) and affine addends (y+x, y-x, 2d·x·y), 120 bytes, whose
// addition costs 7M rather than a cached addend's 8M. The vector backends
// use k = 1 and packed addends of 160 bytes, which are either affine
// (fourth lane 2) or cached, 121666·(Y-X, Y+X, 2d·T, 2Z) (vec.go, "The
// cached form"): the vector additions read
// the fourth lane as a factor, so both cost the same 2V (scalarmult.go has
// the units). With k = 1 the last digit has no row of its own: its term is
// in the start, so the vector comb has 63 rows. The IFMA backend keeps
// rows 2j+1 and 2j+2 interleaved (ifmaRowPair), so that its paired loop
// reads limb k of an entry of both rows as one 64-byte operand; the
// builder writes every entry through the backend (combPack and the
// others), in whatever layout it keeps.
//
// Cost of a table, serial (buildComb, 32 rows): per row one doubling to
// 2·R_m and its cached form (1M), 7 additions of it (8M each), and 7 more
// doublings from 2·R_m to R_(m+1) (3 for the last row's 2^252·P), with one
// batch inversion and 7M per entry to make the 256 addends affine
// (batchAffine): about 4400M + 1250S, 2.5 of ScalarMult's serial loop.
//
// Cost of a table, vector (vecBuildComb, 63 rows): per row the cached forms
// of R_m and 2·R_m and the doubling between them (4V), 7 additions and 7
// cached forms (21V), and 15·R_m + R_m = R_(m+1) (2V): 1701V, 2.6 of
// ScalarMult's 657V, and no inversion: the cached addends that a table of q
// stores. Making them affine costs one inversion and 7M per entry more
// (batchAffine over 504 entries, 3528M, more than the rest of the build);
// only the base point's comb, built once per process, pays it, so that its
// entries are the affine points the kernels' tests read.
// ----------------------------------------------------------------------------

const (
	combWidth   = 4                                 // bits per signed digit
	combEntries = 1 << (combWidth - 1)              // odd multiples 1, 3, …, 2^w - 1
	combDigits  = (256 + combWidth - 1) / combWidth // digits of u < 2^253, the last one 1
	combLookups = oddDigitCount                     // digits read from the table; the last, 1, is in the start
	combSpacing = 2                                 // serial comb: digits sharing one row, w doublings apart
	combRows    = (combDigits + combSpacing - 1) / combSpacing
	vecCombRows = combLookups // vector comb: spacing 1, one row per digit read
)

// combTopShift is the weight of the comb's last digit: 2^combTopShift·P
// is the point the starts T_δ are made from.
const combTopShift = combWidth * (combDigits - 1)

// buildComb sets rows[m][i] to (2i+1)·2^(combWidth·spacing·m)·p in affine
// form, for every row m and entry i < combEntries, with one field inversion
// for the whole table (batchAffine), and returns the comb's top,
// 2^(combWidth·(n-1))·p for n = spacing·len(rows) digits: the weight of the
// last digit, 2^252·p for the serial comb (see the section comment).
// Constant time in p: every step is a formula of point.go or the field's
// constant-time inversion, on a schedule fixed by the shape.
func buildComb(rows []affineWindow, p *Point, spacing int) (top Point) {
	n := len(rows) * combEntries
	multiples := make([]Point, n)
	ptrs := make([]*Point, n)
	var rowBase, twice Point
	var step cached
	var sum completed
	var pp projective
	rowBase.Set(p)
	for m := range rows {
		row := multiples[m*combEntries : (m+1)*combEntries]
		twice.Set(&rowBase)
		twice.doubleN(1, &pp, &sum)
		step.fromExtended(&twice)
		row[0].Set(&rowBase)
		for i := 1; i < combEntries; i++ {
			row[i].fromCompleted(sum.addCached(&row[i-1], &step)) // (2i+1)·R_m
		}
		// The next row's base, 2^(combWidth·spacing)·R_m, or after the
		// last row the top, 2^(combWidth·(spacing-1))·R_m; both from 2·R_m
		// when they are above R_m. spacing and m are public.
		switch {
		case m < len(rows)-1:
			rowBase = twice
			rowBase.doubleN(combWidth*spacing-1, &pp, &sum)
		case spacing > 1:
			rowBase = twice
			if combWidth*(spacing-1) > 1 {
				rowBase.doubleN(combWidth*(spacing-1)-1, &pp, &sum)
			}
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

// combStarts returns the two starts of p's comb, T_1 = top - p and T_2 =
// top - 2·p, from its top, 2^combTopShift·p (see the section comment).
func combStarts(top, p *Point) (starts [2]Point) {
	starts[0].Subtract(top, p)
	starts[1].Subtract(&starts[0], p)
	return starts
}

// combStart sets v to the start for a scalar of parity mask odd (all ones
// for an odd scalar, which takes T_2), in constant time in odd, and
// returns v.
func (v *Point) combStart(starts *[2]Point, odd uint64) *Point {
	return v.Select(&starts[1], &starts[0], int(odd&1))
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

// baseStarts holds the starts of B's combs, which every backend shares,
// computed at first use from 2^252·B by doublings.
var baseStarts struct {
	once sync.Once
	p    [2]Point
}

func baseCombStarts() *[2]Point {
	baseStarts.once.Do(func() {
		var top Point
		var pp projective
		var sum completed
		top.Set(generator)
		top.doubleN(combTopShift, &pp, &sum)
		baseStarts.p = combStarts(&top, generator)
	})
	return &baseStarts.p
}

// combMultSerial sets v = start + Σ_(i<combLookups) d_i·2^(combWidth·i)·P
// by the comb loop over rows, the comb of P with spacing combSpacing, where
// digits are the entries of Scalar.oddDigits (d_i = ±(2|e|-1) for the
// entry e), and start is the T_δ of the same scalar. The loop starts from
// the identity, the same point for every scalar, and adds start after the
// last doublings.
func (v *Point) combMultSerial(rows *[combRows]affineWindow, start *Point, digits *[oddDigitCount]int8) *Point {
	var acc Point
	var sum completed
	var pp projective
	var addend affineCached
	var c cached
	acc.setIdentity()
	for j := combSpacing - 1; j >= 0; j-- {
		if j != combSpacing-1 {
			acc.doubleN(combWidth, &pp, &sum) // j and the bounds are public
		}
		for m := len(rows) - 1; m >= 0; m-- {
			i := m*combSpacing + j
			if i >= combLookups {
				continue // the last digit, whose term is in start
			}
			rows[m].selectDigit(&addend, int32(digits[i]))
			acc.fromCompleted(sum.addAffine(&acc, &addend))
		}
	}
	c.fromExtended(start)
	return v.fromCompleted(sum.addCached(&acc, &c))
}

// vecCombRoom is the working memory of vecBuildComb: the multiple being
// formed, the cached forms of the row's point R_m and of the step 2·R_m,
// and a point to copy through.
type vecCombRoom[L any] struct {
	p, first, step L
	point          Point
}

// vecBuildComb sets rows to the comb of p with spacing 1 for backend B, row
// m holding 1, 3, …, 2·combEntries-1 times 2^(combWidth·m)·p, computed in
// B's own arithmetic, and returns the comb's top, 2^252·p. The entries are
// packed cached addends, or with affine set packed affine ones, at the cost
// of one batch inversion (see the section comment), written in B's layout
// of a comb (combPack and the others: on IFMA, rows 2j+1 and 2j+2
// interleaved for the paired loop). rows is heap memory. Constant time in
// p; affine is public.
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
		// s.p is R_m: the row's first entry, and the step is 2·R_m.
		b.cached(vecHide(&s.first), vecHide(&s.p))
		s.step = s.p
		b.double(vecHide(&s.step))
		b.cached(vecHide(&s.step), vecHide(&s.step))
		for i := range combEntries {
			if i > 0 {
				b.addCached(vecHide(&s.p), vecHide(&s.step)) // (2i+1)·R_m
			}
			switch {
			case affine:
				b.toPoint(vecHide(&s.point), vecHide(&s.p))
				multiples[m*combEntries+i].Set(&s.point)
			case i == 0:
				b.combPack(rows, m, 0, vecHide(&s.first))
			default:
				b.combCachedPack(rows, m, i, vecHide(&s.p))
			}
		}
		// 15·R_m + R_m = 16·R_m = R_(m+1), and after the last row the top.
		b.addCached(vecHide(&s.p), vecHide(&s.first))
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
			b.combPackAffine(rows, k/combEntries, k%combEntries, &flat[k])
		}
	}
	return top
}

// vecPackedComb returns the base point's comb with spacing 1 packed for
// backend B, in new 64-byte aligned memory: vecCombRows rows of combEntries
// affine entries (vecBuildComb).
func vecPackedComb[B vecBackend[L, A], L, A any]() *[vecCombRows][combEntries]A {
	t := vecAligned[[vecCombRows][combEntries]A]()
	vecBuildComb[B](t, generator, true)
	return t
}

// vecCombMult sets v = start + Σ_(i<combLookups) d_i·2^(combWidth·i)·P by
// the comb loop with spacing 1 over rows, the comb of P packed for B (heap
// memory), where digits are the entries of Scalar.oddDigits and start
// is the T_δ of the same scalar: one addDigit (scan and addition) per
// digit from the top, no doubling.
//
// Where B pairs its operations (IFMA), the sum runs in two accumulators:
// the rows of even i go to one, from start, and those of odd i to the
// other, from the base point B, a public constant like its negation. Each
// step is one addDigitPair, which reads rows i-1 and i in B's layout of a
// comb (on IFMA limb k of an entry of both rows is one 64-byte block, a
// ZMM operand for the wide scan), and the two are joined at the end, with B
// subtracted: 31 wide steps, one addDigit, two cached forms and two cached
// additions, in place of 63 addDigits. For the base point's comb (P = B)
// the second accumulator is never the identity: it is (1 + Σ_(odd i ≥ j)
// d_i·16^i)·B, and that integer is 1 mod 16 and below l in size. For
// another P, it reaches the identity only if a partial sum equals -B,
// which ties the scalar to P's discrete logarithm, as a partial sum from
// start can be tied in the one-accumulator loop.
func vecCombMult[B vecBackend[L, A], L, A any](v *Point, rows *[vecCombRows][combEntries]A, start *Point, digits *[oddDigitCount]int8) *Point {
	var b B
	if b.pairs() {
		return vecCombMult2[B](v, rows, start, digits)
	}
	var room vecRoom[vecAcc[L]]
	acc := room.get()
	acc.point.Set(start)
	b.fromPoint(vecHide(&acc.p), vecHide(&acc.point))
	for i := len(digits) - 1; i >= 0; i-- {
		b.addDigit(vecHide(&acc.p), &rows[i], int32(digits[i]))
	}
	b.toPoint(vecHide(&acc.point), vecHide(&acc.p))
	return v.Set(&acc.point)
}

// The paired comb loop and the IFMA layout of a comb take the rows above
// row 0 two by two: their number is odd.
const _ = -uint(1 - vecCombRows%2)

// vecComb2Room is room for the comb's two accumulators, the cached form
// that joins them, and the point the sum ends as.
type vecComb2Room[L any] struct {
	p, p2, c L
	point    Point
}

// vecCombMult2 is vecCombMult with two accumulators (see there).
func vecCombMult2[B vecBackend[L, A], L, A any](v *Point, rows *[vecCombRows][combEntries]A, start *Point, digits *[oddDigitCount]int8) *Point {
	var b B
	var room vecRoom[vecComb2Room[L]]
	acc := room.get()
	acc.point.Set(start)
	b.fromPoint(vecHide(&acc.p), vecHide(&acc.point))
	acc.point.Set(generator)
	b.fromPoint(vecHide(&acc.p2), vecHide(&acc.point))
	// The pairs are rows 2j+1 and 2j+2 from the top, and row 0 is alone:
	// the backends' layout of a comb, for an odd number of rows.
	for i := len(digits) - 1; i > 0; i -= 2 {
		pair := (*[2][combEntries]A)(rows[i-1 : i+1])
		b.addDigitPair(vecHide(&acc.p2), pair, int32(digits[i-1]), vecHide(&acc.p), int32(digits[i]))
	}
	b.addDigit(vecHide(&acc.p), &rows[0], int32(digits[0]))
	b.cached(vecHide(&acc.c), vecHide(&acc.p2))
	b.addCached(vecHide(&acc.p), vecHide(&acc.c))
	acc.point.Negate(generator)
	b.fromPoint(vecHide(&acc.c), vecHide(&acc.point))
	b.cached(vecHide(&acc.c), vecHide(&acc.c))
	b.addCached(vecHide(&acc.p), vecHide(&acc.c))
	b.toPoint(vecHide(&acc.point), vecHide(&acc.p))
	return v.Set(&acc.point)
}
