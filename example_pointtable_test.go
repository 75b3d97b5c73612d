package edwards25519_test

import (
	"fmt"

	"github.com/seed06d4b90c/edwards25519"
)

// Pedersen commitments C = v·B + r·H use a second generator H that nobody
// knows the discrete logarithm of, here hashed to the curve. A table of H
// makes r·H as fast as v·B; build it once and share it.
func ExamplePointTable() {
	dst := []byte("edwards25519 example: Pedersen generator H")
	H, err := new(edwards25519.Point).SetHashToCurve([]byte("H"), dst)
	if err != nil {
		panic(err)
	}
	tableH := edwards25519.NewPointTable(H) // safe for concurrent use

	commit := func(v, r *edwards25519.Scalar) *edwards25519.Point {
		rH := new(edwards25519.Point).ScalarMultTable(r, tableH)
		return rH.Add(rH, new(edwards25519.Point).ScalarBaseMult(v))
	}
	scalar := func(b byte) *edwards25519.Scalar {
		wide := make([]byte, 64)
		for i := range wide {
			wide[i] = b ^ byte(i) // stand-ins for random scalars
		}
		s, _ := new(edwards25519.Scalar).SetUniformBytes(wide)
		return s
	}
	v1, r1, v2, r2 := scalar(1), scalar(2), scalar(3), scalar(4)

	// Commitments add up: C(v1, r1) + C(v2, r2) = C(v1 + v2, r1 + r2).
	sum := new(edwards25519.Point).Add(commit(v1, r1), commit(v2, r2))
	v := new(edwards25519.Scalar).Add(v1, v2)
	r := new(edwards25519.Scalar).Add(r1, r2)
	fmt.Println("homomorphic:", sum.Equal(commit(v, r)) == 1)

	// The table gives the same points as ScalarMult, and keeps H.
	slow := new(edwards25519.Point).ScalarMult(r1, H)
	fmt.Println("same as ScalarMult:", slow.Equal(new(edwards25519.Point).ScalarMultTable(r1, tableH)) == 1)
	fmt.Println("table of H:", tableH.Point().Equal(H) == 1)
	// Output:
	// homomorphic: true
	// same as ScalarMult: true
	// table of H: true
}
