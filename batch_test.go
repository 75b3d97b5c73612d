package edwards25519

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

// The batch functions against the single operations (Scalar.Invert, with
// math/big for some; Point.Bytes and BytesMontgomery), for n = 0..70, with
// zeros or special points at random positions, aliasing, and bad input.

// btScalars returns n scalars, each zero with probability 1/4 (all of them
// zero when allZero is set), the others random or edge ones.
func btScalars(t testing.TB, r *rand.Rand, n int, allZero bool) []*Scalar {
	edge := ptEdgeScalars(t)
	out := make([]*Scalar, n)
	for i := range out {
		switch {
		case allZero || r.IntN(4) == 0:
			out[i] = NewScalar()
		case r.IntN(4) == 0:
			out[i] = new(Scalar).Set(edge[r.IntN(len(edge))])
		default:
			out[i] = ptRandomScalar(r)
		}
	}
	return out
}

func btCopies(xs []*Scalar) []Scalar {
	out := make([]Scalar, len(xs))
	for i, x := range xs {
		out[i] = *x
	}
	return out
}

func TestBatchInvert(t *testing.T) {
	r := ptRand(t)
	for n := 0; n <= 70; n++ {
		x := btScalars(t, r, n, n == 5)
		before := btCopies(x)
		v := make([]*Scalar, n)
		for i := range v {
			v[i] = ptRandomScalar(r) // garbage to be overwritten
		}
		got := BatchInvert(v, x)
		if len(got) != n || (n > 0 && &got[0] != &v[0]) {
			t.Fatalf("n = %d: BatchInvert did not return v", n)
		}
		for i := range x {
			if *x[i] != before[i] {
				t.Fatalf("n = %d: x[%d] modified", n, i)
			}
			want := new(Scalar).Invert(x[i]) // 0 for 0
			if v[i].Equal(want) != 1 {
				t.Fatalf("n = %d: v[%d] = %x, want 1/%x = %x", n, i, v[i].Bytes(), x[i].Bytes(), want.Bytes())
			}
		}
	}
}

// TestBatchInvertAllocations holds BatchInvert to its documented
// allocations: none up to 32 scalars, one slice beyond (the numbers its
// documentation gives).
func TestBatchInvertAllocations(t *testing.T) {
	r := ptRand(t)
	for _, c := range []struct{ n, allocs int }{{0, 0}, {1, 0}, {32, 0}, {33, 1}, {100, 1}} {
		x := btScalars(t, r, c.n, false)
		v := make([]*Scalar, c.n)
		for i := range v {
			v[i] = new(Scalar)
		}
		if got := testing.AllocsPerRun(10, func() { BatchInvert(v, x) }); got != float64(c.allocs) {
			t.Errorf("n = %d: %v allocations, want %d", c.n, got, c.allocs)
		}
	}
}

// TestBatchInvertBig checks one batch against math/big: x·v = 1 (mod l)
// for every nonzero x, and v = 0 for 0.
func TestBatchInvertBig(t *testing.T) {
	r := ptRand(t)
	x := btScalars(t, r, 40, false)
	v := make([]*Scalar, len(x))
	for i := range v {
		v[i] = new(Scalar)
	}
	BatchInvert(v, x)
	toBig := func(s *Scalar) *big.Int { return new(big.Int).SetBytes(reverse(s.Bytes())) }
	for i := range x {
		xb, vb := toBig(x[i]), toBig(v[i])
		if xb.Sign() == 0 {
			if vb.Sign() != 0 {
				t.Fatalf("x[%d] = 0 but v[%d] = %x", i, i, vb)
			}
			continue
		}
		if p := new(big.Int).Mul(xb, vb); p.Mod(p, groupOrder).Cmp(big.NewInt(1)) != 0 {
			t.Fatalf("x[%d]·v[%d] = %x (mod l), want 1", i, i, p)
		}
	}
}

// TestBatchInvertAliasing runs BatchInvert with v the same slice as x, and
// with v a different slice whose pointers are x's.
func TestBatchInvertAliasing(t *testing.T) {
	r := ptRand(t)
	for _, n := range []int{1, 2, 7, batchScalarStack, batchScalarStack + 1, 70} {
		for _, sameSlice := range []bool{true, false} {
			x := btScalars(t, r, n, false)
			want := make([]*Scalar, n)
			for i := range x {
				want[i] = new(Scalar).Invert(x[i])
			}
			v := x
			if !sameSlice {
				v = append([]*Scalar(nil), x...)
			}
			BatchInvert(v, x)
			for i := range x {
				if x[i].Equal(want[i]) != 1 {
					t.Fatalf("n = %d, same slice %v: x[%d] is not the inverse", n, sameSlice, i)
				}
			}
		}
	}
}

func TestBatchInvertMismatch(t *testing.T) {
	for _, lens := range [][2]int{{0, 1}, {1, 0}, {3, 4}, {70, 69}} {
		v, x := make([]*Scalar, lens[0]), make([]*Scalar, lens[1])
		for i := range v {
			v[i] = new(Scalar)
		}
		for i := range x {
			x[i] = new(Scalar)
		}
		msg, panicked := svRecover(func() { BatchInvert(v, x) })
		if !panicked || !strings.Contains(msg, "different size inputs") {
			t.Errorf("lengths %v: panic %v %q, want a size mismatch panic", lens, panicked, msg)
		}
	}
}

