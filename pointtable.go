package edwards25519

import "unsafe"

// ----------------------------------------------------------------------------
// Fixed-base tables for any point: PointTable and ScalarMultTable
//
// The comb of ScalarBaseMult (comb.go), built for a point q given at run
// time, on the backend active when it is built, by that backend's builder
// (buildComb, vecBuildComb), the one that also builds B's comb. The digits
// are those of x + 8·l, since q may have a torsion component: 64 in
// [-8, 8), and a 65th, always 1, whose term 2^256·q the loop starts from
// (see comb.go). A table records its backend, and ScalarMultTable runs that
// backend's loop, whatever pointBackend is by then.
//
// Serial (w = 4, k = 2): building costs about 4400M + 1250S, 2.5 serial
// ScalarMults, with one batch inversion to make the addends affine;
// ScalarMultTable is ScalarBaseMult's loop, 64 affine additions (448M), 4
// doublings and 64 scans of 8 entries. The comb is 32 rows · 8 entries ·
// 120 bytes = 30 KiB (in a 32 KiB allocation).
//
// Vector (w = 4, k = 1): building costs 1536V, 2.3 ScalarMults, with cached
// addends and no inversion; ScalarMultTable is 64 additions (128V) with
// their scans inside the kernel, as ScalarBaseMult. The comb is 64 rows · 8
// entries · 160 bytes = 80 KiB, on the AVX2 and the IFMA backends alike.
//
// Either way the PointTable itself adds 352 bytes: q, the start, and the
// header.
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
// times faster than [Point.ScalarMult]. Building a table costs about three
// ScalarMults, so it pays off from the fourth or fifth multiplication by
// the same point (a Pedersen commitment's second generator, a long-lived
// key).
//
// A table takes 80 KiB on amd64 CPUs with AVX2, and 32 KiB elsewhere and
// under the purego build tag. It is immutable once built, and safe for
// concurrent use by any number of goroutines. The zero PointTable is not
// usable: tables are made by [NewPointTable].
type PointTable struct {
	q Point
	// start is the comb loop's starting point, 2^256·q for the vector
	// backends and 2^252·q for the serial one (its 4 doublings scale it).
	start   Point
	backend backend // the backend that built the table, whose loop reads it
	// rows is the comb: *[combRows]affineWindow for the serial backend, and
	// for a vector backend with packed addends A, *[vecCombRows][combEntries]A
	// in 32-byte aligned memory. nil in the zero PointTable.
	rows any
}

// NewPointTable returns a new table of multiples of q, for
// [Point.ScalarMultTable]. It runs in constant time: q may be secret.
func NewPointTable(q *Point) *PointTable {
	mustBeInitialized(q)
	t := &PointTable{backend: pointBackend}
	t.q.Set(q)
	switch t.backend {
	case backendAVX2:
		t.rows, t.start = vecNewComb[avx2Backend](q)
		return t
	case backendIFMA:
		t.rows, t.start = vecNewComb[ifmaBackend](q)
		return t
	}
	rows := new([combRows]affineWindow)
	t.start = buildComb(rows[:], q, combSpacing)
	t.rows = rows
	return t
}

// vecNewComb returns a new comb of q packed for B, with cached addends, and
// its starting point.
//
// The comb is in 32-byte aligned memory, as the kernels prefer (see
// "Alignment and rooms" in vec.go). An allocation above 32 KiB gets pages of
// its own, so new returns aligned memory here, of exactly the comb's 80 KiB,
// where vecAligned's 31 bytes of slack would cost another 8 KiB page;
// vecAligned stays the fallback, for a runtime that allocates otherwise.
func vecNewComb[B vecBackend[L, A], L, A any](q *Point) (*[vecCombRows][combEntries]A, Point) {
	rows := new([vecCombRows][combEntries]A)
	if uintptr(unsafe.Pointer(rows))&31 != 0 {
		rows = vecAligned[[vecCombRows][combEntries]A]()
	}
	start := vecBuildComb[B](rows, q, false)
	return rows, start
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
	padded := x.signedRadix16Padded() // x + 8·l: 64 digits, and the 65th, 1, is the start
	var digits [combDigits]int32
	for i := range digits {
		digits[i] = int32(padded[i])
	}
	switch t.backend {
	case backendAVX2:
		return vecCombMult[avx2Backend](v, t.rows.(*[vecCombRows][combEntries]avx2Addend), &t.start, digits[:])
	case backendIFMA:
		return vecCombMult[ifmaBackend](v, t.rows.(*[vecCombRows][combEntries]ifmaAddend), &t.start, digits[:])
	}
	return v.combMultSerial(t.rows.(*[combRows]affineWindow), &t.start, digits[:])
}
