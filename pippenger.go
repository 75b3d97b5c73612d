package edwards25519

import (
	"runtime"
	"unsafe"
)

// ----------------------------------------------------------------------------
// Multi-scalar, variable time, many points: Pippenger's bucket method
//
// (Pippenger 1976; as used for batch verification in Bernstein, Doumen,
// Lange, Oosterwijk, "Faster batch forgery identification", 2012.)
// Signed radix-2^c digits (c = window width) split each scalar into
// w = ⌈254/c⌉ windows. Window j, from the top, costs
//
//	c doublings of the accumulator,
//	n bucket additions: bucket |d_kj| gains ±P_k,
//	2·2^(c-1) additions to form Σ b·bucket_b by running sums,
//
// so about w·(n + 2^c) additions in all, against ≈ 50·n for Straus with
// width-5 NAF (42 additions per scalar plus its 8-entry table). The window
// width minimising w·(n + 2^c) is chosen per call, and each backend uses the
// method from its own measured crossover (pippengerThreshold).
//
// Serial: a bucket addition is 7M (the points are made affine once, with
// one inversion shared by all of them, 7M per point), a running-sum
// addition 9M (a cached form and an addition). 536 bytes per point (v1.2.0's
// Straus: 1344) plus 168 per bucket.
//
// Vector: a bucket addition is 2V (the addends are packed cached points: in
// lanes they cost what affine ones do, so no inversion is needed, 1V per
// point to prepare), and two of them to different buckets one call of
// addAffine2 (on IFMA about the time of one addition), a running-sum
// addition 3V (the running sum made cached, then added), a doubling 2V. The window model is the serial one;
// at n = 1024 it picks c = 8, as the measured costs of the two kinds of
// addition do on both vector backends (docs/PERFORMANCE.md). 576 bytes per
// point on either, plus 328 per bucket on AVX2 and 168 on IFMA.
// ----------------------------------------------------------------------------

// pippengerThreshold returns the number of points from which
// VarTimeMultiScalarMult uses the bucket method instead of Straus on
// backend b: where the bucket method measured faster (docs/PERFORMANCE.md).
func pippengerThreshold(b backend) int {
	switch b {
	case backendAVX2:
		return 104
	case backendIFMA:
		return 64
	}
	return 96
}

// pippenger sets v = Σ scalars[k]·points[k] by the bucket method on the
// current backend, whatever the number of points, with the window width of
// pippengerWindow. Like every function of this section it runs in variable
// time: the digits index the buckets.
func (v *Point) pippenger(scalars []*Scalar, points []*Point) *Point {
	return v.pippengerWidth(scalars, points, pippengerWindow(len(points)))
}

// pippengerWidth is pippenger with window width c, 4 ≤ c ≤ 16.
func (v *Point) pippengerWidth(scalars []*Scalar, points []*Point, c uint) *Point {
	switch pointBackend {
	case backendAVX2:
		return pippengerVec[avx2Backend](v, scalars, points, c)
	case backendIFMA:
		return pippengerVec[ifmaBackend](v, scalars, points, c)
	}
	return v.pippengerSerial(scalars, points, c)
}

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
// scalar (at most ⌈254/4⌉ = 64) and its point in the backend's addend form
// D.
type bucketTerm[D any] struct {
	digits [64]int32
	point  D
}

// bucketDigits sets the digits of every term to the signed radix-2^c digits
// of its scalar, and returns their number.
func bucketDigits[D any](terms []bucketTerm[D], scalars []*Scalar, c uint) int {
	nd := signedWindowDigitCount(c)
	for k := range terms {
		scalars[k].signedWindowDigits(c, terms[k].digits[:nd])
	}
	return nd
}

// bucket is a partial sum; filled is false while it is the identity.
type bucket[S any] struct {
	sum    S
	filled bool
}

