package edwards25519

import (
	"runtime"
	"unsafe"
)

// The loops of the scalar multiplications on a vector backend B, written
// once against the contract of vec.go: the same algorithms and digits as
// the serial loops (scalarmult.go has the algorithms and their costs), with
// the tables packed for B. Lanes and windows live in a vecRoom, or for many
// points in aligned heap memory, and reach B's methods through vecHide.

// vecAcc is an accumulator, and room for the point it ends as.
type vecAcc[L any] struct {
	p     L
	point Point
}

// scalarBaseMultVec is ScalarBaseMult's comb with spacing 1 over B's
// baseComb, from start: one addDigit (scan and mixed addition) per digit,
// two at a time where B pairs them, no doubling.
func scalarBaseMultVec[B vecBackend[L, A], L, A any](v, start *Point, digits *[oddDigitCount]int8) *Point {
	var b B
	return vecCombMult[B](v, b.baseComb(), start, digits)
}

// scalarMultVec is ScalarMult's odd radix-16 loop over a vecOddTerm of q.
func scalarMultVec[B vecBackend[L, A], L, A any](v *Point, rec *oddRecoding, q *Point) *Point {
	var room vecRoom[[1]vecOddTerm[A]]
	terms := room.get()
	vecInitOddTerm[B](&terms[0], q)
	return vecOddRadix16[B](v, terms[:], []*Point{q}, []oddRecoding{*rec})
}

// vecSlowRoom is the working memory of scalarMultSlowVec: the accumulator,
// and the addends q, 2q, 3q and the one a digit picks.
type vecSlowRoom[L, A any] struct {
	acc                    vecAcc[L]
	one, two, three, entry A
}

// scalarMultSlowVec is ScalarMultSlow's odd radix-4 loop (the digits and
// the parity mask odd of Scalar.oddRadix4Digits) on backend B, the steps of
// scalarMultSlowSerial: the table {q, 3q} and 2q packed as addends, built in
// the accumulator's lanes, then from q, per digit the entry picked by
// selectAddend and two doublings and the signed addition as one
// doubleNAddAffine, and -δ·q at the end. doubleNAddAffine's count is the
// constant 2, so its time depends on nothing secret.
func scalarMultSlowVec[B vecBackend[L, A], L, A any](v *Point, digits *[oddRadix4Count]int8, odd uint64, q *Point) *Point {
	var b B
	var room vecRoom[vecSlowRoom[L, A]]
	s := room.get()
	s.acc.point.Set(q)
	b.fromPoint(vecHide(&s.acc.p), vecHide(&s.acc.point))
	b.cachedPack(vecHide(&s.one), vecHide(&s.acc.p))
	b.double(vecHide(&s.acc.p))
	b.cachedPack(vecHide(&s.two), vecHide(&s.acc.p))
	b.addAffine(vecHide(&s.acc.p), vecHide(&s.one), 0)
	b.cachedPack(vecHide(&s.three), vecHide(&s.acc.p))
	b.fromPoint(vecHide(&s.acc.p), vecHide(&s.acc.point))
	for i := oddRadix4Count - 1; i >= 0; i-- {
		abs, neg := digitAbsSign(int32(digits[i]))
		b.selectAddend(vecHide(&s.entry), vecHide(&s.three), vecHide(&s.one), uint64(ctEqual(abs, 3)))
		b.doubleNAddAffine(vecHide(&s.acc.p), 2, vecHide(&s.entry), -uint64(neg))
	}
	b.selectAddend(vecHide(&s.entry), vecHide(&s.two), vecHide(&s.one), odd&1)
	b.addAffine(vecHide(&s.acc.p), vecHide(&s.entry), ^uint64(0))
	b.toPoint(vecHide(&s.acc.point), vecHide(&s.acc.p))
	return v.Set(&s.acc.point)
}

// multiScalarMultVec is MultiScalarMult's Straus loop: one vecOddTerm per
// point, on the stack for up to smallTerms points and in one aligned
// allocation otherwise, in two accumulators where vecPaired says so.
// points is not empty.
func multiScalarMultVec[B vecBackend[L, A], L, A any](v *Point, recs []oddRecoding, points []*Point) *Point {
	if vecPaired[B](pairsTerms(len(points))) {
		return multiScalarMultVecPairs[B](v, recs, points)
	}
	var room vecRoom[[smallTerms]vecOddTerm[A]]
	terms := vecSliceIn(room.get()[:], len(points))
	for k := range points {
		vecInitOddTerm[B](&terms[k], points[k])
	}
	return vecOddRadix16[B](v, terms, points, recs)
}

