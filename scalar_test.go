package edwards25519

import (
	"bytes"
	"fmt"
	"math/big"
	"testing"

	ref "filippo.io/edwards25519"
)

// scalarTestIters is the number of random cases per property.
func scalarTestIters() int {
	if testing.Short() {
		return 200
	}
	return 2000
}

// scalarTestLE returns the n-byte little-endian encoding of v, which must fit.
func scalarTestLE(v *big.Int, n int) []byte {
	be := v.FillBytes(make([]byte, n))
	for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
		be[i], be[j] = be[j], be[i]
	}
	return be
}

// scalarTestFromLE decodes a little-endian integer.
func scalarTestFromLE(b []byte) *big.Int {
	be := make([]byte, len(b))
	for i := range b {
		be[len(b)-1-i] = b[i]
	}
	return new(big.Int).SetBytes(be)
}

// scalarTestBig returns the value of s, checking that s is canonical.
func scalarTestBig(t testing.TB, s *Scalar) *big.Int {
	t.Helper()
	v := new(big.Int)
	for i := 3; i >= 0; i-- {
		v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(s.w[i]))
	}
	if v.Cmp(groupOrder) >= 0 {
		t.Fatalf("scalar not canonical: %x", s.w)
	}
	return v
}

func TestScalarConstants(t *testing.T) {
	l := new(big.Int).Lsh(new(big.Int).SetUint64(scalarTop), 192)
	l.Add(l, new(big.Int).Lsh(new(big.Int).SetUint64(scalarC1), 64))
	l.Add(l, new(big.Int).SetUint64(scalarC0))
	if l.Cmp(groupOrder) != 0 {
		t.Fatalf("words of l give %v, want %v", l, groupOrder)
	}
	want, _ := new(big.Int).SetString("27742317777372353535851937790883648493", 10)
	want.Add(want, ptPow2(252))
	if want.Cmp(groupOrder) != 0 || !groupOrder.ProbablyPrime(20) {
		t.Fatal("test oracle for l is wrong")
	}
	if got, want := scalarTestBigWords(scalarTwo448[:]), new(big.Int).Mod(ptPow2(448), groupOrder); got.Cmp(want) != 0 {
		t.Fatalf("scalarTwo448 = %v, want %v", got, want)
	}
}

// scalarTestBigWords returns the value of little-endian 64-bit words.
func scalarTestBigWords(w []uint64) *big.Int {
	v := new(big.Int)
	for i := len(w) - 1; i >= 0; i-- {
		v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(w[i]))
	}
	return v
}

func TestScalarZeroValue(t *testing.T) {
	var z Scalar
	if z.Equal(NewScalar()) != 1 || !bytes.Equal(z.Bytes(), make([]byte, 32)) {
		t.Fatal("zero value or NewScalar is not 0")
	}
	one := ptScalarFromBig(t, big.NewInt(1))
	if new(Scalar).Add(&z, one).Equal(one) != 1 {
		t.Fatal("0 + 1 != 1")
	}
}

