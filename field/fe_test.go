package field

import (
	"bytes"
	"encoding/hex"
	"math"
	"math/big"
	"strconv"
	"testing"
)

// iterations scales the random loops down under -short.
func iterations() int {
	if testing.Short() {
		return 200
	}
	return 2000
}

var (
	bigP     = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	big2_51  = new(big.Int).Lsh(big.NewInt(1), 51)
	bigOne   = big.NewInt(1)
	limbMax  = uint64(1<<51 + 1<<18 - 1) // largest limb the invariant allows
	seamMax  = uint64(1<<54 - 1)         // largest limb feMul accepts
	sqMax    = uint64(3<<51 - 1)         // largest limb feSquare accepts
	mulLimit = uint64(1<<51 + 1<<15)     // multiply outputs are below this
)

// value returns the integer the limbs of e represent, not reduced.
func value(e *Element) *big.Int {
	n := new(big.Int)
	for i := 4; i >= 0; i-- {
		n.Lsh(n, 51)
		n.Add(n, new(big.Int).SetUint64(e.l[i]))
	}
	return n
}

// modP returns the value of e reduced modulo p.
func modP(e *Element) *big.Int {
	return new(big.Int).Mod(value(e), bigP)
}

// fromBig builds an Element directly from the limbs of n, 0 <= n < 2^255,
// without reducing it (so p, p+1, 2^255-1 stay non-canonical).
func fromBig(n *big.Int) *Element {
	if n.Sign() < 0 || n.BitLen() > 255 {
		panic("fromBig: out of range")
	}
	var e Element
	m := new(big.Int).Set(n)
	mask := new(big.Int).Sub(big2_51, bigOne)
	for i := range e.l {
		e.l[i] = new(big.Int).And(m, mask).Uint64()
		m.Rsh(m, 51)
	}
	return &e
}

func bigFromString(s string) *big.Int {
	n, ok := new(big.Int).SetString(s, 0)
	if !ok {
		panic(s)
	}
	return n
}

// edgeElements are special values, mixed into every random test.
func edgeElements() []*Element {
	two255 := new(big.Int).Lsh(bigOne, 255)
	vals := []*big.Int{
		big.NewInt(0),
		big.NewInt(1),
		big.NewInt(2),
		big.NewInt(19),
		new(big.Int).Sub(bigP, bigOne),           // p-1 = 2^255-20
		new(big.Int).Set(bigP),                   // p (non-canonical 0)
		new(big.Int).Add(bigP, bigOne),           // p+1 (non-canonical 1)
		new(big.Int).Add(bigP, big.NewInt(18)),   // 2^255-1
		new(big.Int).Sub(two255, big.NewInt(20)), // 2^255-20
		new(big.Int).Sub(big2_51, bigOne),        // one full limb
		new(big.Int).Set(big2_51),                // carry into limb 1
		new(big.Int).Sub(new(big.Int).Lsh(bigOne, 254), bigOne),
		bigFromString("19681161376707505956807079304988542015446066515923890162744021073123829784752"), // sqrt(-1)
	}
	var out []*Element
	for _, v := range vals {
		out = append(out, fromBig(v))
	}
	// Limbs at the invariant's bound, and mixed.
	out = append(out,
		&Element{l: [5]uint64{limbMax, limbMax, limbMax, limbMax, limbMax}},
		&Element{l: [5]uint64{limbMax, 0, limbMax, 0, limbMax}},
		&Element{l: [5]uint64{0, limbMax, 0, limbMax, 0}},
		&Element{l: [5]uint64{limbMax, mask51, mask51, mask51, mask51}},
		&Element{l: [5]uint64{mask51 - 18, mask51, mask51, mask51, mask51}}, // p, another way
	)
	return out
}

// leBig reads b as a little-endian integer.
func leBig(b []byte) *big.Int {
	be := make([]byte, len(b))
	for i := range b {
		be[len(b)-1-i] = b[i]
	}
	return new(big.Int).SetBytes(be)
}

// leBytes32 writes 0 <= n < 2^256 as 32 little-endian bytes.
func leBytes32(n *big.Int) []byte {
	out := make([]byte, 32)
	be := n.FillBytes(make([]byte, 32))
	for i := range be {
		out[31-i] = be[i]
	}
	return out
}

