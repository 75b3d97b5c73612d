// Ed25519 signing and verification composed on the public API of
// github.com/seed06d4b90c/edwards25519, as a protocol written on the
// library would do them.
//
// Apart from this comment, the package clause and the import block, this
// file is the same text as ../filippo/ed25519.go (TestAdaptersInSync checks
// it).

package ours

import (
	"bytes"
	"crypto/sha512"

	ed "github.com/seed06d4b90c/edwards25519"

	"github.com/seed06d4b90c/edwards25519/bench/internal/suite"
)

// Ed25519Sign returns the RFC 8032 (section 5.1.6) signature of message by
// priv, a 64-byte crypto/ed25519 private key (seed, then public key),
// written on the library's scalar and point API.
func Ed25519Sign(priv, message []byte) []byte {
	h := sha512.Sum512(priv[:32])
	s, err := ed.NewScalar().SetBytesWithClamping(h[:32])
	if err != nil {
		panic(err)
	}
	var digest [64]byte
	d := sha512.New()
	d.Write(h[32:])
	d.Write(message)
	r, err := ed.NewScalar().SetUniformBytes(d.Sum(digest[:0]))
	if err != nil {
		panic(err)
	}
	sig := make([]byte, 64)
	copy(sig, new(ed.Point).ScalarBaseMult(r).Bytes())

	d.Reset()
	d.Write(sig[:32])
	d.Write(priv[32:])
	d.Write(message)
	k, err := ed.NewScalar().SetUniformBytes(d.Sum(digest[:0]))
	if err != nil {
		panic(err)
	}
	copy(sig[32:], ed.NewScalar().MultiplyAdd(k, s, r).Bytes())
	return sig
}

// Ed25519Verify reports whether sig is a valid signature of message by the
// public key pub, with crypto/ed25519's rules: pub decoded as SetBytes
// decodes it, S canonical, and the encoding of [S]B - [k]A equal to R
// byte for byte (no cofactor).
func Ed25519Verify(pub, message, sig []byte) bool {
	if len(pub) != 32 || len(sig) != 64 {
		return false
	}
	A, err := new(ed.Point).SetBytes(pub)
	if err != nil {
		return false
	}
	S, err := ed.NewScalar().SetCanonicalBytes(sig[32:])
	if err != nil {
		return false
	}
	var digest [64]byte
	d := sha512.New()
	d.Write(sig[:32])
	d.Write(pub)
	d.Write(message)
	k, err := ed.NewScalar().SetUniformBytes(d.Sum(digest[:0]))
	if err != nil {
		panic(err)
	}
	minusA := new(ed.Point).Negate(A)
	R := new(ed.Point).VarTimeDoubleScalarBaseMult(k, minusA, S)
	return bytes.Equal(R.Bytes(), sig[:32])
}

func ed25519Sign(in *suite.Inputs) suite.Runner {
	priv, message := in.EdPrivateKey, in.Message
	var sig []byte
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				sig = Ed25519Sign(priv, message)
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
				valid = Ed25519Verify(pub, message, sig)
			}
		},
		Output: func() []byte { return suite.Bool(valid) },
	}
}
