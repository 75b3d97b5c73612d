package field

import (
	"bytes"
	"math/big"
	"testing"
)

// s62Big returns the integer a signed62 number stands for.
func s62Big(x *signed62) *big.Int {
	n := new(big.Int)
	for i := 4; i >= 0; i-- {
		n.Lsh(n, 62)
		n.Add(n, big.NewInt(x[i]))
	}
	return n
}

// bigS62 writes n, |n| < 2^309, as a signed62 number with limbs 0..3 in
// [0, 2^62).
func bigS62(n *big.Int) signed62 {
	var x signed62
	m := new(big.Int).Set(n)
	mask := new(big.Int).Sub(new(big.Int).Lsh(bigOne, 62), bigOne)
	for i := 0; i < 4; i++ {
		x[i] = new(big.Int).And(m, mask).Int64() // And of a negative m is two's complement
		m.Rsh(m, 62)                             // floor division
	}
	x[4] = m.Int64()
	return x
}

// invEdgeElements are the inputs every inversion test runs: the package's
// edge elements plus values whose divstep runs are long or otherwise
// special.
func invEdgeElements() []*Element {
	out := edgeElements()
	two := big.NewInt(2)
	add := func(n *big.Int) {
		out = append(out, fromBig(new(big.Int).Set(n)))
	}
	for k := int64(0); k <= 64; k++ { // small values
		add(big.NewInt(k))
	}
	for k := int64(1); k <= 64; k++ { // values just below p
		add(new(big.Int).Sub(bigP, big.NewInt(k)))
	}
	for k := int64(0); k <= 18; k++ { // p .. 2^255-1: non-canonical 0 .. 18
		add(new(big.Int).Add(bigP, big.NewInt(k)))
	}
	for k := int64(0); k < 255; k++ { // powers of two, and 2^k - 1, 2^k + 1
		pk := new(big.Int).Exp(two, big.NewInt(k), nil)
		add(pk)
		add(new(big.Int).Sub(pk, bigOne))
		add(new(big.Int).Add(pk, bigOne))
	}
	add(new(big.Int).Sub(new(big.Int).Lsh(bigOne, 255), bigOne)) // 2^255 - 1
	add(new(big.Int).Rsh(bigP, 1))                               // (p-1)/2
	add(new(big.Int).Add(new(big.Int).Rsh(bigP, 1), bigOne))     // (p+1)/2
	// Every limb at the invariant's edge, and single limbs there.
	out = append(out, &Element{l: [5]uint64{limbMax, limbMax, limbMax, limbMax, limbMax}})
	for i := range 5 {
		var e Element
		e.l[i] = limbMax
		out = append(out, &e)
	}
	return out
}

// wantInverse returns 1/x mod p, or 0 for x = 0 mod p, with math/big.
func wantInverse(x *Element) *big.Int {
	n := modP(x)
	if n.Sign() == 0 {
		return n
	}
	return new(big.Int).ModInverse(n, bigP)
}

// checkInverse runs invertDivsteps on x into a fresh Element and in place,
// and compares with Invert (canonical bytes) and math/big.
func checkInverse(t *testing.T, x *Element) {
	t.Helper()
	in := *x
	var got Element
	invertDivsteps(&got, x)
	if *x != in {
		t.Fatalf("input modified: %v -> %v", in.l, x.l)
	}
	checkInvariant(t, "invertDivsteps", &got)
	var fermat Element
	invertFermat(&fermat, x)
	if !bytes.Equal(got.Bytes(), fermat.Bytes()) {
		t.Fatalf("invertDivsteps(%v) = %x, invertFermat gives %x", x.l, got.Bytes(), fermat.Bytes())
	}
	checkValue(t, "invertDivsteps vs math/big", &got, wantInverse(x))

	alias := *x
	if r := invertDivsteps(&alias, &alias); r != &alias {
		t.Fatalf("invertDivsteps does not return its receiver")
	}
	if alias != got {
		t.Fatalf("aliased invertDivsteps(%v) = %v, want %v", x.l, alias.l, got.l)
	}
}

func TestInvertDivstepsEdges(t *testing.T) {
	edges := invEdgeElements()
	for _, x := range edges {
		checkInverse(t, x)
	}
	t.Logf("%d edge inputs", len(edges))
}

