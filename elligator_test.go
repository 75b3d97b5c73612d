package edwards25519

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/seed06d4b90c/edwards25519/field"
)

// Elligator 2 against math/big: the map as RFC 9380 section 6.7.1 and
// appendix D state it (inversions, square roots, sgn0), and the inverse map
// and representable condition of Bernstein, Hamburg, Krasnova and Lange
// (section 5) for that map, computed independently of the library.

var (
	elP    = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	elJ    = big.NewInt(486662)
	elHalf = new(big.Int).Rsh(elP, 1) // (p-1)/2
	elD    = func() *big.Int {        // d = -121665/121666
		d := new(big.Int).ModInverse(big.NewInt(121666), elP)
		d.Mul(d, big.NewInt(-121665))
		return d.Mod(d, elP)
	}()
	// elC = √-486664 with sgn0 = 0 (RFC 9380 appendix G.2.2).
	elC = func() *big.Int {
		c := elSqrt(big.NewInt(-486664))
		if c == nil {
			panic("-486664 is not a square")
		}
		return elEven(c)
	}()
)

func elMod(x *big.Int) *big.Int { return x.Mod(x, elP) }

func elMul(a ...*big.Int) *big.Int {
	r := big.NewInt(1)
	for _, x := range a {
		r.Mul(r, x)
		elMod(r)
	}
	return r
}

func elAdd(a, b *big.Int) *big.Int { return elMod(new(big.Int).Add(a, b)) }
func elSub(a, b *big.Int) *big.Int { return elMod(new(big.Int).Sub(a, b)) }

// elInv0 is inv0 of RFC 9380 section 4: 1/x, and 0 for 0.
func elInv0(x *big.Int) *big.Int {
	if elMod(new(big.Int).Set(x)).Sign() == 0 {
		return new(big.Int)
	}
	return new(big.Int).ModInverse(x, elP)
}

// elSqrt returns a square root of x mod p, or nil if x is not a square.
func elSqrt(x *big.Int) *big.Int {
	return new(big.Int).ModSqrt(elMod(new(big.Int).Set(x)), elP)
}

// elIsSquare is is_square of RFC 9380 section 4 (0 counts as a square).
func elIsSquare(x *big.Int) bool { return elSqrt(x) != nil }

func elEven(x *big.Int) *big.Int {
	if x.Bit(0) == 1 {
		return elSub(new(big.Int), x)
	}
	return x
}

func elOdd(x *big.Int) *big.Int {
	if x.Bit(0) == 0 {
		return elSub(new(big.Int), x)
	}
	return x
}

func elG(s *big.Int) *big.Int { // g(s) = s³ + J·s² + s
	return elAdd(elMul(s, s, s), elAdd(elMul(elJ, s, s), s))
}

// elMap is map_to_curve_elligator2_edwards25519(u) exactly as RFC 9380
// writes it in sections 6.7.1 (K = 1, Z = 2) and 6.8.2, with the rational
// map and exceptional cases of appendix D: the affine Edwards point.
func elMap(u *big.Int) (x, y *big.Int) {
	minusJ := elSub(new(big.Int), elJ)
	x1 := elMul(minusJ, elInv0(elAdd(big.NewInt(1), elMul(big.NewInt(2), u, u))))
	if x1.Sign() == 0 {
		x1 = minusJ
	}
	x2 := elSub(elSub(new(big.Int), x1), elJ)
	var s, t *big.Int
	if gx1 := elG(x1); elIsSquare(gx1) {
		s, t = x1, elOdd(elSqrt(gx1))
	} else {
		s, t = x2, elEven(elSqrt(elG(x2)))
	}
	// (v, w) = (c·s/t, (s - 1)/(s + 1)), the identity where undefined.
	if t.Sign() == 0 || elAdd(s, big.NewInt(1)).Sign() == 0 {
		return new(big.Int), big.NewInt(1)
	}
	x = elMul(elC, s, elInv0(t))
	y = elMul(elSub(s, big.NewInt(1)), elInv0(elAdd(s, big.NewInt(1))))
	return x, y
}

