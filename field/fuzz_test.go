package field

// Native Go fuzz targets for the field package.
//
// Every target does two things with its input: it checks properties that
// must hold for any input (round trips, errors leaving the receiver alone,
// agreement with math/big), and it runs the same call on
// filippo.io/edwards25519/field v1.2.0 and demands the same answer, byte for
// byte. The fuzzer therefore hunts both for plain bugs and for behavioural
// differences from the library this one replaces.
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
	"math/big"
	"testing"

	reffield "filippo.io/edwards25519/field"
)

// fuzzFieldPrime is p = 2^255 - 19 (RFC 7748, section 4.1).
var fuzzFieldPrime = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))

// fuzzLittleEndian reads b as a little-endian unsigned integer.
func fuzzLittleEndian(b []byte) *big.Int {
	be := make([]byte, len(b))
	for i := range b {
		be[len(b)-1-i] = b[i]
	}
	return new(big.Int).SetBytes(be)
}

// fuzzFieldEdgeEncodings are 32-byte strings at the borders of the
// encoding: zero, one, p-1, p, p+1, 2^255-1 (the largest value the 255 read
// bits can hold) and the same with the ignored top bit set.
func fuzzFieldEdgeEncodings() [][]byte {
	fromBig := func(n *big.Int) []byte {
		be := n.FillBytes(make([]byte, 32))
		le := make([]byte, 32)
		for i := range be {
			le[31-i] = be[i]
		}
		return le
	}
	var out [][]byte
	two255 := new(big.Int).Lsh(big.NewInt(1), 255)
	for _, n := range []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2),
		new(big.Int).Sub(fuzzFieldPrime, big.NewInt(1)),
		fuzzFieldPrime,
		new(big.Int).Add(fuzzFieldPrime, big.NewInt(1)),
		new(big.Int).Add(fuzzFieldPrime, big.NewInt(18)),
		new(big.Int).Sub(two255, big.NewInt(1)),
		new(big.Int).Lsh(big.NewInt(1), 51),
		new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 204), big.NewInt(1)),
	} {
		b := fromBig(n)
		out = append(out, b)
		hi := append([]byte(nil), b...)
		hi[31] |= 0x80
		out = append(out, hi)
	}
	return out
}

// fuzzFieldPad returns exactly 32 bytes: b truncated or padded with zeros.
func fuzzFieldPad(b []byte) []byte {
	out := make([]byte, 32)
	copy(out, b)
	return out
}

// fuzzFieldPair decodes a 32-byte string into our Element and the
// reference's. SetBytes with 32 bytes cannot fail in either library.
func fuzzFieldPair(t *testing.T, b []byte) (*Element, *reffield.Element) {
	t.Helper()
	b = fuzzFieldPad(b)
	ours, err := new(Element).SetBytes(b)
	if err != nil {
		t.Fatalf("SetBytes(%x) on 32 bytes failed: %v", b, err)
	}
	theirs, err := new(reffield.Element).SetBytes(b)
	if err != nil {
		t.Fatalf("reference SetBytes(%x) failed: %v", b, err)
	}
	return ours, theirs
}

// fuzzFieldSame fails unless ours and the reference's element encode to the
// same canonical bytes.
func fuzzFieldSame(t *testing.T, what string, ours *Element, theirs *reffield.Element) {
	t.Helper()
	a, b := ours.Bytes(), theirs.Bytes()
	if !bytes.Equal(a, b) {
		t.Errorf("%s: ours %x, reference %x", what, a, b)
	}
}

// fuzzFieldCheckBig fails unless e encodes to want mod p.
func fuzzFieldCheckBig(t *testing.T, what string, e *Element, want *big.Int) {
	t.Helper()
	want = new(big.Int).Mod(want, fuzzFieldPrime)
	if got := fuzzLittleEndian(e.Bytes()); got.Cmp(want) != 0 {
		t.Errorf("%s: got %v, math/big says %v", what, got, want)
	}
}

