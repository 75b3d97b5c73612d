package main

import (
	"fmt"
	"math/rand/v2"

	"github.com/seed06d4b90c/edwards25519"
)

// Targets of the tables for any point and the batch functions:
// ScalarMultTable with the scalar as the secret (a fixed table), and
// NewPointTable, BatchBytes, BatchBytesMontgomery and BatchInvert with the
// points or scalars as the secret.

func init() { moreTargets = append(moreTargets, tableTargets) }

// Sinks receive the results, so that the timed calls cannot be dropped.
var (
	tableSink  [1]*edwards25519.PointTable
	encSink    [32]byte
	scalarSink [1]edwards25519.Scalar
)

func tableTargets(rng *rand.Rand) []target {
	randomPoint := torsionPoints(groupTorsion(rng))
	var fixedPoint edwards25519.Point
	randomPoint(rng, &fixedPoint)
	table := edwards25519.NewPointTable(&fixedPoint)

	var fixed edwards25519.Scalar
	randomScalar(rng, &fixed)
	first, last := firstEntryDigits(), lastNegatedDigits()
	mult := func(s *edwards25519.Scalar) { sinkPoint.ScalarMultTable(s, table) }

	const batchLen = 16
	type pointBatch struct {
		p    [batchLen]edwards25519.Point
		ptrs [batchLen]*edwards25519.Point
	}
	// pointBatchClass fills a batch: class 0 with copies of class0, class 1
	// with random points.
	pointBatchClass := func(class0 *edwards25519.Point) func(*rand.Rand, int, *pointBatch) {
		return func(rng *rand.Rand, class int, in *pointBatch) {
			for j := range in.p {
				if class == 0 {
					in.p[j].Set(class0)
				} else {
					randomPoint(rng, &in.p[j])
				}
				in.ptrs[j] = &in.p[j]
			}
		}
	}
	identity := edwards25519.NewIdentityPoint()
	type scalarBatch struct {
		x, v       [batchLen]edwards25519.Scalar
		xPtr, vPtr [batchLen]*edwards25519.Scalar
	}

	ts := []target{
		{
			name:    "Point.ScalarMultTable",
			classes: "fixed random scalar vs random scalars, fixed table (point with a torsion component)",
			batch:   1,
			chunk:   inputs(scalarClass(&fixed), mult),
		},
		{
			name:    "Point.ScalarMultTable/lookup-first-entry",
			classes: "(16^63-1)/15 - 1 (digits +1 in 62 places: the first entry) vs random",
			batch:   1,
			chunk:   inputs(scalarClass(first), mult),
		},
		{
			name:    "Point.ScalarMultTable/lookup-last-negated",
			classes: "2 (digits -15 in 62 places: the last entry, negated) vs random",
			batch:   1,
			budget:  0.5,
			chunk:   inputs(scalarClass(last), mult),
		},
		{
			name:     "NewPointTable",
			classes:  "fixed point with a torsion component vs random points with random torsion components",
			batch:    1,
			maxChunk: 2000,
			chunk: inputs(fixedOrRandom(&fixedPoint, randomPoint),
				func(p *edwards25519.Point) { tableSink[0] = edwards25519.NewPointTable(p) }),
		},
		{
			name:     "BatchBytes",
			classes:  fmt.Sprintf("%d copies of a fixed point vs %d random points", batchLen, batchLen),
			batch:    1,
			maxChunk: 20000,
			chunk: inputs(pointBatchClass(&fixedPoint), func(in *pointBatch) {
				copy(encSink[:], edwards25519.BatchBytes(in.ptrs[:])[0])
			}),
		},
		{
			name:     "BatchBytes/identity",
			classes:  fmt.Sprintf("%d identities (X = 0) vs %d random points", batchLen, batchLen),
			batch:    1,
			budget:   0.5,
			maxChunk: 20000,
			chunk: inputs(pointBatchClass(identity), func(in *pointBatch) {
				copy(encSink[:], edwards25519.BatchBytes(in.ptrs[:])[0])
			}),
		},
		{
			name:     "BatchBytesMontgomery/identity",
			classes:  fmt.Sprintf("%d identities (Z - Y = 0, inverted as 0) vs %d random points", batchLen, batchLen),
			batch:    1,
			budget:   0.5,
			maxChunk: 20000,
			chunk: inputs(pointBatchClass(identity), func(in *pointBatch) {
				copy(encSink[:], edwards25519.BatchBytesMontgomery(in.ptrs[:])[0])
			}),
		},
		{
			name:     "BatchInvert",
			classes:  fmt.Sprintf("%d zeros vs %d random scalars, each zero with probability 1/4", batchLen, batchLen),
			batch:    1,
			maxChunk: 20000,
			chunk: inputs(func(rng *rand.Rand, class int, in *scalarBatch) {
				for j := range in.x {
					if class == 0 || rng.IntN(4) == 0 {
						in.x[j] = edwards25519.Scalar{}
					} else {
						randomScalar(rng, &in.x[j])
					}
					in.xPtr[j], in.vPtr[j] = &in.x[j], &in.v[j]
				}
			}, func(in *scalarBatch) {
				edwards25519.BatchInvert(in.vPtr[:], in.xPtr[:])
				scalarSink[0] = in.v[0]
			}),
		},
	}
	return insertAfter(ts, "Point.ScalarMultTable/lookup-last-negated",
		scalarControls("Point.ScalarMultTable", &fixed, mult)...)
}
