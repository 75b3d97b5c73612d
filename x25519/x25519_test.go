package x25519

import (
	"bytes"
	"crypto/ecdh"
	"encoding/hex"
	"os"
	"testing"

	"github.com/seed06d4b90c/edwards25519/internal/testvectors"
)

// TestRFC7748Vectors runs the vectors of RFC 7748 sections 5.2 and 6.1
// (testvectors.RFC7748) through X25519, ScalarMult and, for u = 9,
// ScalarBaseMult; crypto/ecdh and the math/big transcription of the RFC's
// pseudo-code must agree with each, so that a typo in the typed-in data
// shows up.
func TestRFC7748Vectors(t *testing.T) { forEachLadder(t, testRFC7748Vectors) }

func testRFC7748Vectors(t *testing.T) {
	for _, v := range testvectors.RFC7748 {
		scalar, u, want := xHex(t, v.Scalar), xHex(t, v.U), xHex(t, v.Shared)
		got, err := X25519(scalar, u)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: X25519 = %x, %v; want %x", v.Name, got, err, want)
		}
		if std, ok := ecdhX25519(t, scalar, u); !ok || !bytes.Equal(std, want) {
			t.Errorf("%s: crypto/ecdh gives %x (typo in the typed-in vector?)", v.Name, std)
		}
		if b := bigX25519(scalar, u); !bytes.Equal(b, want) {
			t.Errorf("%s: math/big pseudo-code gives %x", v.Name, b)
		}
		// The deprecated array forms compute the same.
		var dst [32]byte
		ScalarMult(&dst, (*[32]byte)(scalar), (*[32]byte)(u))
		if !bytes.Equal(dst[:], want) {
			t.Errorf("%s: ScalarMult = %x", v.Name, dst)
		}
		if u[0] == 9 && bytes.Equal(u[1:], make([]byte, 31)) {
			ScalarBaseMult(&dst, (*[32]byte)(scalar))
			if !bytes.Equal(dst[:], want) {
				t.Errorf("%s: ScalarBaseMult = %x", v.Name, dst)
			}
			// The same key through Basepoint itself and through the ladder
			// (u = 9 + p is a non-canonical 9, which does not take the
			// fixed-base path).
			if got, err := X25519(scalar, Basepoint); err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s with Basepoint: %x, %v", v.Name, got, err)
			}
			nine := xHex(t, "f6ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f") // 9 + p
			if got, err := X25519(scalar, nine); err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s with u = 9 + p: %x, %v", v.Name, got, err)
			}
		}
	}
}

// TestRFC7748Iterated is the iterated test of RFC 7748 section 5.2: k = u =
// 9, then k, u = X25519(k, u), k. The 1,000,000-iteration result is checked
// only with EDWARDS25519_X25519_1M=1 (about half a minute).
func TestRFC7748Iterated(t *testing.T) { forEachLadder(t, testRFC7748Iterated) }

func testRFC7748Iterated(t *testing.T) {
	checkpoints := map[int]string{
		1:    "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079",
		1000: "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51",
	}
	last := 1000
	if os.Getenv("EDWARDS25519_X25519_1M") == "1" {
		checkpoints[1000000] = "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424"
		last = 1000000
	} else {
		t.Log("1,000,000-iteration vector skipped; set EDWARDS25519_X25519_1M=1 to run it")
	}
	k := make([]byte, 32)
	k[0] = 9
	u := bytes.Clone(k)
	hit := 0
	for i := 1; i <= last; i++ {
		out, err := X25519(k, u)
		if err != nil {
			t.Fatalf("iteration %d: %v", i, err)
		}
		u, k = k, out
		if want, ok := checkpoints[i]; ok {
			hit++
			if got := hex.EncodeToString(k); got != want {
				t.Fatalf("after %d iterations: got %s, want %s", i, got, want)
			}
		}
	}
	if hit != len(checkpoints) {
		t.Errorf("checked %d checkpoints, want %d", hit, len(checkpoints))
	}
}

