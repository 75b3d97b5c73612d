package edwards25519

// The loops of the scalar multiplications on the serial backend: the
// formulas of point.go, one field operation at a time. scalarmult.go has
// the algorithms, their recodings and their costs.

// scalarBaseMultSerial is ScalarBaseMult's comb with spacing combSpacing
// over baseCombTable, with start added last.
func (v *Point) scalarBaseMultSerial(start *Point, digits *[combLookups]int32) *Point {
	return v.combMultSerial(baseCombTable(), start, digits)
}

// scalarMultSerial is ScalarMult's radix-16 loop over a cachedWindow of q.
func (v *Point) scalarMultSerial(digits *[65]int8, q *Point) *Point {
	var window cachedWindow
	window.init(q)

	// Each sum stays completed until the next doublings start from it, so
	// it is scaled to projective (3M) rather than to extended (4M).
	var acc Point
	var sum completed
	var pp projective
	var addend cached
	window.selectDigit(&addend, digits[64])
	acc.setIdentity()
	sum.addCached(&acc, &addend)
	for i := 63; i >= 0; i-- {
		pp.fromCompleted(&sum)
		pp.fromCompleted(sum.double(&pp))
		pp.fromCompleted(sum.double(&pp))
		pp.fromCompleted(sum.double(&pp))
		acc.fromCompleted(sum.double(&pp))
		window.selectDigit(&addend, digits[i])
		sum.addCached(&acc, &addend)
	}
	return v.fromCompleted(&sum)
}

// scalarMultSlowSerial is ScalarMultSlow's radix-4 loop over {q, 2q}.
func (v *Point) scalarMultSlowSerial(digits *[128]int8, q *Point) *Point {
	var one, two cached
	var twoQ Point
	one.fromExtended(q)
	two.fromExtended(twoQ.Double(q))

	var acc Point
	var sum completed
	var pp projective
	var addend cached
	acc.setIdentity()
	for i := len(digits) - 1; i >= 0; i-- {
		pp.fromExtended(&acc)
		pp.fromCompleted(sum.double(&pp))
		acc.fromCompleted(sum.double(&pp))

		abs, neg := digitAbsSign(int32(digits[i]))
		addend.setIdentity()
		addend.selectFrom(&one, &addend, ctEqual(abs, 1))
		addend.selectFrom(&two, &addend, ctEqual(abs, 2))
		addend.condNegate(neg)
		acc.fromCompleted(sum.addCached(&acc, &addend))
	}
	return v.Set(&acc)
}

// multiScalarMultSerial is MultiScalarMult's Straus loop: one cachedWindow
// per point, one shared chain of doublings.
func (v *Point) multiScalarMultSerial(digits [][65]int8, points []*Point) *Point {
	// Up to smallTerms windows live on the caller's stack; more are
	// allocated.
	var windowsBuf [smallTerms]cachedWindow
	windows := termsIn(windowsBuf[:], len(points))
	for k := range points {
		windows[k].init(points[k])
	}

	var acc Point
	var sum completed
	var pp projective
	var addend cached
	acc.setIdentity()
	for i := 64; i >= 0; i-- {
		if i != 64 {
			acc.doubleN(4, &pp, &sum)
		}
		for k := range windows {
			windows[k].selectDigit(&addend, digits[k][i])
			acc.fromCompleted(sum.addCached(&acc, &addend))
		}
	}
	return v.Set(&acc)
}

// varTimeDoubleScalarBaseMultSerial is VarTimeDoubleScalarBaseMult's w-NAF
// loop from digit top (≥ 0) down, over oddCachedMultiples of A and the
// affine baseOddTable.
func (v *Point) varTimeDoubleScalarBaseMultSerial(aNAF *[256]int8, A *Point, bNAF *[256]int8, top int) *Point {
	var aTable oddCachedMultiples
	aTable.init(A)
	bTable := baseOddTable()

	var acc projective
	var c completed
	var ext Point
	acc.setIdentity()
	for i := top; i >= 0; i-- {
		c.double(&acc)
		if da := aNAF[i]; da > 0 {
			c.addCached(ext.fromCompleted(&c), &aTable[da/2])
		} else if da < 0 {
			c.subCached(ext.fromCompleted(&c), &aTable[-da/2])
		}
		if db := bNAF[i]; db > 0 {
			c.addAffine(ext.fromCompleted(&c), &bTable[db/2])
		} else if db < 0 {
			c.subAffine(ext.fromCompleted(&c), &bTable[-db/2])
		}
		acc.fromCompleted(&c)
	}
	return v.fromCompleted(&c)
}

// straussNAFSerial is VarTimeMultiScalarMult's Straus loop from digit top
// (≥ 0) down: one oddCachedMultiples per point, one shared chain of
// doublings.
func (v *Point) straussNAFSerial(nafs [][256]int8, points []*Point, top int) *Point {
	var tablesBuf [smallTerms]oddCachedMultiples
	tables := termsIn(tablesBuf[:], len(points))
	for k := range points {
		tables[k].init(points[k])
	}

	var acc projective
	var c completed
	var ext Point
	acc.setIdentity()
	for i := top; i >= 0; i-- {
		c.double(&acc)
		for k := range tables {
			if d := nafs[k][i]; d > 0 {
				c.addCached(ext.fromCompleted(&c), &tables[k][d/2])
			} else if d < 0 {
				c.subCached(ext.fromCompleted(&c), &tables[k][-d/2])
			}
		}
		acc.fromCompleted(&c)
	}
	return v.fromCompleted(&c)
}
