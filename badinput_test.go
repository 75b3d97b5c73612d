package edwards25519

// Hostile and malformed input to every exported function that takes bytes
// or slices. For each: wrong lengths 0..100 and nil give an error (or the
// documented panic for mismatched slice lengths, with v1.2.0's message),
// an error never modifies the receiver, inputs are never modified, and
// the accept/reject verdict and resulting value match
// filippo.io/edwards25519 v1.2.0 (the API this package replaces) and,
// where possible, an independent math/big computation.

import (
	"bytes"
	"fmt"
	"math/big"
	"math/rand/v2"
	"reflect"
	"testing"

	ref "filippo.io/edwards25519"
	reffield "filippo.io/edwards25519/field"

	"github.com/seed06d4b90c/edwards25519/field"
)

// svBadLengths returns inputs of every length 0..100 except the good one,
// plus nil.
func svBadLengths(r *rand.Rand, good int) [][]byte {
	out := [][]byte{nil}
	for n := 0; n <= 100; n++ {
		if n != good {
			out = append(out, ptBytes(r, n))
		}
	}
	return out
}

// svLE2Int reads a little-endian integer.
func svLE2Int(b []byte) *big.Int {
	be := make([]byte, len(b))
	for i := range b {
		be[len(b)-1-i] = b[i]
	}
	return new(big.Int).SetBytes(be)
}

// svInt2LE writes v as n little-endian bytes.
func svInt2LE(v *big.Int, n int) []byte {
	be := v.FillBytes(make([]byte, n))
	out := make([]byte, n)
	for i := range be {
		out[n-1-i] = be[i]
	}
	return out
}

// svOrderL is the group order l = 2^252 + 27742317777372353535851937790883648493.
var svOrderL, _ = new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)

// svRecover runs f and returns what it panicked with, formatted, or "" if
// it returned normally.
func svRecover(f func()) (msg string, panicked bool) {
	defer func() {
		if r := recover(); r != nil {
			msg, panicked = fmt.Sprint(r), true
		}
	}()
	f()
	return "", false
}

func TestBadInputFieldSetBytes(t *testing.T) {
	r := ptRand(t)
	for _, in := range svBadLengths(r, 32) {
		v, _ := new(field.Element).SetBytes(ptBytes(r, 32))
		before, inCopy := *v, bytes.Clone(in)
		got, err := v.SetBytes(in)
		if err == nil || got != nil {
			t.Errorf("len %d: SetBytes = (%v, %v), want (nil, error)", len(in), got, err)
		}
		if !reflect.DeepEqual(before, *v) {
			t.Errorf("len %d: receiver modified on error", len(in))
		}
		if !bytes.Equal(in, inCopy) {
			t.Errorf("len %d: input modified", len(in))
		}
		if _, refErr := new(reffield.Element).SetBytes(in); refErr == nil {
			t.Errorf("len %d: reference accepts", len(in))
		}
	}
	// 32 bytes are always accepted; the top bit is ignored and values in
	// [p, 2^255) are reduced (documented, RFC 7748 section 5).
	var inputs [][]byte
	for k := int64(0); k < 19; k++ {
		v := new(big.Int).Add(svFieldP, big.NewInt(k))
		enc := svInt2LE(v, 32)
		inputs = append(inputs, enc, svWithTopBit(enc))
	}
	inputs = append(inputs, make([]byte, 32), bytes.Repeat([]byte{0xff}, 32), svInt2LE(new(big.Int).Sub(svFieldP, big.NewInt(1)), 32))
	for i := 0; i < 200; i++ {
		inputs = append(inputs, ptBytes(r, 32))
	}
	for _, in := range inputs {
		inCopy := bytes.Clone(in)
		v, err := new(field.Element).SetBytes(in)
		if err != nil {
			t.Fatalf("SetBytes(%x) rejects 32 bytes: %v", in, err)
		}
		masked := bytes.Clone(in)
		masked[31] &= 0x7f
		want := svInt2LE(new(big.Int).Mod(svLE2Int(masked), svFieldP), 32)
		if !bytes.Equal(v.Bytes(), want) {
			t.Errorf("SetBytes(%x).Bytes() = %x, want %x", in, v.Bytes(), want)
		}
		rv, _ := new(reffield.Element).SetBytes(in)
		if !bytes.Equal(v.Bytes(), rv.Bytes()) {
			t.Errorf("SetBytes(%x) differs from reference", in)
		}
		if !bytes.Equal(in, inCopy) {
			t.Errorf("SetBytes modified its input")
		}
	}
}