// TestX25519Differential compares X25519 with crypto/ecdh on random
// scalars and points of every kind: random 32-byte strings (about half on
// the twist), honest public keys, points forced onto the twist, bit 255 set,
// non-canonical u, low-order points, and the base point passed as Basepoint,
// as a copy and as a literal.
func TestX25519Differential(t *testing.T) { forEachLadder(t, testX25519Differential) }

func testX25519Differential(t *testing.T) {
	r := xRand(t)
	var points [][]byte
	counts := map[string]int{}
	add := func(kind string, u []byte) {
		points = append(points, u)
		counts[kind]++
	}
	add("base (Basepoint)", Basepoint)
	add("base (copy)", bytes.Clone(Basepoint))
	add("base (literal)", []byte{9, 31: 0})
	for _, u := range edgeU() {
		add("edge", u)
	}
	for range 40 {
		add("random", xBytes(r, 32))
	}
	for range 20 {
		pub, _ := X25519(xBytes(r, 32), Basepoint)
		add("public key", pub)
	}
	for counts["twist"] < 20 {
		if u := xBytes(r, 32); !bigOnCurve(u) {
			u[31] &= 0x7f
			add("twist", u)
		}
	}
	for range 10 {
		u := xBytes(r, 32)
		u[31] |= 0x80
		add("bit 255 set", u)
	}
	for i := range 19 {
		// p + i for i < 19: the non-canonical encodings of 0..18.
		u := bytes.Repeat([]byte{0xff}, 32)
		u[0] = 0xed + byte(i)
		u[31] = 0x7f
		add("non-canonical", u)
	}

	zeros := 0
	for _, u := range points {
		for range 3 {
			k := xBytes(r, 32)
			kc, uc := bytes.Clone(k), bytes.Clone(u)
			got, err := X25519(k, u)
			if !bytes.Equal(k, kc) || !bytes.Equal(u, uc) {
				t.Fatalf("X25519 modified its inputs")
			}
			want, ok := ecdhX25519(t, k, u)
			switch {
			case !ok && (err == nil || got != nil):
				t.Errorf("k %x u %x: crypto/ecdh refuses (low order), X25519 = %x, %v", k, u, got, err)
			case ok && (err != nil || !bytes.Equal(got, want)):
				t.Errorf("k %x u %x: X25519 = %x, %v; crypto/ecdh %x", k, u, got, err, want)
			}
			if !ok {
				zeros++
			}
		}
	}
	if zeros == 0 {
		t.Error("no low-order point was tried")
	}
	t.Logf("%d points x 3 scalars against crypto/ecdh (%d low-order refusals): %v", len(points), zeros, counts)
}

// TestX25519LowOrder checks that every encoding of a low-order u gives the
// error and a nil result for any scalar, and that ScalarMult writes zeros.
func TestX25519LowOrder(t *testing.T) { forEachLadder(t, testX25519LowOrder) }

func testX25519LowOrder(t *testing.T) {
	if n := len(lowOrderU()); n != 5 {
		t.Fatalf("%d low-order u-coordinates, want 5 (0, 1, two of order 8, -1)", n)
	}
	// Cross-check the computed list with the values published with
	// Curve25519 (cr.yp.to/ecdh.html, "Which public keys are weak"): the
	// two of order 8, little-endian.
	known := map[string]bool{
		"e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800": false,
		"5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157": false,
	}
	for _, u := range lowOrderU() {
		if _, ok := known[hex.EncodeToString(u)]; ok {
			known[hex.EncodeToString(u)] = true
		}
	}
	for u, found := range known {
		if !found {
			t.Errorf("order-8 u %s not among the computed low-order points", u)
		}
	}
	r := xRand(t)
	encs := lowOrderEncodings()
	if len(encs) != 14 {
		t.Errorf("%d low-order encodings, want 14", len(encs))
	}
	for _, u := range encs {
		for range 4 {
			k := xBytes(r, 32)
			if got, err := X25519(k, u); err == nil || got != nil {
				t.Errorf("u %x: X25519 = %x, %v; want nil and an error", u, got, err)
			}
			dst := [32]byte(xBytes(r, 32))
			ScalarMult(&dst, (*[32]byte)(k), (*[32]byte)(u))
			if dst != [32]byte{} {
				t.Errorf("u %x: ScalarMult wrote %x, want zeros", u, dst)
			}
		}
	}
}

