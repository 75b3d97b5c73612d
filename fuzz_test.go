package edwards25519

// Native Go fuzz targets for Scalar and Point.
//
// Each target turns the fuzzer's bytes into inputs, runs the operation on
// this package and on filippo.io/edwards25519 v1.2.0 (the library this one
// replaces), and requires identical accept/reject decisions and identical
// encodings of every result. On top of that each target checks properties
// that do not need the reference: round trips, failed decodes leaving the
// receiver unchanged, returned receivers, aliasing, and algebraic identities.
//
// Points are never decoded from raw fuzz bytes where a valid point is
// needed: they are built as k*B + j*T, with T a point of order 8 found at
// start-up, so every point of the full group E(GF(p)) ~ Z_l x Z_8 is
// reachable. When the fuzz input runs out, further bytes come from a
// SHA-512 expansion of the input, so short inputs still give full-size
// scalars while the first bytes stay under the fuzzer's control.
//
// Smoke run of every target (each for a few seconds):
//
//	for t in $(go test -list '^Fuzz' . | grep ^Fuzz); do
//	    go test -run '^$' -fuzz "^$t\$" -fuzztime 3s . || exit 1
//	done
//
// Under heavy CPU contention the Go fuzzer can end a run at the -fuzztime
// deadline with "context deadline exceeded" and no failing input
// (golang/go#51484); only a run that writes a failing input under
// testdata/fuzz is a finding. Without -fuzz, go test runs the seeds (f.Add
// and testdata/fuzz) as ordinary tests.

import (
	"bytes"
	"crypto/sha512"
	"encoding/binary"
	"fmt"
	"math/big"
	"sync"
	"testing"

	ref "filippo.io/edwards25519"
	reffield "filippo.io/edwards25519/field"

	"github.com/seed06d4b90c/edwards25519/field"
)

// fuzzGroupOrder is l = 2^252 + 27742317777372353535851937790883648493
// (RFC 8032, section 5.1).
var fuzzGroupOrder, _ = new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)

// fuzzLE reads b as a little-endian unsigned integer.
func fuzzLE(b []byte) *big.Int {
	be := make([]byte, len(b))
	for i := range b {
		be[len(b)-1-i] = b[i]
	}
	return new(big.Int).SetBytes(be)
}

// fuzzLE32 writes n (< 2^256) as 32 little-endian bytes.
func fuzzLE32(n *big.Int) []byte {
	be := n.FillBytes(make([]byte, 32))
	le := make([]byte, 32)
	for i := range be {
		le[31-i] = be[i]
	}
	return le
}

// fuzzStream hands out the fuzz input in order and, once it is used up,
// SHA-512(counter || input) blocks, so derivations never run dry.
type fuzzStream struct {
	data    []byte
	seed    []byte
	pending []byte
	counter uint64
}

func newFuzzStream(data []byte) *fuzzStream {
	return &fuzzStream{data: data, seed: append([]byte(nil), data...)}
}

func (s *fuzzStream) take(n int) []byte {
	out := make([]byte, 0, n)
	k := min(n, len(s.data))
	out = append(out, s.data[:k]...)
	s.data = s.data[k:]
	for len(out) < n {
		if len(s.pending) == 0 {
			var ctr [8]byte
			binary.LittleEndian.PutUint64(ctr[:], s.counter)
			s.counter++
			block := sha512.Sum512(append(ctr[:], s.seed...))
			s.pending = block[:]
		}
		k := min(n-len(out), len(s.pending))
		out = append(out, s.pending[:k]...)
		s.pending = s.pending[k:]
	}
	return out
}

func (s *fuzzStream) next() byte { return s.take(1)[0] }

// fuzzScalarPair derives the same scalar in both libraries, through a mix
// of constructors chosen by the stream: uniform 64-byte reduction, small
// values, values just below l, clamped values and arbitrary canonical ones.
func fuzzScalarPair(t *testing.T, s *fuzzStream) (*Scalar, *ref.Scalar) {
	t.Helper()
	var ours *Scalar
	var refS *ref.Scalar
	var err, refErr error
	tag := s.next()
	switch tag % 6 {
	case 0: // uniform
		b := s.take(64)
		ours, err = NewScalar().SetUniformBytes(b)
		refS, refErr = ref.NewScalar().SetUniformBytes(b)
	case 1: // small: 0..255
		b := make([]byte, 32)
		b[0] = s.next()
		ours, err = NewScalar().SetCanonicalBytes(b)
		refS, refErr = ref.NewScalar().SetCanonicalBytes(b)
	case 2: // l - 1 - small
		b := make([]byte, 32)
		b[0] = s.next()
		ours, err = NewScalar().SetCanonicalBytes(b)
		refS, refErr = ref.NewScalar().SetCanonicalBytes(b)
		if err == nil {
			ours.Subtract(NewScalar(), ours).Subtract(ours, fuzzScalarOne())
		}
		if refErr == nil {
			refS.Subtract(ref.NewScalar(), refS).Subtract(refS, fuzzRefScalarOne())
		}
	case 3: // clamped
		b := s.take(32)
		ours, err = NewScalar().SetBytesWithClamping(b)
		refS, refErr = ref.NewScalar().SetBytesWithClamping(b)
	case 4: // any canonical value, up to l-1: every digit pattern, top digits included
		b := s.take(32)
		b[31] &= 0x1f // below 2^253
		if fuzzLE(b).Cmp(fuzzGroupOrder) >= 0 {
			b[31] &= 0x0f // fold [l, 2^253) into [0, 2^252)
		}
		ours, err = NewScalar().SetCanonicalBytes(b)
		refS, refErr = ref.NewScalar().SetCanonicalBytes(b)
	default: // one byte repeated below 2^252: a periodic pattern of 4-bit digits
		b := bytes.Repeat([]byte{s.next()}, 32)
		b[31] &= 0x0f
		ours, err = NewScalar().SetCanonicalBytes(b)
		refS, refErr = ref.NewScalar().SetCanonicalBytes(b)
	}
	if err != nil || refErr != nil {
		t.Fatalf("scalar derivation (tag %d) failed: ours %v, reference %v", tag, err, refErr)
	}
	if a, b := ours.Bytes(), refS.Bytes(); !bytes.Equal(a, b) {
		t.Fatalf("scalar derivation (tag %d): ours %x, reference %x", tag, a, b)
	}
	return ours, refS
}