func svWithTopBit(b []byte) []byte {
	c := bytes.Clone(b)
	c[31] |= 0x80
	return c
}

func TestBadInputFieldSetWideBytes(t *testing.T) {
	r := ptRand(t)
	for _, in := range svBadLengths(r, 64) {
		v, _ := new(field.Element).SetBytes(ptBytes(r, 32))
		before, inCopy := *v, bytes.Clone(in)
		got, err := v.SetWideBytes(in)
		if err == nil || got != nil {
			t.Errorf("len %d: SetWideBytes = (%v, %v), want (nil, error)", len(in), got, err)
		}
		if !reflect.DeepEqual(before, *v) {
			t.Errorf("len %d: receiver modified on error", len(in))
		}
		if !bytes.Equal(in, inCopy) {
			t.Errorf("len %d: input modified", len(in))
		}
	}
	inputs := [][]byte{make([]byte, 64), bytes.Repeat([]byte{0xff}, 64)}
	for i := 0; i < 200; i++ {
		inputs = append(inputs, ptBytes(r, 64))
	}
	for _, in := range inputs {
		inCopy := bytes.Clone(in)
		v, err := new(field.Element).SetWideBytes(in)
		if err != nil {
			t.Fatalf("SetWideBytes rejects 64 bytes: %v", err)
		}
		want := svInt2LE(new(big.Int).Mod(svLE2Int(in), svFieldP), 32)
		if !bytes.Equal(v.Bytes(), want) {
			t.Errorf("SetWideBytes(%x) = %x, want %x", in, v.Bytes(), want)
		}
		rv, _ := new(reffield.Element).SetWideBytes(in)
		if !bytes.Equal(v.Bytes(), rv.Bytes()) {
			t.Errorf("SetWideBytes(%x) differs from reference", in)
		}
		if !bytes.Equal(in, inCopy) {
			t.Errorf("SetWideBytes modified its input")
		}
	}
}

// svScalarSetter is one of the byte-taking Scalar setters, paired with the
// reference's and with the value it must produce (nil: must reject).
type svScalarSetter struct {
	name string
	good int
	ours func(*Scalar, []byte) (*Scalar, error)
	refs func(*ref.Scalar, []byte) (*ref.Scalar, error)
	want func([]byte) []byte
}

var svScalarSetters = []svScalarSetter{
	{
		name: "SetCanonicalBytes", good: 32,
		ours: (*Scalar).SetCanonicalBytes, refs: (*ref.Scalar).SetCanonicalBytes,
		want: func(b []byte) []byte {
			if svLE2Int(b).Cmp(svOrderL) >= 0 {
				return nil
			}
			return bytes.Clone(b)
		},
	},
	{
		name: "SetUniformBytes", good: 64,
		ours: (*Scalar).SetUniformBytes, refs: (*ref.Scalar).SetUniformBytes,
		want: func(b []byte) []byte { return svInt2LE(new(big.Int).Mod(svLE2Int(b), svOrderL), 32) },
	},
	{
		name: "SetBytesWithClamping", good: 32,
		ours: (*Scalar).SetBytesWithClamping, refs: (*ref.Scalar).SetBytesWithClamping,
		want: func(b []byte) []byte {
			c := svClamp(b)
			return svInt2LE(new(big.Int).Mod(svLE2Int(c[:]), svOrderL), 32)
		},
	},
}

