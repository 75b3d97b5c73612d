// Package edwards25519 implements the prime-order group of the twisted
// Edwards curve
//
//	-x² + y² = 1 + d·x²·y²,   d = -121665/121666,
//
// over GF(2^255-19), the curve of Ed25519 (RFC 8032) and, through its
// birational map to Curve25519, of X25519 (RFC 7748).
//
// The exported API is a superset of filippo.io/edwards25519 v1.2.0 with the
// same semantics: a program written against that module changes its import
// path to github.com/seed06d4b90c/edwards25519 and nothing else.
//
// # Types
//
// [Point] is a curve point and [Scalar] an integer modulo the group order
//
//	l = 2^252 + 27742317777372353535851937790883648493.
//
// Both work like math/big.Int: methods set and return the receiver, and every
// argument may alias the receiver. The zero Scalar is 0; the zero Point is not
// a valid point and may only be used as a receiver or copied by [Point.Set]:
// passing it to any other method panics, as in v1.2.0.
//
// # Encodings
//
// Points encode to 32 bytes as in RFC 8032, section 5.1.2: the little-endian
// y coordinate with the sign of x in the top bit. [Point.SetBytes] follows the
// decoding most of the ecosystem uses rather than the strict RFC 8032 rules:
// it accepts non-canonical y (y ≥ p) and x = 0 with the sign bit set.
//
// # Timing
//
// Every operation runs in time independent of secret inputs, except those
// whose name begins with VarTime, whose running time depends on their inputs
// and which must only be given public values (signature verification).
// Decoding treats its input as public: [Point.SetBytes],
// [Point.SetCanonicalBytes] and [Point.SetExtendedCoordinates] may take a
// time that depends on the input, and whether it was accepted shows.
//
// Most users want crypto/ed25519 or crypto/ecdh instead; this package is for
// building other protocols (ristretto255, VRFs, multi-signatures, ...) on the
// group.
package edwards25519
