package x25519

import (
	"bytes"
	"crypto/ecdh"
	"crypto/ed25519"
	"math/big"
	"testing"

	ref "filippo.io/edwards25519"
)

// bigEdToU computes u = (1 + y)/(1 - y) mod p from an Ed25519 public key
// encoding with math/big (sign bit dropped, y reduced mod p).
func bigEdToU(pub []byte) []byte {
	y := bigU(pub)
	num := new(big.Int).Add(big.NewInt(1), y)
	den := new(big.Int).Sub(big.NewInt(1), y)
	den.Mod(den, bigP)
	den.ModInverse(den, bigP)
	return bigLE32(num.Mul(num, den).Mod(num, bigP))
}

// TestEdKeyConversionLibsodium is the known answer of libsodium's
// test/default/ed25519_convert.c (its .exp file): the key pair of the seed
// below, converted by crypto_sign_ed25519_pk_to_curve25519 and
// crypto_sign_ed25519_sk_to_curve25519.
func TestEdKeyConversionLibsodium(t *testing.T) {
	seed := xHex(t, "421151a459faeade3d247115f94aedae42318124095afabe4d1451a559faedee")
	wantPub := xHex(t, "f1814f0e8ff1043d8a44d25babff3cedcae6c22c3edaa48f857ae70de2baae50")
	wantPriv := xHex(t, "8052030376d47112be7f73ed7a019293dd12ad910b654455798b4667d73de166")
	priv := ed25519.NewKeyFromSeed(seed)
	xPriv, err := EdPrivateKeyToX25519(priv)
	if err != nil || !bytes.Equal(xPriv, wantPriv) {
		t.Errorf("EdPrivateKeyToX25519 = %x, %v; want %x", xPriv, err, wantPriv)
	}
	xPub, err := EdPublicKeyToX25519(priv.Public().(ed25519.PublicKey))
	if err != nil || !bytes.Equal(xPub, wantPub) {
		t.Errorf("EdPublicKeyToX25519 = %x, %v; want %x", xPub, err, wantPub)
	}
}

// TestEdKeyConversion checks, on random crypto/ed25519 key pairs, that
// X25519(EdPrivateKeyToX25519(sk), Basepoint) = EdPublicKeyToX25519(pk),
// that crypto/ecdh derives the same public key from the converted private
// key, that the public key is (1 + y)/(1 - y) computed with math/big, that
// the private key is clamped, that two converted pairs agree on a shared
// secret, and that inputs are untouched and results fresh.
func TestEdKeyConversion(t *testing.T) {
	r := xRand(t)
	type pair struct{ xPriv, xPub []byte }
	var pairs []pair
	for i := range 64 {
		var pub ed25519.PublicKey
		var priv ed25519.PrivateKey
		if i%2 == 0 {
			priv = ed25519.NewKeyFromSeed(xBytes(r, 32))
			pub = priv.Public().(ed25519.PublicKey)
		} else {
			var err error
			pub, priv, err = ed25519.GenerateKey(bytes.NewReader(xBytes(r, 32)))
			if err != nil {
				t.Fatal(err)
			}
		}
		privC, pubC := bytes.Clone(priv), bytes.Clone(pub)
		xPriv, err := EdPrivateKeyToX25519(priv)
		if err != nil {
			t.Fatal(err)
		}
		xPub, err := EdPublicKeyToX25519(pub)
		if err != nil {
			t.Fatalf("pk %x: %v", pub, err)
		}
		if !bytes.Equal(priv, privC) || !bytes.Equal(pub, pubC) {
			t.Fatal("conversion modified its input")
		}
		if xPriv[0]&7 != 0 || xPriv[31]&0xc0 != 0x40 {
			t.Errorf("private key %x is not clamped", xPriv)
		}
		fromPriv, err := X25519(xPriv, Basepoint)
		if err != nil || !bytes.Equal(fromPriv, xPub) {
			t.Errorf("pk %x: X25519(converted sk, 9) = %x, converted pk %x", pub, fromPriv, xPub)
		}
		key, err := ecdh.X25519().NewPrivateKey(xPriv)
		if err != nil {
			t.Fatal(err)
		}
		if want := key.PublicKey().Bytes(); !bytes.Equal(want, xPub) {
			t.Errorf("pk %x: crypto/ecdh public key %x, converted %x", pub, want, xPub)
		}
		if want := bigEdToU(pub); !bytes.Equal(want, xPub) {
			t.Errorf("pk %x: math/big u %x, converted %x", pub, want, xPub)
		}
		pairs = append(pairs, pair{xPriv, xPub})
	}
	for i := 0; i+1 < len(pairs); i += 2 {
		a, b := pairs[i], pairs[i+1]
		s1, err1 := X25519(a.xPriv, b.xPub)
		s2, err2 := X25519(b.xPriv, a.xPub)
		if err1 != nil || err2 != nil || !bytes.Equal(s1, s2) {
			t.Errorf("converted pairs %d, %d disagree: %x, %x (%v, %v)", i, i+1, s1, s2, err1, err2)
		}
	}
	// Fresh results.
	priv := ed25519.NewKeyFromSeed(xBytes(r, 32))
	a, _ := EdPrivateKeyToX25519(priv)
	b, _ := EdPrivateKeyToX25519(priv)
	c, _ := EdPublicKeyToX25519(priv.Public().(ed25519.PublicKey))
	d, _ := EdPublicKeyToX25519(priv.Public().(ed25519.PublicKey))
	if &a[0] == &b[0] || &c[0] == &d[0] || len(a) != 32 || len(c) != 32 {
		t.Error("conversions do not return fresh 32-byte slices")
	}
}