// btPoints returns n points: the identity, (0, -1) and the other torsion
// points, B, and random points with and without a torsion component, at
// random positions, some with rescaled coordinates (Z ≠ 1).
func btPoints(t testing.TB, r *rand.Rand, pool []*Point, n int) []*Point {
	out := make([]*Point, n)
	for i := range out {
		p := pool[r.IntN(len(pool))]
		if r.IntN(3) == 0 {
			p = ptScaled(t, r, p)
		} else {
			p = new(Point).Set(p)
		}
		out[i] = p
	}
	return out
}

func TestBatchBytes(t *testing.T) {
	r := ptRand(t)
	pool := ptPoints(t, r, 24) // the identity, B, the torsion points, random
	for n := 0; n <= 70; n++ {
		points := btPoints(t, r, pool, n)
		if n == 3 {
			points = []*Point{NewIdentityPoint(), NewIdentityPoint(), NewIdentityPoint()}
		}
		before := make([]Point, n)
		for i, p := range points {
			before[i] = *p
		}
		for name, batch := range map[string]func([]*Point) [][]byte{
			"BatchBytes":           BatchBytes,
			"BatchBytesMontgomery": BatchBytesMontgomery,
		} {
			got := batch(points)
			if len(got) != n {
				t.Fatalf("%s n = %d: %d encodings", name, n, len(got))
			}
			for i, p := range points {
				if !sameLimbs(p, &before[i]) {
					t.Fatalf("%s n = %d: points[%d] modified", name, n, i)
				}
				want := p.Bytes()
				if name == "BatchBytesMontgomery" {
					want = p.BytesMontgomery()
				}
				if !bytes.Equal(got[i], want) {
					t.Fatalf("%s n = %d: element %d is %x, want %x", name, n, i, got[i], want)
				}
			}
			btCheckFresh(t, name, got)
		}
	}
}

// btCheckFresh fails unless every slice has its own memory: writing the
// whole capacity of one leaves every other unchanged.
func btCheckFresh(t *testing.T, name string, out [][]byte) {
	t.Helper()
	saved := make([][]byte, len(out))
	for i := range out {
		saved[i] = bytes.Clone(out[i])
	}
	for i := range out {
		full := out[i][:cap(out[i])]
		for k := range full {
			full[k] ^= 0xff
		}
		for j := range out {
			if j != i && !bytes.Equal(out[j], saved[j]) {
				t.Fatalf("%s: element %d shares memory with element %d", name, j, i)
			}
		}
		for k := range full {
			full[k] ^= 0xff
		}
	}
}

// TestBatchBytesUninitialized checks that an uninitialized point anywhere
// in the batch panics as Bytes does.
func TestBatchBytesUninitialized(t *testing.T) {
	r := ptRand(t)
	pool := ptPoints(t, r, 12)
	for _, pos := range []int{0, 3, 9} {
		points := btPoints(t, r, pool, 10)
		points[pos] = new(Point)
		for name, batch := range map[string]func([]*Point) [][]byte{
			"BatchBytes":           BatchBytes,
			"BatchBytesMontgomery": BatchBytesMontgomery,
		} {
			msg, panicked := svRecover(func() { batch(points) })
			if !panicked || !strings.Contains(msg, "uninitialized Point") {
				t.Errorf("%s with the zero Point at %d: panic %v %q", name, pos, panicked, msg)
			}
		}
	}
}

// FuzzBatchBytes decodes the input as up to 70 points of 32 bytes each
// (leniently, skipping those SetBytes rejects) and compares BatchBytes and
// BatchBytesMontgomery with Bytes and BytesMontgomery.
func FuzzBatchBytes(f *testing.F) {
	f.Add(append(NewGeneratorPoint().Bytes(), NewIdentityPoint().Bytes()...))
	f.Add(bytes.Repeat([]byte{0x58}, 32*5))
	f.Fuzz(func(t *testing.T, data []byte) {
		var points []*Point
		for len(data) >= 32 && len(points) < 70 {
			if p, err := new(Point).SetBytes(data[:32]); err == nil {
				points = append(points, p)
			}
			data = data[32:]
		}
		enc, mont := BatchBytes(points), BatchBytesMontgomery(points)
		for i, p := range points {
			if !bytes.Equal(enc[i], p.Bytes()) || !bytes.Equal(mont[i], p.BytesMontgomery()) {
				t.Fatalf("point %d (%x): batch encodings differ", i, p.Bytes())
			}
		}
	})
}

// FuzzBatchInvert reads the input as up to 70 scalars of 32 bytes each
// (reduced mod l, so zeros and l-multiples come out 0) and compares
// BatchInvert with Invert.
func FuzzBatchInvert(f *testing.F) {
	f.Add(make([]byte, 64))
	f.Add(bytes.Repeat([]byte{0xed}, 32*3))
	f.Fuzz(func(t *testing.T, data []byte) {
		var x []*Scalar
		for len(data) >= 32 && len(x) < 70 {
			wide := make([]byte, 64)
			copy(wide, data[:32])
			s, err := new(Scalar).SetUniformBytes(wide)
			if err != nil {
				t.Fatal(err)
			}
			x = append(x, s)
			data = data[32:]
		}
		v := make([]*Scalar, len(x))
		for i := range v {
			v[i] = new(Scalar)
		}
		BatchInvert(v, x)
		for i := range x {
			if v[i].Equal(new(Scalar).Invert(x[i])) != 1 {
				t.Fatalf("scalar %d (%x): BatchInvert differs from Invert", i, x[i].Bytes())
			}
		}
	})
}