// TestScalarArithmeticOracle checks every arithmetic method against math/big
// and against filippo.io/edwards25519 on edge and random inputs.
func TestScalarArithmeticOracle(t *testing.T) {
	r := ptRand(t)
	bs, ss := ptScalarPairs(t, r, 60)
	n := len(bs)
	l := groupOrder
	check := func(op string, got *Scalar, want *big.Int, refGot *ref.Scalar) {
		t.Helper()
		want = new(big.Int).Mod(want, l)
		if g := scalarTestBig(t, got); g.Cmp(want) != 0 {
			t.Fatalf("%s: got %v, want %v", op, g, want)
		}
		if !bytes.Equal(got.Bytes(), refGot.Bytes()) {
			t.Fatalf("%s: got %x, reference %x", op, got.Bytes(), refGot.Bytes())
		}
	}
	pair := func(i, j int) {
		x, y := ss[i], ss[j]
		rx, ry := toRefScalar(t, x), toRefScalar(t, y)
		bx, by := bs[i], bs[j]
		check("Add", new(Scalar).Add(x, y), new(big.Int).Add(bx, by), new(ref.Scalar).Add(rx, ry))
		check("Subtract", new(Scalar).Subtract(x, y), new(big.Int).Sub(bx, by), new(ref.Scalar).Subtract(rx, ry))
		check("Multiply", new(Scalar).Multiply(x, y), new(big.Int).Mul(bx, by), new(ref.Scalar).Multiply(rx, ry))
		z := ss[(i+j)%n]
		want := new(big.Int).Mul(bx, by)
		want.Add(want, bs[(i+j)%n])
		check("MultiplyAdd", new(Scalar).MultiplyAdd(x, y, z), want, new(ref.Scalar).MultiplyAdd(rx, ry, toRefScalar(t, z)))
		if got, want := x.Equal(y), bs[i].Cmp(bs[j]) == 0; (got == 1) != want || (got != 0 && got != 1) {
			t.Fatalf("Equal(%v, %v) = %d", bx, by, got)
		}
		if got, want := x.Equal(y), rx.Equal(ry); got != want {
			t.Fatalf("Equal(%v, %v) = %d, reference %d", bx, by, got, want)
		}
	}
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			pair(i, j)
		}
		x := ss[i]
		rx := toRefScalar(t, x)
		check("Negate", new(Scalar).Negate(x), new(big.Int).Neg(bs[i]), new(ref.Scalar).Negate(rx))
		check("Set", new(Scalar).Set(x), bs[i], new(ref.Scalar).Set(rx))
		// Invert: the inverse mod l, and 0 for 0.
		want := new(big.Int)
		if bs[i].Sign() != 0 {
			want.ModInverse(bs[i], l)
		}
		check("Invert", new(Scalar).Invert(x), want, new(ref.Scalar).Invert(rx))
	}
	for k := 0; k < scalarTestIters(); k++ {
		i, j := r.IntN(n), r.IntN(n)
		x := ptScalarFromBig(t, ptRandomBig(r, 253))
		ss[i], bs[i] = x, scalarTestBig(t, x)
		pair(i, j)
	}
}

// TestScalarInvertRandom checks s * s^-1 = 1 on many random values.
func TestScalarInvertRandom(t *testing.T) {
	r := ptRand(t)
	one := ptScalarFromBig(t, big.NewInt(1))
	for k := 0; k < scalarTestIters()/4; k++ {
		s := ptScalarFromBig(t, ptRandomBig(r, 253))
		if s.Equal(new(Scalar)) == 1 {
			continue
		}
		inv := new(Scalar).Invert(s)
		if new(Scalar).Multiply(s, inv).Equal(one) != 1 {
			t.Fatalf("s * Invert(s) != 1 for s = %x", s.Bytes())
		}
	}
	if new(Scalar).Invert(new(Scalar)).Equal(new(Scalar)) != 1 {
		t.Fatal("Invert(0) != 0")
	}
}

// scalarTestByteEdges32 are 32-byte inputs for the 32-byte setters.
func scalarTestByteEdges32() []*big.Int {
	l := groupOrder
	return append(ptEdgeBigs(),
		new(big.Int).Set(l), new(big.Int).Add(l, big.NewInt(1)), new(big.Int).Add(l, big.NewInt(2)),
		new(big.Int).Sub(ptPow2(253), big.NewInt(1)), ptPow2(253),
		new(big.Int).Sub(ptPow2(256), big.NewInt(1)), ptPow2(255),
		new(big.Int).Sub(ptPow2(255), big.NewInt(1)), ptPow2(254),
		new(big.Int).Lsh(l, 1), new(big.Int).Sub(new(big.Int).Lsh(l, 1), big.NewInt(1)),
		new(big.Int).Mul(l, big.NewInt(15)), new(big.Int).Add(new(big.Int).Mul(l, big.NewInt(15)), big.NewInt(1)),
	)
}

