package edwards25519

import (
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"

	ref "filippo.io/edwards25519"

	"github.com/seed06d4b90c/edwards25519/field"
	"github.com/seed06d4b90c/edwards25519/internal/ifma52"
)

// Tests of the IFMA representation and the portable twins of vec_ifma.go,
// on every GOARCH: limbs by value against math/big, the bounds limb by limb
// (with a proof of the multiplication's column bounds), the point formulas
// against filippo.io/edwards25519 v1.2.0, and a ScalarMult-shaped loop
// against (*Point).ScalarMult. vec_ifma_amd64_test.go checks the assembly
// against the twins limb for limb.

var (
	iftTwo64   = new(big.Int).Lsh(big.NewInt(1), 64)
	iftReduced = uint64(1<<51 + 1<<18 - 1)                              // the largest reduced limb
	iftLoose   = uint64(1<<52 - 1)                                      // the largest loose limb
	iftCurveD2 = new(big.Int).Mod(new(big.Int).Lsh(vecCurveD, 1), vecP) // 2d
)

type iftVec = ifma52.Lanes

// iftLaneBig returns Σ v_k·2^(51k) of lane l, not reduced.
func iftLaneBig(v *iftVec, l int) *big.Int {
	x := new(big.Int)
	for k := range v {
		x.Add(x, new(big.Int).Lsh(new(big.Int).SetUint64(v[k][l]), 51*uint(k)))
	}
	return x
}

func iftLaneMod(v *iftVec, l int) *big.Int { x := iftLaneBig(v, l); return x.Mod(x, vecP) }

// iftCheckBound fails unless every limb of v is at most max.
func iftCheckBound(t testing.TB, what string, v *iftVec, max uint64) {
	t.Helper()
	for k := range v {
		for l := range v[k] {
			if v[k][l] > max {
				t.Fatalf("%s: limb %d lane %d is %#x, above %#x", what, k, l, v[k][l], max)
			}
		}
	}
}

func iftCheckReduced(t testing.TB, what string, v *iftVec) {
	t.Helper()
	iftCheckBound(t, what, v, iftReduced)
}

// iftLimb returns a limb at most max, mixing in 0, max, the reduced
// maximum, values just below 2^51 and 2^52, and small ones.
func iftLimb(r *rand.Rand, max uint64) uint64 {
	switch r.IntN(10) {
	case 0:
		return 0
	case 1, 2:
		return max
	case 3:
		return min(iftReduced, max)
	case 4:
		return max - r.Uint64N(1<<12)
	case 5:
		return r.Uint64N(1 << 8)
	case 6:
		return min(1<<51-1-r.Uint64N(32), max)
	default:
		return r.Uint64N(max + 1)
	}
}

func iftRandVec(r *rand.Rand, max uint64) *iftVec {
	var v iftVec
	for k := range v {
		for l := range v[k] {
			v[k][l] = iftLimb(r, max)
		}
	}
	return &v
}

func iftFill(x uint64) *iftVec {
	var v iftVec
	for k := range v {
		v[k] = [4]uint64{x, x, x, x}
	}
	return &v
}

// iftSetLaneBig sets lane l of v to x < 2^255·2^51 split at 51 bits, the
// top limb taking the rest.
func iftSetLaneBig(v *iftVec, l int, x *big.Int) {
	x = new(big.Int).Set(x)
	mask := big.NewInt(1<<51 - 1)
	for k := range v {
		if k == ifmaLimbCount-1 {
			v[k][l] = x.Uint64()
			break
		}
		v[k][l] = new(big.Int).And(x, mask).Uint64()
		x.Rsh(x, 51)
	}
}

// iftEdgeVecs returns edge operands for the multiplication, every one
// loose: every limb at the loose or the reduced maximum, zero, 2^51 - 1, the
// lanes p, p-1, p+1 and 2^255-1, 2p's limbs in every lane, and vectors with
// one lane at the loose maximum and the others at 0, p or 1.
func iftEdgeVecs() []*iftVec {
	out := []*iftVec{iftFill(iftLoose), iftFill(iftReduced), iftFill(0), iftFill(1<<51 - 1)}
	var pish iftVec
	for l, x := range []*big.Int{
		vecP,
		new(big.Int).Sub(vecP, big.NewInt(1)),
		new(big.Int).Add(vecP, big.NewInt(1)),
		new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(1)),
	} {
		iftSetLaneBig(&pish, l, x)
	}
	out = append(out, &pish)
	var twoP iftVec
	for k := range twoP {
		twoP[k] = [4]uint64{ifma52.TwoP[k], ifma52.TwoP[k], ifma52.TwoP[k], ifma52.TwoP[k]}
	}
	out = append(out, &twoP)
	for l := range 4 {
		var v iftVec
		for k := range v {
			v[k] = [4]uint64{0, 0, 0, 0}
			v[k][l] = iftLoose
			v[k][(l+1)%4] = pish[k][0]
		}
		v[0][(l+2)%4] = 1
		out = append(out, &v)
	}
	return out
}

