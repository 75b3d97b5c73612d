package main

import (
	"bytes"
	"crypto/ed25519"
	"io"
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
//
// Also EdPrivateKeyToX25519, with the Ed25519 private key as the secret,
// and GenerateHiddenKey, with the bytes it reads as the secret. Its number
// of draws is public (it depends only on the draws it discards), so both
// classes are draws it accepts at once: 34 bytes of which the first 32 are
// the private key.

func init() { moreTargets = append(moreTargets, x25519Targets) }

// x25519Sink receives a copy of every result. The result slice itself is
// not kept, so that it stays on the stack and no allocation enters the
// timed call.
var x25519Sink [32]byte

// hiddenDraw is one draw of GenerateHiddenKey (a private key, the padding
// byte and the choice byte) that it accepts, read through an io.Reader that
// gives those 34 bytes once and then reports io.EOF.
type hiddenDraw struct {
	buf [x25519.ScalarSize + 2]byte
	off int
}

func (d *hiddenDraw) Read(p []byte) (int, error) {
	if d.off == len(d.buf) {
		return 0, io.EOF
	}
	n := copy(p, d.buf[d.off:])
	d.off += n
	return n, nil
}

// acceptedDraw fills d with random bytes until GenerateHiddenKey accepts
// them on its first draw, and rewinds it.
func acceptedDraw(rng *rand.Rand, d *hiddenDraw) {
	for {
		d.buf, d.off = [x25519.ScalarSize + 2]byte(randomBytes(rng, len(d.buf))), 0
		if _, _, err := x25519.GenerateHiddenKey(d); err == nil {
			d.off = 0
			return
		}
	}
}

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
	randomEdKey := func(rng *rand.Rand, k *[ed25519.PrivateKeySize]byte) {
		*k = [ed25519.PrivateKeySize]byte(randomBytes(rng, ed25519.PrivateKeySize))
	}
	var fixedEdKey [ed25519.PrivateKeySize]byte
	randomEdKey(rng, &fixedEdKey)
	var fixedDraw hiddenDraw
	acceptedDraw(rng, &fixedDraw)
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
		{
			name:    "x25519.EdPrivateKeyToX25519",
			classes: "fixed vs random 64-byte Ed25519 private keys",
			batch:   1,
			budget:  0.5,
			chunk: inputs(fixedOrRandom(&fixedEdKey, randomEdKey), func(k *[ed25519.PrivateKeySize]byte) {
				out, err := x25519.EdPrivateKeyToX25519(k[:])
				if err != nil {
					panic(err)
				}
				copy(x25519Sink[:], out)
			}),
		},
		{
			name:    "x25519.GenerateHiddenKey",
			classes: "a fixed draw vs random draws, each accepted at once",
			batch:   1,
			chunk: inputs(func(rng *rand.Rand, class int, d *hiddenDraw) {
				if class == 0 {
					*d = fixedDraw
				} else {
					acceptedDraw(rng, d)
				}
			}, func(d *hiddenDraw) {
				_, r, err := x25519.GenerateHiddenKey(d)
				if err != nil {
					panic(err)
				}
				copy(x25519Sink[:], r)
			}),
		},
	}
}
