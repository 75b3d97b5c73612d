package edwards25519

// Fuzz targets for hashing to the curve and Elligator 2, checked against
// the math/big reading of RFC 9380 in elligator_test.go. Without -fuzz, go
// test runs their seeds as ordinary tests.

import (
	"bytes"
	"crypto/sha512"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/seed06d4b90c/edwards25519/h2c"
)

// elFieldFromUniform is OS2IP(b) mod p (RFC 9380 section 5.2) in math/big.
func elFieldFromUniform(b []byte) *big.Int { return elMod(new(big.Int).SetBytes(b)) }

// elMapPoint is the math/big map of u as a Point (through its encoding).
func elMapPoint(t testing.TB, u *big.Int) *Point {
	t.Helper()
	x, y := elMap(u)
	p, err := new(Point).SetBytes(elEncode(x, y))
	if err != nil {
		t.Fatalf("math/big point (%v, %v) does not decode: %v", x, y, err)
	}
	return p
}

// FuzzSetHashToCurve compares both suites with their composition from
// h2c.ExpandMessageXMD, hash_to_field and the map in math/big, and the
// group law: RO = 8·(map(u0) + map(u1)), NU = 8·map(u). An empty DST must
// fail and leave the receiver unchanged.
func FuzzSetHashToCurve(f *testing.F) {
	f.Add([]byte(""), []byte("QUUX-V01-CS02-with-edwards25519_XMD:SHA-512_ELL2_RO_"))
	f.Add([]byte("abc"), []byte("D"))
	f.Add(bytes.Repeat([]byte{0xff}, 200), bytes.Repeat([]byte("long"), 70))
	f.Add([]byte("x"), []byte{})
	f.Fuzz(func(t *testing.T, msg, dst []byte) {
		ro, errRO := NewGeneratorPoint().SetHashToCurve(msg, dst)
		nu, errNU := NewGeneratorPoint().SetEncodeToCurve(msg, dst)
		if len(dst) == 0 {
			v := NewGeneratorPoint()
			_, err := v.SetHashToCurve(msg, dst)
			if errRO == nil || errNU == nil || ro != nil || nu != nil || err == nil || v.Equal(NewGeneratorPoint()) != 1 {
				t.Fatal("an empty DST was accepted or changed the receiver")
			}
			return
		}
		if errRO != nil || errNU != nil {
			t.Fatalf("errors %v, %v", errRO, errNU)
		}
		uniform, err := h2c.ExpandMessageXMD(sha512.New, msg, dst, 96)
		if err != nil {
			t.Fatal(err)
		}
		q0 := elMapPoint(t, elFieldFromUniform(uniform[:48]))
		q1 := elMapPoint(t, elFieldFromUniform(uniform[48:]))
		if want := new(Point).MultByCofactor(q0.Add(q0, q1)); ro.Equal(want) != 1 {
			t.Fatalf("SetHashToCurve(%x, %x) = %x, want %x", msg, dst, ro.Bytes(), want.Bytes())
		}
		uniform, _ = h2c.ExpandMessageXMD(sha512.New, msg, dst, 48)
		q := elMapPoint(t, elFieldFromUniform(uniform))
		if want := new(Point).MultByCofactor(q); nu.Equal(want) != 1 {
			t.Fatalf("SetEncodeToCurve(%x, %x) = %x, want %x", msg, dst, nu.Bytes(), want.Bytes())
		}
	})
}

// FuzzSetElligator2Representative decodes any bytes: wrong lengths fail
// with the receiver unchanged; 32 bytes give the math/big map of their low
// 254 bits, and encoding the point again gives r or p - r, the one at most
// (p-1)/2.
func FuzzSetElligator2Representative(f *testing.F) {
	f.Add(make([]byte, 32), byte(0))
	f.Add(bytes.Repeat([]byte{0xff}, 32), byte(0xc0))
	f.Add(append(bytes.Repeat([]byte{0xf6}, 31), 0x3f), byte(0x40))
	f.Add([]byte{1, 2, 3}, byte(0))
	f.Fuzz(func(t *testing.T, r []byte, tweak byte) {
		v := NewGeneratorPoint()
		p, err := v.SetElligator2Representative(r)
		if len(r) != 32 {
			if p != nil || err == nil || v.Equal(NewGeneratorPoint()) != 1 {
				t.Fatalf("length %d: %v, %v, receiver changed: %v", len(r), p, err, v.Equal(NewGeneratorPoint()) != 1)
			}
			return
		}
		if err != nil || p != v {
			t.Fatalf("SetElligator2Representative(%x): %v", r, err)
		}
		val := new(big.Int).SetBytes(reverse(r))
		val.SetBit(val, 255, 0).SetBit(val, 254, 0)
		if x, y := elMap(val); !bytes.Equal(p.Bytes(), elEncode(x, y)) {
			t.Fatalf("SetElligator2Representative(%x) = %x, want %x", r, p.Bytes(), elEncode(x, y))
		}
		if val.Cmp(elHalf) > 0 {
			val.Sub(elP, val)
		}
		want := reverse(val.FillBytes(make([]byte, 32)))
		want[31] |= tweak & 0xc0
		if got, err := p.Elligator2Representative(tweak); err != nil || !bytes.Equal(got, want) {
			t.Fatalf("representative of SetElligator2Representative(%x) = %x, %v; want %x", r, got, err, want)
		}
	})
}

// FuzzElligator2RoundTrip builds any point of the curve as ±(k·B + j·T)
// with T of order 8, and checks Elligator2Representative against the
// math/big decision and representative, and the round trip.
func FuzzElligator2RoundTrip(f *testing.F) {
	torsion := ptTorsion(f, rand.New(rand.NewPCG(1, 2)))
	f.Add([]byte{}, byte(0), byte(0))
	f.Add([]byte("point"), byte(5), byte(0x80))
	f.Add(bytes.Repeat([]byte{0xaa}, 64), byte(0x0f), byte(0xc0))
	f.Fuzz(func(t *testing.T, kBytes []byte, torsionSign, tweak byte) {
		h := sha512.Sum512(kBytes)
		k, _ := new(Scalar).SetUniformBytes(h[:])
		if len(kBytes) == 0 {
			k = NewScalar() // the torsion points themselves
		}
		p := new(Point).ScalarBaseMult(k)
		p.Add(p, torsion[torsionSign&7])
		if torsionSign&8 != 0 {
			p.Negate(p)
		}
		before := *p
		rep, err := p.Elligator2Representative(tweak)
		if p.x != before.x || p.y != before.y || p.z != before.z || p.t != before.t {
			t.Fatal("Elligator2Representative modified its receiver")
		}
		x, y := elAffine(p)
		want, ok := elRepresentative(x, y)
		if ok != (err == nil) {
			t.Fatalf("point %x: math/big says representable %v, got error %v", p.Bytes(), ok, err)
		}
		if !ok {
			return
		}
		wantBytes := reverse(want.FillBytes(make([]byte, 32)))
		wantBytes[31] |= tweak & 0xc0
		if !bytes.Equal(rep, wantBytes) {
			t.Fatalf("point %x: representative %x, want %x", p.Bytes(), rep, wantBytes)
		}
		if q, err := new(Point).SetElligator2Representative(rep); err != nil || q.Equal(p) != 1 {
			t.Fatalf("point %x: round trip gives %x", p.Bytes(), q.Bytes())
		}
	})
}
