//go:build amd64 && !purego

package edwards25519

import (
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"
)

// The AVX2 kernels at the limb boundaries of their carries.
//
// Several steps add a multiple of p before a carry: 2p in the cached form's
// lanes 0 and 2 and in the negated addend's lane 2, 2^36·p in the lane-3
// negation of the doubling's squares. Had a kernel added another multiple
// (4p, 2^37·p), the value mod p would not change, and on almost every
// input the limbs would not either: the extra carry out of each limb
// covers the shortfall of the next. It fails to when a limb that
// avx2CarryOrder carries before the limb below it has fed it (limb 0, and
// limb 4 on its first carry) comes up short, and the limb above sits
// within that shortfall of a multiple of its width: for 4p in the cached
// form, limb 1 exactly on a multiple of 2^25, once in 2^28 to 2^29 lanes.
// Where a second product follows, its single carry pass smooths the
// difference out unless it meets the same coincidence again, so random
// inputs practically never show it. The tests below build inputs that
// meet it, so that every kernel must add the multiple of p its twin adds.

// vtSolveLimb returns a u in [lo, hi], drawn with r among the solutions,
// with u·f + c ≡ target (mod 2^w), for f twice an odd number; ok is false
// when there is none.
func vtSolveLimb(r *rand.Rand, f, c, target uint64, w uint, lo, hi uint64) (u uint64, ok bool) {
	d := target - c
	if f%2 != 0 || (f/2)%2 != 1 || d%2 != 0 {
		return 0, false
	}
	mod := uint64(1) << (w - 1)
	inv := new(big.Int).ModInverse(new(big.Int).SetUint64(f/2), new(big.Int).SetUint64(mod)).Uint64()
	base := (d / 2 % mod) * inv % mod // both factors below 2^25
	first := lo + (base+mod-lo%mod)%mod
	if first > hi {
		return 0, false
	}
	return first + r.Uint64N((hi-first)/mod+1)*mod, true
}

// vtCachedBoundary returns a reduced accumulator whose cached form's lane
// l (0 or 2) has, before the carries, limb lo (0 or 4) below twice the
// lane's factor, so that a larger multiple of p there borrows, and limb
// lo+1 plus the carry out of limb lo a multiple of 2^25.
func vtCachedBoundary(t *testing.T, r *rand.Rand, l, lo int) *avx2Lanes {
	t.Helper()
	f := vecCachedFactors[l]
	// The range of u_i = Y_i + 2p_i - X_i (lane 0) or 2p_i - T_i (lane 2).
	window := func(i int) (uint64, uint64) {
		if l == 0 {
			return avx2TwoP[i] - vtReducedMax(i), avx2TwoP[i] + vtReducedMax(i)
		}
		return avx2TwoP[i] - vtReducedMax(i), avx2TwoP[i]
	}
	hi := lo + 1
	wlo, whi := avx2LimbWidth(lo), avx2LimbWidth(hi)
	for range 100 {
		a, b := window(lo)
		ulo, ok := vtSolveLimb(r, f, 0, 2*r.Uint64N(f), wlo, a, b)
		if !ok {
			continue
		}
		a, b = window(hi)
		uhi, ok := vtSolveLimb(r, f, ulo*f>>wlo, 0, whi, a, b)
		if !ok {
			continue // an odd carry: no solution for this ulo
		}
		p := vtRandLimbs(r, vtReducedMax)
		for i, u := range map[int]uint64{lo: ulo, hi: uhi} {
			if l == 2 {
				p[i][3] = avx2TwoP[i] - u
				continue
			}
			p[i][0], p[i][1] = 0, 0
			if u >= avx2TwoP[i] {
				p[i][1] = u - avx2TwoP[i]
			} else {
				p[i][0] = avx2TwoP[i] - u
			}
		}
		// The conditions, from the limbs just set.
		u := func(i int) uint64 { return p[i][1] + avx2TwoP[i] - p[i][0] }
		if l == 2 {
			u = func(i int) uint64 { return avx2TwoP[i] - p[i][3] }
		}
		vlo, vhi := u(lo)*f, u(hi)*f
		if vlo&(1<<wlo-1) >= 2*f || (vhi+vlo>>wlo)&(1<<whi-1) != 0 {
			t.Fatalf("lane %d limb %d: the accumulator misses the boundary", l, lo)
		}
		vtCheckReduced(t, "boundary accumulator", p)
		return p
	}
	t.Fatalf("lane %d limb %d: no accumulator found", l, lo)
	return nil
}

