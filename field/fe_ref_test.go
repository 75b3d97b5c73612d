package field

import (
	"bytes"
	"math/rand/v2"
	"testing"

	ref "filippo.io/edwards25519/field"
)

// Differential tests against filippo.io/edwards25519/field v1.2.0, an
// independent implementation with the same API. Both sides only meet
// through bytes, so the comparison is on canonical values.

// refInputs returns 32-byte encodings: edge encodings (canonical and not,
// with and without bit 255) followed by random ones.
func refInputs(r *rand.Rand, n int) [][]byte {
	var out [][]byte
	for _, e := range edgeElements() {
		out = append(out, e.Bytes())
	}
	top := func(last byte, first byte) []byte {
		b := bytes.Repeat([]byte{0xff}, 32)
		b[0], b[31] = first, last
		return b
	}
	out = append(out,
		top(0x7f, 0xec), top(0x7f, 0xed), top(0x7f, 0xee), top(0x7f, 0xff),
		top(0xff, 0xec), top(0xff, 0xed), top(0xff, 0xff), top(0x80, 0x00),
		make([]byte, 32),
	)
	for range n {
		b := make([]byte, 32)
		fillRandom(r, b)
		if r.IntN(5) == 0 {
			for i := 1; i < 31; i++ {
				b[i] = 0xff
			}
		}
		out = append(out, b)
	}
	return out
}

