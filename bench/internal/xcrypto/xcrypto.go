// Package xcrypto adapts golang.org/x/crypto/curve25519 to the benchmark
// suite: its X25519 function, the API this library's x25519 package copies.
//
// In the pinned version (v0.54.0) X25519 is a wrapper of crypto/ecdh that
// parses both keys on every call, and parsing the private key computes its
// public key: each row, variable base or Basepoint, costs two
// multiplications. That is what a caller of this API pays.
package xcrypto

import (
	"golang.org/x/crypto/curve25519"

	"github.com/seed06d4b90c/edwards25519/bench/internal/suite"
)

// Factories returns a runner factory for the two X25519 rows.
func Factories() map[string]suite.Factory {
	return map[string]suite.Factory{
		suite.X25519Variable: x25519Variable,
		suite.X25519Fixed:    x25519Fixed,
	}
}

func x25519Variable(in *suite.Inputs) suite.Runner {
	k, u := in.X25519Scalar[:], in.X25519Peer[:]
	var out []byte
	var err error
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				out, err = curve25519.X25519(k, u)
			}
		},
		Output: func() []byte { return suite.OrError(out, err) },
	}
}

func x25519Fixed(in *suite.Inputs) suite.Runner {
	k := in.X25519Scalar[:]
	var out []byte
	var err error
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				out, err = curve25519.X25519(k, curve25519.Basepoint)
			}
		},
		Output: func() []byte { return suite.OrError(out, err) },
	}
}