func TestScalarSetCanonicalBytes(t *testing.T) {
	r := ptRand(t)
	inputs := scalarTestByteEdges32()
	for k := 0; k < scalarTestIters(); k++ {
		v := ptRandomBig(r, 256)
		if k%2 == 0 {
			v.Rsh(v, 3) // around l
			v.Add(v, new(big.Int).Sub(groupOrder, ptPow2(252)))
			v.Mod(v, ptPow2(256))
		}
		inputs = append(inputs, v)
	}
	for _, v := range inputs {
		in := scalarTestLE(v, 32)
		orig := bytes.Clone(in)
		s := ptScalarFromBig(t, big.NewInt(42))
		got, err := s.SetCanonicalBytes(in)
		_, refErr := new(ref.Scalar).SetCanonicalBytes(in)
		wantOK := v.Cmp(groupOrder) < 0
		if (err == nil) != wantOK || (refErr == nil) != wantOK {
			t.Fatalf("SetCanonicalBytes(%v): err %v, reference err %v, want ok = %v", v, err, refErr, wantOK)
		}
		if !bytes.Equal(in, orig) {
			t.Fatal("SetCanonicalBytes modified its input")
		}
		if !wantOK {
			if got != nil || err.Error() != refErr.Error() {
				t.Fatalf("SetCanonicalBytes(%v) = %v, %q; want nil, %q", v, got, err, refErr)
			}
			if scalarTestBig(t, s).Int64() != 42 {
				t.Fatal("receiver changed on error")
			}
			continue
		}
		if got != s || scalarTestBig(t, s).Cmp(v) != 0 || !bytes.Equal(s.Bytes(), in) {
			t.Fatalf("SetCanonicalBytes(%v) = %v", v, scalarTestBig(t, s))
		}
	}
	for _, n := range []int{0, 1, 31, 33, 64} {
		s := ptScalarFromBig(t, big.NewInt(7))
		got, err := s.SetCanonicalBytes(make([]byte, n))
		_, refErr := new(ref.Scalar).SetCanonicalBytes(make([]byte, n))
		if got != nil || err == nil || err.Error() != refErr.Error() || scalarTestBig(t, s).Int64() != 7 {
			t.Fatalf("SetCanonicalBytes of %d bytes: %v, %v (reference %v)", n, got, err, refErr)
		}
	}
}

func TestScalarSetUniformBytes(t *testing.T) {
	r := ptRand(t)
	l := groupOrder
	inputs := append([]*big.Int(nil), scalarTestByteEdges32()...)
	l2 := new(big.Int).Mul(l, l)
	inputs = append(inputs,
		new(big.Int).Sub(ptPow2(512), big.NewInt(1)), ptPow2(511), ptPow2(506),
		new(big.Int).Sub(ptPow2(506), big.NewInt(1)), l2, new(big.Int).Sub(l2, big.NewInt(1)),
		new(big.Int).Mul(l, ptPow2(259)), new(big.Int).Sub(new(big.Int).Mul(l, ptPow2(259)), big.NewInt(1)),
		new(big.Int).Sub(ptPow2(512), l),
	)
	// Multiples of l plus small offsets, near the top of the range.
	for k := 0; k < 20; k++ {
		m := new(big.Int).Mul(l, ptRandomBig(r, 259))
		m.Add(m, big.NewInt(int64(k)-10))
		inputs = append(inputs, m.Mod(m, ptPow2(512)))
	}
	for k := 0; k < scalarTestIters(); k++ {
		inputs = append(inputs, ptRandomBig(r, 512))
	}
	for _, v := range inputs {
		in := scalarTestLE(v, 64)
		orig := bytes.Clone(in)
		s := new(Scalar)
		got, err := s.SetUniformBytes(in)
		if err != nil || got != s {
			t.Fatalf("SetUniformBytes(%v): %v", v, err)
		}
		want := new(big.Int).Mod(v, l)
		if scalarTestBig(t, s).Cmp(want) != 0 {
			t.Fatalf("SetUniformBytes(%v) = %v, want %v", v, scalarTestBig(t, s), want)
		}
		rs, _ := new(ref.Scalar).SetUniformBytes(in)
		if !bytes.Equal(s.Bytes(), rs.Bytes()) || !bytes.Equal(in, orig) {
			t.Fatalf("SetUniformBytes(%v) differs from the reference or modified its input", v)
		}
	}
	for _, n := range []int{0, 32, 63, 65} {
		s := ptScalarFromBig(t, big.NewInt(7))
		got, err := s.SetUniformBytes(make([]byte, n))
		_, refErr := new(ref.Scalar).SetUniformBytes(make([]byte, n))
		if got != nil || err == nil || err.Error() != refErr.Error() || scalarTestBig(t, s).Int64() != 7 {
			t.Fatalf("SetUniformBytes of %d bytes: %v, %v (reference %v)", n, got, err, refErr)
		}
	}
}