func mustOurs(t *testing.T, b []byte) *Element {
	t.Helper()
	e, err := new(Element).SetBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func mustRef(t *testing.T, b []byte) *ref.Element {
	t.Helper()
	e, err := new(ref.Element).SetBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func sameBytes(t *testing.T, what string, ours *Element, theirs *ref.Element, in ...[]byte) {
	t.Helper()
	if a, b := ours.Bytes(), theirs.Bytes(); !bytes.Equal(a, b) {
		t.Fatalf("%s(%x): ours %x, reference %x", what, in, a, b)
	}
}

func TestReferenceUnary(t *testing.T) {
	r := newRand(t)
	ins := refInputs(r, iterations()/4)
	for _, in := range ins {
		x, rx := mustOurs(t, in), mustRef(t, in)
		sameBytes(t, "SetBytes", x, rx, in)
		sameBytes(t, "Negate", new(Element).Negate(x), new(ref.Element).Negate(rx), in)
		sameBytes(t, "Absolute", new(Element).Absolute(x), new(ref.Element).Absolute(rx), in)
		sameBytes(t, "Square", new(Element).Square(x), new(ref.Element).Square(rx), in)
		sameBytes(t, "Invert", new(Element).Invert(x), new(ref.Element).Invert(rx), in)
		sameBytes(t, "Pow22523", new(Element).Pow22523(x), new(ref.Element).Pow22523(rx), in)
		sameBytes(t, "Set", new(Element).Set(x), new(ref.Element).Set(rx), in)
		y := r.Uint32()
		sameBytes(t, "Mult32", new(Element).Mult32(x, y), new(ref.Element).Mult32(rx, y), in)
		if a, b := x.IsNegative(), rx.IsNegative(); a != b {
			t.Fatalf("IsNegative(%x): ours %d, reference %d", in, a, b)
		}
	}
	sameBytes(t, "Zero", new(Element).Zero(), new(ref.Element).Zero())
	sameBytes(t, "One", new(Element).One(), new(ref.Element).One())
}

func TestReferenceBinary(t *testing.T) {
	r := newRand(t)
	ins := refInputs(r, 40)
	pairs := 0
	check := func(a, b []byte) {
		pairs++
		x, rx := mustOurs(t, a), mustRef(t, a)
		y, ry := mustOurs(t, b), mustRef(t, b)
		sameBytes(t, "Add", new(Element).Add(x, y), new(ref.Element).Add(rx, ry), a, b)
		sameBytes(t, "Subtract", new(Element).Subtract(x, y), new(ref.Element).Subtract(rx, ry), a, b)
		sameBytes(t, "Multiply", new(Element).Multiply(x, y), new(ref.Element).Multiply(rx, ry), a, b)
		for _, c := range []int{0, 1} {
			sameBytes(t, "Select", new(Element).Select(x, y, c), new(ref.Element).Select(rx, ry, c), a, b)
			x2, y2 := *x, *y
			rx2, ry2 := *rx, *ry
			x2.Swap(&y2, c)
			rx2.Swap(&ry2, c)
			sameBytes(t, "Swap", &x2, &rx2, a, b)
			sameBytes(t, "Swap", &y2, &ry2, a, b)
		}
		if p, q := x.Equal(y), rx.Equal(ry); p != q {
			t.Fatalf("Equal(%x, %x): ours %d, reference %d", a, b, p, q)
		}
		out, was := new(Element).SqrtRatio(x, y)
		rout, rwas := new(ref.Element).SqrtRatio(rx, ry)
		if was != rwas {
			t.Fatalf("SqrtRatio(%x, %x): wasSquare ours %d, reference %d", a, b, was, rwas)
		}
		sameBytes(t, "SqrtRatio", out, rout, a, b)
	}
	for _, a := range ins {
		for _, b := range ins {
			check(a, b)
		}
	}
	if pairs < 100 {
		t.Fatalf("only %d pairs", pairs)
	}
}

func TestReferenceDecoding(t *testing.T) {
	r := newRand(t)
	for n := range 70 {
		b := make([]byte, n)
		fillRandom(r, b)
		_, err := new(Element).SetBytes(b)
		_, rerr := new(ref.Element).SetBytes(b)
		if (err == nil) != (rerr == nil) {
			t.Fatalf("SetBytes(len %d): ours %v, reference %v", n, err, rerr)
		}
		_, err = new(Element).SetWideBytes(b)
		_, rerr = new(ref.Element).SetWideBytes(b)
		if (err == nil) != (rerr == nil) {
			t.Fatalf("SetWideBytes(len %d): ours %v, reference %v", n, err, rerr)
		}
	}
	for range iterations() {
		b := make([]byte, 64)
		fillRandom(r, b)
		if r.IntN(4) == 0 {
			for i := range b {
				if r.IntN(2) == 0 {
					b[i] = 0xff
				}
			}
		}
		x, err := new(Element).SetWideBytes(b)
		rx, rerr := new(ref.Element).SetWideBytes(b)
		if err != nil || rerr != nil {
			t.Fatalf("SetWideBytes: %v, %v", err, rerr)
		}
		sameBytes(t, "SetWideBytes", x, rx, b)
	}
}

// A random walk driving both implementations with the same operations,
// comparing after every step: our outputs are fed back without any
// normalisation, as the point layer does.
func TestReferenceWalk(t *testing.T) {
	r := newRand(t)
	const regs = 5
	var ours [regs]Element
	var theirs [regs]ref.Element
	for i := range regs {
		b := make([]byte, 32)
		fillRandom(r, b)
		ours[i] = *mustOurs(t, b)
		theirs[i] = *mustRef(t, b)
	}
	for step := range 10 * iterations() {
		d, a, b := r.IntN(regs), r.IntN(regs), r.IntN(regs)
		switch r.IntN(9) {
		case 0:
			ours[d].Add(&ours[a], &ours[b])
			theirs[d].Add(&theirs[a], &theirs[b])
		case 1:
			ours[d].Subtract(&ours[a], &ours[b])
			theirs[d].Subtract(&theirs[a], &theirs[b])
		case 2:
			ours[d].Multiply(&ours[a], &ours[b])
			theirs[d].Multiply(&theirs[a], &theirs[b])
		case 3:
			ours[d].Square(&ours[a])
			theirs[d].Square(&theirs[a])
		case 4:
			ours[d].Negate(&ours[a])
			theirs[d].Negate(&theirs[a])
		case 5:
			k := r.Uint32()
			ours[d].Mult32(&ours[a], k)
			theirs[d].Mult32(&theirs[a], k)
		case 6:
			_, w1 := ours[d].SqrtRatio(&ours[a], &ours[b])
			_, w2 := theirs[d].SqrtRatio(&theirs[a], &theirs[b])
			if w1 != w2 {
				t.Fatalf("step %d: SqrtRatio wasSquare %d vs %d", step, w1, w2)
			}
		case 7:
			ours[d].Invert(&ours[a])
			theirs[d].Invert(&theirs[a])
		case 8:
			ours[d].Absolute(&ours[a])
			theirs[d].Absolute(&theirs[a])
		}
		if !bytes.Equal(ours[d].Bytes(), theirs[d].Bytes()) {
			t.Fatalf("step %d: ours %x, reference %x", step, ours[d].Bytes(), theirs[d].Bytes())
		}
		for i := range ours[d].l {
			if ours[d].l[i] > limbMax {
				t.Fatalf("step %d: invariant broken: %v", step, ours[d].l)
			}
		}
		if ours[d].Equal(new(Element)) == 1 { // refill zeros so the walk stays varied
			b := make([]byte, 32)
			fillRandom(r, b)
			ours[d], theirs[d] = *mustOurs(t, b), *mustRef(t, b)
		}
	}
}
