package edwards25519

import (
	"math/big"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	ref "filippo.io/edwards25519"
)

// Focused tests of the multiplication internals: scalarReduce over its whole
// input range, and scalarMulReduce and square on operands that drive the
// product words to their extremes, under every aliasing. math/big is the
// oracle; random cases use ptRand, so a logged seed replays a run.

// scalarMulTestWords returns the eight little-endian words of v < 2^512.
func scalarMulTestWords(t *testing.T, v *big.Int) [8]uint64 {
	t.Helper()
	if v.Sign() < 0 || v.BitLen() > 512 {
		t.Fatalf("%v does not fit in eight words", v)
	}
	var w [8]uint64
	mask := new(big.Int).SetUint64(^uint64(0))
	x := new(big.Int).Set(v)
	for i := range w {
		w[i] = new(big.Int).And(x, mask).Uint64()
		x.Rsh(x, 64)
	}
	return w
}

// scalarMulTestReduceInputs returns edge inputs of scalarReduce, all below
// 2^506: multiples of l and their neighbours, values whose low 252 bits are
// all zeros or all ones (so the middle subtraction borrows or not), and the
// bounds (l-1)^2 + (l-1) and 2^506 - 1.
func scalarMulTestReduceInputs() []*big.Int {
	l := groupOrder
	p2 := ptPow2
	one := big.NewInt(1)
	sub := func(a, b *big.Int) *big.Int { return new(big.Int).Sub(a, b) }
	add := func(a, b *big.Int) *big.Int { return new(big.Int).Add(a, b) }
	mul := func(a, b *big.Int) *big.Int { return new(big.Int).Mul(a, b) }
	lm1 := sub(l, one)
	bound := add(mul(lm1, lm1), lm1) // the largest x*y + z of MultiplyAdd
	c := sub(l, p2(252))
	out := []*big.Int{
		big.NewInt(0), one, lm1, l, add(l, one), sub(mul(l, big.NewInt(2)), one),
		mul(l, big.NewInt(2)), sub(p2(252), one), p2(252), sub(p2(253), one), p2(253),
		sub(p2(256), one), p2(256), mul(lm1, lm1), bound, sub(bound, one),
		sub(bound, l), sub(p2(506), one), sub(p2(505), one), p2(505), sub(p2(504), one),
	}
	// k*l + r for quotients k spanning the range and remainders 0, 1, l-1.
	for _, k := range []*big.Int{
		big.NewInt(1), big.NewInt(15), big.NewInt(16), sub(p2(127), one), p2(127),
		add(p2(127), one), p2(128), sub(p2(253), one), lm1, l,
	} {
		for _, r := range []*big.Int{big.NewInt(0), one, lm1} {
			if v := add(mul(k, l), r); v.Cmp(p2(506)) < 0 {
				out = append(out, v)
			}
		}
	}
	// H*2^252 + L with L = 0 (the middle subtraction borrows whenever
	// H*c mod 2^252 != 0) or L = 2^252 - 1 (it never does).
	for _, h := range []*big.Int{one, sub(p2(254), one), sub(p2(127), one), p2(200), sub(p2(253), p2(126))} {
		out = append(out, mul(h, p2(252)), add(mul(h, p2(252)), sub(p2(252), one)))
	}
	// Step 1 borrows (Rh < A*c) when bits 128..379 are zero under a nonzero
	// top, and not when they are all ones.
	for _, a := range []*big.Int{one, sub(p2(126), one), p2(100)} {
		out = append(out, mul(a, p2(380)), add(mul(a, p2(380)), sub(p2(380), one)),
			add(mul(a, p2(380)), sub(p2(128), one)))
	}
	// Step 3 borrows (El < F*c) only when the low 252 bits of E are tiny,
	// which random inputs never reach. For t = Y*2^252 + Yl < 2^380, step 1
	// does nothing and E = Yl + 2^253 - (Y-2)*c, so step 3 borrows for
	// Y = 1 and Yl < c, Y = 2 and Yl < 2c, Y = 3 and c <= Yl < 3c; the
	// other listed remainders do not.
	for y := int64(0); y <= 5; y++ {
		for _, yl := range []*big.Int{big.NewInt(0), one, sub(c, one), c, sub(mul(c, big.NewInt(2)), one),
			mul(c, big.NewInt(2)), sub(mul(c, big.NewInt(3)), one), mul(c, big.NewInt(3)), sub(p2(252), one)} {
			out = append(out, add(mul(big.NewInt(y), p2(252)), yl))
		}
	}
	return out
}