func fuzzScalarOne() *Scalar {
	b := make([]byte, 32)
	b[0] = 1
	s, _ := NewScalar().SetCanonicalBytes(b)
	return s
}

func fuzzRefScalarOne() *ref.Scalar {
	b := make([]byte, 32)
	b[0] = 1
	s, _ := ref.NewScalar().SetCanonicalBytes(b)
	return s
}

// fuzzTorsion holds a point of order 8 in each library. It is found, not
// typed in: for a curve point P, l*P = (l-1)*P + P lies in the 8-torsion
// subgroup, and it has order 8 exactly when 4*(l*P) is not the identity.
// The same search runs on both libraries and must land on the same point.
var fuzzTorsion struct {
	once   sync.Once
	ours   *Point
	theirs *ref.Point
	err    error
}

func fuzzTorsionPoints(t *testing.T) (*Point, *ref.Point) {
	t.Helper()
	fuzzTorsion.once.Do(func() {
		minusOne := NewScalar().Subtract(NewScalar(), fuzzScalarOne())
		refMinusOne := ref.NewScalar().Subtract(ref.NewScalar(), fuzzRefScalarOne())
		for y := 2; y < 256; y++ {
			enc := make([]byte, 32)
			enc[0] = byte(y)
			refP, err := new(ref.Point).SetBytes(enc)
			if err != nil {
				continue
			}
			refT := new(ref.Point).ScalarMult(refMinusOne, refP)
			refT.Add(refT, refP)
			refT4 := new(ref.Point).Double(new(ref.Point).Double(refT))
			if refT4.Equal(ref.NewIdentityPoint()) == 1 {
				continue
			}
			p, err := new(Point).SetBytes(enc)
			if err != nil {
				fuzzTorsion.err = fmt.Errorf("SetBytes(%x) rejected a point the reference accepts: %v", enc, err)
				return
			}
			tp := new(Point).ScalarMult(minusOne, p)
			tp.Add(tp, p)
			if !bytes.Equal(tp.Bytes(), refT.Bytes()) {
				fuzzTorsion.err = fmt.Errorf("l*P for P=%x: ours %x, reference %x", enc, tp.Bytes(), refT.Bytes())
				return
			}
			fuzzTorsion.ours, fuzzTorsion.theirs = tp, refT
			return
		}
		fuzzTorsion.err = fmt.Errorf("no point of order 8 found")
	})
	if fuzzTorsion.err != nil {
		t.Fatal(fuzzTorsion.err)
	}
	return fuzzTorsion.ours, fuzzTorsion.theirs
}

// fuzzPointPair derives k*B + j*T (T of order 8, j in 0..7), optionally
// negated, in both libraries, and requires the two to encode identically.
func fuzzPointPair(t *testing.T, s *fuzzStream) (*Point, *ref.Point) {
	t.Helper()
	tor, refTor := fuzzTorsionPoints(t)
	k, refK := fuzzScalarPair(t, s)
	j := s.next()
	p := NewIdentityPoint().ScalarBaseMult(k)
	refP := ref.NewIdentityPoint().ScalarBaseMult(refK)
	for i := byte(0); i < j&7; i++ {
		p.Add(p, tor)
		refP.Add(refP, refTor)
	}
	if j&8 != 0 {
		p.Negate(p)
		refP.Negate(refP)
	}
	if a, b := p.Bytes(), refP.Bytes(); !bytes.Equal(a, b) {
		t.Fatalf("point derivation (%x*B + %d*T): ours %x, reference %x", k.Bytes(), j&7, a, b)
	}
	return p, refP
}

// fuzzSamePoint fails unless both points have the same encoding.
func fuzzSamePoint(t *testing.T, what string, ours *Point, theirs *ref.Point) {
	t.Helper()
	if a, b := ours.Bytes(), theirs.Bytes(); !bytes.Equal(a, b) {
		t.Errorf("%s: ours %x, reference %x", what, a, b)
	}
}