// The two loops below are the same algorithm, as the section comment
// describes: per window from the top, c doublings of the accumulator, the
// terms into the buckets of their digits (an empty bucket's first term is a
// copy, not an addition), then Σ b·bucket_b = Σ_b (Σ_{b' ≥ b} bucket_b') by
// adding the running sum of the buckets from the top into the total once
// per index, and the total into the accumulator. Each makes two
// allocations, the terms and the buckets, as v1.2.0's Straus makes two.

// serialBucketInput is a point for the serial bucket method: as an affine
// addend, and with Z = 1 to start an empty bucket without an addition.
type serialBucketInput struct {
	addend affineCached
	point  Point
}

// pippengerSerial is the bucket method in the serial formulas: the points
// made affine addends with one shared inversion, bucket additions with
// affine addends (7M), running sums with cached ones (9M).
func (v *Point) pippengerSerial(scalars []*Scalar, points []*Point, c uint) *Point {
	terms := make([]bucketTerm[serialBucketInput], len(points))
	batchAffine(points, terms, func(t *bucketTerm[serialBucketInput]) (*affineCached, *Point) {
		return &t.point.addend, &t.point.point
	})
	nd := bucketDigits(terms, scalars, c)
	buckets := make([]bucket[Point], 1<<(c-1))

	var acc, running, total Point
	var sum completed
	var pp projective
	var tmp cached
	acc.setIdentity()
	for j := nd - 1; j >= 0; j-- {
		if j != nd-1 {
			acc.doubleN(int(c), &pp, &sum)
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
			switch {
			case !b.filled && d < 0:
				b.sum.Negate(&t.point)
			case !b.filled:
				b.sum.Set(&t.point)
			case d < 0:
				b.sum.fromCompleted(sum.subAffine(&b.sum, &t.addend))
			default:
				b.sum.fromCompleted(sum.addAffine(&b.sum, &t.addend))
			}
			b.filled = true
		}
		haveRunning, haveTotal := false, false
		for b := len(buckets) - 1; b >= 0; b-- {
			if buckets[b].filled {
				if haveRunning {
					running.fromCompleted(sum.addCached(&running, tmp.fromExtended(&buckets[b].sum)))
				} else {
					running.Set(&buckets[b].sum)
					haveRunning = true
				}
			}
			if !haveRunning {
				continue
			}
			if haveTotal {
				total.fromCompleted(sum.addCached(&total, tmp.fromExtended(&running)))
			} else {
				total.Set(&running)
				haveTotal = true
			}
		}
		if haveTotal {
			acc.fromCompleted(sum.addCached(&acc, tmp.fromExtended(&total)))
		}
	}
	return v.Set(&acc)
}

// vecBucketInput is a point for a vector bucket method: the point itself
// (to start an empty bucket) and as a packed cached addend.
type vecBucketInput[A any] struct {
	point  Point
	addend A
}

// vecBucketRoom is the stack memory of pippengerVec: the accumulator, the
// running sum and the total, scratch lanes, and the points the lanes end as
// or start from.
type vecBucketRoom[L any] struct {
	acc, running, total, t0, t1 L
	point                       Point
}

