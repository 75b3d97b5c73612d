package edwards25519

import (
	"sync"
	"unsafe"
)

// ----------------------------------------------------------------------------
// The vector backends' contract
//
// A vector backend holds one point in one vector: its four lanes carry X,
// Y, Z and T, so that the parallel formulas of Hisil, Wong, Carter and
// Dawson ("Twisted Edwards curves revisited", 2008, section 3.1, for four
// processors) do an addition or a doubling as two rounds of four
// independent field multiplications, each round one vector multiplication.
// The scalar multiplications on such a backend (scalarmult_vec.go, the
// combs' vecCombMult and vecBuildComb in comb.go, and the bucket method's
// pippengerVec in pippenger.go) are written once, against the method set
// vecBackend, and instantiated per backend: avx2Backend (vec_avx2*.go,
// radix 2^25.5) and ifmaBackend (vec_ifma*.go, radix 2^51).
// A new backend implements the method set and adds one case to each
// dispatch in scalarmult.go, pippenger.go and pointtable.go.
//
// The algorithms see a backend through three types: B, a zero-size type
// whose methods are the backend's kernels; L, its lanes (a point, or an
// addend expanded for the kernels); and A, its packed addend, the compact
// form that windows and tables store. Nothing in the contract depends on
// the radix or the limb count: only B's methods look inside L and A.
//
// Pointers reach the methods through the instantiation's dictionary, which
// escape analysis cannot see through. So the algorithms keep their lanes
// and windows in a vecRoom on their own stack, whose addresses they hand to
// a method through vecHide, or in heap memory, and never hand a method a
// pointer they were given (such as the caller's Points, which they copy
// into a room first).
// ----------------------------------------------------------------------------

