package edwards25519

import "github.com/seed06d4b90c/edwards25519/field"

// Every scalar multiplication, one section per algorithm.
//
// Costs are in field multiplications M and squarings S, counting an addition
// with a cached addend as 8M (4M to form the completed sum, 4M to scale it to
// extended), with an affine addend as 7M, and a doubling as 4S + 3M (to
// projective) or 4S + 4M (to extended). Scalars are reduced mod l < 2^253.
//
// With AVX2 (useVec) the loops run in the vector formulas of vec.go instead,
// with the same digits and the tables packed into lanes. There every
// addition (affine or cached addend) and every doubling costs 2V, where V is
// one vector multiplication (four field multiplications in parallel lanes,
// measured at about 1.5 times a scalar one), and making a cached addend 1V.
// Each section gives both counts.

// ----------------------------------------------------------------------------
// Fixed-base comb: ScalarBaseMult
//
// Write s = Σ d_i·2^(w·i), i < n = ⌈254/w⌉, with signed digits |d_i| ≤ 2^(w-1)
// (w = combWidth). Group the digits by i mod k (k = combSpacing): with
// i = k·m + j,
//
//	s·B = Σ_j 2^(w·j) · Σ_m d_(k·m+j) · (2^(w·k·m)·B),
//
// and row m of the table holds 1..2^(w-1) times 2^(w·k·m)·B in affine form.
// Horner's rule over j costs w·(k-1) doublings in all; each digit costs one
// constant-time scan of 2^(w-1) entries and one affine addition.
//
// With w = 4, k = 2: 64 additions (448M), 4 doublings, 64 scans of 8 entries,
// and a table of 32 rows · 8 entries · 120 bytes = 30 KiB.
//
// Vector: k = 1 (64 rows, no doublings): 64 additions (128V) with their scans
// inside the kernel, and a table of 64 · 8 · 160 bytes = 80 KiB. (Running the
// additions in interleaved pairs on two accumulators, through a kernel doing
// two independent additions phase by phase, measured no faster: median 1.09
// times slower over 12 rounds. Spacing 2 with the scalar comb's 32 rows
// (40 KiB packed) and 4 vector doublings: 1.25 times slower over 16 rounds.)
// ----------------------------------------------------------------------------

// ScalarBaseMult stores x·B in v, for the standard base point B of RFC 8032,
// and returns v. It runs in constant time.
func (v *Point) ScalarBaseMult(x *Scalar) *Point {
	if useVec {
		return v.scalarBaseMultVec(x)
	}
	rows := baseCombTable()
	// The digits of x + l, top row first: its digit is never zero, so the
	// accumulator leaves the identity at the first addition whatever x is
	// (see signedWindowDigitsPlusL and ScalarMult's signedRadix16Padded).
	var digits [combDigits]int32
	n := x.signedWindowDigitsPlusL(combWidth, digits[:])

	var acc Point
	var sum completed
	var pp projective
	var addend affineCached
	acc.setIdentity()
	for j := combSpacing - 1; j >= 0; j-- {
		if j != combSpacing-1 {
			acc.doubleN(combWidth, &pp, &sum) // j and the bounds are public
		}
		for m := len(rows) - 1; m >= 0; m-- {
			i := m*combSpacing + j
			if i >= n {
				continue
			}
			rows[m].selectDigit(&addend, digits[i])
			acc.fromCompleted(sum.addAffine(&acc, &addend))
		}
	}
	return v.Set(&acc)
}

// scalarBaseMultVec is the comb with spacing 1 (k = 1: no doublings) over
// the 64-row packed table of vec.go, its additions done by the vector mixed
// addition: 64 additions of 2 vector multiplications each (the work of 8M
// in about the time of 3M) and 64 scans of 8 packed entries.
func (v *Point) scalarBaseMultVec(x *Scalar) *Point {
	rows := vecCombTable()
	// The digits of x + l, top row first, as in ScalarBaseMult.
	var digits [combDigits]int32
	n := x.signedWindowDigitsPlusL(combWidth, digits[:])

	var room vecAccRoom
	acc := room.acc()
	acc.setIdentity()
	for i := n - 1; i >= 0; i-- {
		vecAddDigit(acc, &rows[i], digits[i])
	}
	return acc.toPoint(v)
}

