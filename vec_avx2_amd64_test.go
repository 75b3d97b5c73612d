//go:build amd64 && !purego

package edwards25519

import (
	"math/rand/v2"
	"strconv"
	"testing"
	"unsafe"

	"golang.org/x/sys/cpu"
)

// The AVX2 routines of vec_avx2_amd64.s against their generic twins
// (vec_avx2*.go), limb for limb (==, not only by value): the assembly must
// run the same steps, so any difference is a bug even when the value mod p
// agrees. vec_avx2_test.go checks the twins themselves by value.

func vtRequireAVX2(t *testing.T) {
	t.Helper()
	if !cpu.X86.HasAVX2 {
		t.Skip("CPU has no AVX2")
	}
}

func vtMulAVX2(out, a, b *avx2Lanes) {
	avx2MulAsm((*[10][4]uint64)(out), (*[10][4]uint64)(a), (*[10][4]uint64)(b))
}

func TestAVX2MulAsm(t *testing.T) {
	vtRequireAVX2(t)
	r := ptRand(t)
	edges := vtEdgeLimbs()
	seconds := append(vtEdgeWide(), edges...)
	var inputs [][2]*avx2Lanes
	for _, a := range edges {
		for _, b := range seconds {
			inputs = append(inputs, [2]*avx2Lanes{a, b})
		}
	}
	for range 3000 {
		a, b := vtRandLimbs(r, vtLooseMax), vtRandLimbs(r, vtLooseMax)
		switch r.IntN(5) {
		case 0:
			b = seconds[r.IntN(len(seconds))]
		case 1:
			a = edges[r.IntN(len(edges))]
		case 2:
			b = vtRandLimbs(r, vtWideMax)
		}
		inputs = append(inputs, [2]*avx2Lanes{a, b})
	}
	for n, in := range inputs {
		a, b := in[0], in[1]
		what := "avx2MulAsm input " + strconv.Itoa(n)
		var want avx2Lanes
		avx2MulGeneric(&want, a, b)
		g := newVecGuarded(&avx2Lanes{})
		ac, bc := *a, *b
		vtMulAVX2(&g.v, &ac, &bc)
		g.check(t, what)
		vecSameLimbs(t, what, g.v[:], want[:])
		if ac != *a || bc != *b {
			t.Fatalf("%s modified its inputs", what)
		}
		// out = a, out = b.
		x := *a
		vtMulAVX2(&x, &x, b)
		vecSameLimbs(t, what+" (out = a)", x[:], want[:])
		x = *b
		vtMulAVX2(&x, a, &x)
		vecSameLimbs(t, what+" (out = b)", x[:], want[:])
		// a = b, and out = a = b.
		var sq avx2Lanes
		avx2MulGeneric(&sq, a, a)
		var y avx2Lanes
		vtMulAVX2(&y, a, a)
		vecSameLimbs(t, what+" (a = b)", y[:], sq[:])
		x = *a
		vtMulAVX2(&x, &x, &x)
		vecSameLimbs(t, what+" (out = a = b)", x[:], sq[:])
	}
}

// vtRandAffine returns a packed addend with reduced random limbs (the
// routines' contract; lane 2 stays below 2p limb-wise).
func vtRandAffine(r *rand.Rand) *avx2Addend {
	var a avx2Addend
	for i := range a {
		for l := range a[i] {
			a[i][l] = uint32(vtLimb(r, i, vtReducedMax))
		}
	}
	return &a
}

// vtAccumulators returns reduced accumulators for the additions: random
// reduced limbs, the reduced maximum, points, and the identity.
func vtAccumulators(t testing.TB, r *rand.Rand, n int) []*avx2Lanes {
	out := []*avx2Lanes{vtFill(vtReducedMax), new(avx2Lanes).setIdentity()}
	for _, p := range ptPoints(t, r, 12) {
		out = append(out, new(avx2Lanes).fromPoint(p))
	}
	for len(out) < n {
		out = append(out, vtRandLimbs(r, vtReducedMax))
	}
	return out
}

func vtAddAffineAVX2(p *avx2Lanes, a *avx2Addend, neg uint64) {
	avx2AddAffineAsm((*[10][4]uint64)(p), (*[10][4]uint32)(a), neg)
}