// elRepresentative is the inverse map for the same map, from BHKL section
// 5: ok reports whether (x, y) has a representative, and r is the one in
// [0, (p-1)/2].
func elRepresentative(x, y *big.Int) (r *big.Int, ok bool) {
	if x.Sign() == 0 && y.Cmp(big.NewInt(1)) == 0 {
		return new(big.Int), true // the identity, image of r = 0
	}
	if elSub(y, elSub(new(big.Int), big.NewInt(1))).Sign() == 0 {
		return nil, false // (0, -1): its Montgomery image (0, 0) maps to the identity
	}
	s := elMul(elAdd(big.NewInt(1), y), elInv0(elSub(big.NewInt(1), y)))
	t := elMul(elC, s, elInv0(x))
	sJ := elAdd(s, elJ)
	cond := elMul(big.NewInt(-2), s, sJ)
	if cond.Sign() == 0 || !elIsSquare(cond) {
		return nil, false
	}
	var r2 *big.Int
	if t.Bit(0) == 1 { // the x1 branch
		r2 = elMul(elSub(new(big.Int), sJ), elInv0(elMul(big.NewInt(2), s)))
	} else {
		r2 = elMul(elSub(new(big.Int), s), elInv0(elMul(big.NewInt(2), sJ)))
	}
	r = elSqrt(r2)
	if r.Cmp(elHalf) > 0 {
		r = elSub(new(big.Int), r)
	}
	return r, true
}

// elEncode is the RFC 8032 encoding of the affine point (x, y).
func elEncode(x, y *big.Int) []byte {
	b := reverse(y.FillBytes(make([]byte, 32)))
	b[31] |= byte(x.Bit(0) << 7)
	return b
}

// elAffine returns the affine coordinates of p, through math/big.
func elAffine(p *Point) (x, y *big.Int) {
	X, Y, Z, _ := p.ExtendedCoordinates()
	zi := elInv0(ptElemBig(Z))
	return elMul(ptElemBig(X), zi), elMul(ptElemBig(Y), zi)
}

func elToElement(t testing.TB, x *big.Int) *field.Element {
	t.Helper()
	e, err := new(field.Element).SetBytes(reverse(elMod(new(big.Int).Set(x)).FillBytes(make([]byte, 32))))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func elOnCurve(x, y *big.Int) bool { // -x² + y² = 1 + d·x²·y²
	x2, y2 := elMul(x, x), elMul(y, y)
	return elSub(y2, x2).Cmp(elAdd(big.NewInt(1), elMul(elD, x2, y2))) == 0
}

// elInputs returns field elements for the map: the edges 0, 1, -1, 2,
// (p±1)/2, the values whose byte strings are non-canonical (p to
// 2^255 - 1, read by SetBytes as 0 to 18), random elements, and u with the
// square g(x1) and without it.
func elInputs(t testing.TB, r *rand.Rand, n int) []*field.Element {
	var out []*field.Element
	for _, v := range []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2), new(big.Int).Sub(elP, big.NewInt(1)),
		elHalf, new(big.Int).Add(elHalf, big.NewInt(1)),
		new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 254), big.NewInt(1)),
	} {
		out = append(out, elToElement(t, v))
	}
	for k := 0; k < 19; k += 6 {
		b := reverse(new(big.Int).Add(elP, big.NewInt(int64(k))).FillBytes(make([]byte, 32)))
		e, _ := new(field.Element).SetBytes(b)
		out = append(out, e)
	}
	for len(out) < n {
		var b [32]byte
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		e, _ := new(field.Element).SetBytes(b[:])
		out = append(out, e)
	}
	return out
}