// iftCheckMul checks out = a·b lane by lane against math/big, that out is
// reduced, and that lane() reads it as an Element equal to
// Element.Multiply's product.
func iftCheckMul(t testing.TB, what string, out, a, b *iftVec) {
	t.Helper()
	iftCheckReduced(t, what, out)
	for l := range 4 {
		want := new(big.Int).Mul(iftLaneBig(a, l), iftLaneBig(b, l))
		want.Mod(want, vecP)
		if got := iftLaneMod(out, l); got.Cmp(want) != 0 {
			t.Fatalf("%s lane %d: got %x, want %x", what, l, got, want)
		}
		var e field.Element
		(*ifmaLanes)(out).lane(l, &e)
		if got := ptElemBig(&e); got.Cmp(want) != 0 {
			t.Fatalf("%s lane %d: lane() reads %x, want %x", what, l, got, want)
		}
	}
}

func TestIFMAMadd52(t *testing.T) {
	r := ptRand(t)
	m52 := new(big.Int).SetUint64(ifma52.Mask52)
	for n := range 2000 {
		acc, a, b := r.Uint64(), r.Uint64(), r.Uint64()
		switch n % 4 {
		case 0:
			a, b = iftLoose, iftLoose
		case 1:
			a, b = a&ifma52.Mask52, b&ifma52.Mask52
		}
		// The instructions read the low 52 bits of a and b and add to a
		// 64-bit accumulator, modulo 2^64.
		prod := new(big.Int).Mul(new(big.Int).SetUint64(a&ifma52.Mask52), new(big.Int).SetUint64(b&ifma52.Mask52))
		lo := new(big.Int).And(prod, m52)
		hi := new(big.Int).Rsh(prod, 52)
		wantLo := new(big.Int).Add(lo, new(big.Int).SetUint64(acc))
		wantHi := new(big.Int).Add(hi, new(big.Int).SetUint64(acc))
		if got := ifma52.Madd52Lo(acc, a, b); got != wantLo.Mod(wantLo, iftTwo64).Uint64() {
			t.Fatalf("ifma52.Madd52Lo(%#x, %#x, %#x) = %#x, want %#x", acc, a, b, got, wantLo)
		}
		if got := ifma52.Madd52Hi(acc, a, b); got != wantHi.Mod(wantHi, iftTwo64).Uint64() {
			t.Fatalf("ifma52.Madd52Hi(%#x, %#x, %#x) = %#x, want %#x", acc, a, b, got, wantHi)
		}
	}
}

func TestIFMAMulGeneric(t *testing.T) {
	r := ptRand(t)
	edges := iftEdgeVecs()
	for i, a := range edges {
		for j, b := range edges {
			var out ifmaLanes
			ifmaMulGeneric(&out, (*ifmaLanes)(a), (*ifmaLanes)(b))
			iftCheckMul(t, "edge "+strconv.Itoa(i)+"·"+strconv.Itoa(j), (*iftVec)(&out), a, b)
		}
	}
	for n := range 1000 {
		a, b := iftRandVec(r, iftLoose), iftRandVec(r, iftLoose)
		if n%3 == 0 {
			b = edges[r.IntN(len(edges))]
		}
		var out ifmaLanes
		ifmaMulGeneric(&out, (*ifmaLanes)(a), (*ifmaLanes)(b))
		iftCheckMul(t, "random", (*iftVec)(&out), a, b)
		x := *(*ifmaLanes)(a)
		ifmaMulGeneric(&x, &x, (*ifmaLanes)(b))
		if x != out {
			t.Fatal("out = a differs")
		}
		x = *(*ifmaLanes)(b)
		ifmaMulGeneric(&x, (*ifmaLanes)(a), &x)
		if x != out {
			t.Fatal("out = b differs")
		}
		var sq ifmaLanes
		ifmaMulGeneric(&sq, (*ifmaLanes)(a), (*ifmaLanes)(a))
		iftCheckMul(t, "square", (*iftVec)(&sq), a, a)
	}
}