func TestAVX2AddAffineAsm(t *testing.T) {
	vtRequireAVX2(t)
	r := ptRand(t)
	rows := avx2Backend{}.baseComb()
	maxAffine := new(avx2Addend)
	for i := range maxAffine {
		for l := range maxAffine[i] {
			maxAffine[i][l] = uint32(vtReducedMax(i))
		}
	}
	for n, p := range vtAccumulators(t, r, 300) {
		addends := []*avx2Addend{&rows[r.IntN(vecCombRows)][r.IntN(combEntries)], vtRandAffine(r)}
		if n == 0 {
			addends = append(addends, maxAffine)
		}
		for k, a := range addends {
			for _, neg := range []uint64{0, ^uint64(0)} {
				what := "avx2AddAffineAsm input " + strconv.Itoa(n) + "/" + strconv.Itoa(k) + " neg " + strconv.FormatUint(neg&1, 10)
				want := *p
				avx2AddAffineGeneric(&want, a, neg)
				g := newVecGuarded(p)
				ac := *a
				vtAddAffineAVX2(&g.v, &ac, neg)
				g.check(t, what)
				vecSameLimbs(t, what, g.v[:], want[:])
				if ac != *a {
					t.Fatalf("%s modified its addend", what)
				}
			}
		}
	}
	// Chains of 200 additions from points, compared at every step.
	for chain := range 4 {
		var got, want avx2Lanes
		if chain == 0 {
			got.setIdentity()
		} else {
			got.fromPoint(ptPoints(t, r, 12)[11])
		}
		want = got
		for step := range 200 {
			term := vtRandTerm(r)
			a := &rows[term.m][term.i]
			avx2AddAffineGeneric(&want, a, term.neg)
			vtAddAffineAVX2(&got, a, term.neg)
			vecSameLimbs(t, "chain "+strconv.Itoa(chain)+" step "+strconv.Itoa(step), got[:], want[:])
		}
	}
}

func vtAddDigitAVX2(p *avx2Lanes, row *[combEntries]avx2Addend, d int32) {
	masks, neg := vecDigitMasks(d)
	avx2AddDigitAsm((*[10][4]uint64)(p), (*[8][10][4]uint32)(unsafe.Pointer(row)), masks, neg)
}

func TestAVX2AddDigitAsm(t *testing.T) {
	vtRequireAVX2(t)
	r := ptRand(t)
	rows := avx2Backend{}.baseComb()
	var randRow [combEntries]avx2Addend
	for n, p := range vtAccumulators(t, r, 60) {
		for i := range randRow {
			randRow[i] = *vtRandAffine(r)
		}
		for k, row := range []*[combEntries]avx2Addend{&rows[r.IntN(vecCombRows)], &randRow} {
			for d := int32(-combEntries); d <= combEntries; d++ {
				if d == 0 {
					continue // names no entry
				}
				what := "avx2AddDigitAsm input " + strconv.Itoa(n) + "/" + strconv.Itoa(k) + " digit " + strconv.Itoa(int(d))
				want := *p
				avx2AddDigitGeneric(&want, row, d)
				g := newVecGuarded(p)
				saved := *row
				vtAddDigitAVX2(&g.v, row, d)
				g.check(t, what)
				vecSameLimbs(t, what, g.v[:], want[:])
				if saved != *row {
					t.Fatalf("%s modified the table", what)
				}
				// The bound wrapper.
				x := *p
				avx2AddDigit(&x, row, d)
				vecSameLimbs(t, what+" (avx2AddDigit)", x[:], want[:])
			}
		}
	}
	for chain := range 2 {
		var got, want avx2Lanes
		got.fromPoint(ptPoints(t, r, 12)[11])
		want = got
		for step := range 200 {
			m, d := r.IntN(vecCombRows), vecRandDigit(r)
			avx2AddDigitGeneric(&want, &rows[m], d)
			vtAddDigitAVX2(&got, &rows[m], d)
			vecSameLimbs(t, "digit chain "+strconv.Itoa(chain)+" step "+strconv.Itoa(step), got[:], want[:])
		}
	}
}

// The doubling and the cached forms (avx2DoubleAsm, avx2CachedAsm,
// avx2AddCachedAsm) against their twins, limb for limb.

