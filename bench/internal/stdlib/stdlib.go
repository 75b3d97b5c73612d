// Package stdlib adapts the Go standard library to the benchmark suite:
// crypto/ecdh for X25519 and crypto/ed25519 for signatures.
package stdlib

import (
	"crypto/ecdh"
	"crypto/ed25519"

	"github.com/seed06d4b90c/edwards25519/bench/internal/suite"
)

// Factories returns a runner factory for the X25519 and Ed25519 rows.
func Factories() map[string]suite.Factory {
	return map[string]suite.Factory{
		suite.X25519Variable: x25519Variable,
		suite.X25519Fixed:    x25519Fixed,
		suite.Ed25519Sign:    ed25519Sign,
		suite.Ed25519Verify:  ed25519Verify,
	}
}

// x25519Variable parses both keys outside the loop (NewPrivateKey computes
// the public key, once) and times ECDH alone, which also rejects an
// all-zero result.
func x25519Variable(in *suite.Inputs) suite.Runner {
	priv, err := ecdh.X25519().NewPrivateKey(in.X25519Scalar[:])
	if err != nil {
		panic(err)
	}
	pub, err := ecdh.X25519().NewPublicKey(in.X25519Peer[:])
	if err != nil {
		panic(err)
	}
	var out []byte
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				out, err = priv.ECDH(pub)
			}
		},
		Output: func() []byte { return suite.OrError(out, err) },
	}
}

// x25519Fixed times NewPrivateKey, which computes the public key, and the
// copy of its bytes: crypto/ecdh has no other way to multiply the base
// point.
func x25519Fixed(in *suite.Inputs) suite.Runner {
	k := in.X25519Scalar[:]
	curve := ecdh.X25519()
	var out []byte
	var err error
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				var priv *ecdh.PrivateKey
				if priv, err = curve.NewPrivateKey(k); err == nil {
					out = priv.PublicKey().Bytes()
				}
			}
		},
		Output: func() []byte { return suite.OrError(out, err) },
	}
}

// ed25519Sign times Sign. Sign caches the expanded private key, keyed by
// the key's storage, so the seed is hashed in the first iteration only.
func ed25519Sign(in *suite.Inputs) suite.Runner {
	priv, message := in.EdPrivateKey, in.Message
	var sig []byte
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				sig = ed25519.Sign(priv, message)
			}
		},
		Output: func() []byte { return sig },
	}
}

func ed25519Verify(in *suite.Inputs) suite.Runner {
	pub, message, sig := in.EdPublicKey, in.Message, in.EdSignature
	valid := false
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				valid = ed25519.Verify(pub, message, sig)
			}
		},
		Output: func() []byte { return suite.Bool(valid) },
	}
}