// fuzzSameScalar fails unless both scalars have the same encoding.
func fuzzSameScalar(t *testing.T, what string, ours *Scalar, theirs *ref.Scalar) {
	t.Helper()
	if a, b := ours.Bytes(), theirs.Bytes(); !bytes.Equal(a, b) {
		t.Errorf("%s: ours %x, reference %x", what, a, b)
	}
}

// fuzzScalarEdges are encodings at the borders of the scalar range.
func fuzzScalarEdges() [][]byte {
	two256 := new(big.Int).Lsh(big.NewInt(1), 256)
	var out [][]byte
	for _, n := range []*big.Int{
		big.NewInt(0), big.NewInt(1),
		new(big.Int).Sub(fuzzGroupOrder, big.NewInt(1)),
		fuzzGroupOrder,
		new(big.Int).Add(fuzzGroupOrder, big.NewInt(1)),
		new(big.Int).Lsh(big.NewInt(1), 252),
		new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 253), big.NewInt(1)),
		new(big.Int).Sub(two256, big.NewInt(1)),
	} {
		out = append(out, fuzzLE32(n))
	}
	return out
}

// fuzzScalarDecode is the shared body of the three Scalar decoders' targets.
// size is the only accepted length; want gives the expected value of an
// accepted input (nil: the input must be rejected).
func fuzzScalarDecode(t *testing.T, data []byte, size int,
	ours func(*Scalar, []byte) (*Scalar, error),
	theirs func(*ref.Scalar, []byte) (*ref.Scalar, error),
	want func([]byte) *big.Int) {
	t.Helper()
	input := append([]byte(nil), data...)
	before, _ := NewScalar().SetUniformBytes(bytes.Repeat([]byte{0xa5}, 64))
	s := NewScalar().Set(before)
	got, err := ours(s, data)
	refS, refErr := theirs(ref.NewScalar(), append([]byte(nil), data...))
	if !bytes.Equal(data, input) {
		t.Errorf("decoder modified its input")
	}
	if (err == nil) != (refErr == nil) {
		t.Fatalf("%x: ours err=%v, reference err=%v", data, err, refErr)
	}
	var expect *big.Int
	if len(data) == size {
		expect = want(data)
	}
	if (err == nil) != (expect != nil) {
		t.Fatalf("%x: err=%v, but math/big expects accept=%v", data, err, expect != nil)
	}
	if err != nil {
		if got != nil {
			t.Errorf("error return with a non-nil scalar")
		}
		if s.Equal(before) != 1 || !bytes.Equal(s.Bytes(), before.Bytes()) {
			t.Errorf("failed decode changed the receiver")
		}
		return
	}
	if got != s {
		t.Errorf("decoder did not return its receiver")
	}
	fuzzSameScalar(t, "decode", s, refS)
	enc := s.Bytes()
	if fuzzLE(enc).Cmp(expect) != 0 {
		t.Errorf("%x decoded to %x, math/big expects %v", data, enc, expect)
	}
	// Canonical round trip.
	back, err := NewScalar().SetCanonicalBytes(enc)
	if err != nil || back.Equal(s) != 1 {
		t.Errorf("canonical round trip of %x failed: %v", enc, err)
	}
	enc[0] ^= 1
	if bytes.Equal(s.Bytes(), enc) {
		t.Errorf("Bytes returned a slice aliased with the scalar")
	}
}

// FuzzScalarSetCanonicalBytes: exactly the 32-byte encodings of 0..l-1 are
// accepted, each decodes to itself, and everything else is rejected with
// the receiver untouched.
func FuzzScalarSetCanonicalBytes(f *testing.F) {
	for _, b := range fuzzScalarEdges() {
		f.Add(b)
	}
	f.Add([]byte{})
	f.Add(make([]byte, 31))
	f.Add(make([]byte, 33))
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzScalarDecode(t, data, 32, (*Scalar).SetCanonicalBytes, (*ref.Scalar).SetCanonicalBytes,
			func(b []byte) *big.Int {
				n := fuzzLE(b)
				if n.Cmp(fuzzGroupOrder) >= 0 {
					return nil
				}
				return n
			})
	})
}

// FuzzScalarSetUniformBytes: exactly the 64-byte inputs are accepted and
// reduced mod l.
func FuzzScalarSetUniformBytes(f *testing.F) {
	f.Add(make([]byte, 64))
	f.Add(bytes.Repeat([]byte{0xff}, 64))
	f.Add(make([]byte, 32))
	for _, b := range fuzzScalarEdges() {
		f.Add(append(append([]byte(nil), b...), make([]byte, 32)...))
		f.Add(append(make([]byte, 32), b...))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzScalarDecode(t, data, 64, (*Scalar).SetUniformBytes, (*ref.Scalar).SetUniformBytes,
			func(b []byte) *big.Int { return new(big.Int).Mod(fuzzLE(b), fuzzGroupOrder) })
	})
}