func TestScalarSetBytesWithClamping(t *testing.T) {
	r := ptRand(t)
	inputs := scalarTestByteEdges32()
	for k := 0; k < scalarTestIters(); k++ {
		inputs = append(inputs, ptRandomBig(r, 256))
	}
	for _, v := range inputs {
		in := scalarTestLE(v, 32)
		orig := bytes.Clone(in)
		s := new(Scalar)
		got, err := s.SetBytesWithClamping(in)
		if err != nil || got != s {
			t.Fatalf("SetBytesWithClamping(%v): %v", v, err)
		}
		// RFC 8032, Section 5.1.5: clear bits 0, 1, 2 and 255, set bit 254.
		want := new(big.Int).Set(v)
		for _, b := range []int{0, 1, 2, 255} {
			want.SetBit(want, b, 0)
		}
		want.SetBit(want, 254, 1)
		want.Mod(want, groupOrder)
		if scalarTestBig(t, s).Cmp(want) != 0 {
			t.Fatalf("SetBytesWithClamping(%v) = %v, want %v", v, scalarTestBig(t, s), want)
		}
		rs, _ := new(ref.Scalar).SetBytesWithClamping(in)
		if !bytes.Equal(s.Bytes(), rs.Bytes()) || !bytes.Equal(in, orig) {
			t.Fatalf("SetBytesWithClamping(%v) differs from the reference or modified its input", v)
		}
	}
	for _, n := range []int{0, 31, 33, 64} {
		s := ptScalarFromBig(t, big.NewInt(7))
		got, err := s.SetBytesWithClamping(make([]byte, n))
		_, refErr := new(ref.Scalar).SetBytesWithClamping(make([]byte, n))
		if got != nil || err == nil || err.Error() != refErr.Error() || scalarTestBig(t, s).Int64() != 7 {
			t.Fatalf("SetBytesWithClamping of %d bytes: %v, %v (reference %v)", n, got, err, refErr)
		}
	}
}

func TestScalarBytes(t *testing.T) {
	r := ptRand(t)
	bs, ss := ptScalarPairs(t, r, 100)
	for i, s := range ss {
		b1 := s.Bytes()
		if len(b1) != 32 || scalarTestFromLE(b1).Cmp(bs[i]) != 0 {
			t.Fatalf("Bytes() = %x, want %v", b1, bs[i])
		}
		if a := s.bytes32(); !bytes.Equal(a[:], b1) {
			t.Fatalf("bytes32() = %x, Bytes() = %x", a, b1)
		}
		if !bytes.Equal(b1, toRefScalar(t, s).Bytes()) {
			t.Fatal("Bytes differs from the reference")
		}
		// A fresh slice each time, not aliasing the scalar.
		b2 := s.Bytes()
		b1[0] ^= 0xff
		if bytes.Equal(b1, b2) || !bytes.Equal(b2, s.Bytes()) || &b1[0] == &b2[0] {
			t.Fatal("Bytes does not return a fresh slice")
		}
	}
}

// scalarTestDigitSum returns sum d[i] * 2^(w*i).
func scalarTestDigitSum[D int8 | int32](d []D, w uint) *big.Int {
	sum := new(big.Int)
	for i := len(d) - 1; i >= 0; i-- {
		sum.Lsh(sum, w).Add(sum, big.NewInt(int64(d[i])))
	}
	return sum
}

// oddTestValue returns Σ_(i<63) d_i·16^i + 16^63, the value of the odd
// digits in entry form e: d_i = sign(e)·(2|e| - 1).
func oddTestValue(e *[oddDigitCount]int8) *big.Int {
	sum := big.NewInt(1)
	for i := len(e) - 1; i >= 0; i-- {
		d := 2*int64(e[i]) - 1
		if e[i] < 0 {
			d = 2*int64(e[i]) + 1
		}
		sum.Lsh(sum, combWidth).Add(sum, big.NewInt(int64(d)))
	}
	return sum
}

// oddRecodingTarget checks the parity mask odd that an odd recoding of x
// returned (all ones for an odd x) and returns the value its digits must
// sum to: u = x + δ, δ = 1 + (x mod 2).
func oddRecodingTarget(t *testing.T, x *big.Int, odd uint64) *big.Int {
	t.Helper()
	delta := int64(1 + x.Bit(0))
	if want := -uint64(delta - 1); odd != want {
		t.Fatalf("%v: parity mask %#x, want %#x", x, odd, want)
	}
	return new(big.Int).Add(x, big.NewInt(delta))
}