// TestAVX2CachedCarryBoundary runs avx2CachedAsm and avx2CachedPackAsm,
// whose output is the carried sums themselves, on accumulators at the
// boundary, for both lanes that hold a difference and both limbs carried
// early, against their twins limb for limb.
func TestAVX2CachedCarryBoundary(t *testing.T) {
	vtRequireAVX2(t)
	r := ptRand(t)
	scale := &vecCachedFactors
	for _, l := range []int{0, 2} {
		for _, lo := range []int{0, 4} {
			for n := range 16 {
				what := "lane " + strconv.Itoa(l) + " limb " + strconv.Itoa(lo) + " input " + strconv.Itoa(n)
				p := vtCachedBoundary(t, r, l, lo)

				var want, got avx2Lanes
				avx2CachedGeneric(&want, p)
				pc := *p
				avx2CachedAsm((*[10][4]uint64)(&got), (*[10][4]uint64)(&pc), scale)
				vecSameLimbs(t, "avx2CachedAsm "+what, got[:], want[:])

				var wantPacked, gotPacked avx2Addend
				avx2CachedPackGeneric(&wantPacked, p)
				avx2CachedPackAsm((*[10][4]uint32)(&gotPacked), (*[10][4]uint64)(&pc), scale)
				if gotPacked != wantPacked {
					t.Fatalf("avx2CachedPackAsm %s: %v, the twin gives %v", what, gotPacked, wantPacked)
				}
			}
		}
	}
}

// vtLimbAt sets one limb of one lane: the sparse inputs below.
type vtLimbAt struct {
	limb, lane int
	v          uint64
}

// vtDoubleBoundaries are accumulators on which the doubling meets the
// coincidence twice: X+Y = (1, s, 0, …) puts limb 1 of lane 3's square just
// above a multiple of 2^25 (as vtSquaresBoundary does), and Z makes the
// second product borrow where that square's limbs feed it. They were found
// by a search against a copy of avx2DoubleGeneric with 2^37·p in the
// negation, whose limbs differ from the twin's on them; the search is not
// part of the test, and the expected limbs come from the twin.
var vtDoubleBoundaries = [][]vtLimbAt{
	{{0, 0, 1}, {1, 0, 16764646}, {1, 1, 377}, {3, 2, 19980915}, {6, 2, 67108863}},
	{{0, 0, 1}, {0, 2, 182}, {1, 0, 2873703}, {1, 1, 13887652}, {5, 2, 33685503}},
	{{0, 0, 1}, {0, 2, 4591597}, {1, 0, 33541952}, {1, 1, 377}},
}

// vtSquaresBoundary returns a reduced accumulator with X+Y = (1, s, 0, …)
// such that, in the doubling's squares, limb 1 of lane 3 (2^36·p - (X+Y)²,
// limb by limb) plus the carry out of limb 0 is less than 19·2^10 above a
// multiple of 2^25: a carry out of limb 0 short by 19·2^10, as with
// 2^37·p, borrows there. Z is random, in two limbs; T is not read.
func vtSquaresBoundary(r *rand.Rand) *avx2Lanes {
	// With X+Y = (1, s, 0, …) the columns of lane 3 are K_0 - 1 and K_1 -
	// 2s (and K_k above), so limb 1 is K_1 - 2s + ((K_0 - 1) >> 26).
	for {
		c := avx2NegK[1] + (avx2NegK[0]-1)>>26
		s, ok := vtSolveLimb(r, 1<<25-2, c, r.Uint64N(19<<10), 25, 0, 2*vtReducedMax(1))
		if !ok {
			continue
		}
		var p avx2Lanes
		y := r.Uint64N(min(s, vtReducedMax(1)) + 1)
		if s-y > vtReducedMax(1) {
			continue
		}
		p[0][0], p[1][0], p[1][1] = 1, s-y, y
		for range 2 {
			i := r.IntN(avx2LimbCount)
			p[i][2] = vtLimb(r, i, vtReducedMax)
		}
		return &p
	}
}