// FuzzScalarSetBytesWithClamping: exactly the 32-byte inputs are accepted,
// clamped as in RFC 8032 section 5.1.5 (clear bits 0-2 and 255, set bit 254)
// and reduced mod l; the input is not modified.
func FuzzScalarSetBytesWithClamping(f *testing.F) {
	for _, b := range fuzzScalarEdges() {
		f.Add(b)
	}
	f.Add([]byte{1, 2, 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzScalarDecode(t, data, 32, (*Scalar).SetBytesWithClamping, (*ref.Scalar).SetBytesWithClamping,
			func(b []byte) *big.Int {
				n := fuzzLE(b)
				for i := 0; i < 3; i++ {
					n.SetBit(n, i, 0)
				}
				n.SetBit(n, 255, 0)
				n.SetBit(n, 254, 1)
				return n.Mod(n, fuzzGroupOrder)
			})
	})
}

// FuzzScalarArithmetic runs every Scalar operation on ours and on the
// reference, checks them against math/big mod l, and repeats each with the
// receiver aliased to an operand.
func FuzzScalarArithmetic(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{1, 0, 1, 0, 1, 0})               // small values
	f.Add([]byte{2, 0, 2, 0, 1, 0})               // -1, -1, 0
	f.Add([]byte{5, 0xff, 5, 0x88, 5, 0x77})      // repeated digits
	f.Add(append([]byte{0}, make([]byte, 64)...)) // uniform zero
	f.Fuzz(func(t *testing.T, data []byte) {
		s := newFuzzStream(data)
		x, refX := fuzzScalarPair(t, s)
		y, refY := fuzzScalarPair(t, s)
		z, refZ := fuzzScalarPair(t, s)
		bx, by, bz := fuzzLE(x.Bytes()), fuzzLE(y.Bytes()), fuzzLE(z.Bytes())
		mod := func(n *big.Int) *big.Int { return n.Mod(n, fuzzGroupOrder) }
		check := func(what string, got *Scalar, refGot *ref.Scalar, want *big.Int) {
			t.Helper()
			fuzzSameScalar(t, what, got, refGot)
			if fuzzLE(got.Bytes()).Cmp(want) != 0 {
				t.Errorf("%s: got %x, math/big says %v", what, got.Bytes(), want)
			}
		}

		type binary struct {
			name string
			ours func(s, a, b *Scalar) *Scalar
			ref  func(s, a, b *ref.Scalar) *ref.Scalar
			big  func(a, b *big.Int) *big.Int
		}
		for _, op := range []binary{
			{"Add", (*Scalar).Add, (*ref.Scalar).Add,
				func(a, b *big.Int) *big.Int { return mod(new(big.Int).Add(a, b)) }},
			{"Subtract", (*Scalar).Subtract, (*ref.Scalar).Subtract,
				func(a, b *big.Int) *big.Int { return mod(new(big.Int).Sub(a, b)) }},
			{"Multiply", (*Scalar).Multiply, (*ref.Scalar).Multiply,
				func(a, b *big.Int) *big.Int { return mod(new(big.Int).Mul(a, b)) }},
		} {
			want := op.big(bx, by)
			refOut := op.ref(ref.NewScalar(), refX, refY)
			out := NewScalar()
			if op.ours(out, x, y) != out {
				t.Errorf("%s did not return its receiver", op.name)
			}
			check(op.name, out, refOut, want)
			a := NewScalar().Set(x)
			check(op.name+" (s aliases x)", op.ours(a, a, y), refOut, want)
			b := NewScalar().Set(y)
			check(op.name+" (s aliases y)", op.ours(b, x, b), refOut, want)
			c := NewScalar().Set(x)
			check(op.name+" (all alias)", op.ours(c, c, c), op.ref(ref.NewScalar(), refX, refX), op.big(bx, bx))
		}

		// MultiplyAdd with every aliasing of the receiver.
		wantFMA := mod(new(big.Int).Add(new(big.Int).Mul(bx, by), bz))
		refFMA := ref.NewScalar().MultiplyAdd(refX, refY, refZ)
		out := NewScalar()
		if out.MultiplyAdd(x, y, z) != out {
			t.Errorf("MultiplyAdd did not return its receiver")
		}
		check("MultiplyAdd", out, refFMA, wantFMA)
		for i := 0; i < 3; i++ {
			args := []*Scalar{NewScalar().Set(x), NewScalar().Set(y), NewScalar().Set(z)}
			args[i].MultiplyAdd(args[0], args[1], args[2])
			check(fmt.Sprintf("MultiplyAdd (s aliases argument %d)", i), args[i], refFMA, wantFMA)
		}

		// Negate and Invert.
		check("Negate", NewScalar().Negate(x), ref.NewScalar().Negate(refX), mod(new(big.Int).Neg(bx)))
		n := NewScalar().Set(x)
		check("Negate (aliased)", n.Negate(n), ref.NewScalar().Negate(refX), mod(new(big.Int).Neg(bx)))
		wantInv := new(big.Int) // Invert(0) = 0, as documented
		if bx.Sign() != 0 {
			wantInv.ModInverse(bx, fuzzGroupOrder)
		}
		refInv := ref.NewScalar().Invert(refX)
		inv := NewScalar()
		if inv.Invert(x) != inv {
			t.Errorf("Invert did not return its receiver")
		}
		check("Invert", inv, refInv, wantInv)
		ia := NewScalar().Set(x)
		check("Invert (aliased)", ia.Invert(ia), refInv, wantInv)

		// Set, Equal.
		if NewScalar().Set(x).Equal(x) != 1 {
			t.Errorf("Set/Equal: copy not equal")
		}
		if got, want := x.Equal(y), refX.Equal(refY); got != want {
			t.Errorf("Equal: ours %d, reference %d", got, want)
		}
	})
}

