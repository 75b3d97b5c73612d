package edwards25519

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	ref "filippo.io/edwards25519"
)

// The scalar multiplications on every backend against filippo.io/edwards25519
// v1.2.0, on edge scalars (ptScalars) and both sides of the thresholds that
// change the algorithm or the memory: smallTerms, affineTerms (the serial
// backend's affine windows) and the backend's Pippenger threshold.

func TestScalarBaseMultEdges(t *testing.T) {
	r := ptRand(t)
	scalars := ptScalars(t, r, 100)
	forEachBackend(t, func(t *testing.T) {
		for _, s := range scalars {
			var got Point
			got.ScalarBaseMult(s)
			X, Y, Z, T := got.ExtendedCoordinates()
			if !onCurveExtended(X, Y, Z, T) {
				t.Fatalf("ScalarBaseMult(%x) is not a point in extended coordinates", s.Bytes())
			}
			samePoint(t, "ScalarBaseMult", &got, new(ref.Point).ScalarBaseMult(toRefScalar(t, s)))
		}
	})
}

// TestConstantTimeEdges runs ScalarMult, MultiScalarMult (on the stack and
// on the heap side of smallTerms, and on both sides of affineTerms) and
// VarTimeMultiScalarMult's Straus sizes on every backend against the
// reference, edge scalars included.
func TestConstantTimeEdges(t *testing.T) {
	r := ptRand(t)
	pts := ptPoints(t, r, 16)
	edge := ptScalars(t, r, 0)
	forEachBackend(t, func(t *testing.T) {
		for n := range 24 {
			x := ptRandomScalar(r)
			if n < len(edge) {
				x = edge[n]
			}
			q := pts[r.IntN(len(pts))]
			var got Point
			got.ScalarMult(x, q)
			samePoint(t, "ScalarMult", &got, new(ref.Point).ScalarMult(toRefScalar(t, x), toRefPoint(t, q)))
		}
		for _, size := range []int{1, smallTerms, smallTerms + 3, affineTerms, affineTerms + 1} {
			scalars, points, refScalars, refPoints := ptTerms(t, r, size, pts, edge)
			var got Point
			got.MultiScalarMult(scalars, points)
			samePoint(t, "MultiScalarMult "+strconv.Itoa(size), &got,
				new(ref.Point).MultiScalarMult(refScalars, refPoints))
			got.VarTimeMultiScalarMult(scalars, points)
			samePoint(t, "VarTimeMultiScalarMult "+strconv.Itoa(size), &got,
				new(ref.Point).VarTimeMultiScalarMult(refScalars, refPoints))
		}
	})
}

// TestMultiScalarMultAffine runs the serial loop with affine windows
// directly, on every build: the serial backend takes it only where
// affineWindowsPay is true (not on amd64 without purego), and from
// affineTerms points. Edge scalars and random ones, against the reference.
func TestMultiScalarMultAffine(t *testing.T) {
	r := ptRand(t)
	pts := ptPoints(t, r, 40)
	edge := ptScalars(t, r, 0)
	for _, n := range []int{1, 2, affineTerms, 33} {
		scalars, points, refScalars, refPoints := ptTerms(t, r, n, pts, edge)
		recs := make([]oddRecoding, n)
		for k := range recs {
			recs[k].set(scalars[k])
		}
		var got Point
		got.multiScalarMultAffine(recs, points)
		samePoint(t, "multiScalarMultAffine "+strconv.Itoa(n), &got,
			new(ref.Point).MultiScalarMult(refScalars, refPoints))
	}
}

// TestVarTimeEdges runs the variable-time functions on every backend
// against the reference: the double-base multiplication, with edge
// scalars, and VarTimeMultiScalarMult on both sides of the backend's
// Pippenger threshold.
func TestVarTimeEdges(t *testing.T) {
	r := ptRand(t)
	edge := ptScalars(t, r, 0)
	forEachBackend(t, func(t *testing.T) {
		threshold := pippengerThreshold(pointBackend)
		pts := ptPoints(t, r, threshold+5)
		for n := range 24 {
			a, b := ptRandomScalar(r), ptRandomScalar(r)
			if n < len(edge) {
				a, b = edge[n], edge[len(edge)-1-n]
			}
			A := pts[r.IntN(len(pts))]
			var got Point
			got.VarTimeDoubleScalarBaseMult(a, A, b)
			samePoint(t, "VarTimeDoubleScalarBaseMult", &got,
				new(ref.Point).VarTimeDoubleScalarBaseMult(toRefScalar(t, a), toRefPoint(t, A), toRefScalar(t, b)))
		}
		for _, size := range []int{3, threshold - 1, threshold, threshold + 5} {
			scalars, points, refScalars, refPoints := ptTerms(t, r, size, pts, edge)
			var got Point
			got.VarTimeMultiScalarMult(scalars, points)
			samePoint(t, "VarTimeMultiScalarMult "+strconv.Itoa(size), &got,
				new(ref.Point).VarTimeMultiScalarMult(refScalars, refPoints))
		}
	})
}