func TestScalarReduceRange(t *testing.T) {
	r := ptRand(t)
	lm1 := new(big.Int).Sub(groupOrder, big.NewInt(1))
	bound := new(big.Int).Mul(lm1, lm1)
	bound.Add(bound, lm1)
	check := func(v *big.Int) {
		t.Helper()
		w := scalarMulTestWords(t, v)
		var s Scalar
		s.w[0], s.w[1], s.w[2], s.w[3] = scalarReduce(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7])
		want := new(big.Int).Mod(v, groupOrder)
		if got := scalarTestBig(t, &s); got.Cmp(want) != 0 {
			t.Fatalf("scalarReduce(%v) = %v, want %v", v, got, want)
		}
	}
	for _, v := range scalarMulTestReduceInputs() {
		check(v)
	}
	for i := 0; i < 10*scalarTestIters(); i++ {
		var v *big.Int
		switch i % 3 {
		case 0: // up to the MultiplyAdd bound, uniformly
			v = scalarMulTestBelow(r, new(big.Int).Add(bound, big.NewInt(1)))
		case 1: // anywhere below 2^506, with long runs of equal bits
			v = ptRandomBig(r, 506)
		default: // a random multiple of l plus a remainder near 0 or l
			k := scalarMulTestBelow(r, groupOrder)
			v = new(big.Int).Mul(k, groupOrder)
			d := big.NewInt(int64(r.IntN(5)))
			if r.IntN(2) == 0 {
				v.Add(v, d)
			} else if v.Cmp(d) >= 0 {
				v.Sub(v, d)
			}
		}
		check(v)
	}
}

// scalarMulTestBelow returns a uniformly random integer in [0, n), n > 0,
// by rejection sampling.
func scalarMulTestBelow(r *rand.Rand, n *big.Int) *big.Int {
	bits := n.BitLen()
	for {
		v := new(big.Int)
		for i := 0; i < (bits+63)/64; i++ {
			v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(r.Uint64()))
		}
		v.Rsh(v, uint((bits+63)/64*64-bits))
		if v.Cmp(n) < 0 {
			return v
		}
	}
}

// TestScalarReduceCopy checks that scalarMulReduce carries the very same
// reduction lines as scalarReduce, so that the constructed edge cases of
// TestScalarReduceRange, which cannot be reached through a product of two
// chosen scalars, cover both.
func TestScalarReduceCopy(t *testing.T) {
	src, err := os.ReadFile("scalar.go")
	if err != nil {
		t.Fatal(err)
	}
	body := func(fn string) string {
		t.Helper()
		text := string(src)
		i := strings.Index(text, "\nfunc "+fn+"(")
		if i < 0 {
			t.Fatalf("%s not found in scalar.go", fn)
		}
		text = text[i:]
		from, to := strings.Index(text, "\t// Step 1."), strings.Index(text, "\tz3 &= scalarLow60\n")
		if from < 0 || to < from {
			t.Fatalf("reduction lines of %s not found", fn)
		}
		return text[from:to]
	}
	if a, b := body("scalarReduce"), body("scalarMulReduce"); a != b {
		t.Fatal("the reduction in scalarMulReduce differs from scalarReduce's")
	}
}