// FuzzPointSetBytes decodes arbitrary bytes as a point in both libraries:
// same accept/reject, same canonical re-encoding and Montgomery form, round
// trips, and a rejected input leaves the receiver unchanged.
func FuzzPointSetBytes(f *testing.F) {
	p := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	f.Add(make([]byte, 32))                                     // y = 0: (sqrt(-1), 0), order 4
	f.Add(fuzzLE32(big.NewInt(1)))                              // identity
	f.Add(fuzzLE32(new(big.Int).SetBit(big.NewInt(1), 255, 1))) // identity with x sign set: -0
	f.Add(fuzzLE32(new(big.Int).Sub(p, big.NewInt(1))))         // y = -1: order 2
	f.Add(fuzzLE32(p))                                          // y = p: non-canonical 0
	f.Add(fuzzLE32(new(big.Int).Add(p, big.NewInt(1))))         // y = p+1: non-canonical identity
	f.Add(bytes.Repeat([]byte{0xff}, 32))
	f.Add(bytes.Repeat([]byte{0xff}, 31))
	f.Add(NewGeneratorPoint().Bytes())
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		input := append([]byte(nil), data...)
		before := NewIdentityPoint().ScalarBaseMult(fuzzScalarOne())
		before.Double(before) // 2B
		v := new(Point).Set(before)
		got, err := v.SetBytes(data)
		refV, refErr := new(ref.Point).SetBytes(input)
		if !bytes.Equal(data, input) {
			t.Errorf("SetBytes modified its input")
		}
		if (err == nil) != (refErr == nil) {
			t.Fatalf("SetBytes(%x): ours err=%v, reference err=%v", data, err, refErr)
		}
		if err != nil {
			if got != nil {
				t.Errorf("error return with a non-nil point")
			}
			if v.Equal(before) != 1 || !bytes.Equal(v.Bytes(), before.Bytes()) {
				t.Errorf("failed SetBytes changed the receiver")
			}
			return
		}
		if got != v {
			t.Errorf("SetBytes did not return its receiver")
		}
		enc := v.Bytes()
		fuzzSamePoint(t, "SetBytes", v, refV)
		if a, b := v.BytesMontgomery(), refV.BytesMontgomery(); !bytes.Equal(a, b) {
			t.Errorf("BytesMontgomery: ours %x, reference %x", a, b)
		}
		back, err := new(Point).SetBytes(enc)
		if err != nil || back.Equal(v) != 1 || !bytes.Equal(back.Bytes(), enc) {
			t.Errorf("round trip of %x failed: %v", enc, err)
		}
		// A canonical input (y < p, and not -0) must come back unchanged.
		y := fuzzLE(data)
		y.SetBit(y, 255, 0)
		if y.Cmp(p) < 0 {
			X, _, _, _ := v.ExtendedCoordinates()
			xIsZero := X.Equal(new(field.Element)) == 1
			if !bytes.Equal(enc, data) && !(xIsZero && data[31]&0x80 != 0 && bytes.Equal(enc[:31], data[:31])) {
				t.Errorf("canonical encoding %x re-encoded as %x", data, enc)
			}
		}
	})
}

// fuzzFieldPair decodes 32 bytes as a field element in both libraries.
func fuzzFieldPair(t *testing.T, b []byte) (*field.Element, *reffield.Element) {
	t.Helper()
	ours, err := new(field.Element).SetBytes(b)
	theirs, refErr := new(reffield.Element).SetBytes(b)
	if err != nil || refErr != nil {
		t.Fatalf("field SetBytes(%x): %v, %v", b, err, refErr)
	}
	return ours, theirs
}