// TestElligator2Map compares SetElligator2 with the RFC's description in
// math/big, on edge and random inputs (both branches), and checks that r
// and -r agree and that r is not modified.
func TestElligator2Map(t *testing.T) {
	r := ptRand(t)
	branches := [2]int{}
	for _, u := range elInputs(t, r, 600) {
		ub := ptElemBig(u)
		wantX, wantY := elMap(ub)
		if !elOnCurve(wantX, wantY) {
			t.Fatalf("oracle: map(%v) is not on the curve", ub)
		}
		minusJ := elSub(new(big.Int), elJ)
		x1 := elMul(minusJ, elInv0(elAdd(big.NewInt(1), elMul(big.NewInt(2), ub, ub))))
		if elIsSquare(elG(x1)) {
			branches[0]++
		} else {
			branches[1]++
		}
		uCopy := *u
		p := new(Point).SetElligator2(u)
		if *u != uCopy {
			t.Fatal("SetElligator2 modified its input")
		}
		if got, want := p.Bytes(), elEncode(wantX, wantY); !bytes.Equal(got, want) {
			t.Fatalf("SetElligator2(%v) = %x, want %x", ub, got, want)
		}
		if !onCurveExtended(&p.x, &p.y, &p.z, &p.t) {
			t.Fatalf("SetElligator2(%v): extended coordinates inconsistent", ub)
		}
		neg := new(field.Element).Negate(u)
		if new(Point).SetElligator2(neg).Equal(p) != 1 {
			t.Fatalf("SetElligator2(-%v) differs from SetElligator2(%v)", ub, ub)
		}
	}
	if branches[0] < 200 || branches[1] < 200 {
		t.Errorf("branches x1/x2 taken %d/%d times: the inputs do not exercise both", branches[0], branches[1])
	}
	if new(Point).SetElligator2(new(field.Element)).Equal(NewIdentityPoint()) != 1 {
		t.Error("SetElligator2(0) is not the identity")
	}
}

// elAllCosets returns, for each of n random points k·B, its sums with the
// eight torsion points and their negations: every coset, both signs.
func elAllCosets(t testing.TB, r *rand.Rand, n int) []*Point {
	torsion := ptTorsion(t, r)
	var out []*Point
	for i := 0; i < n; i++ {
		base := new(Point).ScalarBaseMult(ptRandomScalar(r))
		for _, tp := range torsion {
			q := new(Point).Add(base, tp)
			out = append(out, q, new(Point).Negate(q))
		}
	}
	return out
}

// TestElligator2RepresentativeOracle decides representability of points of
// every coset and both signs with math/big, requires the same decision and
// the same r from Elligator2Representative, a round trip to the same point,
// and a representable fraction within 4.5 sigma of one half.
func TestElligator2RepresentativeOracle(t *testing.T) {
	r := ptRand(t)
	n := 128
	if testing.Short() {
		n = 32
	}
	points := append(elAllCosets(t, r, n), ptPoints(t, r, 16)...)
	representable := 0
	perCoset := make(map[int][2]int) // index in the 16 variants -> (representable, total)
	for i, p := range points {
		tweak := byte(r.Uint32())
		before := *p
		got, err := p.Elligator2Representative(tweak)
		if p.Equal(&before) != 1 || p.x != before.x || p.z != before.z {
			t.Fatal("Elligator2Representative modified its receiver")
		}
		x, y := elAffine(p)
		want, ok := elRepresentative(x, y)
		if ok != (err == nil) {
			t.Fatalf("point %x: representable per math/big %v, Elligator2Representative error %v", p.Bytes(), ok, err)
		}
		if i < 16*n {
			c := perCoset[i%16]
			c[1]++
			if ok {
				c[0]++
			}
			perCoset[i%16] = c
		}
		if !ok {
			if got != nil {
				t.Fatalf("error with a non-nil result %x", got)
			}
			continue
		}
		representable++
		wantBytes := reverse(want.FillBytes(make([]byte, 32)))
		wantBytes[31] |= tweak & 0xc0
		if !bytes.Equal(got, wantBytes) {
			t.Fatalf("point %x: representative %x, want %x", p.Bytes(), got, wantBytes)
		}
		back, err := new(Point).SetElligator2Representative(got)
		if err != nil || back.Equal(p) != 1 {
			t.Fatalf("point %x: the representative %x maps back to %x (%v)", p.Bytes(), got, back.Bytes(), err)
		}
	}
	if testing.Short() {
		return
	}
	// elAllCosets puts q at even and -q at odd indices, and the two share a
	// Montgomery u and so a decision: only the even classes enter the
	// statistic, which makes it Binomial(total, 1/2) with total = 8n, mean
	// total/2 and sigma sqrt(total)/2.
	total := 8 * n
	countInCosets := 0
	for idx, c := range perCoset {
		if idx%2 == 0 {
			countInCosets += c[0]
		}
		if c[0] == 0 || c[0] == c[1] {
			t.Errorf("a coset/sign class has %d of %d representable points", c[0], c[1])
		}
	}
	if d := float64(countInCosets) - float64(total)/2; d*d > 4.5*4.5*float64(total)/4 {
		t.Errorf("%d of %d points (one of each ± pair) representable, more than 4.5 sigma from one half", countInCosets, total)
	}
	t.Logf("%d of %d random points of all cosets, one sign each, representable (%d of %d with the edge points)",
		countInCosets, total, representable, len(points))
}

