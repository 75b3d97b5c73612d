package field_test

import (
	"bytes"
	"encoding/hex"
	"fmt"

	"github.com/seed06d4b90c/edwards25519/field"
)

// SetBytes ignores bit 255 and accepts encodings of p through 2^255 - 1;
// Bytes always returns the canonical encoding.
func ExampleElement_SetBytes() {
	// 2^255 - 1 with bit 255 set as well: decoded as 2^255 - 1 = p + 18.
	in := bytes.Repeat([]byte{0xff}, 32)
	x, err := new(field.Element).SetBytes(in)
	if err != nil {
		panic(err)
	}
	fmt.Println(hex.EncodeToString(x.Bytes()))

	// A wrong length is an error, and the receiver is left alone.
	_, err = x.SetBytes(in[:31])
	fmt.Println(err != nil)
	// Output:
	// 1200000000000000000000000000000000000000000000000000000000000000
	// true
}

func ExampleElement_Multiply() {
	// 2^128 * 2^128 = 2^256 = 2 * 2^255 = 2 * 19 = 38 (mod 2^255 - 19).
	enc := make([]byte, 32)
	enc[16] = 1 // 2^128
	x, _ := new(field.Element).SetBytes(enc)
	y := new(field.Element).Multiply(x, x)
	fmt.Println(hex.EncodeToString(y.Bytes()))
	// Output:
	// 2600000000000000000000000000000000000000000000000000000000000000
}

func ExampleElement_Invert() {
	two := new(field.Element).Add(new(field.Element).One(), new(field.Element).One())
	half := new(field.Element).Invert(two)
	// 1/2 = (p + 1) / 2 = 2^254 - 9.
	fmt.Println(hex.EncodeToString(half.Bytes()))
	fmt.Println(new(field.Element).Multiply(half, two).Equal(new(field.Element).One()))

	// Zero has no inverse; Invert maps it to zero.
	zero := new(field.Element)
	fmt.Println(new(field.Element).Invert(zero).Equal(zero))
	// Output:
	// f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff3f
	// 1
	// 1
}

func ExampleElement_SqrtRatio() {
	one := new(field.Element).One()
	minusOne := new(field.Element).Negate(one)
	two := new(field.Element).Add(one, one)

	// -1 is a square mod p (p = 1 mod 4): the result is the non-negative
	// square root of -1.
	r, wasSquare := new(field.Element).SqrtRatio(minusOne, one)
	fmt.Println(hex.EncodeToString(r.Bytes()), wasSquare)

	// 2 is not a square (p = 5 mod 8); r is then the root of SQRT_M1*2.
	r, wasSquare = new(field.Element).SqrtRatio(two, one)
	check := new(field.Element).Square(r)
	fmt.Println(wasSquare, check.Equal(two))
	// Output:
	// b0a00e4a271beec478e42fad0618432fa7d7fb3d99004d2b0bdfc14f8024832b 1
	// 0 0
}