// TestScalarOddDigits checks the odd digits: every entry in [-8, -1] ∪
// [1, 8] (no zero digit), the parity mask, and the value, x + 1 for an
// even x and x + 2 for an odd one.
func TestScalarOddDigits(t *testing.T) {
	r := ptRand(t)
	bs, ss := ptScalarPairs(t, r, scalarTestIters())
	var e [oddDigitCount]int8
	for i, s := range ss {
		odd := s.oddDigits(&e)
		for j, v := range e {
			if v == 0 || v < -combEntries || v > combEntries {
				t.Fatalf("%v: entry %d is %d", bs[i], j, v)
			}
		}
		want := oddRecodingTarget(t, bs[i], odd)
		if got := oddTestValue(&e); got.Cmp(want) != 0 {
			t.Fatalf("oddDigits(%v) sums to %v, want %v", bs[i], got, want)
		}
	}
}

// TestScalarOddRadix4Digits checks ScalarMultSlow's recoding: every digit
// in {-3, -1, 1, 3}, the parity mask, and the value Σ d_i·4^i + 4^126, x + 1
// for an even x and x + 2 for an odd one.
func TestScalarOddRadix4Digits(t *testing.T) {
	r := ptRand(t)
	bs, ss := ptScalarPairs(t, r, scalarTestIters())
	var d [oddRadix4Count]int8
	for i, s := range ss {
		odd := s.oddRadix4Digits(&d)
		for j, v := range d {
			if v != -3 && v != -1 && v != 1 && v != 3 {
				t.Fatalf("%v: digit %d is %d", bs[i], j, v)
			}
		}
		want := oddRecodingTarget(t, bs[i], odd)
		got := scalarTestDigitSum(d[:], 2)
		got.Add(got, new(big.Int).Lsh(big.NewInt(1), 2*oddRadix4Count))
		if got.Cmp(want) != 0 {
			t.Fatalf("oddRadix4Digits(%v) sums to %v, want %v", bs[i], got, want)
		}
	}
}

func TestScalarSignedWindowDigits(t *testing.T) {
	r := ptRand(t)
	bs, ss := ptScalarPairs(t, r, scalarTestIters()/10)
	out := make([]int32, 70)
	for w := uint(4); w <= 16; w++ {
		wantN := 0
		for wantN*int(w) < 254 {
			wantN++
		}
		half := int32(1) << (w - 1)
		for i, s := range ss {
			for j := range out {
				out[j] = 0x7fff_ffff // detect writes past n
			}
			n := s.signedWindowDigits(w, out)
			if n != wantN || n != signedWindowDigitCount(w) {
				t.Fatalf("w=%d: %d digits, want %d", w, n, wantN)
			}
			for j := n; j < len(out); j++ {
				if out[j] != 0x7fff_ffff {
					t.Fatalf("w=%d: wrote past the %d digits", w, n)
				}
			}
			for j, v := range out[:n] {
				if v < -half || v > half || (j < n-1 && v == half) || (j == n-1 && v < 0) {
					t.Fatalf("w=%d: digit %d of %v is %d", w, j, bs[i], v)
				}
			}
			if got := scalarTestDigitSum(out[:n], w); got.Cmp(bs[i]) != 0 {
				t.Fatalf("w=%d: digits of %v sum to %v", w, bs[i], got)
			}
		}
	}
	for _, w := range []uint{0, 3, 17} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("signedWindowDigits(%d) did not panic", w)
				}
			}()
			new(Scalar).signedWindowDigits(w, out)
		}()
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("signedWindowDigits with a short buffer did not panic")
			}
		}()
		new(Scalar).signedWindowDigits(4, out[:63])
	}()
}

func TestScalarNAFDigits(t *testing.T) {
	r := ptRand(t)
	bs, ss := ptScalarPairs(t, r, scalarTestIters()/10)
	for w := uint(2); w <= 8; w++ {
		for i, s := range ss {
			naf := s.nafDigits(w)
			last := -1000
			for j, v := range naf {
				if v == 0 {
					continue
				}
				if d := int(v); d%2 == 0 || d >= 1<<(w-1) || d <= -(1<<(w-1)) {
					t.Fatalf("w=%d: digit %d of %v is %d", w, j, bs[i], v)
				}
				if j-last < int(w) {
					t.Fatalf("w=%d: nonzero digits %d and %d of %v are adjacent", w, last, j, bs[i])
				}
				last = j
			}
			if got := scalarTestDigitSum(naf[:], 1); got.Cmp(bs[i]) != 0 {
				t.Fatalf("w=%d: NAF of %v sums to %v", w, bs[i], got)
			}
		}
	}
	for _, w := range []uint{0, 1, 9} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("nafDigits(%d) did not panic", w)
				}
			}()
			new(Scalar).nafDigits(w)
		}()
	}
}

