package edwards25519

import (
	"bytes"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"math/big"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/seed06d4b90c/edwards25519/field"
	"github.com/seed06d4b90c/edwards25519/h2c"
	"github.com/seed06d4b90c/edwards25519/internal/testvectors"
)

// The RFC 9380 suite vectors (appendix J.5 for edwards25519, J.4 for
// curve25519, K.3 for expand_message_xmd) from ../shared/vectors/h2c, the
// authors' JSON files.

const h2VectorDir = "../shared/vectors/h2c/"

type h2Affine struct{ X, Y string }

type h2SuiteFile struct {
	Ciphersuite string
	DST         string
	Vectors     []struct {
		Msg          string
		U            []string
		P, Q, Q0, Q1 *h2Affine
	}
}

func h2LoadSuite(t *testing.T, name string, wantSuite string) *h2SuiteFile {
	t.Helper()
	var f h2SuiteFile
	if err := json.Unmarshal(testvectors.Read(t, h2VectorDir+name), &f); err != nil {
		t.Fatal(err)
	}
	if f.Ciphersuite != wantSuite || len(f.Vectors) != 5 {
		t.Fatalf("%s: suite %q with %d vectors, want %q with 5", name, f.Ciphersuite, len(f.Vectors), wantSuite)
	}
	return &f
}

func h2Big(t *testing.T, s string) *big.Int {
	t.Helper()
	v, ok := new(big.Int).SetString(strings.TrimPrefix(s, "0x"), 16)
	if !ok || v.Cmp(elP) >= 0 {
		t.Fatalf("bad field element %q", s)
	}
	return v
}

// h2Edwards returns the encoding of an edwards25519 vector point, after
// checking that it is on the curve.
func h2Edwards(t *testing.T, a *h2Affine) []byte {
	t.Helper()
	x, y := h2Big(t, a.X), h2Big(t, a.Y)
	if !elOnCurve(x, y) {
		t.Fatalf("vector point (%s, %s) is not on edwards25519", a.X, a.Y)
	}
	return elEncode(x, y)
}

// h2FromMontgomery maps a curve25519 vector point (s, t) to edwards25519
// with the rational map of RFC 9380 appendix D and c = √-486664 (sgn0 0),
// in math/big. ok is false at the exceptional points (t = 0, s = -1).
func h2FromMontgomery(t *testing.T, a *h2Affine) (enc []byte, s *big.Int, ok bool) {
	t.Helper()
	s, tt := h2Big(t, a.X), h2Big(t, a.Y)
	if elMul(tt, tt).Cmp(elG(s)) != 0 {
		t.Fatalf("vector point (%s, %s) is not on curve25519", a.X, a.Y)
	}
	if tt.Sign() == 0 || elAdd(s, big.NewInt(1)).Sign() == 0 {
		return nil, s, false
	}
	x := elMul(elC, s, elInv0(tt))
	y := elMul(elSub(s, big.NewInt(1)), elInv0(elAdd(s, big.NewInt(1))))
	return elEncode(x, y), s, true
}

func h2Field(t *testing.T, s string) *field.Element { t.Helper(); return elToElement(t, h2Big(t, s)) }

// h2HashToField is hash_to_field for the suites, as the library computes it.
func h2HashToField(msg, dst []byte, count int) []*field.Element {
	uniform := make([]byte, count*hashToFieldBytes)
	expandXMDSHA512(uniform, msg, dst)
	var out []*field.Element
	for i := 0; i < count; i++ {
		e := new(field.Element)
		hashToField(e, uniform[i*hashToFieldBytes:])
		out = append(out, e)
	}
	return out
}

func h2SamePoint(t *testing.T, what string, got *Point, want []byte) {
	t.Helper()
	if !bytes.Equal(got.Bytes(), want) {
		t.Errorf("%s: got %x, want %x", what, got.Bytes(), want)
	}
}