// checkInvariant fails t if some limb of e reaches 2^51 + 2^18.
func checkInvariant(t *testing.T, what string, e *Element) {
	t.Helper()
	for i, l := range e.l {
		if l > limbMax {
			t.Fatalf("%s: limb %d = %#x breaks the invariant (limbs < 2^51+2^18): %v", what, i, l, e.l)
		}
	}
}

// checkBelow fails t if some limb of e is not below limit.
func checkBelow(t *testing.T, what string, e *Element, limit uint64) {
	t.Helper()
	for i, l := range e.l {
		if l >= limit {
			t.Fatalf("%s: limb %d = %#x not below %#x: %v", what, i, l, limit, e.l)
		}
	}
}

func checkValue(t *testing.T, what string, got *Element, want *big.Int) {
	t.Helper()
	want = new(big.Int).Mod(want, bigP)
	if g := modP(got); g.Cmp(want) != 0 {
		t.Fatalf("%s: got %v, want %v (limbs %v)", what, g, want, got.l)
	}
}

func TestZeroValueAndConstants(t *testing.T) {
	var z Element
	checkValue(t, "zero value", &z, big.NewInt(0))
	v := randomElement(newRand(t))
	if v.Zero() != v {
		t.Fatal("Zero does not return its receiver")
	}
	checkValue(t, "Zero", v, big.NewInt(0))
	if v.One() != v {
		t.Fatal("One does not return its receiver")
	}
	checkValue(t, "One", v, big.NewInt(1))
	var w Element
	if w.Set(v) != &w || w != *v {
		t.Fatal("Set does not copy and return its receiver")
	}
	if z.Equal(new(Element).One()) != 0 || z.Equal(new(Element)) != 1 {
		t.Fatal("Equal on zero value")
	}
}

func TestSqrtM1Constant(t *testing.T) {
	s := modP(&sqrtM1)
	sq := new(big.Int).Mul(s, s)
	sq.Add(sq, bigOne).Mod(sq, bigP)
	if sq.Sign() != 0 {
		t.Fatalf("sqrtM1^2 != -1 mod p")
	}
	if s.Bit(0) != 0 {
		t.Fatalf("sqrtM1 is not the non-negative root")
	}
	checkBelow(t, "sqrtM1", &sqrtM1, 1<<51)
}

func TestMultiplyOracle(t *testing.T) {
	r := newRand(t)
	forPairs(t, r, randomElement, func(a, b *Element) {
		var v Element
		if v.Multiply(a, b) != &v {
			t.Fatal("Multiply does not return its receiver")
		}
		checkValue(t, "Multiply", &v, new(big.Int).Mul(value(a), value(b)))
		checkBelow(t, "Multiply", &v, mulLimit)
	})
}

func TestSquareOracle(t *testing.T) {
	r := newRand(t)
	check := func(a *Element) {
		var v Element
		if v.Square(a) != &v {
			t.Fatal("Square does not return its receiver")
		}
		checkValue(t, "Square", &v, new(big.Int).Mul(value(a), value(a)))
		checkBelow(t, "Square", &v, mulLimit)
	}
	for _, a := range edgeElements() {
		check(a)
	}
	for range iterations() {
		check(randomElement(r))
	}
}

// TestSquareLazyOracle checks the lazy carry of the Intel squaring loop's
// twin against math/big: squareLazy keeps the value of x*x and the bound
// lazyBound on inputs up to that bound (all limbs at lazyBound - 1 is the
// largest case of its proof), and feSquareNLazyGeneric gives the values of
// feSquareNGeneric under the Element invariant.
func TestSquareLazyOracle(t *testing.T) {
	r := newRand(t)
	check := func(x [5]uint64) {
		t.Helper()
		in := Element{x}
		want := new(big.Int).Mul(value(&in), value(&in))
		squareLazy(&x)
		for i, l := range x {
			if l >= lazyBound {
				t.Fatalf("squareLazy(%#x): limb %d = %#x, not below 2^52 + 2^11", in.l, i, l)
			}
		}
		out := Element{x}
		checkValue(t, "squareLazy", &out, want)
	}
	check([5]uint64{lazyBound - 1, lazyBound - 1, lazyBound - 1, lazyBound - 1, lazyBound - 1})
	check([5]uint64{})
	for range iterations() {
		var x [5]uint64
		for i := range x {
			switch r.IntN(3) {
			case 0:
				x[i] = r.Uint64N(lazyBound)
			case 1:
				x[i] = lazyBound - 1 - r.Uint64N(1<<12)
			default:
				x[i] = edgeLimbs[r.IntN(len(edgeLimbs))] % lazyBound
			}
		}
		check(x)
	}
	for _, n := range []int{-1, 0, 1, 2, 3, 10, 50} {
		a := *randomElement(r)
		var got, want Element
		feSquareNLazyGeneric(&got, &a, n)
		feSquareNGeneric(&want, &a, n)
		if got.Equal(&want) != 1 {
			t.Fatalf("feSquareNLazyGeneric(%#x, %d) = %#x, feSquareNGeneric %#x", a.l, n, got.l, want.l)
		}
		checkBelow(t, "feSquareNLazyGeneric", &got, mulLimit)
	}
}