// refTorsion returns the eight points of order dividing 8, with
// filippo.io/edwards25519: l·P for a point P with a component of order 8,
// and its multiples.
func refTorsion(t *testing.T) []*ref.Point {
	t.Helper()
	l, _ := new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)
	for i := range 256 {
		enc := make([]byte, 32)
		enc[0], enc[5] = byte(i), 0xa7
		p, err := new(ref.Point).SetBytes(enc)
		if err != nil {
			continue
		}
		q := ref.NewIdentityPoint()
		for b := l.BitLen() - 1; b >= 0; b-- {
			q.Add(q, q)
			if l.Bit(b) == 1 {
				q.Add(q, p)
			}
		}
		four := new(ref.Point).Add(q, q)
		four.Add(four, four)
		if four.Equal(ref.NewIdentityPoint()) == 1 {
			continue
		}
		out := []*ref.Point{ref.NewIdentityPoint()}
		for j := 1; j < 8; j++ {
			out = append(out, new(ref.Point).Add(out[j-1], q))
		}
		return out
	}
	t.Fatal("no point of order 8 found")
	return nil
}

// TestEdPublicKeyToX25519Rejects checks the errors: every length but 32,
// encodings that are not points, and every encoding of a small-order point
// that Point.SetBytes accepts, non-canonical ones included (each y of a
// torsion point, y + p where it fits below 2^255, with either sign bit,
// decoded by filippo.io/edwards25519: 14 strings). Points with a torsion
// component that are not of small order are accepted.
func TestEdPublicKeyToX25519Rejects(t *testing.T) {
	r := xRand(t)
	for n := 0; n <= 100; n++ {
		if n == 32 {
			continue
		}
		if got, err := EdPublicKeyToX25519(xBytes(r, n)); err == nil || got != nil {
			t.Errorf("length %d: %x, %v; want an error", n, got, err)
		}
	}
	if got, err := EdPublicKeyToX25519(nil); err == nil || got != nil {
		t.Errorf("nil: %x, %v; want an error", got, err)
	}
	offCurve := 0
	for offCurve < 20 {
		enc := xBytes(r, 32)
		if _, err := new(ref.Point).SetBytes(enc); err == nil {
			continue
		}
		offCurve++
		if got, err := EdPublicKeyToX25519(enc); err == nil || got != nil {
			t.Errorf("off-curve %x: %x, %v; want an error", enc, got, err)
		}
	}

	torsion := refTorsion(t)
	two255 := new(big.Int).Lsh(big.NewInt(1), 255)
	seen := map[string]bool{}
	for _, q := range torsion {
		y := bigU(q.Bytes())
		for _, yy := range []*big.Int{y, new(big.Int).Add(y, bigP)} {
			if yy.Cmp(two255) >= 0 {
				continue
			}
			for sign := range 2 {
				enc := bigLE32(yy)
				enc[31] |= byte(sign << 7)
				p, err := new(ref.Point).SetBytes(enc)
				if err != nil {
					continue // a sign bit with no point (x = 0 has only one)
				}
				if new(ref.Point).MultByCofactor(p).Equal(ref.NewIdentityPoint()) != 1 {
					t.Fatalf("%x decodes to a point that is not of small order", enc)
				}
				seen[string(enc)] = true
				if got, err := EdPublicKeyToX25519(enc); err == nil || got != nil {
					t.Errorf("small-order %x: %x, %v; want an error", enc, got, err)
				}
			}
		}
	}
	if len(seen) != 14 {
		t.Errorf("%d small-order encodings accepted by SetBytes, want 14", len(seen))
	}

	// A prime-order point plus a torsion point: not small order, converted.
	for i := range 16 {
		s, _ := new(ref.Scalar).SetUniformBytes(xBytes(r, 64))
		p := new(ref.Point).ScalarBaseMult(s)
		p.Add(p, torsion[i%8])
		enc := p.Bytes()
		got, err := EdPublicKeyToX25519(enc)
		if err != nil || !bytes.Equal(got, bigEdToU(enc)) || !bytes.Equal(got, p.BytesMontgomery()) {
			t.Errorf("mixed-order %x: %x, %v; want %x", enc, got, err, bigEdToU(enc))
		}
	}
}

