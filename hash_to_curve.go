package edwards25519

import (
	"crypto/sha512"
	"errors"

	"github.com/seed06d4b90c/edwards25519/field"
)

// The edwards25519 suites of RFC 9380 (section 8.5):
//
//	edwards25519_XMD:SHA-512_ELL2_RO_   hash_to_curve   (SetHashToCurve)
//	edwards25519_XMD:SHA-512_ELL2_NU_   encode_to_curve (SetEncodeToCurve)
//
// Both read field elements with hash_to_field (section 5.2: L = 48 bytes of
// expand_message_xmd with SHA-512 per element, taken big-endian mod p), map
// them with SetElligator2, and clear the cofactor with h_eff = 8.
//
// Cost of SetHashToCurve (RO): expand_message_xmd for 96 bytes, that is
// 1 + ceil((len(msg) + len(dst) + 21) / 128) SHA-512 compressions for b_0
// (a block of zeros, then msg, three bytes, DST_prime and the padding) and
// one each for b_1 and b_2 when len(dst) <= 45 (two each above); two
// SetElligator2 (two exponentiations, about 2·(Pow22523 + 5S + 17M), no
// inversion); one addition (9M) and three doublings (12S + 10M: the first
// two end in projective coordinates, 3M each, the last in extended, 4M).
// SetEncodeToCurve (NU): 48 bytes (b_0 and b_1), one SetElligator2 and the
// three doublings. The result stays in extended coordinates: no inversion
// anywhere.

var errEmptyDST = errors.New("edwards25519: the domain separation tag is empty")

// SetHashToCurve sets v to hash_to_curve(msg) of the suite
// edwards25519_XMD:SHA-512_ELL2_RO_ of RFC 9380 (section 8.5) with the
// domain separation tag dst, and returns v. The result is in the
// prime-order subgroup and is indistinguishable from a random point of it
// (the "random oracle" encoding, section 2.2.3): use it wherever a protocol
// needs a point nobody knows the discrete logarithm of.
//
// dst must be non-empty and should name the protocol and the suite (RFC
// 9380 section 3.1, for example "MYAPP-V01-CS01-with-edwards25519_XMD:SHA-512_ELL2_RO_").
// A dst longer than 255 bytes is hashed first, as section 5.3.3 requires.
// If dst is empty, SetHashToCurve returns nil and an error and v is
// unchanged; no other input fails.
//
// The running time depends on the length of msg and on dst, not on the
// contents of msg.
func (v *Point) SetHashToCurve(msg, dst []byte) (*Point, error) {
	if len(dst) == 0 {
		return nil, errEmptyDST
	}
	var uniform [2 * hashToFieldBytes]byte
	expandXMDSHA512(uniform[:], msg, dst)
	var u0, u1 field.Element
	hashToField(&u0, uniform[:hashToFieldBytes])
	hashToField(&u1, uniform[hashToFieldBytes:])
	var q0, q1 Point
	q0.SetElligator2(&u0)
	q1.SetElligator2(&u1)
	return v.MultByCofactor(q0.Add(&q0, &q1)), nil
}

// SetEncodeToCurve sets v to encode_to_curve(msg) of the suite
// edwards25519_XMD:SHA-512_ELL2_NU_ of RFC 9380 (section 8.5) with the
// domain separation tag dst, and returns v. The result is in the
// prime-order subgroup, but as the image of a single field element it is
// not uniformly distributed there, and not a random oracle (RFC 9380
// section 10.4). Use it where a protocol names this suite, such as the
// ECVRF-EDWARDS25519-SHA512-ELL2 of RFC 9381, and SetHashToCurve otherwise.
//
// dst follows the same rules as for SetHashToCurve: if it is empty,
// SetEncodeToCurve returns nil and an error and v is unchanged.
//
// The running time depends on the length of msg and on dst, not on the
// contents of msg.
func (v *Point) SetEncodeToCurve(msg, dst []byte) (*Point, error) {
	if len(dst) == 0 {
		return nil, errEmptyDST
	}
	var uniform [hashToFieldBytes]byte
	expandXMDSHA512(uniform[:], msg, dst)
	var u field.Element
	hashToField(&u, uniform[:])
	var q Point
	q.SetElligator2(&u)
	return v.MultByCofactor(&q), nil
}

// hashToFieldBytes is L = ceil((ceil(log2(p)) + k) / 8) = (255 + 128) / 8
// rounded up, the bytes per field element of hash_to_field (RFC 9380
// section 5.2) at the security level k = 128.
const hashToFieldBytes = 48

// hashToField sets e = OS2IP(b) mod p for the 48 bytes b (RFC 9380 section
// 5.2, step 7): big-endian, reduced through the 64-byte little-endian
// SetWideBytes.
func hashToField(e *field.Element, b []byte) {
	var wide [64]byte
	for i := range hashToFieldBytes {
		wide[i] = b[hashToFieldBytes-1-i]
	}
	if _, err := e.SetWideBytes(wide[:]); err != nil {
		panic("edwards25519: internal error: SetWideBytes rejected 64 bytes")
	}
}

// expandXMDSHA512 fills out with expand_message_xmd(msg, dst, len(out)) for
// SHA-512 (RFC 9380 section 5.3.1, and section 5.3.3 for a dst over 255
// bytes), without allocating. It is the SHA-512 case of
// h2c.ExpandMessageXMD, written here with a concrete hash so that the
// compiler keeps its state on the stack.
//
// pre: 1 <= len(dst), 1 <= len(out) <= 255·64 (the callers ask for 48 or 96).
func expandXMDSHA512(out, msg, dst []byte) {
	h := sha512.New()
	var short [sha512.Size]byte
	if len(dst) > 255 {
		h.Write([]byte("H2C-OVERSIZE-DST-"))
		h.Write(dst)
		dst = h.Sum(short[:0])
		h.Reset()
	}
	dstLen := []byte{byte(len(dst))} // DST_prime = DST || I2OSP(len(DST), 1)

	// b_0 = H(Z_pad || msg || I2OSP(len(out), 2) || I2OSP(0, 1) || DST_prime).
	var zPad [sha512.BlockSize]byte
	h.Write(zPad[:])
	h.Write(msg)
	h.Write([]byte{byte(len(out) >> 8), byte(len(out)), 0})
	h.Write(dst)
	h.Write(dstLen)
	var b0, b [sha512.Size]byte
	h.Sum(b0[:0])

	// b_i = H(strxor(b_0, b_(i-1)) || I2OSP(i, 1) || DST_prime), reading
	// b_(0) as zeros, so that b_1 = H(b_0 || 1 || DST_prime).
	for i := 1; len(out) > 0; i++ {
		for j := range b {
			b[j] ^= b0[j]
		}
		h.Reset()
		h.Write(b[:])
		h.Write([]byte{byte(i)})
		h.Write(dst)
		h.Write(dstLen)
		h.Sum(b[:0])
		out = out[copy(out, b[:]):]
	}
}
