package edwards25519

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// scalar62Big returns the value of a scalar62.
func scalar62Big(x scalar62) *big.Int {
	v := big.NewInt(x[4])
	for i := 3; i >= 0; i-- {
		v.Lsh(v, 62).Add(v, big.NewInt(x[i]))
	}
	return v
}

// scalar62Check fails unless limbs 0..3 of x are in [0, 2^62).
func scalar62Check(t *testing.T, what string, x scalar62) {
	t.Helper()
	for i := range 4 {
		if x[i] < 0 || x[i] > scalarMask62 {
			t.Fatalf("%s: limb %d = %#x is out of [0, 2^62)", what, i, x[i])
		}
	}
}

func TestScalarInvertConstants(t *testing.T) {
	if got := scalar62Big(scalarL62); got.Cmp(groupOrder) != 0 {
		t.Fatalf("scalarL62 = %v, want l", got)
	}
	if got, want := scalar62Big(scalarL62x8), new(big.Int).Lsh(groupOrder, 3); got.Cmp(want) != 0 {
		t.Fatalf("scalarL62x8 = %v, want 8l", got)
	}
	scalar62Check(t, "scalarL62", scalarL62)
	scalar62Check(t, "scalarL62x8", scalarL62x8)
	if scalarLInv*scalarC0 != 1 {
		t.Fatalf("scalarLInv * l = %#x mod 2^64, want 1", scalarLInv*scalarC0)
	}
	r := ptRand(t)
	for range 1000 {
		x := r.Uint64() | 1
		if y := inverseMod64(x); x*y != 1 {
			t.Fatalf("inverseMod64(%#x) = %#x", x, y)
		}
	}
}

// scalarInvertInputs returns the edge values of ptEdgeBigs below l, values
// of low weight, and n random values below l.
func scalarInvertInputs(r *rand.Rand, n int) []*big.Int {
	var in []*big.Int
	for _, v := range ptEdgeBigs() {
		if v.Cmp(groupOrder) < 0 {
			in = append(in, v)
		}
	}
	for k := range uint(253) {
		in = append(in, ptPow2(k), new(big.Int).Sub(groupOrder, ptPow2(k)))
	}
	for range n {
		in = append(in, new(big.Int).Mod(ptRandomBig(r, 253), groupOrder))
	}
	return in
}

// TestScalarDivstepRun checks the end state of the 590 steps: g = 0, f =
// +-1 (f = l for 0), d*x = f (mod l), |d| < 6l, limbs in range.
func TestScalarDivstepRun(t *testing.T) {
	r := ptRand(t)
	sixL := new(big.Int).Mul(groupOrder, big.NewInt(6))
	for _, v := range scalarInvertInputs(r, scalarTestIters()) {
		x := ptScalarFromBig(t, v)
		f, g, d := scalarDivstepRun(x)
		scalar62Check(t, "f", f)
		scalar62Check(t, "g", g)
		scalar62Check(t, "d", d)
		bf, bd := scalar62Big(f), scalar62Big(d)
		if scalar62Big(g).Sign() != 0 {
			t.Fatalf("x = %v: g = %v at the end", v, scalar62Big(g))
		}
		if v.Sign() == 0 {
			if bf.Cmp(groupOrder) != 0 || bd.Sign() != 0 {
				t.Fatalf("x = 0: f = %v, d = %v; want l and 0", bf, bd)
			}
			continue
		}
		if bf.CmpAbs(big.NewInt(1)) != 0 {
			t.Fatalf("x = %v: f = %v at the end", v, bf)
		}
		if new(big.Int).Abs(bd).Cmp(sixL) >= 0 {
			t.Fatalf("x = %v: |d| = %v is not below 6l", v, bd)
		}
		prod := new(big.Int).Mul(bd, v)
		if prod.Sub(prod, bf).Mod(prod, groupOrder).Sign() != 0 {
			t.Fatalf("x = %v: d*x != f (mod l)", v)
		}
	}
}

