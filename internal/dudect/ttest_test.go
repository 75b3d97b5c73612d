package main

import (
	"flag"
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

var ttestSeed = flag.Uint64("dudect.seed", 0, "seed for the t-test checks (0 picks one)")

func ttestRand(t *testing.T) *rand.Rand {
	seed := *ttestSeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t.Logf("seed %d (replay with -dudect.seed %d)", seed, seed)
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

// twoPassT is Welch's t computed the textbook way, with all samples in
// memory, to check the online accumulator.
func twoPassT(a, b []float64) float64 {
	meanVar := func(x []float64) (float64, float64) {
		var s float64
		for _, v := range x {
			s += v
		}
		m := s / float64(len(x))
		var ss float64
		for _, v := range x {
			ss += (v - m) * (v - m)
		}
		return m, ss / float64(len(x)-1)
	}
	ma, va := meanVar(a)
	mb, vb := meanVar(b)
	return (ma - mb) / math.Sqrt(va/float64(len(a))+vb/float64(len(b)))
}

func TestWelchMatchesTwoPass(t *testing.T) {
	rng := ttestRand(t)
	for trial := 0; trial < 50; trial++ {
		var w welch
		var a, b []float64
		shift := rng.Float64() * 3
		n := 2 + rng.IntN(2000)
		for i := 0; i < n; i++ {
			c := rng.IntN(2)
			// Large offset: the online update must not lose precision.
			x := 1e6 + rng.NormFloat64()*50
			if c == 1 {
				x += shift
				b = append(b, x)
			} else {
				a = append(a, x)
			}
			w.add(c, x)
		}
		if len(a) < 2 || len(b) < 2 {
			if w.t() != 0 {
				t.Errorf("t = %v with a class under two samples", w.t())
			}
			continue
		}
		want := twoPassT(a, b)
		if got := w.t(); math.Abs(got-want) > 1e-6*math.Max(1, math.Abs(want)) {
			t.Errorf("trial %d: online t = %v, two-pass t = %v", trial, got, want)
		}
	}
}

func TestWelchDetectsShift(t *testing.T) {
	rng := ttestRand(t)
	var same, shifted welch
	for i := 0; i < 20000; i++ {
		c := rng.IntN(2)
		x := rng.NormFloat64()
		same.add(c, x)
		shifted.add(c, x+float64(c)*0.2) // class 1 slower by 0.2 sigma
	}
	// 0.2 sigma with ~10000 per class gives t near -14; the null case stays
	// small except with negligible probability.
	if got := shifted.t(); got > -7 {
		t.Errorf("a 0.2-sigma shift gave t = %v, want clearly negative", got)
	}
	if got := math.Abs(same.t()); got > 6 {
		t.Errorf("identical distributions gave |t| = %v", got)
	}
}

func TestCropLevels(t *testing.T) {
	q := cropLevels(100)
	if math.Abs(q[0]-(1-math.Pow(0.5, 0.1))) > 1e-12 || math.Abs(q[99]-(1-math.Pow(0.5, 10))) > 1e-12 {
		t.Errorf("crop levels run from %v to %v", q[0], q[99])
	}
	for i := 1; i < len(q); i++ {
		if q[i] <= q[i-1] {
			t.Fatalf("crop levels not increasing at %d", i)
		}
	}
}

func TestQuantilesAndBattery(t *testing.T) {
	samples := make([]float64, 1000)
	for i := range samples {
		samples[i] = float64(999 - i)
	}
	got := quantiles(samples, []float64{0, 0.5, 0.999, 1})
	want := []float64{0, 500, 999, 999}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("quantile %d: got %v, want %v", i, got[i], want[i])
		}
	}

	// A battery cropped at 100 must ignore samples >= 100 in that test only.
	b := newBattery([]float64{100}, []float64{0.5}, 1e9)
	for i := 0; i < 10; i++ {
		b.add(0, 10)
		b.add(1, 10+float64(i%2))
		b.add(1, 1000)
	}
	if b.cropped[0].n[1] != 10 || b.raw.n[1] != 20 {
		t.Errorf("cropped test has %v class-1 samples, raw %v", b.cropped[0].n[1], b.raw.n[1])
	}
	if tv, name := b.worst(5); name != "raw" || tv < 3 {
		t.Errorf("worst test %q with |t| %v, want the raw test to show the slow outliers", name, tv)
	}
	// The typical time ignores the outliers of 1000.
	if typ := b.typical(); typ[0] != 10 || typ[1] != 10.5 {
		t.Errorf("typical = %v, want [10 10.5]", typ)
	}
}
