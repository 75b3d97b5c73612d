package edwards25519_test

import (
	"encoding/hex"
	"fmt"

	"github.com/seed06d4b90c/edwards25519"
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