// TestX25519BadLengths checks that every length but 32 is an error, for
// either argument, with a nil result and the other argument untouched.
func TestX25519BadLengths(t *testing.T) {
	r := xRand(t)
	good := xBytes(r, 32)
	var bad [][]byte
	bad = append(bad, nil)
	for n := 0; n <= 100; n++ {
		if n != 32 {
			bad = append(bad, xBytes(r, n))
		}
	}
	for _, b := range bad {
		for _, args := range [][2][]byte{{b, good}, {good, b}, {b, Basepoint}} {
			gc := bytes.Clone(good)
			got, err := X25519(args[0], args[1])
			if err == nil || got != nil {
				t.Errorf("X25519 with lengths %d, %d: %x, %v; want nil and an error", len(args[0]), len(args[1]), got, err)
			}
			if !bytes.Equal(good, gc) {
				t.Fatal("X25519 modified its input on error")
			}
		}
	}
}

// TestX25519FreshResult checks that each call returns a new slice, which
// the caller may keep and modify.
func TestX25519FreshResult(t *testing.T) { forEachLadder(t, testX25519FreshResult) }

func testX25519FreshResult(t *testing.T) {
	r := xRand(t)
	k := xBytes(r, 32)
	for _, u := range [][]byte{Basepoint, xBytes(r, 32)} {
		a, errA := X25519(k, u)
		b, errB := X25519(k, u)
		if errA != nil || errB != nil {
			t.Fatal(errA, errB)
		}
		if &a[0] == &b[0] {
			t.Fatal("two calls returned the same array")
		}
		want := bytes.Clone(b)
		for i := range a {
			a[i] ^= 0xff
		}
		if !bytes.Equal(b, want) || len(a) != 32 || cap(a) != 32 {
			t.Fatalf("results share memory, or have the wrong shape (len %d cap %d)", len(a), cap(a))
		}
	}
	// Overlapping inputs: the scalar and the point may be the same slice.
	same := xBytes(r, 32)
	got, err := X25519(same, same)
	want, ok := ecdhX25519(t, same, same)
	if ok != (err == nil) || !bytes.Equal(got, want) {
		t.Errorf("X25519(x, x) = %x, %v; crypto/ecdh %x", got, err, want)
	}
}

// TestScalarBaseMult checks the deprecated fixed-base form: X25519 with the
// base point and the public key crypto/ecdh derives (both clamp the
// scalar), whatever the low three bits and bit 255 of the scalar; dst may
// be the scalar's array.
func TestScalarBaseMult(t *testing.T) { forEachLadder(t, testScalarBaseMult) }

func testScalarBaseMult(t *testing.T) {
	r := xRand(t)
	scalars := append(edgeScalars(), xBytes(r, 32), xBytes(r, 32))
	for range 30 {
		scalars = append(scalars, xBytes(r, 32))
	}
	for _, k := range scalars {
		var dst [32]byte
		ScalarBaseMult(&dst, (*[32]byte)(k))
		priv, err := ecdh.X25519().NewPrivateKey(k)
		if err != nil {
			t.Fatal(err)
		}
		if want := priv.PublicKey().Bytes(); !bytes.Equal(dst[:], want) {
			t.Errorf("k %x: ScalarBaseMult %x, crypto/ecdh public key %x", k, dst, want)
		}
		viaX, err := X25519(k, Basepoint)
		if err != nil || !bytes.Equal(viaX, dst[:]) {
			t.Errorf("k %x: X25519(k, Basepoint) = %x, %v; ScalarBaseMult %x", k, viaX, err, dst)
		}
		// Clamping: bits 0..2 and 255 of the input do not matter.
		flipped := [32]byte(k)
		flipped[0] ^= 7
		flipped[31] ^= 0x80
		var dst2 [32]byte
		ScalarBaseMult(&dst2, &flipped)
		if dst2 != dst {
			t.Errorf("k %x: flipping the clamped bits changed ScalarBaseMult", k)
		}
		// The ladder, through a non-canonical base point, agrees.
		var viaLadder [32]byte
		nine := xHex(t, "f6ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")
		ScalarMult(&viaLadder, (*[32]byte)(k), (*[32]byte)(nine))
		if viaLadder != dst {
			t.Errorf("k %x: ladder on 9 + p gives %x, comb %x", k, viaLadder, dst)
		}
		alias := [32]byte(k)
		ScalarBaseMult(&alias, &alias)
		if alias != dst {
			t.Errorf("k %x: ScalarBaseMult(&k, &k) = %x, want %x", k, alias, dst)
		}
	}
}

