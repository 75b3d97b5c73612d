package edwards25519

import (
	"errors"

	"github.com/seed06d4b90c/edwards25519/field"
)

// Elligator 2, both ways.
//
// The map. RFC 9380 section 6.7.1 applies Elligator 2 (Bernstein, Hamburg,
// Krasnova, Lange, "Elligator: elliptic-curve points indistinguishable from
// uniform random strings", CCS 2013, section 5; hereafter BHKL) to
// curve25519, t² = s³ + J·s² + s with J = 486662 (K = 1), with the
// non-square Z = 2. For a field element r, write g(s) = s³ + J·s² + s and
//
//	x1 = -J / (1 + 2r²)            (1 + 2r² ≠ 0: -1/2 is not a square mod p)
//	x2 = -x1 - J = 2r²·x1          so that g(x2) = 2r²·g(x1).
//
// If g(x1) is a square the point is (x1, t) with t odd (sgn0(t) = 1);
// otherwise g(x2) is a square (2 is not one) and the point is (x2, t) with t
// even. RFC 9380 section 6.8.2 then applies the rational map of RFC 7748
// (appendix D of RFC 9380, with the sign fixed in section 6.8.1):
//
//	(x, y) = (c·s/t, (s - 1)/(s + 1)),   c = √-486664 with sgn0(c) = 0,
//
// and sends the points where it is undefined (t = 0 or s = -1) to the
// identity. On curve25519 only t = 0 occurs: s = -1 would need g(-1) = J - 2
// to be a square, and it is not (edwards25519 has no points at infinity
// because d is not a square). And t = 0 only at (0, 0), the image of r = 0:
// x1 = -J and g(-J) = -J is not a square, so r = 0 takes the x2 branch,
// x2 = 0. So SetElligator2(0) is the identity, and no r reaches the point
// (0, -1) of order 2, the Edwards image of (0, 0).
//
// The inverse (BHKL section 5, for this map). A point (s, t) is reached
// from r on the x1 branch exactly when s = -J/(1 + 2r²) and t is odd, that
// is r² = -(s + J)/(2s); on the x2 branch when s = -2r²J/(1 + 2r²) and t is
// even, that is r² = -s/(2(s + J)). The two right-hand sides multiply to
// 1/4, so they are squares together, exactly when -2s(s + J) is one. The
// branch condition holds by itself: on the x1 branch g(x1) = t² is a square
// as the map requires, and on the x2 branch g(x1) = g(s)/(2r²) = t²/(2r²) is
// not, provided t ≠ 0. So, with s = (1 + y)/(1 - y) the Montgomery u of an
// Edwards point (x, y) and t = c·s/x:
//
//	the identity is represented by r = 0;
//	(0, -1) (s = 0) has no representative;
//	any other point has one iff -2s(s + J) is a non-zero square;
//	then r = ±√(-(s + J)/(2s)) if t is odd, r = ±√(-s/(2(s + J))) if t is even.
//
// s + J ≠ 0 on the curve (g(-J) = -J is not a square), and the condition
// depends on s only, so P and -P (which differ in the sign of t) are
// representable together. About half of all points are: s ↦ -2s(s + J) is a
// square for about half of the s.
//
// r and -r give the same point, and the map is otherwise injective (BHKL
// section 5): each representable point has exactly the two representatives
// ±r, and Elligator2Representative returns the one in [0, (p-1)/2]. Those
// fit in 254 bits, and the top two bits of the 32-byte string carry padding.

const ell2J = 486662 // the Montgomery coefficient J = A of curve25519 (RFC 7748, section 4.1)

