package edwards25519_test

import (
	"encoding/hex"
	"fmt"

	"github.com/seed06d4b90c/edwards25519"
	"github.com/seed06d4b90c/edwards25519/field"
)

// Hashing a message to a point of the prime-order group (RFC 9380,
// edwards25519_XMD:SHA-512_ELL2_RO_): the first vector of appendix J.5.1.
func ExamplePoint_SetHashToCurve() {
	dst := []byte("QUUX-V01-CS02-with-edwards25519_XMD:SHA-512_ELL2_RO_")
	p, err := new(edwards25519.Point).SetHashToCurve([]byte(""), dst)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", p.Bytes())
	// Output: 21dc15e10253796df23a7699c8a383ea624cce88c52431f6be220b1a56c8a609
}

// A point as 32 bytes that look random (Elligator 2), and back. About half
// of all points have such a representative; a protocol that needs one draws
// points until it gets one (see x25519.GenerateHiddenKey).
func ExamplePoint_Elligator2Representative() {
	in, _ := hex.DecodeString("5d3e5c6fa7b2187d0ea4bdbe84a5d4a1b6afb8e6e4b4d29f4ab9d3bcd1a1f20c")
	p, err := new(edwards25519.Point).SetElligator2Representative(in)
	if err != nil {
		panic(err) // only for a length other than 32
	}

	// The representative of p is the one of r and -r below (p-1)/2, here
	// the input itself; the tweak (random in practice) supplies its two
	// padding bits, 254 and 255.
	r, err := p.Elligator2Representative(0x80)
	if err != nil {
		panic(err) // cannot happen: p was decoded from a representative
	}
	fmt.Printf("%x\n", r)
	// Output: 5d3e5c6fa7b2187d0ea4bdbe84a5d4a1b6afb8e6e4b4d29f4ab9d3bcd1a1f28c
}

// The encoding variant (RFC 9380, edwards25519_XMD:SHA-512_ELL2_NU_), one
// field element and so one map per message: the vector for "abc" of
// appendix J.5.2.
func ExamplePoint_SetEncodeToCurve() {
	dst := []byte("QUUX-V01-CS02-with-edwards25519_XMD:SHA-512_ELL2_NU_")
	p, err := new(edwards25519.Point).SetEncodeToCurve([]byte("abc"), dst)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", p.Bytes())
	// Output: 42fa27c8f5a1ae0aa38bb59d5938e5145622ba5dedd11d11736fa2f9502d7367
}

// The bare map of RFC 9380, without hashing and without clearing the
// cofactor. The field element u is the one the vector for "abc" of
// appendix J.5.2 hashes to: its image is that vector's Q, and eight times
// Q is the SetEncodeToCurve output for "abc".
func ExamplePoint_SetElligator2() {
	b, _ := hex.DecodeString("3b256e551a20cde58be94db087671cb7f6763a5d0f4a595694d59bd70aa3cf09")
	u, err := new(field.Element).SetBytes(b) // little-endian
	if err != nil {
		panic(err)
	}
	q := new(edwards25519.Point).SetElligator2(u)
	fmt.Printf("%x\n", q.Bytes())

	dst := []byte("QUUX-V01-CS02-with-edwards25519_XMD:SHA-512_ELL2_NU_")
	p, _ := new(edwards25519.Point).SetEncodeToCurve([]byte("abc"), dst)
	fmt.Println(new(edwards25519.Point).MultByCofactor(q).Equal(p) == 1)
	// Output:
	// 43342a7b7811c5d02c978d252eb23a276e2cb806e320c882a7c408eb78f1b6d1
	// true
}