// scalarStepBig is one division step on exact integers (variable time),
// with the state s = 2*delta.
func scalarStepBig(s int64, f, g *big.Int) (int64, *big.Int, *big.Int) {
	switch {
	case g.Bit(0) == 1 && s > 0:
		return 2 - s, g, new(big.Int).Rsh(new(big.Int).Sub(g, f), 1)
	case g.Bit(0) == 1:
		return s + 2, f, new(big.Int).Rsh(new(big.Int).Add(g, f), 1)
	}
	return s + 2, f, new(big.Int).Rsh(g, 1)
}

// TestScalarDivsteps checks each batch of scalarDivstepRun's first steps
// against exact steps in math/big: the state, and 2^62*(f', g') = T*(f, g)
// with the row bound |T_i0| + |T_i1| <= 2^62.
func TestScalarDivsteps(t *testing.T) {
	r := ptRand(t)
	two62 := ptPow2(62)
	for _, v := range scalarInvertInputs(r, scalarTestIters()/4) {
		f, g := new(big.Int).Set(groupOrder), new(big.Int).Set(v)
		fw, gw := scalarL62, scalar62FromWords(ptScalarFromBig(t, v).w)
		zeta, sb := int64(-1), int64(1) // zeta = -delta - 1/2, sb = 2*delta
		for batch := range scalarInvBatches + 1 {
			n := 62
			if batch == scalarInvBatches {
				n = scalarInvTailSteps
			}
			var m [4]int64
			zeta, m = scalarDivsteps(zeta, uint64(fw[0])|uint64(fw[1])<<62, uint64(gw[0])|uint64(gw[1])<<62, n)
			f0, g0 := f, g
			for range n {
				sb, f, g = scalarStepBig(sb, f, g)
			}
			if zeta != -(sb+1)/2 {
				t.Fatalf("x = %v, batch %d: zeta = %d, want %d", v, batch, zeta, -(sb+1)/2)
			}
			for row, want := range []*big.Int{f, g} {
				a, b := m[2*row], m[2*row+1]
				if new(big.Int).Abs(big.NewInt(a)).Add(new(big.Int).Abs(big.NewInt(a)), new(big.Int).Abs(big.NewInt(b))).Cmp(two62) > 0 {
					t.Fatalf("x = %v, batch %d: row %d = (%d, %d) exceeds 2^62", v, batch, row, a, b)
				}
				got := new(big.Int).Mul(big.NewInt(a), f0)
				got.Add(got, new(big.Int).Mul(big.NewInt(b), g0))
				if got.Cmp(new(big.Int).Lsh(want, 62)) != 0 {
					t.Fatalf("x = %v, batch %d: row %d of the matrix is wrong", v, batch, row)
				}
			}
			var nf, ng scalar62
			scalarCombine(&nf, m[0], m[1], &fw, &gw)
			scalarCombine(&ng, m[2], m[3], &fw, &gw)
			fw, gw = nf, ng
			if scalar62Big(fw).Cmp(f) != 0 || scalar62Big(gw).Cmp(g) != 0 {
				t.Fatalf("x = %v, batch %d: f, g after the update differ from the exact steps", v, batch)
			}
		}
	}
}

// TestScalarDivstepCount runs the exact steps until g = 0 on the inputs and
// checks that none needs more than the 590 steps of the bound, which the
// batches run.
func TestScalarDivstepCount(t *testing.T) {
	r := ptRand(t)
	most := 0
	for _, v := range scalarInvertInputs(r, scalarTestIters()) {
		f, g := new(big.Int).Set(groupOrder), new(big.Int).Set(v)
		s, n := int64(1), 0
		for g.Sign() != 0 {
			s, f, g = scalarStepBig(s, f, g)
			n++
		}
		most = max(most, n)
	}
	if run := 62*scalarInvBatches + scalarInvTailSteps; run < 590 {
		t.Fatalf("the batches run %d steps, fewer than the bound of 590", run)
	}
	if most > 590 {
		t.Fatalf("an input needed %d steps, more than the bound of 590", most)
	}
	t.Logf("at most %d steps needed (%d run)", most, 62*scalarInvBatches+scalarInvTailSteps)
}