// Constants of the map, derived from their definitions.
var (
	// ell2MinusJ is -J, the numerator x1n of x1 (RFC 9380 appendix G.2.1).
	ell2MinusJ = new(field.Element).Negate(new(field.Element).Mult32(new(field.Element).One(), ell2J))

	// ell2C is c = √-486664 with sgn0(c) = 0 (RFC 9380, appendix G.2.2), the
	// constant of the rational map. SqrtRatio returns the even root.
	ell2C = func() *field.Element {
		minus486664 := new(field.Element).Mult32(new(field.Element).One(), ell2J+2)
		minus486664.Negate(minus486664)
		c, isSquare := new(field.Element).SqrtRatio(minus486664, new(field.Element).One())
		if isSquare != 1 {
			panic("edwards25519: internal error: -486664 is not a square")
		}
		return c
	}()

	// ell2CSquare is c² = -486664, a square whose limbs are all nonzero:
	// what Elligator2Representative takes into its square root for w = 0.
	ell2CSquare = new(field.Element).Square(ell2C)

	// ell2OneMinusI is 1 - i for i = √-1, the root SqrtRatio multiplies by
	// when its argument is not a square (the even one, SQRT_M1 of RFC 9496).
	// Its square is 1 - 2i + i² = -2i, which turns a root of i·g(x1) into
	// one of g(x2) = 2r²·g(x1) (see SetElligator2).
	ell2OneMinusI = new(field.Element).Subtract(new(field.Element).One(), &sqrtMinusOne)
)

var (
	errNotRepresentable     = errors.New("edwards25519: the point has no Elligator 2 representative")
	errRepresentativeLength = errors.New("edwards25519: invalid Elligator 2 representative length")
)

// SetElligator2 sets v to the image of r under Elligator 2 for
// edwards25519, map_to_curve_elligator2_edwards25519 of RFC 9380 (section
// 6.8.2, with the rational map of appendix D and its exceptional cases), and
// returns v. It does not clear the cofactor: v can lie in any of the eight
// cosets of the prime-order subgroup.
//
// r and -r map to the same point, and r = 0 maps to the identity (the
// exceptional case of the rational map). About half of all points are the
// image of some r; see Elligator2Representative. The running time does not
// depend on r.
func (v *Point) SetElligator2(r *field.Element) *Point {
	// Cost: one SqrtRatio, which is Pow22523 (251S + 11M) and 3S + 8M
	// around it, for the square root and the inversion together; 2S + 1M
	// and three Mult32 before it, 2M and one more Mult32 (for x2n) after it,
	// and 6M for the rational map into extended coordinates: Pow22523 +
	// 5S + 17M + four Mult32, and no inversion.
	//
	// RFC 9380 appendix G.2.1 keeps x1 = x1n/xd and g(x1) = gx1/gxd as
	// fractions, so that one exponentiation gives the square root of the
	// ratio: SqrtRatio(gx1, gxd) computes gx1·gxd³·(gx1·gxd⁷)^((p-5)/8),
	// exactly the straight-line code's y11, and then fixes its sign and
	// tells whether gx1/gxd is a square.
	var one, rr2, xd, xd2, gxd, gx1 field.Element
	one.One()
	rr2.Square(r)
	rr2.Add(&rr2, &rr2) // 2r²
	xd.Add(&rr2, &one)  // x1 = -J / xd, xd = 1 + 2r² ≠ 0
	xd2.Square(&xd)
	gxd.Multiply(&xd2, &xd) // xd³
	// gx1 = g(x1)·xd³ = x1n³ + J·x1n²·xd + x1n·xd² with x1n = -J
	//     = J³·(xd - 1) - J·xd² = J·(J²·2r² - xd²).
	gx1.Mult32(&rr2, ell2J)
	gx1.Mult32(&gx1, ell2J)
	gx1.Subtract(&gx1, &xd2)
	gx1.Mult32(&gx1, ell2J)

	// y1 = √(g(x1)) when g(x1) is a square. Otherwise SqrtRatio gives
	// y1² = i·g(x1), and then g(x2) = 2r²·g(x1) = -2i·r²·y1² = ((1-i)·r·y1)².
	var y1, y2 field.Element
	_, wasSquare := y1.SqrtRatio(&gx1, &gxd)
	y2.Multiply(&y1, r)
	y2.Multiply(&y2, ell2OneMinusI)

	var xn, x2n, t, negT field.Element
	x2n.Mult32(&rr2, ell2J)
	x2n.Negate(&x2n) // x2 = 2r²·x1 = -J·2r² / xd
	xn.Select(ell2MinusJ, &x2n, wasSquare)
	t.Select(&y1, &y2, wasSquare)
	// sgn0(t) must be 1 on the x1 branch and 0 on the x2 branch.
	negT.Negate(&t)
	t.Select(&negT, &t, t.IsNegative()^wasSquare)

	return v.fromMontgomeryFraction(&xn, &xd, &t)
}