// The seam and its generic twin accept limbs up to 2^54 - 1 for a
// multiplication and 3*2^51 - 1 for a squaring (not only the invariant), and
// produce outputs below 2^51 + 2^15. (The generic squaring accepts 2^54 too:
// it is checked there against the generic multiplication.)
func TestSeamWideInputs(t *testing.T) {
	r := newRand(t)
	all := &Element{l: [5]uint64{seamMax, seamMax, seamMax, seamMax, seamMax}}
	allSq := &Element{l: [5]uint64{sqMax, sqMax, sqMax, sqMax, sqMax}}
	// Each case is {a, b, c}: a * b, and a and c squared (c within the
	// squaring seam's bound).
	inputs := [][3]*Element{{all, all, allSq}}
	for range iterations() {
		inputs = append(inputs, [3]*Element{wideElement(r), wideElement(r), wideSquareElement(r)})
		inputs = append(inputs, [3]*Element{wideElement(r), randomElement(r), wideSquareElement(r)})
	}
	for _, in := range inputs {
		a, b, c := in[0], in[1], in[2]
		want := new(big.Int).Mul(value(a), value(b))
		var g, s Element
		feMulGeneric(&g, a, b)
		checkValue(t, "feMulGeneric", &g, want)
		checkBelow(t, "feMulGeneric", &g, mulLimit)
		feMul(&s, a, b)
		if s != g {
			t.Fatalf("feMul %v != feMulGeneric %v for %v * %v", s.l, g.l, a.l, b.l)
		}

		want.Mul(value(a), value(a))
		feSquareGeneric(&g, a)
		checkValue(t, "feSquareGeneric", &g, want)
		checkBelow(t, "feSquareGeneric", &g, mulLimit)
		var m Element
		feMulGeneric(&m, a, a)
		if m != g {
			t.Fatalf("feSquareGeneric %v != feMulGeneric(a, a) %v for %v", g.l, m.l, a.l)
		}
		feSquareGeneric(&g, c)
		checkValue(t, "feSquareGeneric", &g, want.Mul(value(c), value(c)))
		feSquare(&s, c)
		if s != g {
			t.Fatalf("feSquare %v != feSquareGeneric %v for %v", s.l, g.l, c.l)
		}
	}
}

func TestSeamMatchesGenericOnElements(t *testing.T) {
	r := newRand(t)
	forPairs(t, r, randomElement, func(a, b *Element) {
		var s, g Element
		feMul(&s, a, b)
		feMulGeneric(&g, a, b)
		if s != g {
			t.Fatalf("feMul %v != feMulGeneric %v", s.l, g.l)
		}
		feSquare(&s, a)
		feSquareGeneric(&g, a)
		if s != g {
			t.Fatalf("feSquare %v != feSquareGeneric %v", s.l, g.l)
		}
	})
}

func TestAddSubtractNegateOracle(t *testing.T) {
	r := newRand(t)
	forPairs(t, r, randomElement, func(a, b *Element) {
		var v Element
		if v.Add(a, b) != &v {
			t.Fatal("Add does not return its receiver")
		}
		checkValue(t, "Add", &v, new(big.Int).Add(value(a), value(b)))
		checkInvariant(t, "Add", &v)

		if v.Subtract(a, b) != &v {
			t.Fatal("Subtract does not return its receiver")
		}
		checkValue(t, "Subtract", &v, new(big.Int).Sub(value(a), value(b)))
		checkInvariant(t, "Subtract", &v)

		if v.Negate(a) != &v {
			t.Fatal("Negate does not return its receiver")
		}
		checkValue(t, "Negate", &v, new(big.Int).Neg(value(a)))
		checkInvariant(t, "Negate", &v)
	})
}

