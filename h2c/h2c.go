// Package h2c implements expand_message_xmd, the expander built from a hash
// function in RFC 9380 ("Hashing to Elliptic Curves"), section 5.3.1,
// including the rule of section 5.3.3 for domain separation tags longer than
// 255 bytes.
//
// The two edwards25519 suites of RFC 9380 section 8.5 are methods of the
// root package (edwards25519.Point.SetHashToCurve and SetEncodeToCurve).
// This package is for protocols that need the uniform bytes themselves:
// other suites, or maps that take a wide byte string, such as ristretto255's
// hash to group (RFC 9496 section 4.3.4: 64 bytes of expand_message_xmd with
// SHA-512, then its one-way map).
package h2c

import (
	"errors"
	"hash"
)

// oversizePrefix is the ASCII tag RFC 9380 section 5.3.3 hashes in front of
// a domain separation tag longer than 255 bytes.
const oversizePrefix = "H2C-OVERSIZE-DST-"

var (
	errEmptyDST   = errors.New("h2c: the domain separation tag is empty")
	errLength     = errors.New("h2c: the output length must be between 1 and min(255 * hash size, 65535) bytes")
	errHashShape  = errors.New("h2c: the hash output must be non-empty and at most its block size")
	errLongDigest = errors.New("h2c: the hash output is longer than 255 bytes, too long to shorten an oversize tag")
	errNilHash    = errors.New("h2c: the hash function is nil or returned a nil hash")
)

// ExpandMessageXMD returns length bytes of expand_message_xmd(msg, dst,
// length) with the hash function h (RFC 9380, section 5.3.1), a fresh slice.
//
// h must return a new, reset hash each time it is called, as sha512.New
// does; RFC 9380 asks for a hash such as SHA-2 or SHA-3 whose output has at
// least twice as many bits as the security level. A dst longer than 255
// bytes is first replaced by h("H2C-OVERSIZE-DST-" || dst), as section 5.3.3
// requires.
//
// ExpandMessageXMD returns nil and an error if dst is empty, if length is
// not positive or exceeds 255 times h's output size or 65535, if h is nil
// or returns nil, or if h's output is empty or longer than its block size
// (RFC 9380 needs b <= s). It never modifies msg or dst.
//
// The running time depends on the lengths of msg and dst and on length, not
// on their contents, as far as h's own running time does not.
func ExpandMessageXMD(h func() hash.Hash, msg, dst []byte, length int) ([]byte, error) {
	if len(dst) == 0 {
		return nil, errEmptyDST
	}
	if h == nil {
		return nil, errNilHash
	}
	hh := h()
	if hh == nil {
		return nil, errNilHash
	}
	size, block := hh.Size(), hh.BlockSize()
	if size <= 0 || size > block {
		return nil, errHashShape
	}
	if length <= 0 || length > 65535 || length > 255*size {
		return nil, errLength
	}
	if len(dst) > 255 {
		// Section 5.3.3: DST = H("H2C-OVERSIZE-DST-" || a_very_long_DST).
		if size > 255 {
			return nil, errLongDigest
		}
		hh.Write([]byte(oversizePrefix))
		hh.Write(dst)
		dst = hh.Sum(nil)
		hh.Reset()
	}
	// DST_prime = DST || I2OSP(len(DST), 1) is appended to every hash input.
	dstLen := []byte{byte(len(dst))}

	// b_0 = H(Z_pad || msg || I2OSP(length, 2) || I2OSP(0, 1) || DST_prime),
	// where Z_pad is one input block of zeros (section 5.3.1, steps 4-7).
	hh.Write(make([]byte, block))
	hh.Write(msg)
	hh.Write([]byte{byte(length >> 8), byte(length), 0})
	hh.Write(dst)
	hh.Write(dstLen)
	b0 := hh.Sum(nil)

	// b_i = H(strxor(b_0, b_(i-1)) || I2OSP(i, 1) || DST_prime) for i = 1..ell,
	// with b_(0) read as zeros in the xor, which makes b_1 = H(b_0 || 1 ||
	// DST_prime) as step 8 has it. ell = ceil(length / size) <= 255.
	ell := (length + size - 1) / size
	out := make([]byte, 0, ell*size)
	chain := make([]byte, size) // strxor(b_0, b_(i-1))
	prev := make([]byte, size)  // b_(i-1): zeros before b_1
	for i := 1; i <= ell; i++ {
		for j := range chain {
			chain[j] = b0[j] ^ prev[j]
		}
		hh.Reset()
		hh.Write(chain)
		hh.Write([]byte{byte(i)})
		hh.Write(dst)
		hh.Write(dstLen)
		out = hh.Sum(out)
		prev = out[len(out)-size:]
	}
	return out[:length:length], nil
}