func TestBadInputScalarSetters(t *testing.T) {
	r := ptRand(t)
	lPlus := func(k int64) []byte { return svInt2LE(new(big.Int).Add(svOrderL, big.NewInt(k)), 32) }
	for _, s := range svScalarSetters {
		t.Run(s.name, func(t *testing.T) {
			// Wrong lengths.
			bad := svBadLengths(r, s.good)
			for _, in := range bad {
				x, _ := NewScalar().SetUniformBytes(ptBytes(r, 64))
				before, inCopy := *x, bytes.Clone(in)
				got, err := s.ours(x, in)
				if err == nil || got != nil {
					t.Errorf("len %d: got (%v, %v), want (nil, error)", len(in), got, err)
				}
				if !reflect.DeepEqual(before, *x) {
					t.Errorf("len %d: receiver modified on error", len(in))
				}
				if !bytes.Equal(in, inCopy) {
					t.Errorf("len %d: input modified", len(in))
				}
				if _, refErr := s.refs(new(ref.Scalar), in); refErr == nil {
					t.Errorf("len %d: reference accepts", len(in))
				}
			}
			// Right length: edge values around l and the top bits, and
			// random ones, some made non-canonical.
			var inputs [][]byte
			if s.good == 32 {
				inputs = append(inputs, lPlus(-1), lPlus(0), lPlus(1), lPlus(19), svInt2LE(new(big.Int).Lsh(svOrderL, 1), 32),
					svInt2LE(new(big.Int).Lsh(big.NewInt(1), 252), 32), svInt2LE(new(big.Int).Lsh(big.NewInt(1), 255), 32),
					make([]byte, 32), bytes.Repeat([]byte{0xff}, 32))
				for i := 0; i < 100; i++ {
					b := ptBytes(r, 32)
					if i%2 == 0 {
						b[31] &= 0x0f // mostly canonical
					}
					inputs = append(inputs, b)
				}
			} else {
				inputs = append(inputs, make([]byte, 64), bytes.Repeat([]byte{0xff}, 64), svInt2LE(svOrderL, 64))
				for i := 0; i < 100; i++ {
					inputs = append(inputs, ptBytes(r, 64))
				}
			}
			accepted, rejected := 0, 0
			for _, in := range inputs {
				x, _ := NewScalar().SetUniformBytes(ptBytes(r, 64))
				before, inCopy := *x, bytes.Clone(in)
				got, err := s.ours(x, in)
				refGot, refErr := s.refs(new(ref.Scalar), in)
				want := s.want(in)
				if !bytes.Equal(in, inCopy) {
					t.Errorf("%x: input modified", in)
				}
				if (err == nil) != (refErr == nil) {
					t.Errorf("%x: error %v, reference error %v", in, err, refErr)
				}
				if want == nil {
					rejected++
					if err == nil || got != nil {
						t.Errorf("%x: accepted a non-canonical scalar", in)
					}
					if !reflect.DeepEqual(before, *x) {
						t.Errorf("%x: receiver modified on error", in)
					}
					continue
				}
				accepted++
				if err != nil || got != x {
					t.Errorf("%x: got (%v, %v), want the receiver", in, got, err)
					continue
				}
				if !bytes.Equal(x.Bytes(), want) {
					t.Errorf("%x: value %x, want %x", in, x.Bytes(), want)
				}
				if refErr == nil && !bytes.Equal(x.Bytes(), refGot.Bytes()) {
					t.Errorf("%x: value differs from reference", in)
				}
			}
			if accepted == 0 || (s.name == "SetCanonicalBytes" && rejected == 0) {
				t.Errorf("vacuous: %d accepted, %d rejected", accepted, rejected)
			}
			t.Logf("%s: %d wrong lengths rejected; %d accepted, %d rejected of right length", s.name, len(bad), accepted, rejected)
		})
	}
}

// svCurveD returns d = -121665/121666 computed on field.Element.
func svCurveD() *field.Element {
	num := new(field.Element).Mult32(new(field.Element).One(), 121665)
	den := new(field.Element).Mult32(new(field.Element).One(), 121666)
	d := new(field.Element).Multiply(num, new(field.Element).Invert(den))
	return d.Negate(d)
}

// svDecodable reports whether the y of enc (top bit masked, reduced)
// admits an x with -x^2 + y^2 = 1 + d x^2 y^2, i.e. x^2 = (y^2 - 1)/(d y^2 + 1)
// is a square, and whether a requested x sign is possible (x = 0 has no
// negative form, but the library documents that it accepts it anyway).
func svDecodable(enc []byte) bool {
	y, _ := new(field.Element).SetBytes(enc)
	y2 := new(field.Element).Square(y)
	u := new(field.Element).Subtract(y2, new(field.Element).One())
	v := new(field.Element).Multiply(svCurveD(), y2)
	v.Add(v, new(field.Element).One())
	_, wasSquare := new(field.Element).SqrtRatio(u, v)
	return wasSquare == 1
}

