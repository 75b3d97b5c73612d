package edwards25519

import "unsafe"

// ----------------------------------------------------------------------------
// Fixed-base tables for any point: PointTable and ScalarMultTable
//
// The comb of ScalarBaseMult (comb.go), built for a point q given at run
// time, on the backend active when it is built, by that backend's builder
// (buildComb, vecBuildComb), the one that also builds B's comb. Its
// recoding, x = u - δ with u odd, holds for q's torsion component as for
// the rest, so the digits are those of ScalarBaseMult; the table keeps
// the starts T_1 and T_2 of q (combStarts). A table records its backend,
// and ScalarMultTable runs that backend's loop, whatever pointBackend is
// by then.
//
// Serial (w = 4, k = 2): building costs about 4400M + 1250S, 2.5 serial
// ScalarMults, with one batch inversion to make the addends affine;
// ScalarMultTable is ScalarBaseMult's loop, 63 affine additions (441M),
// one of T_δ (9M), 4 doublings and 63 scans of 8 entries. The comb is 32
// rows · 8 entries · 120 bytes = 30 KiB (in a 32 KiB allocation).
//
// Vector (w = 4, k = 1): building costs 1701V, 2.6 ScalarMults, with cached
// addends and no inversion; ScalarMultTable is 63 additions (126V) with
// their scans inside the kernel, two at a time on IFMA, as ScalarBaseMult. The comb is 63 rows · 8
// entries · 160 bytes = 79 KiB, on the AVX2 and the IFMA backends alike.
//
// Either way the PointTable itself adds 512 bytes: q, the two starts, and
// the header.
//
// The points and digits go through the same formulas and kernels as
// ScalarMult's, and so does their time: constant in x and in q. A point of
// small order is the one case where the vector kernels meet zero limbs
// whatever x is: its multiples are the identity from the second row on,
// computed, not written as setIdentity writes it. dudect measures x with
// such tables too ("order-2-point" and "order-8-point" in
// internal/dudect/smallorder.go; docs/SECURITY.md has the figures).
// ----------------------------------------------------------------------------

// A PointTable holds precomputed multiples of a point q, with which
// [Point.ScalarMultTable] computes x·q about as fast as
// [Point.ScalarBaseMult] computes x·B, by the same method: three to five
// times faster than [Point.ScalarMult]. Building a table costs three to four
// ScalarMults, so it pays off from the fifth multiplication by the same
// point (a Pedersen commitment's second generator, a long-lived key).
//
// A table takes 80 KiB on amd64 CPUs with AVX2, and 32 KiB elsewhere and
// under the purego build tag. It is immutable once built, and safe for
// concurrent use by any number of goroutines. The zero PointTable is not
// usable: tables are made by [NewPointTable].
type PointTable struct {
	q Point
	// starts are T_1 = 2^252·q - q and T_2 = 2^252·q - 2·q, the term of
	// the comb's last digit for an even and an odd scalar (comb.go).
	starts  [2]Point
	backend backend // the backend that built the table, whose loop reads it
	// rows is the comb: *[combRows]affineWindow for the serial backend, and
	// for a vector backend with packed addends A, *[vecCombRows][combEntries]A
	// in 64-byte aligned memory, in the backend's layout of a comb (vec.go,
	// combPack). nil in the zero PointTable.
	rows any
}

// NewPointTable returns a new table of multiples of q, for
// [Point.ScalarMultTable]. It runs in constant time: q may be secret.
func NewPointTable(q *Point) *PointTable {
	mustBeInitialized(q)
	t := &PointTable{backend: pointBackend}
	t.q.Set(q)
	var top Point
	switch t.backend {
	case backendAVX2:
		t.rows, top = vecNewComb[avx2Backend](q)
	case backendIFMA:
		t.rows, top = vecNewComb[ifmaBackend](q)
	default:
		rows := new([combRows]affineWindow)
		top = buildComb(rows[:], q, combSpacing)
		t.rows = rows
	}
	t.starts = combStarts(&top, q)
	return t
}

// vecNewComb returns a new comb of q packed for B, with cached addends, and
// its top, 2^252·q.
//
// The comb is in 64-byte aligned memory, as the kernels prefer (see
// "Alignment and rooms" in vec.go). An allocation above 32 KiB gets pages of
// its own, so new returns aligned memory here; vecAligned, which allocates
// 63 bytes more to align by hand, stays the fallback, for a runtime that
// allocates otherwise.
func vecNewComb[B vecBackend[L, A], L, A any](q *Point) (*[vecCombRows][combEntries]A, Point) {
	rows := new([vecCombRows][combEntries]A)
	if uintptr(unsafe.Pointer(rows))&63 != 0 {
		rows = vecAligned[[vecCombRows][combEntries]A]()
	}
	top := vecBuildComb[B](rows, q, false)
	return rows, top
}

// mustBeInitialized panics when t was not made by NewPointTable: a nil
// pointer or the zero PointTable.
func (t *PointTable) mustBeInitialized() {
	if t == nil || t.rows == nil {
		panic("edwards25519: use of uninitialized PointTable")
	}
}

// Point returns a new Point equal to the point the table was built for.
func (t *PointTable) Point() *Point {
	t.mustBeInitialized()
	return new(Point).Set(&t.q)
}

// ScalarMultTable stores x·q in v, where q is the point of the table t, and
// returns v. It runs in constant time, in x and in q, and does not allocate.
// It gives the same result as v.ScalarMult(x, t.Point()), faster.
func (v *Point) ScalarMultTable(x *Scalar, t *PointTable) *Point {
	t.mustBeInitialized()
	var digits [oddDigitCount]int8
	var start Point
	start.combStart(&t.starts, x.oddDigits(&digits))
	switch t.backend {
	case backendAVX2:
		return vecCombMult[avx2Backend](v, t.rows.(*[vecCombRows][combEntries]avx2Addend), &start, &digits)
	case backendIFMA:
		return vecCombMult[ifmaBackend](v, t.rows.(*[vecCombRows][combEntries]ifmaAddend), &start, &digits)
	}
	return v.combMultSerial(t.rows.(*[combRows]affineWindow), &start, &digits)
}