// TestIFMAMulBounds proves the column bounds of the section comment for
// every loose input, not only sampled ones: a low half is at most 2^52 - 1,
// a high half of two loose limbs at most ⌊(2^52-1)²/2^52⌋ = 2^52 - 2, and
// f_k sums them with the factors 1, 2, 19 and 38. It checks each f_k
// against (267 - 54k)·2^52, against the bias β (no difference of columns
// underflows), and that the largest sum of the formulas, three columns and
// β (the doubling's F'), stays below 2^64; then that the carry of any 64-bit
// limbs is reduced.
func TestIFMAMulBounds(t *testing.T) {
	maxLo := new(big.Int).SetUint64(1<<52 - 1)
	maxHi := new(big.Int).Rsh(new(big.Int).Mul(maxLo, maxLo), 52)
	if maxHi.Uint64() != 1<<52-2 {
		t.Fatalf("high half bound %x", maxHi)
	}
	var z [2 * ifmaLimbCount]*big.Int
	for s := range z {
		z[s] = new(big.Int)
	}
	for i := range ifmaLimbCount {
		for j := range ifmaLimbCount {
			z[i+j].Add(z[i+j], maxLo)
			z[i+j+1].Add(z[i+j+1], new(big.Int).Lsh(maxHi, 1))
		}
	}
	for k := range ifmaLimbCount {
		f := new(big.Int).Mul(z[k+ifmaLimbCount], big.NewInt(19))
		f.Add(f, z[k])
		claim := new(big.Int).Lsh(big.NewInt(int64(267-54*k)), 52)
		if f.Cmp(claim) >= 0 {
			t.Errorf("column %d may reach %x, not below (267 - 54k)·2^52", k, f)
		}
		if f.Cmp(new(big.Int).SetUint64(ifma52.Beta[k])) > 0 {
			t.Errorf("column %d may exceed the bias limb %#x: a difference may underflow", k, ifma52.Beta[k])
		}
		worst := new(big.Int).Mul(f, big.NewInt(3))
		worst.Add(worst, new(big.Int).SetUint64(ifma52.Beta[k]))
		if worst.Cmp(iftTwo64) >= 0 {
			t.Errorf("column %d: three columns and β may overflow 64 bits", k)
		}
	}
	// The carry of the largest 64-bit limbs, and the exactness of 19·c_4
	// in one VPMADD52LUQ.
	v := iftFill(^uint64(0))
	ifma52.Carry(v)
	iftCheckReduced(t, "ifma52.Carry of all-ones limbs", v)
	if c := uint64(^uint64(0) >> 51); 19*c >= 1<<52 || v[0][0] != ifma52.Mask51+19*c {
		t.Errorf("19·c_4 = %#x is not exact in 52 bits, or limb 0 is %#x", 19*c, v[0][0])
	}
}

func TestIFMACarry(t *testing.T) {
	r := ptRand(t)
	for n := range 2000 {
		var v iftVec
		for k := range v {
			for l := range v[k] {
				switch r.IntN(4) {
				case 0:
					v[k][l] = ^uint64(0) - r.Uint64N(1<<20)
				case 1:
					v[k][l] = 1<<51 - r.Uint64N(4) + r.Uint64N(4)
				default:
					v[k][l] = r.Uint64() >> r.UintN(64)
				}
			}
		}
		if n == 0 {
			v = iftVec{}
		}
		before := v
		ifma52.Carry(&v)
		iftCheckReduced(t, "ifma52.Carry", &v)
		for l := range 4 {
			if got, want := iftLaneMod(&v, l), iftLaneMod(&before, l); got.Cmp(want) != 0 {
				t.Fatalf("ifma52.Carry changed lane %d mod p: %x, want %x", l, got, want)
			}
		}
	}
}

func TestIFMAConstants(t *testing.T) {
	var v iftVec
	for k := range v {
		v[k] = [4]uint64{ifma52.P[k], ifma52.TwoP[k], ifma52.Beta[k], 0}
	}
	for l, want := range []*big.Int{vecP, new(big.Int).Lsh(vecP, 1), new(big.Int).Lsh(vecP, 10)} {
		if got := iftLaneBig(&v, l); got.Cmp(want) != 0 {
			t.Errorf("constant %d is %x, want %x", l, got, want)
		}
	}
	for k := range ifma52.TwoP {
		// Y + 2p - X and 2p - t for reduced X and t: no underflow, and
		// 2p - t is loose.
		if ifma52.TwoP[k] < iftReduced || ifma52.TwoP[k] > iftLoose {
			t.Errorf("2p limb %d (%#x) is below a reduced limb or not loose", k, ifma52.TwoP[k])
		}
		if ifma52.P[k] == 0 || ifma52.P[k] > iftReduced-2 {
			t.Errorf("p limb %d (%#x): p+2 is not reduced and dense", k, ifma52.P[k])
		}
	}
}

func TestIFMALaneRoundTrip(t *testing.T) {
	r := ptRand(t)
	for n, e := range vecEdgeElements(r, 200) {
		l := n % 4
		v := (*ifmaLanes)(iftRandVec(r, iftReduced))
		before := *v
		v.setLane(l, e)
		iftCheckReduced(t, "setLane", (*iftVec)(v))
		for k := range v {
			for m := range 4 {
				if m != l && v[k][m] != before[k][m] {
					t.Fatalf("setLane(%d) changed lane %d", l, m)
				}
			}
		}
		if got, want := iftLaneMod((*iftVec)(v), l), vecElemValue(e); got.Cmp(want) != 0 {
			t.Fatalf("setLane of %x: %x, want %x", *limbsOf(e), got, want)
		}
		var back field.Element
		v.lane(l, &back)
		if back != *e {
			t.Fatalf("lane(setLane(%x)) = %x", *limbsOf(e), *limbsOf(&back))
		}
	}
	for _, p := range ptPoints(t, r, 20) {
		var v ifmaLanes
		var q Point
		v.fromPoint(p).toPoint(&q)
		if q.x != p.x || q.y != p.y || q.z != p.z || q.t != p.t {
			t.Fatal("fromPoint/toPoint changed a coordinate")
		}
	}
}