// fuzzFieldDecodeTarget is the shared body of the SetBytes and SetWideBytes
// targets: size is the only length each accepts, mask clears the bits the
// decoder ignores.
func fuzzFieldDecodeTarget(t *testing.T, data []byte, size int,
	ours func(*Element, []byte) (*Element, error),
	theirs func(*reffield.Element, []byte) (*reffield.Element, error)) {
	// The receiver starts as a value that cannot come out of data by
	// accident, so "unchanged" is observable.
	before := new(Element).Mult32(new(Element).One(), 0x1234567)
	v := new(Element).Set(before)
	got, err := ours(v, data)
	ref, refErr := theirs(new(reffield.Element), data)

	if (err == nil) != (refErr == nil) {
		t.Fatalf("len %d: ours err=%v, reference err=%v", len(data), err, refErr)
	}
	if (err == nil) != (len(data) == size) {
		t.Fatalf("len %d: err=%v, want an error exactly when len != %d", len(data), err, size)
	}
	if err != nil {
		if got != nil {
			t.Errorf("error return with non-nil element %p", got)
		}
		if v.Equal(before) != 1 || !bytes.Equal(v.Bytes(), before.Bytes()) {
			t.Errorf("failed decode changed the receiver to %x", v.Bytes())
		}
		return
	}
	if got != v {
		t.Errorf("returned %p, want the receiver %p", got, v)
	}
	fuzzFieldSame(t, "decode", v, ref)

	n := fuzzLittleEndian(data)
	if size == 32 {
		n.SetBit(n, 255, 0) // RFC 7748: the top bit is ignored
	}
	fuzzFieldCheckBig(t, "decode vs math/big", v, n)

	// Canonical round trip: Bytes is canonical and decodes to itself.
	enc := v.Bytes()
	if enc[31]&0x80 != 0 || fuzzLittleEndian(enc).Cmp(fuzzFieldPrime) >= 0 {
		t.Errorf("Bytes %x is not canonical", enc)
	}
	w, err := new(Element).SetBytes(enc)
	if err != nil || w.Equal(v) != 1 || !bytes.Equal(w.Bytes(), enc) {
		t.Errorf("round trip of %x failed (err %v)", enc, err)
	}
	// Bytes must return a fresh slice each time.
	enc[0] ^= 1
	if bytes.Equal(v.Bytes(), enc) {
		t.Errorf("Bytes returned a slice aliased with the element")
	}
}

// FuzzFieldSetBytes checks SetBytes: only 32-byte inputs are accepted, the
// top bit is ignored, non-canonical values reduce, failures leave the
// receiver unchanged, and the result matches the reference.
func FuzzFieldSetBytes(f *testing.F) {
	for _, b := range fuzzFieldEdgeEncodings() {
		f.Add(b)
	}
	f.Add([]byte{})
	f.Add(make([]byte, 31))
	f.Add(make([]byte, 33))
	f.Add(bytes.Repeat([]byte{0xff}, 64))
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzFieldDecodeTarget(t, data, 32, (*Element).SetBytes, (*reffield.Element).SetBytes)
	})
}

// FuzzFieldSetWideBytes checks SetWideBytes: only 64-byte inputs are
// accepted, all 512 bits are reduced mod p, and the result matches the
// reference.
func FuzzFieldSetWideBytes(f *testing.F) {
	f.Add(make([]byte, 64))
	f.Add(bytes.Repeat([]byte{0xff}, 64))
	f.Add(make([]byte, 32))
	f.Add(make([]byte, 65))
	for _, b := range fuzzFieldEdgeEncodings() {
		f.Add(append(append([]byte(nil), b...), b...))
		f.Add(append(make([]byte, 32), b...))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzFieldDecodeTarget(t, data, 64, (*Element).SetWideBytes, (*reffield.Element).SetWideBytes)
	})
}

