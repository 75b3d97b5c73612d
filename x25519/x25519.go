// Package x25519 implements the X25519 Diffie-Hellman function of RFC 7748
// on Curve25519, and the conversion of Ed25519 keys into X25519 keys.
//
// Its API is that of golang.org/x/crypto/curve25519, with the same
// behaviour: a program using that package changes its import path to
// github.com/seed06d4b90c/edwards25519/x25519 and nothing else. On top of it,
// [EdPrivateKeyToX25519] and [EdPublicKeyToX25519] turn an Ed25519 key pair
// into an X25519 key pair, and [GenerateHiddenKey] and
// [RepresentativeToPublicKey] carry a public key as an Elligator 2
// representative, 32 bytes that cannot be told from random ones.
//
// # Timing
//
// Everything here runs in time independent of the scalar (the private key),
// for every 32-byte point input: points on Curve25519, on its quadratic
// twist, of low order, and non-canonical encodings. Whether a call returns an
// error (a wrong length, an all-zero result) is public, as is the point.
//
// # How it computes
//
// A variable point is multiplied by the Montgomery ladder of RFC 7748,
// section 5, which is defined for every u. On CPUs with AVX-512 IFMA, one
// vector kernel keeps both points of the ladder in the four lanes of its
// registers for all the steps. On other amd64 CPUs with BMI2 and ADX, a
// MULX kernel runs the ladder on elements of four 64-bit words. Elsewhere,
// and with the purego build tag, the ladder runs on field.Element.
// The base point (u = 9) takes the Edwards fixed-base comb of the parent
// package instead, [edwards25519.Point.ScalarBaseMult], followed by the
// map to u.
package x25519

import (
	"crypto/subtle"
	"errors"

	"github.com/seed06d4b90c/edwards25519"
	"github.com/seed06d4b90c/edwards25519/field"
)

const (
	// ScalarSize is the length in bytes of an X25519 scalar (private key).
	ScalarSize = 32
	// PointSize is the length in bytes of an X25519 point: a u-coordinate.
	PointSize = 32
)

// basePoint is u = 9, the generator of RFC 7748, section 4.1. It is the
// value X25519 compares with; Basepoint, which callers may overwrite, is
// never read here.
var basePoint = [32]byte{9}

// Basepoint is the encoding of the standard Curve25519 generator, u = 9
// (RFC 7748, section 4.1), for use as the point argument of [X25519].
//
// It is a variable only for compatibility with golang.org/x/crypto/curve25519;
// do not modify it.
var Basepoint []byte

func init() { Basepoint = basePoint[:] }

var (
	errScalarLength = errors.New("x25519: scalar is not 32 bytes long")
	errPointLength  = errors.New("x25519: point is not 32 bytes long")
	errLowOrder     = errors.New("x25519: all-zero result: the point has low order")
)

// X25519 returns scalar·point as RFC 7748, section 5 defines it: the scalar
// is clamped, the point is a little-endian u-coordinate whose top bit is
// ignored and whose values p through 2^255 - 1 are reduced mod p. Both
// arguments must be 32 bytes. The result is a new 32-byte slice.
//
// A point of low order (on the curve or on its twist) makes the result all
// zeros whatever the scalar; X25519 then returns nil and an error, the check
// of RFC 7748, section 6.1. Points on the twist are otherwise accepted and
// multiplied correctly, as the RFC requires.
//
// For key generation, pass a random scalar (for instance from crypto/rand)
// and [Basepoint]; for a shared secret, your scalar and the peer's public
// key. A point whose 32 bytes are those of the base point (9, then 31 zero
// bytes) is multiplied by the faster fixed-base method, whether or not it is
// the Basepoint slice itself; other encodings of 9 (bit 255 set, or 9 + p)
// take the general method, with the same result.
//
// The running time does not depend on the scalar. Neither input is
// modified, and they may overlap.
func X25519(scalar, point []byte) ([]byte, error) {
	// The result array lives in this small function, which the compiler
	// can inline: it then stays on the caller's stack unless the caller
	// lets the slice escape.
	var dst [32]byte
	return x25519(&dst, scalar, point)
}

