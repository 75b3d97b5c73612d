package edwards25519

// A test-only Ed25519 (RFC 8032, section 5.1), and X25519 (RFC 7748,
// section 5) computed through Point, written against nothing but the
// exported API of this package and of package field. They exist so that
// the vector tests in rfc_test.go, wycheproof_test.go and
// ed25519vectors_test.go exercise the library the way a real signature or
// key-agreement implementation would, and so that the consequences of the
// library's decoding rules (SetBytes accepts non-canonical encodings) can
// be stated and checked per verifier policy. None of this is constant time
// and none of it is exported.

import (
	"bytes"
	"crypto/sha512"
	"errors"

	"github.com/seed06d4b90c/edwards25519/field"
)

// svPolicy selects the verification equation and decoding rules of
// svVerify. The policies differ only on adversarial inputs; every honestly
// generated signature is accepted by all of them.
type svPolicy int

const (
	// svPolicyStdlib is the rule of crypto/ed25519: A is decoded with
	// Point.SetBytes (lenient), S must be canonical, and the cofactorless
	// candidate R' = [S]B - [k]A is re-encoded and compared byte for byte
	// with the R half of the signature. A non-canonical R can therefore
	// never match.
	svPolicyStdlib svPolicy = iota
	// svPolicyCofactorless decodes R and A leniently and checks the
	// cofactorless group equation [S]B == R + [k]A as points.
	svPolicyCofactorless
	// svPolicyZIP215 decodes R and A leniently and checks the cofactored
	// equation [8]([S]B - R - [k]A) == identity: the rule of ZIP-215.
	svPolicyZIP215
	// svPolicyStrict is RFC 8032 section 5.1.7 read strictly: A and R
	// must be canonical encodings (section 5.1.3: y < p, and no "negative
	// zero" x), and the cofactored equation is checked.
	svPolicyStrict
)

var svPolicies = []svPolicy{svPolicyStdlib, svPolicyCofactorless, svPolicyZIP215, svPolicyStrict}

func (p svPolicy) String() string {
	switch p {
	case svPolicyStdlib:
		return "stdlib-bytes-cofactorless"
	case svPolicyCofactorless:
		return "lenient-cofactorless"
	case svPolicyZIP215:
		return "lenient-cofactored(ZIP-215)"
	case svPolicyStrict:
		return "strict-cofactored(RFC8032)"
	}
	return "unknown-policy"
}

// svHashScalar returns SHA-512(parts...) interpreted as a little-endian
// integer and reduced modulo l, as RFC 8032 section 5.1.6 steps 2 and 4
// require.
func svHashScalar(parts ...[]byte) *Scalar {
	h := sha512.New()
	for _, p := range parts {
		h.Write(p)
	}
	s, err := NewScalar().SetUniformBytes(h.Sum(nil))
	if err != nil {
		panic("SetUniformBytes rejected a 64-byte digest: " + err.Error())
	}
	return s
}

// svKeyFromSeed expands a 32-byte seed as in RFC 8032 section 5.1.5: the
// secret scalar is the clamped first half of SHA-512(seed), the nonce
// prefix the second half, and the public key the encoding of [a]B.
func svKeyFromSeed(seed []byte) (a *Scalar, prefix, pub []byte) {
	if len(seed) != 32 {
		panic("seed must be 32 bytes")
	}
	digest := sha512.Sum512(seed)
	a, err := NewScalar().SetBytesWithClamping(digest[:32])
	if err != nil {
		panic("SetBytesWithClamping rejected 32 bytes: " + err.Error())
	}
	prefix = append([]byte(nil), digest[32:]...)
	pub = new(Point).ScalarBaseMult(a).Bytes()
	return a, prefix, pub
}

// svSign is RFC 8032 section 5.1.6 for a 32-byte seed.
func svSign(seed, msg []byte) []byte {
	a, prefix, pub := svKeyFromSeed(seed)
	r := svHashScalar(prefix, msg)
	encR := new(Point).ScalarBaseMult(r).Bytes()
	k := svHashScalar(encR, pub, msg)
	S := NewScalar().MultiplyAdd(k, a, r)
	return append(encR, S.Bytes()...)
}

// svDecode decodes a point; under strict rules it also demands that the
// input be the canonical encoding, i.e. that it re-encodes to itself.
func svDecode(enc []byte, strict bool) (*Point, error) {
	P, err := new(Point).SetBytes(enc)
	if err != nil {
		return nil, err
	}
	if strict && !bytes.Equal(P.Bytes(), enc) {
		return nil, errors.New("non-canonical point encoding")
	}
	return P, nil
}