// fromMontgomeryFraction sets v to the image of the curve25519 point
// (s, t) = (xn/xd, t), xd ≠ 0, under the rational map of RFC 9380 appendix
// D as its appendix G.2.2 writes it with fractions,
//
//	x = c·s/t = c·xn / (xd·t),   y = (s - 1)/(s + 1) = (xn - xd) / (xn + xd),
//
// in extended coordinates (X:Y:Z:T) = (xNum·yDen : yNum·xDen : xDen·yDen :
// xNum·yNum), and to the identity where a denominator vanishes (t = 0 or
// s = -1, that is Z = 0). 6M.
func (v *Point) fromMontgomeryFraction(xn, xd, t *field.Element) *Point {
	var xNum, xDen, yNum, yDen field.Element
	xNum.Multiply(ell2C, xn)
	xDen.Multiply(xd, t)
	yNum.Subtract(xn, xd)
	yDen.Add(xn, xd)

	var p Point
	p.z.Multiply(&xDen, &yDen)
	p.x.Multiply(&xNum, &yDen)
	p.y.Multiply(&yNum, &xDen)
	p.t.Multiply(&xNum, &yNum)

	var zero field.Element
	exceptional := p.z.Equal(&zero)
	v.x.Select(&zero, &p.x, exceptional)
	v.y.Select(new(field.Element).One(), &p.y, exceptional)
	v.z.Select(new(field.Element).One(), &p.z, exceptional)
	v.t.Select(&zero, &p.t, exceptional)
	return v
}

// SetElligator2Representative sets v to the point represented by the
// 32-byte string r, and returns v: the image under SetElligator2 of r read
// as a little-endian integer with its bits 254 and 255 cleared. Those two
// bits are padding, which Elligator2Representative fills from its tweak.
//
// Every 32-byte string is accepted. If r is not 32 bytes long,
// SetElligator2Representative returns nil and an error and v is unchanged.
// The running time does not depend on the contents of r.
func (v *Point) SetElligator2Representative(r []byte) (*Point, error) {
	if len(r) != 32 {
		return nil, errRepresentativeLength
	}
	var b [32]byte
	copy(b[:], r)
	b[31] &= 0x3f // the value is below 2^254 < p: SetBytes keeps it as is
	var e field.Element
	if _, err := e.SetBytes(b[:]); err != nil {
		return nil, err
	}
	return v.SetElligator2(&e), nil
}

// Elligator2Representative returns a 32-byte representative of v: a fresh
// string r with SetElligator2Representative(r) equal to v. Its value as a
// field element is at most (p-1)/2, so it fits in bits 0 to 253; bit 254 is
// bit 6 of tweak and bit 255 is bit 7 of tweak. The other bits of tweak are
// ignored. To make r indistinguishable from 32 uniformly random bytes, v
// must be a uniformly random representable point of the whole curve (not
// only of the prime-order subgroup, and with either sign), and tweak must be
// random: see x25519.GenerateHiddenKey.
//
// About half of all points have a representative (Bernstein, Hamburg,
// Krasnova and Lange, "Elligator", CCS 2013, section 5, for the map of RFC
// 9380): with s = (1 + y)/(1 - y) the curve25519 u-coordinate of v = (x, y),
// v is representable iff it is the identity (r = 0) or -2s(s + 486662) is
// a non-zero square in GF(p). In particular v and -v are representable
// together, and the point (0, -1) of order 2 is not. Otherwise
// Elligator2Representative returns nil and an error.
//
// The running time does not depend on v, apart from the public fact of
// whether it returns an error.
func (v *Point) Elligator2Representative(tweak byte) ([]byte, error) {
	// Outlined so that out can live on the caller's stack.
	var out [32]byte
	return v.representativeInto(&out, tweak)
}

