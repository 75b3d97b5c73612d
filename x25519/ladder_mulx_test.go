package x25519

import (
	"math/big"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/seed06d4b90c/edwards25519/field"
)

// fe64OpSet is one implementation of the radix-2^64 operations.
type fe64OpSet struct {
	mul, add, sub, mul24add func(out, a, b *[4]uint64)
	square                  func(out, a *[4]uint64)
}

// fe64Generic is the portable twins; fe64Asm and fe64AsmTwoChains are the
// assembly routines of the one-chain and the two-chain kernel where they
// are compiled in (ladder_mulx_asm_test.go), else zero.
var (
	fe64Generic = fe64OpSet{
		mul: fe64MulGeneric, square: fe64SquareGeneric, add: fe64AddGeneric,
		sub: fe64SubGeneric, mul24add: fe64Mul24AddGeneric,
	}
	fe64Asm, fe64AsmTwoChains fe64OpSet
)

var big2256 = new(big.Int).Lsh(big.NewInt(1), 256)

func fe64Big(a *fe64) *big.Int {
	v := new(big.Int)
	for i := 3; i >= 0; i-- {
		v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(a[i]))
	}
	return v
}

func fe64FromBig(v *big.Int) fe64 {
	var a fe64
	w := new(big.Int).Set(v)
	mask := new(big.Int).SetUint64(^uint64(0))
	for i := range a {
		a[i] = new(big.Int).And(w, mask).Uint64()
		w.Rsh(w, 64)
	}
	return a
}

// fe64Edges are the inputs where the folds change: 0, small values, 37 and
// 38 (the fold constant), p and its neighbours, 2p, 2^255 and its
// neighbours, the top of the range, and words of all ones or zeros.
func fe64Edges() []fe64 {
	var es []fe64
	one := big.NewInt(1)
	for _, v := range []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(19), big.NewInt(37), big.NewInt(38), big.NewInt(39),
		new(big.Int).Sub(bigP, one), bigP, new(big.Int).Add(bigP, one),
		new(big.Int).Lsh(bigP, 1), new(big.Int).Sub(new(big.Int).Lsh(bigP, 1), one),
		new(big.Int).Lsh(one, 255), new(big.Int).Sub(new(big.Int).Lsh(one, 255), one),
		new(big.Int).Sub(big2256, one), new(big.Int).Sub(big2256, big.NewInt(2)),
		new(big.Int).Sub(big2256, big.NewInt(38)), new(big.Int).Sub(big2256, big.NewInt(39)),
		new(big.Int).Sub(big2256, big.NewInt(76)), new(big.Int).Lsh(one, 64), new(big.Int).Lsh(one, 192),
	} {
		es = append(es, fe64FromBig(v))
	}
	return append(es,
		fe64{^uint64(0), 0, ^uint64(0), 0}, fe64{0, ^uint64(0), 0, ^uint64(0)},
		fe64{^uint64(0), ^uint64(0), ^uint64(0), 0}, fe64{0, 0, 0, ^uint64(0)})
}

func fe64Random(r *rand.Rand) fe64 {
	a := fe64{r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64()}
	// Sometimes near the top, where the carries happen.
	switch r.IntN(4) {
	case 0:
		a[3] |= 0xffffffff << 32
	case 1:
		a[1], a[2], a[3] = ^uint64(0), ^uint64(0), ^uint64(0)
	}
	return a
}

// fe64Pairs returns every pair of edges and n random pairs.
func fe64Pairs(r *rand.Rand, n int) [][2]fe64 {
	var ps [][2]fe64
	es := fe64Edges()
	for _, a := range es {
		for _, b := range es {
			ps = append(ps, [2]fe64{a, b})
		}
	}
	for range n {
		ps = append(ps, [2]fe64{fe64Random(r), fe64Random(r)})
	}
	return ps
}

// namedFe64Set is an fe64OpSet with its name for the messages.
type namedFe64Set struct {
	name string
	ops  fe64OpSet
}

// fe64Sets returns the implementations that can run here: the twins, and
// the assembly of both kernels where it is compiled in and the CPU has BMI2
// and ADX.
func fe64Sets(t *testing.T) []namedFe64Set {
	sets := []namedFe64Set{{"generic", fe64Generic}}
	switch {
	case fe64Asm.mul == nil:
	case mulxLadderAvailable:
		sets = append(sets, namedFe64Set{"asm one chain", fe64Asm}, namedFe64Set{"asm two chains", fe64AsmTwoChains})
	default:
		t.Log("the assembly needs BMI2 and ADX: only the twins are tested")
	}
	return sets
}