// pippengerVec is the bucket method on vector backend B: a bucket addition
// is addAffine (2V), two of them to different buckets one addAffine2, a
// running-sum addition cached and addCached (3V), the two running sums of a
// step one cached2 and one addCached2, a doubling double (2V). The addends
// are packed cached points (Y-X, Y+X, 2d·T, 2Z), up to the backend's λ: in
// lanes an affine addend would cost the same, so no inversion is needed,
// only one cached form per point. The buckets are heap memory, handed to
// B's methods as they are; the room's lanes go through vecHide.
func pippengerVec[B vecBackend[L, A], L, A any](v *Point, scalars []*Scalar, points []*Point, c uint) *Point {
	var b B
	var room vecRoom[vecBucketRoom[L]]
	s := room.get()
	terms := make([]bucketTerm[vecBucketInput[A]], len(points))
	for k := range terms {
		in := &terms[k].point
		in.point.Set(points[k])
		b.fromPoint(vecHide(&s.t0), &in.point)
		b.cachedPack(&in.addend, vecHide(&s.t0))
	}
	nd := bucketDigits(terms, scalars, c)
	buckets := make([]bucket[L], 1<<(c-1))

	// addSum sets x = x + y, for x and y in the room or the buckets.
	addSum := func(x, y *L) {
		b.cached(vecHide(&s.t0), vecHide(y))
		b.addCached(vecHide(x), vecHide(&s.t0))
	}
	// addSum2 sets x = x + y and x2 = x2 + y2 at once, both sums read
	// before either is written; x and x2 differ, and so do y and x2.
	addSum2 := func(x, y, x2, y2 *L) {
		b.cached2(vecHide(&s.t0), vecHide(y), vecHide(&s.t1), vecHide(y2))
		b.addCached2(vecHide(x), vecHide(&s.t0), vecHide(x2), vecHide(&s.t1))
	}
	b.setIdentity(vecHide(&s.acc))
	for j := nd - 1; j >= 0; j-- {
		if j != nd-1 {
			for range c {
				b.double(vecHide(&s.acc))
			}
		}
		for i := range buckets {
			buckets[i].filled = false
		}
		// A bucket addition waits in pending until the next one, if it
		// goes to another bucket, can run with it in one addAffine2.
		var pending *bucket[L]
		var pendingAddend *A
		var pendingNeg uint64
		for k := range terms {
			d := terms[k].digits[j]
			if d == 0 {
				continue
			}
			t := &terms[k].point
			bk := &buckets[max(d, -d)-1]
			switch {
			case !bk.filled && d < 0:
				s.point.Negate(&t.point)
				b.fromPoint(&bk.sum, vecHide(&s.point))
			case !bk.filled:
				b.fromPoint(&bk.sum, &t.point)
			case pending == nil:
				pending, pendingAddend, pendingNeg = bk, &t.addend, signMask(d < 0)
			case pending == bk:
				b.addAffine(&pending.sum, pendingAddend, pendingNeg)
				pendingAddend, pendingNeg = &t.addend, signMask(d < 0)
			default:
				b.addAffine2(&pending.sum, pendingAddend, pendingNeg, &bk.sum, &t.addend, signMask(d < 0))
				pending = nil
			}
			bk.filled = true
		}
		if pending != nil {
			b.addAffine(&pending.sum, pendingAddend, pendingNeg)
		}
		// The running sums, R_i = Σ_(b ≥ i) bucket_b and total = Σ_i R_i,
		// from the top bucket down. The total runs one step behind: step i
		// adds R_(i+1) to it while R_(i+1) becomes R_i, so that the two
		// sums, which both read only the values before the step, go to
		// addSum2 together. R_0 is added after the loop.
		haveRunning, haveTotal := false, false
		for i := len(buckets) - 1; i >= 0; i-- {
			filled := buckets[i].filled
			if haveRunning {
				switch {
				case haveTotal && filled:
					addSum2(&s.total, &s.running, &s.running, &buckets[i].sum)
					continue
				case haveTotal:
					addSum(&s.total, &s.running)
				default:
					s.total = s.running
					haveTotal = true
				}
			}
			if filled {
				if haveRunning {
					addSum(&s.running, &buckets[i].sum)
				} else {
					s.running = buckets[i].sum
					haveRunning = true
				}
			}
		}
		if haveRunning {
			if haveTotal {
				addSum(&s.total, &s.running)
			} else {
				s.total = s.running
				haveTotal = true
			}
		}
		if haveTotal {
			addSum(&s.acc, &s.total)
		}
	}
	// The buckets and terms are heap memory; keep them until the last
	// hidden pointer into them has been used.
	runtime.KeepAlive(unsafe.SliceData(buckets))
	runtime.KeepAlive(unsafe.SliceData(terms))
	b.toPoint(vecHide(&s.point), vecHide(&s.acc))
	return v.Set(&s.point)
}

// signMask is the all-ones mask for neg, else 0. It branches: public signs
// only.
func signMask(neg bool) uint64 {
	if neg {
		return ^uint64(0)
	}
	return 0
}
