package edwards25519

import (
	"math/big"
	"math/rand/v2"
	"strconv"
	"sync"
	"testing"

	ref "filippo.io/edwards25519"

	"github.com/seed06d4b90c/edwards25519/field"
)

// Tests of the AVX2 backend's arithmetic (vec_avx2*.go) on every GOARCH:
// the limbs are checked by value against math/big and field.Element, the
// bounds ("reduced", "loose", "wide") limb by limb, and the point formulas
// and the tables against filippo.io/edwards25519 v1.2.0. The portable twins
// run everywhere; the bound kernels (avx2AddDigit, …) where backendRuns
// says they can. vec_avx2_amd64_test.go checks the assembly against the
// twins limb for limb; the scalar multiplications on this backend are
// tested with the others, through forEachBackend.

func vtRequireAVX2Kernels(t *testing.T) {
	t.Helper()
	if !backendRuns(backendAVX2) {
		t.Skip("the AVX2 kernels are the assembly, and this CPU has no AVX2")
	}
}

var (
	vtLimit = new(big.Int).Lsh(big.NewInt(1), 64)
	vtTwoP  = new(big.Int).Lsh(vecP, 1)
)

// vtWeight is the exponent of limb i in radix 2^25.5: ⌈25.5·i⌉.
func vtWeight(i int) uint { return uint(51*i+1) / 2 }

// vtReducedMax and vtLooseMax are the largest limb values allowed by the
// two bounds of vec_avx2.go's section comment (one less than the bound).
func vtReducedMax(i int) uint64 {
	if i%2 == 0 {
		return 1<<26 - 1
	}
	return 1<<25 + 1<<17 - 1
}

func vtLooseMax(i int) uint64 {
	if i%2 == 0 {
		return 3<<26 - 1
	}
	return 3<<25 + 3<<17 - 1
}

// vtWideMax is the largest limb of the multiplication's second operand ("wide").
func vtWideMax(i int) uint64 {
	if i%2 == 0 {
		return 5<<26 - 1
	}
	return 5<<25 + 3<<17 - 1
}

// vtEdgeWide returns edge second operands for the multiplication: every limb at the
// wide maximum, and one lane at it with the others at the loose maximum.
func vtEdgeWide() []*avx2Lanes {
	out := []*avx2Lanes{vtFill(vtWideMax)}
	for l := range 4 {
		v := vtFill(vtLooseMax)
		for i := range v {
			v[i][l] = vtWideMax(i)
		}
		out = append(out, v)
	}
	return out
}

// vtLaneBig returns Σ limb_i·2^w_i of lane l, not reduced.
func vtLaneBig(v *avx2Lanes, l int) *big.Int {
	x := new(big.Int)
	for i := range v {
		x.Add(x, new(big.Int).Lsh(new(big.Int).SetUint64(v[i][l]), vtWeight(i)))
	}
	return x
}

// vtLaneMod returns lane l of v mod p.
func vtLaneMod(v *avx2Lanes, l int) *big.Int { return vtLaneBig(v, l).Mod(vtLaneBig(v, l), vecP) }

// vtBigElem returns x mod p as an Element.
func vtBigElem(t testing.TB, x *big.Int) *field.Element {
	t.Helper()
	var buf [32]byte
	new(big.Int).Mod(x, vecP).FillBytes(buf[:])
	e, err := new(field.Element).SetBytes(reverse(buf[:]))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// vtSetLaneBig sets lane l of v to x < 2^256 split at the limb weights, every
// limb but the top one below its width (the top one takes the rest).
func vtSetLaneBig(v *avx2Lanes, l int, x *big.Int) {
	x = new(big.Int).Set(x)
	for i := range v {
		if i == len(v)-1 {
			v[i][l] = x.Uint64()
			break
		}
		w := vtWeight(i+1) - vtWeight(i)
		m := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), w), big.NewInt(1))
		v[i][l] = new(big.Int).And(x, m).Uint64()
		x.Rsh(x, w)
	}
}

// vtCheckBound fails unless every limb i of v is at most bound(i).
func vtCheckBound(t testing.TB, what string, v *avx2Lanes, bound func(int) uint64) {
	t.Helper()
	for i := range v {
		for l := range v[i] {
			if v[i][l] > bound(i) {
				t.Fatalf("%s: limb %d lane %d is %#x, above %#x", what, i, l, v[i][l], bound(i))
			}
		}
	}
}

func vtCheckReduced(t testing.TB, what string, v *avx2Lanes) {
	t.Helper()
	vtCheckBound(t, what, v, vtReducedMax)
}

// vtCheckInvariant fails unless every limb of e is below 2^51 + 2^18.
func vtCheckInvariant(t testing.TB, what string, e *field.Element) {
	t.Helper()
	for k, w := range limbsOf(e) {
		if w >= 1<<51+1<<18 {
			t.Fatalf("%s: Element limb %d is %#x, outside the invariant", what, k, w)
		}
	}
}

// vtLimb returns a limb for position i, at most bound(i), mixing in 0, the
// maximum, the reduced maximum and small values.
func vtLimb(r *rand.Rand, i int, bound func(int) uint64) uint64 {
	switch r.IntN(10) {
	case 0:
		return 0
	case 1, 2:
		return bound(i)
	case 3:
		return min(vtReducedMax(i), bound(i))
	case 4:
		return bound(i) - r.Uint64N(1<<10)
	case 5:
		return r.Uint64N(1 << 8)
	default:
		return r.Uint64N(bound(i) + 1)
	}
}