func TestInvertDivstepsRandom(t *testing.T) {
	r := newRand(t)
	n := 5 * iterations()
	for i := range n {
		var x *Element
		if i%2 == 0 {
			x = randomElement(r) // non-canonical limbs up to the bound, edges
		} else {
			var b [32]byte
			fillRandom(r, b[:])
			x = new(Element)
			if _, err := x.SetBytes(b[:]); err != nil {
				t.Fatal(err)
			}
		}
		checkInverse(t, x)
	}
	t.Logf("%d random inputs", n)
}

// TestInvertDivstepsProduct checks x * (1/x) = 1 for nonzero x, without any
// other oracle.
func TestInvertDivstepsProduct(t *testing.T) {
	r := newRand(t)
	one := new(Element).One()
	for range iterations() {
		x := randomElement(r)
		if modP(x).Sign() == 0 {
			continue
		}
		var inv, prod Element
		prod.Multiply(x, invertDivsteps(&inv, x))
		if prod.Equal(one) != 1 {
			t.Fatalf("x * invertDivsteps(x) = %x for x = %v", prod.Bytes(), x.l)
		}
	}
}

// TestDivstepRunFinalState checks the state after the last batch: g = 0,
// f = +-1 (f = p for x = 0), d*x = f (mod p), and the proven bounds on d.
func TestDivstepRunFinalState(t *testing.T) {
	r := newRand(t)
	inputs := invEdgeElements()
	for range iterations() {
		inputs = append(inputs, randomElement(r))
	}
	sixP := new(big.Int).Mul(bigP, big.NewInt(6))
	for _, x := range inputs {
		xv := modP(x)
		f, g, d := runDivsteps(x)
		fb, gb, db := s62Big(&f), s62Big(&g), s62Big(&d)
		if gb.Sign() != 0 || g != (signed62{}) {
			t.Fatalf("x = %v: g = %v (limbs %v) after %d steps, want 0", xv, gb, g, divstepCount)
		}
		if xv.Sign() == 0 {
			if fb.Cmp(bigP) != 0 {
				t.Fatalf("x = 0: f = %v, want p", fb)
			}
		} else if fb.CmpAbs(bigOne) != 0 {
			t.Fatalf("x = %v: f = %v, want +-1", xv, fb)
		}
		lhs := new(big.Int).Mul(db, xv)
		lhs.Sub(lhs, fb).Mod(lhs, bigP)
		if lhs.Sign() != 0 {
			t.Fatalf("x = %v: d*x - f = %v (mod p), want 0", xv, lhs)
		}
		if db.CmpAbs(sixP) >= 0 {
			t.Fatalf("x = %v: |d| = %v >= 6p", xv, db)
		}
		for i := range 4 {
			if d[i] < 0 || d[i] > mask62 || f[i] < 0 || f[i] > mask62 {
				t.Fatalf("x = %v: limb %d out of [0, 2^62): f %v d %v", xv, i, f, d)
			}
		}
	}
}

// TestDivstepRunMatchesReference checks that divstepRun ends in the state
// that refDivsteps reaches after the same number of steps from f = p, g = x
// and delta = 1/2, the start the step bound is proven for. The final f is
// +-1 whatever the start, but its sign follows the path, so a run from
// another delta (one the bound says nothing about) shows up here.
func TestDivstepRunMatchesReference(t *testing.T) {
	r := newRand(t)
	inputs := invEdgeElements()
	for range iterations() {
		inputs = append(inputs, randomElement(r))
	}
	for _, x := range inputs {
		xv := modP(x)
		f, g, _ := runDivsteps(x)
		_, wantF, wantG := refDivsteps(1, bigP, xv, divstepCount)
		if s62Big(&f).Cmp(wantF) != 0 || s62Big(&g).Cmp(wantG) != 0 {
			t.Fatalf("x = %v: divstepRun ends at f = %v, g = %v; the reference at f = %v, g = %v",
				xv, s62Big(&f), s62Big(&g), wantF, wantG)
		}
	}
}

// refDivsteps runs n half-delta divsteps on big integers, variable time,
// with delta kept as the odd integer twoDelta = 2*delta (a formulation
// independent of the zeta of the code under test). It returns the new
// state.
func refDivsteps(twoDelta int, f, g *big.Int, n int) (int, *big.Int, *big.Int) {
	f, g = new(big.Int).Set(f), new(big.Int).Set(g)
	for range n {
		switch {
		case twoDelta > 0 && g.Bit(0) == 1:
			twoDelta = 2 - twoDelta
			f, g = g, new(big.Int).Sub(g, f)
		case g.Bit(0) == 1:
			twoDelta = 2 + twoDelta
			g.Add(g, f)
		default:
			twoDelta = 2 + twoDelta
		}
		if g.Bit(0) != 0 {
			panic("refDivsteps: odd numerator")
		}
		g.Rsh(g, 1)
	}
	return twoDelta, f, g
}

