package main

import (
	"github.com/seed06d4b90c/edwards25519/bench/internal/circl"
	"github.com/seed06d4b90c/edwards25519/bench/internal/filippo"
	"github.com/seed06d4b90c/edwards25519/bench/internal/ours"
	"github.com/seed06d4b90c/edwards25519/bench/internal/stdlib"
	"github.com/seed06d4b90c/edwards25519/bench/internal/suite"
	"github.com/seed06d4b90c/edwards25519/bench/internal/voi"
	"github.com/seed06d4b90c/edwards25519/bench/internal/xcrypto"
)

// implementation is one library under measurement. Its name is its column
// header and its sub-benchmark key (impl=name), so it has no '/'.
type implementation struct {
	name      string
	factories map[string]suite.Factory
}

// implementations lists the libraries. Each section of the suite picks its
// columns among them by name.
func implementations() []implementation {
	return []implementation{
		{"ours", ours.Factories()},
		{"filippo", filippo.Factories()},
		{"voi", voi.Factories()},
		{"circl", circl.Factories()},
		{"stdlib", stdlib.Factories()},
		{"xcrypto", xcrypto.Factories()},
	}
}

// sectionNotes says, for each section title, what its columns run. The
// command prints it under the section's title; README.md has the same.
var sectionNotes = map[string]string{
	"Field and group arithmetic": "Reference filippo.io/edwards25519 v1.2.0; voi is curve25519-voi's curve package, " +
		"circl its math/fp25519 (field only). The second target column is issue 14's \"against voi, same run\".",
	"X25519": "Reference crypto/ecdh (stdlib). Variable base: ours x25519.X25519(k, peer); stdlib priv.ECDH(pub), " +
		"both keys parsed outside the loop; xcrypto golang.org/x/crypto/curve25519.X25519(k, peer), which parses both keys, " +
		"and so computes the private key's public key too, in every call; circl dh/x25519.Shared; voi primitives/x25519.X25519. " +
		"Fixed base: ours X25519(k, Basepoint); stdlib NewPrivateKey(k).PublicKey().Bytes(); xcrypto X25519(k, Basepoint); " +
		"circl KeyGen; voi X25519(k, its own Basepoint slice).",
	"Montgomery u and Ed25519 key conversion": "Reference voi: curve.EdwardsPoint.SetMontgomery and primitives/x25519's conversions. " +
		"filippo is composed on v1.2.0 as users write it today: y = (u-1)/(u+1) and SetBytes with the sign bit; " +
		"SetBytes then BytesMontgomery; SHA-512 of the seed, clamped.",
	"Hashing to the curve (RFC 9380)": "Reference voi's primitives/h2c (Edwards25519_XMD_SHA512_ELL2_RO and _NU), " +
		"with the RFC 9380 test DSTs.",
	"Elligator 2 representatives": "No peer exports an inverse map. Reference: the map of RFC 9380 and its inverse written on " +
		"filippo.io/edwards25519 v1.2.0's field API (bench/internal/ell2), not constant time. The target is ours " +
		"over the sum of ours' FieldInvert and FieldSqrtRatio in the same round: below one inversion plus one square root.",
	"Subgroup checks, tables and scalar batches": "Reference voi: IsTorsionFree, IsSmallOrder, MulBasepoint on a " +
		"NewEdwardsBasepointTable of the point, NewEdwardsBasepointTable, Scalar.BatchInvert. filippo, for information, " +
		"composes v1.2.0: [l-1]P + P = O, MultByCofactor, ScalarMult, one Invert per scalar. " +
		"Targets against our rows are per round, on ours' ScalarMult or ScalarBaseMult.",
	"Strict decoding and batches": "Reference filippo.io/edwards25519 v1.2.0 one element at a time: SetBytes then " +
		"the re-encoding check; Bytes, BytesMontgomery, Invert per element. Targets against our rows are per element, " +
		"on ours' PointBytes and FieldInvert in the same round.",
	"Ed25519 composed on the group API": "RFC 8032 signing and crypto/ed25519's verification rules written on each " +
		"library's scalar and point API (ours and filippo from the same source text, voi on curve and curve/scalar), " +
		"SHA-512 included. stdlib is crypto/ed25519, for information (Sign caches the expanded key).",
}