func vtRandLimbs(r *rand.Rand, bound func(int) uint64) *avx2Lanes {
	var v avx2Lanes
	for i := range v {
		for l := range v[i] {
			v[i][l] = vtLimb(r, i, bound)
		}
	}
	return &v
}

// vtFill sets every limb i of every lane to f(i).
func vtFill(f func(int) uint64) *avx2Lanes {
	var v avx2Lanes
	for i := range v {
		v[i] = [4]uint64{f(i), f(i), f(i), f(i)}
	}
	return &v
}

// vtEdgeLimbs returns edge inputs for the multiplication: every limb at the loose or
// the reduced maximum, zero, p, p-1, p+1, 2^255-1 and p's limbs doubled
// (2p, loose), the lanes of some mixed.
func vtEdgeLimbs() []*avx2Lanes {
	out := []*avx2Lanes{
		vtFill(vtLooseMax),
		vtFill(vtReducedMax),
		vtFill(func(int) uint64 { return 0 }),
	}
	var pish avx2Lanes
	for l, x := range []*big.Int{
		vecP,
		new(big.Int).Sub(vecP, big.NewInt(1)),
		new(big.Int).Add(vecP, big.NewInt(1)),
		new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(1)),
	} {
		vtSetLaneBig(&pish, l, x)
	}
	out = append(out, &pish)
	var twoP avx2Lanes
	vtSetLaneBig(&twoP, 0, vecP)
	for i := range twoP {
		twoP[i] = [4]uint64{2 * twoP[i][0], 2 * twoP[i][0], 2 * twoP[i][0], 2 * twoP[i][0]}
	}
	out = append(out, &twoP)
	// One lane at the loose maximum, the others zero, p, or one.
	for l := range 4 {
		var v avx2Lanes
		v[0] = [4]uint64{1, 1, 1, 1}
		for i := range v {
			v[i][l] = vtLooseMax(i)
			v[i][(l+1)%4] = pish[i][0]
		}
		out = append(out, &v)
	}
	return out
}

// vtCheckMul checks out = a·b lane by lane against math/big and against
// field.Element.Multiply, that out is reduced, and that lane() reads it
// back inside the Element invariant.
func vtCheckMul(t testing.TB, what string, out, a, b *avx2Lanes) {
	t.Helper()
	vtCheckReduced(t, what, out)
	for l := range 4 {
		want := new(big.Int).Mul(vtLaneBig(a, l), vtLaneBig(b, l))
		want.Mod(want, vecP)
		if got := vtLaneMod(out, l); got.Cmp(want) != 0 {
			t.Fatalf("%s lane %d: got %x, want %x", what, l, got, want)
		}
		var prod, got field.Element
		prod.Multiply(vtBigElem(t, vtLaneBig(a, l)), vtBigElem(t, vtLaneBig(b, l)))
		out.lane(l, &got)
		vtCheckInvariant(t, what, &got)
		if got.Equal(&prod) != 1 {
			t.Fatalf("%s lane %d: lane() gives %x, Element.Multiply %x", what, l, got.Bytes(), prod.Bytes())
		}
	}
}

func TestAVX2MulGeneric(t *testing.T) {
	r := ptRand(t)
	edges := vtEdgeLimbs()
	seconds := append(vtEdgeWide(), edges...)
	for i, a := range edges {
		for j, b := range seconds {
			var out avx2Lanes
			avx2MulGeneric(&out, a, b)
			vtCheckMul(t, "edge "+strconv.Itoa(i)+"·"+strconv.Itoa(j), &out, a, b)
		}
	}
	for n := range 1000 {
		a, b := vtRandLimbs(r, vtLooseMax), vtRandLimbs(r, vtLooseMax)
		switch n % 4 {
		case 0:
			b = seconds[r.IntN(len(seconds))]
		case 1:
			b = vtRandLimbs(r, vtWideMax)
		}
		var out avx2Lanes
		avx2MulGeneric(&out, a, b)
		vtCheckMul(t, "random", &out, a, b)

		// Aliasing: out = a, out = b, a = b.
		for k, f := range []func() (*avx2Lanes, *avx2Lanes){
			func() (*avx2Lanes, *avx2Lanes) { x := *a; avx2MulGeneric(&x, &x, b); return &x, &out },
			func() (*avx2Lanes, *avx2Lanes) { x := *b; avx2MulGeneric(&x, a, &x); return &x, &out },
		} {
			if got, want := f(); *got != *want {
				t.Fatalf("aliasing case %d differs", k)
			}
		}
		var sq avx2Lanes
		avx2MulGeneric(&sq, a, a)
		vtCheckMul(t, "square", &sq, a, a)
		x := *a
		avx2MulGeneric(&x, &x, &x)
		if x != sq {
			t.Fatal("out = a = b differs from the square")
		}
	}
}