func TestBadInputPointSetBytes(t *testing.T) {
	r := ptRand(t)
	bad := svBadLengths(r, 32)
	for _, in := range bad {
		p := new(Point).ScalarBaseMult(svHashScalar(ptBytes(r, 8)))
		before, beforeEnc, inCopy := *p, p.Bytes(), bytes.Clone(in)
		got, err := p.SetBytes(in)
		if err == nil || got != nil {
			t.Errorf("len %d: got (%v, %v), want (nil, error)", len(in), got, err)
		}
		// A drop-in replacement reports a wrong length as v1.2.0 does, with
		// its length error rather than the one for a point off the curve.
		if _, refErr := new(ref.Point).SetBytes(in); err != nil && (refErr == nil || err.Error() != refErr.Error()) {
			t.Errorf("len %d: error %q, v1.2.0 gives %v", len(in), err, refErr)
		}
		if !reflect.DeepEqual(before, *p) || !bytes.Equal(beforeEnc, p.Bytes()) {
			t.Errorf("len %d: receiver modified on error", len(in))
		}
		if !bytes.Equal(in, inCopy) {
			t.Errorf("len %d: input modified", len(in))
		}
	}

	// Edge encodings: every y in [p, 2^255) with both signs (non-canonical),
	// y = +-1 with the sign bit (x = 0), y = 0, all ones, and random strings
	// (about half are off the curve).
	var inputs [][]byte
	for k := int64(0); k < 19; k++ {
		enc := svInt2LE(new(big.Int).Add(svFieldP, big.NewInt(k)), 32)
		inputs = append(inputs, enc, svWithTopBit(enc))
	}
	one := svInt2LE(big.NewInt(1), 32)
	minusOne := svInt2LE(new(big.Int).Sub(svFieldP, big.NewInt(1)), 32)
	inputs = append(inputs, one, svWithTopBit(one), minusOne, svWithTopBit(minusOne),
		make([]byte, 32), svWithTopBit(make([]byte, 32)), bytes.Repeat([]byte{0xff}, 32))
	for i := 0; i < 300; i++ {
		inputs = append(inputs, ptBytes(r, 32))
	}
	accepted, rejected, nonCanonical := 0, 0, 0
	for _, in := range inputs {
		p := new(Point).ScalarBaseMult(svHashScalar(ptBytes(r, 8)))
		before, beforeEnc, inCopy := *p, p.Bytes(), bytes.Clone(in)
		got, err := p.SetBytes(in)
		refP, refErr := new(ref.Point).SetBytes(in)
		if !bytes.Equal(in, inCopy) {
			t.Errorf("%x: input modified", in)
		}
		if (err == nil) != (refErr == nil) {
			t.Errorf("%x: error %v, reference error %v", in, err, refErr)
		}
		if (err == nil) != svDecodable(in) {
			t.Errorf("%x: SetBytes error %v, but on-curve check says %v", in, err, svDecodable(in))
		}
		if err != nil {
			rejected++
			if got != nil {
				t.Errorf("%x: non-nil point returned with error", in)
			}
			if !reflect.DeepEqual(before, *p) || !bytes.Equal(beforeEnc, p.Bytes()) {
				t.Errorf("%x: receiver modified on error", in)
			}
			continue
		}
		accepted++
		if got != p {
			t.Errorf("%x: did not return the receiver", in)
		}
		if refErr == nil && !bytes.Equal(p.Bytes(), refP.Bytes()) {
			t.Errorf("%x: decodes to %x, reference %x", in, p.Bytes(), refP.Bytes())
		}
		if svNonCanonicalPoint(in) {
			nonCanonical++
			if bytes.Equal(p.Bytes(), in) {
				t.Errorf("%x: non-canonical input re-encodes to itself", in)
			}
		} else if !bytes.Equal(p.Bytes(), in) {
			t.Errorf("%x: canonical input re-encodes to %x", in, p.Bytes())
		}
	}
	if accepted == 0 || rejected == 0 || nonCanonical == 0 {
		t.Errorf("vacuous: %d accepted (%d non-canonical), %d rejected", accepted, nonCanonical, rejected)
	}
	t.Logf("Point.SetBytes: %d wrong lengths rejected; 32-byte: %d accepted (%d non-canonical), %d rejected off-curve", len(bad), accepted, nonCanonical, rejected)
}