func (v *Point) representativeInto(out *[32]byte, tweak byte) ([]byte, error) {
	mustBeInitialized(v)
	// Cost: one SqrtRatio (an inverse square root: Pow22523 + 3S + 8M),
	// 1S + 3M and a Mult32 before it and 1S + 7M after it, no inversion:
	// Pow22523 + 5S + 18M.
	//
	// In projective terms s = n/d with n = Z + Y, d = Z - Y, and
	// s + J = m/d with m = n + J·d. Then, with w = -2n·m·(d·X)²,
	//
	//	-2s(s + J) = w / (d²·(dX)²)   is a non-zero square iff w is,
	//
	// and one inverse square root isr = 1/√w gives everything else:
	//
	//	1/(dX) = isr²·(-2nm)·dX,       t = c·s/x = c·n·Z / (dX),
	//	√(-(s + J)/(2s)) = ±isr·m·dX,  √(-s/(2(s + J))) = ±isr·n·dX,
	//
	// since (isr·m·dX)² = m²·(dX)²/w = -m/(2n), and likewise for n. The
	// parity of t, which picks the branch, needs t exactly: hence the
	// inverse, here for the price of three multiplications.
	var n, d, m, dx, nm2, w field.Element
	n.Add(&v.z, &v.y)
	d.Subtract(&v.z, &v.y)
	m.Mult32(&d, ell2J)
	m.Add(&m, &n)
	dx.Multiply(&d, &v.x)
	nm2.Multiply(&n, &m)
	nm2.Add(&nm2, &nm2)
	nm2.Negate(&nm2) // -2nm
	w.Square(&dx)
	w.Multiply(&w, &nm2)

	// isr² = 1/w if w is a non-zero square (wasSquare = 1). w = 0 is the
	// identity (d = 0), (0, -1) (n = 0), or s = -J (m = 0), and must give
	// wasSquare = 0. SqrtRatio would give that, but its exponentiation would
	// run on zero limbs throughout (see SetMontgomeryBytes), so w = 0 takes
	// the dense square c² (c = ell2C) instead, and wasSquare is masked to 0
	// after. isr needs no mask: the identity, the one such point returned,
	// has dX = 0, so r = 0 whatever isr is.
	var one, zero, isr field.Element
	wIsZero := w.Equal(&zero)
	w.Select(ell2CSquare, &w, wIsZero)
	_, wasSquare := isr.SqrtRatio(one.One(), &w)
	wasSquare &^= wIsZero

	var inv, t field.Element
	inv.Square(&isr)
	inv.Multiply(&inv, &nm2)
	inv.Multiply(&inv, &dx) // 1/(dX)
	t.Multiply(&n, &v.z)
	t.Multiply(&t, &inv)
	t.Multiply(&t, ell2C)

	// Odd t: the x1 branch, r = isr·m·dX; even t: the x2 branch, isr·n·dX.
	var r, negR, twice field.Element
	r.Select(&m, &n, t.IsNegative())
	r.Multiply(&r, &isr)
	r.Multiply(&r, &dx)
	// r ≤ (p-1)/2 iff 2r < p, that is iff 2r mod p is even; else take -r.
	twice.Add(&r, &r)
	negR.Negate(&r)
	r.Select(&negR, &r, twice.IsNegative())

	if wasSquare|d.Equal(&zero) == 0 {
		return nil, errNotRepresentable // public: see the doc comment
	}
	copy(out[:], r.Bytes())
	out[31] |= tweak & 0xc0
	return out[:], nil
}