// TestHashToCurveVectors: RFC 9380 J.5.1 (edwards25519_XMD:SHA-512_ELL2_RO_):
// P from SetHashToCurve, u from hash_to_field, and Q0, Q1 from
// SetElligator2 of u and from the math/big reading of the map.
func TestHashToCurveVectors(t *testing.T) {
	f := h2LoadSuite(t, "edwards25519_XMD_SHA-512_ELL2_RO_.json", "edwards25519_XMD:SHA-512_ELL2_RO_")
	for i, tv := range f.Vectors {
		p, err := new(Point).SetHashToCurve([]byte(tv.Msg), []byte(f.DST))
		if err != nil {
			t.Fatal(err)
		}
		h2SamePoint(t, "vector "+strconv.Itoa(i)+" P", p, h2Edwards(t, tv.P))
		us := h2HashToField([]byte(tv.Msg), []byte(f.DST), 2)
		for j, q := range []*h2Affine{tv.Q0, tv.Q1} {
			u := h2Field(t, tv.U[j])
			if us[j].Equal(u) != 1 {
				t.Errorf("vector %d: u%d = %x, want %s", i, j, us[j].Bytes(), tv.U[j])
			}
			want := h2Edwards(t, q)
			h2SamePoint(t, "vector "+strconv.Itoa(i)+" Q"+strconv.Itoa(j), new(Point).SetElligator2(u), want)
			if x, y := elMap(h2Big(t, tv.U[j])); !bytes.Equal(elEncode(x, y), want) {
				t.Errorf("vector %d: the math/big map disagrees with Q%d", i, j)
			}
		}
	}
}

// TestEncodeToCurveVectors: RFC 9380 J.5.2 (edwards25519_XMD:SHA-512_ELL2_NU_).
func TestEncodeToCurveVectors(t *testing.T) {
	f := h2LoadSuite(t, "edwards25519_XMD_SHA-512_ELL2_NU_.json", "edwards25519_XMD:SHA-512_ELL2_NU_")
	for i, tv := range f.Vectors {
		p, err := new(Point).SetEncodeToCurve([]byte(tv.Msg), []byte(f.DST))
		if err != nil {
			t.Fatal(err)
		}
		h2SamePoint(t, "vector "+strconv.Itoa(i)+" P", p, h2Edwards(t, tv.P))
		u := h2Field(t, tv.U[0])
		if got := h2HashToField([]byte(tv.Msg), []byte(f.DST), 1)[0]; got.Equal(u) != 1 {
			t.Errorf("vector %d: u = %x, want %s", i, got.Bytes(), tv.U[0])
		}
		want := h2Edwards(t, tv.Q)
		h2SamePoint(t, "vector "+strconv.Itoa(i)+" Q", new(Point).SetElligator2(u), want)
		if x, y := elMap(h2Big(t, tv.U[0])); !bytes.Equal(elEncode(x, y), want) {
			t.Errorf("vector %d: the math/big map disagrees with Q", i)
		}
	}
}

// TestCurve25519SuiteVectors: RFC 9380 J.4 (curve25519 RO and NU). The
// curve25519 suites differ from the edwards25519 ones only by the final
// rational map, a group isomorphism away from its exceptional points, so
// the Edwards results for the J.4 DSTs must be the images of the J.4
// points: checked through the Montgomery u (BytesMontgomery) and through the
// whole point mapped with math/big.
func TestCurve25519SuiteVectors(t *testing.T) {
	for _, suite := range []struct {
		file, name string
		ro         bool
	}{
		{"curve25519_XMD_SHA-512_ELL2_RO_.json", "curve25519_XMD:SHA-512_ELL2_RO_", true},
		{"curve25519_XMD_SHA-512_ELL2_NU_.json", "curve25519_XMD:SHA-512_ELL2_NU_", false},
	} {
		f := h2LoadSuite(t, suite.file, suite.name)
		for i, tv := range f.Vectors {
			set := (*Point).SetEncodeToCurve
			qs := []*h2Affine{tv.Q}
			if suite.ro {
				set, qs = (*Point).SetHashToCurve, []*h2Affine{tv.Q0, tv.Q1}
			}
			p, err := set(new(Point), []byte(tv.Msg), []byte(f.DST))
			if err != nil {
				t.Fatal(err)
			}
			check := func(what string, got *Point, a *h2Affine) {
				enc, s, ok := h2FromMontgomery(t, a)
				if !ok {
					t.Fatalf("%s %d %s: exceptional vector point", suite.name, i, what)
				}
				if want := reverse(s.FillBytes(make([]byte, 32))); !bytes.Equal(got.BytesMontgomery(), want) {
					t.Errorf("%s %d %s: Montgomery u %x, want %x", suite.name, i, what, got.BytesMontgomery(), want)
				}
				h2SamePoint(t, suite.name+" "+strconv.Itoa(i)+" "+what, got, enc)
			}
			check("P", p, tv.P)
			for j, q := range qs {
				check("Q"+strconv.Itoa(j), new(Point).SetElligator2(h2Field(t, tv.U[j])), q)
			}
		}
	}
}

