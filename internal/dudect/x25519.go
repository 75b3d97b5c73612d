package main

import (
	"bytes"
	"math/rand/v2"

	"github.com/seed06d4b90c/edwards25519"
	"github.com/seed06d4b90c/edwards25519/x25519"
)

// Targets of the x25519 package: X25519 on a fixed public point with the
// scalar as the secret, through the ladder (a point on the curve, one on
// the twist, one of order 8, u = 0) and through the fixed-base comb
// (Basepoint). The ladder is the IFMA kernel where the CPU has AVX-512 IFMA;
// GODEBUG=cpu.avx512ifma=off selects the MULX kernel (on a CPU with BMI2
// and ADX), and GODEBUG=cpu.avx512ifma=off,cpu.bmi2=off ladderGeneric.

func init() { moreTargets = append(moreTargets, x25519Targets) }

// x25519Sink receives a copy of every result. The result slice itself is
// not kept, so that it stays on the stack and no allocation enters the
// timed call.
var x25519Sink [32]byte

func x25519Targets(rng *rand.Rand) []target {
	fixed := [32]byte(randomBytes(rng, 32))
	// The all-zero string clamps to 2^254: bit 254 set and every other
	// bit clear, so the ladder's swap bit is 1 in its first two steps and
	// 0 in all the others.
	var zero [32]byte

	pub, err := x25519.X25519(randomBytes(rng, 32), x25519.Basepoint)
	if err != nil {
		panic(err)
	}
	// A u on the twist: one that SetMontgomeryBytes rejects, other than
	// u = -1 (ec ff ... ff 7f), which it rejects as the map's pole.
	minusOne := bytes.Repeat([]byte{0xff}, 32)
	minusOne[0], minusOne[31] = 0xec, 0x7f
	var twist []byte
	for twist == nil {
		u := randomBytes(rng, 32)
		u[31] &= 0x7f
		if _, err := new(edwards25519.Point).SetMontgomeryBytes(u, 0); err != nil && !bytes.Equal(u, minusOne) {
			twist = u
		}
	}

	// A point of order 8 on the curve (RFC 7748's list of weak keys, as in
	// Wycheproof's LowOrderPublic cases): the ladder's intermediate values
	// then include 0 and the point at infinity, in a pattern that depends
	// on the scalar, and the result is always zero (an error).
	order8 := []byte{0xe0, 0xeb, 0x7a, 0x7c, 0x3b, 0x41, 0xb8, 0xae, 0x16, 0x56, 0xe3, 0xfa, 0xf1, 0x9f, 0xc4, 0x6a,
		0xda, 0x09, 0x8d, 0xeb, 0x9c, 0x32, 0xb1, 0xfd, 0x86, 0x62, 0x05, 0x16, 0x5f, 0x49, 0xb8, 0x00}

	randomKey := func(rng *rand.Rand, k *[32]byte) { *k = [32]byte(randomBytes(rng, 32)) }
	run := func(point []byte) func(*[32]byte) {
		return func(k *[32]byte) {
			out, _ := x25519.X25519(k[:], point)
			copy(x25519Sink[:], out)
		}
	}
	return []target{
		{
			name:    "x25519.X25519",
			classes: "fixed random scalar vs random scalars, fixed public key (ladder)",
			batch:   1,
			chunk:   inputs(fixedOrRandom(&fixed, randomKey), run(pub)),
		},
		{
			name:    "x25519.X25519/scalar-2^254",
			classes: "all-zero bytes (clamped to 2^254: swap bit 0 in all steps but the first two) vs random, fixed public key",
			batch:   1,
			budget:  0.5,
			chunk:   inputs(fixedOrRandom(&zero, randomKey), run(pub)),
		},
		{
			name:    "x25519.X25519/twist",
			classes: "fixed random scalar vs random scalars, fixed u on the twist (ladder)",
			batch:   1,
			budget:  0.5,
			chunk:   inputs(fixedOrRandom(&fixed, randomKey), run(twist)),
		},
		{
			name:    "x25519.X25519/low-order",
			classes: "fixed random scalar vs random scalars, fixed u of order 8 (ladder, all-zero result)",
			batch:   1,
			budget:  0.5,
			chunk:   inputs(fixedOrRandom(&fixed, randomKey), run(order8)),
		},
		{
			name:    "x25519.X25519/u=0",
			classes: "fixed random scalar vs random scalars, u = 0 (order 2: R0 is (0 : 1) or the point at infinity as the bits read so far make an odd or even number)",
			batch:   1,
			budget:  0.5,
			chunk:   inputs(fixedOrRandom(&fixed, randomKey), run(make([]byte, 32))),
		},
		{
			name:    "x25519.X25519/base",
			classes: "fixed random scalar vs random scalars, Basepoint (fixed-base comb)",
			batch:   1,
			chunk:   inputs(fixedOrRandom(&fixed, randomKey), run(x25519.Basepoint)),
		},
	}
}
