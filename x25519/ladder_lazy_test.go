package x25519

import (
	"testing"

	"github.com/seed06d4b90c/edwards25519/field"
	"github.com/seed06d4b90c/edwards25519/internal/lazyfe"
)

// ladderStepCarried is ladderStep with every sum and difference carried
// (field.Element's Add and Subtract): the formulas as RFC 7748 writes them,
// the reference for the lazy forms.
func ladderStepCarried(s *ladderState, x1 *field.Element) {
	x2, z2, x3, z3 := &s[0], &s[1], &s[2], &s[3]
	var a, b, c, d, aa, bb, e, da, cb field.Element
	a.Add(x2, z2)
	b.Subtract(x2, z2)
	c.Add(x3, z3)
	d.Subtract(x3, z3)
	aa.Square(&a)
	bb.Square(&b)
	da.Multiply(&d, &a)
	cb.Multiply(&c, &b)
	e.Subtract(&aa, &bb)
	x3.Add(&da, &cb)
	x3.Square(x3)
	z3.Subtract(&da, &cb)
	z3.Square(z3)
	z3.Multiply(z3, x1)
	x2.Multiply(&aa, &bb)
	c.Mult32(&e, a24)
	c.Add(&c, &aa)
	z2.Multiply(&e, &c)
}

// TestLadderLazyBounds runs ladderStep and ladderDouble, whose sums and
// differences skip the carry pass, against the carried formulas, on states
// whose limbs sit at the edges of field.Element's invariant (every limb
// 2^51 + 2^18 - 1, or 0, or p's limbs, or mixtures) and on random states:
// the values must agree, and the lazy step's state must obey the invariant
// again. A difference built with p in place of 4p, or any bound the lazy
// forms overstep, shows here as a wrong value (the values are compared,
// not the limbs, which the lazy forms change).
func TestLadderLazyBounds(t *testing.T) {
	r := xRand(t)
	const top = 1<<51 + 1<<18 - 1
	edges := [][5]uint64{
		{top, top, top, top, top},
		{0, 0, 0, 0, 0},
		{1<<51 - 19, 1<<51 - 1, 1<<51 - 1, 1<<51 - 1, 1<<51 - 1},
		{top, 0, top, 0, top},
		{0, top, 0, top, 0},
		{1, 0, 0, 0, 0},
	}
	elem := func(l [5]uint64) field.Element {
		var e field.Element
		*lazyfe.Limbs(&e) = l
		return e
	}
	randomLimbs := func() [5]uint64 {
		var l [5]uint64
		for i := range l {
			l[i] = r.Uint64() % (top + 1)
		}
		return l
	}
	var states [][5][5]uint64
	for _, a := range edges {
		for _, b := range edges {
			states = append(states, [5][5]uint64{a, b, b, a, randomLimbs()})
			states = append(states, [5][5]uint64{a, a, b, b, edges[0]})
		}
	}
	for range 200 {
		states = append(states, [5][5]uint64{randomLimbs(), randomLimbs(), randomLimbs(), randomLimbs(), randomLimbs()})
	}
	for n, st := range states {
		var lazy, carried ladderState
		for i := range lazy {
			lazy[i] = elem(st[i])
		}
		carried = lazy
		x1 := elem(st[4])
		ladderStep(&lazy, &x1)
		ladderStepCarried(&carried, &x1)
		for i := range lazy {
			if lazy[i].Equal(&carried[i]) != 1 {
				t.Fatalf("state %d: ladderStep's slot %d differs from the carried step", n, i)
			}
			for k, l := range lazyfe.Limbs(&lazy[i]) {
				if l >= 1<<51+1<<18 {
					t.Fatalf("state %d: slot %d limb %d = %#x breaks the invariant", n, i, k, l)
				}
			}
		}
		x2, z2 := elem(st[0]), elem(st[1])
		ladderDouble(&x2, &z2)
		var want ladderState
		want[0], want[1] = elem(st[0]), elem(st[1])
		want[2], want[3] = want[0], want[1]
		ladderStepCarried(&want, &x1) // its x2, z2 are the double of (x2 : z2)
		if x2.Equal(&want[0]) != 1 || z2.Equal(&want[1]) != 1 {
			t.Fatalf("state %d: ladderDouble differs from the carried doubling", n)
		}
	}
}