// stackDepth calls f under n frames of 200 bytes each.
//
//go:noinline
func stackDepth(n int, f func() []byte) []byte {
	var pad [200]byte
	if n > 0 {
		b := stackDepth(n-1, f)
		pad[n%len(pad)] = b[0]
		return append(b[:0:0], b...)
	}
	_ = pad
	return f()
}

// TestScalarMultStackGrowth runs the scalar multiplications in new
// goroutines at many stack depths, so that the goroutine's stack grows, and
// is moved, inside them at every point of their loops. The vector loops
// hide their rooms' addresses from escape analysis (vecHide); a hidden
// pointer that outlived its call would not be adjusted when the stack moves
// and would give a wrong result here.
func TestScalarMultStackGrowth(t *testing.T) {
	r := ptRand(t)
	pts := ptPoints(t, r, 12)
	s, s2 := ptRandomScalar(r), ptRandomScalar(r)
	ss, ps := []*Scalar{s, s2, s, s2, s, s2}, pts[6:]
	forEachBackend(t, func(t *testing.T) {
		ops := map[string]func() []byte{
			"ScalarBaseMult": func() []byte { return new(Point).ScalarBaseMult(s).Bytes() },
			"ScalarMult":     func() []byte { return new(Point).ScalarMult(s, pts[3]).Bytes() },
			"VarTimeDoubleScalarBaseMult": func() []byte {
				return new(Point).VarTimeDoubleScalarBaseMult(s, pts[4], s2).Bytes()
			},
			"MultiScalarMult":        func() []byte { return new(Point).MultiScalarMult(ss[:3], ps[:3]).Bytes() },
			"MultiScalarMult/heap":   func() []byte { return new(Point).MultiScalarMult(ss, ps).Bytes() },
			"VarTimeMultiScalarMult": func() []byte { return new(Point).VarTimeMultiScalarMult(ss[:3], ps[:3]).Bytes() },
			"VarTimeMultiScalarMult/heap": func() []byte {
				return new(Point).VarTimeMultiScalarMult(ss, ps).Bytes()
			},
			"pippenger": func() []byte { return new(Point).pippenger(ss, ps).Bytes() },
		}
		for name, f := range ops {
			want := f()
			maxDepth := 80
			if testing.Short() {
				maxDepth = 40
			}
			for n := 0; n < maxDepth; n++ {
				done := make(chan []byte)
				go func() { done <- stackDepth(n, f) }()
				if got := <-done; string(got) != string(want) {
					t.Fatalf("%s at depth %d: %x, want %x", name, n, got, want)
				}
			}
		}
	})
}

// scalarMultBench is one scalar multiplication to time, ours and the
// reference's on the same inputs; perCall is the number of points a call
// covers.
type scalarMultBench struct {
	name          string
	calls         int // calls per timed run in BenchmarkBackendRatios
	ours, filippo func()
	perCall       int
}

// scalarMultBenches returns the scalar multiplications of the benchmarks,
// on random inputs from ptRand's seed: the rows of issue 14's targets and a
// few more.
func scalarMultBenches(b *testing.B) []scalarMultBench {
	r := ptRand(b)
	pts := ptPoints(b, r, 64)
	terms := func(n int) ([]*Scalar, []*Point, []*ref.Scalar, []*ref.Point) {
		ss, ps := make([]*Scalar, n), make([]*Point, n)
		rss, rps := make([]*ref.Scalar, n), make([]*ref.Point, n)
		for k := range ss {
			ss[k], ps[k] = ptRandomScalar(r), pts[k%len(pts)]
			rss[k], rps[k] = toRefScalar(b, ss[k]), toRefPoint(b, ps[k])
		}
		return ss, ps, rss, rps
	}
	s1, s2, q := ptRandomScalar(r), ptRandomScalar(r), pts[0]
	rs1, rs2, rq := toRefScalar(b, s1), toRefScalar(b, s2), toRefPoint(b, q)
	ss16, ps16, rss16, rps16 := terms(16)
	ss64, ps64, rss64, rps64 := terms(64)
	ss1024, ps1024, rss1024, rps1024 := terms(1024)
	var v Point
	var rv ref.Point
	return []scalarMultBench{
		{"ScalarBaseMult", 400, func() { v.ScalarBaseMult(s1) }, func() { rv.ScalarBaseMult(rs1) }, 1},
		{"ScalarMult", 100, func() { v.ScalarMult(s1, q) }, func() { rv.ScalarMult(rs1, rq) }, 1},
		{"ScalarMultSlow", 50, func() { v.ScalarMultSlow(s1, q) }, func() { rv.ScalarMultSlow(rs1, rq) }, 1},
		{"VarTimeDoubleScalarBaseMult", 100, func() { v.VarTimeDoubleScalarBaseMult(s1, q, s2) },
			func() { rv.VarTimeDoubleScalarBaseMult(rs1, rq, rs2) }, 1},
		{"MSM16", 8, func() { v.MultiScalarMult(ss16, ps16) }, func() { rv.MultiScalarMult(rss16, rps16) }, 16},
		{"MSM64", 2, func() { v.MultiScalarMult(ss64, ps64) }, func() { rv.MultiScalarMult(rss64, rps64) }, 64},
		{"VarTimeMSM16", 8, func() { v.VarTimeMultiScalarMult(ss16, ps16) }, func() { rv.VarTimeMultiScalarMult(rss16, rps16) }, 16},
		{"VarTimeMSM64", 2, func() { v.VarTimeMultiScalarMult(ss64, ps64) }, func() { rv.VarTimeMultiScalarMult(rss64, rps64) }, 64},
		{"VarTimeMSM1024", 2, func() { v.VarTimeMultiScalarMult(ss1024, ps1024) }, func() { rv.VarTimeMultiScalarMult(rss1024, rps1024) }, 1024},
	}
}