func TestMult32Oracle(t *testing.T) {
	r := newRand(t)
	ys := []uint32{0, 1, 2, 19, 121666, 1<<31 - 1, 1 << 31, 1<<32 - 1}
	check := func(a *Element, y uint32) {
		var v Element
		if v.Mult32(a, y) != &v {
			t.Fatal("Mult32 does not return its receiver")
		}
		checkValue(t, "Mult32", &v, new(big.Int).Mul(value(a), new(big.Int).SetUint64(uint64(y))))
		checkInvariant(t, "Mult32", &v)
	}
	for _, a := range edgeElements() {
		for _, y := range ys {
			check(a, y)
		}
	}
	for range iterations() {
		check(randomElement(r), r.Uint32())
	}
}

func TestInvertOracle(t *testing.T) {
	r := newRand(t)
	check := func(a *Element) {
		var v Element
		if v.Invert(a) != &v {
			t.Fatal("Invert does not return its receiver")
		}
		want := new(big.Int).ModInverse(modP(a), bigP)
		if want == nil {
			want = new(big.Int) // 1/0 is defined as 0
		}
		checkValue(t, "Invert", &v, want)
		checkInvariant(t, "Invert", &v)
	}
	for _, a := range edgeElements() {
		check(a)
	}
	for range iterations() / 10 {
		check(randomElement(r))
	}
}

func TestPow22523Oracle(t *testing.T) {
	r := newRand(t)
	exp := new(big.Int).Sub(new(big.Int).Lsh(bigOne, 252), big.NewInt(3))
	check := func(a *Element) {
		var v Element
		if v.Pow22523(a) != &v {
			t.Fatal("Pow22523 does not return its receiver")
		}
		checkValue(t, "Pow22523", &v, new(big.Int).Exp(modP(a), exp, bigP))
		checkInvariant(t, "Pow22523", &v)
	}
	for _, a := range edgeElements() {
		check(a)
	}
	for range iterations() / 10 {
		check(randomElement(r))
	}
}

// isSquare reports whether n is a square mod p (0 counts as a square).
func isSquare(n *big.Int) bool {
	n = new(big.Int).Mod(n, bigP)
	if n.Sign() == 0 {
		return true
	}
	e := new(big.Int).Rsh(new(big.Int).Sub(bigP, bigOne), 1)
	return new(big.Int).Exp(n, e, bigP).Cmp(bigOne) == 0
}

func TestSqrtRatioOracle(t *testing.T) {
	r := newRand(t)
	i := modP(&sqrtM1)
	seenSquare, seenNonSquare := false, false
	check := func(u, v *Element) {
		var out Element
		got, was := out.SqrtRatio(u, v)
		if got != &out {
			t.Fatal("SqrtRatio does not return its receiver")
		}
		checkInvariant(t, "SqrtRatio", &out)
		bu, bv := modP(u), modP(v)
		rr := modP(&out)
		if rr.Bit(0) != 0 {
			t.Fatalf("SqrtRatio(%v, %v) = %v is negative", bu, bv, rr)
		}
		vr2 := new(big.Int).Mul(rr, rr)
		vr2.Mul(vr2, bv).Mod(vr2, bigP)
		switch {
		case bv.Sign() == 0:
			// RFC 9496: r = 0, and u/0 counts as square only when u = 0.
			wantWas := 0
			if bu.Sign() == 0 {
				wantWas = 1
			}
			if rr.Sign() != 0 || was != wantWas {
				t.Fatalf("SqrtRatio(%v, 0) = %v, %d; want 0, %d", bu, rr, was, wantWas)
			}
		case isSquare(new(big.Int).Mul(bu, new(big.Int).ModInverse(bv, bigP))):
			seenSquare = true
			if was != 1 || vr2.Cmp(bu) != 0 {
				t.Fatalf("SqrtRatio(%v, %v) = %v, %d: v*r^2 = %v, want u and 1", bu, bv, rr, was, vr2)
			}
		default:
			seenNonSquare = true
			iu := new(big.Int).Mul(i, bu)
			iu.Mod(iu, bigP)
			if was != 0 || vr2.Cmp(iu) != 0 {
				t.Fatalf("SqrtRatio(%v, %v) = %v, %d: v*r^2 = %v, want SQRT_M1*u and 0", bu, bv, rr, was, vr2)
			}
		}
	}
	forPairs(t, r, randomElement, check)
	if !seenSquare || !seenNonSquare {
		t.Fatalf("inputs covered squares %v, non-squares %v", seenSquare, seenNonSquare)
	}
}

