package edwards25519_test

import (
	"fmt"

	"github.com/seed06d4b90c/edwards25519"
)

// Encoding many points at once costs one field inversion instead of one per
// point. The base point encodes as in RFC 8032 and maps to u = 9 on
// Curve25519 (RFC 7748); the identity encodes as y = 1 and maps to u = 0.
func ExampleBatchBytes() {
	B := edwards25519.NewGeneratorPoint()
	points := []*edwards25519.Point{B, edwards25519.NewIdentityPoint(), new(edwards25519.Point).Add(B, B)}
	enc := edwards25519.BatchBytes(points)
	mont := edwards25519.BatchBytesMontgomery(points)
	for i, p := range points {
		same := string(enc[i]) == string(p.Bytes()) && string(mont[i]) == string(p.BytesMontgomery())
		fmt.Printf("%x %x… %v\n", enc[i], mont[i][:4], same)
	}
	// Output:
	// 5866666666666666666666666666666666666666666666666666666666666666 09000000… true
	// 0100000000000000000000000000000000000000000000000000000000000000 00000000… true
	// c9a3f86aae465f0e56513864510f3997561fa2c9e85ea21dc2292309f3cd6022 fb4e68dd… true
}

// Inverting many scalars at once costs one Scalar.Invert; zero, which has
// no inverse, comes out as zero, as Invert has it.
func ExampleBatchInvert() {
	x := make([]*edwards25519.Scalar, 4)
	for i := range x {
		b := make([]byte, 32)
		b[0] = byte(i) // 0, 1, 2, 3
		x[i], _ = new(edwards25519.Scalar).SetCanonicalBytes(b)
	}
	v := make([]*edwards25519.Scalar, len(x))
	for i := range v {
		v[i] = new(edwards25519.Scalar)
	}
	edwards25519.BatchInvert(v, x)
	for i := range x {
		product := new(edwards25519.Scalar).Multiply(x[i], v[i])
		fmt.Printf("%d · 1/%d = %d\n", i, i, product.Bytes()[0])
	}
	// Output:
	// 0 · 1/0 = 0
	// 1 · 1/1 = 1
	// 2 · 1/2 = 1
	// 3 · 1/3 = 1
}
