package ell2

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	ed "filippo.io/edwards25519"
	"filippo.io/edwards25519/field"

	"github.com/seed06d4b90c/edwards25519/internal/testvectors"
)

// vectorDir holds the RFC 9380 appendix J vectors, beside the repository.
const vectorDir = "../../../../shared/vectors/h2c/"

// element decodes a big-endian hex field element of the vector files.
func element(t *testing.T, s string) *field.Element {
	t.Helper()
	b, err := hex.DecodeString(strings.TrimPrefix(s, "0x"))
	if err != nil || len(b) != 32 {
		t.Fatalf("bad field element %q", s)
	}
	for i := range 16 {
		b[i], b[31-i] = b[31-i], b[i]
	}
	e, err := new(field.Element).SetBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestMapVectors checks Map against the Q points of RFC 9380, appendix J.5:
// map_to_curve of each u, before the cofactor is cleared.
func TestMapVectors(t *testing.T) {
	checked := 0
	for _, suite := range []struct {
		file string
		qs   []string
	}{
		{"edwards25519_XMD_SHA-512_ELL2_NU_.json", []string{"Q"}},
		{"edwards25519_XMD_SHA-512_ELL2_RO_.json", []string{"Q0", "Q1"}},
	} {
		data := testvectors.Read(t, vectorDir+suite.file)
		var file struct {
			Vectors []map[string]json.RawMessage `json:"vectors"`
		}
		if err := json.Unmarshal(data, &file); err != nil {
			t.Fatal(err)
		}
		for _, v := range file.Vectors {
			var us []string
			if err := json.Unmarshal(v["u"], &us); err != nil {
				t.Fatal(err)
			}
			for i, name := range suite.qs {
				var q struct{ X, Y string }
				if err := json.Unmarshal(v[name], &q); err != nil {
					t.Fatal(err)
				}
				p := Map(element(t, us[i]))
				X, Y, Z, _ := p.ExtendedCoordinates()
				zInv := new(field.Element).Invert(Z)
				x := new(field.Element).Multiply(X, zInv)
				y := new(field.Element).Multiply(Y, zInv)
				if x.Equal(element(t, q.X)) != 1 || y.Equal(element(t, q.Y)) != 1 {
					t.Errorf("%s: Map(%s) = (%x, %x), want %s", suite.file, us[i], x.Bytes(), y.Bytes(), name)
				}
				checked++
			}
		}
	}
	if checked < 15 {
		t.Errorf("checked only %d vectors", checked)
	}
	t.Logf("%d map_to_curve vectors", checked)
}

// halfP is (p-1)/2, p = 2^255 - 19.
var halfP = new(big.Int).Rsh(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(20)), 1)

// littleEndian reads b as a little-endian integer.
func littleEndian(b []byte) *big.Int {
	be := make([]byte, len(b))
	for i := range b {
		be[len(b)-1-i] = b[i]
	}
	return new(big.Int).SetBytes(be)
}

// TestRepresentativeRoundTrip checks that Representative inverts
// MapRepresentative on random strings, up to the sign of the value, and
// that about half of random points are representable.
func TestRepresentativeRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewChaCha8([32]byte([]byte("ell2 round trip test seed......."))))
	for range 200 {
		var r [32]byte
		for i := range r {
			r[i] = byte(rng.Uint32())
		}
		p := MapRepresentative(r)
		tweak := byte(rng.Uint32())
		got, err := Representative(p, tweak)
		if err != nil {
			t.Fatalf("r %x: %v", r, err)
		}
		if got[31]&0xc0 != tweak&0xc0 {
			t.Fatalf("r %x, tweak %#x: padding bits of %x", r, tweak, got)
		}
		back := MapRepresentative([32]byte(got))
		if back.Equal(p) != 1 {
			t.Fatalf("r %x: Representative %x maps elsewhere", r, got)
		}
		value := [32]byte(got)
		value[31] &= 0x3f
		orig := r
		orig[31] &= 0x3f
		ru, _ := new(field.Element).SetBytes(orig[:])
		neg := new(field.Element).Negate(ru).Bytes()
		if !bytes.Equal(value[:], orig[:]) && !bytes.Equal(value[:], neg) {
			t.Fatalf("r %x: Representative %x is neither r nor -r", r, got)
		}
		if littleEndian(value[:]).Cmp(halfP) > 0 {
			t.Fatalf("r %x: Representative %x is above (p-1)/2", r, got)
		}
	}

	representable := 0
	const n = 400
	for range n {
		var s [64]byte
		for i := range s {
			s[i] = byte(rng.Uint32())
		}
		x, _ := ed.NewScalar().SetUniformBytes(s[:])
		p := new(ed.Point).ScalarBaseMult(x)
		if _, err := Representative(p, 0); err == nil {
			representable++
		}
	}
	if representable < n*4/10 || representable > n*6/10 {
		t.Errorf("%d of %d random points representable, want about half", representable, n)
	}
}
