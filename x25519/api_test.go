package x25519

import (
	"crypto/ed25519"
	"testing"
)

// TestAPISignatures compiles a use of every identifier of
// golang.org/x/crypto/curve25519 (v0.54.0) with its exact type, written out
// from that package's declarations, plus the two conversions; a drift in a
// signature is a build failure. (The same check against the x/crypto
// package itself needs x/crypto as a dependency; it lives in the bench
// module, which has it.)
func TestAPISignatures(t *testing.T) {
	var (
		_ func(scalar, point []byte) ([]byte, error) = X25519
		_ func(dst, scalar, point *[32]byte)         = ScalarMult
		_ func(dst, scalar *[32]byte)                = ScalarBaseMult
		_ []byte                                     = Basepoint
		_ func(ed25519.PrivateKey) ([]byte, error)   = EdPrivateKeyToX25519
		_ func(ed25519.PublicKey) ([]byte, error)    = EdPublicKeyToX25519
		_ [ScalarSize]byte                           = [32]byte{}
		_ [PointSize]byte                            = [32]byte{}
	)
	// ScalarSize and PointSize are untyped constants in x/crypto: they must
	// convert implicitly to any numeric type.
	var (
		_ float64 = ScalarSize
		_ int8    = ScalarSize
		_ uint    = PointSize
		_ float32 = PointSize
	)
	if len(Basepoint) != PointSize {
		t.Errorf("len(Basepoint) = %d", len(Basepoint))
	}
}
