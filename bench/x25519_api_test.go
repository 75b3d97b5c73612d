package main

import (
	"bytes"
	"crypto/ed25519"
	"testing"

	"golang.org/x/crypto/curve25519"

	"github.com/seed06d4b90c/edwards25519/x25519"
)

// sameType compiles only if b is assignable to the type of a.
func sameType[T any](a, b T) {}

// TestX25519MatchesXCryptoAPI passes every identifier of
// golang.org/x/crypto/curve25519 and its counterpart in the x25519 package
// to sameType, which takes its type from the x/crypto identifier, so that a
// difference in any signature or in the kind of a constant is a build
// failure; then it runs both packages on the same inputs, low-order point
// included.
func TestX25519MatchesXCryptoAPI(t *testing.T) {
	sameType(curve25519.X25519, x25519.X25519)
	//lint:ignore SA1019 the deprecated functions are part of the API compared
	sameType(curve25519.ScalarMult, x25519.ScalarMult)
	sameType(curve25519.ScalarBaseMult, x25519.ScalarBaseMult)
	sameType(curve25519.Basepoint, x25519.Basepoint)
	var (
		_ [curve25519.ScalarSize]byte = [x25519.ScalarSize]byte{}
		_ [curve25519.PointSize]byte  = [x25519.PointSize]byte{}
		// Untyped in x/crypto, so untyped here: both convert to float64.
		_ float64 = curve25519.ScalarSize + x25519.ScalarSize + curve25519.PointSize + x25519.PointSize
	)
	var (
		_ func(ed25519.PrivateKey) ([]byte, error) = x25519.EdPrivateKeyToX25519
		_ func(ed25519.PublicKey) ([]byte, error)  = x25519.EdPublicKeyToX25519
	)
	if !bytes.Equal(curve25519.Basepoint, x25519.Basepoint) {
		t.Errorf("Basepoint %x, x/crypto %x", x25519.Basepoint, curve25519.Basepoint)
	}

	lowOrder := make([]byte, 32) // u = 0
	scalar := bytes.Repeat([]byte{0x42}, 32)
	for _, point := range [][]byte{curve25519.Basepoint, bytes.Repeat([]byte{0x17}, 32), lowOrder} {
		want, wantErr := curve25519.X25519(scalar, point)
		got, err := x25519.X25519(scalar, point)
		if !bytes.Equal(got, want) || (err == nil) != (wantErr == nil) {
			t.Errorf("X25519(%x): %x, %v; x/crypto %x, %v", point, got, err, want, wantErr)
		}
		var d1, d2 [32]byte
		//lint:ignore SA1019 the deprecated functions are part of the API compared
		curve25519.ScalarMult(&d1, (*[32]byte)(scalar), (*[32]byte)(point))
		//lint:ignore SA1019 the deprecated functions are part of the API compared
		x25519.ScalarMult(&d2, (*[32]byte)(scalar), (*[32]byte)(point))
		if d1 != d2 {
			t.Errorf("ScalarMult(%x): %x, x/crypto %x", point, d2, d1)
		}
	}
	var d1, d2 [32]byte
	curve25519.ScalarBaseMult(&d1, (*[32]byte)(scalar))
	x25519.ScalarBaseMult(&d2, (*[32]byte)(scalar))
	if d1 != d2 {
		t.Errorf("ScalarBaseMult: %x, x/crypto %x", d2, d1)
	}
}
