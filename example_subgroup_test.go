package edwards25519_test

import (
	"encoding/hex"
	"fmt"

	"github.com/seed06d4b90c/edwards25519"
)

// A point of order 2 added to B is not of small order, yet it is not in the
// prime-order subgroup either: checking IsSmallOrder is not enough to
// reject a point with a small-order component.
func ExamplePoint_IsTorsionFree() {
	B := edwards25519.NewGeneratorPoint()
	// (0, -1), the point of order 2: y = p - 1.
	enc, _ := hex.DecodeString("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")
	T, err := new(edwards25519.Point).SetBytes(enc)
	if err != nil {
		panic(err)
	}
	P := new(edwards25519.Point).Add(B, T)
	for _, c := range []struct {
		name string
		p    *edwards25519.Point
	}{{"B", B}, {"T", T}, {"B + T", P}} {
		fmt.Printf("%-5s small order %d, torsion-free %d\n", c.name, c.p.IsSmallOrder(), c.p.IsTorsionFree())
	}
	// Output:
	// B     small order 0, torsion-free 1
	// T     small order 1, torsion-free 0
	// B + T small order 0, torsion-free 0
}

// The identity has a canonical encoding, y = 1, and a non-canonical one,
// y = p + 1, which SetBytes accepts and SetCanonicalBytes rejects.
func ExamplePoint_SetCanonicalBytes() {
	canonical, _ := hex.DecodeString("0100000000000000000000000000000000000000000000000000000000000000")
	nonCanonical, _ := hex.DecodeString("eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")
	for _, enc := range [][]byte{canonical, nonCanonical} {
		_, errLenient := new(edwards25519.Point).SetBytes(enc)
		_, errStrict := new(edwards25519.Point).SetCanonicalBytes(enc)
		fmt.Println(errLenient == nil, errStrict == nil)
	}
	// Output:
	// true true
	// true false
}