// stepsToZero counts the half-delta divsteps from (p, x) until g = 0.
func stepsToZero(x *big.Int) int {
	twoDelta, f, g := 1, new(big.Int).Set(bigP), new(big.Int).Set(x)
	n := 0
	for g.Sign() != 0 {
		twoDelta, f, g = refDivsteps(twoDelta, f, g, 1)
		n++
	}
	return n
}

// TestRowParts checks rowLow and rowHigh on packed words
// X = x + a*2^20 + b*2^41 at the ends of the ranges that "Packed rounds"
// allows (|x| < 2^19, |a|, |b| <= 2^19) and at random points inside them:
// the reads' offsets must keep every part from borrowing from the next.
func TestRowParts(t *testing.T) {
	const m = 1 << 19
	xs := []int64{-(m - 1), -1, 0, 1, m - 1}
	rows := []int64{-m, -(m - 1), -1, 0, 1, m - 1, m}
	check := func(x, a, b int64) {
		t.Helper()
		X := x + a<<20 + b<<41
		if gotA, gotB := rowLow(X), rowHigh(X); gotA != a || gotB != b {
			t.Fatalf("x=%d a=%d b=%d: read a=%d b=%d", x, a, b, gotA, gotB)
		}
	}
	for _, x := range xs {
		for _, a := range rows {
			for _, b := range rows {
				check(x, a, b)
			}
		}
	}
	r := newRand(t)
	for range 100 * iterations() {
		check(r.Int64N(2*m-1)-(m-1), r.Int64N(2*m+1)-m, r.Int64N(2*m+1)-m)
	}
}

// TestDivstepBatch checks one batch against refDivsteps on full-size f and
// g: the zeta update, the matrix identity 2^62 (f', g') = T (f, g), the row
// bounds |T_i0| + |T_i1| <= 2^62, and applyToFG. It checks divstepTail the
// same way, against divstepTailSteps reference steps: its matrix, scaled by
// 2^30, obeys the same identity and bounds. (The inversion's own inputs
// cannot test the tail: none is known that needs more steps than the nine
// batches before it.)
func TestDivstepBatch(t *testing.T) {
	r := newRand(t)
	two62 := new(big.Int).Lsh(bigOne, 62)
	randBelowP := func() *big.Int {
		var b [32]byte
		fillRandom(r, b[:])
		b[31] &= 0x7f
		return new(big.Int).Mod(leBig(b[:]), bigP)
	}
	for i := range 4 * iterations() {
		// f odd and g arbitrary with |f|, |g| <= p, signs mixed; delta
		// anywhere in a small window of 1/2 + Z.
		f, g := randBelowP(), randBelowP()
		switch i % 4 {
		case 0:
			f.Set(bigP)
		case 1:
			f.SetInt64(int64(r.IntN(3)*2 - 1)) // +-1, and g small or 0
			g.SetInt64(int64(r.IntN(5) - 2))
		}
		f.SetBit(f, 0, 1)
		if r.IntN(2) == 0 {
			f.Neg(f)
		}
		if r.IntN(2) == 0 {
			g.Neg(g)
		}
		twoDelta := 2*(r.IntN(41)-20) + 1
		zeta := int64(-(twoDelta + 1) / 2) // zeta = -delta - 1/2

		checkMatrix := func(name string, tm transition, wantF, wantG *big.Int) {
			t.Helper()
			for _, row := range [][2]int64{{tm.ff, tm.fg}, {tm.gf, tm.gg}} {
				s := new(big.Int).Add(new(big.Int).Abs(big.NewInt(row[0])), new(big.Int).Abs(big.NewInt(row[1])))
				if s.Cmp(two62) > 0 {
					t.Fatalf("%s: row %v: |.|+|.| > 2^62", name, row)
				}
			}
			lin := func(a, b int64) *big.Int {
				x := new(big.Int).Mul(big.NewInt(a), f)
				return x.Add(x, new(big.Int).Mul(big.NewInt(b), g))
			}
			if lin(tm.ff, tm.fg).Cmp(new(big.Int).Lsh(wantF, 62)) != 0 ||
				lin(tm.gf, tm.gg).Cmp(new(big.Int).Lsh(wantG, 62)) != 0 {
				t.Fatalf("%s: f=%v g=%v: matrix %+v does not map to (%v, %v)", name, f, g, tm, wantF, wantG)
			}
			fs, gs := bigS62(f), bigS62(g)
			tm.applyToFG(&fs, &gs)
			if fs != bigS62(wantF) || gs != bigS62(wantG) {
				t.Fatalf("%s: applyToFG: got (%v, %v), want (%v, %v)", name, s62Big(&fs), s62Big(&gs), wantF, wantG)
			}
		}

		fs, gs := bigS62(f), bigS62(g)
		zetaOut, tm := divstepBatch(zeta, uint64(fs[0]), uint64(gs[0]))
		wantTwoDelta, wantF, wantG := refDivsteps(twoDelta, f, g, 62)
		if want := int64(-(wantTwoDelta + 1) / 2); zetaOut != want {
			t.Fatalf("f=%v g=%v 2delta=%d: zeta %d, want %d", f, g, twoDelta, zetaOut, want)
		}
		checkMatrix("divstepBatch", tm, wantF, wantG)

		_, tailF, tailG := refDivsteps(twoDelta, f, g, divstepTailSteps)
		checkMatrix("divstepTail", divstepTail(zeta, uint64(fs[0]), uint64(gs[0])), tailF, tailG)
	}
}

