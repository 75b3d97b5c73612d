package field

import "testing"

// The arm64 operation order must give the generic twin's limbs exactly, on
// every target (this test is not architecture specific).
func TestReorderedMatchesGeneric(t *testing.T) {
	r := newRand(t)
	var inputs []*Element
	inputs = append(inputs, edgeElements()...)
	inputs = append(inputs, &Element{l: [5]uint64{seamMax, seamMax, seamMax, seamMax, seamMax}})
	for range iterations() {
		inputs = append(inputs, wideElement(r), randomElement(r))
	}
	check := func(a, b *Element) {
		var g, o Element
		feMulGeneric(&g, a, b)
		feMulReordered(&o, a, b)
		if o != g {
			t.Fatalf("feMulReordered(%v, %v) = %v, generic %v", a.l, b.l, o.l, g.l)
		}
		feSquareGeneric(&g, a)
		feSquareReordered(&o, a)
		if o != g {
			t.Fatalf("feSquareReordered(%v) = %v, generic %v", a.l, o.l, g.l)
		}
		// Aliased receiver.
		x := *a
		feMulReordered(&x, &x, b)
		feMulGeneric(&g, a, b)
		if x != g {
			t.Fatalf("aliased feMulReordered = %v, generic %v", x.l, g.l)
		}
		x = *a
		feSquareReordered(&x, &x)
		feSquareGeneric(&g, a)
		if x != g {
			t.Fatalf("aliased feSquareReordered = %v, generic %v", x.l, g.l)
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