// vecBackend is the method set of a vector backend with lanes L and packed
// addends A. Every L a method returns is within the bounds every method
// accepts, so the algorithms chain them freely; the lanes hold points in
// extended coordinates (X, Y, Z, T), and addends in their expanded form.
// Every method runs in time independent of the values it is given, except
// that doubleNAddAffine's time depends on its count n.
type vecBackend[L, A any] interface {
	// setIdentity sets p to the identity (0, 1, 1, 0), written with no
	// zero limb (the kernels time zero limbs differently: see "Zero limbs"
	// in vec_avx2.go).
	setIdentity(p *L)
	// fromPoint sets p to the lanes of q.
	fromPoint(p *L, q *Point)
	// toPoint sets q to the point in p's lanes and returns q.
	toPoint(q *Point, p *L) *Point
	// double sets p = 2·p.
	double(p *L)
	// addAffine sets p = p + a, or p - a when neg is all ones. neg is 0 or
	// all ones and acts through masks only.
	addAffine(p *L, a *A, neg uint64)
	// double2 does double(p) and double(p2), at once where the backend has
	// a kernel for two (IFMA). p and p2 must not overlap.
	double2(p, p2 *L)
	// addAffine2 does addAffine(p, a, neg) and addAffine(p2, a2, neg2), at
	// once where the backend has a kernel for two (IFMA). p and p2 must not
	// overlap.
	addAffine2(p *L, a *A, neg uint64, p2 *L, a2 *A, neg2 uint64)
	// addDigit adds to p the entry that the digit d names, row[|d|-1]
	// negated for d < 0, for 1 ≤ |d| ≤ combEntries: the constant-time scan
	// of the row (every entry read whatever d is, the sign by a mask) fused
	// with the addition. d = 0 names no entry, and p is then not a point.
	// The constant-time loops pass the entry numbers of Scalar.oddDigits,
	// which are never 0, over rows of odd multiples: row[i] is (2i+1)·R.
	addDigit(p *L, row *[combEntries]A, d int32)
	// double4AddDigit does double(p) combWidth (4) times, then addDigit(p,
	// row, d): one step of the odd radix-16 loop, in one kernel where the
	// backend has one (IFMA).
	double4AddDigit(p *L, row *[combEntries]A, d int32)
	// doubleNAddAffine does double(p) n times, for n ≥ 1, then
	// addAffine(p, a, neg): a run of zero digits and the nonzero digit
	// that ends it, in one kernel where the backend has one (IFMA). Unlike
	// the other methods, its time depends on n, so every caller passes a
	// public n: the variable-time loops know it from their public digits,
	// and ScalarMultSlow's loop on IFMA passes the constant 2.
	doubleNAddAffine(p *L, n int, a *A, neg uint64)
	// addDigitPair does addDigit(p, &rows[0], d) and addDigit(p2,
	// &rows[1], d2), at once where the backend has a kernel for two (IFMA),
	// for two rows in the backend's layout of a pair of rows: rows 2j+1 and
	// 2j+2 of a comb, rows[0:2] being where they start (below), or a
	// vecOddTermPair's written by cachedPackPair. p and p2 must not overlap.
	addDigitPair(p *L, rows *[2][combEntries]A, d int32, p2 *L, d2 int32)
	// cachedPackPair does cachedPack(&rows[0][i], p) and
	// cachedPack(&rows[1][i], p2) for two rows in the layout addDigitPair
	// reads, at once where the backend has a kernel for two (IFMA). p and
	// p2 may be the same.
	cachedPackPair(rows *[2][combEntries]A, i int, p, p2 *L)
	// combPack, combCachedPack and combPackAffine do pack, cachedPack and
	// packAffine for entry i of row m of a comb, in the comb's layout: rows
	// of entries A, or where the backend chooses (IFMA), each two rows 2j+1
	// and 2j+2 in a form of its own, the same bytes permuted, that only
	// addDigitPair reads; row 0 is always a row of A, which addDigit reads.
	// Only a backend whose pairs is true may choose a form of its own: the
	// one-accumulator comb loop reads every row by addDigit.
	combPack(rows *[vecCombRows][combEntries]A, m, i int, p *L)
	combCachedPack(rows *[vecCombRows][combEntries]A, m, i int, p *L)
	combPackAffine(rows *[vecCombRows][combEntries]A, m, i int, c *affineCached)
	// pairs reports whether the ...2 methods cost much less than two
	// operations, so that a loop can gain by splitting its work into two
	// accumulators.
	pairs() bool
	// selectAddend sets a to x when bit is 1 and to y when bit is 0, in
	// constant time in bit: every word of both is read and kept under a
	// mask.
	selectAddend(a, x, y *A, bit uint64)
	// cached sets q to a cached form of p, an addend for addCached:
	// λ·(Y-X, Y+X, 2d·T, 2Z) for a constant λ ≠ 0 of the backend's choice
	// (121666 on both vector backends: see "The cached form" below), the
	// same point to the additions. q may be p.
	cached(q, p *L)
	// addCached sets p = p + q, for q a cached form.
	addCached(p, q *L)
	// cached2 does cached(q, p) and cached(q2, p2), at once where the
	// backend has a kernel for two (IFMA). q and q2 must not overlap, and q
	// must not be p2.
	cached2(q, p, q2, p2 *L)
	// addCached2 does addCached(p, q) and addCached(p2, q2), likewise. p
	// and p2 must not overlap.
	addCached2(p, q, p2, q2 *L)
	// pack sets a to the cached form in p, packed: A holds cached addends
	// as it holds affine ones, with λ·2Z where an affine addend has 2.
	pack(a *A, p *L)
	// cachedPack sets a to the cached form of p, packed: cached, then
	// pack, with no lanes stored in between.
	cachedPack(a *A, p *L)
	// cachedPack2 does cachedPack(a, p) and cachedPack(a2, p2), at once
	// where the backend has a kernel for two (IFMA). a and a2 must not
	// overlap.
	cachedPack2(a *A, p *L, a2 *A, p2 *L)
	// packAffine sets a to the affine addend c, packed.
	packAffine(a *A, c *affineCached)
	// baseComb returns the base point's comb with spacing 1: row m holds
	// 1, 3, …, 2·combEntries-1 times 2^(combWidth·m)·B (vecPackedComb
	// builds it).
	baseComb() *[vecCombRows][combEntries]A
	// baseOdd returns B, 3B, …, 127B (vecPackedBaseOdd builds it).
	baseOdd() *[baseOddEntries]A
}

// vecOddTerm holds Q, 3Q, …, 15Q and 2Q as packed cached addends, for the
// odd radix-16 digits of the constant-time variable-base loops
// (Scalar.oddDigits): odd has the shape of a comb row, so addDigit scans
// it, and two is for the correction -δ·Q.
type vecOddTerm[A any] struct {
	odd [combEntries]A
	two A
}

