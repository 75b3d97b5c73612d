package edwards25519_test

import (
	"fmt"

	"github.com/seed06d4b90c/edwards25519"
)

// An X25519 public key is a Montgomery u-coordinate; it names two Edwards
// points, P and -P, told apart by the sign of x. The X25519 base point
// u = 9 with sign 0 is the Ed25519 generator.
func ExamplePoint_SetMontgomeryBytes() {
	u := make([]byte, 32)
	u[0] = 9
	p, err := new(edwards25519.Point).SetMontgomeryBytes(u, 0)
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Equal(edwards25519.NewGeneratorPoint()) == 1)

	q, _ := new(edwards25519.Point).SetMontgomeryBytes(u, 1)
	fmt.Println(q.Equal(new(edwards25519.Point).Negate(p)) == 1)

	// u = 2 is on the quadratic twist: an X25519 input, but no Edwards point.
	u[0] = 2
	_, err = new(edwards25519.Point).SetMontgomeryBytes(u, 0)
	fmt.Println(err)
	// Output:
	// true
	// true
	// edwards25519: Montgomery u-coordinate is on the twist, not on Curve25519
}