// iftCheckNoZeroLimb fails if any limb of v is zero.
func iftCheckNoZeroLimb(t testing.TB, what string, v *iftVec) {
	t.Helper()
	for k := range v {
		for l := range v[k] {
			if v[k][l] == 0 {
				t.Fatalf("%s: limb %d of lane %d is zero", what, k, l)
			}
		}
	}
}

// iftCheckLanes fails unless the lanes of v are want mod p.
func iftCheckLanes(t testing.TB, what string, v *iftVec, want [4]*big.Int) {
	t.Helper()
	for l := range want {
		if got := iftLaneMod(v, l); got.Cmp(want[l]) != 0 {
			t.Fatalf("%s lane %d: %x, want %x", what, l, got, want[l])
		}
	}
}

func iftInts(xs ...int64) (out [4]*big.Int) {
	for i, x := range xs {
		out[i] = big.NewInt(x)
	}
	return out
}

// iftDoubler is the doubling to run: the twin, or the kernel.
type iftDoubler func(*ifmaLanes)

// iftCheckIdentityDense checks the identity written without zero limbs (see
// "Zero limbs" in vec_ifma.go): the accumulator's lanes are (0, 1, 1, 0)
// mod p with no zero limb, and 256 doublings keep it dense and the
// identity.
func iftCheckIdentityDense(t *testing.T, double iftDoubler) {
	var acc ifmaLanes
	for k := range acc {
		acc[k] = [4]uint64{7, 7, 7, 7}
	}
	acc.setIdentity()
	iftCheckReduced(t, "setIdentity", (*iftVec)(&acc))
	iftCheckNoZeroLimb(t, "setIdentity", (*iftVec)(&acc))
	iftCheckLanes(t, "setIdentity", (*iftVec)(&acc), iftInts(0, 1, 1, 0))
	for n := range 256 {
		double(&acc)
		iftCheckNoZeroLimb(t, "doubling "+strconv.Itoa(n)+" of the identity", (*iftVec)(&acc))
	}
	var got Point
	if acc.toPoint(&got).Equal(NewIdentityPoint()) != 1 {
		t.Fatal("doublings left the identity")
	}
}

func TestIFMAIdentityDense(t *testing.T) { iftCheckIdentityDense(t, ifmaDoubleGeneric) }

// iftAffineLanes returns (y-x, y+x, 2d·x·y, 2) of p mod p.
func iftAffineLanes(p *Point) [4]*big.Int {
	zInv := new(big.Int).ModInverse(ptElemBig(&p.z), vecP)
	x := new(big.Int).Mul(ptElemBig(&p.x), zInv)
	y := new(big.Int).Mul(ptElemBig(&p.y), zInv)
	x.Mod(x, vecP)
	y.Mod(y, vecP)
	t2d := new(big.Int).Mul(x, y)
	t2d.Mul(t2d, iftCurveD2)
	out := [4]*big.Int{new(big.Int).Sub(y, x), new(big.Int).Add(y, x), t2d, big.NewInt(2)}
	for _, o := range out {
		o.Mod(o, vecP)
	}
	return out
}

// iftAffine returns the affine addend of p, computed by the scalar code.
func iftAffine(p *Point) *ifmaAddend {
	var a affineCached
	return new(ifmaAddend).fromAffineCached(a.fromExtended(p))
}

func TestIFMAAddendPacking(t *testing.T) {
	r := ptRand(t)
	for _, p := range ptPoints(t, r, 30) {
		a := iftAffine(p)
		iftCheckReduced(t, "fromAffineCached", (*iftVec)(a))
		iftCheckLanes(t, "fromAffineCached", (*iftVec)(a), iftAffineLanes(p))
		for k := range a {
			want := ifma52.P[k]
			if k == 0 {
				want += 2
			}
			if a[k][3] != want {
				t.Fatalf("fromAffineCached lane 3 limb %d is %#x, not p+2's %#x", k, a[k][3], want)
			}
		}
		// pack: the cached form of the twin, as an addend.
		var v, c ifmaLanes
		ifmaCachedGeneric(&c, v.fromPoint(p))
		q := new(ifmaAddend).pack(&c)
		if *q != ifmaAddend(c) {
			t.Fatal("pack changed the limbs")
		}
		iftCheckReduced(t, "pack", (*iftVec)(q))
		iftCheckLanes(t, "pack", (*iftVec)(q), vecCachedLanes(p))
	}
}

