package x25519_test

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"

	"github.com/seed06d4b90c/edwards25519"
	"github.com/seed06d4b90c/edwards25519/x25519"
)

// A key exchange in which Alice's public key travels as 32 bytes that look
// random. Bob's side is plain X25519 once he has turned the representative
// into a public key.
func ExampleGenerateHiddenKey() {
	alicePriv, aliceRepresentative, err := x25519.GenerateHiddenKey(rand.Reader)
	if err != nil {
		panic(err)
	}

	bobPriv := make([]byte, 32)
	rand.Read(bobPriv)
	bobPub, _ := x25519.X25519(bobPriv, x25519.Basepoint)

	// Bob receives aliceRepresentative.
	alicePub, _ := x25519.RepresentativeToPublicKey(aliceRepresentative)
	bobShared, _ := x25519.X25519(bobPriv, alicePub)

	// Alice receives bobPub.
	aliceShared, _ := x25519.X25519(alicePriv, bobPub)

	fmt.Println(bytes.Equal(aliceShared, bobShared))
	// Output: true
}

// A representative received from the wire turned into a public key: the u
// of the point edwards25519 decodes it to, whatever its two padding bits.
// The value 0 is accepted too, but its key has low order, and X25519
// refuses it.
func ExampleRepresentativeToPublicKey() {
	rep, _ := hex.DecodeString("5d3e5c6fa7b2187d0ea4bdbe84a5d4a1b6afb8e6e4b4d29f4ab9d3bcd1a1f20c")
	pub, err := x25519.RepresentativeToPublicKey(rep)
	if err != nil {
		panic(err) // only for a length other than 32
	}
	p, _ := new(edwards25519.Point).SetElligator2Representative(rep)
	fmt.Println(bytes.Equal(pub, p.BytesMontgomery()))

	padded := bytes.Clone(rep)
	padded[31] |= 0xc0
	pub2, _ := x25519.RepresentativeToPublicKey(padded)
	fmt.Println(bytes.Equal(pub, pub2))

	zeroPub, _ := x25519.RepresentativeToPublicKey(make([]byte, 32))
	priv := make([]byte, 32)
	rand.Read(priv)
	_, err = x25519.X25519(priv, zeroPub)
	fmt.Println(err)
	// Output:
	// true
	// true
	// x25519: all-zero result: the point has low order
}