func TestBadInputSetExtendedCoordinates(t *testing.T) {
	r := ptRand(t)
	type coords struct {
		name       string
		X, Y, Z, T *field.Element
		valid      bool
	}
	fe := func(b []byte) *field.Element { e, _ := new(field.Element).SetBytes(b); return e }
	var cases []coords
	for i := 0; i < 20; i++ {
		P := new(Point).ScalarBaseMult(svHashScalar(ptBytes(r, 8)))
		if i%4 == 3 {
			P.Add(P, svLowOrderPoint(t))
		}
		X, Y, Z, T := P.ExtendedCoordinates()
		lambda := fe(ptBytes(r, 32))
		if lambda.Equal(new(field.Element).Zero()) == 1 {
			lambda.One()
		}
		scale := func(e *field.Element) *field.Element { return new(field.Element).Multiply(e, lambda) }
		plusOne := func(e *field.Element) *field.Element { return new(field.Element).Add(e, new(field.Element).One()) }
		zero := new(field.Element).Zero()
		cases = append(cases,
			coords{"scaled valid", scale(X), scale(Y), scale(Z), scale(T), true},
			coords{"Z = 0", X, Y, zero, T, false},
			coords{"T off by one", X, Y, Z, plusOne(T), false},
			// (X:Y:Z:-T) satisfies the curve equation, where T is squared,
			// and fails only X·Y = Z·T (T ≠ 0: x, y ≠ 0 for these points).
			coords{"T negated", X, Y, Z, new(field.Element).Negate(T), false},
			coords{"X off by one (off curve)", plusOne(X), Y, Z, T, false},
			coords{"random", fe(ptBytes(r, 32)), fe(ptBytes(r, 32)), fe(ptBytes(r, 32)), fe(ptBytes(r, 32)), false},
		)
	}
	zero := new(field.Element).Zero()
	cases = append(cases, coords{"all zero", zero, zero, zero, zero, false})
	accepted, rejected, refQuirk := 0, 0, 0
	for _, c := range cases {
		p := new(Point).ScalarBaseMult(svHashScalar(ptBytes(r, 8)))
		before, beforeEnc := *p, p.Bytes()
		in := [4]field.Element{*c.X, *c.Y, *c.Z, *c.T}
		got, err := p.SetExtendedCoordinates(c.X, c.Y, c.Z, c.T)
		if in != [4]field.Element{*c.X, *c.Y, *c.Z, *c.T} {
			t.Errorf("%s: inputs modified", c.name)
		}
		rX, _ := new(reffield.Element).SetBytes(c.X.Bytes())
		rY, _ := new(reffield.Element).SetBytes(c.Y.Bytes())
		rZ, _ := new(reffield.Element).SetBytes(c.Z.Bytes())
		rT, _ := new(reffield.Element).SetBytes(c.T.Bytes())
		refP, refErr := new(ref.Point).SetExtendedCoordinates(rX, rY, rZ, rT)
		// v1.2.0 only checks the two curve equations, which (0:0:0:0)
		// satisfies: it returns a Point that then panics as
		// uninitialized. Z = 0 is not a valid projective point and the
		// documentation promises an error for invalid coordinates, so we
		// require the error and do not compare with the reference here.
		if c.name == "all zero" {
			if refErr == nil {
				refQuirk++
			}
		} else if (err == nil) != (refErr == nil) {
			t.Errorf("%s: error %v, reference error %v", c.name, err, refErr)
		}
		if (err == nil) != c.valid {
			t.Errorf("%s: error %v, want valid=%v", c.name, err, c.valid)
		}
		if err != nil {
			rejected++
			if got != nil {
				t.Errorf("%s: non-nil point with error", c.name)
			}
			if !reflect.DeepEqual(before, *p) || !bytes.Equal(beforeEnc, p.Bytes()) {
				t.Errorf("%s: receiver modified on error", c.name)
			}
			continue
		}
		accepted++
		if refErr == nil && c.name != "all zero" && !bytes.Equal(p.Bytes(), refP.Bytes()) {
			t.Errorf("%s: result differs from reference", c.name)
		}
	}
	if refQuirk > 0 {
		t.Logf("note: v1.2.0 accepted (0:0:0:0) %d times (it yields an uninitialized Point); this package must reject it", refQuirk)
	}
	// nil coordinates: whatever v1.2.0 does (panic or error), we must too.
	one := new(field.Element).One()
	rone := new(reffield.Element).One()
	for i := 0; i < 4; i++ {
		args := []*field.Element{one, one, one, new(field.Element).Zero()}
		rargs := []*reffield.Element{rone, rone, rone, new(reffield.Element).Zero()}
		args[i], rargs[i] = nil, nil
		p := NewGeneratorPoint()
		before := *p
		var err, refErr error
		msg, panicked := svRecover(func() { _, err = p.SetExtendedCoordinates(args[0], args[1], args[2], args[3]) })
		refMsg, refPanicked := svRecover(func() { _, refErr = new(ref.Point).SetExtendedCoordinates(rargs[0], rargs[1], rargs[2], rargs[3]) })
		if panicked != refPanicked || (err == nil) != (refErr == nil) {
			t.Errorf("nil coordinate %d: panic=%v (%s) err=%v; reference panic=%v (%s) err=%v", i, panicked, msg, err, refPanicked, refMsg, refErr)
		}
		if !reflect.DeepEqual(before, *p) {
			t.Errorf("nil coordinate %d: receiver modified", i)
		}
	}
	if accepted == 0 || rejected == 0 {
		t.Errorf("vacuous: %d accepted, %d rejected", accepted, rejected)
	}
	t.Logf("SetExtendedCoordinates: %d accepted, %d rejected, 4 nil-argument cases match v1.2.0", accepted, rejected)
}