// TestAVX2MulBounds proves the output bound for every loose input, not only
// sampled ones: the column sums z_k are largest when every limb is at the
// loose maximum (all coefficients are positive), and the carries of
// avx2CarryOrder are then followed on upper bounds. It also checks that no
// column sum or carry overflows 64 bits.
func TestAVX2MulBounds(t *testing.T) {
	var hi [avx2LimbCount]*big.Int
	for k := range hi {
		hi[k] = new(big.Int)
	}
	for i := range avx2LimbCount {
		for j := range avx2LimbCount {
			// The factors of the assembly go on a_i and must fit
			// VPMULUDQ's 32 bits, as must b_j.
			factor := 19 * vtLooseMax(i)
			if i%2 == 1 {
				factor *= 2
			}
			if factor >= 1<<32 || vtWideMax(j) >= 1<<32 {
				t.Fatalf("a factor of limbs %d, %d does not fit 32 bits", i, j)
			}
			term := new(big.Int).SetUint64(vtLooseMax(i))
			term.Mul(term, new(big.Int).SetUint64(vtWideMax(j)))
			if i%2 == 1 && j%2 == 1 {
				term.Lsh(term, 1)
			}
			if i+j >= avx2LimbCount {
				term.Mul(term, big.NewInt(19))
			}
			hi[(i+j)%avx2LimbCount].Add(hi[(i+j)%avx2LimbCount], term)
		}
	}
	vtFollowCarries(t, "the multiplication's output", &hi)
}

// vtFollowCarries follows the carries of avx2CarryOrder on upper bounds hi
// of the column sums (a carry out of a limb at most hi_k >> width_k, the
// limb left at most its mask), failing if a bound reaches 64 bits on the
// way or a final limb may exceed the reduced bound.
func vtFollowCarries(t *testing.T, what string, hi *[avx2LimbCount]*big.Int) {
	t.Helper()
	for _, k := range avx2CarryOrder {
		for _, h := range hi {
			if h.Cmp(vtLimit) >= 0 {
				t.Fatalf("%s: a column may reach %x, beyond 64 bits", what, h)
			}
		}
		w := vtWeight(k+1) - vtWeight(k)
		c := new(big.Int).Rsh(hi[k], w)
		if mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), w), big.NewInt(1)); hi[k].Cmp(mask) > 0 {
			hi[k] = mask
		}
		if k == avx2LimbCount-1 {
			hi[0].Add(hi[0], c.Mul(c, big.NewInt(19)))
		} else {
			hi[k+1].Add(hi[k+1], c)
		}
	}
	for k, h := range hi {
		if h.Cmp(new(big.Int).SetUint64(vtReducedMax(k))) > 0 {
			t.Errorf("%s: limb %d may reach %#x, above the reduced bound %#x", what, k, h, vtReducedMax(k))
		}
	}
}

// TestAVX2SquaresGeneric checks the 55-product kernel: lanes 0 to 2 have
// exactly the limbs of avx2MulGeneric(a, a), lane 3 is -a² mod p, and every
// lane is reduced; with aliasing too.
func TestAVX2SquaresGeneric(t *testing.T) {
	r := ptRand(t)
	twiceReduced := func(i int) uint64 { return 2 * vtReducedMax(i) }
	edges := []*avx2Lanes{vtFill(twiceReduced), vtFill(vtReducedMax), vtFill(func(int) uint64 { return 0 })}
	for n := range 2000 {
		a := vtRandLimbs(r, twiceReduced)
		if n < len(edges) {
			a = edges[n]
		}
		what := "avx2SquaresGeneric input " + strconv.Itoa(n)
		var got, full avx2Lanes
		avx2SquaresGeneric(&got, a)
		avx2MulGeneric(&full, a, a)
		vtCheckReduced(t, what, &got)
		for i := range got {
			for l := range 3 {
				if got[i][l] != full[i][l] {
					t.Fatalf("%s: limb %d lane %d is %#x, avx2MulGeneric gives %#x", what, i, l, got[i][l], full[i][l])
				}
			}
		}
		want := new(big.Int).Mul(vtLaneBig(a, 3), vtLaneBig(a, 3))
		want.Neg(want).Mod(want, vecP)
		if g := vtLaneMod(&got, 3); g.Cmp(want) != 0 {
			t.Fatalf("%s lane 3: got %x, want -a² = %x", what, g, want)
		}
		x := *a
		avx2SquaresGeneric(&x, &x)
		if x != got {
			t.Fatalf("%s: the aliased call differs", what)
		}
	}
}

// TestAVX2SquaresBounds proves lane 3's bounds for every allowed input: its
// column sums are largest with every limb at twice the reduced maximum, and
// must stay at most avx2NegK limb by limb; the carries, followed from K (an
// upper bound of K - z), must give a reduced result. It also checks that 2a
// is wide for such an a (a is loose: TestAVX2TwoP), so that the other lanes
// sum a subset of the terms avx2MulGeneric sums for a loose first and a wide
// second operand (a_i ≤ 2a_i), which TestAVX2MulBounds covers.
func TestAVX2SquaresBounds(t *testing.T) {
	var z, k [avx2LimbCount]*big.Int
	for i := range z {
		z[i] = new(big.Int)
		k[i] = new(big.Int).SetUint64(avx2NegK[i])
	}
	negK := vtFill(func(i int) uint64 { return avx2NegK[i] })
	if vtLaneBig(negK, 0).Cmp(new(big.Int).Lsh(vecP, 36)) != 0 {
		t.Fatal("avx2NegK is not 2^36·p")
	}
	for i := range avx2LimbCount {
		if 4*vtReducedMax(i) > vtWideMax(i) {
			t.Fatalf("limb %d: twice reduced doubled is not wide", i)
		}
		for j := range avx2LimbCount {
			term := new(big.Int).SetUint64(2 * vtReducedMax(i))
			term.Mul(term, new(big.Int).SetUint64(2*vtReducedMax(j)))
			if i%2 == 1 && j%2 == 1 {
				term.Lsh(term, 1)
			}
			if i+j >= avx2LimbCount {
				term.Mul(term, big.NewInt(19))
			}
			z[(i+j)%avx2LimbCount].Add(z[(i+j)%avx2LimbCount], term)
		}
	}
	for i := range z {
		if z[i].Cmp(k[i]) > 0 {
			t.Fatalf("lane 3's column %d may reach %#x, above avx2NegK's %#x", i, z[i], k[i])
		}
	}
	vtFollowCarries(t, "lane 3 of the squares", &k)
}

