package edwards25519

import "github.com/seed06d4b90c/edwards25519/field"

// Strict decoding (RFC 8032, section 5.1.3).
//
// An encoding is y in bits 0 to 254, little-endian, and the sign of x in
// bit 255. SetBytes reduces y modulo p and lets a sign bit of 1 stand for
// x = 0; RFC 8032 rejects both:
//
//   - y ≥ p: bits 0 to 254 hold p + k for some k in [0, 18], that is bytes
//     1 to 30 are 0xff, byte 31 without bit 255 is 0x7f and byte 0 is at
//     least 0xed (p = 2^255 - 19 is ed ff … ff 7f);
//   - x = 0 with the sign bit set: x = 0 exactly when y² = 1 (the curve
//     equation -x² + y² = 1 + d·x²y²), so y = 1 or y = p - 1.
//
// These are the only encodings that SetBytes accepts and Bytes does not
// return: Bytes writes y in [0, p) and the sign of the x that SetBytes
// recovered, which is the requested sign unless x = 0.

// SetCanonicalBytes sets v = x, where x is the canonical 32-byte encoding
// of a point (RFC 8032, section 5.1.3), and returns v. If x is not 32 bytes
// or is not the encoding that Bytes would return for some point,
// SetCanonicalBytes returns nil and an error, and the receiver is
// unchanged.
//
// It accepts exactly the inputs x for which SetBytes succeeds and Bytes
// returns x again: unlike SetBytes, it rejects y ≥ p and a set sign bit for
// x = 0. Like SetBytes, it treats the input as public and does not check
// that the point is in the prime-order subgroup (see IsTorsionFree).
func (v *Point) SetCanonicalBytes(x []byte) (*Point, error) {
	if len(x) != 32 {
		return nil, errPointLength
	}
	if !canonicalY(x) {
		return nil, errPointEncoding
	}
	var y, one, minusOne field.Element
	y.SetBytes(x) // cannot fail on 32 bytes
	sign := int(x[31] >> 7)
	one.One()
	minusOne.Negate(&one)
	if sign == 1 && y.Equal(&one)|y.Equal(&minusOne) == 1 {
		return nil, errPointEncoding
	}
	return v.fromAffineY(&y, sign)
}

// canonicalY reports whether bits 0 to 254 of the 32-byte x hold a value
// below p (see above): false exactly for bytes 1 to 30 all 0xff, byte 31
// 0x7f or 0xff, and byte 0 at least 0xed.
func canonicalY(x []byte) bool {
	if x[31]&0x7f != 0x7f || x[0] < 0xed {
		return true
	}
	for _, b := range x[1:31] {
		if b != 0xff {
			return true
		}
	}
	return false
}
