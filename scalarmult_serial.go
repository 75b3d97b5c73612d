package edwards25519

import (
	"unsafe"

	"github.com/seed06d4b90c/edwards25519/field"
)

// The loops of the scalar multiplications on the serial backend: the
// formulas of point.go, one field operation at a time. scalarmult.go has
// the algorithms, their recodings and their costs.

// scalarBaseMultSerial is ScalarBaseMult's comb with spacing combSpacing
// over baseCombTable, with start added last.
func (v *Point) scalarBaseMultSerial(start *Point, digits *[oddDigitCount]int8) *Point {
	return v.combMultSerial(baseCombTable(), start, digits)
}

// scalarMultSerial is ScalarMult's odd radix-16 loop over an oddWindow of
// q, for the recoding of x: from q (the last digit, 1), four doublings and
// one addition per digit, then -δ·q.
func (v *Point) scalarMultSerial(rec *oddRecoding, q *Point) *Point {
	var window oddWindow
	window.init(q)

	// Each sum stays completed until the next doublings start from it, so
	// it is scaled to projective (3M) rather than to extended (4M).
	var acc Point
	var sum completed
	var pp projective
	var addend cached
	pp.fromExtended(q)
	for i := oddDigitCount - 1; i >= 0; i-- {
		pp.fromCompleted(sum.double(&pp))
		pp.fromCompleted(sum.double(&pp))
		pp.fromCompleted(sum.double(&pp))
		acc.fromCompleted(sum.double(&pp))
		window.selectEntry(&addend, rec.digits[i])
		sum.addCached(&acc, &addend)
		if i > 0 {
			pp.fromCompleted(&sum)
		}
	}
	window.correction(&addend, rec.odd)
	acc.fromCompleted(&sum)
	return v.fromCompleted(sum.subCached(&acc, &addend))
}

// scalarMultSlowSerial is ScalarMultSlow's loop over {q, 3q} for the odd
// radix-4 digits of x (Scalar.oddRadix4Digits) and x's parity mask odd:
// from q (the last digit, 1), two doublings and one addition per digit,
// then -δ·q with 2q from building the table.
func (v *Point) scalarMultSlowSerial(digits *[oddRadix4Count]int8, odd uint64, q *Point) *Point {
	var one, two, three cached
	var twoQ, acc Point
	var sum completed
	one.fromExtended(q)
	two.fromExtended(twoQ.Double(q))
	three.fromExtended(acc.fromCompleted(sum.addCached(&twoQ, &one)))

	var pp projective
	var addend cached
	acc.Set(q)
	pp.fromExtended(q)
	for i := oddRadix4Count - 1; i >= 0; i-- {
		pp.fromCompleted(sum.double(&pp))
		acc.fromCompleted(sum.double(&pp))
		abs, neg := digitAbsSign(int32(digits[i]))
		addend.selectFrom(&three, &one, ctEqual(abs, 3))
		addend.condNegate(neg)
		sum.addCached(&acc, &addend)
		if i > 0 {
			pp.fromCompleted(&sum)
		}
	}
	addend.selectFrom(&two, &one, int(odd&1))
	acc.fromCompleted(&sum)
	return v.fromCompleted(sum.subCached(&acc, &addend))
}

// multiScalarMultSerial is MultiScalarMult's Straus loop: one oddWindow
// per point, one shared chain of doublings, from the sum of the points (the
// last digit of every scalar is 1), and -δ_k·Q_k for each point at the end;
// from affineTerms points, where affineWindowsPay, the same loop over affine
// windows (multiScalarMultAffine). points is not empty.
func (v *Point) multiScalarMultSerial(recs []oddRecoding, points []*Point) *Point {
	if affineWindowsPay && len(points) >= affineTerms {
		return v.multiScalarMultAffine(recs, points)
	}
	// Up to smallTerms windows live on the caller's stack; more are
	// allocated.
	var windowsBuf [smallTerms]oddWindow
	windows := termsIn(windowsBuf[:], len(points))
	for k := range points {
		windows[k].init(points[k])
	}

	var acc Point
	var sum completed
	var pp projective
	var addend cached
	acc.Set(points[0])
	for k := 1; k < len(windows); k++ {
		acc.fromCompleted(sum.addCached(&acc, &windows[k].odd[0]))
	}
	for i := oddDigitCount - 1; i >= 0; i-- {
		acc.doubleN(4, &pp, &sum)
		for k := range windows {
			windows[k].selectEntry(&addend, recs[k].digits[i])
			acc.fromCompleted(sum.addCached(&acc, &addend))
		}
	}
	for k := range windows {
		windows[k].correction(&addend, recs[k].odd)
		acc.fromCompleted(sum.subCached(&acc, &addend))
	}
	return v.Set(&acc)
}

