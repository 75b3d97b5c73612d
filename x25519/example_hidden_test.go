package x25519_test

import (
	"bytes"
	"crypto/rand"
	"fmt"

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
