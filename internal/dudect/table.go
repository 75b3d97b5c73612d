package main

import (
	"fmt"
	"math/big"
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

// tableMinusEightDigits is M - 8l for M = 16^64 - 7·16^63 - 8·(16^63 - 1)/15,
// whose signed radix-16 digits (those of s + 8l that ScalarMultTable
// reads) are -8 in every row but the top one (-7), with the 65th digit 1:
// every row but one picks its last entry, negated. 8l <= M < 9l.
func tableMinusEightDigits() *edwards25519.Scalar {
	p63 := new(big.Int).Lsh(big.NewInt(1), 252)
	m := new(big.Int).Sub(p63, big.NewInt(1))
	m.Div(m, big.NewInt(15)).Mul(m, big.NewInt(8))
	m.Sub(new(big.Int).Mul(p63, big.NewInt(9)), m) // 16·16^63 - 7·16^63 - …
	return scalarFromBig(m.Sub(m, new(big.Int).Lsh(orderL, 3)))
}

func tableTargets(rng *rand.Rand) []target {
	randomPoint := torsionPoints(groupTorsion(rng))
	var fixedPoint edwards25519.Point
	randomPoint(rng, &fixedPoint)
	table := edwards25519.NewPointTable(&fixedPoint)

	var fixed edwards25519.Scalar
	randomScalar(rng, &fixed)
	multZero, minusEights := multZeroDigits(), tableMinusEightDigits()
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

	return []target{
		{
			name:    "Point.ScalarMultTable",
			classes: "fixed random scalar vs random scalars, fixed table (point with a torsion component)",
			batch:   1,
			chunk:   inputs(scalarClass(&fixed), mult),
		},
		{
			name:    "Point.ScalarMultTable/lookup-zero",
			classes: "2^252 - 8c (digits of s + 8l all 0 but the top two: the identity entry) vs random",
			batch:   1,
			chunk:   inputs(scalarClass(multZero), mult),
		},
		{
			name:    "Point.ScalarMultTable/lookup-minus8",
			classes: "digits of s + 8l all -8 but the top two (last entry, negated) vs random",
			batch:   1,
			budget:  0.5,
			chunk:   inputs(scalarClass(minusEights), mult),
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
}