// FuzzFieldArithmetic runs Add, Subtract, Negate, Multiply, Square, Mult32,
// Invert and Pow22523 on ours and on the reference, with the receiver both
// fresh and aliased to an operand, and checks each result against the
// reference and against math/big.
func FuzzFieldArithmetic(f *testing.F) {
	edges := fuzzFieldEdgeEncodings()
	for i, a := range edges {
		b := edges[(i*7+3)%len(edges)]
		f.Add(a, b, uint32(i)*0x9e3779b9)
	}
	f.Add(bytes.Repeat([]byte{0xff}, 32), bytes.Repeat([]byte{0xff}, 32), uint32(0xffffffff))
	f.Add([]byte{}, []byte{1}, uint32(121666))
	f.Fuzz(func(t *testing.T, aBytes, bBytes []byte, k uint32) {
		a, refA := fuzzFieldPair(t, aBytes)
		b, refB := fuzzFieldPair(t, bBytes)
		bigA, bigB := fuzzLittleEndian(a.Bytes()), fuzzLittleEndian(b.Bytes())

		type binary struct {
			name  string
			ours  func(v, x, y *Element) *Element
			ref   func(v, x, y *reffield.Element) *reffield.Element
			check func(x, y *big.Int) *big.Int
		}
		for _, op := range []binary{
			{"Add", (*Element).Add, (*reffield.Element).Add,
				func(x, y *big.Int) *big.Int { return new(big.Int).Add(x, y) }},
			{"Subtract", (*Element).Subtract, (*reffield.Element).Subtract,
				func(x, y *big.Int) *big.Int { return new(big.Int).Sub(x, y) }},
			{"Multiply", (*Element).Multiply, (*reffield.Element).Multiply,
				func(x, y *big.Int) *big.Int { return new(big.Int).Mul(x, y) }},
		} {
			want := op.check(bigA, bigB)
			refOut := op.ref(new(reffield.Element), refA, refB)

			out := new(Element)
			if r := op.ours(out, a, b); r != out {
				t.Errorf("%s did not return its receiver", op.name)
			}
			fuzzFieldSame(t, op.name, out, refOut)
			fuzzFieldCheckBig(t, op.name, out, want)

			// Receiver aliased to the first and to the second operand.
			x := new(Element).Set(a)
			op.ours(x, x, b)
			fuzzFieldSame(t, op.name+" (v aliases a)", x, refOut)
			y := new(Element).Set(b)
			op.ours(y, a, y)
			fuzzFieldSame(t, op.name+" (v aliases b)", y, refOut)
			// Both operands the same element.
			z := new(Element).Set(a)
			op.ours(z, z, z)
			fuzzFieldSame(t, op.name+" (v, a, b all alias)", z, op.ref(new(reffield.Element), refA, refA))
		}

		type unary struct {
			name string
			ours func(v, x *Element) *Element
			ref  func(v, x *reffield.Element) *reffield.Element
		}
		exponent := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 252), big.NewInt(3))
		for _, op := range []unary{
			{"Negate", (*Element).Negate, (*reffield.Element).Negate},
			{"Square", (*Element).Square, (*reffield.Element).Square},
			{"Invert", (*Element).Invert, (*reffield.Element).Invert},
			{"Pow22523", (*Element).Pow22523, (*reffield.Element).Pow22523},
			{"Absolute", (*Element).Absolute, (*reffield.Element).Absolute},
			{"Mult32", func(v, x *Element) *Element { return v.Mult32(x, k) },
				func(v, x *reffield.Element) *reffield.Element { return v.Mult32(x, k) }},
		} {
			for i, in := range []*Element{a, b} {
				refIn := []*reffield.Element{refA, refB}[i]
				bigIn := []*big.Int{bigA, bigB}[i]
				refOut := op.ref(new(reffield.Element), refIn)
				out := new(Element)
				if r := op.ours(out, in); r != out {
					t.Errorf("%s did not return its receiver", op.name)
				}
				fuzzFieldSame(t, op.name, out, refOut)
				alias := new(Element).Set(in)
				op.ours(alias, alias)
				fuzzFieldSame(t, op.name+" (aliased)", alias, refOut)

				var want *big.Int
				switch op.name {
				case "Negate":
					want = new(big.Int).Neg(bigIn)
				case "Square":
					want = new(big.Int).Mul(bigIn, bigIn)
				case "Invert": // Fermat: z^(p-2), which is 0 for z = 0 as documented
					want = new(big.Int).Exp(bigIn, new(big.Int).Sub(fuzzFieldPrime, big.NewInt(2)), fuzzFieldPrime)
				case "Pow22523":
					want = new(big.Int).Exp(bigIn, exponent, fuzzFieldPrime)
				case "Absolute":
					want = bigIn
					if bigIn.Bit(0) == 1 { // negative means odd (RFC 8032, 5.1.2)
						want = new(big.Int).Neg(bigIn)
					}
				case "Mult32":
					want = new(big.Int).Mul(bigIn, new(big.Int).SetUint64(uint64(k)))
				}
				fuzzFieldCheckBig(t, op.name, out, want)
			}
		}

		// IsNegative and Equal are plain predicates.
		if got, want := a.IsNegative(), refA.IsNegative(); got != want {
			t.Errorf("IsNegative: ours %d, reference %d", got, want)
		}
		if got, want := a.Equal(b), refA.Equal(refB); got != want {
			t.Errorf("Equal: ours %d, reference %d", got, want)
		}
		if a.Equal(a) != 1 {
			t.Errorf("Equal(a, a) = 0")
		}
	})
}

