package x25519_test

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"fmt"

	"github.com/seed06d4b90c/edwards25519/x25519"
)

// The key exchange of RFC 7748, section 6.1. Real private keys are 32
// random bytes, from crypto/rand.
func ExampleX25519() {
	alicePriv, _ := hex.DecodeString("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a")
	bobPriv, _ := hex.DecodeString("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb")

	alicePub, err := x25519.X25519(alicePriv, x25519.Basepoint)
	if err != nil {
		panic(err)
	}
	bobPub, err := x25519.X25519(bobPriv, x25519.Basepoint)
	if err != nil {
		panic(err)
	}

	// Each side combines its private key with the other's public key. An
	// error means the peer sent a low-order point: abort the exchange.
	aliceShared, err := x25519.X25519(alicePriv, bobPub)
	if err != nil {
		panic(err)
	}
	bobShared, err := x25519.X25519(bobPriv, alicePub)
	if err != nil {
		panic(err)
	}
	fmt.Println(hex.EncodeToString(alicePub))
	fmt.Println(hex.EncodeToString(aliceShared))
	fmt.Println(bytes.Equal(aliceShared, bobShared))
	// Output:
	// 8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a
	// 4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742
	// true
}

// An Ed25519 key pair, converted, is an X25519 key pair: the converted
// private key times the base point is the converted public key.
func ExampleEdPublicKeyToX25519() {
	seed := sha256.Sum256([]byte("example seed; use crypto/rand"))
	edPriv := ed25519.NewKeyFromSeed(seed[:])
	edPub := edPriv.Public().(ed25519.PublicKey)

	xPriv, err := x25519.EdPrivateKeyToX25519(edPriv)
	if err != nil {
		panic(err)
	}
	xPub, err := x25519.EdPublicKeyToX25519(edPub)
	if err != nil {
		panic(err)
	}
	derived, err := x25519.X25519(xPriv, x25519.Basepoint)
	if err != nil {
		panic(err)
	}
	fmt.Println(bytes.Equal(derived, xPub))

	// A small-order Ed25519 public key (here the identity) is refused.
	identity := make([]byte, 32)
	identity[0] = 1
	_, err = x25519.EdPublicKeyToX25519(identity)
	fmt.Println(err)
	// Output:
	// true
	// x25519: Ed25519 public key has small order
}

// An Ed25519 signing key doing an X25519 key exchange with a plain X25519
// peer. The converted private key is the clamped first half of SHA-512 of
// the seed (the seed here is that of RFC 8032's first test vector), and
// both sides arrive at the same secret.
func ExampleEdPrivateKeyToX25519() {
	seed, _ := hex.DecodeString("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
	edPriv := ed25519.NewKeyFromSeed(seed)
	edPub := edPriv.Public().(ed25519.PublicKey)

	xPriv, err := x25519.EdPrivateKeyToX25519(edPriv)
	if err != nil {
		panic(err)
	}
	h := sha512.Sum512(seed)
	h[0] &= 248
	h[31] &= 127
	h[31] |= 64
	fmt.Println(bytes.Equal(xPriv, h[:32]))

	// The peer knows only the Ed25519 public key, and converts it.
	peerPriv, _ := hex.DecodeString("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb")
	peerPub, _ := x25519.X25519(peerPriv, x25519.Basepoint)
	xPub, err := x25519.EdPublicKeyToX25519(edPub)
	if err != nil {
		panic(err)
	}
	peerShared, _ := x25519.X25519(peerPriv, xPub)
	ownShared, _ := x25519.X25519(xPriv, peerPub)
	fmt.Println(bytes.Equal(ownShared, peerShared))
	// Output:
	// true
	// true
}