// TestScalarMult checks the deprecated variable-base form against X25519:
// the same result, zeros where X25519 returns an error, with dst aliasing
// either input, and the inputs untouched.
func TestScalarMult(t *testing.T) { forEachLadder(t, testScalarMult) }

func testScalarMult(t *testing.T) {
	r := xRand(t)
	points := append(edgeU(), Basepoint)
	for range 20 {
		points = append(points, xBytes(r, 32))
	}
	for _, u := range points {
		k := xBytes(r, 32)
		want, err := X25519(k, u)
		if err != nil {
			want = make([]byte, 32)
		}
		kc, uc := [32]byte(k), [32]byte(u)
		var dst [32]byte
		ScalarMult(&dst, &kc, &uc)
		if !bytes.Equal(dst[:], want) || kc != [32]byte(k) || uc != [32]byte(u) {
			t.Errorf("u %x: ScalarMult = %x, want %x (or inputs modified)", u, dst, want)
		}
		a := [32]byte(k)
		ScalarMult(&a, &a, &uc)
		b := [32]byte(u)
		ScalarMult(&b, &kc, &b)
		if !bytes.Equal(a[:], want) || !bytes.Equal(b[:], want) {
			t.Errorf("u %x: aliased ScalarMult = %x, %x; want %x", u, a, b, want)
		}
	}
}

// TestBasepoint checks the exported generator: u = 9, 32 bytes.
func TestBasepoint(t *testing.T) {
	want := make([]byte, 32)
	want[0] = 9
	if !bytes.Equal(Basepoint, want) || ScalarSize != 32 || PointSize != 32 {
		t.Errorf("Basepoint %x, ScalarSize %d, PointSize %d", Basepoint, ScalarSize, PointSize)
	}
}

var sink []byte

// TestAllocations checks that X25519 allocates nothing but its result, and
// the array forms and conversions nothing but theirs.
func TestAllocations(t *testing.T) { forEachLadder(t, testAllocations) }

func testAllocations(t *testing.T) {
	r := xRand(t)
	k, u := xBytes(r, 32), xBytes(r, 32)
	u[31] &= 0x7f
	pub, _ := X25519(xBytes(r, 32), Basepoint)
	var dst, ka, ua [32]byte
	ka, ua = [32]byte(k), [32]byte(pub)
	edPriv := make([]byte, 64)
	edPub := xHex(t, "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a") // RFC 8032 TEST 1
	for _, c := range []struct {
		name string
		max  float64
		f    func()
	}{
		{"X25519 variable base (result kept)", 1, func() { sink, _ = X25519(k, pub) }},
		{"X25519 fixed base (result kept)", 1, func() { sink, _ = X25519(k, Basepoint) }},
		{"X25519 variable base (result dropped)", 0, func() { out, _ := X25519(k, pub); dst[0] = out[0] }},
		{"X25519 fixed base (result dropped)", 0, func() { out, _ := X25519(k, Basepoint); dst[0] = out[0] }},
		// The result array is reserved before the low-order check.
		{"X25519 low-order point", 1, func() { sink, _ = X25519(k, lowOrderU()[0]) }},
		{"ScalarMult", 0, func() { ScalarMult(&dst, &ka, &ua) }},
		{"ScalarBaseMult", 0, func() { ScalarBaseMult(&dst, &ka) }},
		{"EdPrivateKeyToX25519", 1, func() { sink, _ = EdPrivateKeyToX25519(edPriv) }},
		{"EdPublicKeyToX25519", 1, func() { sink, _ = EdPublicKeyToX25519(edPub) }},
	} {
		if n := testing.AllocsPerRun(5, c.f); n > c.max {
			t.Errorf("%s: %v allocations, want at most %v", c.name, n, c.max)
		}
	}
}