// multiScalarMultVecPairs is multiScalarMultVec in two accumulators
// (vecOddRadix16Pairs): a vecOddTermPair per two points, on the stack for
// up to smallTerms points, and a vecOddTerm for a last odd one. points has
// at least two.
func multiScalarMultVecPairs[B vecBackend[L, A], L, A any](v *Point, recs []oddRecoding, points []*Point) *Point {
	var room vecRoom[struct {
		pairs [smallTerms / 2]vecOddTermPair[A]
		last  vecOddTerm[A]
	}]
	s := room.get()
	pairs := vecSliceIn(s.pairs[:], len(points)/2)
	for j := range pairs {
		vecInitOddTermPair[B](&pairs[j], points[2*j], points[2*j+1])
	}
	var last *vecOddTerm[A]
	if len(points)%2 == 1 {
		last = &s.last
		vecInitOddTerm[B](last, points[len(points)-1])
	}
	return vecOddRadix16Pairs[B](v, pairs, last, points, recs)
}

// vecPaired reports whether a loop runs two accumulators on backend B: when
// B pairs its operations and the loop's rule for its number of points
// (pairsTerms, pairsNAFTerms) says so. The loop then builds its tables two
// at a time too. Its result depends only on the number of points.
func vecPaired[B vecBackend[L, A], L, A any](rule bool) bool {
	var b B
	return b.pairs() && rule
}

// vecOddRadix16Room is the working memory of vecOddRadix16: the
// accumulator and the correction addend.
type vecOddRadix16Room[L, A any] struct {
	acc  vecAcc[L]
	corr A
}

// vecOddRadix16PairsRoom is that of vecOddRadix16Pairs: two of each.
type vecOddRadix16PairsRoom[L, A any] struct {
	acc, acc2   vecAcc[L]
	corr, corr2 A
}

// pairsTerms reports whether MultiScalarMult runs two accumulators for n
// points on a backend that pairs its operations: from 4 points. With
// fewer, the second chain of doublings costs more than the paired scans
// save (docs/PERFORMANCE.md, "Two accumulators in the Straus loops").
func pairsTerms(n int) bool { return n >= 4 }

// vecOddRadix16 sets v = Σ_k x_k·Q_k for the points Q_k, terms[k] of Q_k
// and recs[k] the recoding of x_k: Σ_k u_k·Q_k by Horner's rule from
// Σ_k Q_k (the last digit of every u_k is 1), 63·4 doublings and one
// addDigit per digit and point, then -δ_k·Q_k per point. Each step's
// doublings and its first point's digit are one double4AddDigit. The loop
// of ScalarMult and MultiScalarMult; points is not empty.
func vecOddRadix16[B vecBackend[L, A], L, A any](v *Point, terms []vecOddTerm[A], points []*Point, recs []oddRecoding) *Point {
	var b B
	var room vecRoom[vecOddRadix16Room[L, A]]
	s := room.get()
	acc := &s.acc
	acc.point.Set(points[0])
	b.fromPoint(vecHide(&acc.p), vecHide(&acc.point))
	for k := 1; k < len(terms); k++ {
		b.addAffine(vecHide(&acc.p), vecHide(&terms[k].odd[0]), 0)
	}
	for i := oddDigitCount - 1; i >= 0; i-- {
		b.double4AddDigit(vecHide(&acc.p), vecHide(&terms[0].odd), int32(recs[0].digits[i]))
		for k := 1; k < len(terms); k++ {
			b.addDigit(vecHide(&acc.p), vecHide(&terms[k].odd), int32(recs[k].digits[i]))
		}
	}
	for k := range terms {
		b.selectAddend(vecHide(&s.corr), vecHide(&terms[k].two), vecHide(&terms[k].odd[0]), recs[k].odd)
		b.addAffine(vecHide(&acc.p), vecHide(&s.corr), ^uint64(0))
	}
	// The terms may be heap memory that only the hidden pointers
	// referenced last.
	runtime.KeepAlive(unsafe.SliceData(terms))
	b.toPoint(vecHide(&acc.point), vecHide(&acc.p))
	return v.Set(&acc.point)
}