func TestBytesOracle(t *testing.T) {
	r := newRand(t)
	check := func(a *Element) {
		want := leBytes32(modP(a))
		got := a.Bytes()
		if !bytes.Equal(got, want) {
			t.Fatalf("Bytes(%v) = %x, want %x", a.l, got, want)
		}
		// A fresh slice every time: writing to one result changes nothing.
		got[0] ^= 0xff
		again := a.Bytes()
		if !bytes.Equal(again, want) || &again[0] == &got[0] {
			t.Fatalf("Bytes does not return a fresh slice")
		}
		if len(got) != 32 || cap(got) < 32 {
			t.Fatalf("Bytes has length %d", len(got))
		}
	}
	for _, a := range edgeElements() {
		check(a)
	}
	for range iterations() {
		check(randomElement(r))
	}
}

func TestSetBytesOracle(t *testing.T) {
	r := newRand(t)
	var inputs [][]byte
	for _, hexs := range []string{
		"0000000000000000000000000000000000000000000000000000000000000000",
		"0100000000000000000000000000000000000000000000000000000000000000",
		"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // p-1
		"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // p
		"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // p+1
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // 2^255-1
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", // 2^256-1
		"0000000000000000000000000000000000000000000000000000000000000080", // bit 255 only
		"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", // p + 2^255
	} {
		b, _ := hex.DecodeString(hexs)
		inputs = append(inputs, b)
	}
	for range iterations() {
		b := make([]byte, 32)
		fillRandom(r, b)
		if r.IntN(4) == 0 { // near the top: non-canonical encodings
			for i := 1; i < 31; i++ {
				b[i] = 0xff
			}
			b[31] |= 0x7f
		}
		inputs = append(inputs, b)
	}
	two255 := new(big.Int).Lsh(bigOne, 255)
	for _, b := range inputs {
		keep := bytes.Clone(b)
		var v Element
		got, err := v.SetBytes(b)
		if err != nil || got != &v {
			t.Fatalf("SetBytes(%x) = %v, %v", b, got, err)
		}
		if !bytes.Equal(b, keep) {
			t.Fatal("SetBytes modified its input")
		}
		checkBelow(t, "SetBytes", &v, 1<<51)
		want := new(big.Int).Mod(leBig(b), two255)
		if value(&v).Cmp(want) != 0 {
			t.Fatalf("SetBytes(%x) = %v, want %v", b, value(&v), want)
		}
		// The round trip is canonical.
		if enc, wantEnc := v.Bytes(), leBytes32(new(big.Int).Mod(want, bigP)); !bytes.Equal(enc, wantEnc) {
			t.Fatalf("Bytes(SetBytes(%x)) = %x, want %x", b, enc, wantEnc)
		}
	}
}

func TestSetWideBytesOracle(t *testing.T) {
	r := newRand(t)
	inputs := [][]byte{make([]byte, 64), bytes.Repeat([]byte{0xff}, 64)}
	for _, pos := range []int{31, 32, 63} {
		b := make([]byte, 64)
		b[pos] = 0x80
		inputs = append(inputs, b)
	}
	for range iterations() {
		b := make([]byte, 64)
		fillRandom(r, b)
		inputs = append(inputs, b)
	}
	for _, b := range inputs {
		var v Element
		got, err := v.SetWideBytes(b)
		if err != nil || got != &v {
			t.Fatalf("SetWideBytes(%x) = %v, %v", b, got, err)
		}
		checkInvariant(t, "SetWideBytes", &v)
		checkValue(t, "SetWideBytes", &v, leBig(b))
	}
}

