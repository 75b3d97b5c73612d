package main

import (
	"math/big"
	"math/rand/v2"

	"github.com/seed06d4b90c/edwards25519"
)

// Targets of Point.ScalarMultSlow, the radix-4 loop over a table of two odd
// multiples: serial (scalarmult_serial.go), or on the IFMA backend the same
// loop on its kernels (scalarMultSlowVec in scalarmult_vec.go; the points
// of small order are in smallorder.go). The secret is the scalar; the
// point is fixed per run. Class 0 is a fixed random scalar, the scalar 0
// (u = 1: the digit -3 in every place, the last entry negated) or the
// scalar 2 (u = 3: -1 in place 0 and -3 in every other place, the shape
// of a scalar with leading zero bits).

func init() { moreTargets = append(moreTargets, scalarMultSlowTargets) }

func scalarMultSlowTargets(rng *rand.Rand) []target {
	var fixed, k edwards25519.Scalar
	randomScalar(rng, &fixed)
	randomScalar(rng, &k)
	q := new(edwards25519.Point).ScalarBaseMult(&k)
	slow := func(s *edwards25519.Scalar) { sinkPoint.ScalarMultSlow(s, q) }
	return []target{
		{
			name:    "Point.ScalarMultSlow",
			classes: "fixed random scalar vs random scalars, fixed point",
			batch:   1,
			chunk:   inputs(scalarClass(&fixed), slow),
		},
		{
			name:    "Point.ScalarMultSlow/zero",
			classes: "the scalar 0 (the last entry, negated, in every place) vs random scalars, fixed point",
			batch:   1,
			chunk:   inputs(scalarClass(edwards25519.NewScalar()), slow),
		},
		{
			name:    "Point.ScalarMultSlow/two",
			classes: "the scalar 2 (250 leading zero bits) vs random scalars, fixed point",
			batch:   1,
			chunk:   inputs(scalarClass(scalarFromBig(big.NewInt(2))), slow),
		},
	}
}