// vecOddRadix16Pairs is vecOddRadix16 in two accumulators, for at least
// two points: pairs[j] the tables of points 2j and 2j+1, and last, when
// len(points) is odd, those of the last point, nil otherwise. acc holds the
// points of even k and acc2 those of odd k (the last point in acc alone).
// The two run the same steps side by side, each doubling one double2 and
// the digits of points 2j and 2j+1 one addDigitPair, and are added at the
// end. Straight-line in everything but len(points), as vecOddRadix16 is.
func vecOddRadix16Pairs[B vecBackend[L, A], L, A any](v *Point, pairs []vecOddTermPair[A], last *vecOddTerm[A], points []*Point, recs []oddRecoding) *Point {
	var b B
	var room vecRoom[vecOddRadix16PairsRoom[L, A]]
	s := room.get()
	acc, acc2 := &s.acc, &s.acc2
	n := len(points) // 2·len(pairs), plus one with last
	acc.point.Set(points[0])
	b.fromPoint(vecHide(&acc.p), vecHide(&acc.point))
	acc2.point.Set(points[1])
	b.fromPoint(vecHide(&acc2.p), vecHide(&acc2.point))
	for j := 1; j < len(pairs); j++ {
		b.addAffine2(vecHide(&acc.p), vecHide(&pairs[j].one[0]), 0, vecHide(&acc2.p), vecHide(&pairs[j].one[1]), 0)
	}
	if last != nil {
		b.addAffine(vecHide(&acc.p), vecHide(&last.odd[0]), 0)
	}
	for i := oddDigitCount - 1; i >= 0; i-- {
		b.double2(vecHide(&acc.p), vecHide(&acc2.p))
		b.double2(vecHide(&acc.p), vecHide(&acc2.p))
		b.double2(vecHide(&acc.p), vecHide(&acc2.p))
		b.double2(vecHide(&acc.p), vecHide(&acc2.p))
		for j := range pairs {
			b.addDigitPair(vecHide(&acc.p), vecHide(&pairs[j].odd), int32(recs[2*j].digits[i]),
				vecHide(&acc2.p), int32(recs[2*j+1].digits[i]))
		}
		if last != nil {
			b.addDigit(vecHide(&acc.p), vecHide(&last.odd), int32(recs[n-1].digits[i]))
		}
	}
	for j := range pairs {
		t := &pairs[j]
		b.selectAddend(vecHide(&s.corr), vecHide(&t.two[0]), vecHide(&t.one[0]), recs[2*j].odd)
		b.selectAddend(vecHide(&s.corr2), vecHide(&t.two[1]), vecHide(&t.one[1]), recs[2*j+1].odd)
		b.addAffine2(vecHide(&acc.p), vecHide(&s.corr), ^uint64(0), vecHide(&acc2.p), vecHide(&s.corr2), ^uint64(0))
	}
	if last != nil {
		b.selectAddend(vecHide(&s.corr), vecHide(&last.two), vecHide(&last.odd[0]), recs[n-1].odd)
		b.addAffine(vecHide(&acc.p), vecHide(&s.corr), ^uint64(0))
	}
	runtime.KeepAlive(unsafe.SliceData(pairs))
	// The two sums joined: acc2 in cached form, in place, added to acc.
	b.cached(vecHide(&acc2.p), vecHide(&acc2.p))
	b.addCached(vecHide(&acc.p), vecHide(&acc2.p))
	b.toPoint(vecHide(&acc.point), vecHide(&acc.p))
	return v.Set(&acc.point)
}

// varTimeDoubleScalarBaseMultVec is VarTimeDoubleScalarBaseMult's w-NAF
// loop from digit top (≥ 0) down: one doubling per digit, one addition per
// nonzero digit, over a vecOddWindow of P and B's baseOdd. The doublings
// wait for the next nonzero digit, so that each run of them and the
// addition after it are one doubleNAddAffine (vecDoubleAdd).
func varTimeDoubleScalarBaseMultVec[B vecBackend[L, A], L, A any](v *Point, aNAF *[256]int8, P *Point, bNAF *[256]int8, top int) *Point {
	var b B
	var room vecRoom[struct {
		acc   vecAcc[L]
		table vecOddWindow[A]
	}]
	s := room.get()
	acc, aTable := &s.acc, &s.table
	vecInitOddWindow[B](aTable, P)
	bTable := b.baseOdd()

	b.setIdentity(vecHide(&acc.p))
	owed := 0 // doublings not yet done, for the digits read so far
	for i := top; i >= 0; i-- {
		owed++
		if da := aNAF[i]; da != 0 {
			e, neg := vecNAFEntry(da)
			vecDoubleAdd[B](vecHide(&acc.p), owed, vecHide(&aTable[e]), neg)
			owed = 0
		}
		if db := bNAF[i]; db != 0 {
			e, neg := vecNAFEntry(db)
			vecDoubleAdd[B](vecHide(&acc.p), owed, &bTable[e], neg)
			owed = 0
		}
	}
	for range owed {
		b.double(vecHide(&acc.p))
	}
	b.toPoint(vecHide(&acc.point), vecHide(&acc.p))
	return v.Set(&acc.point)
}

// vecNAFEntry returns the entry that the nonzero w-NAF digit d names in a
// table of odd multiples, table[i] = (2i+1)·R: |d|/2, and the sign to add
// it with, all ones for d < 0. The digits are odd and below 2^7 in size.
func vecNAFEntry(d int8) (int, uint64) {
	if d < 0 {
		return int(-d / 2), ^uint64(0)
	}
	return int(d / 2), 0
}