func TestSetBytesWrongLength(t *testing.T) {
	r := newRand(t)
	for _, n := range []int{0, 1, 31, 33, 63, 64, 65} {
		orig := *randomElement(r)
		v := orig
		got, err := v.SetBytes(make([]byte, n))
		if got != nil || err == nil || v != orig {
			t.Fatalf("SetBytes(len %d) = %v, %v; receiver %v, was %v", n, got, err, v.l, orig.l)
		}
	}
	for _, n := range []int{0, 1, 32, 63, 65, 128} {
		orig := *randomElement(r)
		v := orig
		got, err := v.SetWideBytes(make([]byte, n))
		if got != nil || err == nil || v != orig {
			t.Fatalf("SetWideBytes(len %d) = %v, %v; receiver %v, was %v", n, got, err, v.l, orig.l)
		}
	}
	var v Element
	if _, err := v.SetBytes(make([]byte, 32)); err != nil {
		t.Fatalf("SetBytes(len 32): %v", err)
	}
	if _, err := v.SetWideBytes(make([]byte, 64)); err != nil {
		t.Fatalf("SetWideBytes(len 64): %v", err)
	}
}

func TestEqualIsNegativeAbsoluteOracle(t *testing.T) {
	r := newRand(t)
	equalSeen := 0
	forPairs(t, r, randomElement, func(a, b *Element) {
		want := 0
		if modP(a).Cmp(modP(b)) == 0 {
			want = 1
			equalSeen++
		}
		if got := a.Equal(b); got != want {
			t.Fatalf("Equal(%v, %v) = %d, want %d", a.l, b.l, got, want)
		}
		if got, want := a.IsNegative(), int(modP(a).Bit(0)); got != want {
			t.Fatalf("IsNegative(%v) = %d, want %d", a.l, got, want)
		}
		var v Element
		if v.Absolute(a) != &v {
			t.Fatal("Absolute does not return its receiver")
		}
		checkInvariant(t, "Absolute", &v)
		wantAbs := modP(a)
		if wantAbs.Bit(0) == 1 {
			wantAbs.Sub(bigP, wantAbs)
		}
		checkValue(t, "Absolute", &v, wantAbs)
	})
	// Equal must also see equal values under different representations.
	var pRep, zero Element
	pRep = *fromBig(bigP)
	if pRep.Equal(&zero) != 1 || zero.Equal(&pRep) != 1 {
		t.Fatal("Equal(p, 0) != 1")
	}
	if equalSeen <= len(edgeElements()) {
		t.Fatalf("only %d equal pairs seen", equalSeen)
	}
}

// TestEqualOneLimbApart checks Equal on pairs that differ in a single bit
// of a single limb, for each of the five limbs: random pairs almost never
// agree on four limbs, so without these a comparison that skipped one limb
// (or one bit) would go unnoticed. The expected answer comes from math/big.
func TestEqualOneLimbApart(t *testing.T) {
	r := newRand(t)
	for range iterations() {
		var buf [32]byte
		fillRandom(r, buf[:])
		a := fromBig(new(big.Int).Mod(leBig(buf[:]), bigP))
		for i := range a.l {
			b := *a
			b.l[i] ^= 1 << r.UintN(51)
			want := 0
			if modP(a).Cmp(modP(&b)) == 0 {
				want = 1
			}
			if got := a.Equal(&b); got != want {
				t.Fatalf("Equal(%v, %v) = %d, want %d (limb %d)", a.l, b.l, got, want, i)
			}
			if got := b.Equal(a); got != want {
				t.Fatalf("Equal(%v, %v) = %d, want %d (limb %d)", b.l, a.l, got, want, i)
			}
		}
	}
}

func TestSelectSwap(t *testing.T) {
	r := newRand(t)
	forPairs(t, r, randomElement, func(a, b *Element) {
		var v Element
		if v.Select(a, b, 1) != &v || v != *a {
			t.Fatalf("Select(a, b, 1) = %v, want %v", v.l, a.l)
		}
		if v.Select(a, b, 0) != &v || v != *b {
			t.Fatalf("Select(a, b, 0) = %v, want %v", v.l, b.l)
		}
		x, y := *a, *b
		x.Swap(&y, 0)
		if x != *a || y != *b {
			t.Fatal("Swap with 0 changed its arguments")
		}
		x.Swap(&y, 1)
		if x != *b || y != *a {
			t.Fatal("Swap with 1 did not exchange")
		}
	})
}