// TestAVX2TwoP checks the constant 2p of the differences: its value, that it
// is limb-wise at least any reduced limb (no underflow in x + 2p - y), that
// x + 2p - y and a sum of up to three reduced values are loose, and that x +
// 2p - y + 2z (the doubling's F') is wide.
func TestAVX2TwoP(t *testing.T) {
	var v avx2Lanes
	for i := range v {
		v[i][0] = avx2TwoP[i]
	}
	if got := vtLaneBig(&v, 0); got.Cmp(vtTwoP) != 0 {
		t.Fatalf("avx2TwoP is %x, want 2p = %x", got, vtTwoP)
	}
	for i := range avx2TwoP {
		if avx2TwoP[i] < vtReducedMax(i) {
			t.Errorf("2p limb %d (%#x) is below a reduced limb: x + 2p - y may underflow", i, avx2TwoP[i])
		}
		if vtReducedMax(i)+avx2TwoP[i] > vtLooseMax(i) {
			t.Errorf("limb %d: reduced + 2p exceeds the loose bound", i)
		}
		if 3*vtReducedMax(i) > vtLooseMax(i) {
			t.Errorf("limb %d: a sum of three reduced limbs exceeds the loose bound", i)
		}
		if 3*vtReducedMax(i)+avx2TwoP[i] > vtWideMax(i) {
			t.Errorf("limb %d: x + 2p - y + 2z exceeds the wide bound", i)
		}
	}
}

func TestAVX2LaneRoundTrip(t *testing.T) {
	r := ptRand(t)
	for n, e := range vecEdgeElements(r, 300) {
		want := vecElemValue(e)
		l := n % 4
		v := vtRandLimbs(r, vtReducedMax)
		before := *v
		v.setLane(l, e)
		vtCheckReduced(t, "setLane", v)
		for k := range 4 {
			for i := range v {
				if k != l && v[i][k] != before[i][k] {
					t.Fatalf("setLane(%d) changed lane %d", l, k)
				}
			}
		}
		if got := vtLaneMod(v, l); got.Cmp(want) != 0 {
			t.Fatalf("setLane of limbs %x: value %x, want %x", *limbsOf(e), got, want)
		}
		var back field.Element
		v.lane(l, &back)
		vtCheckInvariant(t, "lane", &back)
		if got := vecElemValue(&back); got.Cmp(want) != 0 {
			t.Fatalf("lane round trip of limbs %x: value %x, want %x", *limbsOf(e), got, want)
		}
	}
	// lane() on arbitrary reduced limbs, the maxima included.
	for n := range 300 {
		v := vtRandLimbs(r, vtReducedMax)
		if n == 0 {
			v = vtFill(vtReducedMax)
		}
		for l := range 4 {
			var e field.Element
			v.lane(l, &e)
			vtCheckInvariant(t, "lane", &e)
			if got, want := vecElemValue(&e), vtLaneMod(v, l); got.Cmp(want) != 0 {
				t.Fatalf("lane %d: value %x, want %x", l, got, want)
			}
		}
	}
	// Points: fromPoint/toPoint, and the identity.
	for _, p := range ptPoints(t, r, 20) {
		var v avx2Lanes
		var q Point
		v.fromPoint(p).toPoint(&q)
		for k, pair := range [][2]*field.Element{{&p.x, &q.x}, {&p.y, &q.y}, {&p.z, &q.z}, {&p.t, &q.t}} {
			if pair[0].Equal(pair[1]) != 1 {
				t.Fatalf("fromPoint/toPoint changed coordinate %d", k)
			}
		}
	}
	var id avx2Lanes
	for i := range id {
		id[i] = [4]uint64{7, 7, 7, 7}
	}
	id.setIdentity()
	vtCheckReduced(t, "setIdentity", &id)
	for l, want := range []int64{0, 1, 1, 0} {
		if got := vtLaneBig(&id, l); got.Mod(got, vecP).Cmp(big.NewInt(want)) != 0 {
			t.Errorf("setIdentity lane %d is %x mod p", l, got)
		}
	}
	vtCheckNoZeroLimb(t, "setIdentity", &id)
	var q Point
	if id.toPoint(&q).Equal(NewIdentityPoint()) != 1 {
		t.Error("setIdentity is not the identity")
	}
}

// vtRowShift is the step between rows of the backend's baseComb: row m
// holds 1, 3, …, 2·combEntries-1 times 2^(vtRowShift·m)·B (the comb with
// spacing 1).
const vtRowShift = combWidth

// vtMultiples holds the reference points (2i+1)·2^(vtRowShift·m)·B for
// every entry of baseComb, computed by filippo.io/edwards25519.
var vtMultiples struct {
	once sync.Once
	pts  [vecCombRows][combEntries]*ref.Point
}

