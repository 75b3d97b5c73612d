package main

import (
	"fmt"
	"math/rand/v2"

	"github.com/seed06d4b90c/edwards25519"
	"github.com/seed06d4b90c/edwards25519/field"
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
	run := func(f func(p *edwards25519.Point)) func(in *pointsInput) {
		return func(in *pointsInput) {
			for j := range in {
				f(&in[j])
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
			chunk:    inputs(gen(fixed), run(f)),
		}
	}
	// Controls for Point.Add/addend, in the manner of IsTorsionFree's
	// (docs/SECURITY.md, "Zen 3 again: controls"): a fixed point without
	// zero limbs against random points (/fixed-point); and two fixed inputs,
	// the identity against that point (/two-points), the identity written
	// with no zero limb against it (/dense-identity), and two fixed points
	// (/two-random). If zero limbs were what differs, /two-points alone
	// would flag; if one repeated input against many, /fixed-point would;
	// if any two values, /two-random would (docs/SECURITY.md, "Zen 3: the
	// addend's controls").
	fixedPoint := new(edwards25519.Point)
	randomPoint(rng, fixedPoint)
	addend := func(p *edwards25519.Point) { sinkPoint.Add(other, p) }
	fixedPoint2 := new(edwards25519.Point)
	randomPoint(rng, fixedPoint2)
	// pair is a target of two fixed inputs as q in P + q, p0 in class 0
	// and p1 in class 1.
	pair := func(name, classes string, p0, p1 *edwards25519.Point) target {
		gen := func(_ *rand.Rand, class int, in *pointsInput) {
			for j := range in {
				if class == 0 {
					in[j].Set(p0)
				} else {
					in[j].Set(p1)
				}
			}
		}
		return target{
			name:     name,
			classes:  fmt.Sprintf("%s, both as q in P + q, %d calls per measurement", classes, calls),
			batch:    calls,
			maxChunk: 20000,
			budget:   0.5,
			chunk:    inputs(gen, run(addend)),
		}
	}
	// The identity with no zero limb: (p : p+1 : p+1 : p), each coordinate
	// e + 2p after one carry pass (Subtract of 0 leaves e + 2p carried).
	var zero, pZero, pOne field.Element
	pZero.Subtract(&zero, &zero)
	pOne.Subtract(new(field.Element).One(), &zero)
	denseIdentity, err := new(edwards25519.Point).SetExtendedCoordinates(&pZero, &pOne, &pOne, &pZero)
	if err != nil {
		panic(err)
	}
	return []target{
		op("Point.Add", "the identity (zero limbs) as p in p + Q", identity,
			func(p *edwards25519.Point) { sinkPoint.Add(p, other) }),
		op("Point.Add/addend", "the identity (zero limbs) as q in P + q", identity, addend),
		op("Point.Add/addend/fixed-point", "a fixed random point (no zero limbs) as q in P + q", fixedPoint, addend),
		pair("Point.Add/addend/two-points", "the identity vs the fixed point of /fixed-point", identity, fixedPoint),
		pair("Point.Add/addend/dense-identity", "the identity with no zero limb vs the fixed point of /fixed-point", denseIdentity, fixedPoint),
		pair("Point.Add/addend/two-random", "the fixed point of /fixed-point vs another fixed random point", fixedPoint, fixedPoint2),
		op("Point.Subtract", "the identity (zero limbs) as q in P - q", identity,
			func(p *edwards25519.Point) { sinkPoint.Subtract(other, p) }),
		op("Point.Double", "the identity (zero limbs)", identity,
			func(p *edwards25519.Point) { sinkPoint.Double(p) }),
		op("Point.MultByCofactor", "a point of order 8 (its doublings reach the identity)", torsion[1],
			func(p *edwards25519.Point) { sinkPoint.MultByCofactor(p) }),
	}
}