// vecOddWindow holds Q, 3Q, …, 15Q as packed cached addends: the odd digits
// of a width-5 NAF, for the variable-time loops.
type vecOddWindow[A any] [8]A

// vecInitOddTerm sets t to Q, 3Q, …, 15Q and 2Q: 1 doubling, 7 additions
// and 9 cached forms, 25 vector multiplications. t is in a room of the
// caller's or on the heap.
func vecInitOddTerm[B vecBackend[L, A], L, A any](t *vecOddTerm[A], q *Point) {
	vecOddMultiples[B](&t.odd, &t.two, q)
}

// vecInitOddWindow sets w to Q, 3Q, …, 15Q, as vecInitOddTerm does. w is in
// a room of the caller's or on the heap.
func vecInitOddWindow[B vecBackend[L, A], L, A any](w *vecOddWindow[A], q *Point) {
	vecOddMultiples[B]((*[8]A)(w), nil, q)
}

// vecOddMultiplesRoom is the working memory of vecOddMultiples: P, the
// step, and a copy of the input point (which, as a pointer the caller owns,
// is not handed to a method itself).
type vecOddMultiplesRoom[L any] struct {
	p, step L
	point   Point
}

// vecOddMultiples sets w[i] to the packed cached form of (2i+1)·P for i < 8,
// with P = q, by steps of 2P: one doubling, 7 additions and 9 cached forms.
// When two is not nil it also sets two to the packed 2P; whether it is nil
// is public.
func vecOddMultiples[B vecBackend[L, A], L, A any](w *[8]A, two *A, q *Point) {
	var b B
	var room vecRoom[vecOddMultiplesRoom[L]]
	s := room.get()
	s.point.Set(q)
	b.fromPoint(vecHide(&s.p), vecHide(&s.point))
	s.step = s.p
	b.double(vecHide(&s.step))
	b.cached(vecHide(&s.step), vecHide(&s.step))
	if two != nil {
		b.pack(vecHide(two), vecHide(&s.step))
	}
	b.cachedPack(vecHide(&w[0]), vecHide(&s.p))
	for i := 1; i < len(w); i++ {
		b.addCached(vecHide(&s.p), vecHide(&s.step))
		b.cachedPack(vecHide(&w[i]), vecHide(&s.p))
	}
}

// vecOddMultiples2Room is vecOddMultiplesRoom for two points.
type vecOddMultiples2Room[L any] struct {
	p, step, p2, step2 L
	point, point2      Point
}

// vecOddStart2 sets s to the start of vecOddMultiples2 for q and q2: p and
// p2 the points, step and step2 the cached forms of 2q and 2q2.
func vecOddStart2[B vecBackend[L, A], L, A any](s *vecOddMultiples2Room[L], q, q2 *Point) {
	var b B
	s.point.Set(q)
	s.point2.Set(q2)
	b.fromPoint(vecHide(&s.p), vecHide(&s.point))
	b.fromPoint(vecHide(&s.p2), vecHide(&s.point2))
	s.step, s.step2 = s.p, s.p2
	b.double2(vecHide(&s.step), vecHide(&s.step2))
	b.cached2(vecHide(&s.step), vecHide(&s.step), vecHide(&s.step2), vecHide(&s.step2))
}

// vecOddMultiples2 does vecOddMultiples(w, nil, q) and vecOddMultiples(w2,
// nil, q2) side by side, each step one of B's paired methods: the windows
// of VarTimeMultiScalarMult's paired Straus loop.
func vecOddMultiples2[B vecBackend[L, A], L, A any](w *[8]A, q *Point, w2 *[8]A, q2 *Point) {
	var b B
	var room vecRoom[vecOddMultiples2Room[L]]
	s := room.get()
	vecOddStart2[B](s, q, q2)
	b.cachedPack2(vecHide(&w[0]), vecHide(&s.p), vecHide(&w2[0]), vecHide(&s.p2))
	for i := 1; i < len(w); i++ {
		b.addCached2(vecHide(&s.p), vecHide(&s.step), vecHide(&s.p2), vecHide(&s.step2))
		b.cachedPack2(vecHide(&w[i]), vecHide(&s.p), vecHide(&w2[i]), vecHide(&s.p2))
	}
}

