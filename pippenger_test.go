package edwards25519

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// BenchmarkPippengerCrossover times Straus (straussNAF) against the bucket
// method (pippenger) at several numbers of points on every native backend,
// interleaved in one process so that both run under the same load, and
// logs the median ratio Straus/Pippenger per size: above 1, the bucket
// method is faster. pippengerThreshold is read from these ratios
// (docs/PERFORMANCE.md):
//
//	go test -run '^$' -bench PippengerCrossover -benchtime 1x -v .
//
// EDWARDS25519_SEED fixes the inputs; the rounds and sizes are fixed here.
func BenchmarkPippengerCrossover(b *testing.B) {
	sizes := []int{32, 64, 80, 88, 96, 104, 112, 128, 192, 256}
	const rounds = 15
	r := ptRand(b)
	pts := ptPoints(b, r, 64)
	scalars := make([]*Scalar, sizes[len(sizes)-1])
	points := make([]*Point, len(scalars))
	for k := range scalars {
		scalars[k], points[k] = ptRandomScalar(r), pts[k%len(pts)]
	}
	for _, be := range allBackends {
		if !backendNative(be) {
			continue
		}
		b.Run(be.String(), func(b *testing.B) {
			withBackend(b, be)
			ratios := make([][]float64, len(sizes))
			var v Point
			timeIt := func(f func()) time.Duration {
				start := time.Now()
				f()
				return time.Since(start)
			}
			for range rounds {
				for i, n := range sizes {
					ss, ps := scalars[:n], points[:n]
					calls := max(1, 2048/n)
					runStraus := func() time.Duration {
						return timeIt(func() {
							for range calls {
								v.straussNAF(ss, ps)
							}
						})
					}
					runBuckets := func() time.Duration {
						return timeIt(func() {
							for range calls {
								v.pippenger(ss, ps)
							}
						})
					}
					// Both orders, so that neither always runs second.
					straus := runStraus()
					buckets := runBuckets() + runBuckets()
					straus += runStraus()
					ratios[i] = append(ratios[i], float64(straus)/float64(buckets))
				}
			}
			var out strings.Builder
			fmt.Fprintf(&out, "%v backend, threshold %d; Straus/Pippenger, median of %d interleaved rounds:\n", be, pippengerThreshold(be), rounds)
			for i, n := range sizes {
				slices.Sort(ratios[i])
				fmt.Fprintf(&out, "  n = %3d: %.2f (quartiles %.2f-%.2f)\n", n, ratios[i][rounds/2], ratios[i][rounds/4], ratios[i][3*rounds/4])
			}
			b.Log(out.String())
		})
	}
}