// TestApplyToDE checks (d, e) -> T (d, e) / 2^62 (mod p) with the bound
// |new| <= max(|d|, |e|) + p/2, for d, e up to the largest size the run
// reaches (6p), and matrices from real batches and at the row bound.
func TestApplyToDE(t *testing.T) {
	r := newRand(t)
	sixP := new(big.Int).Mul(bigP, big.NewInt(6))
	inv62 := new(big.Int).ModInverse(new(big.Int).Lsh(bigOne, 62), bigP)
	halfP := new(big.Int).Rsh(bigP, 1)
	span := new(big.Int).Add(new(big.Int).Lsh(sixP, 1), bigOne)
	randSigned := func() *big.Int {
		switch r.IntN(8) {
		case 0:
			return new(big.Int).Set(sixP)
		case 1:
			return new(big.Int).Neg(sixP)
		}
		var b [40]byte
		fillRandom(r, b[:])
		n := new(big.Int).Mod(leBig(b[:]), span)
		return n.Sub(n, sixP) // in [-6p, 6p]
	}
	for i := range 4 * iterations() {
		d, e := randSigned(), randSigned()
		var tm transition
		switch i % 3 {
		case 0:
			tm = transition{1 << 62, 0, 0, 1 << 62}
			if r.IntN(2) == 0 {
				tm = transition{-(1 << 61), 1 << 61, -(1 << 62), 0}
			}
		default:
			_, tm = divstepBatch(int64(r.IntN(21)-10), r.Uint64()|1, r.Uint64())
		}
		ds, es := bigS62(d), bigS62(e)
		tm.applyToDE(&ds, &es)
		nd, ne := s62Big(&ds), s62Big(&es)
		limit := new(big.Int).Abs(d)
		if new(big.Int).Abs(e).Cmp(limit) > 0 {
			limit.Abs(e)
		}
		limit.Add(limit, halfP)
		for _, c := range []struct {
			got  *big.Int
			a, b int64
		}{{nd, tm.ff, tm.fg}, {ne, tm.gf, tm.gg}} {
			want := new(big.Int).Mul(big.NewInt(c.a), d)
			want.Add(want, new(big.Int).Mul(big.NewInt(c.b), e))
			want.Mul(want, inv62).Mod(want, bigP)
			if m := new(big.Int).Mod(c.got, bigP); m.Cmp(want) != 0 {
				t.Fatalf("d=%v e=%v T=%+v: got %v mod p, want %v", d, e, tm, m, want)
			}
			if c.got.CmpAbs(limit) > 0 {
				t.Fatalf("d=%v e=%v T=%+v: |%v| above max(|d|,|e|) + p/2", d, e, tm, c.got)
			}
		}
		for j := range 4 {
			if ds[j] < 0 || ds[j] > mask62 || es[j] < 0 || es[j] > mask62 {
				t.Fatalf("limb %d out of [0, 2^62): %v %v", j, ds, es)
			}
		}
	}
}

func TestPInv62(t *testing.T) {
	m := new(big.Int).Lsh(bigOne, 62)
	prod := new(big.Int).Mul(big.NewInt(pInv62), bigP)
	if prod.Mod(prod, m).Cmp(bigOne) != 0 {
		t.Fatalf("pInv62 * p = %v mod 2^62, want 1", prod)
	}
}