// iftBackend is one implementation of the IFMA seam: the twins, or the
// kernels (vec_ifma_amd64_test.go).
type iftBackend struct {
	name      string
	mul       func(out, a, b *ifmaLanes)
	double    func(p *ifmaLanes)
	addAffine func(p *ifmaLanes, a *ifmaAddend, neg uint64)
	addDigit  func(p *ifmaLanes, row *[8]ifmaAddend, masks, neg uint64)
	addCached func(p, q *ifmaLanes)
	cached    func(q, p *ifmaLanes)
	// The operations on Points of vec_ifma_point.go.
	addPoint       func(v, p, q *Point, neg uint64)
	doublePoint    func(v, p *Point)
	multByCofactor func(v, p *Point)
}

var iftGeneric = iftBackend{
	"generic", ifmaMulGeneric, ifmaDoubleGeneric, ifmaAddAffineGeneric,
	ifmaAddDigitGeneric, ifmaAddCachedGeneric, ifmaCachedGeneric,
	ifmaAddPointGeneric, ifmaDoublePointGeneric, ifmaMultByCofactorPointGeneric,
}

// iftSeam is the seam as bound in this build: the kernels on amd64 (usable
// only where ifmaAvailable), the twins elsewhere.
var iftSeam = iftBackend{
	"seam", ifmaMul, ifmaDouble, ifmaAddAffine, ifmaAddDigit, ifmaAddCached, ifmaCached,
	ifmaAddPoint, ifmaDoublePoint, ifmaMultByCofactorPoint,
}

// iftBackends returns the backends to run here: the twins, and the kernels
// where the seam is bound to them and the CPU has them.
func iftBackends(t *testing.T) []iftBackend {
	switch {
	case !ifmaAsm:
		t.Log("the IFMA seam is the portable twins in this build (not amd64, or purego): the twins only")
	case !ifmaAvailable:
		t.Log("CPU without AVX2, AVX512F, AVX512VL and AVX512IFMA: the IFMA kernels are skipped, the twins only")
	default:
		return []iftBackend{iftGeneric, iftSeam}
	}
	return []iftBackend{iftGeneric}
}

func iftToPoint(v *ifmaLanes) *Point { return v.toPoint(new(Point)) }

// iftRow returns the affine addends of 1..8·p, and the reference points.
func iftRow(t testing.TB, p *Point) (*[8]ifmaAddend, [8]*ref.Point) {
	var row [8]ifmaAddend
	var pts [8]*ref.Point
	q := new(Point).Set(p)
	for i := range row {
		row[i] = *iftAffine(q)
		pts[i] = toRefPoint(t, q)
		q.Add(q, p)
	}
	return &row, pts
}

// TestIFMAPointFormulas checks the doubling, the additions (affine with
// both signs, cached, scanned with every digit) and the cached form of each
// backend against the reference, on points with and without a torsion
// component (some in rescaled coordinates), the identity and the torsion
// points, with every result reduced.
func TestIFMAPointFormulas(t *testing.T) {
	r := ptRand(t)
	pts := ptPoints(t, r, 40)
	for _, be := range iftBackends(t) {
		t.Run(be.name, func(t *testing.T) {
			for n, p := range pts {
				q := pts[r.IntN(len(pts))]
				if n%3 == 1 {
					p = ptScaled(t, r, p)
				}
				var v ifmaLanes
				v.fromPoint(p)
				refP, refQ := toRefPoint(t, p), toRefPoint(t, q)

				d := v // T is read: E = 2·T·Z
				be.double(&d)
				iftCheckReduced(t, be.name+" double", (*iftVec)(&d))
				samePoint(t, be.name+" 2P", iftToPoint(&d), new(ref.Point).Add(refP, refP))

				var vq, c ifmaLanes
				be.cached(&c, vq.fromPoint(ptScaled(t, r, q)))
				iftCheckReduced(t, be.name+" cached", (*iftVec)(&c))
				iftCheckLanes(t, be.name+" cached", (*iftVec)(&c), vecCachedLanes(iftToPoint(&vq)))
				sum := v
				be.addCached(&sum, &c)
				iftCheckReduced(t, be.name+" addCached", (*iftVec)(&sum))
				samePoint(t, be.name+" P + Q (cached)", iftToPoint(&sum), new(ref.Point).Add(refP, refQ))
				diff := v
				be.addAffine(&diff, new(ifmaAddend).pack(&c), ^uint64(0))
				samePoint(t, be.name+" P - Q (cached, signed)", iftToPoint(&diff), new(ref.Point).Subtract(refP, refQ))

				a := iftAffine(q)
				for _, neg := range []uint64{0, ^uint64(0)} {
					s := v
					be.addAffine(&s, a, neg)
					iftCheckReduced(t, be.name+" addAffine", (*iftVec)(&s))
					want := new(ref.Point).Add(refP, refQ)
					if neg != 0 {
						want.Subtract(refP, refQ)
					}
					samePoint(t, be.name+" P ± Q (affine)", iftToPoint(&s), want)
				}

				if n%4 == 0 {
					row, multiples := iftRow(t, q)
					for dgt := int32(-8); dgt <= 8; dgt++ {
						if dgt == 0 {
							continue // names no entry
						}
						masks, neg := vecDigitMasks(dgt)
						s := v
						be.addDigit(&s, row, masks, neg)
						iftCheckReduced(t, be.name+" addDigit", (*iftVec)(&s))
						want := new(ref.Point).Set(refP)
						switch {
						case dgt > 0:
							want.Add(want, multiples[dgt-1])
						case dgt < 0:
							want.Subtract(want, multiples[-dgt-1])
						}
						samePoint(t, be.name+" P + "+strconv.Itoa(int(dgt))+"·Q", iftToPoint(&s), want)
					}
				}
			}
		})
	}
}

