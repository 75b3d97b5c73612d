package main

import (
	"crypto/sha512"
	"math/rand/v2"

	"github.com/seed06d4b90c/edwards25519"
	"github.com/seed06d4b90c/edwards25519/h2c"
	"github.com/seed06d4b90c/edwards25519/x25519"
)

// Targets of hashing to the curve, Elligator 2 and the Montgomery map:
// SetHashToCurve and SetEncodeToCurve with the message as the secret (its
// length and the DST fixed), and h2c.ExpandMessageXMD with SHA-512
// likewise (SetHashToCurve has its own copy of expand_message_xmd);
// SetElligator2Representative with the representative as the secret (a
// fixed random one, and the all-zero one, against random ones);
// Elligator2Representative with the point as the secret (a fixed random
// one, and the identity, whose w is 0); SetMontgomeryBytes with u and the
// sign as the secret, for u of points on the curve, so that it never fails
// (a fixed random one, and u = 0). Points for Elligator2Representative
// come from SetElligator2Representative of random bytes, so they are
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
	randomMsg := func(rng *rand.Rand, m *[msgLen]byte) { *m = [msgLen]byte(randomBytes(rng, msgLen)) }
	randomRep := func(rng *rand.Rand, r *[32]byte) { *r = [32]byte(randomBytes(rng, 32)) }
	fixedRep := [32]byte(randomBytes(rng, 32))
	var zeroRep [32]byte
	setRep := func(r *[32]byte) {
		if _, err := sinkPoint.SetElligator2Representative(r[:]); err != nil {
			panic(err)
		}
	}

	// montInput is a u of a point on the curve (that of x·B for a random x,
	// through x25519) and a sign bit.
	type montInput struct {
		u    [32]byte
		sign int
	}
	curveU := func(rng *rand.Rand, in *montInput) {
		u, err := x25519.X25519(randomBytes(rng, 32), x25519.Basepoint)
		if err != nil {
			panic(err)
		}
		in.u, in.sign = [32]byte(u), int(rng.Uint32()&1)
	}
	var fixedMont montInput
	curveU(rng, &fixedMont)

	// representative measures Elligator2Representative with class 0 on
	// the point fixed and class 1 on random representable points.
	representative := func(name, classes string, fixed *edwards25519.Point) target {
		return target{
			name:    name,
			classes: classes,
			batch:   1,
			chunk: inputs(func(rng *rand.Rand, class int, in *repInput) {
				if class == 0 {
					in.p.Set(fixed)
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
		}
	}

	return []target{
		{
			name:    "Point.SetHashToCurve",
			classes: "fixed vs random 32-byte message, fixed DST",
			batch:   1,
			chunk: inputs(fixedOrRandom(&fixedMsg, randomMsg), func(m *[msgLen]byte) {
				if _, err := sinkPoint.SetHashToCurve(m[:], dst); err != nil {
					panic(err)
				}
			}),
		},
		{
			name:    "Point.SetEncodeToCurve",
			classes: "fixed vs random 32-byte message, fixed DST",
			batch:   1,
			chunk: inputs(fixedOrRandom(&fixedMsg, randomMsg), func(m *[msgLen]byte) {
				if _, err := sinkPoint.SetEncodeToCurve(m[:], dst); err != nil {
					panic(err)
				}
			}),
		},
		{
			name:    "h2c.ExpandMessageXMD",
			classes: "fixed vs random 32-byte message, SHA-512, fixed DST, 64 bytes out",
			batch:   1,
			budget:  0.5,
			chunk: inputs(fixedOrRandom(&fixedMsg, randomMsg), func(m *[msgLen]byte) {
				out, err := h2c.ExpandMessageXMD(sha512.New, m[:], dst, 64)
				if err != nil {
					panic(err)
				}
				copy(hashSink[:], out)
			}),
		},
		{
			name:    "Point.SetElligator2Representative",
			classes: "fixed random vs random 32-byte representatives",
			batch:   1,
			chunk:   inputs(fixedOrRandom(&fixedRep, randomRep), setRep),
		},
		{
			name:    "Point.SetElligator2Representative/zero",
			classes: "the all-zero representative (r = 0) vs random ones",
			batch:   1,
			budget:  0.5,
			chunk:   inputs(fixedOrRandom(&zeroRep, randomRep), setRep),
		},
		{
			name:    "Point.SetMontgomeryBytes",
			classes: "fixed vs random (u, sign), u of a point on the curve",
			batch:   1,
			chunk: inputs(fixedOrRandom(&fixedMont, curveU), func(in *montInput) {
				if _, err := sinkPoint.SetMontgomeryBytes(in.u[:], in.sign); err != nil {
					panic(err)
				}
			}),
		},
		{
			name:    "Point.SetMontgomeryBytes/u=0",
			classes: "u = 0 (the point of order 2; x² = 0) vs random (u, sign), u of a point on the curve",
			batch:   1,
			budget:  0.5,
			chunk: inputs(fixedOrRandom(&montInput{}, curveU), func(in *montInput) {
				if _, err := sinkPoint.SetMontgomeryBytes(in.u[:], in.sign); err != nil {
					panic(err)
				}
			}),
		},
		representative("Point.Elligator2Representative",
			"fixed vs random representable point (every coset, both signs), random tweak", &fixedPoint),
		representative("Point.Elligator2Representative/identity",
			"the identity (d = Z - Y = 0, so w = 0) vs random representable points, random tweak",
			edwards25519.NewIdentityPoint()),
	}
}