// TestReducer62 checks reducer62 against its contract on random words and on
// the words whose m sits at either end of the range: low + m*p = 0 (mod
// 2^62) and m in [-2^61, 2^61). The range is what keeps the Bézout
// coefficients within max(|d|, |e|) + p/2 per batch; an m taken in
// [0, 2^62) would still give the right values modulo p, with coefficients
// that only sometimes overstep that bound in TestApplyToDE.
func TestReducer62(t *testing.T) {
	r := newRand(t)
	two62 := new(big.Int).Lsh(bigOne, 62)
	half := int64(1) << 61
	var lows []uint64
	for _, m := range []int64{0, 1, -1, half - 1, -half, half - 2, -half + 1} {
		// The low word whose reducer is m: -m*p mod 2^62, plus a random
		// multiple of 2^62 above it (the function must ignore bits 62, 63).
		w := new(big.Int).Mul(big.NewInt(m), bigP)
		w.Neg(w).Mod(w, two62)
		lows = append(lows, w.Uint64()|r.Uint64()<<62)
	}
	for range iterations() {
		lows = append(lows, r.Uint64())
	}
	for _, low := range lows {
		m := reducer62(low)
		if m < -half || m >= half {
			t.Fatalf("reducer62(%#x) = %d, outside [-2^61, 2^61)", low, m)
		}
		sum := new(big.Int).Mul(big.NewInt(m), bigP)
		sum.Add(sum, new(big.Int).SetUint64(low)).Mod(sum, two62)
		if sum.Sign() != 0 {
			t.Fatalf("reducer62(%#x) = %d: low + m*p = %v mod 2^62, want 0", low, m, sum)
		}
	}
}

// TestDivstepCount runs the variable-time reference from (p, x) to g = 0 on
// the edge inputs and random ones, and checks that no input needs more than
// 590 steps (the bound cited in fe_invert.go), the number run.
//
// Typical inputs need far fewer steps (about 510 to 530; a short
// hill-climbing search found none above 536), so no test input can show
// that 9 batches (558 steps) would be too few: the worst case is only known
// through the proof. The first check therefore ties the run length to the
// proven bound directly.
func TestDivstepCount(t *testing.T) {
	if divstepCount < 590 {
		t.Fatalf("%d batches of 62 and %d steps = %d divsteps, below the proven bound of 590", divstepBatches, divstepTailSteps, divstepCount)
	}
	r := newRand(t)
	var inputs []*big.Int
	for _, x := range invEdgeElements() {
		inputs = append(inputs, modP(x))
	}
	for range iterations() {
		inputs = append(inputs, modP(randomElement(r)))
	}
	most, arg := 0, new(big.Int)
	for _, x := range inputs {
		if n := stepsToZero(x); n > most {
			most, arg = n, x
		}
	}
	t.Logf("most divsteps needed: %d (x = %v), over %d inputs", most, arg, len(inputs))
	if most > 590 || most > divstepCount {
		t.Fatalf("x = %v needs %d divsteps, more than 590", arg, most)
	}
}

func BenchmarkInvertDivsteps(b *testing.B) {
	x := Element{l: [5]uint64{0x4a3c2e1f0d9b8, 0x1f2e3d4c5b6a7, 0x7badc0ffee123, 0x5eed5eed5eed5, 0x3141592653589}}
	b.Run("divsteps", func(b *testing.B) {
		var v Element
		for b.Loop() {
			invertDivsteps(&v, &x)
		}
	})
	b.Run("fermat", func(b *testing.B) {
		var v Element
		for b.Loop() {
			invertFermat(&v, &x)
		}
	})
}

// invertFermat sets v = z^(p-2) = 1/z (mod p) (Fermat's little theorem,
// which maps 0 to 0) and returns v: 254 squarings and 11 multiplications
// with a fixed exponent, through the same powChain as Pow22523. Invert used
// it before the division steps, which measured 10-20% faster on amd64 and
// twice as fast in pure Go; the tests keep it as a second, independent
// oracle (and fe_amd64_test.go runs it on both assembly paths).
func invertFermat(v, z *Element) *Element {
	var ones250, z11 Element
	powChain(&ones250, &z11, z)
	ones250.squareTimes(&ones250, 5)  // z^(2^255 - 32)
	return v.Multiply(&ones250, &z11) // z^(2^255 - 21)
}