func TestScalarMulReduceAliasing(t *testing.T) {
	r := ptRand(t)
	bs, ss := ptScalarPairs(t, r, scalarTestIters()/10)
	// Operands that maximise the product words (l-1, values with all low
	// words set), and 2 with 2^252 + k: their products 2^253 + 2k make the
	// last fold of the reduction borrow (see scalarMulTestReduceInputs).
	for _, v := range []*big.Int{
		new(big.Int).Sub(groupOrder, big.NewInt(1)),
		new(big.Int).Sub(ptPow2(252), big.NewInt(1)),
		new(big.Int).Sub(groupOrder, ptPow2(64)),
		big.NewInt(2), ptPow2(252), new(big.Int).Add(ptPow2(252), big.NewInt(5)),
	} {
		bs = append(bs, v)
		ss = append(ss, ptScalarFromBig(t, v))
	}
	for i := range ss {
		j := (i*7 + 3) % len(ss)
		x, y := ss[i], ss[j]
		want := new(big.Int).Mul(bs[i], bs[j])
		want.Mod(want, groupOrder)
		wantSq := new(big.Int).Mul(bs[i], bs[i])
		wantSq.Mod(wantSq, groupOrder)

		var s Scalar
		scalarMulReduce(&s, x, y)
		if got := scalarTestBig(t, &s); got.Cmp(want) != 0 {
			t.Fatalf("%v * %v = %v, want %v", bs[i], bs[j], got, want)
		}
		sx, sy := *x, *y
		scalarMulReduce(&sx, &sx, y)
		scalarMulReduce(&sy, x, &sy)
		if scalarTestBig(t, &sx).Cmp(want) != 0 || scalarTestBig(t, &sy).Cmp(want) != 0 {
			t.Fatalf("%v * %v wrong when the receiver aliases an operand", bs[i], bs[j])
		}
		sxx := *x
		scalarMulReduce(&sxx, &sxx, &sxx)
		if scalarTestBig(t, &sxx).Cmp(wantSq) != 0 {
			t.Fatalf("%v^2 wrong (%x)", bs[i], sxx.w)
		}
		// MultiplyAdd with the receiver aliasing z.
		z := *y
		z.MultiplyAdd(x, x, &z)
		wantMA := new(big.Int).Add(wantSq, bs[j])
		wantMA.Mod(wantMA, groupOrder)
		if scalarTestBig(t, &z).Cmp(wantMA) != 0 {
			t.Fatalf("%v * %v + %v wrong when the receiver aliases z", bs[i], bs[i], bs[j])
		}
	}
}

// Benchmarks against filippo.io/edwards25519 in the same process. "chain"
// feeds each result into the next call (latency); "indep" runs eight
// independent products per iteration (throughput). Compare with benchstat.

func scalarMulBenchPair(b *testing.B) (*Scalar, *Scalar, *ref.Scalar, *ref.Scalar) {
	x, y := scalarBenchInputs(b)
	rx, err := new(ref.Scalar).SetCanonicalBytes(x.Bytes())
	if err != nil {
		b.Fatal(err)
	}
	ry, err := new(ref.Scalar).SetCanonicalBytes(y.Bytes())
	if err != nil {
		b.Fatal(err)
	}
	return x, y, rx, ry
}

func BenchmarkScalarMulCompare(b *testing.B) {
	b.Run("Multiply/chain/ours", func(b *testing.B) {
		x, y, _, _ := scalarMulBenchPair(b)
		for b.Loop() {
			x.Multiply(x, y)
		}
	})
	b.Run("Multiply/chain/ref", func(b *testing.B) {
		_, _, x, y := scalarMulBenchPair(b)
		for b.Loop() {
			x.Multiply(x, y)
		}
	})
	b.Run("Multiply/indep/ours", func(b *testing.B) {
		x, y, _, _ := scalarMulBenchPair(b)
		var out [8]Scalar
		for b.Loop() {
			for j := range out {
				out[j].Multiply(x, y)
			}
		}
	})
	b.Run("Multiply/indep/ref", func(b *testing.B) {
		_, _, x, y := scalarMulBenchPair(b)
		var out [8]ref.Scalar
		for b.Loop() {
			for j := range out {
				out[j].Multiply(x, y)
			}
		}
	})
	b.Run("MultiplyAdd/ours", func(b *testing.B) {
		x, y, _, _ := scalarMulBenchPair(b)
		for b.Loop() {
			x.MultiplyAdd(x, y, y)
		}
	})
	b.Run("MultiplyAdd/ref", func(b *testing.B) {
		_, _, x, y := scalarMulBenchPair(b)
		for b.Loop() {
			x.MultiplyAdd(x, y, y)
		}
	})
	b.Run("Invert/ours", func(b *testing.B) {
		x, _, _, _ := scalarMulBenchPair(b)
		for b.Loop() {
			x.Invert(x)
		}
	})
	b.Run("Invert/ref", func(b *testing.B) {
		_, _, x, _ := scalarMulBenchPair(b)
		for b.Loop() {
			x.Invert(x)
		}
	})
}

