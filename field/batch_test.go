package field

import (
	"bytes"
	"crypto/sha512"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

// batchInputs returns n elements: random 32-byte strings, and at random
// positions zeros (as 0 and as the non-canonical encoding p) and the edge
// values 1 and p - 1.
func batchInputs(r *rand.Rand, n int) []*Element {
	z := make([]*Element, n)
	for i := range z {
		var b [32]byte
		switch r.IntN(6) {
		case 0: // 0
		case 1: // p, which is 0
			b = [32]byte{0xed}
			for j := 1; j < 31; j++ {
				b[j] = 0xff
			}
			b[31] = 0x7f
		case 2: // 1
			b[0] = 1
		case 3: // p - 1
			b = [32]byte{0xec}
			for j := 1; j < 31; j++ {
				b[j] = 0xff
			}
			b[31] = 0x7f
		default:
			for j := range b {
				b[j] = byte(r.Uint32())
			}
		}
		z[i] = new(Element)
		if _, err := z[i].SetBytes(b[:]); err != nil {
			panic(err)
		}
	}
	return z
}

// batchCheck checks v[i] = 1/z[i] (0 for 0) against math/big and against
// Invert, and that every output obeys the Element invariant.
func batchCheck(t *testing.T, what string, v, z []*Element) {
	t.Helper()
	for i := range z {
		want := new(big.Int).ModInverse(modP(z[i]), bigP)
		if want == nil {
			want = new(big.Int)
		}
		if got := modP(v[i]); got.Cmp(want) != 0 {
			t.Fatalf("%s: element %d of %d: got %v, want %v", what, i, len(z), got, want)
		}
		if v[i].Equal(new(Element).Invert(z[i])) != 1 {
			t.Fatalf("%s: element %d of %d differs from Invert", what, i, len(z))
		}
		for _, l := range v[i].l {
			if l >= 1<<51+1<<18 {
				t.Fatalf("%s: element %d breaks the limb invariant: %x", what, i, v[i].l)
			}
		}
	}
}

func batchClone(z []*Element) []*Element {
	out := make([]*Element, len(z))
	for i, e := range z {
		out[i] = new(Element).Set(e)
	}
	return out
}

func TestBatchInvert(t *testing.T) {
	r := newRand(t)
	zeros := 0
	for n := 0; n <= 70; n++ {
		for rep := 0; rep < 3; rep++ {
			z := batchInputs(r, n)
			for _, e := range z {
				zeros += e.Equal(new(Element))
			}
			orig := batchClone(z)

			// Separate output.
			v := make([]*Element, n)
			for i := range v {
				v[i] = new(Element)
			}
			got := BatchInvert(v, z)
			if len(got) != n || (n > 0 && &got[0] != &v[0]) {
				t.Fatalf("n=%d: BatchInvert did not return v", n)
			}
			batchCheck(t, "separate", v, orig)
			for i := range z {
				if *z[i] != *orig[i] {
					t.Fatalf("n=%d: input %d was modified", n, i)
				}
			}

			// v is z: the same slice.
			same := batchClone(orig)
			BatchInvert(same, same)
			batchCheck(t, "v = z", same, orig)

			// v[i] is z[i], in another slice.
			elems := batchClone(orig)
			aliased := append([]*Element(nil), elems...)
			BatchInvert(aliased, elems)
			batchCheck(t, "v[i] = z[i]", aliased, orig)
		}
	}
	if zeros < 100 {
		t.Errorf("only %d zeros among the inputs", zeros)
	}
}

// TestBatchInvertZeroPositions covers batches of only zeros and a zero at each
// position of a batch of nonzero elements: a zero must not spread along
// the chain of products.
func TestBatchInvertZeroPositions(t *testing.T) {
	r := newRand(t)
	for n := 1; n <= 70; n += 23 {
		allZero := make([]*Element, n)
		for i := range allZero {
			allZero[i] = new(Element)
		}
		v := batchClone(batchInputs(r, n)) // outputs start nonzero
		BatchInvert(v, allZero)
		batchCheck(t, "all zero", v, allZero)

		for pos := 0; pos < n; pos++ {
			z := make([]*Element, n)
			for i := range z {
				var b [32]byte
				b[0], b[1] = byte(i+2), byte(r.Uint32())
				z[i] = new(Element)
				z[i].SetBytes(b[:])
			}
			z[pos].Zero()
			out := batchClone(z)
			BatchInvert(out, z)
			batchCheck(t, "one zero", out, z)
		}
	}
}

func TestBatchInvertLengthMismatch(t *testing.T) {
	mk := func(n int) []*Element {
		s := make([]*Element, n)
		for i := range s {
			s[i] = new(Element).One()
		}
		return s
	}
	for _, c := range [][2]int{{0, 1}, {1, 0}, {3, 4}, {70, 69}} {
		v, z := mk(c[0]), mk(c[1])
		func() {
			defer func() {
				msg, _ := recover().(string)
				if !strings.Contains(msg, "different size inputs") {
					t.Errorf("len(v)=%d, len(z)=%d: panic %q, want one about different sizes", c[0], c[1], msg)
				}
			}()
			BatchInvert(v, z)
		}()
		for i := range v {
			if v[i].Equal(new(Element).One()) != 1 {
				t.Errorf("len(v)=%d, len(z)=%d: v modified before the panic", c[0], c[1])
			}
		}
	}
}

// TestBatchInvertAllocations: no allocation up to batchStack elements, one
// (the prefix products) beyond.
func TestBatchInvertAllocations(t *testing.T) {
	r := newRand(t)
	for _, c := range []struct{ n, allocs int }{{0, 0}, {1, 0}, {batchStack, 0}, {batchStack + 1, 1}, {200, 1}} {
		z := batchInputs(r, c.n)
		v := batchClone(z)
		if got := testing.AllocsPerRun(10, func() { BatchInvert(v, z) }); got != float64(c.allocs) {
			t.Errorf("n=%d: %v allocations, want %d", c.n, got, c.allocs)
		}
	}
}

// BenchmarkBatchInvert times a batch of 64 (per element, as b.N counts
// elements) next to a single Invert.
func BenchmarkBatchInvert(b *testing.B) {
	z := batchInputs(newRand(b), 64)
	v := batchClone(z)
	b.Run("n=64/per-element", func(b *testing.B) {
		for i := 0; i < b.N; i += 64 {
			BatchInvert(v, z)
		}
	})
	b.Run("Invert", func(b *testing.B) {
		var e Element
		for i := 0; i < b.N; i++ {
			e.Invert(z[i&63])
		}
	})
}

// TestDenseElement recomputes denseElement from its definition and checks that
// none of its limbs is zero.
func TestDenseElement(t *testing.T) {
	h := sha512.Sum512([]byte("edwards25519 field.BatchInvert stand-in for zero"))
	h[31] &= 0x7f
	if got := denseElement.Bytes(); !bytes.Equal(got, h[:32]) {
		t.Fatalf("denseElement encodes as %x, want %x", got, h[:32])
	}
	for i, l := range denseElement.l {
		if l == 0 {
			t.Errorf("limb %d of denseElement is zero", i)
		}
	}
}

// TestInvertSingleLimb checks Invert and BatchInvert against math/big on
// elements whose value k·2^(51i) fills a single limb i, for every i: the
// zero test must look at all five limbs, or such an element is taken for 0
// and gets 0 as its inverse. Each batch also holds a zero, whose output
// must stay 0.
func TestInvertSingleLimb(t *testing.T) {
	r := newRand(t)
	for i := uint(0); i < 5; i++ {
		ks := []uint64{1, 2, 1 << 50, 1<<51 - 1}
		for range 4 {
			ks = append(ks, 1+r.Uint64N(1<<51-1))
		}
		var z []*Element
		for _, k := range ks {
			n := new(big.Int).Lsh(new(big.Int).SetUint64(k), 51*i)
			var b [32]byte
			n.FillBytes(b[:])
			for j := 0; j < 16; j++ {
				b[j], b[31-j] = b[31-j], b[j]
			}
			viaBytes := new(Element)
			if _, err := viaBytes.SetBytes(b[:]); err != nil {
				t.Fatal(err)
			}
			for _, e := range []*Element{fromBig(n), viaBytes} {
				want := new(big.Int).ModInverse(n, bigP)
				if got := modP(new(Element).Invert(e)); got.Cmp(want) != 0 {
					t.Fatalf("Invert(%d·2^%d) = %v, want %v", k, 51*i, got, want)
				}
				z = append(z, e)
			}
		}
		z = append(z, new(Element))
		z[0], z[len(z)-1] = z[len(z)-1], z[0]
		v := batchClone(z)
		BatchInvert(v, z)
		batchCheck(t, "single limb", v, z)
	}
}
