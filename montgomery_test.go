package edwards25519

import (
	"bytes"
	"math/big"
	"testing"
)

// The oracle for SetMontgomeryBytes, on math/big and the Edwards equation
// (not the Montgomery equation the implementation uses): y = (u-1)/(u+1),
// x² = (y² - 1)/(d·y² + 1), and independently Euler's criterion on
// u³ + A·u² + u for the twist.

var (
	montP = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	// montD = -121665/121666 mod p (RFC 8032, section 5.1).
	montD = func() *big.Int {
		d := new(big.Int).ModInverse(big.NewInt(121666), montP)
		d.Mul(d, big.NewInt(-121665))
		return d.Mod(d, montP)
	}()
)

func montLE(b []byte) *big.Int {
	be := bytes.Clone(b)
	for i, j := 0, len(be)-1; i < j; i, j = i+1, j-1 {
		be[i], be[j] = be[j], be[i]
	}
	return new(big.Int).SetBytes(be)
}

func montLE32(n *big.Int) []byte {
	out := n.FillBytes(make([]byte, 32))
	for i, j := 0, 31; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// montBigU decodes u as X25519 does: bit 255 dropped, reduced mod p.
func montBigU(u []byte) *big.Int {
	m := bytes.Clone(u)
	m[31] &= 0x7f
	return new(big.Int).Mod(montLE(m), montP)
}

// montIsSquare is Euler's criterion mod p (0 counts as a square).
func montIsSquare(v *big.Int) bool {
	v = new(big.Int).Mod(v, montP)
	if v.Sign() == 0 {
		return true
	}
	e := new(big.Int).Rsh(new(big.Int).Sub(montP, big.NewInt(1)), 1)
	return new(big.Int).Exp(v, e, montP).Cmp(big.NewInt(1)) == 0
}

// montOnTwist reports whether u³ + 486662·u² + u is not a square mod p.
func montOnTwist(u *big.Int) bool {
	rhs := new(big.Int).Mul(u, u)
	rhs.Add(rhs, new(big.Int).Mul(big.NewInt(486662), u))
	rhs.Add(rhs, big.NewInt(1))
	rhs.Mul(rhs, u)
	return !montIsSquare(rhs)
}

// montBigDecode returns the RFC 8032 encoding of the point SetMontgomeryBytes
// must return for (u, sign), or nil if it must fail: u = -1, or u on the
// twist. It recovers x from the Edwards equation, checks that the twist
// verdict of that equation agrees with Euler's criterion on the Montgomery
// one, and picks the root whose parity is sign (x = 0 for either sign).
func montBigDecode(t testing.TB, u []byte, sign int) []byte {
	t.Helper()
	x := montBigU(u)
	pm1 := new(big.Int).Sub(montP, big.NewInt(1))
	if x.Cmp(pm1) == 0 {
		return nil
	}
	den := new(big.Int).Add(x, big.NewInt(1))
	y := new(big.Int).Sub(x, big.NewInt(1))
	y.Mul(y, den.ModInverse(den, montP)).Mod(y, montP)
	yy := new(big.Int).Mul(y, y)
	num := new(big.Int).Sub(yy, big.NewInt(1))
	dd := new(big.Int).Mul(montD, yy)
	dd.Add(dd, big.NewInt(1)).Mod(dd, montP)
	ratio := num.Mul(num, dd.ModInverse(dd, montP)).Mod(num, montP)
	edwardsSquare := montIsSquare(ratio)
	if edwardsSquare == montOnTwist(x) {
		t.Fatalf("u %x: the Edwards equation and Euler's criterion disagree on the twist", u)
	}
	if !edwardsSquare {
		return nil
	}
	ex := new(big.Int).ModSqrt(ratio, montP)
	if ex.Bit(0) != uint(sign) && ex.Sign() != 0 {
		ex.Sub(montP, ex)
	}
	enc := montLE32(y)
	enc[31] |= byte(ex.Bit(0) << 7)
	return enc
}

// montCheck runs SetMontgomeryBytes(u, sign) on a receiver holding a known
// point and compares with montBigDecode: the same encoding on success, an
// error and an untouched receiver otherwise, and u unmodified either way.
// It returns the decoded point, or nil.
func montCheck(t *testing.T, u []byte, sign int) *Point {
	t.Helper()
	want := montBigDecode(t, u, sign)
	uc := bytes.Clone(u)
	v := NewGeneratorPoint()
	before := v.Bytes()
	got, err := v.SetMontgomeryBytes(u, sign)
	if !bytes.Equal(u, uc) {
		t.Fatalf("u %x: SetMontgomeryBytes modified its input", uc)
	}
	if want == nil {
		if err == nil || got != nil {
			t.Errorf("u %x sign %d: got %v, %v; want nil and an error", u, sign, got, err)
		}
		if !bytes.Equal(v.Bytes(), before) {
			t.Errorf("u %x sign %d: receiver modified on error", u, sign)
		}
		return nil
	}
	if err != nil || got != v {
		t.Errorf("u %x sign %d: got %v, %v; want the receiver and no error", u, sign, got, err)
		return nil
	}
	if enc := v.Bytes(); !bytes.Equal(enc, want) {
		t.Errorf("u %x sign %d: point %x, math/big %x", u, sign, enc, want)
	}
	return v
}

// TestSetMontgomeryBytesRoundTrip decodes BytesMontgomery of random points
// in all eight cosets of the prime-order subgroup (k·B + T for each torsion
// point T), and of the torsion points, with both signs: the result must be
// P or -P, the one whose x has the requested sign, and encode back to u.
func TestSetMontgomeryBytesRoundTrip(t *testing.T) {
	r := ptRand(t)
	torsion := ptTorsion(t, r)
	points := append([]*Point{}, torsion...)
	for i := range 64 {
		p := new(Point).ScalarBaseMult(ptRandomScalar(r))
		points = append(points, p.Add(p, torsion[i%8]))
	}
	for _, p := range points {
		u := p.BytesMontgomery()
		neg := new(Point).Negate(p)
		pSign := int(p.Bytes()[31] >> 7)
		for sign := range 2 {
			q := montCheck(t, u, sign)
			if q == nil {
				t.Fatalf("u %x of a curve point was rejected", u)
			}
			if !bytes.Equal(q.BytesMontgomery(), u) {
				t.Errorf("u %x: round trip gives u %x", u, q.BytesMontgomery())
			}
			if p.Equal(NewIdentityPoint()) == 1 {
				// The identity's u is 0 by convention; 0 decodes to (0, -1).
				if !bytes.Equal(q.Bytes(), montLE32(new(big.Int).Sub(montP, big.NewInt(1)))) {
					t.Errorf("u = 0 sign %d gives %x, want (0, -1)", sign, q.Bytes())
				}
				continue
			}
			want := p
			if pSign != sign {
				want = neg // for x = 0, -P = P
			}
			if q.Equal(want) != 1 {
				t.Errorf("u %x sign %d: got %x, want %x", u, sign, q.Bytes(), want.Bytes())
			}
		}
	}
}

// TestSetMontgomeryBytesRandom compares random u-coordinates (about half on
// the twist, some with bit 255 set or non-canonical) with the math/big
// oracle, and checks that twist and curve inputs both occurred.
func TestSetMontgomeryBytesRandom(t *testing.T) {
	r := ptRand(t)
	twist, curve := 0, 0
	for i := range 400 {
		u := make([]byte, 32)
		for j := range u {
			u[j] = byte(r.Uint32())
		}
		if i%4 != 0 {
			u[31] &= 0x7f
		}
		if montOnTwist(montBigU(u)) {
			twist++
		} else {
			curve++
		}
		for sign := range 2 {
			montCheck(t, u, sign)
		}
	}
	if twist < 100 || curve < 100 {
		t.Errorf("%d twist and %d curve inputs; expected about 200 each", twist, curve)
	}
	t.Logf("%d u on the curve, %d on the twist, both signs", curve, twist)
}

// TestSetMontgomeryBytesEdges covers u = 0, 1, -1, non-canonical u (p + k
// for k < 19, the only ones below 2^255) and bit 255.
func TestSetMontgomeryBytesEdges(t *testing.T) {
	pm1 := montLE32(new(big.Int).Sub(montP, big.NewInt(1)))
	for sign := range 2 {
		// u = 0: (0, -1) for both signs.
		q := montCheck(t, make([]byte, 32), sign)
		if q == nil || !bytes.Equal(q.Bytes(), pm1) {
			t.Errorf("u = 0 sign %d: got %v, want (0, -1), encoded %x", sign, q, pm1)
		}
		// u = -1, with and without bit 255: the pole. montCheck requires
		// the rejection and an unchanged receiver; the input is on the
		// twist too, so the error must also name the pole to show that the
		// first check caught it.
		for _, u := range [][]byte{pm1, append(bytes.Clone(pm1[:31]), pm1[31]|0x80)} {
			if q := montCheck(t, u, sign); q != nil {
				t.Errorf("u = -1 (%x) sign %d: accepted as %x", u, sign, q.Bytes())
			}
			v := NewGeneratorPoint()
			if got, err := v.SetMontgomeryBytes(u, sign); err != errMontgomeryPole || got != nil {
				t.Errorf("u = -1 (%x): got %v, %v; want nil, %v", u, got, err, errMontgomeryPole)
			}
			if v.Equal(NewGeneratorPoint()) != 1 {
				t.Errorf("u = -1 (%x) sign %d: receiver modified on error", u, sign)
			}
		}
		// u = 1: the two points of order 4, y = 0.
		one := make([]byte, 32)
		one[0] = 1
		if q := montCheck(t, one, sign); q == nil || q.Equal(NewIdentityPoint()) == 1 ||
			new(Point).Double(new(Point).Double(q)).Equal(NewIdentityPoint()) != 1 {
			t.Errorf("u = 1 sign %d: not a point of order 4: %v", sign, q)
		}
		// p + k decodes as k; bit 255 is ignored.
		for k := range 19 {
			canon := make([]byte, 32)
			canon[0] = byte(k)
			nonCanon := montLE32(new(big.Int).Add(montP, big.NewInt(int64(k))))
			a := montCheck(t, canon, sign)
			b := montCheck(t, nonCanon, sign)
			hi := bytes.Clone(canon)
			hi[31] |= 0x80
			c := montCheck(t, hi, sign)
			if (a == nil) != (b == nil) || (a == nil) != (c == nil) ||
				(a != nil && (a.Equal(b) != 1 || a.Equal(c) != 1)) {
				t.Errorf("u = %d sign %d: p + u or bit 255 changed the result", k, sign)
			}
		}
	}
}

// TestSetMontgomeryBytesErrors checks the argument errors: every length but
// 32, nil, and signs other than 0 and 1, which must give the sign error
// even for u = 0; the receiver stays unchanged.
func TestSetMontgomeryBytesErrors(t *testing.T) {
	r := ptRand(t)
	v := new(Point).ScalarBaseMult(ptRandomScalar(r))
	before := v.Bytes()
	good := NewGeneratorPoint().BytesMontgomery()
	check := func(what string, u []byte, sign int) {
		t.Helper()
		if got, err := v.SetMontgomeryBytes(u, sign); err == nil || got != nil {
			t.Errorf("%s: got %v, %v; want nil and an error", what, got, err)
		}
		if !bytes.Equal(v.Bytes(), before) {
			t.Fatalf("%s: receiver modified", what)
		}
	}
	check("nil", nil, 0)
	for n := 0; n <= 100; n++ {
		if n != 32 {
			check("length", make([]byte, n), 0)
		}
	}
	// A bad sign is reported as such, for a u on the curve and for u = 0,
	// whose x is 0 whatever the sign (so no later check can catch it).
	zeroU := make([]byte, 32)
	for _, sign := range []int{-1, 2, 3, 128, -1 << 30, 1 << 30} {
		for _, u := range [][]byte{good, zeroU} {
			check("sign", u, sign)
			if _, err := v.SetMontgomeryBytes(u, sign); err != errMontgomerySign {
				t.Errorf("u = %x, sign %d: error %v, want %v", u, sign, err, errMontgomerySign)
			}
		}
	}
	// The smallest u on the twist.
	small := int64(0)
	for !montOnTwist(big.NewInt(small)) {
		small++
	}
	twistU := montLE32(big.NewInt(small))
	check("twist", twistU, 1)
	t.Logf("smallest u on the twist: %d", small)
}

func TestSetMontgomeryBytesAllocations(t *testing.T) {
	u := NewGeneratorPoint().BytesMontgomery()
	var v Point
	if n := testing.AllocsPerRun(10, func() { _, _ = v.SetMontgomeryBytes(u, 1) }); n != 0 {
		t.Errorf("SetMontgomeryBytes: %v allocations, want 0", n)
	}
}