// BenchmarkScalarMulInterleaved alternates short batches of our Multiply and
// the reference's, keeps the best batch of each, and reports their ratio
// (ours/ref, below 1 is faster) so that drift in machine load hits both.
func BenchmarkScalarMulInterleaved(b *testing.B) {
	const batch = 2000
	x, y, rx, ry := scalarMulBenchPair(b)
	bestOurs, bestRef := time.Duration(1<<62), time.Duration(1<<62)
	for b.Loop() {
		start := time.Now()
		for range batch {
			x.Multiply(x, y)
		}
		bestOurs = min(bestOurs, time.Since(start))
		start = time.Now()
		for range batch {
			rx.Multiply(rx, ry)
		}
		bestRef = min(bestRef, time.Since(start))
	}
	b.ReportMetric(float64(bestOurs)/batch, "ours-ns/mul")
	b.ReportMetric(float64(bestRef)/batch, "ref-ns/mul")
	b.ReportMetric(float64(bestOurs)/float64(bestRef), "ours/ref")
}

// TestScalarMultTorsion runs ScalarMult and MultiScalarMult on points with
// an order-8 component against the reference: the recoding x = u - δ of
// Scalar.oddDigits must give x·Q for every Q on the curve.
func TestScalarMultTorsion(t *testing.T) { forEachBackend(t, testScalarMultTorsion) }

func testScalarMultTorsion(t *testing.T) {
	r := ptRand(t)
	low := svLowOrderPoint(t)
	for n := range 40 {
		s := ptRandomScalar(r)
		if n == 0 {
			s = NewScalar()
		}
		P := new(Point).ScalarBaseMult(ptRandomScalar(r))
		for range n % 8 {
			P.Add(P, low)
		}
		if n == 1 {
			P.Set(low)
		}
		want := new(ref.Point).ScalarMult(toRefScalar(t, s), toRefPoint(t, P))
		samePoint(t, "ScalarMult", new(Point).ScalarMult(s, P), want)
		Q := new(Point).Add(P, low)
		s2 := ptRandomScalar(r)
		want2 := new(ref.Point).MultiScalarMult([]*ref.Scalar{toRefScalar(t, s), toRefScalar(t, s2)},
			[]*ref.Point{toRefPoint(t, P), toRefPoint(t, Q)})
		samePoint(t, "MultiScalarMult", new(Point).MultiScalarMult([]*Scalar{s, s2}, []*Point{P, Q}), want2)
	}
}

// TestDudectLookupScalars checks the scalars that internal/dudect uses to
// hit chosen table entries in every window (its firstEntryDigits and
// lastNegatedDigits, built from the same formulas): their odd digits are
// what its class descriptions say.
func TestDudectLookupScalars(t *testing.T) {
	two252 := new(big.Int).Lsh(big.NewInt(1), 252)
	scalar := func(v *big.Int) *Scalar { return ptScalarFromBig(t, v) }
	var e [oddDigitCount]int8
	first := new(big.Int).Sub(two252, big.NewInt(1))
	first.Div(first, big.NewInt(15)).Sub(first, big.NewInt(1))
	scalar(first).oddDigits(&e)
	for i, v := range e {
		if want := map[bool]int8{true: -8, false: 1}[i == combLookups-1]; v != want {
			t.Fatalf("(16^63-1)/15 - 1: comb entry %d is %d, want %d", i, v, want)
		}
	}
	scalar(big.NewInt(2)).oddDigits(&e)
	for i, v := range e {
		if want := map[bool]int8{true: -7, false: -8}[i == 0]; v != want {
			t.Fatalf("2: comb entry %d is %d, want %d", i, v, want)
		}
	}
}