// svLowOrderPoint returns a point of order 8 (it decodes from the
// canonical encoding of one; the encoding is checked to have order 8).
func svLowOrderPoint(t *testing.T) *Point {
	t.Helper()
	enc := svHex(t, "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05")
	P, err := new(Point).SetBytes(enc)
	if err != nil {
		t.Fatalf("order-8 point does not decode: %v", err)
	}
	Q := new(Point).Set(P)
	for i := 1; i <= 8; i++ {
		isId := Q.Equal(NewIdentityPoint()) == 1
		if isId != (i == 8) {
			t.Fatalf("point has the wrong order (identity after %d)", i)
		}
		Q.Add(Q, P)
	}
	return P
}

func TestBadInputMultiScalarMult(t *testing.T) { forEachBackend(t, testBadInputMultiScalarMult) }

func testBadInputMultiScalarMult(t *testing.T) {
	r := ptRand(t)
	type msm struct {
		name string
		ours func(v *Point, s []*Scalar, p []*Point) *Point
		refs func(v *ref.Point, s []*ref.Scalar, p []*ref.Point) *ref.Point
	}
	fns := []msm{
		{"MultiScalarMult", (*Point).MultiScalarMult, (*ref.Point).MultiScalarMult},
		{"VarTimeMultiScalarMult", (*Point).VarTimeMultiScalarMult, (*ref.Point).VarTimeMultiScalarMult},
	}
	mk := func(ns, np int) ([]*Scalar, []*Point, []*ref.Scalar, []*ref.Point) {
		var s []*Scalar
		var p []*Point
		var rs []*ref.Scalar
		var rp []*ref.Point
		for i := 0; i < ns; i++ {
			b := ptBytes(r, 64)
			x, _ := NewScalar().SetUniformBytes(b)
			rx, _ := new(ref.Scalar).SetUniformBytes(b)
			s, rs = append(s, x), append(rs, rx)
		}
		for i := 0; i < np; i++ {
			b := ptBytes(r, 64)
			k, _ := NewScalar().SetUniformBytes(b)
			rk, _ := new(ref.Scalar).SetUniformBytes(b)
			P := new(Point).ScalarBaseMult(k)
			RP := new(ref.Point).ScalarBaseMult(rk)
			if i%3 == 2 {
				P.Add(P, svLowOrderPoint(t))
				RP, _ = new(ref.Point).SetBytes(P.Bytes())
			}
			p, rp = append(p, P), append(rp, RP)
		}
		return s, p, rs, rp
	}
	snapshot := func(s []*Scalar, p []*Point) string {
		var b bytes.Buffer
		for _, x := range s {
			b.Write(x.Bytes())
			fmt.Fprintf(&b, "%v", *x)
		}
		for _, P := range p {
			b.Write(P.Bytes())
			fmt.Fprintf(&b, "%v", *P)
		}
		return b.String()
	}
	panics := 0
	for _, f := range fns {
		for ns := 0; ns <= 5; ns++ {
			for np := 0; np <= 5; np++ {
				s, p, rs, rp := mk(ns, np)
				v := NewGeneratorPoint()
				before, inBefore := *v, snapshot(s, p)
				var got *Point
				msg, panicked := svRecover(func() { got = f.ours(v, s, p) })
				var refGot *ref.Point
				refMsg, refPanicked := svRecover(func() { refGot = f.refs(new(ref.Point), rs, rp) })
				if snapshot(s, p) != inBefore {
					t.Errorf("%s(%d, %d): inputs modified", f.name, ns, np)
				}
				if ns != np {
					if !panicked || msg != refMsg || !refPanicked {
						t.Errorf("%s(%d scalars, %d points): panic=%v %q, v1.2.0 panics %q", f.name, ns, np, panicked, msg, refMsg)
					}
					panics++
					if !reflect.DeepEqual(before, *v) {
						t.Errorf("%s(%d, %d): receiver modified by the panicking call", f.name, ns, np)
					}
					continue
				}
				if panicked || refPanicked {
					t.Errorf("%s(%d, %d): unexpected panic %q (reference %q)", f.name, ns, np, msg, refMsg)
					continue
				}
				if got != v || !bytes.Equal(v.Bytes(), refGot.Bytes()) {
					t.Errorf("%s(%d, %d): result %x, reference %x", f.name, ns, np, v.Bytes(), refGot.Bytes())
				}
			}
		}
		// nil slices are length zero: identity, like v1.2.0.
		v := NewGeneratorPoint()
		if f.ours(v, nil, nil).Equal(NewIdentityPoint()) != 1 {
			t.Errorf("%s(nil, nil) is not the identity", f.name)
		}
		// Aliasing: the receiver may also be one of the points.
		s, p, rs, rp := mk(3, 3)
		want := f.refs(new(ref.Point), rs, rp).Bytes()
		if got := f.ours(p[1], s, p).Bytes(); !bytes.Equal(got, want) {
			t.Errorf("%s with receiver aliasing an input: %x, want %x", f.name, got, want)
		}
	}
	if panics != 2*30 {
		t.Errorf("checked %d mismatched-length panics, want 60", panics)
	}
	t.Logf("MultiScalarMult/VarTimeMultiScalarMult: %d mismatched-length panics match v1.2.0's messages; %d equal-length results match", panics, 2*6)
}

