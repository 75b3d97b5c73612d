package x25519

import (
	"crypto/ed25519"
	"testing"
)

// Benchmarks of this package alone; bench/ compares them with the other
// implementations side by side.

// benchKey returns the scalar of the X25519 benchmarks and its public key.
func benchKey(b *testing.B) (scalar, pub []byte) {
	scalar = make([]byte, 32)
	for i := range scalar {
		scalar[i] = byte(7*i + 1)
	}
	pub, err := X25519(scalar, Basepoint)
	if err != nil {
		b.Fatal(err)
	}
	return scalar, pub
}

func BenchmarkX25519(b *testing.B) {
	scalar, pub := benchKey(b)
	b.Run("variable", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			out, _ := X25519(scalar, pub)
			scalar[0] ^= out[0]
		}
	})
	b.Run("base", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			out, _ := X25519(scalar, Basepoint)
			scalar[0] ^= out[0]
		}
	})
}

func BenchmarkLadderStep(b *testing.B) {
	var s ladderState
	var x1 = s[0]
	x1.One()
	for i := range s {
		s[i].Mult32(&x1, uint32(i+2))
	}
	x1.Mult32(&x1, 9)
	for b.Loop() {
		ladderStep(&s, &x1)
	}
}

func BenchmarkEdPublicKeyToX25519(b *testing.B) {
	pub := ed25519.NewKeyFromSeed(make([]byte, 32)).Public().(ed25519.PublicKey)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := EdPublicKeyToX25519(pub); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEdPrivateKeyToX25519(b *testing.B) {
	priv := ed25519.NewKeyFromSeed(make([]byte, 32))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := EdPrivateKeyToX25519(priv); err != nil {
			b.Fatal(err)
		}
	}
}