// TestAVX2DoubleCarryBoundary runs avx2DoubleAsm against its twin, limb for
// limb, on the accumulators of vtDoubleBoundaries and on random ones at the
// first boundary (vtSquaresBoundary).
func TestAVX2DoubleCarryBoundary(t *testing.T) {
	vtRequireAVX2(t)
	r := ptRand(t)
	var inputs []*avx2Lanes
	for _, limbs := range vtDoubleBoundaries {
		p := new(avx2Lanes)
		for _, e := range limbs {
			p[e.limb][e.lane] = e.v
		}
		inputs = append(inputs, p)
	}
	for range 500 {
		inputs = append(inputs, vtSquaresBoundary(r))
	}
	for n, p := range inputs {
		what := "avx2DoubleAsm input " + strconv.Itoa(n)
		vtCheckReduced(t, what, p)
		want := *p
		avx2DoubleGeneric(&want)
		got := *p
		avx2DoubleAsm((*[10][4]uint64)(&got))
		vecSameLimbs(t, what, got[:], want[:])
	}
}

// TestAVX2NegatedAddendCarryBoundary runs the additions of a negated addend
// (avx2AddAffineAsm, and avx2AddDigitAsm with a negative digit) against
// their twins, limb for limb, on inputs where the first product's lane 2,
// T·(2p - t) with T = 1, meets the boundary at limbs 0 and 1, and the other
// limbs are sparse and random: one in every other lane of the accumulator
// and of the addend. On such inputs the second product borrows at the
// boundary too about once in a thousand, so twenty thousand of them tell
// 2p from another multiple of p in the negation.
func TestAVX2NegatedAddendCarryBoundary(t *testing.T) {
	vtRequireAVX2(t)
	r := ptRand(t)
	var row [combEntries]avx2Addend
	for i := range row {
		row[i] = *vtRandAffine(r)
	}
	for n := range 20000 {
		var p avx2Lanes
		var a avx2Addend
		p[0][3] = 1
		for l := range 3 {
			i := r.IntN(avx2LimbCount)
			p[i][l] = vtLimb(r, i, vtReducedMax)
		}
		for _, l := range []int{0, 1, 3} {
			i := r.IntN(avx2LimbCount)
			a[i][l] = uint32(vtLimb(r, i, vtReducedMax))
		}
		// 2p - t: limb 0 is 2^26 plus less than 38, limb 1 plus its carry 2^25.
		a[0][2] = 1<<26 - 38 - uint32(r.IntN(38))
		a[1][2] = 1<<25 - 1

		what := "input " + strconv.Itoa(n)
		want := p
		avx2AddAffineGeneric(&want, &a, ^uint64(0))
		got := p
		vtAddAffineAVX2(&got, &a, ^uint64(0))
		vecSameLimbs(t, "avx2AddAffineAsm "+what, got[:], want[:])

		if n%4 == 0 {
			e := r.IntN(combEntries)
			row[e] = a
			d := -int32(e + 1)
			want = p
			avx2AddDigitGeneric(&want, &row, d)
			got = p
			vtAddDigitAVX2(&got, &row, d)
			vecSameLimbs(t, "avx2AddDigitAsm "+what, got[:], want[:])
		}
	}
}
