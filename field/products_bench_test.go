package field

import "testing"

// BenchmarkPortableProducts times the three portable forms of the product,
// which give the same limbs, on whatever target runs it: feMulGeneric, the
// arm64 operation order and the products by halves. Each multiply is chained
// (its output is the next input), as in the FieldMultiply row; so is each
// square. On the targets whose seam runs feMulGeneric without having been
// timed against the others (arm, mips), this is the measurement that would
// choose one.
func BenchmarkPortableProducts(b *testing.B) {
	x := Element{l: [5]uint64{1<<51 - 3, 1<<50 + 7, 1<<51 - 99, 12345678, 1<<51 - 1}}
	y := Element{l: [5]uint64{1<<49 + 5, 1<<51 - 77, 98765, 1<<51 - 2, 1 << 48}}
	forms := []struct {
		name   string
		mul    func(out, a, b *Element)
		square func(out, a *Element)
	}{
		{"generic", feMulGeneric, feSquareGeneric},
		{"reordered", feMulReordered, feSquareReordered},
		{"halves", feMulHalves, feSquareHalves},
	}
	for _, f := range forms {
		b.Run("mul/"+f.name, func(b *testing.B) {
			v := x
			for b.Loop() {
				f.mul(&v, &v, &y)
			}
		})
		b.Run("square/"+f.name, func(b *testing.B) {
			v := x
			for b.Loop() {
				f.square(&v, &v)
			}
		})
	}
}
