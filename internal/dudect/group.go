package main

import (
	"fmt"
	"math/big"
	"math/rand/v2"

	"github.com/seed06d4b90c/edwards25519"
	"github.com/seed06d4b90c/edwards25519/field"
)

// Targets of the subgroup tests and of field.BatchInvert, where the
// secret is the point tested or the elements inverted.

func init() { moreTargets = append(moreTargets, groupTargets) }

// groupSink receives the results of the subgroup tests.
var groupSink [1]int

// groupTorsion returns the eight points of order dividing 8, as the
// multiples of l·R for a random point R whose l·R has order 8 (l·R is
// computed as (l-1)·R + R, since l is not a Scalar).
func groupTorsion(rng *rand.Rand) []*edwards25519.Point {
	lMinus1 := scalarFromBig(new(big.Int).Sub(orderL, big.NewInt(1)))
	id := edwards25519.NewIdentityPoint()
	for {
		R, err := new(edwards25519.Point).SetBytes(randomBytes(rng, 32))
		if err != nil {
			continue
		}
		T := new(edwards25519.Point).ScalarMult(lMinus1, R)
		T.Add(T, R)
		four := new(edwards25519.Point).Double(T)
		four.Double(four)
		if four.Equal(id) == 1 {
			continue // order below 8
		}
		out := []*edwards25519.Point{id}
		for range 7 {
			out = append(out, new(edwards25519.Point).Add(out[len(out)-1], T))
		}
		return out
	}
}

// torsionPoints returns a generator of random points with random torsion
// components: it sets p to k·B plus a random one of the torsion points, so
// that both answers of the subgroup tests occur among its points.
func torsionPoints(torsion []*edwards25519.Point) func(*rand.Rand, *edwards25519.Point) {
	return func(rng *rand.Rand, p *edwards25519.Point) {
		var k edwards25519.Scalar
		randomScalar(rng, &k)
		p.ScalarBaseMult(&k)
		p.Add(p, torsion[rng.IntN(len(torsion))])
	}
}

func groupTargets(rng *rand.Rand) []target {
	torsion := groupTorsion(rng)
	randomPoint := torsionPoints(torsion)
	var k edwards25519.Scalar
	randomScalar(rng, &k)
	fixed := new(edwards25519.Point).ScalarBaseMult(&k)
	fixed.Add(fixed, torsion[3]) // a torsion component of order 8
	identity := edwards25519.NewIdentityPoint()
	sameTorsion := torsionPoints(torsion[3:4])
	primeOrder := torsionPoints(torsion[:1])
	fixedPrime := new(edwards25519.Point).Subtract(fixed, torsion[3])
	randomScalar(rng, &k)
	fixed2 := new(edwards25519.Point).ScalarBaseMult(&k)
	fixed2.Add(fixed2, torsion[3])

	// torsionFree measures IsTorsionFree, class 0 on the point p0 and
	// class 1 on the points of random.
	torsionFree := func(name string, budget float64, p0 *edwards25519.Point,
		random func(*rand.Rand, *edwards25519.Point), classes string) target {
		return target{
			name:    name,
			classes: classes,
			batch:   1,
			budget:  budget,
			chunk: inputs(fixedOrRandom(p0, random),
				func(p *edwards25519.Point) { groupSink[0] += p.IsTorsionFree() }),
		}
	}

	const smallBatch = 16
	type smallInput [smallBatch]edwards25519.Point // one point per call

	const batchLen = 16
	type batchInput struct {
		z, v       [batchLen]field.Element
		zPtr, vPtr [batchLen]*field.Element
	}

	return []target{
		torsionFree("Point.IsTorsionFree", 1, fixed, randomPoint,
			"fixed point with a torsion component vs random points with random torsion components"),
		// The two classes of the next two share the torsion component, and
		// so the verdict: what is left to tell them apart is the data.
		torsionFree("Point.IsTorsionFree/same-torsion", 0.5, fixed, sameTorsion,
			"fixed point with a torsion component of order 8 vs random points with the same component"),
		torsionFree("Point.IsTorsionFree/torsion-free", 0.5, fixedPrime, primeOrder,
			"fixed point of the prime-order subgroup vs random ones (the verdict 1 in both)"),
		torsionFree("Point.IsTorsionFree/verdict", 0.5, fixedPrime, sameTorsion,
			"fixed point of the prime-order subgroup (verdict 1) vs random points with a component of order 8 (verdict 0)"),
		// Three controls for the targets above: the same point in both
		// classes, two fixed points, and random points in both classes.
		// Where the targets above flag and these do not, what differs is
		// one repeated input against many (docs/SECURITY.md, "Zen 3").
		torsionFree("Point.IsTorsionFree/same-point", 0.5, fixed, func(_ *rand.Rand, p *edwards25519.Point) { p.Set(fixed) },
			"the plain target's fixed point in both classes (a negative control)"),
		torsionFree("Point.IsTorsionFree/two-points", 0.5, fixed, func(_ *rand.Rand, p *edwards25519.Point) { p.Set(fixed2) },
			"the plain target's fixed point vs another fixed point with the same torsion component"),
		{
			name:    "Point.IsTorsionFree/random-random",
			classes: "random points with random torsion components in both classes (a negative control)",
			batch:   1,
			budget:  0.5,
			chunk: inputs(func(rng *rand.Rand, _ int, p *edwards25519.Point) { randomPoint(rng, p) },
				func(p *edwards25519.Point) { groupSink[0] += p.IsTorsionFree() }),
		},
		torsionFree("Point.IsTorsionFree/identity", 0.5, identity, randomPoint,
			"the identity (zero coordinates, W = 0) vs random points with random torsion components"),
		{
			name:     "Point.IsSmallOrder",
			classes:  fmt.Sprintf("the identity vs random points with random torsion components, %d calls per measurement", smallBatch),
			batch:    smallBatch,
			maxChunk: 20000,
			chunk: inputs(func(rng *rand.Rand, class int, in *smallInput) {
				for j := range in {
					if class == 0 {
						in[j].Set(identity)
					} else {
						randomPoint(rng, &in[j])
					}
				}
			}, func(in *smallInput) {
				for j := range in {
					groupSink[0] += in[j].IsSmallOrder()
				}
			}),
		},
		{
			name:     "field.BatchInvert",
			classes:  fmt.Sprintf("%d zeros vs %d random elements, each zero with probability 1/4", batchLen, batchLen),
			batch:    1,
			maxChunk: 20000,
			chunk: inputs(func(rng *rand.Rand, class int, in *batchInput) {
				for j := range in.z {
					if class == 0 || rng.IntN(4) == 0 {
						in.z[j].Zero()
					} else {
						randomElement(rng, &in.z[j])
					}
					in.zPtr[j], in.vPtr[j] = &in.z[j], &in.v[j]
				}
			}, func(in *batchInput) {
				field.BatchInvert(in.vPtr[:], in.zPtr[:])
				sinkElement = in.v[0]
			}),
		},
	}
}
