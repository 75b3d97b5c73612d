package edwards25519

import (
	"errors"

	"github.com/seed06d4b90c/edwards25519/field"
)

// From Curve25519 back to edwards25519.
//
// RFC 7748, section 4.1 maps the Montgomery curve v² = u³ + A·u² + u
// (A = 486662) to edwards25519 by
//
//	(x, y) = (sqrt(-486664)·u/v, (u - 1)/(u + 1)),
//
// and BytesMontgomery is the inverse direction, u = (1 + y)/(1 - y). A u
// alone fixes y and fixes x up to its sign, because P and -P have the same
// u; and a u whose right-hand side u³ + A·u² + u is not a square belongs to
// the quadratic twist, which has no point on edwards25519 at all. So the
// decoder takes the sign of x as an argument and reports the twist as an
// error.

var (
	errMontgomeryLength = errors.New("edwards25519: invalid Montgomery u-coordinate length")
	errMontgomerySign   = errors.New("edwards25519: Montgomery sign must be 0 or 1")
	errMontgomeryPole   = errors.New("edwards25519: Montgomery u = -1 has no Edwards point")
	errMontgomeryTwist  = errors.New("edwards25519: Montgomery u-coordinate is on the twist, not on Curve25519")
)

// SetMontgomeryBytes sets v to the point whose Montgomery u-coordinate is u
// (RFC 7748, section 4.1) and whose x-coordinate has the sign bit sign (as
// field.Element.IsNegative reports it), and returns v. It is the inverse of
// [Point.BytesMontgomery]: every point P but the identity satisfies
//
//	SetMontgomeryBytes(P.BytesMontgomery(), s) = P or -P,
//
// whichever has the sign s.
//
// u is 32 bytes, decoded as X25519 decodes a u-coordinate: little-endian,
// bit 255 ignored, values p through 2^255 - 1 reduced mod p = 2^255 - 19.
//
// SetMontgomeryBytes returns nil and an error, and leaves v unchanged, if
// len(u) is not 32, if sign is not 0 or 1, if u = -1 (mod p), where the map
// has a pole, or if u is on the quadratic twist of Curve25519 rather than on
// the curve (u³ + 486662·u² + u is not a square mod p), as X25519 inputs may
// be.
//
// u = 0 gives the point (0, -1), of order 2, for sign 0 and for sign 1 alike:
// its x is 0 and has no sign. The identity (0, 1) also has u = 0, by the
// convention of BytesMontgomery (its u would be 2/0), so it is the one point
// that SetMontgomeryBytes does not return.
//
// Apart from whether it returns an error, the running time does not depend
// on u or sign.
func (v *Point) SetMontgomeryBytes(u []byte, sign int) (*Point, error) {
	// A and A + 2 of Curve25519 (RFC 7748, section 4.1).
	const curveA, curveAPlus2 = 486662, 486664

	if len(u) != 32 {
		return nil, errMontgomeryLength
	}
	// One comparison for both bounds, so that the check does not branch
	// on which valid sign it was given.
	if uint(sign) > 1 {
		return nil, errMontgomerySign
	}
	var mu field.Element
	if _, err := mu.SetBytes(u); err != nil {
		return nil, errMontgomeryLength
	}

	var one, zero, uPlus1, uMinus1 field.Element
	one.One()
	uPlus1.Add(&mu, &one)
	uMinus1.Subtract(&mu, &one)
	if uPlus1.Equal(&zero) == 1 { // public, as every error is
		return nil, errMontgomeryPole
	}

	// x comes from the Montgomery equation rather than from the Edwards
	// one (as SetBytes recovers it): squaring the map's x = sqrt(-486664)·u/v
	// and substituting v² = u·(u² + A·u + 1) gives, for u ≠ 0,
	//
	//	x² = -(A + 2)·u / (u² + A·u + 1),
	//
	// and x = 0 for u = 0, which the same ratio also gives. This tests the
	// twist condition itself: -(A + 2) is a square mod p (the RFC uses its
	// root), so the ratio is a square exactly when u·(u² + A·u + 1) =
	// u³ + A·u² + u is one. And it needs no inversion: y = (u - 1)/(u + 1)
	// goes into the point as the projective Y/Z below, where SetBytes would
	// need the affine y. The denominator is never 0: its discriminant
	// A² - 4 = (A - 2)·(A + 2) is not a square, because A + 2 is one (so
	// are -(A + 2) and -1, as p ≡ 1 mod 4) and A - 2 = 486660 is not (which
	// is why u = -1, where u³ + A·u² + u = A - 2, lies on the twist).
	var num, den, t, x field.Element
	num.Mult32(&mu, curveAPlus2)
	num.Negate(&num)
	den.Square(&mu)
	t.Mult32(&mu, curveA)
	den.Add(&den, &t)
	den.Add(&den, &one)
	// For u = 0 the ratio is 0/1, and the square root's exponentiation would
	// run on zero limbs from start to end, which dudect has told apart from
	// random limbs on AMD (docs/SECURITY.md, IsTorsionFree's finding). So u
	// = 0 takes the ratio c/c = 1, a square, for the dense constant c =
	// ell2C, and its root is masked back to 0 after.
	uIsZero := mu.Equal(&zero)
	num.Select(ell2C, &num, uIsZero)
	den.Select(ell2C, &den, uIsZero)
	if _, isSquare := x.SqrtRatio(&num, &den); isSquare != 1 { // public, as every error is
		return nil, errMontgomeryTwist
	}
	x.Select(&zero, &x, uIsZero)
	// SqrtRatio gives the non-negative root; take -x for sign 1. For x = 0
	// both are 0.
	t.Negate(&x)
	x.Select(&t, &x, sign)

	// (x, y) with y = (u - 1)/(u + 1) in extended coordinates, Z = u + 1:
	// (X : Y : Z : T) = (x·(u + 1) : u - 1 : u + 1 : x·(u - 1)), so that
	// X·Y = Z·T. SetExtendedCoordinates checks the curve equation again; it
	// cannot fail on these values, so its checks take the same path for
	// every u, and it would leave v unchanged if it did fail.
	var X, T field.Element
	X.Multiply(&x, &uPlus1)
	T.Multiply(&x, &uMinus1)
	if _, err := v.SetExtendedCoordinates(&X, &uMinus1, &uPlus1, &T); err != nil {
		return nil, errMontgomeryTwist
	}
	return v, nil
}