// FuzzFieldSqrtRatioSelect checks SqrtRatio (root and flag), Select and Swap
// against the reference, and the defining property of SqrtRatio: when u/v is
// square, r is the non-negative root and r^2 * v = u.
func FuzzFieldSqrtRatioSelect(f *testing.F) {
	edges := fuzzFieldEdgeEncodings()
	for i, u := range edges {
		f.Add(u, edges[(i+5)%len(edges)], byte(i))
	}
	f.Add([]byte{4}, []byte{1}, byte(0))          // 4/1: square
	f.Add([]byte{2}, []byte{1}, byte(1))          // 2 is not a square mod p
	f.Add([]byte{0}, []byte{0}, byte(2))          // 0/0
	f.Add([]byte{1}, []byte{0}, byte(3))          // u/0
	f.Add([]byte{0xff}, []byte{}, byte(4))        // pad
	f.Add([]byte{0xec, 0xff}, []byte{9}, byte(5)) // short, zero-padded
	f.Fuzz(func(t *testing.T, uBytes, vBytes []byte, cond byte) {
		u, refU := fuzzFieldPair(t, uBytes)
		v, refV := fuzzFieldPair(t, vBytes)

		r := new(Element)
		got, wasSquare := r.SqrtRatio(u, v)
		refR, refWas := new(reffield.Element).SqrtRatio(refU, refV)
		if got != r {
			t.Errorf("SqrtRatio did not return its receiver")
		}
		if wasSquare != refWas {
			t.Errorf("SqrtRatio(%x, %x) wasSquare: ours %d, reference %d", u.Bytes(), v.Bytes(), wasSquare, refWas)
		}
		fuzzFieldSame(t, "SqrtRatio", r, refR)
		if r.IsNegative() != 0 {
			t.Errorf("SqrtRatio root %x is negative", r.Bytes())
		}
		if wasSquare == 1 {
			check := new(Element).Multiply(new(Element).Square(r), v)
			if check.Equal(u) != 1 {
				t.Errorf("SqrtRatio claims square but r^2*v = %x != u = %x", check.Bytes(), u.Bytes())
			}
		}
		// Aliasing: r is u, then r is v.
		ra := new(Element).Set(u)
		if _, w := ra.SqrtRatio(ra, v); w != refWas {
			t.Errorf("SqrtRatio (r aliases u) flag %d", w)
		}
		fuzzFieldSame(t, "SqrtRatio (r aliases u)", ra, refR)
		rb := new(Element).Set(v)
		if _, w := rb.SqrtRatio(u, rb); w != refWas {
			t.Errorf("SqrtRatio (r aliases v) flag %d", w)
		}
		fuzzFieldSame(t, "SqrtRatio (r aliases v)", rb, refR)

		// Select and Swap with cond in {0, 1}.
		c := int(cond & 1)
		sel := new(Element).Select(u, v, c)
		fuzzFieldSame(t, "Select", sel, new(reffield.Element).Select(refU, refV, c))
		want := v
		if c == 1 {
			want = u
		}
		if sel.Equal(want) != 1 {
			t.Errorf("Select(cond=%d) picked the wrong operand", c)
		}
		x, y := new(Element).Set(u), new(Element).Set(v)
		refX, refY := new(reffield.Element).Set(refU), new(reffield.Element).Set(refV)
		x.Swap(y, c)
		refX.Swap(refY, c)
		fuzzFieldSame(t, "Swap (first)", x, refX)
		fuzzFieldSame(t, "Swap (second)", y, refY)
		wantX, wantY := u, v
		if c == 1 {
			wantX, wantY = v, u
		}
		if x.Equal(wantX) != 1 || y.Equal(wantY) != 1 {
			t.Errorf("Swap(cond=%d) result wrong", c)
		}
	})
}