// TestFe64OpsMatchBig checks each operation of the portable twins, and of
// the assembly where it runs, against math/big: the result is congruent to
// the exact one mod p (and below 2^256, being four words), and the
// assembly's words equal the twin's. It counts the inputs that take each
// second fold, so that the edges are known to reach them.
func TestFe64OpsMatchBig(t *testing.T) {
	sets := fe64Sets(t)
	r := xRand(t)
	pairs := fe64Pairs(r, 3000)
	a24Big := big.NewInt(a24)
	var addRefold, subReborrow, mulRefold int
	for _, pr := range pairs {
		a, b := pr[0], pr[1]
		ab, bb := fe64Big(&a), fe64Big(&b)
		// The second folds, decided on math/big.
		if s := new(big.Int).Add(ab, bb); s.Cmp(big2256) >= 0 && new(big.Int).Add(new(big.Int).Sub(s, big2256), big.NewInt(38)).Cmp(big2256) >= 0 {
			addRefold++
		}
		if ab.Cmp(bb) < 0 && new(big.Int).Add(new(big.Int).Sub(ab, bb), big2256).Cmp(big.NewInt(38)) < 0 {
			subReborrow++
		}
		prod := new(big.Int).Mul(ab, bb)
		lo, hi := new(big.Int).Mod(prod, big2256), new(big.Int).Rsh(prod, 256)
		tt := new(big.Int).Add(lo, new(big.Int).Mul(hi, big.NewInt(38)))
		u := new(big.Int).Add(new(big.Int).Mod(tt, big2256), new(big.Int).Mul(new(big.Int).Rsh(tt, 256), big.NewInt(38)))
		if u.Cmp(big2256) >= 0 {
			mulRefold++
		}

		for _, c := range []struct {
			name string
			want *big.Int
			run  func(ops fe64OpSet, out *fe64)
		}{
			{"mul", prod, func(ops fe64OpSet, out *fe64) { ops.mul(out, &a, &b) }},
			{"square", new(big.Int).Mul(ab, ab), func(ops fe64OpSet, out *fe64) { ops.square(out, &a) }},
			{"add", new(big.Int).Add(ab, bb), func(ops fe64OpSet, out *fe64) { ops.add(out, &a, &b) }},
			{"sub", new(big.Int).Sub(ab, bb), func(ops fe64OpSet, out *fe64) { ops.sub(out, &a, &b) }},
			{"mul24add", new(big.Int).Add(new(big.Int).Mul(ab, a24Big), bb), func(ops fe64OpSet, out *fe64) { ops.mul24add(out, &a, &b) }},
		} {
			want := new(big.Int).Mod(c.want, bigP)
			var first fe64
			for i, set := range sets {
				var out fe64
				c.run(set.ops, &out)
				if got := new(big.Int).Mod(fe64Big(&out), bigP); got.Cmp(want) != 0 {
					t.Fatalf("%s %s(%x, %x) = %x, want %x mod p", set.name, c.name, a, b, out, want)
				}
				if i == 0 {
					first = out
				} else if out != first {
					t.Fatalf("%s %s(%x, %x) = %x, twin %x", set.name, c.name, a, b, out, first)
				}
			}
		}
	}
	if addRefold == 0 || subReborrow == 0 || mulRefold == 0 {
		t.Fatalf("second folds reached: add %d, sub %d, mul %d; want all nonzero", addRefold, subReborrow, mulRefold)
	}
	t.Logf("%d pairs on %d implementations; second folds: add %d, sub %d, mul %d", len(pairs), len(sets), addRefold, subReborrow, mulRefold)
}

// TestFe64Aliasing checks that every operation may write over its
// operands, as the kernel's step does.
func TestFe64Aliasing(t *testing.T) {
	r := xRand(t)
	for _, named := range fe64Sets(t) {
		set := named.ops
		for range 200 {
			a, b := fe64Random(r), fe64Random(r)
			var want fe64
			for _, op := range []func(out, a, b *[4]uint64){set.mul, set.add, set.sub, set.mul24add} {
				op(&want, &a, &b)
				x := a
				op(&x, &x, &b)
				y := b
				op(&y, &a, &y)
				if x != want || y != want {
					t.Fatalf("aliased results %x, %x; want %x", x, y, want)
				}
			}
			for _, op := range []func(out, a *[4]uint64){set.square} {
				op(&want, &a)
				x := a
				op(&x, &x)
				if x != want {
					t.Fatalf("aliased result %x; want %x", x, want)
				}
			}
		}
	}
}