// FuzzPointSetExtendedCoordinates feeds coordinates to
// SetExtendedCoordinates: either four raw 32-byte field elements, or the
// coordinates of a valid point scaled by a fuzz-chosen lambda (so Z takes
// arbitrary values, including 0 when lambda = 0) and optionally with one
// coordinate perturbed. Ours must agree with the reference except for the
// one deliberate difference: ours rejects Z = 0 (the reference accepts
// (0:0:0:0)).
func FuzzPointSetExtendedCoordinates(f *testing.F) {
	f.Add(make([]byte, 129))                               // raw (0:0:0:0)
	f.Add(append([]byte{0}, make([]byte, 32)...))          // raw, then expansion bytes
	f.Add([]byte{1, 1, 1, 0, 0})                           // scaled valid point, lambda from expansion
	f.Add([]byte{3, 4, 5, 6, 7, 8})                        // scaled and perturbed
	f.Add(append([]byte{1, 0, 0, 0}, make([]byte, 32)...)) // lambda = 0
	f.Fuzz(func(t *testing.T, data []byte) {
		s := newFuzzStream(data)
		mode := s.next()
		var coords [4][]byte
		if mode&1 == 0 {
			for i := range coords {
				coords[i] = s.take(32)
			}
		} else {
			_, refP := fuzzPointPair(t, s)
			X, Y, Z, T := refP.ExtendedCoordinates()
			lambda, err := new(reffield.Element).SetBytes(s.take(32))
			if err != nil {
				t.Fatal(err)
			}
			if mode&4 != 0 { // small lambda, zero included
				b := make([]byte, 32)
				b[0] = s.next() & 3
				lambda.SetBytes(b)
			}
			els := []*reffield.Element{X, Y, Z, T}
			for i, e := range els {
				e.Multiply(e, lambda)
				coords[i] = e.Bytes()
			}
			if mode&2 != 0 {
				i := s.next() % 4
				delta, _ := new(reffield.Element).SetBytes(s.take(32))
				els[i].Add(els[i], delta)
				coords[i] = els[i].Bytes()
			}
		}
		var ours [4]*field.Element
		var theirs [4]*reffield.Element
		var snapshot [4][]byte
		for i := range coords {
			ours[i], theirs[i] = fuzzFieldPair(t, coords[i])
			snapshot[i] = ours[i].Bytes()
		}
		zIsZero := ours[2].Equal(new(field.Element)) == 1

		before := NewIdentityPoint().ScalarBaseMult(fuzzScalarOne())
		v := new(Point).Set(before)
		got, err := v.SetExtendedCoordinates(ours[0], ours[1], ours[2], ours[3])
		refV, refErr := new(ref.Point).SetExtendedCoordinates(theirs[0], theirs[1], theirs[2], theirs[3])
		for i := range coords {
			if !bytes.Equal(ours[i].Bytes(), snapshot[i]) {
				t.Errorf("SetExtendedCoordinates modified argument %d", i)
			}
		}
		switch {
		case zIsZero:
			if err == nil {
				t.Fatalf("SetExtendedCoordinates accepted Z = 0 (%x)", coords)
			}
			// The reference may accept (0:0:0:0): expected divergence.
		case (err == nil) != (refErr == nil):
			t.Fatalf("SetExtendedCoordinates(%x): ours err=%v, reference err=%v", coords, err, refErr)
		}
		if err != nil {
			if got != nil {
				t.Errorf("error return with a non-nil point")
			}
			if v.Equal(before) != 1 || !bytes.Equal(v.Bytes(), before.Bytes()) {
				t.Errorf("failed SetExtendedCoordinates changed the receiver")
			}
			return
		}
		if got != v {
			t.Errorf("SetExtendedCoordinates did not return its receiver")
		}
		fuzzSamePoint(t, "SetExtendedCoordinates", v, refV)
		// ExtendedCoordinates gives a projectively equal quadruple:
		// X'*Z = X*Z', Y'*Z = Y*Z', T'*Z = T*Z'.
		X, Y, Z, T := v.ExtendedCoordinates()
		mul := func(a, b *field.Element) *field.Element { return new(field.Element).Multiply(a, b) }
		for i, c := range []*field.Element{X, Y, T} {
			in := []*field.Element{ours[0], ours[1], ours[3]}[i]
			if mul(c, ours[2]).Equal(mul(in, Z)) != 1 {
				t.Errorf("ExtendedCoordinates coordinate %d not projectively equal to the input", i)
			}
		}
		again, err := new(Point).SetExtendedCoordinates(X, Y, Z, T)
		if err != nil || again.Equal(v) != 1 {
			t.Errorf("ExtendedCoordinates round trip failed: %v", err)
		}
	})
}

