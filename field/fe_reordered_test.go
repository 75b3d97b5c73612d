package field

import "testing"

// The arm64 operation order and the 32-bit targets' halves must give the
// generic twin's limbs exactly, on every target (these tests are not
// architecture specific).
func TestReorderedMatchesGeneric(t *testing.T) {
	checkProductsMatchGeneric(t, "feMulReordered", "feSquareReordered", feMulReordered, feSquareReordered)
}

func TestHalvesMatchGeneric(t *testing.T) {
	checkProductsMatchGeneric(t, "feMulHalves", "feSquareHalves", feMulHalves, feSquareHalves)
}

// checkProductsMatchGeneric compares mul and square with feMulGeneric and
// feSquareGeneric, limb for limb, on edge, invariant-bound and wide inputs
// (limbs up to the seam's 2^54), with and without an aliased receiver.
func checkProductsMatchGeneric(t *testing.T, mulName, squareName string, mul func(out, a, b *Element), square func(out, a *Element)) {
	r := newRand(t)
	var inputs []*Element
	inputs = append(inputs, edgeElements()...)
	inputs = append(inputs, &Element{l: [5]uint64{seamMax, seamMax, seamMax, seamMax, seamMax}})
	for range iterations() {
		m := mixedElement(r)
		inputs = append(inputs, wideElement(r), randomElement(r), &m)
	}
	check := func(a, b *Element) {
		var g, o Element
		feMulGeneric(&g, a, b)
		mul(&o, a, b)
		if o != g {
			t.Fatalf("%s(%v, %v) = %v, generic %v", mulName, a.l, b.l, o.l, g.l)
		}
		feSquareGeneric(&g, a)
		square(&o, a)
		if o != g {
			t.Fatalf("%s(%v) = %v, generic %v", squareName, a.l, o.l, g.l)
		}
		// Aliased receiver.
		x := *a
		mul(&x, &x, b)
		feMulGeneric(&g, a, b)
		if x != g {
			t.Fatalf("aliased %s = %v, generic %v", mulName, x.l, g.l)
		}
		x = *a
		square(&x, &x)
		feSquareGeneric(&g, a)
		if x != g {
			t.Fatalf("aliased %s = %v, generic %v", squareName, x.l, g.l)
		}
	}
	for i, a := range inputs {
		check(a, inputs[(i*7+3)%len(inputs)])
		check(a, a)
	}
	for _, a := range edgeElements() {
		for _, b := range edgeElements() {
			check(a, b)
		}
	}
}

func TestTimesConstants(t *testing.T) {
	r := newRand(t)
	xs := []uint64{0, 1, 19, 1<<54 - 1, 1<<59 - 1, 1<<63 - 1, 1 << 63, ^uint64(0)}
	for range 1000 {
		xs = append(xs, r.Uint64())
	}
	for _, x := range xs {
		if got := times19(x); got != 19*x {
			t.Fatalf("times19(%#x) = %#x, want %#x", x, got, 19*x)
		}
		if got := times19(x) << 1; got != 38*x {
			t.Fatalf("times19(%#x) << 1 = %#x, want %#x", x, got, 38*x)
		}
	}
}