// TestMULXLadderKernel runs each kernel (the assembly of both forms, or
// the twin where it is not compiled in) and mulxLadderGeneric on the same
// states and requires every word of every slot but the kernel's loop words
// to agree: random u and scalars, u = 0, 1 and p - 1, and the scalars of all
// zero and all one bits.
func TestMULXLadderKernel(t *testing.T) {
	if why := ladderSkipReason(ladderPathMULX); why != "" {
		t.Skip(why)
	}
	if !mulxLadderAsm {
		t.Log("no assembly here: the kernel is the twin")
	}
	forEachMULXForm(t, testMULXLadderKernel)
}

func testMULXLadderKernel(t *testing.T) {
	r := xRand(t)
	var us [][]byte
	pm1 := new(big.Int).Sub(bigP, big.NewInt(1)).FillBytes(make([]byte, 32))
	for i, j := 0, 31; i < j; i, j = i+1, j-1 {
		pm1[i], pm1[j] = pm1[j], pm1[i]
	}
	us = append(us, make([]byte, 32), append([]byte{1}, make([]byte, 31)...), pm1)
	for range 100 {
		us = append(us, xBytes(r, 32))
	}
	scalars := [][32]byte{{}, [32]byte(xBytes(r, 32))}
	for i := range scalars[0] {
		scalars[0][i] = 0xff
	}
	cases := 0
	for _, ub := range us {
		var x1 field.Element
		x1.SetBytes(ub)
		for _, k := range append(scalars, [32]byte(xBytes(r, 32))) {
			var got, want mulxState
			mulxLadderSetup(&got, &x1)
			want = got
			mulxLadderKernel(&got, &k)
			mulxLadderGeneric(&want, &k)
			for s := range mulxLoop {
				if got[s] != want[s] {
					t.Fatalf("u %x, k %x: slot %d = %x, twin %x", ub, k, s, got[s], want[s])
				}
			}
			cases++
		}
	}
	t.Logf("%d ladders", cases)
}

// TestFe64NoZeroWords checks the rule of "Zero words" in ladder_mulx.go on
// each implementation: on operands that are not all zero words, no
// operation returns all zero words, a difference of equal operands
// included (it returns p).
func TestFe64NoZeroWords(t *testing.T) {
	r := xRand(t)
	var pairs [][2]fe64
	for _, pr := range fe64Pairs(r, 2000) {
		if pr[0] == (fe64{}) || pr[1] == (fe64{}) {
			continue
		}
		pairs = append(pairs, pr, [2]fe64{pr[0], pr[0]})
	}
	// b = a + 2p, the other difference that is zero before the rule.
	twoP := fe64FromBig(new(big.Int).Lsh(bigP, 1))
	for _, a := range []fe64{{1}, {2}, {37}} { // a + 2p < 2^256
		var b fe64
		fe64AddPlain(&b, &a, &twoP)
		pairs = append(pairs, [2]fe64{a, b})
	}
	for _, set := range fe64Sets(t) {
		equalSubs := 0
		for _, pr := range pairs {
			a, b := pr[0], pr[1]
			var out [5]fe64
			set.ops.mul(&out[0], &a, &b)
			set.ops.square(&out[1], &a)
			set.ops.add(&out[2], &a, &b)
			set.ops.sub(&out[3], &a, &b)
			set.ops.mul24add(&out[4], &a, &b)
			for i, o := range out {
				if o == (fe64{}) {
					t.Fatalf("%s: operation %d of (%x, %x) is all zero words", set.name, i, a, b)
				}
			}
			if a == b {
				if out[3] != fe64P {
					t.Fatalf("%s: %x - itself = %x, want p", set.name, a, out[3])
				}
				equalSubs++
			}
		}
		t.Logf("%s: %d pairs, %d of them equal", set.name, len(pairs), equalSubs)
	}
}

// TestMULXLadderNoZeroWords runs the twin's steps on every low-order u and
// on random ones and checks after each step that no slot of the state is
// all zero words.
func TestMULXLadderNoZeroWords(t *testing.T) {
	r := xRand(t)
	us := lowOrderEncodings()
	for range 20 {
		us = append(us, xBytes(r, 32))
	}
	for _, ub := range us {
		var x1 field.Element
		x1.SetBytes(ub)
		k := [32]byte(xBytes(r, 32))
		var s mulxState
		mulxLadderSetup(&s, &x1)
		prev := uint64(0)
		for tt := 254; tt >= 3; tt-- {
			bit := uint64(k[tt>>3]>>(tt&7)) & 1
			fe64Swap(&s[mulxX2], &s[mulxX3], -(bit ^ prev))
			fe64Swap(&s[mulxZ2], &s[mulxZ3], -(bit ^ prev))
			prev = bit
			mulxStepGeneric(&s)
			for i := range mulxLoop {
				if s[i] == (fe64{}) {
					t.Fatalf("u %x, k %x: slot %d all zero words after the step of bit %d", ub, k, i, tt)
				}
			}
		}
	}
	t.Logf("%d ladders, every step checked", len(us))
}

