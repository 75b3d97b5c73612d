package edwards25519_test

import (
	"crypto/sha512"
	"encoding/hex"
	"fmt"

	"github.com/seed06d4b90c/edwards25519"
)

// hashToScalar derives a scalar from a label, as protocols do with a hash.
func hashToScalar(label string) *edwards25519.Scalar {
	h := sha512.Sum512([]byte(label))
	s, err := edwards25519.NewScalar().SetUniformBytes(h[:])
	if err != nil {
		panic(err)
	}
	return s
}

// A Diffie-Hellman exchange in the prime-order group.
func ExamplePoint_ScalarMult() {
	a, b := hashToScalar("alice"), hashToScalar("bob")
	A := new(edwards25519.Point).ScalarBaseMult(a)
	B := new(edwards25519.Point).ScalarBaseMult(b)

	sharedA := new(edwards25519.Point).ScalarMult(a, B)
	sharedB := new(edwards25519.Point).ScalarMult(b, A)
	fmt.Println(sharedA.Equal(sharedB) == 1)
	// Output: true
}

// The generator's encoding, as given in RFC 8032, section 5.1.
func ExamplePoint_ScalarBaseMult() {
	one, _ := edwards25519.NewScalar().SetCanonicalBytes(append([]byte{1}, make([]byte, 31)...))
	B := new(edwards25519.Point).ScalarBaseMult(one)
	fmt.Println(hex.EncodeToString(B.Bytes()))
	// Output: 5866666666666666666666666666666666666666666666666666666666666666
}

// Decoding rejects encodings of points that are not on the curve.
func ExamplePoint_SetBytes() {
	enc, _ := hex.DecodeString("5866666666666666666666666666666666666666666666666666666666666666")
	if _, err := new(edwards25519.Point).SetBytes(enc); err == nil {
		fmt.Println("the generator decodes")
	}
	enc = append([]byte{2}, make([]byte, 31)...) // y = 2 is not the y of any point
	if _, err := new(edwards25519.Point).SetBytes(enc); err != nil {
		fmt.Println(err)
	}
	// Output:
	// the generator decodes
	// edwards25519: invalid point encoding
}

// Checking a Schnorr-style equation s·B = R + k·A on public values, the
// core of Ed25519 verification.
func ExamplePoint_VarTimeDoubleScalarBaseMult() {
	secret, nonce, k := hashToScalar("key"), hashToScalar("nonce"), hashToScalar("challenge")
	A := new(edwards25519.Point).ScalarBaseMult(secret)
	R := new(edwards25519.Point).ScalarBaseMult(nonce)
	s := edwards25519.NewScalar().MultiplyAdd(k, secret, nonce) // s = k·secret + nonce

	// s·B - k·A must equal R.
	minusK := edwards25519.NewScalar().Negate(k)
	check := new(edwards25519.Point).VarTimeDoubleScalarBaseMult(minusK, A, s)
	fmt.Println(check.Equal(R) == 1)
	// Output: true
}

// A sum of several products in one pass.
func ExamplePoint_MultiScalarMult() {
	scalars := []*edwards25519.Scalar{hashToScalar("x"), hashToScalar("y")}
	points := []*edwards25519.Point{
		new(edwards25519.Point).ScalarBaseMult(hashToScalar("P")),
		new(edwards25519.Point).ScalarBaseMult(hashToScalar("Q")),
	}
	sum := new(edwards25519.Point).MultiScalarMult(scalars, points)

	want := new(edwards25519.Point).ScalarMult(scalars[0], points[0])
	want.Add(want, new(edwards25519.Point).ScalarMult(scalars[1], points[1]))
	fmt.Println(sum.Equal(want) == 1)
	// Output: true
}

// Scalars reduce 64 uniform bytes modulo the group order.
func ExampleScalar_SetUniformBytes() {
	wide := make([]byte, 64)
	wide[32] = 1 // 2^256
	s, _ := edwards25519.NewScalar().SetUniformBytes(wide)
	fmt.Println(hex.EncodeToString(s.Bytes()))
	// Output: 1d95988d7431ecd670cf7d73f45befc6feffffffffffffffffffffffffffff0f
}