// FuzzPointArithmetic checks Add, Subtract, Double, Negate, MultByCofactor,
// Select, Set, Equal, Bytes, BytesMontgomery and SetBytes on points from the
// whole group (torsion included), against the reference and against group
// identities, with every aliasing of the receiver.
func FuzzPointArithmetic(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{1, 0, 0, 1, 0, 0, 0}) // identity, identity
	f.Add([]byte{1, 1, 4, 1, 1, 4, 1}) // B + 4T twice: doubling through Add
	f.Add([]byte{1, 0, 2, 1, 0, 6, 0}) // pure torsion points
	f.Add([]byte{2, 0, 0, 1, 0, 8, 1}) // -B and -identity
	f.Fuzz(func(t *testing.T, data []byte) {
		s := newFuzzStream(data)
		p, refP := fuzzPointPair(t, s)
		q, refQ := fuzzPointPair(t, s)
		cond := int(s.next() & 1)

		type binary struct {
			name string
			ours func(v, a, b *Point) *Point
			ref  func(v, a, b *ref.Point) *ref.Point
		}
		for _, op := range []binary{
			{"Add", (*Point).Add, (*ref.Point).Add},
			{"Subtract", (*Point).Subtract, (*ref.Point).Subtract},
		} {
			refOut := op.ref(new(ref.Point), refP, refQ)
			out := new(Point)
			if op.ours(out, p, q) != out {
				t.Errorf("%s did not return its receiver", op.name)
			}
			fuzzSamePoint(t, op.name, out, refOut)
			a := new(Point).Set(p)
			fuzzSamePoint(t, op.name+" (v aliases p)", op.ours(a, a, q), refOut)
			b := new(Point).Set(q)
			fuzzSamePoint(t, op.name+" (v aliases q)", op.ours(b, p, b), refOut)
			c := new(Point).Set(p)
			fuzzSamePoint(t, op.name+" (all alias)", op.ours(c, c, c), op.ref(new(ref.Point), refP, refP))
		}

		type unary struct {
			name string
			ours func(v, a *Point) *Point
			ref  func(v, a *ref.Point) *ref.Point
		}
		for _, op := range []unary{
			{"Double", (*Point).Double, (*ref.Point).Double},
			{"Negate", (*Point).Negate, (*ref.Point).Negate},
			{"MultByCofactor", (*Point).MultByCofactor, (*ref.Point).MultByCofactor},
			{"Set", (*Point).Set, (*ref.Point).Set},
		} {
			refOut := op.ref(new(ref.Point), refP)
			out := new(Point)
			if op.ours(out, p) != out {
				t.Errorf("%s did not return its receiver", op.name)
			}
			fuzzSamePoint(t, op.name, out, refOut)
			a := new(Point).Set(p)
			fuzzSamePoint(t, op.name+" (aliased)", op.ours(a, a), refOut)
		}

		// Group identities that do not need the reference.
		sum := new(Point).Add(p, q)
		if new(Point).Subtract(sum, q).Equal(p) != 1 {
			t.Errorf("(p + q) - q != p")
		}
		if new(Point).Double(p).Equal(new(Point).Add(p, p)) != 1 {
			t.Errorf("Double(p) != p + p")
		}
		eight := new(Point).Set(p)
		for i := 0; i < 3; i++ {
			eight.Add(eight, eight)
		}
		if new(Point).MultByCofactor(p).Equal(eight) != 1 {
			t.Errorf("MultByCofactor(p) != 8p")
		}
		if new(Point).Add(p, new(Point).Negate(p)).Equal(NewIdentityPoint()) != 1 {
			t.Errorf("p + (-p) != identity")
		}

		// Select.
		sel := new(Point).Select(p, q, cond)
		fuzzSamePoint(t, "Select", sel, new(ref.Point).Select(refP, refQ, cond))
		want := q
		if cond == 1 {
			want = p
		}
		if sel.Equal(want) != 1 {
			t.Errorf("Select(cond=%d) picked the wrong point", cond)
		}

		// Equal, encodings, decoding of our own encoding.
		if got, want := p.Equal(q), refP.Equal(refQ); got != want {
			t.Errorf("Equal: ours %d, reference %d", got, want)
		}
		if p.Equal(p) != 1 {
			t.Errorf("Equal(p, p) = 0")
		}
		if a, b := p.BytesMontgomery(), refP.BytesMontgomery(); !bytes.Equal(a, b) {
			t.Errorf("BytesMontgomery: ours %x, reference %x", a, b)
		}
		if a, b := sum.BytesMontgomery(), new(ref.Point).Add(refP, refQ).BytesMontgomery(); !bytes.Equal(a, b) {
			t.Errorf("BytesMontgomery of a sum: ours %x, reference %x", a, b)
		}
		enc := sum.Bytes()
		back, err := new(Point).SetBytes(enc)
		if err != nil || back.Equal(sum) != 1 {
			t.Errorf("SetBytes(Bytes()) round trip failed: %v", err)
		}
		refBack, err := new(ref.Point).SetBytes(enc)
		if err != nil {
			t.Errorf("reference rejects our encoding %x: %v", enc, err)
		} else {
			fuzzSamePoint(t, "decode of our encoding", back, refBack)
		}
	})
}

// fuzzOnEachBackend runs check once per backend that can run here (see
// onEachBackend: fuzz targets run no subtests), and names the backend of
// the first failure.
func fuzzOnEachBackend(t *testing.T, check func()) {
	failed := t.Failed()
	onEachBackend(func(b backend) {
		check()
		if t.Failed() && !failed {
			t.Logf("the failures above are on the %v backend", b)
			failed = true
		}
	})
}