// BenchmarkScalarMults times each scalar multiplication of
// scalarMultBenches on every native backend and on filippo.io/edwards25519
// v1.2.0, one sub-benchmark each (backend/operation), for benchstat and
// pprof; BenchmarkBackendRatios gives the ratios.
func BenchmarkScalarMults(b *testing.B) {
	ops := scalarMultBenches(b)
	withBackend(b, pointBackend)
	for _, be := range allBackends {
		if !backendNative(be) {
			continue
		}
		for _, o := range ops {
			b.Run(be.String()+"/"+o.name, func(b *testing.B) {
				pointBackend = be
				for b.Loop() {
					o.ours()
				}
			})
		}
	}
	for _, o := range ops {
		b.Run("filippo/"+o.name, func(b *testing.B) {
			for b.Loop() {
				o.filippo()
			}
		})
	}
}

// BenchmarkBackendRatios times each scalar multiplication on every native
// vector backend and on filippo.io/edwards25519 v1.2.0 in one process, in
// interleaved rounds (the order of the implementations rotating from round
// to round), and logs per operation the medians of the per-round ratios:
// each backend to the reference, and IFMA to AVX2. On a shared machine the
// ratios of runs side by side mean more than the times (docs/PERFORMANCE.md):
//
//	go test -run '^$' -bench BackendRatios -benchtime 1x -v .
//
// -bench 'BackendRatios/NAME' picks operations by name (ScalarMult, MSM64,
// VarTimeMSM1024, ...).
func BenchmarkBackendRatios(b *testing.B) {
	var vectors []backend
	for _, be := range []backend{backendIFMA, backendAVX2} {
		if backendNative(be) {
			vectors = append(vectors, be)
		}
	}
	if len(vectors) == 0 {
		b.Skip("no vector backend with machine code here")
	}
	ops := scalarMultBenches(b)
	const rounds = 41
	withBackend(b, pointBackend)
	for _, o := range ops {
		b.Run(o.name, func(b *testing.B) {
			// Implementation i < len(vectors) is ours on vectors[i]; the
			// last is the reference.
			n := len(vectors) + 1
			run := func(i int) time.Duration {
				f := o.filippo
				if i < len(vectors) {
					pointBackend = vectors[i]
					f = o.ours
				}
				start := time.Now()
				for range o.calls {
					f()
				}
				return time.Since(start)
			}
			for i := range n {
				run(i) // warm up: tables, caches
			}
			times := make([][]float64, n)
			toRef := make([][]float64, len(vectors))
			var ifmaToAVX2 []float64
			for round := range rounds {
				t := make([]time.Duration, n)
				for j := range n {
					i := (j + round) % n
					t[i] = run(i)
				}
				for i := range n {
					times[i] = append(times[i], float64(t[i])/float64(o.calls*o.perCall))
				}
				for i := range vectors {
					toRef[i] = append(toRef[i], float64(t[i])/float64(t[n-1]))
				}
				if len(vectors) == 2 {
					ifmaToAVX2 = append(ifmaToAVX2, float64(t[0])/float64(t[1]))
				}
			}
			med := func(x []float64) (float64, float64, float64) {
				slices.Sort(x)
				return x[len(x)/2], x[len(x)/4], x[3*len(x)/4]
			}
			var out strings.Builder
			unit := "per call"
			if o.perCall > 1 {
				unit = "per point"
			}
			fmt.Fprintf(&out, "%s, %d rounds, medians (quartiles), times %s:", o.name, rounds, unit)
			for i, be := range vectors {
				m, _, _ := med(times[i])
				rm, rq1, rq3 := med(toRef[i])
				fmt.Fprintf(&out, " %v %.2f µs, %v/filippo %.3f (%.3f-%.3f);", be, m/1e3, be, rm, rq1, rq3)
				b.ReportMetric(rm, be.String()+"/filippo")
			}
			m, _, _ := med(times[n-1])
			fmt.Fprintf(&out, " filippo %.2f µs", m/1e3)
			if len(ifmaToAVX2) > 0 {
				rm, rq1, rq3 := med(ifmaToAVX2)
				fmt.Fprintf(&out, "; ifma/avx2 %.3f (%.3f-%.3f)", rm, rq1, rq3)
				b.ReportMetric(rm, "ifma/avx2")
			}
			b.Log(out.String())
		})
	}
}