// TestIFMAChain runs each backend along a chain of 300 random doublings and
// additions, every intermediate reduced and the value checked against the
// reference every few steps.
func TestIFMAChain(t *testing.T) {
	r := ptRand(t)
	pts := ptPoints(t, r, 16)
	for _, be := range iftBackends(t) {
		t.Run(be.name, func(t *testing.T) {
			var acc ifmaLanes
			acc.setIdentity()
			want := ref.NewIdentityPoint()
			for step := range 300 {
				q := pts[r.IntN(len(pts))]
				var vq, c ifmaLanes
				switch r.IntN(4) {
				case 0:
					be.double(&acc)
					want.Add(want, want)
				case 1:
					be.cached(&c, vq.fromPoint(q))
					be.addCached(&acc, &c)
					want.Add(want, toRefPoint(t, q))
				case 2:
					neg := -uint64(r.IntN(2))
					be.addAffine(&acc, iftAffine(q), neg)
					if neg != 0 {
						want.Subtract(want, toRefPoint(t, q))
					} else {
						want.Add(want, toRefPoint(t, q))
					}
				default:
					row, multiples := iftRow(t, q)
					dgt := vecRandDigit(r)
					masks, neg := vecDigitMasks(dgt)
					be.addDigit(&acc, row, masks, neg)
					if dgt > 0 {
						want.Add(want, multiples[dgt-1])
					} else if dgt < 0 {
						want.Subtract(want, multiples[-dgt-1])
					}
				}
				iftCheckReduced(t, "chain step "+strconv.Itoa(step), (*iftVec)(&acc))
				if step%10 == 9 {
					samePoint(t, be.name+" chain step "+strconv.Itoa(step), iftToPoint(&acc), want)
				}
			}
		})
	}
}

// iftOddWindow builds the window Q, 3Q, …, 15Q and 2Q as cached addends
// with the backend's doubling, cached form and cached additions: 1
// doubling, 7 additions and 9 cached forms.
func iftOddWindow(be *iftBackend, w *[8]ifmaAddend, two *ifmaAddend, q *Point) {
	var p, step, c ifmaLanes
	p.fromPoint(q)
	step = p
	be.double(&step)
	be.cached(&step, &step)
	two.pack(&step)
	be.cached(&c, &p)
	w[0].pack(&c)
	for i := 1; i < len(w); i++ {
		be.addCached(&p, &step)
		be.cached(&c, &p)
		w[i].pack(&c)
	}
}

// iftScalarMult is ScalarMult's loop in the IFMA kernels: the odd window,
// then from q for each of the 63 digits of oddDigits (top first) four
// doublings and one scanned addition, and the subtraction of δ·q.
func iftScalarMult(be *iftBackend, acc *ifmaLanes, w *[8]ifmaAddend, x *Scalar, q *Point) *Point {
	var two ifmaAddend
	iftOddWindow(be, w, &two, q)
	var digits [oddDigitCount]int8
	odd := x.oddDigits(&digits)
	acc.fromPoint(q)
	for i := oddDigitCount - 1; i >= 0; i-- {
		be.double(acc)
		be.double(acc)
		be.double(acc)
		be.double(acc)
		masks, neg := vecDigitMasks(int32(digits[i]))
		be.addDigit(acc, w, masks, neg)
	}
	corr := w[0]
	if odd != 0 {
		corr = two // a test: it may branch on the scalar
	}
	be.addAffine(acc, &corr, ^uint64(0))
	return acc.toPoint(new(Point))
}

// TestIFMAScalarMultLoop checks the ScalarMult-shaped loop of each backend
// against (*Point).ScalarMult for edge and random scalars and random points,
// torsion included.
func TestIFMAScalarMultLoop(t *testing.T) {
	r := ptRand(t)
	pts := ptPoints(t, r, 16)
	scalars := ptEdgeScalars(t)
	for range 40 {
		scalars = append(scalars, ptRandomScalar(r))
	}
	for _, be := range iftBackends(t) {
		t.Run(be.name, func(t *testing.T) {
			for n, x := range scalars {
				q := pts[n%len(pts)]
				var acc ifmaLanes
				var w [8]ifmaAddend
				got := iftScalarMult(&be, &acc, &w, x, q)
				want := new(Point).ScalarMult(x, q)
				if got.Equal(want) != 1 {
					t.Fatalf("%s: loop gives %x for scalar %x, ScalarMult %x", be.name, got.Bytes(), x.Bytes(), want.Bytes())
				}
				samePoint(t, be.name+" loop", got, toRefPoint(t, want))
			}
		})
	}
}

