package main

import (
	"math/big"
	"math/rand/v2"

	"github.com/seed06d4b90c/edwards25519"
)

// More targets of Scalar.Invert, beside "0 vs random" in main.go: the
// input 1, whose powers are words of low weight like those of 0, and a
// fixed random input, each against random inputs (docs/SECURITY.md,
// "Scalar.Invert").

func init() { moreTargets = append(moreTargets, scalarInvertTargets) }

func scalarInvertTargets(rng *rand.Rand) []target {
	one := scalarFromBig(big.NewInt(1))
	var fixed edwards25519.Scalar
	randomScalar(rng, &fixed)
	return []target{
		{
			name:    "Scalar.Invert/one",
			classes: "1 vs random scalars",
			batch:   1,
			chunk: inputs(scalarClass(one),
				func(s *edwards25519.Scalar) { sinkScalar.Invert(s) }),
		},
		{
			name:    "Scalar.Invert/fixed",
			classes: "a fixed random scalar vs random scalars",
			batch:   1,
			chunk: inputs(scalarClass(&fixed),
				func(s *edwards25519.Scalar) { sinkScalar.Invert(s) }),
		},
	}
}