// FuzzScalarMult compares every single and double scalar multiplication
// with the reference and with each other on every backend: ScalarBaseMult,
// ScalarMult, ScalarMultSlow and VarTimeDoubleScalarBaseMult, receivers
// aliased too.
func FuzzScalarMult(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{1, 0, 1, 0, 0, 1, 0})          // zero scalars, identity point
	f.Add([]byte{2, 0, 1, 1, 3, 2, 0})          // l-1
	f.Add([]byte{5, 0x88, 5, 0x77, 1, 5, 0xff}) // repeated-digit scalars
	f.Add([]byte{5, 0x08, 1, 7, 7, 5, 0x80})    // torsion in the point
	f.Fuzz(func(t *testing.T, data []byte) {
		s := newFuzzStream(data)
		x, refX := fuzzScalarPair(t, s)
		q, refQ := fuzzPointPair(t, s)
		y, refY := fuzzScalarPair(t, s)
		fuzzOnEachBackend(t, func() {
			refBase := new(ref.Point).ScalarBaseMult(refX)
			base := new(Point)
			if base.ScalarBaseMult(x) != base {
				t.Errorf("ScalarBaseMult did not return its receiver")
			}
			fuzzSamePoint(t, "ScalarBaseMult", base, refBase)

			refMul := new(ref.Point).ScalarMult(refX, refQ)
			mul := new(Point)
			if mul.ScalarMult(x, q) != mul {
				t.Errorf("ScalarMult did not return its receiver")
			}
			fuzzSamePoint(t, "ScalarMult", mul, refMul)
			alias := new(Point).Set(q)
			fuzzSamePoint(t, "ScalarMult (aliased)", alias.ScalarMult(x, alias), refMul)

			slow := new(Point)
			if slow.ScalarMultSlow(x, q) != slow {
				t.Errorf("ScalarMultSlow did not return its receiver")
			}
			fuzzSamePoint(t, "ScalarMultSlow", slow, new(ref.Point).ScalarMultSlow(refX, refQ))
			aliasSlow := new(Point).Set(q)
			fuzzSamePoint(t, "ScalarMultSlow (aliased)", aliasSlow.ScalarMultSlow(x, aliasSlow), refMul)

			if new(Point).ScalarMult(x, NewGeneratorPoint()).Equal(base) != 1 {
				t.Errorf("ScalarMult(x, B) != ScalarBaseMult(x)")
			}

			refDouble := new(ref.Point).VarTimeDoubleScalarBaseMult(refX, refQ, refY)
			dbl := new(Point)
			if dbl.VarTimeDoubleScalarBaseMult(x, q, y) != dbl {
				t.Errorf("VarTimeDoubleScalarBaseMult did not return its receiver")
			}
			fuzzSamePoint(t, "VarTimeDoubleScalarBaseMult", dbl, refDouble)
			aliasDbl := new(Point).Set(q)
			fuzzSamePoint(t, "VarTimeDoubleScalarBaseMult (aliased)",
				aliasDbl.VarTimeDoubleScalarBaseMult(x, aliasDbl, y), refDouble)
			combo := new(Point).Add(mul, new(Point).ScalarBaseMult(y))
			if combo.Equal(dbl) != 1 {
				t.Errorf("VarTimeDoubleScalarBaseMult(x, q, y) != x*q + y*B")
			}
		})
	})
}

// FuzzMultiScalarMult compares MultiScalarMult and VarTimeMultiScalarMult
// with the reference and with each other for n = 0..40 terms on every
// backend, and checks that mismatched slice lengths panic.
func FuzzMultiScalarMult(f *testing.F) {
	f.Add([]byte{0})
	f.Add([]byte{1})
	f.Add([]byte{2, 1, 0, 0, 1, 0, 0})
	f.Add([]byte{40})
	f.Add([]byte{17, 5, 0x88})
	f.Add([]byte{0x80 | 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		s := newFuzzStream(data)
		head := s.next()
		n := int(head&0x7f) % 41
		scalars := make([]*Scalar, n)
		points := make([]*Point, n)
		refScalars := make([]*ref.Scalar, n)
		refPoints := make([]*ref.Point, n)
		for i := 0; i < n; i++ {
			scalars[i], refScalars[i] = fuzzScalarPair(t, s)
			points[i], refPoints[i] = fuzzPointPair(t, s)
		}
		refSum := new(ref.Point).MultiScalarMult(refScalars, refPoints)
		if refVT := new(ref.Point).VarTimeMultiScalarMult(refScalars, refPoints); refVT.Equal(refSum) != 1 {
			t.Fatalf("reference disagrees with itself")
		}
		fuzzOnEachBackend(t, func() {
			msm := new(Point)
			if msm.MultiScalarMult(scalars, points) != msm {
				t.Errorf("MultiScalarMult did not return its receiver")
			}
			fuzzSamePoint(t, fmt.Sprintf("MultiScalarMult (n=%d)", n), msm, refSum)
			vt := new(Point)
			if vt.VarTimeMultiScalarMult(scalars, points) != vt {
				t.Errorf("VarTimeMultiScalarMult did not return its receiver")
			}
			fuzzSamePoint(t, fmt.Sprintf("VarTimeMultiScalarMult (n=%d)", n), vt, refSum)
			if n > 0 {
				// The receiver may alias one of the points.
				a := new(Point).Set(points[0])
				pts := append([]*Point{a}, points[1:]...)
				fuzzSamePoint(t, "MultiScalarMult (v aliases points[0])", a.MultiScalarMult(scalars, pts), refSum)
				b := new(Point).Set(points[0])
				pts = append([]*Point{b}, points[1:]...)
				fuzzSamePoint(t, "VarTimeMultiScalarMult (v aliases points[0])", b.VarTimeMultiScalarMult(scalars, pts), refSum)
			}
			for i, sc := range scalars { // inputs are not modified
				if !bytes.Equal(sc.Bytes(), refScalars[i].Bytes()) {
					t.Errorf("scalar %d modified", i)
				}
			}

			if head&0x80 != 0 && n > 0 {
				for _, vartime := range []bool{false, true} {
					func() {
						defer func() {
							if recover() == nil {
								t.Errorf("mismatched lengths %d/%d did not panic (vartime %v)", n, n-1, vartime)
							}
						}()
						if vartime {
							new(Point).VarTimeMultiScalarMult(scalars, points[:n-1])
						} else {
							new(Point).MultiScalarMult(scalars, points[:n-1])
						}
					}()
				}
			}
		})
	})
}