// vecDoubleAdd doubles p owed times, then sets p = p + a, or p - a when neg
// is all ones: one doubleNAddAffine, or one addAffine when nothing is owed
// (a second nonzero digit at the same position). Variable time: owed comes
// from public digits.
func vecDoubleAdd[B vecBackend[L, A], L, A any](p *L, owed int, a *A, neg uint64) {
	var b B
	if owed > 0 {
		b.doubleNAddAffine(p, owed, a, neg)
	} else {
		b.addAffine(p, a, neg)
	}
}

// pairsNAFTerms reports whether straussNAFVec runs two accumulators for n
// points on a backend that pairs its operations: from 14. With about n/6
// additions per doubling, fewer points do not save what the second chain
// of doublings costs (docs/PERFORMANCE.md, "Two accumulators in the Straus
// loops").
func pairsNAFTerms(n int) bool { return n >= 14 }

// straussNAFVec is VarTimeMultiScalarMult's Straus loop from digit top
// (≥ 0) down: per point a vecOddWindow (on the stack for up to smallTerms
// points), then one doubling per digit and one addition per nonzero digit,
// each run of doublings fused with the addition after it as in
// varTimeDoubleScalarBaseMultVec.
//
// Where vecPaired and pairsNAFTerms say so, two accumulators run side by
// side: each doubling a double2, and at each digit the nonzero digits taken
// in pairs, the first of a pair to acc and the second to acc2, one
// addAffine2 a pair (a last one alone to acc); the two sums are added at
// the end.
func straussNAFVec[B vecBackend[L, A], L, A any](v *Point, nafs [][256]int8, points []*Point, top int) *Point {
	return straussNAFVecForm[B](v, nafs, points, top, vecPaired[B](pairsNAFTerms(len(points))))
}

// straussNAFVecForm is straussNAFVec in one accumulator, or in two when
// paired is true (BenchmarkPairedLoops times both); paired needs at least
// two points.
func straussNAFVecForm[B vecBackend[L, A], L, A any](v *Point, nafs [][256]int8, points []*Point, top int, paired bool) *Point {
	var b B
	var room vecRoom[struct {
		acc    vecAcc[L]
		tables [smallTerms]vecOddWindow[A]
		acc2   vecAcc[L] // for the pairs
	}]
	s := room.get()
	acc := &s.acc
	tables := vecSliceIn(s.tables[:], len(points))
	k := 0
	if paired {
		for ; k+1 < len(points); k += 2 {
			vecOddMultiples2[B]((*[8]A)(&tables[k]), points[k], (*[8]A)(&tables[k+1]), points[k+1])
		}
	}
	for ; k < len(points); k++ {
		vecInitOddWindow[B](&tables[k], points[k])
	}

	b.setIdentity(vecHide(&acc.p))
	if paired {
		acc2 := &s.acc2
		b.setIdentity(vecHide(&acc2.p))
		for i := top; i >= 0; i-- {
			b.double2(vecHide(&acc.p), vecHide(&acc2.p))
			var first *A // the first of a pair, waiting for the second
			var firstNeg uint64
			for k := range tables {
				d := nafs[k][i]
				if d == 0 {
					continue
				}
				e, neg := d/2, uint64(0)
				if d < 0 {
					e, neg = -d/2, ^uint64(0)
				}
				a := &tables[k][e]
				if first == nil {
					first, firstNeg = a, neg
					continue
				}
				b.addAffine2(vecHide(&acc.p), vecHide(first), firstNeg, vecHide(&acc2.p), vecHide(a), neg)
				first = nil
			}
			if first != nil {
				b.addAffine(vecHide(&acc.p), vecHide(first), firstNeg)
			}
		}
		b.cached(vecHide(&acc2.p), vecHide(&acc2.p))
		b.addCached(vecHide(&acc.p), vecHide(&acc2.p))
	} else {
		owed := 0 // doublings not yet done, for the digits read so far
		for i := top; i >= 0; i-- {
			owed++
			for k := range tables {
				if d := nafs[k][i]; d != 0 {
					e, neg := vecNAFEntry(d)
					vecDoubleAdd[B](vecHide(&acc.p), owed, vecHide(&tables[k][e]), neg)
					owed = 0
				}
			}
		}
		for range owed {
			b.double(vecHide(&acc.p))
		}
	}
	runtime.KeepAlive(unsafe.SliceData(tables))
	b.toPoint(vecHide(&acc.point), vecHide(&acc.p))
	return v.Set(&acc.point)
}
