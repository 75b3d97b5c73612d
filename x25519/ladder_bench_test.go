package x25519

import (
	"crypto/ecdh"
	"testing"
	"time"

	"github.com/seed06d4b90c/edwards25519/field"
)

// BenchmarkX25519Interleaved alternates X25519 (variable base, on each
// ladder path) with crypto/ecdh call by call, so that both see the same
// machine load, and reports each one's time per call and their ratio
// (x25519/ecdh; below 1 is faster than crypto/ecdh).
func BenchmarkX25519Interleaved(b *testing.B) {
	scalar, pub := benchKey(b)
	priv, err := ecdh.X25519().NewPrivateKey(scalar)
	if err != nil {
		b.Fatal(err)
	}
	peer, err := ecdh.X25519().NewPublicKey(pub)
	if err != nil {
		b.Fatal(err)
	}
	forEachLadder(b, func(b *testing.B) {
		var ours, theirs time.Duration
		for b.Loop() {
			t0 := time.Now()
			out, _ := X25519(scalar, pub)
			t1 := time.Now()
			ref, _ := priv.ECDH(peer)
			t2 := time.Now()
			ours += t1.Sub(t0)
			theirs += t2.Sub(t1)
			scalar[0] ^= out[0] ^ ref[0]
		}
		b.ReportMetric(float64(ours.Nanoseconds())/float64(b.N), "ns/x25519")
		b.ReportMetric(float64(theirs.Nanoseconds())/float64(b.N), "ns/ecdh")
		b.ReportMetric(float64(ours)/float64(theirs), "x25519/ecdh")
	})
}

// BenchmarkLadderKernel times the ladder alone on each path: 255 steps and
// the conversions (ladderIFMA) against 252 steps and three doublings
// (ladderGeneric).
func BenchmarkLadderKernel(b *testing.B) {
	var x1, x2, z2 field.Element
	x1.SetBytes(Basepoint)
	k := [32]byte{1: 0x55, 31: 0x40}
	forEachLadder(b, func(b *testing.B) {
		for b.Loop() {
			ladder(&x2, &z2, &k, &x1)
		}
	})
}

// BenchmarkIFMALadderKernel times the kernel alone: 255 steps, without the
// conversions, the inversion or the encodings.
func BenchmarkIFMALadderKernel(b *testing.B) {
	if ifmaLadderAsm && !ifmaLadderAvailable {
		b.Skip("the IFMA ladder kernel needs AVX2, AVX512F, AVX512VL and AVX512IFMA")
	}
	var x1 field.Element
	x1.SetBytes(Basepoint)
	var s0, r3 ifmaLanes
	ifmaLadderSetup(&s0, &r3, &x1)
	k := [32]byte{1: 0x55, 31: 0x40}
	for b.Loop() {
		s := s0
		ifmaLadderKernel(&s, &k, &r3, ifmaLadderSteps)
	}
}

// BenchmarkInvert times the inversion that follows the ladder.
func BenchmarkInvert(b *testing.B) {
	var z field.Element
	z.SetBytes(Basepoint)
	for b.Loop() {
		z.Invert(&z)
	}
}