// TestElligator2KnownPoints: the identity is represented by 0 and (0, -1)
// has no representative, both signs of a point agree, and the torsion
// points of order 4 and 8 are decided as math/big decides them.
func TestElligator2KnownPoints(t *testing.T) {
	r := ptRand(t)
	rep, err := NewIdentityPoint().Elligator2Representative(0xff)
	want := make([]byte, 32)
	want[31] = 0xc0
	if err != nil || !bytes.Equal(rep, want) {
		t.Errorf("identity: representative %x, %v; want %x", rep, err, want)
	}
	for _, tp := range ptTorsion(t, r) {
		x, y := elAffine(tp)
		_, ok := elRepresentative(x, y)
		_, err := tp.Elligator2Representative(0)
		if ok != (err == nil) {
			t.Errorf("torsion point %x: math/big says %v, got error %v", tp.Bytes(), ok, err)
		}
		if y.Cmp(new(big.Int).Sub(elP, big.NewInt(1))) == 0 && err == nil {
			t.Error("(0, -1) has a representative")
		}
	}
	for _, p := range ptPoints(t, r, 40) {
		_, e1 := p.Elligator2Representative(0)
		_, e2 := new(Point).Negate(p).Elligator2Representative(0)
		if (e1 == nil) != (e2 == nil) {
			t.Errorf("point %x and its negation decided differently", p.Bytes())
		}
	}
}

// TestElligator2RepresentativeRoundTrip reads random 32-byte strings and
// edge values as representatives: Elligator2Representative of the point
// must give back r or -r, whichever is at most (p-1)/2, with the tweak in
// the top bits; and the top bits of the input must not matter.
func TestElligator2RepresentativeRoundTrip(t *testing.T) {
	r := ptRand(t)
	var inputs [][]byte
	two254 := new(big.Int).Lsh(big.NewInt(1), 254)
	for _, v := range []*big.Int{
		big.NewInt(0), big.NewInt(1), elHalf, new(big.Int).Add(elHalf, big.NewInt(1)),
		new(big.Int).Sub(two254, big.NewInt(1)), new(big.Int).Sub(two254, big.NewInt(9)),
		new(big.Int).Sub(two254, big.NewInt(10)),
	} {
		inputs = append(inputs, reverse(v.FillBytes(make([]byte, 32))))
	}
	for i := 0; i < 300; i++ {
		b := make([]byte, 32)
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		inputs = append(inputs, b)
	}
	for _, in := range inputs {
		inCopy := append([]byte{}, in...)
		p, err := new(Point).SetElligator2Representative(in)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(in, inCopy) {
			t.Fatal("SetElligator2Representative modified its input")
		}
		for top := 0; top < 4; top++ {
			other := append([]byte{}, in...)
			other[31] = other[31]&0x3f | byte(top)<<6
			if q, _ := new(Point).SetElligator2Representative(other); q.Equal(p) != 1 {
				t.Fatalf("%x and %x (top bits only differ) map to different points", in, other)
			}
		}
		v := new(big.Int).SetBytes(reverse(in))
		v.Mod(v, two254)
		if x, y := elMap(v); !bytes.Equal(p.Bytes(), elEncode(x, y)) {
			t.Fatalf("SetElligator2Representative(%x) = %x, want %x", in, p.Bytes(), elEncode(x, y))
		}
		if v.Cmp(elHalf) > 0 {
			v.Sub(elP, v)
		}
		tweak := byte(r.Uint32())
		want := reverse(v.FillBytes(make([]byte, 32)))
		want[31] |= tweak & 0xc0
		got, err := p.Elligator2Representative(tweak)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("Elligator2Representative(SetElligator2Representative(%x)) = %x, %v; want %x", in, got, err, want)
		}
	}
}

