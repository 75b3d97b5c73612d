package main

// Hashing to the curve against curve25519-voi's primitives/h2c, the other
// Go implementation of the RFC 9380 edwards25519 suites: a differential
// test on random messages and DSTs (DSTs over 255 bytes included). The
// benchmarks of both are the SetHashToCurve and SetEncodeToCurve rows of
// the suite.

import (
	"bytes"
	"crypto"
	"crypto/sha512"
	"math/rand/v2"
	"testing"

	voicurve "github.com/oasisprotocol/curve25519-voi/curve"
	voih2c "github.com/oasisprotocol/curve25519-voi/primitives/h2c"

	"github.com/seed06d4b90c/edwards25519"
	"github.com/seed06d4b90c/edwards25519/h2c"
	"github.com/seed06d4b90c/edwards25519/internal/testrand"
)

func h2cRand(t testing.TB) *rand.Rand {
	t.Helper()
	return testrand.New(t, 9380)
}

func h2cVoiBytes(p *voicurve.EdwardsPoint) []byte {
	var c voicurve.CompressedEdwardsY
	c.SetEdwardsPoint(p)
	return c[:]
}

// TestH2CMatchesVoi compares ExpandMessageXMD, SetHashToCurve and
// SetEncodeToCurve with voi's ExpandMessageXMD and
// Edwards25519_XMD_SHA512_ELL2_RO/_NU, byte for byte.
func TestH2CMatchesVoi(t *testing.T) {
	r := h2cRand(t)
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}
	n := 500
	if testing.Short() {
		n = 100
	}
	long := 0
	for i := 0; i < n; i++ {
		msg := random([]int{0, 1, 32, r.IntN(300), 128 + r.IntN(10)}[i%5])
		dstLen := []int{1 + r.IntN(255), 255, 256, 256 + r.IntN(400), 1 + r.IntN(50)}[i/5%5]
		if dstLen > 255 {
			long++
		}
		dst := random(dstLen)

		length := 1 + r.IntN(400)
		want := make([]byte, length)
		if err := voih2c.ExpandMessageXMD(want, crypto.SHA512, dst, msg); err != nil {
			t.Fatal(err)
		}
		got, err := h2c.ExpandMessageXMD(sha512.New, msg, dst, length)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("ExpandMessageXMD(msg %x, dst %x, %d) = %x (%v), voi %x", msg, dst, length, got, err, want)
		}

		vro, err := voih2c.Edwards25519_XMD_SHA512_ELL2_RO(dst, msg)
		if err != nil {
			t.Fatal(err)
		}
		ro, err := new(edwards25519.Point).SetHashToCurve(msg, dst)
		if err != nil || !bytes.Equal(ro.Bytes(), h2cVoiBytes(vro)) {
			t.Fatalf("SetHashToCurve(msg %x, dst %x) = %x (%v), voi %x", msg, dst, ro.Bytes(), err, h2cVoiBytes(vro))
		}
		vnu, err := voih2c.Edwards25519_XMD_SHA512_ELL2_NU(dst, msg)
		if err != nil {
			t.Fatal(err)
		}
		nu, err := new(edwards25519.Point).SetEncodeToCurve(msg, dst)
		if err != nil || !bytes.Equal(nu.Bytes(), h2cVoiBytes(vnu)) {
			t.Fatalf("SetEncodeToCurve(msg %x, dst %x) = %x (%v), voi %x", msg, dst, nu.Bytes(), err, h2cVoiBytes(vnu))
		}
	}
	t.Logf("%d inputs, %d of them with DSTs over 255 bytes", n, long)
}