func vtRefMultiple(t testing.TB, m, i int) *ref.Point {
	vtMultiples.once.Do(func() {
		rowBase := big.NewInt(1)
		for m := range vtMultiples.pts {
			for i := range vtMultiples.pts[m] {
				k := new(big.Int).Mul(rowBase, big.NewInt(int64(2*i+1)))
				vtMultiples.pts[m][i] = new(ref.Point).ScalarBaseMult(toRefScalar(t, ptScalarFromBig(t, k)))
			}
			rowBase.Lsh(rowBase, vtRowShift)
		}
	})
	return vtMultiples.pts[m][i]
}

// vtAffineLanes returns the lanes (y-x, y+x, 2d·x·y, 2) of the affine
// addend of p, from the reference's coordinates.
func vtAffineLanes(p *ref.Point) [4]*big.Int {
	X, Y, Z, _ := p.ExtendedCoordinates()
	toBig := func(b []byte) *big.Int { return new(big.Int).SetBytes(reverse(b)) }
	zInv := new(big.Int).ModInverse(toBig(Z.Bytes()), vecP)
	x := new(big.Int).Mul(toBig(X.Bytes()), zInv)
	x.Mod(x, vecP)
	y := new(big.Int).Mul(toBig(Y.Bytes()), zInv)
	y.Mod(y, vecP)
	yMinusX := new(big.Int).Sub(y, x)
	yPlusX := new(big.Int).Add(y, x)
	t2d := new(big.Int).Mul(x, y)
	t2d.Mul(t2d, vecCurveD).Lsh(t2d, 1)
	return [4]*big.Int{yMinusX.Mod(yMinusX, vecP), yPlusX.Mod(yPlusX, vecP), t2d.Mod(t2d, vecP), big.NewInt(2)}
}

// vtCheckAddend fails unless the expanded addend q has the lanes of p.
func vtCheckAddend(t testing.TB, what string, q *avx2Lanes, p *ref.Point) {
	t.Helper()
	for l, want := range vtAffineLanes(p) {
		if got := vtLaneMod(q, l); got.Cmp(want) != 0 {
			t.Fatalf("%s lane %d: %x, want %x", what, l, got, want)
		}
	}
}

// vtDecodeAddend reads an expanded addend q, lanes (y-x, y+x, 2d·x·y, 2), as
// the affine point (x, y); it fails unless the third lane is 2d·x·y and the
// fourth 2.
func vtDecodeAddend(t testing.TB, q *avx2Lanes) *Point {
	t.Helper()
	half := new(big.Int).ModInverse(big.NewInt(2), vecP)
	yMinusX, yPlusX := vtLaneMod(q, 0), vtLaneMod(q, 1)
	x := new(big.Int).Sub(yPlusX, yMinusX)
	x.Mul(x, half).Mod(x, vecP)
	y := new(big.Int).Add(yPlusX, yMinusX)
	y.Mul(y, half).Mod(y, vecP)
	t2d := new(big.Int).Mul(x, y)
	t2d.Mul(t2d, vecCurveD).Lsh(t2d, 1).Mod(t2d, vecP)
	if got := vtLaneMod(q, 2); got.Cmp(t2d) != 0 {
		t.Fatalf("addend lane 2 is %x, want 2d·x·y = %x", got, t2d)
	}
	if got := vtLaneMod(q, 3); got.Cmp(big.NewInt(2)) != 0 {
		t.Fatalf("addend lane 3 is %x, want 2", got)
	}
	p, err := new(Point).SetExtendedCoordinates(vtBigElem(t, x), vtBigElem(t, y),
		new(field.Element).One(), vtBigElem(t, new(big.Int).Mul(x, y)))
	if err != nil {
		t.Fatalf("addend is not on the curve: %v", err)
	}
	return p
}

// vtCheckExtended fails unless p = (X, Y, Z, T) has X·Y = Z·T and lies on
// the curve: -X² + Y² = Z² + d·T².
func vtCheckExtended(t testing.TB, what string, p *Point) {
	t.Helper()
	x, y, z, tt := ptElemBig(&p.x), ptElemBig(&p.y), ptElemBig(&p.z), ptElemBig(&p.t)
	xy := new(big.Int).Mul(x, y)
	zt := new(big.Int).Mul(z, tt)
	if xy.Sub(xy, zt).Mod(xy, vecP).Sign() != 0 {
		t.Fatalf("%s: X·Y ≠ Z·T", what)
	}
	lhs := new(big.Int).Sub(new(big.Int).Mul(y, y), new(big.Int).Mul(x, x))
	rhs := new(big.Int).Mul(tt, tt)
	rhs.Mul(rhs, vecCurveD).Add(rhs, new(big.Int).Mul(z, z))
	if lhs.Sub(lhs, rhs).Mod(lhs, vecP).Sign() != 0 || z.Sign() == 0 {
		t.Fatalf("%s: not a point of the curve", what)
	}
}