// TestIFMAKernelBoundsAtEdges runs every twin on accumulators and addends
// whose limbs sit at the reduced maximum (not points: only the bounds are
// checked) and on arbitrary reduced limbs: every output is reduced, which is
// what the next kernel assumes of its input.
func TestIFMAKernelBoundsAtEdges(t *testing.T) {
	r := ptRand(t)
	for n := range 300 {
		p := (*ifmaLanes)(iftRandVec(r, iftReduced))
		q := (*ifmaAddend)(iftRandVec(r, iftReduced))
		if n == 0 {
			p, q = (*ifmaLanes)(iftFill(iftReduced)), (*ifmaAddend)(iftFill(iftReduced))
		}
		var row [8]ifmaAddend
		for i := range row {
			row[i] = *(*ifmaAddend)(iftRandVec(r, iftReduced))
		}
		masks, neg := vecDigitMasks(vecRandDigit(r))
		loose := (*ifmaAddend)(iftRandVec(r, iftLoose))
		for name, f := range map[string]func(p *ifmaLanes){
			"double":       ifmaDoubleGeneric,
			"addCached":    func(p *ifmaLanes) { ifmaAddCachedGeneric(p, (*ifmaLanes)(q)) },
			"addCached/2":  func(p *ifmaLanes) { ifmaAddCachedGeneric(p, (*ifmaLanes)(loose)) },
			"addAffine":    func(p *ifmaLanes) { ifmaAddAffineGeneric(p, q, ^uint64(0)) },
			"addDigit":     func(p *ifmaLanes) { ifmaAddDigitGeneric(p, &row, masks, neg) },
			"cached":       func(p *ifmaLanes) { ifmaCachedGeneric(p, p) },
			"mul (loose)":  func(p *ifmaLanes) { ifmaMulGeneric(p, p, (*ifmaLanes)(loose)) },
			"expandAddend": func(p *ifmaLanes) { ifmaExpandAddend((*ifmaAddend)(p), q, ^uint64(0)) },
		} {
			x := *p
			f(&x)
			max := iftReduced
			if name == "expandAddend" {
				max = iftLoose // 2p - t
			}
			iftCheckBound(t, name, (*iftVec)(&x), max)
		}
	}
}

// iftDecodeCached returns the point whose cached form λ·(Y-X, Y+X, 2d·T, 2Z)
// v holds, failing if it is none.
func iftDecodeCached(t testing.TB, v *iftVec) *Point {
	t.Helper()
	half := new(big.Int).ModInverse(big.NewInt(2), vecP)
	yMinusX, yPlusX := iftLaneMod(v, 0), iftLaneMod(v, 1)
	x := new(big.Int).Sub(yPlusX, yMinusX)
	x.Mul(x, half).Mod(x, vecP)
	y := new(big.Int).Add(yPlusX, yMinusX)
	y.Mul(y, half).Mod(y, vecP)
	z := new(big.Int).Mul(iftLaneMod(v, 3), half)
	z.Mod(z, vecP)
	tt := new(big.Int).Mul(iftLaneMod(v, 2), new(big.Int).ModInverse(iftCurveD2, vecP))
	tt.Mod(tt, vecP)
	var c [4]field.Element
	for i, e := range []*big.Int{x, y, z, tt} {
		var b [32]byte
		e.FillBytes(b[:])
		for j := range len(b) / 2 {
			b[j], b[len(b)-1-j] = b[len(b)-1-j], b[j]
		}
		if _, err := c[i].SetBytes(b[:]); err != nil {
			t.Fatal(err)
		}
	}
	p, err := new(Point).SetExtendedCoordinates(&c[0], &c[1], &c[2], &c[3])
	if err != nil {
		t.Fatalf("cached form is not a point: %v", err)
	}
	return p
}

// TestIFMADenseLanes checks setDense4 on edge and random elements (every
// limb at the invariant's maximum among them), each edge element in every
// lane in turn: each lane holds its element mod p, with every limb in [p_k,
// 2^52).
func TestIFMADenseLanes(t *testing.T) {
	r := ptRand(t)
	edge := vecEdgeElements(r, 300)
	for n, e := range edge {
		var in [4]*field.Element
		for l := range in {
			in[l] = edge[r.IntN(len(edge))]
		}
		in[n%4] = e
		v := (*ifmaLanes)(iftRandVec(r, iftReduced))
		v.setDense4(in[0], in[1], in[2], in[3])
		for l, x := range in {
			for k := range v {
				if y := v[k][l]; y < ifma52.P[k] || y > iftLoose {
					t.Fatalf("setDense4, lane %d of %x: limb %d is %#x, outside [%#x, %#x]", l, *limbsOf(x), k, y, ifma52.P[k], iftLoose)
				}
			}
			if got, want := iftLaneMod((*iftVec)(v), l), vecElemValue(x); got.Cmp(want) != 0 {
				t.Fatalf("setDense4, lane %d of %x: %x, want %x", l, *limbsOf(x), got, want)
			}
		}
	}
}