func TestElligator2RepresentativeErrors(t *testing.T) {
	r := ptRand(t)
	for _, n := range []int{0, 1, 31, 33, 64} {
		v := NewGeneratorPoint()
		if p, err := v.SetElligator2Representative(make([]byte, n)); p != nil || err == nil {
			t.Errorf("length %d: got %v, %v; want nil and an error", n, p, err)
		}
		if v.Equal(NewGeneratorPoint()) != 1 {
			t.Errorf("length %d: receiver changed", n)
		}
	}
	if p, err := new(Point).SetElligator2Representative(nil); p != nil || err == nil {
		t.Error("nil representative accepted")
	}
	// A non-representable point: nil and an error.
	for tries := 0; ; tries++ {
		p := new(Point).ScalarBaseMult(ptRandomScalar(r))
		x, y := elAffine(p)
		if _, ok := elRepresentative(x, y); ok {
			if tries > 64 {
				t.Fatal("no non-representable point found")
			}
			continue
		}
		if rep, err := p.Elligator2Representative(0); rep != nil || err == nil {
			t.Errorf("non-representable point: got %x, %v", rep, err)
		}
		break
	}
	defer func() {
		if recover() == nil {
			t.Error("Elligator2Representative of the zero Point did not panic")
		}
	}()
	new(Point).Elligator2Representative(0)
}

// TestElligator2Fresh: every representative is a new slice.
func TestElligator2Fresh(t *testing.T) {
	p := NewIdentityPoint()
	a, _ := p.Elligator2Representative(0)
	b, _ := p.Elligator2Representative(0)
	a[0] = 1
	if b[0] != 0 {
		t.Error("two representatives share memory")
	}
}

func TestElligator2Allocations(t *testing.T) {
	var u field.Element
	u.One()
	var p Point
	rep := make([]byte, 32)
	rep[0] = 7
	if n := testing.AllocsPerRun(20, func() { p.SetElligator2(&u) }); n != 0 {
		t.Errorf("SetElligator2: %v allocations", n)
	}
	if n := testing.AllocsPerRun(20, func() { p.SetElligator2Representative(rep) }); n != 0 {
		t.Errorf("SetElligator2Representative: %v allocations", n)
	}
	p.SetElligator2Representative(rep)
	if n := testing.AllocsPerRun(20, func() { p.Elligator2Representative(0) }); n != 0 {
		t.Errorf("Elligator2Representative: %v allocations", n)
	}
}

// TestElligator2Constants checks the derived constants against math/big.
func TestElligator2Constants(t *testing.T) {
	if got := ptElemBig(ell2C); got.Cmp(elC) != 0 {
		t.Errorf("c = %v, want %v", got, elC)
	}
	i := ptElemBig(new(field.Element).Subtract(new(field.Element).One(), ell2OneMinusI))
	if elMul(i, i).Cmp(new(big.Int).Sub(elP, big.NewInt(1))) != 0 || i.Bit(0) != 0 {
		t.Errorf("1 - ell2OneMinusI = %v is not the even root of -1", i)
	}
	if got := ptElemBig(ell2MinusJ); got.Cmp(elSub(new(big.Int), elJ)) != 0 {
		t.Errorf("-J = %v", got)
	}
	// The facts the derivation relies on: -J, J - 2 and 2 are not squares.
	for _, v := range []int64{-486662, 486660, 2} {
		if elIsSquare(big.NewInt(v)) {
			t.Errorf("%d is a square mod p", v)
		}
	}
}