// nafDigitsBitwise is the width-w NAF recoding one bit at a time, as
// nafDigits was first written: the oracle for its word-scanning form, which
// must give the same digits (not only a valid NAF of the same value).
func nafDigitsBitwise(s *Scalar, w uint) [256]int8 {
	if w < 2 || w > 8 {
		panic("nafDigitsBitwise width out of range")
	}
	// Expand s into single bits, with room for a window that starts at the
	// top bit and reads past it.
	var b [256 + 8]uint8
	for i := 0; i < 256; i++ {
		b[i] = uint8(s.w[i/64] >> (i % 64) & 1)
	}
	var naf [256]int8
	full := int32(1) << w
	var carry int32 // a one owed at position i by an earlier negative digit
	for i := 0; i < 256; {
		if int32(b[i])+carry != 1 {
			// Bit i of the running value k is even: digit zero. k's bit is
			// b[i]+carry in {0, 2}; a 2 is a zero bit with the carry passed on.
			i++
			continue
		}
		// k is odd here: take d = k mods 2^w and subtract it, which clears
		// bits i..i+w-1 of k (possibly adding a one at i+w when d < 0).
		v := carry
		for j := uint(0); j < w; j++ {
			v += int32(b[i+int(j)]) << j
		}
		if v >= full/2 {
			naf[i] = int8(v - full)
			carry = 1
		} else {
			naf[i] = int8(v)
			carry = 0
		}
		i += int(w)
	}
	if carry != 0 {
		panic("nafDigitsBitwise: carry out")
	}
	return naf
}

// scalarTestNAFStraddles returns scalars whose NAF windows start just below
// each word boundary (64, 128, 192, and 256, where the window reads past the
// top bit): every 9-bit pattern at each start from 9 bits below the boundary
// to the boundary, alone and above a run of ones (which brings the carry to
// the window's start), and the 512 values below l and from 2^252 and below
// it. Values of l or more are reduced.
func scalarTestNAFStraddles(t testing.TB) []*Scalar {
	var out []*Scalar
	for _, boundary := range []uint{64, 128, 192, 256} {
		for p := boundary - 9; p <= boundary; p++ {
			ones := new(big.Int).Sub(ptPow2(p), big.NewInt(1))
			for pat := int64(0); pat < 512; pat++ {
				v := new(big.Int).Lsh(big.NewInt(pat), p)
				out = append(out, ptScalarFromBig(t, v))
				out = append(out, ptScalarFromBig(t, v.Add(v, ones)))
			}
		}
	}
	for k := int64(0); k < 512; k++ {
		for _, v := range []*big.Int{
			new(big.Int).Sub(groupOrder, big.NewInt(k+1)),
			new(big.Int).Add(ptPow2(252), big.NewInt(k)),
			new(big.Int).Sub(ptPow2(252), big.NewInt(k+1)),
		} {
			out = append(out, ptScalarFromBig(t, v))
		}
	}
	return out
}

// TestScalarNAFDigitsOracle checks that nafDigits gives the digits of
// nafDigitsBitwise, at every width it accepts (5 and baseNAFWidth among
// them), on the edge scalars of the other tests, on windows straddling each
// word boundary, and on random scalars: uniform ones (ptRandomScalar) and
// ones biased to long runs of equal bits (ptScalarPairs).
func TestScalarNAFDigitsOracle(t *testing.T) {
	if baseNAFWidth < 2 || baseNAFWidth > 8 {
		t.Fatalf("baseNAFWidth %d is outside nafDigits's range", baseNAFWidth)
	}
	r := ptRand(t)
	n := 20000
	if testing.Short() {
		n = 2000
	}
	ss := ptScalars(t, r, n)
	_, pairs := ptScalarPairs(t, r, n)
	ss = append(ss, pairs...)
	ss = append(ss, scalarTestNAFStraddles(t)...)
	for _, s := range ss {
		for w := uint(2); w <= 8; w++ {
			got, want := s.nafDigits(w), nafDigitsBitwise(s, w)
			if got != want {
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("w=%d, s = %x (little-endian): digit %d is %d, want %d",
							w, s.Bytes(), i, got[i], want[i])
					}
				}
			}
		}
	}
	t.Logf("%d scalars, widths 2 to 8", len(ss))
}