// TestBadInputUninitializedPoint checks that every Point method panics on
// a zero-value Point exactly where v1.2.0 does, with the same message.
func TestBadInputUninitializedPoint(t *testing.T) { forEachBackend(t, testBadInputUninitializedPoint) }

func testBadInputUninitializedPoint(t *testing.T) {
	s := svScalarFromUint(7)
	rs, err := new(ref.Scalar).SetCanonicalBytes(s.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	type probe struct {
		name string
		ours func()
		refs func()
	}
	G, RG := NewGeneratorPoint(), ref.NewGeneratorPoint()
	var probes []probe
	// Each probe gets a fresh zero-value Point z and the generator g.
	add := func(name string, ours func(z, g *Point), refs func(z, g *ref.Point)) {
		probes = append(probes,
			probe{name, func() { ours(new(Point), G) }, func() { refs(new(ref.Point), RG) }})
	}
	add("Set", func(z, g *Point) { new(Point).Set(z) }, func(z, g *ref.Point) { new(ref.Point).Set(z) })
	add("Bytes", func(z, g *Point) { z.Bytes() }, func(z, g *ref.Point) { z.Bytes() })
	add("BytesMontgomery", func(z, g *Point) { z.BytesMontgomery() }, func(z, g *ref.Point) { z.BytesMontgomery() })
	add("ExtendedCoordinates", func(z, g *Point) { z.ExtendedCoordinates() }, func(z, g *ref.Point) { z.ExtendedCoordinates() })
	add("Equal(receiver)", func(z, g *Point) { z.Equal(g) }, func(z, g *ref.Point) { z.Equal(g) })
	add("Equal(arg)", func(z, g *Point) { g.Equal(z) }, func(z, g *ref.Point) { g.Equal(z) })
	add("Add(p)", func(z, g *Point) { new(Point).Add(z, g) }, func(z, g *ref.Point) { new(ref.Point).Add(z, g) })
	add("Add(q)", func(z, g *Point) { new(Point).Add(g, z) }, func(z, g *ref.Point) { new(ref.Point).Add(g, z) })
	add("Subtract(p)", func(z, g *Point) { new(Point).Subtract(z, g) }, func(z, g *ref.Point) { new(ref.Point).Subtract(z, g) })
	add("Subtract(q)", func(z, g *Point) { new(Point).Subtract(g, z) }, func(z, g *ref.Point) { new(ref.Point).Subtract(g, z) })
	add("Negate", func(z, g *Point) { new(Point).Negate(z) }, func(z, g *ref.Point) { new(ref.Point).Negate(z) })
	add("Double", func(z, g *Point) { new(Point).Double(z) }, func(z, g *ref.Point) { new(ref.Point).Double(z) })
	add("MultByCofactor", func(z, g *Point) { new(Point).MultByCofactor(z) }, func(z, g *ref.Point) { new(ref.Point).MultByCofactor(z) })
	add("ScalarMult", func(z, g *Point) { new(Point).ScalarMult(s, z) }, func(z, g *ref.Point) { new(ref.Point).ScalarMult(rs, z) })
	add("ScalarMultSlow", func(z, g *Point) { new(Point).ScalarMultSlow(s, z) }, func(z, g *ref.Point) { new(ref.Point).ScalarMultSlow(rs, z) })
	add("VarTimeDoubleScalarBaseMult", func(z, g *Point) { new(Point).VarTimeDoubleScalarBaseMult(s, z, s) },
		func(z, g *ref.Point) { new(ref.Point).VarTimeDoubleScalarBaseMult(rs, z, rs) })
	add("MultiScalarMult", func(z, g *Point) { new(Point).MultiScalarMult([]*Scalar{s, s}, []*Point{g, z}) },
		func(z, g *ref.Point) { new(ref.Point).MultiScalarMult([]*ref.Scalar{rs, rs}, []*ref.Point{g, z}) })
	add("VarTimeMultiScalarMult", func(z, g *Point) { new(Point).VarTimeMultiScalarMult([]*Scalar{s, s}, []*Point{g, z}) },
		func(z, g *ref.Point) {
			new(ref.Point).VarTimeMultiScalarMult([]*ref.Scalar{rs, rs}, []*ref.Point{g, z})
		})
	add("Select(a)", func(z, g *Point) { new(Point).Select(z, g, 1) }, func(z, g *ref.Point) { new(ref.Point).Select(z, g, 1) })
	add("Select(b)", func(z, g *Point) { new(Point).Select(g, z, 1) }, func(z, g *ref.Point) { new(ref.Point).Select(g, z, 1) })
	// A zero value is allowed as a receiver: these must not panic in either.
	add("receiver:ScalarBaseMult", func(z, g *Point) { z.ScalarBaseMult(s) }, func(z, g *ref.Point) { z.ScalarBaseMult(rs) })
	add("receiver:Add", func(z, g *Point) { z.Add(g, g) }, func(z, g *ref.Point) { z.Add(g, g) })
	add("receiver:SetBytes", func(z, g *Point) { z.SetBytes(g.Bytes()) }, func(z, g *ref.Point) { z.SetBytes(g.Bytes()) })
	add("receiver:SetBytes(bad)", func(z, g *Point) { z.SetBytes(nil) }, func(z, g *ref.Point) { z.SetBytes(nil) })
	add("receiver:Set", func(z, g *Point) { z.Set(g) }, func(z, g *ref.Point) { z.Set(g) })

	panicked, normal := 0, 0
	for _, p := range probes {
		msg, did := svRecover(p.ours)
		refMsg, refDid := svRecover(p.refs)
		if did != refDid || msg != refMsg {
			t.Errorf("%s: panic=%v %q; v1.2.0 panic=%v %q", p.name, did, msg, refDid, refMsg)
		}
		if refDid {
			panicked++
		} else {
			normal++
		}
	}
	if panicked == 0 || normal == 0 {
		t.Errorf("vacuous: %d probes panic, %d return", panicked, normal)
	}
	t.Logf("uninitialized Point: %d probes, %d panic and %d return, all as in v1.2.0", len(probes), panicked, normal)
}