// TestScalarCombine checks scalarCombine on extreme and random operands
// against math/big: the result times 2^62 is a*x + b*y plus a multiple m*l
// with |m| <= 2^61, its limbs are in range, and its size within the bound.
func TestScalarCombine(t *testing.T) {
	r := ptRand(t)
	two61, two62 := ptPow2(61), ptPow2(62)
	top := int64(1) << 62
	rows := [][2]int64{{top, 0}, {-top, 0}, {0, top}, {0, -top}, {top / 2, top / 2}, {-top / 2, top / 2}, {top/2 - 1, -top / 2}, {1, 0}, {0, 1}}
	values := []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(-1), new(big.Int).Mul(groupOrder, big.NewInt(5)),
		new(big.Int).Neg(new(big.Int).Mul(groupOrder, big.NewInt(5))), new(big.Int).Sub(ptPow2(255), big.NewInt(1)),
	}
	toLimbs := func(v *big.Int) scalar62 {
		var x scalar62
		w := new(big.Int).Set(v)
		for i := range 4 {
			x[i] = new(big.Int).And(w, big.NewInt(scalarMask62)).Int64()
			w.Rsh(w, 62) // floor division: the limbs stay in [0, 2^62)
		}
		x[4] = w.Int64()
		return x
	}
	for k := range scalarTestIters() {
		var a, b int64
		var vx, vy *big.Int
		if k < len(rows)*len(values) {
			a, b = rows[k%len(rows)][0], rows[k%len(rows)][1]
			vx, vy = values[k/len(rows)], values[(k/len(rows)+1)%len(values)]
		} else {
			// A row (a, b) with |a| + |b| <= 2^62, on the bound half the time.
			a = r.Int64N(top + 1)
			b = top - a
			if r.IntN(2) == 0 {
				b = r.Int64N(b + 1)
			}
			a, b = a*int64(1-2*r.IntN(2)), b*int64(1-2*r.IntN(2))
			vx = new(big.Int).Sub(ptRandomBig(r, 256), ptPow2(255))
			vy = new(big.Int).Sub(ptRandomBig(r, 256), ptPow2(255))
		}
		x, y := toLimbs(vx), toLimbs(vy)
		if scalar62Big(x).Cmp(vx) != 0 {
			t.Fatal("test limbs are wrong")
		}
		var got scalar62
		scalarCombine(&got, a, b, &x, &y)
		scalar62Check(t, "scalarCombine", got)
		sum := new(big.Int).Mul(big.NewInt(a), vx)
		sum.Add(sum, new(big.Int).Mul(big.NewInt(b), vy))
		diff := new(big.Int).Lsh(scalar62Big(got), 62)
		diff.Sub(diff, sum)
		m, rem := new(big.Int).QuoRem(diff, groupOrder, new(big.Int))
		if rem.Sign() != 0 || new(big.Int).Abs(m).Cmp(two61) > 0 {
			t.Fatalf("a = %d, b = %d, x = %v, y = %v: 2^62*result - (a*x + b*y) = %v is not m*l with |m| <= 2^61", a, b, vx, vy, diff)
		}
		// |result| <= (|a| + |b|) * max(|x|, |y|) / 2^62 + l/2.
		bound := new(big.Int).Abs(vx)
		if ay := new(big.Int).Abs(vy); ay.Cmp(bound) > 0 {
			bound = ay
		}
		ab := new(big.Int).Abs(big.NewInt(a))
		ab.Add(ab, new(big.Int).Abs(big.NewInt(b)))
		bound.Mul(bound, ab).Quo(bound, two62).Add(bound, new(big.Int).Rsh(groupOrder, 1)).Add(bound, big.NewInt(1))
		if new(big.Int).Abs(scalar62Big(got)).Cmp(bound) > 0 {
			t.Fatalf("a = %d, b = %d: |result| above the bound", a, b)
		}
	}
}

// TestScalarInvertDivsteps checks scalarInvertDivsteps, without the
// blinding of Invert, against math/big.
func TestScalarInvertDivsteps(t *testing.T) {
	r := ptRand(t)
	for _, v := range scalarInvertInputs(r, scalarTestIters()) {
		got := scalarInvertDivsteps(ptScalarFromBig(t, v))
		want := new(big.Int)
		if v.Sign() != 0 {
			want.ModInverse(v, groupOrder)
		}
		if scalarTestBig(t, &got).Cmp(want) != 0 {
			t.Fatalf("1/%v = %v, want %v", v, scalarTestBig(t, &got), want)
		}
	}
}
