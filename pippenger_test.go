package edwards25519

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	ref "filippo.io/edwards25519"
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
	sizes := []int{32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 128, 192, 256}
	const rounds = 31
	scalars, points := pippengerBenchTerms(b, sizes[len(sizes)-1])
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

// pippengerBenchTerms returns the n terms of the Pippenger benchmarks:
// random scalars, and the 64 points of ptPoints (the identity, B, the
// torsion points and random ones) repeated.
func pippengerBenchTerms(b *testing.B, n int) ([]*Scalar, []*Point) {
	r := ptRand(b)
	pts := ptPoints(b, r, 64)
	scalars := make([]*Scalar, n)
	points := make([]*Point, n)
	for k := range scalars {
		scalars[k], points[k] = ptRandomScalar(r), pts[k%len(pts)]
	}
	return scalars, points
}

// BenchmarkPippengerWindow times the bucket method at window widths around
// pippengerWindow's choice, at several numbers of points, on every native
// backend, interleaved in one process, and logs per size the median ratio
// of each width's time to the chosen width's: below 1, that width is
// faster. pippengerWindow is checked against these ratios
// (docs/PERFORMANCE.md):
//
//	go test -run '^$' -bench PippengerWindow -benchtime 1x -v .
func BenchmarkPippengerWindow(b *testing.B) {
	sizes := []int{128, 256, 512, 1024, 2048, 4096}
	const rounds = 21
	scalars, points := pippengerBenchTerms(b, sizes[len(sizes)-1])
	for _, be := range allBackends {
		if !backendNative(be) {
			continue
		}
		b.Run(be.String(), func(b *testing.B) {
			withBackend(b, be)
			var out strings.Builder
			fmt.Fprintf(&out, "%v backend; time at width c / time at pippengerWindow's c, median of %d interleaved rounds:\n", be, rounds)
			for _, n := range sizes {
				chosen := pippengerWindow(n)
				// Two widths either side, shifted up to start at 4, the least
				// that bucketTerm has room for; base is the chosen one's index.
				lo := max(chosen, 6) - 2
				widths := []uint{lo, lo + 1, lo + 2, lo + 3, lo + 4}
				base := int(chosen - lo)
				ratios := make([][]float64, len(widths))
				ss, ps := scalars[:n], points[:n]
				calls := max(1, 2048/n)
				var v Point
				timeWidth := func(c uint) time.Duration {
					start := time.Now()
					for range calls {
						v.pippengerWidth(ss, ps, c)
					}
					return time.Since(start)
				}
				for round := range rounds {
					times := make([]time.Duration, len(widths))
					// Forwards in even rounds, backwards in odd ones.
					for j := range widths {
						if round%2 == 1 {
							j = len(widths) - 1 - j
						}
						times[j] = timeWidth(widths[j])
					}
					for j := range widths {
						ratios[j] = append(ratios[j], float64(times[j])/float64(times[base]))
					}
				}
				fmt.Fprintf(&out, "  n = %4d, chosen c = %2d:", n, chosen)
				for j, c := range widths {
					slices.Sort(ratios[j])
					fmt.Fprintf(&out, "  c=%d %.3f", c, ratios[j][rounds/2])
				}
				fmt.Fprintf(&out, "  (%.2f ms per call at c = %d)\n", float64(timeWidth(chosen))/float64(calls)/1e6, chosen)
			}
			b.Log(out.String())
		})
	}
}

// TestPippengerWidths checks the bucket method at every window width it
// accepts, on every backend, against the reference, the widths that
// pippengerWindow never picks at the sizes of the other tests included.
func TestPippengerWidths(t *testing.T) {
	r := ptRand(t)
	pts := ptPoints(t, r, 16)
	edge := ptScalars(t, r, 0)
	forEachBackend(t, func(t *testing.T) {
		for c := uint(4); c <= 16; c++ {
			if testing.Short() && c > 12 {
				break
			}
			scalars, points, refScalars, refPoints := ptTerms(t, r, 7, pts, edge)
			got := new(Point).pippengerWidth(scalars, points, c)
			samePoint(t, fmt.Sprintf("pippengerWidth c = %d", c), got, new(ref.Point).VarTimeMultiScalarMult(refScalars, refPoints))
		}
	})
}

// BenchmarkPippengerAdditions times the two kinds of addition of
// pippengerVec on each native vector backend, in interleaved rounds: a
// bucket addition (addAffine of a packed cached point) and a running-sum
// addition (cached, then addCached). Their ratio is what the window width
// trades (see pippengerWindow):
//
//	go test -run '^$' -bench PippengerAdditions -benchtime 1x -v .
func BenchmarkPippengerAdditions(b *testing.B) {
	r := ptRand(b)
	pts := ptPoints(b, r, 12)
	var out strings.Builder
	for _, c := range []struct {
		be    backend
		timer func([]*Point) func(n int) (bucket, running time.Duration)
	}{
		{backendAVX2, pippengerAdditionTimes[avx2Backend]},
		{backendIFMA, pippengerAdditionTimes[ifmaBackend]},
	} {
		if !backendNative(c.be) {
			continue
		}
		run := c.timer(pts)
		const rounds, n = 31, 20000
		var bucket, running, ratio []float64
		for range rounds {
			x, y := run(n)
			bucket = append(bucket, float64(x)/n)
			running = append(running, float64(y)/n)
			ratio = append(ratio, float64(y)/float64(x))
		}
		for _, s := range [][]float64{bucket, running, ratio} {
			slices.Sort(s)
		}
		fmt.Fprintf(&out, "%v: bucket addition %.1f ns, running-sum addition %.1f ns, ratio %.2f (quartiles %.2f-%.2f), medians of %d rounds\n",
			c.be, bucket[rounds/2], running[rounds/2], ratio[rounds/2], ratio[rounds/4], ratio[3*rounds/4], rounds)
	}
	b.Log(out.String())
}

// pippengerAdditionTimes returns a function that times n bucket additions
// and n running-sum additions of pippengerVec on backend B, in that order
// and then the other way round, on heap lanes as the buckets are.
func pippengerAdditionTimes[B vecBackend[L, A], L, A any](pts []*Point) func(n int) (time.Duration, time.Duration) {
	var b B
	acc, sum, tmp := vecAligned[L](), vecAligned[L](), vecAligned[L]()
	addend := vecAligned[A]()
	b.fromPoint(acc, pts[0])
	b.fromPoint(sum, pts[1])
	b.fromPoint(tmp, pts[2])
	b.cached(tmp, tmp)
	b.pack(addend, tmp)
	bucket := func(n int) time.Duration {
		start := time.Now()
		for i := range n {
			b.addAffine(acc, addend, -uint64(i&1))
		}
		return time.Since(start)
	}
	running := func(n int) time.Duration {
		start := time.Now()
		for range n {
			b.cached(tmp, sum)
			b.addCached(acc, tmp)
		}
		return time.Since(start)
	}
	return func(n int) (time.Duration, time.Duration) {
		x := bucket(n / 2)
		y := running(n / 2)
		y += running(n / 2)
		x += bucket(n / 2)
		return x, y
	}
}
