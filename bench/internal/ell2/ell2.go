// Package ell2 is the Elligator 2 map of RFC 9380 for edwards25519 and its
// inverse, written on the public API of filippo.io/edwards25519 v1.2.0, as a
// user of that library composes them today. It is the independent oracle,
// and the "filippo" column, of the benchmark's Elligator 2 rows, and it
// draws their inputs.
//
// It treats every input as public: its branches depend on the values, and
// it is not constant time.
package ell2

import (
	"errors"

	ed "filippo.io/edwards25519"
	"filippo.io/edwards25519/field"
)

var (
	one  = new(field.Element).One()
	zero = new(field.Element).Zero()
	// bigJ is J = 486662, the coefficient of u^2 in Curve25519's equation
	// v^2 = u^3 + J u^2 + u (K = 1).
	bigJ = new(field.Element).Mult32(one, 486662)
	// c1 is the square root of -486664 with sgn0 = 0, the constant of the
	// rational map of RFC 9380, appendix D.
	c1 = func() *field.Element {
		minus := new(field.Element).Negate(new(field.Element).Mult32(one, 486664))
		r, ok := new(field.Element).SqrtRatio(minus, one)
		if ok != 1 {
			panic("ell2: -486664 is not a square")
		}
		return r
	}()
)

// curve returns u^3 + J u^2 + u, the right-hand side of Curve25519's
// equation at u.
func curve(u *field.Element) *field.Element {
	t := new(field.Element).Add(u, bigJ) // u + J
	t.Multiply(t, u)                     // u^2 + J u
	t.Add(t, one)                        // u^2 + J u + 1
	return t.Multiply(t, u)
}

// Map returns map_to_curve_elligator2_edwards25519(u) (RFC 9380, section
// 6.8.2): the Elligator 2 map of section 6.7.1 onto Curve25519 with Z = 2,
// then the rational map of appendix D, without clearing the cofactor.
func Map(u *field.Element) *ed.Point {
	// Section 6.7.1, J = 486662, K = 1, Z = 2.
	d := new(field.Element).Square(u)
	d.Add(d, d)
	d.Add(d, one) // 1 + Z u^2
	x1 := new(field.Element).Invert(d)
	x1.Multiply(x1, bigJ)
	x1.Negate(x1) // -J / (1 + Z u^2), with inv0(0) = 0
	if x1.Equal(zero) == 1 {
		x1.Negate(bigJ)
	}
	var s, t field.Element
	if y, isSquare := new(field.Element).SqrtRatio(curve(x1), one); isSquare == 1 {
		// x = x1, and y the root with sgn0(y) = 1. SqrtRatio returned the
		// non-negative one.
		s.Set(x1)
		t.Negate(y)
	} else {
		// x = x2 = -x1 - J, and y the root with sgn0(y) = 0.
		s.Negate(x1)
		s.Subtract(&s, bigJ)
		y, _ := new(field.Element).SqrtRatio(curve(&s), one)
		t.Set(y)
	}

	// Appendix D: x = c1 s / t, y = (s - 1)/(s + 1), or the identity where
	// t = 0 or s = -1. In extended coordinates, with Z = t (s + 1):
	// X = c1 s (s + 1), Y = (s - 1) t, T = c1 s (s - 1).
	sPlus := new(field.Element).Add(&s, one)
	sMinus := new(field.Element).Subtract(&s, one)
	Z := new(field.Element).Multiply(&t, sPlus)
	if Z.Equal(zero) == 1 {
		return ed.NewIdentityPoint()
	}
	c1s := new(field.Element).Multiply(c1, &s)
	X := new(field.Element).Multiply(c1s, sPlus)
	Y := new(field.Element).Multiply(sMinus, &t)
	T := new(field.Element).Multiply(c1s, sMinus)
	p, err := new(ed.Point).SetExtendedCoordinates(X, Y, Z, T)
	if err != nil {
		panic("ell2: the map left the curve: " + err.Error())
	}
	return p
}

// MapRepresentative returns Map of the 32-byte string r read as a
// little-endian integer with bits 254 and 255 cleared.
func MapRepresentative(r [32]byte) *ed.Point {
	r[31] &= 0x3f
	u, err := new(field.Element).SetBytes(r[:])
	if err != nil {
		panic(err)
	}
	return Map(u)
}

// ErrNotRepresentable is returned by Representative for a point outside the
// image of the map.
var ErrNotRepresentable = errors.New("ell2: the point has no representative")

// Representative returns the 32-byte string r whose MapRepresentative is p,
// with r's field value at most (p-1)/2, bit 254 set to bit 6 of tweak and
// bit 255 to bit 7.
//
// With (s, t) the Curve25519 point of p (s = (1 + y)/(1 - y) and
// t = c1 s / x), Map reaches it through x1 = s when sgn0(t) = 1, so that
// 1 + 2 r^2 = -J/s and r^2 = -(s + J)/(2s), and through x2 = s when
// sgn0(t) = 0, so that x1 = -s - J and r^2 = -s/(2(s + J)). The point is
// representable when that ratio is a square, and r is the one of its two
// roots that is at most (p-1)/2; the identity is the image of 0.
func Representative(p *ed.Point, tweak byte) ([]byte, error) {
	X, Y, Z, _ := p.ExtendedCoordinates()
	if p.Equal(ed.NewIdentityPoint()) == 1 {
		out := make([]byte, 32)
		out[31] |= tweak & 0xc0
		return out, nil
	}
	if X.Equal(zero) == 1 { // (0, -1): t = 0, which Map sends to the identity
		return nil, ErrNotRepresentable
	}
	// s = (Z + Y)/(Z - Y) and t = c1 s Z / X share one inversion:
	// with inv = 1/((Z - Y) X), s = (Z + Y) X inv and t = c1 (Z + Y) Z inv.
	zPlus := new(field.Element).Add(Z, Y)
	zMinus := new(field.Element).Subtract(Z, Y)
	inv := new(field.Element).Multiply(zMinus, X)
	inv.Invert(inv)
	s := new(field.Element).Multiply(zPlus, X)
	s.Multiply(s, inv)
	t := new(field.Element).Multiply(zPlus, Z)
	t.Multiply(t, inv)
	t.Multiply(t, c1)

	sPlusJ := new(field.Element).Add(s, bigJ)
	num, den := new(field.Element), new(field.Element)
	if t.IsNegative() == 1 {
		num.Negate(sPlusJ)
		den.Add(s, s)
	} else {
		num.Negate(s)
		den.Add(sPlusJ, sPlusJ)
	}
	if den.Equal(zero) == 1 {
		return nil, ErrNotRepresentable
	}
	r, isSquare := new(field.Element).SqrtRatio(num, den)
	if isSquare != 1 {
		return nil, ErrNotRepresentable
	}
	// SqrtRatio returns the even root; the representative is the root at
	// most (p-1)/2, which is the one whose double, below p, stays even.
	if new(field.Element).Add(r, r).IsNegative() == 1 {
		r.Negate(r)
	}
	out := r.Bytes()
	out[31] |= tweak & 0xc0
	return out, nil
}
