package main

import (
	"math"
	"slices"
	"strconv"
)

// welch accumulates two classes of samples online (Welford's update, so no
// sample is stored and the variance does not suffer from cancellation) and
// yields Welch's t statistic
//
//	t = (mean0 - mean1) / sqrt(var0/n0 + var1/n1),
//
// the test used by Reparaz, Balasch and Verbauwhede, "Dude, is my code
// constant time?" (DATE 2017), section 2, step 3.
type welch struct {
	n    [2]float64
	mean [2]float64
	m2   [2]float64 // sum of squared deviations from the running mean
}

// add records sample x for class c (0 or 1).
func (w *welch) add(c int, x float64) {
	w.n[c]++
	d := x - w.mean[c]
	w.mean[c] += d / w.n[c]
	w.m2[c] += d * (x - w.mean[c])
}

// minCount is the size of the smaller class.
func (w *welch) minCount() float64 { return min(w.n[0], w.n[1]) }

// t returns Welch's t statistic, or 0 while either class has fewer than two
// samples or both variances are zero and the means agree.
func (w *welch) t() float64 {
	if w.n[0] < 2 || w.n[1] < 2 {
		return 0
	}
	v0 := w.m2[0] / (w.n[0] - 1)
	v1 := w.m2[1] / (w.n[1] - 1)
	den := math.Sqrt(v0/w.n[0] + v1/w.n[1])
	diff := w.mean[0] - w.mean[1]
	if den == 0 {
		if diff == 0 {
			return 0
		}
		return math.Copysign(math.Inf(1), diff)
	}
	return diff / den
}

// cropLevels returns the cropping quantiles of the paper (section 2, step
// 2): q_i = 1 - 0.5^(10*(i+1)/k) for i = 0..k-1, which crowd towards 1 so
// that the tests discard from a large share of the slow tail down to almost
// nothing.
func cropLevels(k int) []float64 {
	q := make([]float64, k)
	for i := range q {
		q[i] = 1 - math.Pow(0.5, 10*float64(i+1)/float64(k))
	}
	return q
}

// quantiles returns the values of samples at the given quantiles
// (nearest-rank); samples is sorted in place.
func quantiles(samples []float64, qs []float64) []float64 {
	slices.Sort(samples)
	out := make([]float64, len(qs))
	for i, q := range qs {
		idx := int(q * float64(len(samples)))
		if idx >= len(samples) {
			idx = len(samples) - 1
		}
		out[i] = samples[idx]
	}
	return out
}

// battery is the full set of tests run on one function: the raw first-order
// test, one first-order test per cropping threshold (only samples below the
// threshold count), and a second-order test on the squared distance from
// the class mean, which catches differences in spread rather than location.
type battery struct {
	raw        welch
	thresholds []float64
	quantile   []float64
	cropped    []welch
	second     welch
	minSecond  float64 // raw samples per class before the second-order test starts
}

func newBattery(thresholds, qs []float64, minSecond float64) *battery {
	return &battery{
		thresholds: thresholds,
		quantile:   qs,
		cropped:    make([]welch, len(thresholds)),
		minSecond:  minSecond,
	}
}

// add records one measurement x of class c in every test it belongs to.
func (b *battery) add(c int, x float64) {
	b.raw.add(c, x)
	for i, th := range b.thresholds {
		if x < th {
			b.cropped[i].add(c, x)
		}
	}
	if b.raw.minCount() > b.minSecond {
		d := x - b.raw.mean[c]
		b.second.add(c, d*d)
	}
}

// worst returns the largest |t| among the tests that have at least minN
// samples in each class, and a name for that test.
func (b *battery) worst(minN float64) (float64, string) {
	best, name := 0.0, "none (too few samples)"
	consider := func(w *welch, label string) {
		if w.minCount() < minN {
			return
		}
		if t := math.Abs(w.t()); t > best || name == "none (too few samples)" {
			best, name = t, label
		}
	}
	consider(&b.raw, "raw")
	for i := range b.cropped {
		consider(&b.cropped[i], "crop<"+formatQuantile(b.quantile[i]))
	}
	consider(&b.second, "2nd-order")
	return best, name
}

// typical returns, per class, the mean of the measurements below the
// cropping threshold nearest the median: a location estimate that the slow
// tail (interrupts, other processes) does not drag around the way it drags
// the raw mean. It falls back to the raw means without cropping levels.
func (b *battery) typical() [2]float64 {
	best := -1
	for i, q := range b.quantile {
		if best < 0 || math.Abs(q-0.5) < math.Abs(b.quantile[best]-0.5) {
			best = i
		}
	}
	if best < 0 || b.cropped[best].minCount() == 0 {
		return b.raw.mean
	}
	return b.cropped[best].mean
}

// formatQuantile prints a quantile as a percentile with enough digits to
// tell the levels near 1 apart.
func formatQuantile(q float64) string {
	p := 100 * q
	switch {
	case p < 99:
		return trimFloat(p, 1) + "%"
	case p < 99.9:
		return trimFloat(p, 2) + "%"
	default:
		return trimFloat(p, 3) + "%"
	}
}

func trimFloat(x float64, digits int) string {
	return strconv.FormatFloat(x, 'f', digits, 64)
}