// x25519 computes X25519(scalar, point) into dst and returns dst[:], or
// nil and an error.
func x25519(dst *[32]byte, scalar, point []byte) ([]byte, error) {
	if len(point) != PointSize {
		return nil, errPointLength
	}
	if len(scalar) != ScalarSize {
		return nil, errScalarLength
	}
	// The scalar is clamped in a copy, and the point is read before dst is
	// written, so the inputs may overlap each other and dst.
	k := [32]byte(scalar)
	clamp(&k)
	if [32]byte(point) == basePoint { // the point is public
		baseMult(dst, &k)
	} else {
		ladderMult(dst, &k, (*[32]byte)(point))
	}
	var zero [32]byte
	if subtle.ConstantTimeCompare(dst[:], zero[:]) == 1 { // public, as the error is
		return nil, errLowOrder
	}
	return dst[:], nil
}

// clamp applies the decoding of RFC 7748, section 5 to a scalar: it clears
// the three low bits, making the scalar a multiple of the cofactor 8, clears
// bit 255 and sets bit 254, so the scalar is 2^254 + 8·m for some m < 2^251.
func clamp(k *[32]byte) {
	k[0] &= 248
	k[31] &= 127
	k[31] |= 64
}

// baseMult sets dst to the u-coordinate of k·B for a clamped k, through the
// Edwards fixed-base comb.
//
// The Edwards base point B maps to u = 9 (RFC 7748, section 4.1) and has
// prime order l, so k·B = (k mod l)·B: the scalar reduced mod l by
// Scalar.SetBytesWithClamping gives the same point. (It would not for a
// point with a small-order component, for which 8 | k matters; such points
// go through the ladder.) k = 2^254 + 8·m is never a multiple of l, because
// a multiple of both 8 and l is at least 8·l > 2^255, so k·B is never the
// identity and the result is never zero.
//
// Cost: one comb multiplication (see Point.ScalarBaseMult) and one field
// inversion for u = (Z + Y)/(Z - Y).
func baseMult(dst, k *[32]byte) {
	var s edwards25519.Scalar
	if _, err := s.SetBytesWithClamping(k[:]); err != nil {
		panic("x25519: internal error: a 32-byte scalar was rejected")
	}
	var p edwards25519.Point
	p.ScalarBaseMult(&s)
	copy(dst[:], p.BytesMontgomery())
}

// ladderMult sets dst to the canonical encoding of the u-coordinate of k·P,
// for a clamped k and the u-coordinate u of a point P on Curve25519 or on
// its twist, by the Montgomery ladder (ladder.go).
func ladderMult(dst, k, u *[32]byte) {
	var x1, x2, z2 field.Element
	// SetBytes decodes as RFC 7748 asks: bit 255 ignored, values p through
	// 2^255 - 1 reduced. It only fails on a wrong length.
	if _, err := x1.SetBytes(u[:]); err != nil {
		panic("x25519: internal error: a 32-byte u was rejected")
	}
	ladder(&x2, &z2, k, &x1)
	// u = x2/z2; Invert(0) = 0 gives u = 0 for the point at infinity, the
	// value RFC 7748's x2·z2^(p-2) has there.
	z2.Invert(&z2)
	x2.Multiply(&x2, &z2)
	copy(dst[:], x2.Bytes())
}

// ScalarMult sets dst to scalar·point, the X25519 function of RFC 7748
// (clamped scalar, any u accepted) on arrays. dst may be the same array as
// scalar or point.
//
// Deprecated: when given a low-order point, ScalarMult sets dst to zero,
// whatever the scalar, and reports nothing. Use [X25519], which returns an
// error in that case.
func ScalarMult(dst, scalar, point *[32]byte) {
	var out [32]byte
	if _, err := x25519(&out, scalar[:], point[:]); err != nil {
		// On 32-byte inputs the only error is the all-zero result.
		out = [32]byte{}
	}
	*dst = out
}

// ScalarBaseMult sets dst to scalar·B, where B is the standard generator
// u = 9, with the scalar clamped as in [X25519]. dst may be the same array as
// scalar.
//
// Prefer X25519(scalar, Basepoint): fixed-size arrays make it easy to use
// a key of the wrong size, or one that was never filled in, unnoticed.
func ScalarBaseMult(dst, scalar *[32]byte) {
	var out [32]byte
	k := *scalar
	clamp(&k)
	baseMult(&out, &k)
	*dst = out
}
