package field

import (
	"testing"

	reference "filippo.io/edwards25519/field"
)

// BenchmarkAfterMultiply times the operations that read an element's limbs
// right after a multiply has stored them one by one, in a chain, here and in
// filippo.io/edwards25519: the case where a copy of the limbs with 16-byte
// loads would wait for the stores (docs/PERFORMANCE.md, "Copies of limbs").
// Each iteration is one Multiply and the operation.
func BenchmarkAfterMultiply(b *testing.B) {
	var in [32]byte
	for i := range in {
		in[i] = byte(7*i + 3)
	}
	var x, y Element
	x.SetBytes(in[:])
	y.Square(&x)
	rx, err := new(reference.Element).SetBytes(in[:])
	if err != nil {
		b.Fatal(err)
	}
	ry := new(reference.Element).Square(rx)
	var out [32]byte
	b.Run("Equal", func(b *testing.B) {
		s := 0
		for b.Loop() {
			x.Multiply(&x, &y)
			s += x.Equal(&y)
		}
		sinkInt = s
	})
	b.Run("Equal/reference", func(b *testing.B) {
		s := 0
		for b.Loop() {
			rx.Multiply(rx, ry)
			s += rx.Equal(ry)
		}
		sinkInt = s
	})
	b.Run("Bytes", func(b *testing.B) {
		for b.Loop() {
			x.Multiply(&x, &y)
			copy(out[:], x.Bytes())
		}
	})
	b.Run("Bytes/reference", func(b *testing.B) {
		for b.Loop() {
			rx.Multiply(rx, ry)
			copy(out[:], rx.Bytes())
		}
	})
	b.Run("Set", func(b *testing.B) {
		var z Element
		for b.Loop() {
			z.Multiply(&x, &y)
			x.Set(&z)
		}
	})
	b.Run("Set/reference", func(b *testing.B) {
		var z reference.Element
		for b.Loop() {
			z.Multiply(rx, ry)
			rx.Set(&z)
		}
	})
}

// sinkInt keeps the compiler from dropping results the benchmarks compute.
var sinkInt int