// svVerify checks an Ed25519 signature under the given policy and returns
// nil on success or an error saying which step failed.
func svVerify(policy svPolicy, pub, msg, sig []byte) error {
	if len(pub) != 32 {
		return errors.New("public key is not 32 bytes")
	}
	if len(sig) != 64 {
		return errors.New("signature is not 64 bytes")
	}
	strict := policy == svPolicyStrict
	A, err := svDecode(pub, strict)
	if err != nil {
		return errors.New("public key: " + err.Error())
	}
	S, err := NewScalar().SetCanonicalBytes(sig[32:])
	if err != nil {
		return errors.New("S is not canonical")
	}
	k := svHashScalar(sig[:32], pub, msg)

	if policy == svPolicyStdlib {
		negA := new(Point).Negate(A)
		candidate := new(Point).VarTimeDoubleScalarBaseMult(k, negA, S)
		if !bytes.Equal(candidate.Bytes(), sig[:32]) {
			return errors.New("encoding of [S]B - [k]A differs from R")
		}
		return nil
	}

	R, err := svDecode(sig[:32], strict)
	if err != nil {
		return errors.New("R: " + err.Error())
	}
	switch policy {
	case svPolicyCofactorless:
		lhs := new(Point).ScalarBaseMult(S)
		rhs := new(Point).Add(R, new(Point).ScalarMult(k, A))
		if lhs.Equal(rhs) != 1 {
			return errors.New("[S]B != R + [k]A")
		}
		return nil
	case svPolicyZIP215, svPolicyStrict:
		// [S]B + [-k]A + [-1]R, then clear the cofactor.
		minusK := NewScalar().Negate(k)
		minusOne := NewScalar().Negate(svScalarFromUint(1))
		sum := new(Point).VarTimeMultiScalarMult(
			[]*Scalar{S, minusK, minusOne},
			[]*Point{NewGeneratorPoint(), A, R})
		if new(Point).MultByCofactor(sum).Equal(NewIdentityPoint()) != 1 {
			return errors.New("[8]([S]B - R - [k]A) != identity")
		}
		return nil
	}
	return errors.New("unknown policy")
}

// svScalarFromUint returns the scalar with value v.
func svScalarFromUint(v uint64) *Scalar {
	var buf [32]byte
	for i := 0; i < 8; i++ {
		buf[i] = byte(v >> (8 * i))
	}
	s, err := NewScalar().SetCanonicalBytes(buf[:])
	if err != nil {
		panic("small scalar rejected: " + err.Error())
	}
	return s
}

// svClamp applies the RFC 7748 section 5 "decodeScalar25519" bit fixing.
func svClamp(k []byte) [32]byte {
	var out [32]byte
	copy(out[:], k)
	out[0] &= 0xf8
	out[31] &= 0x7f
	out[31] |= 0x40
	return out
}

// svEdwardsStatus says why the Point path could or could not run.
type svEdwardsStatus int

const (
	svEdwardsOK svEdwardsStatus = iota
	// svEdwardsTwist: u^3 + A u^2 + u is not a square, so u is the
	// u-coordinate of a point on the quadratic twist, and y = (u-1)/(u+1)
	// is not the y-coordinate of any edwards25519 point; SetBytes rejects.
	svEdwardsTwist
	// svEdwardsMinusOne: u = -1, where the birational map
	// y = (u-1)/(u+1) is undefined (division by zero).
	svEdwardsMinusOne
)

func (s svEdwardsStatus) String() string {
	switch s {
	case svEdwardsOK:
		return "ok"
	case svEdwardsTwist:
		return "twist (no edwards25519 point)"
	case svEdwardsMinusOne:
		return "u = -1 (map undefined)"
	}
	return "unknown"
}

// svX25519ViaEdwards computes X25519 through Point: u is mapped to the
// Edwards y-coordinate y = (u-1)/(u+1) (RFC 7748 section 4.1), decoded with
// Point.SetBytes (either sign of x gives the same result, since [k](-P) =
// -[k]P has the same u), multiplied by the clamped scalar and converted
// back with BytesMontgomery.
//
// The clamped scalar k is a multiple of 8 that may exceed l, and P may
// have a small-order component, so [k mod l]P would be wrong. Instead
// k = 8k' with k' = k >> 3 < 2^252 < l, and [k]P = [k']([8]P).
func svX25519ViaEdwards(scalar, u []byte) ([]byte, svEdwardsStatus) {
	ue, err := new(field.Element).SetBytes(u)
	if err != nil {
		panic("field SetBytes rejected 32 bytes: " + err.Error())
	}
	one := new(field.Element).One()
	den := new(field.Element).Add(ue, one)
	if den.Equal(new(field.Element).Zero()) == 1 {
		return nil, svEdwardsMinusOne
	}
	y := new(field.Element).Subtract(ue, one)
	y.Multiply(y, new(field.Element).Invert(den))
	P, err := new(Point).SetBytes(y.Bytes())
	if err != nil {
		return nil, svEdwardsTwist
	}
	k := svClamp(scalar)
	var kShift [32]byte
	for i := 0; i < 32; i++ {
		kShift[i] = k[i] >> 3
		if i < 31 {
			kShift[i] |= k[i+1] << 5
		}
	}
	s, err := NewScalar().SetCanonicalBytes(kShift[:])
	if err != nil {
		panic("k >> 3 is not below l: " + err.Error())
	}
	Q := new(Point).ScalarMult(s, new(Point).MultByCofactor(P))
	return Q.BytesMontgomery(), svEdwardsOK
}

// svOnMontgomery reports whether u (reduced, top bit ignored) is the
// u-coordinate of a point of Curve25519 itself, i.e. whether
// u^3 + 486662 u^2 + u is a square (zero included). It is computed
// directly on field.Element, independently of Point, so that the Point
// path's SetBytes verdicts can be checked against it.
func svOnMontgomery(u []byte) bool {
	ue, err := new(field.Element).SetBytes(u)
	if err != nil {
		panic("field SetBytes rejected 32 bytes: " + err.Error())
	}
	u2 := new(field.Element).Square(ue)
	rhs := new(field.Element).Multiply(u2, ue)
	rhs.Add(rhs, new(field.Element).Mult32(u2, 486662))
	rhs.Add(rhs, ue)
	_, wasSquare := new(field.Element).SqrtRatio(rhs, new(field.Element).One())
	return wasSquare == 1
}