// affineTerms is the number of points from which multiScalarMultSerial
// makes its windows affine (multiScalarMultAffine) where that pays
// (affineWindowsPay, per build): below it, the shared inversion costs more
// than the cheaper additions save.
const affineTerms = 8

// multiScalarMultAffine is multiScalarMultSerial with affine windows: the
// odd multiples of all the points are brought to Z = 1 together, with one
// field inversion (affineWindows). Each of the 64 additions per point then
// costs 7M rather than 8M and scans 3 coordinates of each entry rather than
// 4, over 960 bytes per point rather than 1440, which keeps more of the
// windows in cache when there are many. The correction -δ_k·Q_k stays a
// cached subtraction. points has at least affineTerms entries.
func (v *Point) multiScalarMultAffine(recs []oddRecoding, points []*Point) *Point {
	windows, terms := affineRoom(len(points))
	for k, q := range points {
		terms[k].odd.initTwo(q, &terms[k].two)
	}
	affineWindows(windows, terms)

	var acc Point
	var sum completed
	var pp projective
	var addend affineCached
	var delta cached
	acc.Set(points[0])
	for k := 1; k < len(windows); k++ {
		acc.fromCompleted(sum.addAffine(&acc, &windows[k][0]))
	}
	for i := oddDigitCount - 1; i >= 0; i-- {
		acc.doubleN(4, &pp, &sum)
		for k := range windows {
			windows[k].selectDigit(&addend, int32(recs[k].digits[i]))
			acc.fromCompleted(sum.addAffine(&acc, &addend))
		}
	}
	for k := range terms {
		delta.selectFrom(&terms[k].two, &terms[k].odd[0], int(recs[k].odd&1))
		acc.fromCompleted(sum.subCached(&acc, &delta))
	}
	return v.Set(&acc)
}

// cachedTerm is what multiScalarMultAffine builds first for each point Q:
// Q, 3Q, …, 15Q as cached addends (Q is also the correction's when δ = 1)
// and 2Q (the correction's when δ = 2).
type cachedTerm struct {
	odd oddCachedMultiples
	two cached
}

// affineRoom returns n windows and n cached terms carved from a single
// allocation (the multi-scalar functions allocate no more often than
// v1.2.0 does): the windows first, packed together, since the loop scans
// them and nothing else, then the terms. Both types are made of field
// elements only, plain words with no pointers, so one []uint64 can hold
// them.
func affineRoom(n int) ([]affineWindow, []cachedTerm) {
	const windowWords = unsafe.Sizeof(affineWindow{}) / 8
	const termWords = unsafe.Sizeof(cachedTerm{}) / 8
	buf := make([]uint64, n*int(windowWords+termWords))
	windows := unsafe.Slice((*affineWindow)(unsafe.Pointer(&buf[0])), n)
	terms := unsafe.Slice((*cachedTerm)(unsafe.Pointer(&buf[n*int(windowWords)])), n)
	return windows, terms
}

// affineWindows sets windows[k] to the affine form of terms[k].odd for every
// k, with one inversion for all the entries (Montgomery's trick, as in
// field.BatchInvert). A cached addend (Y+X, Y-X, 2Z, 2d·T) becomes
// ((Y+X)/Z, (Y-X)/Z, 2d·T/Z), and 1/Z = 2·(1/2Z): 3M to share the inversion
// and 3M to scale, per entry. No Z is 0 (every entry is a point), so the
// products never vanish, and the work depends only on the number of terms.
func affineWindows(windows []affineWindow, terms []cachedTerm) {
	// Forward: the prefix products of the 2Z, kept in the windows' t2d until
	// the backward pass overwrites them. prev is the previous product.
	var prev *field.Element
	for k := range windows {
		for i := range windows[k] {
			p := &windows[k][i].t2d
			if prev == nil {
				p.Set(&terms[k].odd[i].z2)
			} else {
				p.Multiply(prev, &terms[k].odd[i].z2)
			}
			prev = p
		}
	}
	// Backward: inv is 1/(the product up to the current entry).
	var inv, zInv field.Element
	inv.Invert(prev)
	for k := len(windows) - 1; k >= 0; k-- {
		for i := len(windows[k]) - 1; i >= 0; i-- {
			c, a := &terms[k].odd[i], &windows[k][i]
			switch {
			case i > 0:
				zInv.Multiply(&inv, &windows[k][i-1].t2d) // 1/2Z
			case k > 0:
				zInv.Multiply(&inv, &windows[k-1][len(windows[k-1])-1].t2d)
			default:
				zInv.Set(&inv)
			}
			inv.Multiply(&inv, &c.z2)
			zInv.Add(&zInv, &zInv) // 1/Z
			a.yPlusX.Multiply(&c.yPlusX, &zInv)
			a.yMinusX.Multiply(&c.yMinusX, &zInv)
			a.t2d.Multiply(&c.t2d, &zInv)
		}
	}
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