// TestAVX2CombTable checks every packed entry by value against the
// reference multiple (2i+1)·2^(4m)·B, and that its limbs are reduced.
func TestAVX2CombTable(t *testing.T) {
	rows := avx2Backend{}.baseComb()
	for m := range rows {
		for i := range rows[m] {
			var q avx2Lanes
			avx2ExpandAddend(&q, &rows[m][i], 0)
			vtCheckReduced(t, "packed entry", &q)
			what := "row " + strconv.Itoa(m) + " entry " + strconv.Itoa(i)
			vtCheckAddend(t, what, &q, vtRefMultiple(t, m, i))
			if (m+i)%7 == 0 {
				samePoint(t, what, vtDecodeAddend(t, &q), vtRefMultiple(t, m, i))
			}
		}
	}
}

// vtAddTerm is one step of a chain: entry (m, i), negated or not.
type vtAddTerm struct {
	m, i int
	neg  uint64
}

func vtRandTerm(r *rand.Rand) vtAddTerm {
	return vtAddTerm{r.IntN(vecCombRows), r.IntN(combEntries), -uint64(r.IntN(2))}
}

// vtRefStep sets want = want ± the reference multiple of term.
func vtRefStep(t testing.TB, want *ref.Point, term vtAddTerm) {
	if term.neg != 0 {
		want.Subtract(want, vtRefMultiple(t, term.m, term.i))
	} else {
		want.Add(want, vtRefMultiple(t, term.m, term.i))
	}
}

// TestAVX2AddAffineGeneric checks P ± entry against the reference for the
// identity, B, the torsion points, random points with and without a torsion
// component (some in rescaled coordinates), Q + Q and (-Q) + Q, and along
// chains of 100 additions with every intermediate reduced.
func TestAVX2AddAffineGeneric(t *testing.T) {
	r := ptRand(t)
	rows := avx2Backend{}.baseComb()
	pts := ptPoints(t, r, 40)
	for n, p := range pts {
		for _, neg := range []uint64{0, ^uint64(0)} {
			term := vtAddTerm{r.IntN(vecCombRows), r.IntN(combEntries), neg}
			if n < combEntries {
				term.m, term.i = 0, n // the small multiples of B
			}
			start := p
			if n%3 == 1 {
				start = ptScaled(t, r, p)
			}
			var v avx2Lanes
			v.fromPoint(start)
			avx2AddAffineGeneric(&v, &rows[term.m][term.i], neg)
			vtCheckReduced(t, "avx2AddAffineGeneric", &v)
			var got Point
			v.toPoint(&got)
			vtCheckExtended(t, "avx2AddAffineGeneric", &got)
			want := toRefPoint(t, p)
			vtRefStep(t, want, term)
			samePoint(t, "P ± entry", &got, want)
		}
	}
	// Adding a point's own negation and itself: the identity and 2P.
	for _, term := range []vtAddTerm{{0, 0, 0}, {0, 0, ^uint64(0)}, {5, 7, 0}, {vecCombRows - 1, 3, ^uint64(0)}} {
		p := new(Point).Negate(vtPointOf(t, term.m, term.i))
		if term.neg != 0 {
			p.Negate(p)
		}
		var v avx2Lanes
		v.fromPoint(p)
		avx2AddAffineGeneric(&v, &rows[term.m][term.i], term.neg)
		var got Point
		if v.toPoint(&got).Equal(NewIdentityPoint()) != 1 {
			t.Errorf("(-Q) + Q is not the identity for entry %v", term)
		}
		v.fromPoint(p.Negate(p))
		avx2AddAffineGeneric(&v, &rows[term.m][term.i], term.neg)
		want := toRefPoint(t, p)
		samePoint(t, "Q + Q", v.toPoint(&got), want.Add(want, want))
	}
	// Chains: every intermediate reduced, the value checked along the way.
	for chain := range 4 {
		p := pts[r.IntN(len(pts))]
		if chain == 0 {
			p = NewIdentityPoint()
		}
		var v avx2Lanes
		v.fromPoint(p)
		want := toRefPoint(t, p)
		for step := range 100 {
			term := vtRandTerm(r)
			avx2AddAffineGeneric(&v, &rows[term.m][term.i], term.neg)
			vtCheckReduced(t, "chain step "+strconv.Itoa(step), &v)
			vtRefStep(t, want, term)
			if step%10 == 9 {
				var got Point
				v.toPoint(&got)
				vtCheckExtended(t, "chain", &got)
				samePoint(t, "chain step "+strconv.Itoa(step), &got, want)
			}
		}
	}
}

