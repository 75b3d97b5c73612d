package edwards25519

import (
	"bytes"
	"encoding/hex"
	"math/big"
	"slices"
	"testing"

	"github.com/seed06d4b90c/edwards25519/field"
)

// Tests of SetCanonicalBytes: the rule is that it accepts x exactly when
// SetBytes accepts x and Bytes returns x, and it is checked against that
// rule and against math/big.

// dcEncoding returns bits 0..254 = y (which may be ≥ p, up to 2^255 - 1)
// and bit 255 = sign.
func dcEncoding(y *big.Int, sign byte) []byte {
	b := y.FillBytes(make([]byte, 32))
	for i := 0; i < 16; i++ {
		b[i], b[31-i] = b[31-i], b[i]
	}
	b[31] |= sign << 7
	return b
}

// dcValidY reports, with math/big, whether y mod p is the y of a point:
// x² = (y² - 1)/(d·y² + 1) is a square (0 included).
func dcValidY(y *big.Int) bool {
	y = new(big.Int).Mod(y, sgP)
	y2 := new(big.Int).Mul(y, y)
	num := new(big.Int).Sub(y2, big.NewInt(1))
	den := new(big.Int).Mul(sgD, y2)
	den.Add(den, big.NewInt(1)).Mod(den, sgP)
	x2 := num.Mul(num, new(big.Int).ModInverse(den, sgP)).Mod(num, sgP)
	return x2.Sign() == 0 || big.Jacobi(x2, sgP) == 1
}

// dcCanonical reports, with math/big and from the bytes alone, whether a
// 32-byte encoding is canonical in the sense of RFC 8032, section 5.1.3:
// y < p, and not x = 0 (y = ±1) with the sign bit set.
func dcCanonical(enc []byte) bool {
	le := bytes.Clone(enc)
	sign := le[31] >> 7
	le[31] &= 0x7f
	for i := 0; i < 16; i++ {
		le[i], le[31-i] = le[31-i], le[i]
	}
	y := new(big.Int).SetBytes(le)
	if y.Cmp(sgP) >= 0 {
		return false
	}
	pMinus1 := new(big.Int).Sub(sgP, big.NewInt(1))
	return sign == 0 || (y.Cmp(big.NewInt(1)) != 0 && y.Cmp(pMinus1) != 0)
}

// dcOnCurve reports whether p's coordinates satisfy Z ≠ 0, the curve
// equation -X² + Y² = Z² + d·T² (multiplied through by Z⁴, with T = XY/Z)
// and X·Y = Z·T.
func dcOnCurve(p *Point) bool {
	var zero, lhs, rhs, tmp field.Element
	lhs.Square(&p.y)
	lhs.Subtract(&lhs, tmp.Square(&p.x))
	rhs.Square(&p.t)
	rhs.Multiply(&rhs, curveD)
	rhs.Add(&rhs, tmp.Square(&p.z))
	var xy, zt field.Element
	xy.Multiply(&p.x, &p.y)
	zt.Multiply(&p.z, &p.t)
	return p.z.Equal(&zero) == 0 && lhs.Equal(&rhs) == 1 && xy.Equal(&zt) == 1
}

// dcCheck runs SetCanonicalBytes on enc and checks it against the rule,
// against math/big, and for the error conventions. It reports whether enc
// was accepted.
func dcCheck(t *testing.T, enc []byte) bool {
	t.Helper()
	input := bytes.Clone(enc)
	lenient, errLenient := new(Point).SetBytes(enc)
	want := errLenient == nil && bytes.Equal(lenient.Bytes(), enc)
	if errLenient == nil && len(enc) == 32 && want != dcCanonical(enc) {
		t.Errorf("%x: math/big and the re-encoding rule disagree on canonicality", enc)
	}

	before := NewGeneratorPoint()
	v := new(Point).Set(before)
	got, err := v.SetCanonicalBytes(enc)
	if !bytes.Equal(enc, input) {
		t.Fatalf("%x: SetCanonicalBytes modified its input", input)
	}
	if (err == nil) != want {
		t.Errorf("SetCanonicalBytes(%x): err = %v, want accepted=%v", enc, err, want)
		return err == nil
	}
	if err != nil {
		if got != nil {
			t.Errorf("SetCanonicalBytes(%x) returned a point with its error", enc)
		}
		if v.Equal(before) != 1 || v.x != before.x || v.y != before.y || v.z != before.z || v.t != before.t {
			t.Errorf("SetCanonicalBytes(%x) changed its receiver on error", enc)
		}
		return false
	}
	if got != v {
		t.Errorf("SetCanonicalBytes(%x) did not return its receiver", enc)
	}
	if !bytes.Equal(got.Bytes(), enc) || got.Equal(lenient) != 1 {
		t.Errorf("SetCanonicalBytes(%x) decoded %x", enc, got.Bytes())
	}
	if !dcOnCurve(got) {
		t.Errorf("SetCanonicalBytes(%x) built an off-curve point", enc)
	}
	return true
}