// vecOddTermPair holds the tables of two points Q and Q2 for the paired
// loop of MultiScalarMult (vecOddRadix16Pairs): Q, 3Q, …, 15Q and the same
// of Q2 as two rows in B's layout of a pair (cachedPackPair writes them
// and addDigitPair reads them; on IFMA limb k of an entry of both is one
// 64-byte block), and Q, Q2 and 2Q, 2Q2 as packed cached addends, for the
// starting sum and the correction -δ·Q, which read whole addends.
type vecOddTermPair[A any] struct {
	odd      [2][combEntries]A
	one, two [2]A
}

// vecInitOddTermPair sets t to the tables of q and q2, by the steps of
// vecOddMultiples2 and one cached form more for one: 1 paired doubling, 7
// paired additions and 10 paired cached forms. t is in a room of the
// caller's or on the heap.
func vecInitOddTermPair[B vecBackend[L, A], L, A any](t *vecOddTermPair[A], q, q2 *Point) {
	var b B
	var room vecRoom[vecOddMultiples2Room[L]]
	s := room.get()
	vecOddStart2[B](s, q, q2)
	b.pack(vecHide(&t.two[0]), vecHide(&s.step))
	b.pack(vecHide(&t.two[1]), vecHide(&s.step2))
	b.cachedPack2(vecHide(&t.one[0]), vecHide(&s.p), vecHide(&t.one[1]), vecHide(&s.p2))
	b.cachedPackPair(vecHide(&t.odd), 0, vecHide(&s.p), vecHide(&s.p2))
	for i := 1; i < combEntries; i++ {
		b.addCached2(vecHide(&s.p), vecHide(&s.step), vecHide(&s.p2), vecHide(&s.step2))
		b.cachedPackPair(vecHide(&t.odd), i, vecHide(&s.p), vecHide(&s.p2))
	}
}

// vecDigitMasks returns, for a signed digit 1 ≤ |d| ≤ combEntries, the
// masks that pick its addend from a row, as the scans of both vector
// backends read them: byte e of masks is 0xff exactly when |d| = e+1 and 0
// otherwise, and neg is all ones when d < 0 (the sign) and 0 otherwise. A
// scan broadcasts byte e to a whole register for entry e, so the eight
// masks travel in one word, by value, and the kernels derive nothing from
// d themselves: two AVX2 kernels that did showed a timing difference under
// dudect (docs/SECURITY.md). Branch-free, with no memory index: constant
// time in d.
func vecDigitMasks(d int32) (masks, neg uint64) {
	const (
		ones   = 0x0101010101010101
		highs  = 0x8080808080808080
		lows   = 0x7f7f7f7f7f7f7f7f
		number = 0x0807060504030201 // byte e is e+1
	)
	abs, n := digitAbsSign(d)
	// Byte e of x is abs XOR (e+1), zero exactly for the entry d picks.
	// abs ≤ 8, so every byte is below 0x10; adding 0x7f to each sets its
	// bit 7 exactly when it is not zero, and never carries into the next.
	x := uint64(abs)*ones ^ number
	zero := (x+lows)&highs ^ highs // 0x80 in the bytes that are zero
	return zero >> 7 * 0xff, -uint64(n)
}

// vecMaskOf returns mask e of vecDigitMasks' masks, byte e, as 0 or all
// ones in a whole word.
func vecMaskOf(masks uint64, e int) uint64 { return -(masks >> (8 * e) & 1) }

// vecPackedBaseOdd returns baseOddTable packed for backend B, in new
// 64-byte aligned memory.
func vecPackedBaseOdd[B vecBackend[L, A], L, A any]() *[baseOddEntries]A {
	var b B
	t := vecAligned[[baseOddEntries]A]()
	src := baseOddTable()
	for i := range src {
		b.packAffine(&t[i], &src[i])
	}
	return t
}

// vecTable is a packed table of a vector backend, built at first use.
type vecTable[T any] struct {
	once sync.Once
	t    *T
}

// get returns the table, building it with build the first time.
func (v *vecTable[T]) get(build func() *T) *T {
	v.once.Do(func() { v.t = build() })
	return v.t
}