// TestMULXLadderStepValues checks the twin's step and doubling on states
// of values anywhere below 2^256 (the edges of fe64Edges in every slot, and
// random words) against RFC 7748's formulas on math/big (bigStep), residue
// for residue; the kernel runs the same operations (TestMULXLadderKernel,
// TestFe64OpsMatchBig).
func TestMULXLadderStepValues(t *testing.T) {
	r := xRand(t)
	edges := fe64Edges()
	for i := range 300 {
		var s mulxState
		var in [4]*big.Int
		for j := range 4 {
			w := fe64Random(r)
			if i < 100 {
				w = edges[r.IntN(len(edges))]
			}
			s[mulxX2+j] = w
			in[j] = fe64Big(&w)
		}
		s[mulxX1] = fe64Random(r)
		x1 := fe64Big(&s[mulxX1])
		d := s // for the doubling
		mulxStepGeneric(&s)
		want := bigStep(in, new(big.Int).Mod(x1, bigP))
		for j, name := range []string{"x2", "z2", "x3", "z3"} {
			if got := new(big.Int).Mod(fe64Big(&s[mulxX2+j]), bigP); got.Cmp(new(big.Int).Mod(want[j], bigP)) != 0 {
				t.Fatalf("state %d %s: got %v, want %v", i, name, got, want[j])
			}
		}
		mulxDoubleGeneric(&d)
		for j := range 2 {
			if new(big.Int).Mod(fe64Big(&d[mulxX2+j]), bigP).Cmp(new(big.Int).Mod(want[j], bigP)) != 0 {
				t.Fatalf("state %d: the doubling differs from the step's (x2 : z2)", i)
			}
		}
	}
}

// TestFe64ToElementFolds checks fe64ToElement against math/big on the fold
// edges and on random words: the element must be the input mod p. Values
// such as 2^256 - 1 still have bit 255 set after the first fold of bit 255,
// which is what the second fold is for.
func TestFe64ToElementFolds(t *testing.T) {
	r := xRand(t)
	in := fe64Edges()
	for range 1000 {
		in = append(in, fe64Random(r))
	}
	for _, a := range in {
		var v field.Element
		fe64ToElement(&v, &a)
		want := new(big.Int).Mod(fe64Big(&a), bigP)
		if got := bigLE(v.Bytes()); got.Cmp(want) != 0 {
			t.Fatalf("fe64ToElement(%x) = %v, want %v", a, got, want)
		}
	}
}

// TestFe64Mul24AddInnerCarry builds first operands whose top word times
// a24 has a low half just below 2^64, so that adding the high half of the
// word below it carries into the fifth word, an addition random inputs
// essentially never carry out of. Every implementation must still agree
// with math/big mod p, and the assembly with the twin word for word.
func TestFe64Mul24AddInnerCarry(t *testing.T) {
	r := xRand(t)
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	inv := new(big.Int).ModInverse(big.NewInt(a24), two64) // a24 is odd
	sets := fe64Sets(t)
	reached := 0
	for _, x := range []int64{1, 2, 3, 1000, a24 - 2, a24 - 1} {
		// a3·a24 ≡ -x (mod 2^64).
		a3 := new(big.Int).Mul(inv, big.NewInt(-x))
		a3.Mod(a3, two64)
		for _, low := range [][2]uint64{{0, 0}, {^uint64(0), ^uint64(0)}, {r.Uint64(), r.Uint64()}} {
			a := fe64{low[0], low[1], ^uint64(0), a3.Uint64()}
			hi2, _ := bits.Mul64(a[2], a24)
			if _, c := bits.Add64(a[3]*a24, hi2, 0); c == 1 {
				reached++
			}
			bs := append(fe64Edges(), fe64Random(r), fe64Random(r))
			for _, b := range bs {
				want := new(big.Int).Mul(fe64Big(&a), big.NewInt(a24))
				want.Add(want, fe64Big(&b)).Mod(want, bigP)
				var first fe64
				for i, set := range sets {
					var out fe64
					set.ops.mul24add(&out, &a, &b)
					if got := new(big.Int).Mod(fe64Big(&out), bigP); got.Cmp(want) != 0 {
						t.Fatalf("%s mul24add(%x, %x) = %x, want %v mod p", set.name, a, b, out, want)
					}
					if i == 0 {
						first = out
					} else if out != first {
						t.Fatalf("%s mul24add(%x, %x) = %x, twin %x", set.name, a, b, out, first)
					}
				}
			}
		}
	}
	if reached == 0 {
		t.Fatal("no input reached the carry into the fifth word")
	}
}