// ----------------------------------------------------------------------------
// Variable base, constant time: ScalarMult
//
// Signed radix 16, the digits of x + 8·l (signedRadix16Padded: 65 digits in
// [-8, 8), the top one always 1, so that the loop never doubles the
// identity), left to right over a table of 1..8·Q. Cost: table 7 additions
// (56M); loop 64·4 doublings (256·(4S+3M) plus the last of each group of
// four to extended, +1M) and 65 additions (4M each to the completed sum,
// which the next doubling scales to projective with 3M, 455M in all) with
// 65 scans of 8 cached entries.
//
// Vector: table 7 additions and 8 scalings (22V); 256 doublings and 65
// additions (642V).
// ----------------------------------------------------------------------------

// ScalarMult stores x·q in v and returns v, in constant time.
func (v *Point) ScalarMult(x *Scalar, q *Point) *Point {
	mustBeInitialized(q)
	if useVec {
		var windowRoom vecWindowRoom
		var accRoom vecAccRoom
		window := windowRoom.windows()
		window[0].init(q)
		digits := [1][65]int8{x.signedRadix16Padded()}
		return vecRadix16(accRoom.acc(), window, digits[:]).toPoint(v)
	}
	var window cachedWindow
	window.init(q)
	// The digits of x + 8·l, as on the vector path: the top one is 1, so
	// the loop never doubles the identity (see signedRadix16Padded).
	digits := x.signedRadix16Padded()

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

// vecRadix16 sets acc = Σ_k Σ_i digits[k][i]·16^i·Q_k, where windows[k]
// holds 1..8·Q_k and digits[k] are those of signedRadix16Padded: the loop
// of ScalarMult and MultiScalarMult in the vector formulas of vec.go, 64·4
// vector doublings and one vecAddDigit (a constant-time scan of 8 packed
// entries and a mixed addition) per digit. It returns acc.
func vecRadix16(acc *vecLimbs, windows []vecWindow, digits [][65]int8) *vecLimbs {
	acc.setIdentity()
	for i := 64; i >= 0; i-- {
		if i != 64 {
			vecDouble(acc)
			vecDouble(acc)
			vecDouble(acc)
			vecDouble(acc)
		}
		for k := range windows {
			vecAddDigit(acc, (*[combEntries]vecAffine)(&windows[k]), int32(digits[k][i]))
		}
	}
	return acc
}

// doubleN sets v = 2^n·v, n ≥ 1, with n doublings, all but the last ending
// in projective coordinates (3M instead of 4M). pp and c are scratch space.
func (v *Point) doubleN(n int, pp *projective, c *completed) {
	pp.fromExtended(v)
	for range n - 1 {
		pp.fromCompleted(c.double(pp))
	}
	v.fromCompleted(c.double(pp))
}

// ----------------------------------------------------------------------------
// Variable base, constant time, small memory: ScalarMultSlow
//
// Signed radix 4 (d_i in [-2, 1], 128 digits) over the table {Q, 2Q}: 256
// doublings and 128 additions, with only two cached points of state.
// ----------------------------------------------------------------------------

// ScalarMultSlow stores x·q in v and returns v, in constant time. Its table
// holds two multiples of q where ScalarMult's holds eight: less memory, at
// the cost of speed.
func (v *Point) ScalarMultSlow(x *Scalar, q *Point) *Point {
	mustBeInitialized(q)
	var one, two cached
	var twoQ Point
	one.fromExtended(q)
	two.fromExtended(twoQ.Double(q))

	// Recode two bits at a time: with carry c, e = b + c in [0, 4];
	// c' = 1 when e ≥ 2, and d = e - 4c' in [-2, 1].
	b := x.bytes32()
	var digits [128]int8
	carry := int8(0)
	for i := range digits {
		e := int8(b[i/4]>>(2*(i%4))&3) + carry
		carry = (e + 2) >> 2
		digits[i] = e - carry<<2
	}
	// x < 2^253 leaves the top digits small enough that carry is 0 here.

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

// ----------------------------------------------------------------------------
// Double-base, variable time: VarTimeDoubleScalarBaseMult
//
// Interleaved w-NAF (Straus–Shamir): a in width 5 over Q, 3Q, …, 15Q (built
// per call: 1 doubling + 7 additions), b in width 8 over the fixed affine
// table B, 3B, …, 127B. About 253 doublings and 253/6 + 253/9 ≈ 70 additions.
//
// Vector: the table of Q 1 doubling, 7 additions and 8 scalings (24V); the
// loop about 323 additions and doublings (646V).
// ----------------------------------------------------------------------------

// VarTimeDoubleScalarBaseMult stores a·A + b·B in v, for the standard base
// point B, and returns v.
//
// Its running time depends on its inputs: use it only with public values,
// as in signature verification.
func (v *Point) VarTimeDoubleScalarBaseMult(a *Scalar, A *Point, b *Scalar) *Point {
	mustBeInitialized(A)
	if useVec {
		return v.varTimeDoubleScalarBaseMultVec(a, A, b)
	}
	var aTable oddCachedMultiples
	aTable.init(A)
	bTable := baseOddTable()
	aNAF := a.nafDigits(5)
	bNAF := b.nafDigits(baseNAFWidth)

	top := 255
	for top >= 0 && aNAF[top] == 0 && bNAF[top] == 0 {
		top--
	}
	var acc projective
	var c completed
	var ext Point
	acc.setIdentity()
	ext.setIdentity()
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
	if top < 0 {
		return v.setIdentity()
	}
	return v.fromCompleted(&c)
}

// varTimeDoubleScalarBaseMultVec is the same w-NAF loop in the vector
// formulas of vec.go: every doubling and addition is two vector
// multiplications (a doubling adds two carry rounds). The table of A is a
// vecOddWindow; the table of B is baseOddTable packed (64 entries of 160
// bytes).
func (v *Point) varTimeDoubleScalarBaseMultVec(a *Scalar, A *Point, b *Scalar) *Point {
	var tableRoom vecWindowRoom
	aTable := tableRoom.oddWindow().init(A)
	bTable := vecBaseOddTable()
	aNAF := a.nafDigits(5)
	bNAF := b.nafDigits(baseNAFWidth)

	top := 255
	for top >= 0 && aNAF[top] == 0 && bNAF[top] == 0 {
		top--
	}
	var accRoom vecAccRoom
	acc := accRoom.acc()
	acc.setIdentity()
	for i := top; i >= 0; i-- {
		vecDouble(acc)
		if da := aNAF[i]; da > 0 {
			vecAddAffine(acc, &aTable[da/2], 0)
		} else if da < 0 {
			vecAddAffine(acc, &aTable[-da/2], ^uint64(0))
		}
		if db := bNAF[i]; db > 0 {
			vecAddAffine(acc, &bTable[db/2], 0)
		} else if db < 0 {
			vecAddAffine(acc, &bTable[-db/2], ^uint64(0))
		}
	}
	return acc.toPoint(v)
}

// ----------------------------------------------------------------------------
// Multi-scalar, constant time: MultiScalarMult
//
// Straus with signed radix-16 digits: a table of 1..8·P_k per point
// (7 additions each) and one shared chain of 63·4 doublings; each point adds
// 64 additions with 64 scans of 8 entries. Cost for n points:
// n·(7 + 64) additions + 252 doublings.
//
// Vector: n·(22 + 128)V + 504V, with 1280-byte packed windows.
// ----------------------------------------------------------------------------

// checkTerms panics, with v1.2.0's messages, when the slices of a
// multi-scalar function fn differ in length or a point is uninitialized.
func checkTerms(fn string, scalars []*Scalar, points []*Point) {
	if len(scalars) != len(points) {
		panic("edwards25519: called " + fn + " with different size inputs")
	}
	for _, p := range points {
		mustBeInitialized(p)
	}
}

// smallTerms is how many terms the multi-scalar functions keep on the stack
// (about 1.4 KiB each) before they allocate their per-term tables.
const smallTerms = 4

// termsIn returns buf[:n] if n ≤ len(buf) and a new slice of n otherwise:
// per-term storage on the caller's stack for few terms.
func termsIn[E any](buf []E, n int) []E {
	if n <= len(buf) {
		return buf[:n]
	}
	return make([]E, n)
}

// MultiScalarMult sets v = Σ scalars[i]·points[i], and returns v.
//
// Its running time depends only on the length of the slices, which must be
// equal (it panics otherwise, as v1.2.0 does). It allocates the per-point
// tables, O(len(points)) memory.
func (v *Point) MultiScalarMult(scalars []*Scalar, points []*Point) *Point {
	checkTerms("MultiScalarMult", scalars, points)
	if useVec {
		var windowsRoom vecWindowsRoom
		var digitsBuf [smallTerms][65]int8
		windows := windowsRoom.windows(len(points))
		digits := termsIn(digitsBuf[:], len(points))
		for k := range points {
			windows[k].init(points[k])
			digits[k] = scalars[k].signedRadix16Padded()
		}
		var accRoom vecAccRoom
		return vecRadix16(accRoom.acc(), windows, digits).toPoint(v)
	}
	// Up to smallTerms terms live on the caller's stack; more are allocated.
	var windowsBuf [smallTerms]cachedWindow
	var digitsBuf [smallTerms][65]int8
	windows := termsIn(windowsBuf[:], len(points))
	digits := termsIn(digitsBuf[:], len(points))
	for k := range points {
		windows[k].init(points[k])
		digits[k] = scalars[k].signedRadix16Padded()
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

// ----------------------------------------------------------------------------
// Multi-scalar, variable time: VarTimeMultiScalarMult
//
// Straus with width-5 NAF digits: per point 1 doubling + 7 additions of
// table, about 253/6 ≈ 42 additions; one shared chain of ≤ 256 doublings.
//
// Vector: per point 24V of table and about 84V of additions; ≤ 512V of
// doublings shared.
// ----------------------------------------------------------------------------

// VarTimeMultiScalarMult sets v = Σ scalars[i]·points[i], and returns v. The
// slices must have equal lengths (it panics otherwise, as v1.2.0 does).
//
// Its running time depends on its inputs: use it only with public values.
func (v *Point) VarTimeMultiScalarMult(scalars []*Scalar, points []*Point) *Point {
	checkTerms("VarTimeMultiScalarMult", scalars, points)
	if len(points) >= pippengerThreshold {
		if useVec {
			return v.pippengerVec(scalars, points)
		}
		return v.pippenger(scalars, points)
	}
	if useVec {
		return v.straussNAFVec(scalars, points)
	}
	return v.straussNAF(scalars, points)
}

// nafTop fills nafs[k] with the width-5 NAF of scalars[k] and returns the
// highest index with a nonzero digit in any of them (-1 if none).
func nafTop(nafs [][256]int8, scalars []*Scalar) int {
	top := -1
	for k := range nafs {
		nafs[k] = scalars[k].nafDigits(5)
		for i := 255; i > top; i-- {
			if nafs[k][i] != 0 {
				top = i
				break
			}
		}
	}
	return top
}

// straussNAFVec is straussNAF in the vector formulas of vec.go: per point a
// vecOddWindow (1280 bytes), then one vecDouble per bit and one
// vecAddAffine per nonzero digit.
func (v *Point) straussNAFVec(scalars []*Scalar, points []*Point) *Point {
	var tablesRoom vecOddWindowsRoom
	var nafsBuf [smallTerms][256]int8
	tables := tablesRoom.windows(len(points))
	nafs := termsIn(nafsBuf[:], len(points))
	top := nafTop(nafs, scalars)
	for k := range points {
		tables[k].init(points[k])
	}
	var accRoom vecAccRoom
	acc := accRoom.acc()
	acc.setIdentity()
	for i := top; i >= 0; i-- {
		vecDouble(acc)
		for k := range tables {
			if d := nafs[k][i]; d > 0 {
				vecAddAffine(acc, &tables[k][d/2], 0)
			} else if d < 0 {
				vecAddAffine(acc, &tables[k][-d/2], ^uint64(0))
			}
		}
	}
	return acc.toPoint(v)
}

func (v *Point) straussNAF(scalars []*Scalar, points []*Point) *Point {
	var tablesBuf [smallTerms]oddCachedMultiples
	var nafsBuf [smallTerms][256]int8
	tables := termsIn(tablesBuf[:], len(points))
	nafs := termsIn(nafsBuf[:], len(points))
	top := nafTop(nafs, scalars)
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
	if top < 0 {
		return v.setIdentity()
	}
	return v.fromCompleted(&c)
}

// ----------------------------------------------------------------------------
// Multi-scalar, variable time, many points: Pippenger's bucket method
//
// (Pippenger 1976; as used for batch verification in Bernstein, Doumen,
// Lange, Oosterwijk, "Faster batch forgery identification", 2012.)
// Signed radix-2^c digits (c = window width) split each scalar into
// w = ⌈254/c⌉ windows. Window j, from the top, costs
//
//	c doublings of the accumulator,
//	n bucket additions: bucket |d_kj| gains ±P_k (7M each: the points are
//	  made affine once, with one inversion shared by all of them),
//	2·2^(c-1) additions to form Σ b·bucket_b by running sums (9M each),
//
// so about w·(n + 2^c) additions in all against ≈ 50·n for Straus with
// width-5 NAF (42 additions per scalar plus its 8-entry table). The window
// width minimising w·(n + 2^c) is chosen per call; the crossover below is
// where the bucket method measured faster on amd64 (benchstat -count=6,
// 2026-11-29: even at 64 and 96 points, 35% faster at 128, 12% at 192).
//
// Vector: a bucket addition is 2V (the addends are cached points: in lanes
// they cost what affine ones do, so no inversion is needed, 1V per point to
// prepare), a running-sum addition 3V (the running sum made cached, then
// added), a doubling 2V. The window model is unchanged: at n = 1024 it picks
// c = 8, and so do the measured costs (bucket additions about 125 ns,
// running-sum additions about 170 ns: c = 7 comes out 1% and c = 9 13%
// slower in that model). Running bucket additions in interleaved pairs (a
// kernel doing two independent additions phase by phase) was 10% faster in
// isolation but 13% slower inside this loop (median over 10 rounds at
// n = 1024), and was dropped.
// ----------------------------------------------------------------------------

// pippengerThreshold is the number of points from which
// VarTimeMultiScalarMult uses the bucket method instead of Straus.
const pippengerThreshold = 100

// pippengerWindow returns the window width c minimising the addition count
// ⌈254/c⌉·(n + 2^c) of the bucket method for n points.
func pippengerWindow(n int) uint {
	best, bestCost := uint(4), -1
	for c := uint(4); c <= 16; c++ {
		cost := signedWindowDigitCount(c) * (n + 1<<c)
		if bestCost < 0 || cost < bestCost {
			best, bestCost = c, cost
		}
	}
	return best
}

// bucketTerm is one term of the bucket method: the signed digits of its
// scalar (at most ⌈254/4⌉ = 64) and the point in the arithmetic's form D.
type bucketTerm[D any] struct {
	digits [64]int32
	point  D
}

// bucketArith is the point arithmetic under the bucket method, for points
// prepared as D and sums of type S: the scalar formulas (scalarBuckets) or
// the vector ones of vec.go (vecBuckets). Every method is called with
// public data only.
type bucketArith[D, S any] interface {
	// prepare makes terms[k].point the addend form of points[k], all with
	// one shared inversion.
	prepare(terms []bucketTerm[D], points []*Point)
	// start sets s = ±t (an empty bucket's first term: a copy, no addition).
	start(s *S, t *D, neg bool)
	// add sets s = s ± t.
	add(s *S, t *D, neg bool)
	// addSum sets s = s + x.
	addSum(s, x *S)
	// double sets s = 2^n·s.
	double(s *S, n uint)
	identity(s *S)
	// point sets v = s and returns v.
	point(v *Point, s *S) *Point
}

// bucket is a partial sum; filled is false while it is the identity.
type bucket[S any] struct {
	sum    S
	filled bool
}

// bucketMethod computes v = Σ scalars[k]·points[k] as the section comment
// describes, on the arithmetic of arith. It makes two allocations, the
// terms and the buckets, as v1.2.0's Straus makes two.
func bucketMethod[D, S any, A bucketArith[D, S]](v *Point, scalars []*Scalar, points []*Point, arith A) *Point {
	c := pippengerWindow(len(points))
	nd := signedWindowDigitCount(c)
	terms := make([]bucketTerm[D], len(points))
	// The accumulator and the two running sums live past the buckets, in
	// the same allocation: as locals they would escape (arith's methods
	// are called through the generic dictionary) and cost three more.
	buckets := make([]bucket[S], 1<<(c-1)+3)
	acc, running, total := &buckets[len(buckets)-3].sum, &buckets[len(buckets)-2].sum, &buckets[len(buckets)-1].sum
	buckets = buckets[:len(buckets)-3]
	arith.prepare(terms, points)
	for k := range terms {
		scalars[k].signedWindowDigits(c, terms[k].digits[:nd])
	}

	arith.identity(acc)
	for j := nd - 1; j >= 0; j-- {
		if j != nd-1 {
			arith.double(acc, c)
		}
		for b := range buckets {
			buckets[b].filled = false
		}
		for k := range terms {
			d := terms[k].digits[j]
			if d == 0 {
				continue
			}
			t := &terms[k].point
			b := &buckets[max(d, -d)-1]
			if b.filled {
				arith.add(&b.sum, t, d < 0)
			} else {
				arith.start(&b.sum, t, d < 0)
				b.filled = true
			}
		}
		// Σ b·bucket_b = Σ_b (Σ_{b' ≥ b} bucket_b'): add the running sum of
		// the buckets from the top into the total once per index.
		haveRunning, haveTotal := false, false
		for b := len(buckets) - 1; b >= 0; b-- {
			if buckets[b].filled {
				if haveRunning {
					arith.addSum(running, &buckets[b].sum)
				} else {
					*running = buckets[b].sum
					haveRunning = true
				}
			}
			if !haveRunning {
				continue
			}
			if haveTotal {
				arith.addSum(total, running)
			} else {
				*total = *running
				haveTotal = true
			}
		}
		if haveTotal {
			arith.addSum(acc, total)
		}
	}
	return arith.point(v, acc)
}

// pippenger is the bucket method in the scalar formulas: bucket additions
// with affine addends (7M), running sums with cached ones (9M). 536 bytes
// per point (v1.2.0: 1344) plus 168 per bucket.
func (v *Point) pippenger(scalars []*Scalar, points []*Point) *Point {
	return bucketMethod(v, scalars, points, scalarBuckets{})
}

// pippengerInput is a point for the scalar bucket method: as an affine
// addend, and with Z = 1 to start an empty bucket without an addition.
type pippengerInput struct {
	addend affineCached
	point  Point
}

type scalarBuckets struct{}

func (scalarBuckets) prepare(terms []bucketTerm[pippengerInput], points []*Point) {
	batchAffine(points, terms, func(t *bucketTerm[pippengerInput]) (*affineCached, *Point) {
		return &t.point.addend, &t.point.point
	})
}

func (scalarBuckets) start(s *Point, t *pippengerInput, neg bool) {
	if neg {
		s.Negate(&t.point)
	} else {
		s.Set(&t.point)
	}
}

func (scalarBuckets) add(s *Point, t *pippengerInput, neg bool) {
	var sum completed
	if neg {
		s.fromCompleted(sum.subAffine(s, &t.addend))
	} else {
		s.fromCompleted(sum.addAffine(s, &t.addend))
	}
}

func (scalarBuckets) addSum(s, x *Point) {
	var sum completed
	var tmp cached
	s.fromCompleted(sum.addCached(s, tmp.fromExtended(x)))
}

func (scalarBuckets) double(s *Point, n uint) {
	var sum completed
	var pp projective
	s.doubleN(int(n), &pp, &sum)
}

func (scalarBuckets) identity(s *Point) { s.setIdentity() }

func (scalarBuckets) point(v *Point, s *Point) *Point { return v.Set(s) }

// pippengerVec is the bucket method in the vector formulas of vec.go: a
// bucket addition is vecAddAffine (2 vector multiplications), a running-sum
// addition vecCached + vecAddCached (3), a doubling vecDouble (2). The
// addends are packed cached points (Y-X, Y+X, 2d·T, 2Z): in lanes an affine
// addend would cost the same, so no inversion is needed, only one scaling
// per point. 576 bytes per point plus 328 per bucket.
func (v *Point) pippengerVec(scalars []*Scalar, points []*Point) *Point {
	return bucketMethod(v, scalars, points, vecBuckets{})
}

// vecPippengerInput is a point for the vector bucket method: the point
// itself (to start an empty bucket) and as a packed cached addend.
type vecPippengerInput struct {
	point  Point
	addend vecAffine
}

type vecBuckets struct{}

func (vecBuckets) prepare(terms []bucketTerm[vecPippengerInput], points []*Point) {
	var p, c vecLimbs
	for k := range terms {
		terms[k].point.point.Set(points[k])
		vecCached(&c, p.fromPoint(points[k]))
		terms[k].point.addend.pack(&c)
	}
}

func (vecBuckets) start(s *vecLimbs, t *vecPippengerInput, neg bool) {
	if neg {
		var p Point
		s.fromPoint(p.Negate(&t.point))
	} else {
		s.fromPoint(&t.point)
	}
}

func (vecBuckets) add(s *vecLimbs, t *vecPippengerInput, neg bool) {
	vecAddAffine(s, &t.addend, signMask(neg))
}

// signMask is the all-ones mask for neg, else 0. It branches: public signs
// only.
func signMask(neg bool) uint64 {
	if neg {
		return ^uint64(0)
	}
	return 0
}

func (vecBuckets) addSum(s, x *vecLimbs) {
	var tmp vecLimbs
	vecCached(&tmp, x)
	vecAddCached(s, &tmp)
}

func (vecBuckets) double(s *vecLimbs, n uint) {
	for range n {
		vecDouble(s)
	}
}

func (vecBuckets) identity(s *vecLimbs) { s.setIdentity() }

func (vecBuckets) point(v *Point, s *vecLimbs) *Point { return s.toPoint(v) }

// batchAffine sets, for every k, the affine addend of points[k] and, if
// wanted, points[k] itself with Z = 1, in the two places ptrs(&out[k])
// returns (the second may be nil). One field inversion serves all points
// (Montgomery's trick: invert the product of every Z, then peel the
// inverses off one by one): 3 multiplications per point to share the
// inversion and 4 to form (y+x, y-x, 2d·x·y).
func batchAffine[T any](points []*Point, out []T, ptrs func(*T) (*affineCached, *Point)) {
	n := len(points)
	if n == 0 {
		return
	}
	addend := func(k int) *affineCached { a, _ := ptrs(&out[k]); return a }
	// Prefix products Z_0·…·Z_k, kept in the addends' t2d until overwritten.
	addend(0).t2d.Set(&points[0].z)
	for k := 1; k < n; k++ {
		addend(k).t2d.Multiply(&addend(k-1).t2d, &points[k].z)
	}
	var inv, zInv, x, y field.Element
	inv.Invert(&addend(n - 1).t2d) // 1/(Z_0·…·Z_(n-1)); no Z is 0
	for k := n - 1; k >= 0; k-- {
		p := points[k]
		a, affine := ptrs(&out[k])
		if k > 0 {
			zInv.Multiply(&inv, &addend(k-1).t2d) // 1/Z_k
			inv.Multiply(&inv, &p.z)              // 1/(Z_0·…·Z_(k-1))
		} else {
			zInv.Set(&inv)
		}
		x.Multiply(&p.x, &zInv)
		y.Multiply(&p.y, &zInv)
		a.yPlusX.Add(&y, &x)
		a.yMinusX.Subtract(&y, &x)
		a.t2d.Multiply(&x, &y)
		if affine != nil {
			affine.x, affine.y, affine.t = x, y, a.t2d
			affine.z.One()
		}
		a.t2d.Multiply(&a.t2d, curveD2)
	}
}
