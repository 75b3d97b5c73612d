package main

import (
	"math/rand/v2"

	"github.com/seed06d4b90c/edwards25519"
)

// Targets of the scalar multiplications of a point of small order, with
// the scalar as the secret: a peer may send such a point, and its
// multiples, the identity among them, must not make the time depend on
// the scalar.

func init() { moreTargets = append(moreTargets, smallOrderTargets) }

func smallOrderTargets(rng *rand.Rand) []target {
	torsion := groupTorsion(rng)
	order2, order8 := torsion[4], torsion[1]
	var fixed edwards25519.Scalar
	randomScalar(rng, &fixed)
	table2, table8 := edwards25519.NewPointTable(order2), edwards25519.NewPointTable(order8)
	return []target{
		{
			name:    "ScalarMult/order-2-point",
			classes: "fixed random scalar vs random scalars, the point of order 2",
			batch:   1,
			chunk: inputs(scalarClass(&fixed),
				func(s *edwards25519.Scalar) { sinkPoint.ScalarMult(s, order2) }),
		},
		{
			name:    "ScalarMult/order-8-point",
			classes: "fixed random scalar vs random scalars, a point of order 8",
			batch:   1,
			chunk: inputs(scalarClass(&fixed),
				func(s *edwards25519.Scalar) { sinkPoint.ScalarMult(s, order8) }),
		},
		{
			name:    "Point.ScalarMultSlow/order-2-point",
			classes: "fixed random scalar vs random scalars, the point of order 2",
			batch:   1,
			chunk: inputs(scalarClass(&fixed),
				func(s *edwards25519.Scalar) { sinkPoint.ScalarMultSlow(s, order2) }),
		},
		{
			name:    "Point.ScalarMultSlow/order-8-point",
			classes: "fixed random scalar vs random scalars, a point of order 8",
			batch:   1,
			chunk: inputs(scalarClass(&fixed),
				func(s *edwards25519.Scalar) { sinkPoint.ScalarMultSlow(s, order8) }),
		},
		{
			name:    "Point.ScalarMultTable/order-2-point",
			classes: "fixed random scalar vs random scalars, the table of the point of order 2",
			batch:   1,
			chunk: inputs(scalarClass(&fixed),
				func(s *edwards25519.Scalar) { sinkPoint.ScalarMultTable(s, table2) }),
		},
		{
			name:    "Point.ScalarMultTable/order-8-point",
			classes: "fixed random scalar vs random scalars, the table of a point of order 8",
			batch:   1,
			chunk: inputs(scalarClass(&fixed),
				func(s *edwards25519.Scalar) { sinkPoint.ScalarMultTable(s, table8) }),
		},
	}
}