// The cached form
//
// The additions take the addend Q = (Y-X, Y+X, 2d·T, 2Z) as the second
// factor of (A, B, C, D) = U ∘ Q. Any multiple λ·Q (λ ≠ 0) serves as well:
// A, B, C and D, then E, F, G and H, gain the factor λ, and the sum's four
// coordinates λ², which leaves the projective point as it was. The curve's
// d is -121665/121666 (RFC 8032, section 5.1), so with λ = 121666 every
// lane is a small multiple of a sum of limbs:
//
//	λ·Q = (121666·(Y-X), 121666·(Y+X), -243330·T, 243332·Z)
//
// and -243330·T is 243330·(2p - T) mod p. Both vector backends' cached form
// is that λ·Q: U = (Y + 2p - X, Y + X, 2p - T, Z) limb by limb times the
// factors below, then carried (avx2CachedGeneric, ifmaCachedGeneric), with
// no multiplication by a whole field element. Affine addends keep λ = 1
// (packAffine), and tables may mix both.

// vecCachedFactors is (121666, 121666, 243330, 243332): λ, λ, -λ·2d and 2λ
// for λ = 121666, the factors of the cached form's four lanes, each below
// 2^18.
var vecCachedFactors = [4]uint64{121666, 121666, 243330, 243332}

// Alignment and rooms
//
// The kernels load and store 32 bytes at a time, and some of the wide IFMA
// kernels' operands are 64 bytes (limb k of one entry of two rows kept
// interleaved, ifmaRowPair); an access that straddles a multiple of 64
// crosses a cache line. Go aligns lanes of uint64 to 8 bytes and packed
// uint32 limbs to 4, so the tables, windows and accumulators are placed by
// hand at multiples of 64: on the heap with vecAligned and
// vecAlignedSlice, on the stack in a vecRoom. Only speed depends on this,
// never a result (docs/PERFORMANCE.md has the figures).

// align64 returns p rounded up to a multiple of 64.
func align64(p unsafe.Pointer) unsafe.Pointer { return unsafe.Add(p, -uintptr(p)&63) }

// vecAligned returns a new zero T at an address that is a multiple of 64.
// T must hold no pointers: the memory is a byte slice's.
func vecAligned[T any]() *T { return &vecAlignedSlice[T](1)[0] }

// vecAlignedSlice returns n new zero T, the first at an address that is a
// multiple of 64, in one allocation. T must hold no pointers.
func vecAlignedSlice[T any](n int) []T {
	if n == 0 {
		return nil
	}
	var zero T
	buf := make([]byte, uintptr(n)*unsafe.Sizeof(zero)+63)
	return unsafe.Slice((*T)(align64(unsafe.Pointer(unsafe.SliceData(buf)))), n)
}

// vecSliceIn returns buf[:n] if n ≤ len(buf), and n new zero T from
// vecAlignedSlice otherwise: per-point storage in a vecRoom of the caller's
// for few points. T must hold no pointers.
func vecSliceIn[T any](buf []T, n int) []T {
	if n <= len(buf) {
		return buf[:n]
	}
	return vecAlignedSlice[T](n)
}

// vecRoom is stack room for one T at a 64-byte aligned address: 63 bytes
// of slack before it cover any base address. T must hold no pointers.
type vecRoom[T any] struct {
	_ [63]byte
	_ T
}

// get returns the aligned T inside r.
func (r *vecRoom[T]) get() *T { return (*T)(align64(unsafe.Pointer(r))) }

// vecHide returns p, hidden from escape analysis: the algorithms wrap in it
// every pointer into their rooms that they pass to a backend's method (and
// every pointer to windows, which may be in a room or on the heap).
//
// Those calls go through the instantiation's dictionary, and the compiler,
// which cannot see the callee, would move every room so passed to the
// heap: an allocation per room per call. The methods keep no pointer past
// their return, so the room may stay on the stack. vecHide passes the
// address through a uintptr, which escape analysis does not follow (the
// runtime's noescape does the same). The result must only ever be an
// argument of the call it appears in, never be stored or kept across
// another call: the caller's own pointer into the room stays the one the
// runtime sees and adjusts when it moves the stack, and the two
// conversions have no call between them, where the stack could move. The
// rooms are locals of the functions that hide them, so they outlive every
// such call; heap windows are kept alive by the caller's slice
// (runtime.KeepAlive after the loop). TestScalarMultStackGrowth moves the
// stack under every loop.
//
// checkptr (-race, -d=checkptr) would reject a pointer rebuilt from an
// integer; the function is exempt from it.
//
//go:nocheckptr
func vecHide[T any](p *T) *T {
	x := uintptr(unsafe.Pointer(p))
	return (*T)(unsafe.Pointer(uintptr(unsafe.Pointer(nil)) + x))
}
