package main

import (
	"math/rand/v2"

	"github.com/seed06d4b90c/edwards25519"
)

// Targets of hashing to the curve and Elligator 2: SetHashToCurve with the
// message as the secret (its length and the DST fixed), and
// Elligator2Representative with the point as the secret. Points for the
// latter come from SetElligator2Representative of random bytes, so they are
// uniformly random representable points of the whole curve (every coset,
// both signs), which is what a hidden-key generator feeds it.

func init() { moreTargets = append(moreTargets, hashTargets) }

// hashSink receives a copy of each representative, so the returned slice
// is consumed without being kept.
var hashSink [32]byte

func hashTargets(rng *rand.Rand) []target {
	const msgLen = 32
	dst := []byte("DUDECT-V01-CS01-with-edwards25519_XMD:SHA-512_ELL2_RO_")
	fixedMsg := [msgLen]byte(randomBytes(rng, msgLen))

	representable := func(rng *rand.Rand, p *edwards25519.Point) {
		if _, err := p.SetElligator2Representative(randomBytes(rng, 32)); err != nil {
			panic(err)
		}
	}
	var fixedPoint edwards25519.Point
	representable(rng, &fixedPoint)

	type repInput struct {
		p     edwards25519.Point
		tweak byte
	}
	return []target{
		{
			name:    "Point.SetHashToCurve",
			classes: "fixed vs random 32-byte message, fixed DST",
			batch:   1,
			chunk: inputs(fixedOrRandom(&fixedMsg, func(rng *rand.Rand, m *[msgLen]byte) {
				*m = [msgLen]byte(randomBytes(rng, msgLen))
			}), func(m *[msgLen]byte) {
				if _, err := sinkPoint.SetHashToCurve(m[:], dst); err != nil {
					panic(err)
				}
			}),
		},
		{
			name:    "Point.Elligator2Representative",
			classes: "fixed vs random representable point (every coset, both signs), random tweak",
			batch:   1,
			chunk: inputs(func(rng *rand.Rand, class int, in *repInput) {
				if class == 0 {
					in.p.Set(&fixedPoint)
				} else {
					representable(rng, &in.p)
				}
				in.tweak = byte(rng.Uint32())
			}, func(in *repInput) {
				r, err := in.p.Elligator2Representative(in.tweak)
				if err != nil {
					panic(err)
				}
				copy(hashSink[:], r)
			}),
		},
	}
}
