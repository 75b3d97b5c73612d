package edwards25519

import (
	"math/big"
	"testing"
)

// TestScalarAliasing checks that every Scalar method gives the same result
// when its receiver is one of its arguments, or arguments coincide, as when
// all are distinct, and that distinct arguments are left unchanged.
func TestScalarAliasing(t *testing.T) {
	r := ptRand(t)
	_, pool := ptScalarPairs(t, r, 30)

	type unary struct {
		name string
		f    func(v, x *Scalar) *Scalar
	}
	unaries := []unary{
		{"Set", (*Scalar).Set},
		{"Negate", (*Scalar).Negate},
		{"Invert", (*Scalar).Invert},
	}
	type binary struct {
		name string
		f    func(v, x, y *Scalar) *Scalar
	}
	binaries := []binary{
		{"Add", (*Scalar).Add},
		{"Subtract", (*Scalar).Subtract},
		{"Multiply", (*Scalar).Multiply},
	}

	for k := 0; k < 200; k++ {
		x0 := *pool[r.IntN(len(pool))]
		y0 := *pool[r.IntN(len(pool))]
		z0 := *pool[r.IntN(len(pool))]
		for _, op := range unaries {
			var want, x Scalar
			x = x0
			if op.f(&want, &x) != &want || x != x0 {
				t.Fatalf("%s: wrong return value or modified its argument", op.name)
			}
			// v = op(v)
			v := x0
			if op.f(&v, &v) != &v || v != want {
				t.Fatalf("%s(v, v) = %x, want %x", op.name, v.Bytes(), want.Bytes())
			}
		}
		for _, op := range binaries {
			var want Scalar
			x, y := x0, y0
			if op.f(&want, &x, &y) != &want || x != x0 || y != y0 {
				t.Fatalf("%s: wrong return value or modified an argument", op.name)
			}
			// v = op(v, y)
			v, y := x0, y0
			if op.f(&v, &v, &y) != &v || v != want || y != y0 {
				t.Fatalf("%s(v, v, y) = %x, want %x", op.name, v.Bytes(), want.Bytes())
			}
			// v = op(x, v)
			x, v = x0, y0
			if op.f(&v, &x, &v) != &v || v != want || x != x0 {
				t.Fatalf("%s(v, x, v) = %x, want %x", op.name, v.Bytes(), want.Bytes())
			}
			// op(x, x) with and without the receiver aliased.
			var want2 Scalar
			x = x0
			xc := x0
			op.f(&want2, &x, &xc)
			v = x0
			if op.f(&v, &v, &v) != &v || v != want2 {
				t.Fatalf("%s(v, v, v) = %x, want %x", op.name, v.Bytes(), want2.Bytes())
			}
			x = x0
			if op.f(&v, &x, &x) != &v || v != want2 || x != x0 {
				t.Fatalf("%s(v, x, x) = %x, want %x", op.name, v.Bytes(), want2.Bytes())
			}
		}

		// MultiplyAdd has three arguments: try every aliasing pattern of
		// (receiver, x, y, z) over the values x0, y0, z0.
		var want Scalar
		{
			x, y, z := x0, y0, z0
			if want.MultiplyAdd(&x, &y, &z) != &want || x != x0 || y != y0 || z != z0 {
				t.Fatal("MultiplyAdd: wrong return value or modified an argument")
			}
		}
		ma := func(name string, got *Scalar, wantV *Scalar) {
			t.Helper()
			if *got != *wantV {
				t.Fatalf("MultiplyAdd %s = %x, want %x", name, got.Bytes(), wantV.Bytes())
			}
		}
		{
			v, y, z := x0, y0, z0
			ma("(v, v, y, z)", v.MultiplyAdd(&v, &y, &z), &want)
		}
		{
			x, v, z := x0, y0, z0
			ma("(v, x, v, z)", v.MultiplyAdd(&x, &v, &z), &want)
		}
		{
			x, y, v := x0, y0, z0
			ma("(v, x, y, v)", v.MultiplyAdd(&x, &y, &v), &want)
		}
		// Coinciding arguments: x*x + z, x*y + x, x*y + y, x*x + x.
		var wxx, wxyx, wxyy, wxxx Scalar
		{
			a, b, c := x0, x0, z0
			wxx.MultiplyAdd(&a, &b, &c)
			a, b, c = x0, y0, x0
			wxyx.MultiplyAdd(&a, &b, &c)
			a, b, c = x0, y0, y0
			wxyy.MultiplyAdd(&a, &b, &c)
			a, b, c = x0, x0, x0
			wxxx.MultiplyAdd(&a, &b, &c)
		}
		{
			v, z := x0, z0
			ma("(v, v, v, z)", v.MultiplyAdd(&v, &v, &z), &wxx)
			v, y := x0, y0
			ma("(v, v, y, v)", v.MultiplyAdd(&v, &y, &v), &wxyx)
			x, v := x0, y0
			ma("(v, x, v, v)", v.MultiplyAdd(&x, &v, &v), &wxyy)
			v = x0
			ma("(v, v, v, v)", v.MultiplyAdd(&v, &v, &v), &wxxx)
			var out Scalar
			x, z = x0, z0
			ma("(out, x, x, z)", out.MultiplyAdd(&x, &x, &z), &wxx)
			x = x0
			ma("(out, x, x, x)", out.MultiplyAdd(&x, &x, &x), &wxxx)
		}

		// Equal of a scalar with itself.
		v := x0
		if v.Equal(&v) != 1 {
			t.Fatal("Equal(v, v) != 1")
		}
	}
}

// TestScalarSetterAliasing checks that the byte setters accept a slice that
// shares memory with nothing of the receiver and that errors leave the
// receiver intact, and that encoders do not mutate the receiver.
func TestScalarSetterAliasing(t *testing.T) {
	r := ptRand(t)
	_, pool := ptScalarPairs(t, r, 10)
	for _, s := range pool {
		orig := *s
		b := s.Bytes()
		_ = s.bytes32()
		_ = s.oddDigits(new([oddDigitCount]int8))
		_ = s.nafDigits(5)
		_ = s.signedWindowDigits(7, make([]int32, 40))
		if *s != orig {
			t.Fatal("an encoder or recoding modified its receiver")
		}
		// Decode the encoding back into the very scalar it came from.
		if got, err := s.SetCanonicalBytes(b); err != nil || got != s || *s != orig {
			t.Fatalf("SetCanonicalBytes(s.Bytes()) into s: %v", err)
		}
		// Failed setters leave every receiver untouched.
		long := make([]byte, 65)
		if _, err := s.SetUniformBytes(long); err == nil || *s != orig {
			t.Fatal("SetUniformBytes error changed the receiver")
		}
		if _, err := s.SetBytesWithClamping(long[:33]); err == nil || *s != orig {
			t.Fatal("SetBytesWithClamping error changed the receiver")
		}
		bad := scalarTestLE(new(big.Int).Add(groupOrder, big.NewInt(int64(r.IntN(1000)))), 32)
		if _, err := s.SetCanonicalBytes(bad); err == nil || *s != orig {
			t.Fatal("SetCanonicalBytes error changed the receiver")
		}
	}
}
