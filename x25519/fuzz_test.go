package x25519

// Native Go fuzz targets. Without -fuzz, go test runs their seeds as
// ordinary tests; a smoke run of each:
//
//	go test -run '^$' -fuzz '^FuzzX25519$' -fuzztime 10s ./x25519
//	go test -run '^$' -fuzz '^FuzzEdPublicKeyToX25519$' -fuzztime 10s ./x25519

import (
	"bytes"
	"testing"

	ref "filippo.io/edwards25519"

	"github.com/seed06d4b90c/edwards25519/internal/testvectors"
)

// fit32 cuts or zero-pads b to 32 bytes.
func fit32(b []byte) []byte {
	out := make([]byte, 32)
	copy(out, b)
	return out
}

// FuzzX25519 runs X25519 and ScalarMult against crypto/ecdh, on each
// ladder path (ladderPaths). With exact set, the fuzzer's slices are used as
// they are (any length other than 32 must be an error); otherwise they are
// fitted to 32 bytes. With base set, the point is Basepoint itself.
func FuzzX25519(f *testing.F) {
	for _, v := range testvectors.RFC7748 {
		f.Add(xHex(f, v.Scalar), xHex(f, v.U), false, false)
	}
	for _, u := range lowOrderEncodings() {
		f.Add(bytes.Repeat([]byte{0x5a}, 32), u, false, false)
	}
	f.Add([]byte{1}, []byte{9}, false, true)
	f.Add([]byte{1, 2, 3}, []byte{9}, true, false)
	f.Add(make([]byte, 32), make([]byte, 33), true, false)
	f.Fuzz(func(t *testing.T, scalar, point []byte, exact, base bool) {
		if !exact {
			scalar, point = fit32(scalar), fit32(point)
		}
		if base {
			point = Basepoint
		}
		for _, p := range ladderPaths() {
			setLadder(t, p)
			fuzzX25519Check(t, scalar, point)
		}
	})
}

// fuzzX25519Check is FuzzX25519's check of one input on the current ladder
// path.
func fuzzX25519Check(t *testing.T, scalar, point []byte) {
	sc, pc := bytes.Clone(scalar), bytes.Clone(point)
	got, err := X25519(scalar, point)
	if !bytes.Equal(scalar, sc) || !bytes.Equal(point, pc) {
		t.Fatal("X25519 modified its inputs")
	}
	if len(scalar) != 32 || len(point) != 32 {
		if err == nil || got != nil {
			t.Fatalf("lengths %d, %d: %x, %v; want an error", len(scalar), len(point), got, err)
		}
		return
	}
	want, ok := ecdhX25519(t, scalar, point)
	switch {
	case ok && (err != nil || !bytes.Equal(got, want)):
		t.Fatalf("X25519 (ladder %v) = %x, %v; crypto/ecdh %x", currentLadder, got, err, want)
	case !ok && (err == nil || got != nil):
		t.Fatalf("X25519 (ladder %v) = %x, %v; crypto/ecdh refuses (low order)", currentLadder, got, err)
	}
	var dst [32]byte
	ScalarMult(&dst, (*[32]byte)(scalar), (*[32]byte)(point))
	if !ok {
		want = make([]byte, 32)
	}
	if !bytes.Equal(dst[:], want) {
		t.Fatalf("ScalarMult (ladder %v) = %x, want %x", currentLadder, dst, want)
	}
}

// FuzzEdPublicKeyToX25519 decodes the input with filippo.io/edwards25519 and
// requires the same verdict (error for a non-point or a small-order point)
// and, on success, its BytesMontgomery and the math/big u = (1+y)/(1-y).
func FuzzEdPublicKeyToX25519(f *testing.F) {
	f.Add(xHex(f, "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"))
	f.Add(append([]byte{1}, make([]byte, 31)...))
	f.Add(make([]byte, 32))
	f.Add([]byte{1, 2, 3})
	f.Fuzz(checkEdPublicKeyToX25519)
}

// checkEdPublicKeyToX25519 is the body of FuzzEdPublicKeyToX25519, also run
// by TestEdPublicKeyToX25519Differential: the verdict of filippo's
// SetBytes and MultByCofactor, the error (errPublicKeyPoint for a
// non-point, errPublicKeyOrder for a point of small order), and on success
// filippo's BytesMontgomery and the math/big u = (1+y)/(1-y).
func checkEdPublicKeyToX25519(t *testing.T, pub []byte) {
	t.Helper()
	pc := bytes.Clone(pub)
	got, err := EdPublicKeyToX25519(pub)
	if !bytes.Equal(pub, pc) {
		t.Fatal("input modified")
	}
	p, refErr := new(ref.Point).SetBytes(pub)
	var wantErr error
	switch {
	case len(pub) != 32:
		wantErr = errPublicKeyLength
	case refErr != nil:
		wantErr = errPublicKeyPoint
	case new(ref.Point).MultByCofactor(p).Equal(ref.NewIdentityPoint()) == 1:
		wantErr = errPublicKeyOrder
	}
	if wantErr != nil {
		if err != wantErr || got != nil {
			t.Fatalf("%x: %x, %v; want %v", pub, got, err, wantErr)
		}
		return
	}
	if err != nil || !bytes.Equal(got, p.BytesMontgomery()) || !bytes.Equal(got, bigEdToU(pub)) {
		t.Fatalf("%x: %x, %v; want %x", pub, got, err, p.BytesMontgomery())
	}
}