// ifmaOneBackend is the IFMA backend with pairs false: its loops run one
// accumulator whatever the number of points. Only for the Straus loops: its
// baseComb is the IFMA comb, whose rows are interleaved for the paired comb
// loop, which the one-accumulator loop cannot read.
type ifmaOneBackend struct{ ifmaBackend }

func (ifmaOneBackend) pairs() bool { return false }

// BenchmarkPairedLoops times the Straus loops of the vector backends in two
// accumulators against one (multiScalarMultVecPairs against
// multiScalarMultVec on ifmaOneBackend, straussNAFVecForm both ways) at
// several numbers of points on the IFMA backend, whose kernels for two
// operations make the two-accumulator form pay, interleaved in one process,
// and logs the median ratio two/one per size: below 1, two accumulators are
// faster. pairsTerms and pairsNAFTerms are read from these ratios
// (docs/PERFORMANCE.md, "Two accumulators in the Straus loops"):
//
//	go test -run '^$' -bench PairedLoops -benchtime 1x -v .
//
// EDWARDS25519_SEED fixes the inputs; the rounds and sizes are fixed here.
func BenchmarkPairedLoops(b *testing.B) {
	if !backendNative(backendIFMA) {
		b.Skip("no IFMA kernels on this CPU: only the IFMA backend pairs its operations")
	}
	withBackend(b, backendIFMA)
	const rounds = 31
	scalars, points := pippengerBenchTerms(b, 63)
	recs := make([]oddRecoding, len(scalars))
	for k := range recs {
		recs[k].set(scalars[k])
	}
	nafs := make([][256]int8, len(scalars))
	tops := make([]int, len(scalars)+1) // tops[n]: nafTop of the first n
	for n := range tops {
		tops[n] = nafTop(nafs[:n], scalars[:n])
	}
	loops := []struct {
		name  string
		sizes []int
		run   func(v *Point, n int, paired bool)
	}{
		{"MultiScalarMult", []int{2, 3, 4, 5, 6, 7, 8, 9, 11, 16, 32}, func(v *Point, n int, paired bool) {
			if paired {
				multiScalarMultVecPairs[ifmaBackend](v, recs[:n], points[:n])
			} else {
				multiScalarMultVec[ifmaOneBackend](v, recs[:n], points[:n])
			}
		}},
		{"VarTimeMultiScalarMult", []int{4, 8, 10, 12, 14, 16, 20, 24, 32, 48, 63}, func(v *Point, n int, paired bool) {
			straussNAFVecForm[ifmaBackend](v, nafs[:n], points[:n], tops[n], paired)
		}},
	}
	for _, l := range loops {
		b.Run(l.name, func(b *testing.B) {
			ratios := make([][]float64, len(l.sizes))
			var v Point
			for range rounds {
				for i, n := range l.sizes {
					calls := max(1, 1024/n)
					timed := func(paired bool) time.Duration {
						start := time.Now()
						for range calls {
							l.run(&v, n, paired)
						}
						return time.Since(start)
					}
					// Both orders, so that neither always runs second.
					two := timed(true)
					one := timed(false) + timed(false)
					two += timed(true)
					ratios[i] = append(ratios[i], float64(two)/float64(one))
				}
			}
			var out strings.Builder
			fmt.Fprintf(&out, "%s on IFMA; two accumulators / one, median of %d interleaved rounds:\n", l.name, rounds)
			for i, n := range l.sizes {
				slices.Sort(ratios[i])
				fmt.Fprintf(&out, "  n = %2d: %.3f (quartiles %.3f-%.3f)\n", n, ratios[i][rounds/2], ratios[i][rounds/4], ratios[i][3*rounds/4])
			}
			b.Log(out.String())
		})
	}
}