// TestIFMAPointMethods checks the lanes that Point.Add, Subtract, Double
// and MultByCofactor hand the kernels on the IFMA backend (dense where
// they are multiplied, no zero limb, the right values), and runs each
// backend of iftBackends on them, and its whole operations on Points,
// against the reference, on points with and without a torsion component,
// rescaled ones, the identity and the torsion points.
func TestIFMAPointMethods(t *testing.T) {
	r := ptRand(t)
	pts := ptPoints(t, r, 40)
	for _, be := range iftBackends(t) {
		t.Run(be.name, func(t *testing.T) {
			for n, p := range pts {
				q := pts[(n*7+3)%len(pts)]
				if n%3 == 1 {
					p = ptScaled(t, r, p)
				}
				refP, refQ := toRefPoint(t, p), toRefPoint(t, q)
				var v ifmaLanes
				v.setDensePoint(p)
				iftCheckNoZeroLimb(t, "setDensePoint", (*iftVec)(&v))
				iftCheckBound(t, "setDensePoint", (*iftVec)(&v), iftLoose)
				d := v
				be.double(&d)
				iftCheckReduced(t, be.name+" double (dense)", (*iftVec)(&d))
				samePoint(t, be.name+" 2P (dense)", iftToPoint(&d), new(ref.Point).Add(refP, refP))
				// The doubling's result made dense again, as MultByCofactor's
				// second and third doublings read it.
				var dd ifmaLanes
				dd.setDensePoint(iftToPoint(&d))
				iftCheckNoZeroLimb(t, "setDensePoint of 2P", (*iftVec)(&dd))
				iftCheckBound(t, "setDensePoint of 2P", (*iftVec)(&dd), iftLoose)
				for l := range 4 {
					if iftLaneMod((*iftVec)(&dd), l).Cmp(iftLaneMod((*iftVec)(&d), l)) != 0 {
						t.Fatalf("setDensePoint changed the value of lane %d of 2P", l)
					}
				}
				for _, sub := range []bool{false, true} {
					qq := q
					if sub {
						qq = new(Point).Negate(q)
					}
					var in, c ifmaLanes
					var a ifmaAddend
					in.setCachedInput(q)
					for k := range in {
						for l := range 3 { // X, Y and Z dense
							if x := in[k][l]; x < ifma52.P[k] || x > iftLoose {
								t.Fatalf("setCachedInput: limb %d of lane %d is %#x, not dense", k, l, x)
							}
						}
						if in[k][3] > iftReduced { // T as it is
							t.Fatalf("setCachedInput: limb %d of T is %#x, not reduced", k, in[k][3])
						}
					}
					be.cached(&c, &in)
					iftCheckReduced(t, be.name+" cached (Point.Add's addend)", (*iftVec)(&c))
					neg := uint64(0)
					if sub {
						neg = ^uint64(0)
					}
					ifmaExpandAddend(&a, (*ifmaAddend)(&c), neg)
					// No zero limb reaches ifmaAddCached, for the identity and
					// the torsion points too.
					iftCheckNoZeroLimb(t, be.name+" cached (Point.Add's addend)", (*iftVec)(&a))
					// With its sign, loose: 2p - 2d·T is below 2p, not reduced.
					iftCheckBound(t, be.name+" signed addend", (*iftVec)(&a), iftLoose)
					iftCheckLanes(t, be.name+" cached (Point.Add's addend)", (*iftVec)(&a), vecCachedLanes(qq))
					s := v
					be.addCached(&s, (*ifmaLanes)(&a))
					iftCheckReduced(t, be.name+" addCached (dense)", (*iftVec)(&s))
					want := new(ref.Point).Add(refP, refQ)
					if sub {
						want.Subtract(refP, refQ)
					}
					samePoint(t, be.name+" P ± Q (dense)", iftToPoint(&s), want)

					// The whole operation on Points, as Add and Subtract call it
					// (the twin everywhere, the kernel where the CPU has it).
					var r Point
					be.addPoint(&r, p, q, neg)
					samePoint(t, be.name+" addPoint", &r, want)
				}
				var r Point
				be.doublePoint(&r, p)
				samePoint(t, be.name+" doublePoint", &r, new(ref.Point).Add(refP, refP))
				be.multByCofactor(&r, p)
				samePoint(t, be.name+" multByCofactor", &r, new(ref.Point).MultByCofactor(refP))
			}
		})
	}
}

// lane sets e to lane l of v (the tests read lanes one at a time; the
// library reads them a limb row at a time, in toPoint), a reduced value: its limbs are inside the
// Element invariant as they are.
func (v *ifmaLanes) lane(l int, e *field.Element) {
	x := limbsOf(e)
	for k := range x {
		x[k] = v[k][l]
	}
}