func TestScalarAllocations(t *testing.T) {
	x := ptScalarFromBig(t, big.NewInt(12345))
	y := ptScalarFromBig(t, new(big.Int).Sub(groupOrder, big.NewInt(3)))
	var s Scalar
	wide := make([]byte, 64)
	for i := range wide {
		wide[i] = byte(i * 7)
	}
	narrow := wide[:32]
	digits := make([]int32, 64)
	var comb [oddDigitCount]int8
	enc := y.Bytes()
	var sink byte
	for name, f := range map[string]func(){
		"Multiply":             func() { s.Multiply(x, y) },
		"Add":                  func() { s.Add(x, y) },
		"Subtract":             func() { s.Subtract(x, y) },
		"Negate":               func() { s.Negate(x) },
		"Invert":               func() { s.Invert(x) },
		"MultiplyAdd":          func() { s.MultiplyAdd(x, y, x) },
		"SetUniformBytes":      func() { s.SetUniformBytes(wide) },
		"SetCanonicalBytes":    func() { s.SetCanonicalBytes(enc) },
		"SetBytesWithClamping": func() { s.SetBytesWithClamping(narrow) },
		"Bytes":                func() { sink ^= x.Bytes()[3] },
		"bytes32":              func() { b := x.bytes32(); sink ^= b[5] },
		"signedWindowDigits":   func() { x.signedWindowDigits(5, digits) },
		"oddDigits":            func() { x.oddDigits(&comb) },
		"Equal":                func() { sink ^= byte(x.Equal(y)) },
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s allocates %v times", name, n)
		}
	}
	_ = sink
}

// scalarBenchInputs returns two random scalars for benchmarks.
func scalarBenchInputs(b *testing.B) (*Scalar, *Scalar) {
	var buf [64]byte
	for i := range buf {
		buf[i] = byte(i*131 + 7)
	}
	x, _ := new(Scalar).SetUniformBytes(buf[:])
	buf[0] ^= 1
	y, _ := new(Scalar).SetUniformBytes(buf[:])
	return x, y
}

func BenchmarkScalarAdd(b *testing.B) {
	x, y := scalarBenchInputs(b)
	for b.Loop() {
		x.Add(x, y)
	}
}

func BenchmarkScalarMultiply(b *testing.B) {
	x, y := scalarBenchInputs(b)
	for b.Loop() {
		x.Multiply(x, y)
	}
}

func BenchmarkScalarMultiplyAdd(b *testing.B) {
	x, y := scalarBenchInputs(b)
	for b.Loop() {
		x.MultiplyAdd(x, y, y)
	}
}

func BenchmarkScalarInvert(b *testing.B) {
	x, _ := scalarBenchInputs(b)
	for b.Loop() {
		x.Invert(x)
	}
}

func BenchmarkScalarSetUniformBytes(b *testing.B) {
	var buf [64]byte
	for i := range buf {
		buf[i] = byte(i*131 + 7)
	}
	var s Scalar
	for b.Loop() {
		s.SetUniformBytes(buf[:])
		buf[0]++
	}
}

func BenchmarkScalarSetCanonicalBytes(b *testing.B) {
	x, _ := scalarBenchInputs(b)
	enc := x.Bytes()
	var s Scalar
	for b.Loop() {
		s.SetCanonicalBytes(enc)
	}
}

func BenchmarkScalarBytes(b *testing.B) {
	x, _ := scalarBenchInputs(b)
	var sink byte
	for b.Loop() {
		sink ^= x.Bytes()[0]
	}
	_ = sink
}

// BenchmarkScalarNAFDigits times nafDigits at the two widths the
// variable-time multiplications use, over 256 random scalars in turn.
func BenchmarkScalarNAFDigits(b *testing.B) {
	r := ptRand(b)
	ss := make([]*Scalar, 256)
	for i := range ss {
		ss[i] = ptRandomScalar(r)
	}
	for _, w := range []uint{5, baseNAFWidth} {
		b.Run(fmt.Sprintf("w=%d", w), func(b *testing.B) {
			var sink int8
			i := 0
			for b.Loop() {
				naf := ss[i%len(ss)].nafDigits(w)
				sink ^= naf[i%len(naf)]
				i++
			}
			if sink == 42 {
				b.Log(sink)
			}
		})
	}
}
