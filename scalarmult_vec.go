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

// multiScalarMultVec is MultiScalarMult's Straus loop: one vecOddTerm per
// point, on the stack for up to smallTerms points and in one aligned
// allocation otherwise. points is not empty.
func multiScalarMultVec[B vecBackend[L, A], L, A any](v *Point, recs []oddRecoding, points []*Point) *Point {
	var room vecRoom[[smallTerms]vecOddTerm[A]]
	var terms []vecOddTerm[A]
	if len(points) <= smallTerms {
		terms = room.get()[:len(points)]
	} else {
		terms = vecAlignedSlice[vecOddTerm[A]](len(points))
	}
	for k := range points {
		vecInitOddTerm[B](&terms[k], points[k])
	}
	return vecOddRadix16[B](v, terms, points, recs)
}

// vecOddRadix16Room is the working memory of vecOddRadix16: the
// accumulator and the correction addend.
type vecOddRadix16Room[L, A any] struct {
	acc  vecAcc[L]
	corr A
}

// vecOddRadix16 sets v = Σ_k x_k·Q_k for the points Q_k, terms[k] of Q_k
// and recs[k] the recoding of x_k: Σ_k u_k·Q_k by Horner's rule from
// Σ_k Q_k (the last digit of every u_k is 1), 63·4 doublings and one
// addDigit per digit and point, then -δ_k·Q_k per point. The loop of
// ScalarMult and MultiScalarMult; points is not empty.
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
		b.double(vecHide(&acc.p))
		b.double(vecHide(&acc.p))
		b.double(vecHide(&acc.p))
		b.double(vecHide(&acc.p))
		for k := range terms {
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

// varTimeDoubleScalarBaseMultVec is VarTimeDoubleScalarBaseMult's w-NAF
// loop from digit top (≥ 0) down: one doubling per digit, one addAffine per
// nonzero digit, over a vecOddWindow of P and B's baseOdd.
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
	for i := top; i >= 0; i-- {
		b.double(vecHide(&acc.p))
		if da := aNAF[i]; da > 0 {
			b.addAffine(vecHide(&acc.p), vecHide(&aTable[da/2]), 0)
		} else if da < 0 {
			b.addAffine(vecHide(&acc.p), vecHide(&aTable[-da/2]), ^uint64(0))
		}
		if db := bNAF[i]; db > 0 {
			b.addAffine(vecHide(&acc.p), &bTable[db/2], 0)
		} else if db < 0 {
			b.addAffine(vecHide(&acc.p), &bTable[-db/2], ^uint64(0))
		}
	}
	b.toPoint(vecHide(&acc.point), vecHide(&acc.p))
	return v.Set(&acc.point)
}

// straussNAFVec is VarTimeMultiScalarMult's Straus loop from digit top
// (≥ 0) down: per point a vecOddWindow (on the stack for up to smallTerms
// points), then one doubling per digit and one addAffine per nonzero digit.
func straussNAFVec[B vecBackend[L, A], L, A any](v *Point, nafs [][256]int8, points []*Point, top int) *Point {
	var b B
	var room vecRoom[struct {
		acc    vecAcc[L]
		tables [smallTerms]vecOddWindow[A]
	}]
	s := room.get()
	acc := &s.acc
	var tables []vecOddWindow[A]
	if len(points) <= smallTerms {
		tables = s.tables[:len(points)]
	} else {
		tables = vecAlignedSlice[vecOddWindow[A]](len(points))
	}
	for k := range points {
		vecInitOddWindow[B](&tables[k], points[k])
	}

	b.setIdentity(vecHide(&acc.p))
	for i := top; i >= 0; i-- {
		b.double(vecHide(&acc.p))
		for k := range tables {
			if d := nafs[k][i]; d > 0 {
				b.addAffine(vecHide(&acc.p), vecHide(&tables[k][d/2]), 0)
			} else if d < 0 {
				b.addAffine(vecHide(&acc.p), vecHide(&tables[k][-d/2]), ^uint64(0))
			}
		}
	}
	runtime.KeepAlive(unsafe.SliceData(tables))
	b.toPoint(vecHide(&acc.point), vecHide(&acc.p))
	return v.Set(&acc.point)
}
