package edwards25519

import (
	"strconv"
	"testing"

	ref "filippo.io/edwards25519"
)

// The scalar multiplications on every backend against filippo.io/edwards25519
// v1.2.0, on edge scalars (ptScalars) and both sides of the thresholds that
// change the algorithm or the memory: smallTerms and the backend's
// Pippenger threshold.

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
// on the heap side of smallTerms) and VarTimeMultiScalarMult's Straus sizes
// on every backend against the reference, edge scalars included.
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
		for _, size := range []int{1, smallTerms, smallTerms + 3} {
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