// TestExpandXMDSHA512: the library's SHA-512 expander against the RFC 9380
// K.3 vectors and against h2c.ExpandMessageXMD on random inputs, long DSTs
// included.
func TestExpandXMDSHA512(t *testing.T) {
	var f struct {
		DST   string
		Tests []struct {
			LenInBytes   string `json:"len_in_bytes"`
			Msg          string
			UniformBytes string `json:"uniform_bytes"`
		}
	}
	if err := json.Unmarshal(testvectors.Read(t, h2VectorDir+"expand_message_xmd_SHA512_38.json"), &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Tests) != 10 {
		t.Fatalf("%d K.3 vectors, want 10", len(f.Tests))
	}
	for i, tc := range f.Tests {
		n, _ := strconv.ParseUint(strings.TrimPrefix(tc.LenInBytes, "0x"), 16, 16)
		want, _ := hex.DecodeString(tc.UniformBytes)
		got := make([]byte, n)
		expandXMDSHA512(got, []byte(tc.Msg), []byte(f.DST))
		if !bytes.Equal(got, want) {
			t.Errorf("K.3 vector %d: got %x, want %x", i, got, want)
		}
	}
	r := ptRand(t)
	for i := 0; i < 300; i++ {
		msg := make([]byte, r.IntN(400))
		dst := make([]byte, 1+[]int{r.IntN(255), 255 + r.IntN(300), r.IntN(60)}[i%3])
		for _, b := range [][]byte{msg, dst} {
			for j := range b {
				b[j] = byte(r.Uint32())
			}
		}
		length := []int{48, 96, 1 + r.IntN(300)}[i%3]
		got := make([]byte, length)
		expandXMDSHA512(got, msg, dst)
		want, err := h2c.ExpandMessageXMD(sha512.New, msg, dst, length)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("msg %x dst %x length %d: got %x, h2c %x (%v)", msg, dst, length, got, want, err)
		}
	}
}

