package field

// Batch inversion (Montgomery's trick: P. L. Montgomery, "Speeding the
// Pollard and elliptic curve methods of factorization", Math. Comp. 48,
// 1987, section 10.3.1).
//
// With the prefix products a_i = z_0·z_1·…·z_i, one inversion gives
// t = 1/a_{n-1}, and then, from i = n-1 down to 1,
//
//	1/z_i = t·a_{i-1},   t ← t·z_i   (t becomes 1/a_{i-1}),
//
// and finally 1/z_0 = t. A zero z_i would make every a_j from i on zero, so
// each zero is replaced by a fixed nonzero element before it enters the
// products, and its output is set to 0 afterwards, both by constant-time
// selection: the work does not depend on how many zeros there are or
// where. The stand-in is denseElement, whose limbs look random, rather than
// 1: on AMD Zen 5 dudect told a batch of zeros from random elements when
// the stand-in was 1 (whose powers have four zero limbs), as it did for
// Scalar.Invert on 0 and 1 (docs/SECURITY.md).
//
// Cost for n elements: one Invert and 3(n-1) multiplications, plus 2n
// comparisons with zero and 3n - 1 selections.

// batchStack is how many prefix products BatchInvert keeps on the stack
// (40 bytes each) before it allocates them.
const batchStack = 64

// BatchInvert sets v[i] = 1/z[i] for every i, with v[i] = 0 where z[i] = 0,
// and returns v. It costs one inversion for the whole batch and three
// multiplications per element, and runs in time that depends only on
// len(z).
//
// v and z must have the same length (BatchInvert panics otherwise, as the
// multi-scalar functions of package edwards25519 do for their slices), and
// their entries must not be nil. v[i] may be z[i], and v may be z.
// Up to 64 elements BatchInvert does not allocate; beyond that it allocates
// one slice of len(z) Elements for the prefix products.
func BatchInvert(v, z []*Element) []*Element {
	if len(v) != len(z) {
		panic("edwards25519: called field.BatchInvert with different size inputs")
	}
	n := len(z)
	if n == 0 {
		return v
	}
	var stack [batchStack]Element
	var prefix []Element
	if n <= batchStack {
		prefix = stack[:n]
	} else {
		prefix = make([]Element, n)
	}

	var zero, zi Element
	fill := &denseElement
	// Forward: prefix[i] = z'_0·…·z'_i, where z'_i is z[i], or denseElement if
	// z[i] = 0.
	prefix[0].Select(fill, z[0], isZero(z[0]))
	for i := 1; i < n; i++ {
		zi.Select(fill, z[i], isZero(z[i]))
		prefix[i].Multiply(&prefix[i-1], &zi)
	}

	// Backward. z[i] is read before v[i], which may be the same Element,
	// is written.
	var t, inv Element
	t.Invert(&prefix[n-1]) // a product of nonzero elements: never 0
	for i := n - 1; i > 0; i-- {
		zeroI := isZero(z[i])
		zi.Select(fill, z[i], zeroI)
		inv.Multiply(&t, &prefix[i-1])
		t.Multiply(&t, &zi)
		v[i].Select(&zero, &inv, zeroI)
	}
	v[0].Select(&zero, &t, isZero(z[0]))
	return v
}

// denseElement is the stand-in for zeros in BatchInvert, and the factor
// Invert multiplies its input by: the element whose encoding is the first 32
// bytes of SHA-512("edwards25519 field.BatchInvert stand-in for zero") with
// the top bit cleared (batch_test.go recomputes it). It is not 0, and its
// limbs are all nonzero.
var denseElement = func() Element {
	var e Element
	b := [32]byte{
		0x4d, 0x85, 0x00, 0x9b, 0x1a, 0xe2, 0x02, 0x56, 0x6d, 0x32, 0xba, 0x83, 0xef, 0xcd, 0xc8, 0x3e,
		0xba, 0x5d, 0x92, 0x07, 0x77, 0x20, 0x93, 0x66, 0x72, 0xba, 0x23, 0xbc, 0xc5, 0xb5, 0xbe, 0x0a,
	}
	if _, err := e.SetBytes(b[:]); err != nil {
		panic("edwards25519: internal error: " + err.Error())
	}
	return e
}()

// isZero returns 1 if e = 0 (mod p) and 0 otherwise, in constant time:
// e.Equal(&zero) without reducing the second operand.
func isZero(e *Element) int {
	l0, l1, l2, l3, l4 := e.canonical()
	d := l0 | l1 | l2 | l3 | l4
	// d < 2^51, so d - 1 has its top bit set exactly when d = 0.
	return int((d - 1) >> 63)
}
