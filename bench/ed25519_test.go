package main

import (
	"bytes"
	"crypto/ed25519"
	"math/rand/v2"
	"testing"

	"github.com/seed06d4b90c/edwards25519/bench/internal/filippo"
	"github.com/seed06d4b90c/edwards25519/bench/internal/ours"
	"github.com/seed06d4b90c/edwards25519/bench/internal/voi"
)

// composedEd25519 are the Ed25519 implementations the bench composes on
// each library's group API.
var composedEd25519 = []struct {
	name   string
	sign   func(priv, message []byte) []byte
	verify func(pub, message, sig []byte) bool
}{
	{"ours", ours.Ed25519Sign, ours.Ed25519Verify},
	{"filippo", filippo.Ed25519Sign, filippo.Ed25519Verify},
	{"voi", voi.Ed25519Sign, voi.Ed25519Verify},
}

// TestEd25519ComposedMatchesStdlib checks the composed Ed25519 of every
// library against crypto/ed25519: signatures byte for byte on random keys
// and messages, and the verification result on valid signatures and on
// tampered ones (R, S, the message, the key, S + l, a small-order key, a
// non-canonical R), so that a verifier that accepts too much fails.
func TestEd25519ComposedMatchesStdlib(t *testing.T) {
	rng := rand.New(rand.NewChaCha8([32]byte([]byte("bench ed25519 composed test seed"))))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return b
	}
	// l, little-endian, to make S + l from a valid S.
	l := []byte{0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10}
	addL := func(s []byte) []byte {
		out := make([]byte, 32)
		carry := 0
		for i := range out {
			v := int(s[i]) + int(l[i]) + carry
			out[i], carry = byte(v), v>>8
		}
		return out
	}
	// The encoding of the point of order 2 (0, -1), and y = 1 + p, a
	// non-canonical encoding of the identity.
	order2 := append([]byte{0xec}, bytes.Repeat([]byte{0xff}, 30)...)
	order2 = append(order2, 0x7f)
	identityPlusP := append([]byte{0xee}, bytes.Repeat([]byte{0xff}, 30)...)
	identityPlusP = append(identityPlusP, 0x7f)

	valid, rejected := 0, 0
	for i := range 40 {
		priv := ed25519.NewKeyFromSeed(random(32))
		pub := priv.Public().(ed25519.PublicKey)
		msg := random(i * 7)
		want := ed25519.Sign(priv, msg)

		type testCase struct {
			what           string
			pub, msg, sig  []byte
			wantValidation bool
		}
		tampered := func(what string, f func(pub, msg, sig []byte) ([]byte, []byte, []byte)) testCase {
			p, m, s := f(bytes.Clone(pub), bytes.Clone(msg), bytes.Clone(want))
			return testCase{what: what, pub: p, msg: m, sig: s, wantValidation: ed25519.Verify(p, m, s)}
		}
		cases := []testCase{
			{"valid", pub, msg, want, true},
			tampered("R changed", func(p, m, s []byte) ([]byte, []byte, []byte) { s[1] ^= 4; return p, m, s }),
			tampered("S changed", func(p, m, s []byte) ([]byte, []byte, []byte) { s[33] ^= 1; return p, m, s }),
			tampered("message changed", func(p, m, s []byte) ([]byte, []byte, []byte) { return p, append(m, 0), s }),
			tampered("key changed", func(p, m, s []byte) ([]byte, []byte, []byte) { p[0] ^= 1; return p, m, s }),
			tampered("S + l", func(p, m, s []byte) ([]byte, []byte, []byte) { copy(s[32:], addL(s[32:])); return p, m, s }),
			tampered("key of order 2", func(p, m, s []byte) ([]byte, []byte, []byte) { return order2, m, s }),
			tampered("R non-canonical", func(p, m, s []byte) ([]byte, []byte, []byte) { copy(s, identityPlusP); return p, m, s }),
		}
		for _, im := range composedEd25519 {
			if got := im.sign(priv, msg); !bytes.Equal(got, want) {
				t.Fatalf("%s: Sign(key %d, %x) = %x, crypto/ed25519 %x", im.name, i, msg, got, want)
			}
			for _, c := range cases {
				if got := im.verify(c.pub, c.msg, c.sig); got != c.wantValidation {
					t.Errorf("%s: Verify, %s (key %d) = %v, crypto/ed25519 %v", im.name, c.what, i, got, c.wantValidation)
				}
			}
		}
		for _, c := range cases {
			if c.wantValidation {
				valid++
			} else {
				rejected++
			}
		}
	}
	if rejected < 40*6 {
		t.Errorf("only %d tampered cases rejected by crypto/ed25519: the tampering is too weak", rejected)
	}
	t.Logf("%d signatures, %d valid and %d invalid verifications, each on %d implementations", 40, valid, rejected, len(composedEd25519))
}