// A long random sequence of operations stays inside the invariant and
// agrees with math/big at every step: outputs feed inputs without any
// normalisation in between.
func TestOperationChains(t *testing.T) {
	r := newRand(t)
	regs := make([]*Element, 6)
	vals := make([]*big.Int, 6)
	for i := range regs {
		regs[i] = randomElement(r)
		vals[i] = modP(regs[i])
	}
	steps := 20 * iterations()
	for s := range steps {
		d, a, b := r.IntN(6), r.IntN(6), r.IntN(6)
		x, y := vals[a], vals[b]
		want := new(big.Int)
		op := r.IntN(7)
		switch op {
		case 0:
			regs[d].Add(regs[a], regs[b])
			want.Add(x, y)
		case 1:
			regs[d].Subtract(regs[a], regs[b])
			want.Sub(x, y)
		case 2:
			regs[d].Negate(regs[a])
			want.Neg(x)
		case 3:
			regs[d].Multiply(regs[a], regs[b])
			want.Mul(x, y)
		case 4:
			regs[d].Square(regs[a])
			want.Mul(x, x)
		case 5:
			k := r.Uint32()
			regs[d].Mult32(regs[a], k)
			want.Mul(x, new(big.Int).SetUint64(uint64(k)))
		case 6:
			regs[d].Absolute(regs[a])
			want.Set(x)
			if want.Bit(0) == 1 {
				want.Sub(bigP, want)
			}
		}
		want.Mod(want, bigP)
		vals[d] = want
		checkInvariant(t, "chain step "+strconv.Itoa(s)+" op "+strconv.Itoa(op), regs[d])
		checkValue(t, "chain step "+strconv.Itoa(s)+" op "+strconv.Itoa(op), regs[d], want)
		if want.Sign() == 0 { // keep the registers interesting
			regs[d] = randomElement(r)
			vals[d] = modP(regs[d])
		}
	}
}

func TestNoAllocations(t *testing.T) {
	r := newRand(t)
	a, b := randomElement(r), randomElement(r)
	var v Element
	var buf [32]byte
	cases := []struct {
		name string
		f    func()
	}{
		{"Multiply", func() { v.Multiply(a, b) }},
		{"Square", func() { v.Square(a) }},
		{"Add", func() { v.Add(a, b) }},
		{"Subtract", func() { v.Subtract(a, b) }},
		{"Negate", func() { v.Negate(a) }},
		{"Mult32", func() { v.Mult32(a, 121666) }},
		{"Invert", func() { v.Invert(a) }},
		{"Pow22523", func() { v.Pow22523(a) }},
		{"SqrtRatio", func() { v.SqrtRatio(a, b) }},
		{"Equal", func() { v.Equal(a) }},
		{"fillBytes", func() { a.fillBytes(&buf) }},
		{"Bytes kept local", func() { buf[0] = a.Bytes()[0] }},
		{"SetBytes", func() { v.SetBytes(buf[:]) }},
	}
	for _, c := range cases {
		if n := testing.AllocsPerRun(20, c.f); n != 0 {
			t.Errorf("%s allocates %v times per run", c.name, n)
		}
	}
}

// TestSquareNLoop checks the portable squaring loop on every target:
// feSquareNGeneric against n squarings formed as feMulGeneric(x, x), limb
// for limb, with n < 1 counting as 1 (math.MinInt too), on inputs up to the
// squarings' bound of 2^54 and with aliased operands. (On amd64,
// TestAsmSquareN also holds it to n calls of feSquareGeneric.)
func TestSquareNLoop(t *testing.T) {
	r := newRand(t)
	inputs := append(edgeElements(), &Element{l: [5]uint64{seamMax, seamMax, seamMax, seamMax, seamMax}})
	for range iterations() {
		inputs = append(inputs, wideElement(r), randomElement(r))
	}
	for i, a := range inputs {
		n := []int{math.MinInt, -1, 0, 1, 2, 3, 5, 10, 50}[i%9]
		want := *a
		for range max(n, 1) {
			feMulGeneric(&want, &want, &want)
		}
		var g Element
		feSquareNGeneric(&g, a, n)
		if g != want {
			t.Fatalf("%d squarings of %#x: feSquareNGeneric %#x, want %#x", n, a.l, g.l, want.l)
		}
		g = *a
		feSquareNGeneric(&g, &g, n)
		if g != want {
			t.Fatalf("aliased, %d squarings of %#x: feSquareNGeneric %#x, want %#x", n, a.l, g.l, want.l)
		}
	}
}