// TestHashToCurveDST: an empty DST fails and leaves the receiver alone; a
// DST over 255 bytes is the same as its SHA-512 with the RFC prefix; the
// inputs are not modified; the result is in the prime-order subgroup.
func TestHashToCurveDST(t *testing.T) {
	for _, set := range []func(*Point, []byte, []byte) (*Point, error){(*Point).SetHashToCurve, (*Point).SetEncodeToCurve} {
		for _, dst := range [][]byte{nil, {}} {
			v := NewGeneratorPoint()
			if p, err := set(v, []byte("msg"), dst); p != nil || err == nil {
				t.Errorf("empty DST: got %v, %v", p, err)
			}
			if v.Equal(NewGeneratorPoint()) != 1 {
				t.Error("empty DST: receiver changed")
			}
		}
		long := bytes.Repeat([]byte("long-DST-"), 40)
		short := sha512.Sum512(append([]byte("H2C-OVERSIZE-DST-"), long...))
		msg := []byte("message")
		msgCopy, longCopy := append([]byte{}, msg...), append([]byte{}, long...)
		a, err1 := set(new(Point), msg, long)
		b, err2 := set(new(Point), msg, short[:])
		if err1 != nil || err2 != nil || a.Equal(b) != 1 {
			t.Errorf("a 360-byte DST does not act as its hash: %v %v", err1, err2)
		}
		if !bytes.Equal(msg, msgCopy) || !bytes.Equal(long, longCopy) {
			t.Error("inputs modified")
		}
		// 255 bytes is used as is, 256 is hashed.
		for _, n := range []int{255, 256} {
			dst := bytes.Repeat([]byte{'d'}, n)
			x, _ := set(new(Point), msg, dst)
			h := sha512.Sum512(append([]byte("H2C-OVERSIZE-DST-"), dst...))
			y, _ := set(new(Point), msg, h[:])
			if (x.Equal(y) == 1) != (n > 255) {
				t.Errorf("DST of %d bytes: hashed = %v", n, x.Equal(y) == 1)
			}
		}
		// 8·P has order l: l·P = identity, checked as (l-1)·P = -P.
		lMinus1, _ := new(Scalar).SetCanonicalBytes(reverse(new(big.Int).Sub(groupOrder, big.NewInt(1)).FillBytes(make([]byte, 32))))
		if a.Equal(NewIdentityPoint()) == 1 || new(Point).ScalarMult(lMinus1, a).Equal(new(Point).Negate(a)) != 1 {
			t.Error("the result is not of order l")
		}
	}
}

func TestHashToCurveAllocations(t *testing.T) {
	msg, dst := make([]byte, 32), []byte("QUUX-V01-CS02-with-edwards25519_XMD:SHA-512_ELL2_RO_")
	long := bytes.Repeat([]byte{'x'}, 300)
	var p Point
	for name, f := range map[string]func(){
		"SetHashToCurve":               func() { p.SetHashToCurve(msg, dst) },
		"SetEncodeToCurve":             func() { p.SetEncodeToCurve(msg, dst) },
		"SetHashToCurve, 300-byte DST": func() { p.SetHashToCurve(msg, long) },
	} {
		if n := testing.AllocsPerRun(10, f); n != 0 {
			t.Errorf("%s: %v allocations", name, n)
		}
	}
}

// BenchmarkHashToCurveInterleaved times the hashing and Elligator rows
// round-robin in one loop, with their references (one Invert plus one
// SqrtRatio), and reports each mean and the ratios: figures measured
// together on a shared machine, where separate runs drift apart.
//
//	go test -run '^$' -bench HashToCurveInterleaved -benchtime 2000x
func BenchmarkHashToCurveInterleaved(b *testing.B) {
	msg, dst := make([]byte, 32), []byte("QUUX-V01-CS02-with-edwards25519_XMD:SHA-512_ELL2_RO_")
	var p, q Point
	var e, f, one field.Element
	one.One()
	e.SetBytes(bytes.Repeat([]byte{0x5a}, 32))
	repBytes := bytes.Repeat([]byte{0x33}, 32)
	q.SetElligator2Representative(repBytes)
	ops := []struct {
		name string
		f    func()
	}{
		{"RO", func() { p.SetHashToCurve(msg, dst) }},
		{"NU", func() { p.SetEncodeToCurve(msg, dst) }},
		{"SetRep", func() { p.SetElligator2Representative(repBytes) }},
		{"Rep", func() { q.Elligator2Representative(0) }},
		{"InvSqrt", func() { f.Invert(&e); f.SqrtRatio(&one, &e) }},
	}
	total := make([]time.Duration, len(ops))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j := range ops {
			k := (i + j) % len(ops)
			t0 := time.Now()
			ops[k].f()
			total[k] += time.Since(t0)
		}
	}
	ns := func(k int) float64 { return float64(total[k].Nanoseconds()) / float64(b.N) }
	for k, op := range ops {
		b.ReportMetric(ns(k), "ns/"+op.name)
	}
	b.ReportMetric(ns(2)/ns(4), "SetRep/InvSqrt")
	b.ReportMetric(ns(3)/ns(4), "Rep/InvSqrt")
}
