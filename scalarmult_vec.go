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
// no doubling.
func scalarBaseMultVec[B vecBackend[L, A], L, A any](v, start *Point, digits *[combLookups]int32) *Point {
	var b B
	return vecCombMult[B](v, b.baseComb(), start, digits)
}

// scalarMultVec is ScalarMult's radix-16 loop over a vecWindow of q.
func scalarMultVec[B vecBackend[L, A], L, A any](v *Point, digits *[65]int8, q *Point) *Point {
	var room vecRoom[[1]vecWindow[A]]
	window := room.get()
	vecInitWindow[B](&window[0], q)
	return vecRadix16[B](v, window[:], [][65]int8{*digits})
}

// multiScalarMultVec is MultiScalarMult's Straus loop: one vecWindow per
// point, on the stack for up to smallTerms points and in one aligned
// allocation otherwise.
func multiScalarMultVec[B vecBackend[L, A], L, A any](v *Point, digits [][65]int8, points []*Point) *Point {
	var room vecRoom[[smallTerms]vecWindow[A]]
	var windows []vecWindow[A]
	if len(points) <= smallTerms {
		windows = room.get()[:len(points)]
	} else {
		windows = vecAlignedSlice[vecWindow[A]](len(points))
	}
	for k := range points {
		vecInitWindow[B](&windows[k], points[k])
	}
	return vecRadix16[B](v, windows, digits)
}

// vecRadix16 sets v = Σ_k Σ_i digits[k][i]·16^i·Q_k, where windows[k] holds
// 1..8·Q_k and digits[k] are those of signedRadix16Padded (top digit 1):
// the loop of ScalarMult and MultiScalarMult, 64·4 doublings and one
// addDigit per digit and point.
func vecRadix16[B vecBackend[L, A], L, A any](v *Point, windows []vecWindow[A], digits [][65]int8) *Point {
	var b B
	var room vecRoom[vecAcc[L]]
	acc := room.get()
	b.setIdentity(vecHide(&acc.p))
	for i := 64; i >= 0; i-- {
		if i != 64 {
			b.double(vecHide(&acc.p))
			b.double(vecHide(&acc.p))
			b.double(vecHide(&acc.p))
			b.double(vecHide(&acc.p))
		}
		for k := range windows {
			b.addDigit(vecHide(&acc.p), vecHide((*[combEntries]A)(&windows[k])), int32(digits[k][i]))
		}
	}
	// The windows may be heap memory that only the hidden pointers
	// referenced last.
	runtime.KeepAlive(unsafe.SliceData(windows))
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