// TestEdPrivateKeyToX25519Rejects checks that every length but 64 is an
// error with a nil result.
func TestEdPrivateKeyToX25519Rejects(t *testing.T) {
	r := xRand(t)
	for n := 0; n <= 100; n++ {
		if n == 64 {
			continue
		}
		if got, err := EdPrivateKeyToX25519(xBytes(r, n)); err == nil || got != nil {
			t.Errorf("length %d: %x, %v; want an error", n, got, err)
		}
	}
	if got, err := EdPrivateKeyToX25519(nil); err == nil || got != nil {
		t.Errorf("nil: %x, %v; want an error", got, err)
	}
}

// TestEdPublicKeyToX25519Differential runs checkEdPublicKeyToX25519 (the
// fuzz target's checks against filippo.io/edwards25519) on random strings
// (about half of their y are points), on public keys of random scalars
// with each torsion point added, and on y = 0, 1, 2, p - 1, p, p + 1,
// 2^255 - 1 and the torsion points' y (and y + p where it fits) with either
// sign bit.
func TestEdPublicKeyToX25519Differential(t *testing.T) {
	r := xRand(t)
	n := 2000
	if testing.Short() {
		n = 200
	}
	for range n {
		checkEdPublicKeyToX25519(t, xBytes(r, 32))
	}
	torsion := refTorsion(t)
	for range n / 20 {
		var wide [64]byte
		for i := range wide {
			wide[i] = byte(r.Uint32())
		}
		k, err := new(ref.Scalar).SetUniformBytes(wide[:])
		if err != nil {
			t.Fatal(err)
		}
		a := new(ref.Point).ScalarBaseMult(k)
		for _, q := range torsion {
			checkEdPublicKeyToX25519(t, new(ref.Point).Add(a, q).Bytes())
		}
	}
	ys := []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(2),
		new(big.Int).Sub(bigP, big.NewInt(1)), bigP, new(big.Int).Add(bigP, big.NewInt(1)),
		new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(1))}
	for _, q := range torsion {
		y := bigU(q.Bytes())
		ys = append(ys, y, new(big.Int).Add(y, bigP))
	}
	for _, y := range ys {
		if y.BitLen() > 255 {
			continue
		}
		for sign := range 2 {
			enc := bigLE32(y)
			enc[31] |= byte(sign << 7)
			checkEdPublicKeyToX25519(t, enc)
		}
	}
}