// TestSetCanonicalBytesNonCanonical enumerates every non-canonical
// encoding that SetBytes accepts. An accepted x differs from Bytes() in
// one of two ways only (see decode.go): y ≥ p, that is y = p + k with k in
// [0, 18] (both signs), accepted when k is a valid y; or y < p with the
// sign bit set for x = 0, that is y = 1 or y = p - 1. The valid k are
// found with math/big: 12 of the 19, so there are 2·12 + 2 = 26 such
// encodings, all of which must be rejected.
func TestSetCanonicalBytesNonCanonical(t *testing.T) {
	var candidates [][]byte
	valid := map[string]bool{}
	for k := int64(0); k <= 18; k++ {
		y := new(big.Int).Add(sgP, big.NewInt(k))
		for sign := byte(0); sign < 2; sign++ {
			enc := dcEncoding(y, sign)
			candidates = append(candidates, enc)
			valid[string(enc)] = dcValidY(y)
		}
	}
	for _, y := range []*big.Int{big.NewInt(1), new(big.Int).Sub(sgP, big.NewInt(1))} {
		enc := dcEncoding(y, 1)
		candidates = append(candidates, enc)
		valid[string(enc)] = true
	}

	accepted := 0
	for _, enc := range candidates {
		_, err := new(Point).SetBytes(enc)
		if (err == nil) != valid[string(enc)] {
			t.Errorf("SetBytes(%x): err = %v, math/big says valid=%v", enc, err, valid[string(enc)])
		}
		if err == nil {
			accepted++
		}
		if dcCheck(t, enc) {
			t.Errorf("SetCanonicalBytes accepts the non-canonical %x", enc)
		}
	}
	if accepted != 26 {
		t.Errorf("SetBytes accepts %d non-canonical encodings, want 26", accepted)
	}
	t.Logf("%d candidates, %d accepted by SetBytes, all rejected by SetCanonicalBytes", len(candidates), accepted)
}

// TestSetCanonicalBytesRule runs the edge and random encodings of
// ptEncodings, the encodings of random points and of the torsion points,
// and those with their sign bit flipped, through dcCheck.
func TestSetCanonicalBytesRule(t *testing.T) {
	r := ptRand(t)
	encs := ptEncodings(r)
	for _, p := range ptPoints(t, r, 200) {
		encs = append(encs, p.Bytes())
	}
	n := len(encs)
	for _, enc := range encs[:n] {
		flipped := bytes.Clone(enc)
		flipped[31] ^= 0x80
		encs = append(encs, flipped)
	}
	accepted := 0
	for _, enc := range encs {
		if dcCheck(t, enc) {
			accepted++
		}
	}
	if accepted < 600 || accepted == len(encs) {
		t.Errorf("%d of %d accepted: the inputs do not exercise both outcomes", accepted, len(encs))
	}
	t.Logf("%d encodings, %d accepted", len(encs), accepted)
}

// TestSetCanonicalBytesBelowP runs through dcCheck the encodings that match
// p = ed ff … ff 7f in every byte but one, j, which holds a smaller value:
// y < p, so each is canonical exactly when y is a valid y (math/big), for
// both signs. The low byte takes each value from 0xed up (the range that
// makes the other bytes decide), so every position j from 1 to 31 is the
// only byte that tells y from p + k in some accepted encoding.
func TestSetCanonicalBytesBelowP(t *testing.T) {
	pBytes := dcEncoding(sgP, 0)
	for j := 1; j < 32; j++ {
		accepted := 0
		for _, b := range []byte{0x00, 0x7e, pBytes[j] - 1} {
			for low := 0xed; low <= 0xff; low++ {
				for sign := byte(0); sign < 2; sign++ {
					enc := bytes.Clone(pBytes)
					enc[j], enc[0] = b, byte(low)
					enc[31] |= sign << 7
					le := bytes.Clone(enc)
					le[31] &= 0x7f
					slices.Reverse(le)
					y := new(big.Int).SetBytes(le)
					want := y.Cmp(sgP) < 0 && dcValidY(y)
					if got := dcCheck(t, enc); got != want {
						t.Fatalf("SetCanonicalBytes(%x): accepted=%v, math/big says %v", enc, got, want)
					}
					if want {
						accepted++
					}
				}
			}
		}
		if accepted == 0 {
			t.Errorf("byte %d: no valid y among the encodings", j)
		}
	}
}

func TestSetCanonicalBytesLengths(t *testing.T) {
	B := NewGeneratorPoint().Bytes()
	for _, enc := range [][]byte{nil, {}, B[:31], append(bytes.Clone(B), 0), make([]byte, 64)} {
		if dcCheck(t, enc) {
			t.Errorf("SetCanonicalBytes accepts %d bytes", len(enc))
		}
	}
	// The identity and B, canonical, are accepted.
	id, _ := hex.DecodeString("0100000000000000000000000000000000000000000000000000000000000000")
	for _, enc := range [][]byte{id, B} {
		if !dcCheck(t, enc) {
			t.Errorf("SetCanonicalBytes rejects %x", enc)
		}
	}
}

func TestSetCanonicalBytesAllocations(t *testing.T) {
	enc := NewGeneratorPoint().Bytes()
	var v Point
	if n := testing.AllocsPerRun(20, func() { _, _ = v.SetCanonicalBytes(enc) }); n != 0 {
		t.Errorf("SetCanonicalBytes allocates %v times", n)
	}
}