// vtPointOf returns the reference multiple of entry (m, i) as a Point.
func vtPointOf(t testing.TB, m, i int) *Point {
	t.Helper()
	p, err := new(Point).SetBytes(vtRefMultiple(t, m, i).Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestAVX2PickDigit(t *testing.T) {
	r := ptRand(t)
	rows := avx2Backend{}.baseComb()
	pts := ptPoints(t, r, 16)
	for _, m := range []int{0, 1, 15, vecCombRows - 1, r.IntN(vecCombRows)} {
		for d := -combEntries; d <= combEntries; d++ {
			if d == 0 {
				continue // names no entry
			}
			what := "row " + strconv.Itoa(m) + " digit " + strconv.Itoa(d)
			var a avx2Addend
			// Start from garbage: the pick must overwrite every word.
			for i := range a {
				a[i] = [4]uint32{r.Uint32(), r.Uint32(), r.Uint32(), r.Uint32()}
			}
			neg := avx2PickDigit(&a, &rows[m], int32(d))
			if wantNeg := -uint64(b2i(d < 0)); neg != wantNeg {
				t.Fatalf("%s: neg = %#x", what, neg)
			}
			if a != rows[m][max(d, -d)-1] {
				t.Fatalf("%s: picked words differ from entry %d", what, max(d, -d)-1)
			}
			// Expanded with the sign: the lanes of d·2^(4m)·B.
			var q avx2Lanes
			avx2ExpandAddend(&q, &a, neg)
			want := new(ref.Point).Set(vtRefMultiple(t, m, max(d, -d)-1))
			if d < 0 {
				want.Negate(want)
			}
			vtCheckAddend(t, what, &q, want)
			samePoint(t, what, vtDecodeAddend(t, &q), want)
			// Added to a random point, and through avx2AddDigitGeneric.
			p := pts[r.IntN(len(pts))]
			sum := new(ref.Point).Add(toRefPoint(t, p), want)
			var v, v2 avx2Lanes
			v.fromPoint(p)
			v2 = v
			avx2AddAffineGeneric(&v, &a, neg)
			var got Point
			samePoint(t, "P + picked, "+what, v.toPoint(&got), sum)
			avx2AddDigitGeneric(&v2, &rows[m], int32(d))
			if v2 != v {
				t.Fatalf("%s: avx2AddDigitGeneric differs from pick + avx2AddAffineGeneric", what)
			}
		}
	}
}

// TestAVX2AddDigit runs avx2AddDigit (the assembly on amd64, the generic
// twin elsewhere) along chains of random digits from random rows, every
// intermediate reduced and the value checked against the reference.
func TestAVX2AddDigit(t *testing.T) {
	vtRequireAVX2Kernels(t)
	r := ptRand(t)
	rows := avx2Backend{}.baseComb()
	pts := ptPoints(t, r, 12)
	for chain := range 3 {
		p := pts[r.IntN(len(pts))]
		if chain == 0 {
			p = NewIdentityPoint()
		}
		var v avx2Lanes
		v.fromPoint(p)
		want := toRefPoint(t, p)
		for step := range 60 {
			m, d := r.IntN(vecCombRows), vecRandDigit(r)
			avx2AddDigit(&v, &rows[m], d)
			vtCheckReduced(t, "avx2AddDigit", &v)
			if d > 0 {
				want.Add(want, vtRefMultiple(t, m, int(d)-1))
			} else if d < 0 {
				want.Subtract(want, vtRefMultiple(t, m, int(-d)-1))
			}
			if step%6 == 5 {
				var got Point
				v.toPoint(&got)
				vtCheckExtended(t, "avx2AddDigit", &got)
				samePoint(t, "avx2AddDigit chain step "+strconv.Itoa(step), &got, want)
			}
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// The doubling, the cached additions and the odd-multiples table.

func TestAVX2DoubleGeneric(t *testing.T) {
	r := ptRand(t)
	pts := ptPoints(t, r, 24)
	for n, p := range pts {
		if n%2 == 1 {
			p = ptScaled(t, r, p)
		}
		var v avx2Lanes
		v.fromPoint(p)
		for i := range v {
			v[i][3] = vtLimb(r, i, vtReducedMax) // T is not read
		}
		avx2DoubleGeneric(&v)
		vtCheckReduced(t, "avx2DoubleGeneric", &v)
		var got Point
		v.toPoint(&got)
		vtCheckExtended(t, "avx2DoubleGeneric", &got)
		want := toRefPoint(t, p)
		samePoint(t, "2P", &got, want.Add(want, want))
	}
	// The largest reduced input still gives a reduced output.
	v := vtFill(vtReducedMax)
	avx2DoubleGeneric(v)
	vtCheckReduced(t, "avx2DoubleGeneric of the reduced maximum", v)
}

func TestAVX2CachedGeneric(t *testing.T) {
	var c0 avx2Lanes
	r := ptRand(t)
	pts := ptPoints(t, r, 24)
	for n, p := range pts {
		q := pts[r.IntN(len(pts))]
		if n%2 == 1 {
			q = ptScaled(t, r, q)
		}
		var vp, vq, c, neg avx2Lanes
		vp.fromPoint(p)
		vq.fromPoint(q)
		avx2CachedGeneric(&c, &vq)
		vtCheckReduced(t, "avx2CachedGeneric", &c)
		for l, want := range vecCachedLanes(q) {
			if got := vtLaneMod(&c, l); got.Cmp(want) != 0 {
				t.Fatalf("cached lane %d: %x, want %x", l, got, want)
			}
		}
		alias := vq
		avx2CachedGeneric(&alias, &alias)
		if alias != c {
			t.Fatal("avx2CachedGeneric with q = p differs")
		}
		vtNegateCached(&neg, &c)
		vtCheckBound(t, "vtNegateCached", &neg, vtLooseMax)

		sum, diff := vp, vp
		avx2AddCachedGeneric(&sum, &c)
		avx2AddCachedGeneric(&diff, &neg)
		vtCheckReduced(t, "avx2AddCachedGeneric", &sum)
		vtCheckReduced(t, "avx2AddCachedGeneric (negated)", &diff)
		var got Point
		samePoint(t, "P + Q", sum.toPoint(&got), new(ref.Point).Add(toRefPoint(t, p), toRefPoint(t, q)))
		vtCheckExtended(t, "P + Q", &got)
		samePoint(t, "P - Q", diff.toPoint(&got), new(ref.Point).Subtract(toRefPoint(t, p), toRefPoint(t, q)))
	}
	// The largest lanes of U: Y + 2p - X and 2p - T with X = T = 0, Y + X
	// and Z at the reduced maximum. The products λ·U stay below 2^46 and
	// the carries leave the limbs reduced.
	top := vtFill(vtReducedMax)
	avx2CachedGeneric(&c0, top)
	vtCheckReduced(t, "avx2CachedGeneric of the reduced maximum", &c0)
	for i := range top {
		top[i][0], top[i][3] = 0, 0
	}
	avx2CachedGeneric(&c0, top)
	vtCheckReduced(t, "avx2CachedGeneric of (0, max, max, 0)", &c0)

	// A chain of doublings and cached additions, every step reduced.
	var acc, c avx2Lanes
	acc.setIdentity()
	want := ref.NewIdentityPoint()
	for step := range 100 {
		q := pts[r.IntN(len(pts))]
		var vq avx2Lanes
		avx2CachedGeneric(&c, vq.fromPoint(q))
		switch r.IntN(3) {
		case 0:
			avx2DoubleGeneric(&acc)
			want.Add(want, want)
		case 1:
			avx2AddCachedGeneric(&acc, &c)
			want.Add(want, toRefPoint(t, q))
		default:
			var neg avx2Lanes
			vtNegateCached(&neg, &c)
			avx2AddCachedGeneric(&acc, &neg)
			want.Subtract(want, toRefPoint(t, q))
		}
		vtCheckReduced(t, "chain step "+strconv.Itoa(step), &acc)
		if step%10 == 9 {
			var got Point
			samePoint(t, "chain step "+strconv.Itoa(step), acc.toPoint(&got), want)
		}
	}
}

func TestAVX2BaseOddTable(t *testing.T) {
	odd := avx2Backend{}.baseOdd()
	for i := range odd {
		var q avx2Lanes
		avx2ExpandAddend(&q, &odd[i], 0)
		vtCheckReduced(t, "odd-multiple entry", &q)
		k := ptScalarFromBig(t, big.NewInt(int64(2*i+1)))
		vtCheckAddend(t, "odd multiple "+strconv.Itoa(2*i+1), &q, new(ref.Point).ScalarBaseMult(toRefScalar(t, k)))
	}
}

// vtNegateCached sets n = -q for a reduced cached addend q the way the
// additions negate one: packed, then expanded with the sign mask set.
func vtNegateCached(n, q *avx2Lanes) {
	var packed avx2Addend
	avx2ExpandAddend(n, packed.pack(q), ^uint64(0))
}

// vtCheckNoZeroLimb fails if any limb of v is zero.
func vtCheckNoZeroLimb(t testing.TB, what string, v *avx2Lanes) {
	t.Helper()
	for i := range v {
		for l := range v[i] {
			if v[i][l] == 0 {
				t.Fatalf("%s: limb %d of lane %d is zero", what, i, l)
			}
		}
	}
}

// TestAVX2IdentityDense checks the identity written without zero limbs (see
// "Zero limbs" in vec_avx2.go): the accumulator's lanes are (0, 1, 1, 0) mod
// p with no zero limb, and doublings of the identity keep it so. (The
// constant-time loops read odd digits, never 0, so a digit never stands for
// the identity: TestScalarOddDigits.)
func TestAVX2IdentityDense(t *testing.T) {
	var acc avx2Lanes
	acc.setIdentity()
	vtCheckReduced(t, "setIdentity", &acc)
	vtCheckNoZeroLimb(t, "setIdentity", &acc)
	for l, want := range []int64{0, 1, 1, 0} {
		if got := vtLaneBig(&acc, l); got.Mod(got, vecP).Cmp(big.NewInt(want)) != 0 {
			t.Errorf("setIdentity lane %d is %x mod p", l, got)
		}
	}
	for range 256 {
		avx2DoubleGeneric(&acc)
		vtCheckNoZeroLimb(t, "a doubling of the identity", &acc)
	}
	var got Point
	if acc.toPoint(&got).Equal(NewIdentityPoint()) != 1 {
		t.Fatal("doublings left the identity")
	}
}

// vtDecodeCached reads a cached form q, lanes (Y-X, Y+X, 2d·T, 2Z), as the
// point (X:Y:Z:T); SetExtendedCoordinates fails it unless the lanes are
// those of a point of the curve.
func vtDecodeCached(t testing.TB, q *avx2Lanes) *Point {
	t.Helper()
	half := new(big.Int).ModInverse(big.NewInt(2), vecP)
	yMinusX, yPlusX := vtLaneMod(q, 0), vtLaneMod(q, 1)
	x := new(big.Int).Sub(yPlusX, yMinusX)
	x.Mul(x, half).Mod(x, vecP)
	y := new(big.Int).Add(yPlusX, yMinusX)
	y.Mul(y, half).Mod(y, vecP)
	z := new(big.Int).Mul(vtLaneMod(q, 3), half)
	z.Mod(z, vecP)
	inv2d := new(big.Int).ModInverse(new(big.Int).Lsh(vecCurveD, 1), vecP)
	tt := new(big.Int).Mul(vtLaneMod(q, 2), inv2d)
	tt.Mod(tt, vecP)
	p, err := new(Point).SetExtendedCoordinates(vtBigElem(t, x), vtBigElem(t, y), vtBigElem(t, z), vtBigElem(t, tt))
	if err != nil {
		t.Fatalf("cached form is not a point: %v", err)
	}
	return p
}
