package x25519

import (
	"crypto/ed25519"
	"crypto/sha512"
	"errors"

	"github.com/seed06d4b90c/edwards25519/field"
)

// Ed25519 to X25519 key conversion.
//
// An Ed25519 key pair is a seed, whose SHA-512 hash gives the secret scalar
// a (its first half, clamped: RFC 8032, section 5.1.5), and the public point
// A = a·B on edwards25519. Curve25519 is birationally equivalent to
// edwards25519 through u = (1 + y)/(1 - y) (RFC 7748, section 4.1), and the
// base point B maps to u = 9, so the same a with the image of A is an X25519
// key pair: X25519(a, 9) is the u of a·B = A.

var (
	errPrivateKeyLength = errors.New("x25519: Ed25519 private key is not 64 bytes long")
	errPublicKeyLength  = errors.New("x25519: Ed25519 public key is not 32 bytes long")
	errPublicKeyPoint   = errors.New("x25519: Ed25519 public key is not a valid point encoding")
	errPublicKeyOrder   = errors.New("x25519: Ed25519 public key has small order")
)

// EdPrivateKeyToX25519 returns the X25519 private key that corresponds to
// the Ed25519 private key priv: the first 32 bytes of SHA-512 of its seed
// (the first 32 bytes of priv), clamped, which is the scalar Ed25519 signs
// with (RFC 8032, section 5.1.5). It is the key libsodium's
// crypto_sign_ed25519_sk_to_curve25519 returns, and X25519 of it with
// [Basepoint] equals [EdPublicKeyToX25519] of the matching public key.
//
// It returns an error if len(priv) is not 64 (ed25519.PrivateKeySize). The
// public half of priv is not read. The result is a new slice, and the
// running time does not depend on the key.
func EdPrivateKeyToX25519(priv ed25519.PrivateKey) ([]byte, error) {
	if len(priv) != ed25519.PrivateKeySize {
		return nil, errPrivateKeyLength
	}
	h := sha512.Sum512(priv[:ed25519.SeedSize])
	out := make([]byte, ScalarSize)
	copy(out, h[:ScalarSize])
	clear(h[:])
	clamp((*[32]byte)(out))
	return out, nil
}

// EdPublicKeyToX25519 returns the X25519 public key that corresponds to
// the Ed25519 public key pub: the u-coordinate u = (1 + y)/(1 - y) of the
// point pub encodes (RFC 7748, section 4.1), as 32 little-endian bytes in
// a new slice.
//
// pub is accepted or rejected as
// [github.com/seed06d4b90c/edwards25519.Point.SetBytes] decodes it
// (non-canonical encodings are accepted). EdPublicKeyToX25519 returns an
// error if pub is not 32 bytes long, if it is not the encoding of a point,
// or if the point has small order (eight times it is the identity): every
// X25519 shared secret with such a key would be all zeros. A public key
// from crypto/ed25519 always converts. The key is treated as public: the
// running time may depend on it.
func EdPublicKeyToX25519(pub ed25519.PublicKey) ([]byte, error) {
	if len(pub) != ed25519.PublicKeySize {
		return nil, errPublicKeyLength
	}
	// The point's x is not needed, only whether it exists, so one inverse
	// square root takes the place of the square root that Point.SetBytes
	// takes and of the inversion of 1 - y. With x² = n/w, n = y² - 1 and
	// w = d·y² + 1 (RFC 8032, section 5.1.3; w is never 0), and t = 1 - y:
	// when n ≠ 0, r = 1/√(n·w·t²) exists exactly when n/w is a square, and
	// then r²·n·w·t = 1/t.
	var y field.Element
	if _, err := y.SetBytes(pub); err != nil { // cannot fail on 32 bytes
		return nil, errPublicKeyPoint
	}
	var zero, one, yy, n, w field.Element
	one.One()
	yy.Square(&y)
	n.Subtract(&yy, &one)
	w.Multiply(&yy, edwardsD)
	w.Add(&w, &one)

	// Small order: x = 0 (n = 0: y = 1 or y = -1, the identity and the point
	// of order 2, which Point.SetBytes accepts with either sign bit), y = 0
	// (the points of order 4), or d·y⁴ + 2·y² - 1 = 0. The last are the
	// points of order 8: 2P has y = (y² + x²)/(1 - d·x²·y²), which is 0 (2P
	// of order 4) exactly when x² = -y², and with the curve equation that
	// is d·y⁴ + 2·y² - 1 = 0. Each such y is a point (x² = -y², and -1 is a
	// square), so the order is the error to return.
	var s field.Element
	s.Add(&w, &one) // d·y² + 2
	s.Multiply(&s, &yy)
	s.Subtract(&s, &one)
	if n.Equal(&zero) == 1 || y.Equal(&zero) == 1 || s.Equal(&zero) == 1 {
		return nil, errPublicKeyOrder
	}

	var t, nw, a, r field.Element
	t.Subtract(&one, &y)
	nw.Multiply(&n, &w)
	a.Square(&t)
	a.Multiply(&a, &nw)
	if _, ok := r.SqrtRatio(&one, &a); ok != 1 {
		return nil, errPublicKeyPoint
	}
	r.Square(&r)
	r.Multiply(&r, &nw)
	r.Multiply(&r, &t) // 1/t
	var u field.Element
	u.Add(&one, &y)
	u.Multiply(&u, &r)
	return u.Bytes(), nil
}

// edwardsD is the constant d = -121665/121666 of edwards25519 (RFC 8032,
// section 5.1), derived from its definition.
var edwardsD = func() *field.Element {
	var num, den field.Element
	num.Mult32(new(field.Element).One(), 121665)
	num.Negate(&num)
	den.Mult32(new(field.Element).One(), 121666)
	return num.Multiply(&num, den.Invert(&den))
}()