func TestAVX2DoubleCachedAsm(t *testing.T) {
	vtRequireAVX2(t)
	r := ptRand(t)
	scale := &vecCachedFactors
	rows := avx2Backend{}.baseComb()
	accs := vtAccumulators(t, r, 300)
	for n, p := range accs {
		what := "input " + strconv.Itoa(n)

		want := *p
		avx2DoubleGeneric(&want)
		g := newVecGuarded(p)
		avx2DoubleAsm((*[10][4]uint64)(&g.v))
		g.check(t, "avx2DoubleAsm "+what)
		vecSameLimbs(t, "avx2DoubleAsm "+what, g.v[:], want[:])

		var c avx2Lanes
		avx2CachedGeneric(&c, p)
		g = newVecGuarded(&avx2Lanes{})
		pc := *p
		avx2CachedAsm((*[10][4]uint64)(&g.v), (*[10][4]uint64)(&pc), scale)
		g.check(t, "avx2CachedAsm "+what)
		vecSameLimbs(t, "avx2CachedAsm "+what, g.v[:], c[:])
		if pc != *p {
			t.Fatalf("avx2CachedAsm %s modified its input", what)
		}
		avx2CachedAsm((*[10][4]uint64)(&pc), (*[10][4]uint64)(&pc), scale)
		vecSameLimbs(t, "avx2CachedAsm (q = p) "+what, pc[:], c[:])

		// Addends: the cached form of another accumulator, its negation
		// (lane 2 loose), and random reduced limbs.
		var neg avx2Lanes
		vtNegateCached(&neg, &c)
		for k, q := range []*avx2Lanes{&c, &neg, vtRandLimbs(r, vtReducedMax)} {
			base := accs[r.IntN(len(accs))]
			want := *base
			avx2AddCachedGeneric(&want, q)
			g := newVecGuarded(base)
			qc := *q
			avx2AddCachedAsm((*[10][4]uint64)(&g.v), (*[10][4]uint64)(&qc))
			g.check(t, "avx2AddCachedAsm "+what)
			vecSameLimbs(t, "avx2AddCachedAsm "+what+"/"+strconv.Itoa(k), g.v[:], want[:])
			if qc != *q {
				t.Fatalf("avx2AddCachedAsm %s modified its addend", what)
			}
		}
	}
	// A chain of 200 doublings and cached additions, compared every step.
	var got, want avx2Lanes
	got.fromPoint(ptPoints(t, r, 12)[11])
	want = got
	for step := range 200 {
		var c, cg avx2Lanes
		switch r.IntN(3) {
		case 0:
			avx2DoubleGeneric(&want)
			avx2DoubleAsm((*[10][4]uint64)(&got))
		case 1:
			avx2CachedGeneric(&c, &want)
			avx2CachedAsm((*[10][4]uint64)(&cg), (*[10][4]uint64)(&got), scale)
			vecSameLimbs(t, "chain cached step "+strconv.Itoa(step), cg[:], c[:])
			avx2AddCachedGeneric(&want, &c)
			avx2AddCachedAsm((*[10][4]uint64)(&got), (*[10][4]uint64)(&cg))
		default:
			term := vtRandTerm(r)
			avx2AddAffineGeneric(&want, &rows[term.m][term.i], term.neg)
			vtAddAffineAVX2(&got, &rows[term.m][term.i], term.neg)
		}
		vecSameLimbs(t, "double/cached chain step "+strconv.Itoa(step), got[:], want[:])
	}
}

// The packed cached form (avx2CachedPackAsm) against its twin: the same
// packed words, nothing written outside the addend, the input left as it
// was.

func TestAVX2CachedPackAsm(t *testing.T) {
	vtRequireAVX2(t)
	r := ptRand(t)
	scale := &vecCachedFactors
	accs := vtAccumulators(t, r, 300)
	for n, p := range accs {
		what := "input " + strconv.Itoa(n)

		var want avx2Addend
		avx2CachedPackGeneric(&want, p)
		g := newVecGuarded(&avx2Addend{})
		pc := *p
		avx2CachedPackAsm((*[10][4]uint32)(&g.v), (*[10][4]uint64)(&pc), scale)
		g.check(t, "avx2CachedPackAsm "+what)
		if g.v != want {
			t.Fatalf("avx2CachedPackAsm %s: %v, the twin gives %v", what, g.v, want)
		}
		if pc != *p {
			t.Fatalf("avx2CachedPackAsm %s modified its input", what)
		}
	}
}
