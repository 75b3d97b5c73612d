package field_test

import (
	"fmt"

	"github.com/seed06d4b90c/edwards25519/field"
)

// BatchInvert inverts many elements for the price of one inversion, and
// maps 0 to 0 without disturbing the others.
func ExampleBatchInvert() {
	z := make([]*field.Element, 3)
	for i, k := range []uint32{2, 0, 5} {
		z[i] = new(field.Element).Mult32(new(field.Element).One(), k)
	}
	inv := make([]*field.Element, len(z))
	for i := range inv {
		inv[i] = new(field.Element)
	}
	field.BatchInvert(inv, z)

	one := new(field.Element).One()
	for i := range z {
		product := new(field.Element).Multiply(z[i], inv[i])
		fmt.Println(product.Equal(one) == 1, inv[i].Equal(new(field.Element).Invert(z[i])) == 1)
	}
	// Output:
	// true true
	// false true
	// true true
}
