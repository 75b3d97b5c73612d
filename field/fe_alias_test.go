package field

import "testing"

// Every method must give the same result whatever its receiver aliases. For
// each method the reference result is computed into a fresh receiver, then
// the method is run again with the receiver sharing memory with each
// argument (and with all of them), starting from copies of the same inputs.

type unaryOp func(v, x *Element) *Element
type binaryOp func(v, x, y *Element) *Element

func TestAliasingUnary(t *testing.T) {
	r := newRand(t)
	ops := map[string]unaryOp{
		"Set":      (*Element).Set,
		"Negate":   (*Element).Negate,
		"Absolute": (*Element).Absolute,
		"Square":   (*Element).Square,
		"Invert":   (*Element).Invert,
		"Pow22523": (*Element).Pow22523,
		"Mult32": func(v, x *Element) *Element {
			return v.Mult32(x, 0xdeadbeef)
		},
		"squareTimes": func(v, x *Element) *Element {
			return v.squareTimes(x, 3)
		},
	}
	for name, op := range ops {
		for i := range 40 {
			x := *randomElement(r)
			if i < len(edgeElements()) {
				x = *edgeElements()[i]
			}
			var want Element
			op(&want, &x)

			v := x // v aliases x
			if got := op(&v, &v); got != &v || v != want {
				t.Fatalf("%s(v, v) = %v, want %v (input %v)", name, v.l, want.l, x.l)
			}
		}
	}
}

func TestAliasingBinary(t *testing.T) {
	r := newRand(t)
	ops := map[string]binaryOp{
		"Add":      (*Element).Add,
		"Subtract": (*Element).Subtract,
		"Multiply": (*Element).Multiply,
		"Select1": func(v, x, y *Element) *Element {
			return v.Select(x, y, 1)
		},
		"Select0": func(v, x, y *Element) *Element {
			return v.Select(x, y, 0)
		},
		"SqrtRatio": func(v, x, y *Element) *Element {
			out, was := v.SqrtRatio(x, y)
			// Fold wasSquare into the result so it is compared too.
			return out.Mult32(out, uint32(was)+7)
		},
		"feMulGeneric": func(v, x, y *Element) *Element {
			feMulGeneric(v, x, y)
			return v
		},
		"feMul": func(v, x, y *Element) *Element {
			feMul(v, x, y)
			return v
		},
	}
	for name, op := range ops {
		for range 40 {
			x, y := *randomElement(r), *randomElement(r)
			var want Element
			op(&want, &x, &y)

			v, y2 := x, y // v aliases the first argument
			if got := op(&v, &v, &y2); got != &v || v != want || y2 != y {
				t.Fatalf("%s(v, v, y) = %v, want %v", name, v.l, want.l)
			}
			x2, v2 := x, y // v aliases the second argument
			if got := op(&v2, &x2, &v2); got != &v2 || v2 != want || x2 != x {
				t.Fatalf("%s(v, x, v) = %v, want %v", name, v2.l, want.l)
			}

			// Both arguments the same element, with and without the receiver.
			var wantSame Element
			op(&wantSame, &x, &x)
			xs := x
			var out Element
			if op(&out, &xs, &xs); out != wantSame || xs != x {
				t.Fatalf("%s(out, x, x) = %v, want %v", name, out.l, wantSame.l)
			}
			v3 := x
			if op(&v3, &v3, &v3); v3 != wantSame {
				t.Fatalf("%s(v, v, v) = %v, want %v", name, v3.l, wantSame.l)
			}
		}
	}
}

// The seam must also tolerate aliasing for squaring.
func TestAliasingSeamSquare(t *testing.T) {
	r := newRand(t)
	for range 100 {
		x := *wideSquareElement(r)
		var want Element
		feSquareGeneric(&want, &x)
		v := x
		feSquareGeneric(&v, &v)
		w := x
		feSquare(&w, &w)
		if v != want || w != want {
			t.Fatalf("aliased square: generic %v, seam %v, want %v", v.l, w.l, want.l)
		}
	}
}

func TestSwapSameElement(t *testing.T) {
	r := newRand(t)
	x := *randomElement(r)
	v := x
	v.Swap(&v, 1)
	if v != x {
		t.Fatalf("Swap with itself changed the element")
	}
	v.Swap(&v, 0)
	if v != x {
		t.Fatalf("Swap with itself changed the element")
	}
}

// Decoding a receiver's own encoding back into it gives the same value.
func TestBytesRoundTripSameReceiver(t *testing.T) {
	r := newRand(t)
	for range 100 {
		v := *randomElement(r)
		want := v
		if _, err := v.SetBytes(v.Bytes()); err != nil {
			t.Fatal(err)
		}
		if v.Equal(&want) != 1 {
			t.Fatalf("SetBytes(v.Bytes()) changed the value")
		}
	}
}
