package main

import (
	"fmt"
	"math/rand/v2"

	"github.com/seed06d4b90c/edwards25519"
)

// Targets of the exported group operations, which the IFMA backend runs on
// its vector kernels (vec_ifma_point.go) with the operands' limbs made
// dense first: the secret is the point, and class 0 is a point whose
// coordinates have zero limbs or whose doublings reach the identity.

func init() { moreTargets = append(moreTargets, pointOpTargets) }

func pointOpTargets(rng *rand.Rand) []target {
	torsion := groupTorsion(rng)
	randomPoint := torsionPoints(torsion)
	identity := edwards25519.NewIdentityPoint()
	var k edwards25519.Scalar
	randomScalar(rng, &k)
	other := new(edwards25519.Point).ScalarBaseMult(&k) // the public operand

	// Each call gets its own secret point, so that a branch on it could not
	// be learned by the predictor within a measurement.
	const calls = 16
	type pointsInput [calls]edwards25519.Point
	gen := func(fixed *edwards25519.Point) func(*rand.Rand, int, *pointsInput) {
		return func(rng *rand.Rand, class int, in *pointsInput) {
			for j := range in {
				if class == 0 {
					in[j].Set(fixed)
				} else {
					randomPoint(rng, &in[j])
				}
			}
		}
	}
	op := func(name, classes string, fixed *edwards25519.Point, f func(p *edwards25519.Point)) target {
		return target{
			name:     name,
			classes:  fmt.Sprintf("%s vs random points with random torsion components, %d calls per measurement", classes, calls),
			batch:    calls,
			maxChunk: 20000,
			budget:   0.5,
			chunk: inputs(gen(fixed), func(in *pointsInput) {
				for j := range in {
					f(&in[j])
				}
			}),
		}
	}
	return []target{
		op("Point.Add", "the identity (zero limbs) as p in p + Q", identity,
			func(p *edwards25519.Point) { sinkPoint.Add(p, other) }),
		op("Point.Add/addend", "the identity (zero limbs) as q in P + q", identity,
			func(p *edwards25519.Point) { sinkPoint.Add(other, p) }),
		op("Point.Subtract", "the identity (zero limbs) as q in P - q", identity,
			func(p *edwards25519.Point) { sinkPoint.Subtract(other, p) }),
		op("Point.Double", "the identity (zero limbs)", identity,
			func(p *edwards25519.Point) { sinkPoint.Double(p) }),
		op("Point.MultByCofactor", "a point of order 8 (its doublings reach the identity)", torsion[1],
			func(p *edwards25519.Point) { sinkPoint.MultByCofactor(p) }),
	}
}
