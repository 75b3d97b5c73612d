package edwards25519

import (
	"encoding/binary"
	"errors"
	"math/bits"
)

// A Scalar is an integer modulo
//
//	l = 2^252 + 27742317777372353535851937790883648493
//
// which is the prime order of the edwards25519 group.
//
// This type works similarly to math/big.Int, and all arguments and
// receivers are allowed to alias.
//
// The zero value is a valid zero element.
type Scalar struct {
	// w holds the value in plain (not Montgomery) form as four 64-bit
	// little-endian words, always canonical: w[0] + w[1]*2^64 + w[2]*2^128 +
	// w[3]*2^192 < l. Every method keeps this invariant.
	//
	// Why this representation. l = 2^252 + c with c < 2^125, so a wide value
	// x = H*2^252 + L satisfies x = L - H*c (mod l): the high part is folded
	// down with a multiplication by the two-word constant c only (HAC §14.3.4,
	// Algorithm 14.47, "reduction for moduli of special form", with the sign of
	// c flipped). Reducing a 506-bit product costs 12 word multiplications, a
	// 512-bit input 16, against 20 for word-by-word Montgomery reduction
	// (Montgomery 1985; HAC Algorithm 14.32), and since the form is plain,
	// encoding, decoding, comparison and digit recoding need no conversion.
	w [4]uint64
}

// The constants of l. l = 2^252 + c where c = scalarC1*2^64 + scalarC0 has
// 125 bits, so l's words are (scalarC0, scalarC1, 0, 2^60).
const (
	scalarC0 = 0x5812631a5cf5d3ed
	scalarC1 = 0x14def9dea2f79cd6
	// scalarTop is l's most significant word, 2^(252-192).
	scalarTop = 1 << 60
	// scalarLow60 masks the 60 bits of word 3 that lie below 2^252.
	scalarLow60 = 1<<60 - 1
)

// NewScalar returns a new zero Scalar.
func NewScalar() *Scalar {
	return &Scalar{}
}

// Set sets s = x, and returns s.
func (s *Scalar) Set(x *Scalar) *Scalar {
	*s = *x
	return s
}

// scalarSubL returns (a3:a2:a1:a0) - l modulo 2^256 and the borrow out: 1 if
// a < l, else 0.
func scalarSubL(a0, a1, a2, a3 uint64) (d0, d1, d2, d3, borrow uint64) {
	d0, borrow = bits.Sub64(a0, scalarC0, 0)
	d1, borrow = bits.Sub64(a1, scalarC1, borrow)
	d2, borrow = bits.Sub64(a2, 0, borrow)
	d3, borrow = bits.Sub64(a3, scalarTop, borrow)
	return
}

// scalarAddMaskedL returns (a3:a2:a1:a0) + (l AND mask) modulo 2^256; mask
// is 0 or all ones.
func scalarAddMaskedL(a0, a1, a2, a3, mask uint64) (r0, r1, r2, r3 uint64) {
	var c uint64
	r0, c = bits.Add64(a0, scalarC0&mask, 0)
	r1, c = bits.Add64(a1, scalarC1&mask, c)
	r2, c = bits.Add64(a2, 0, c)
	r3, _ = bits.Add64(a3, scalarTop&mask, c)
	return
}

// Add sets s = x + y mod l, and returns s.
func (s *Scalar) Add(x, y *Scalar) *Scalar {
	// x, y < l < 2^253, so the sum is below 2^254 and fits in four words.
	var c uint64
	a0, c := bits.Add64(x.w[0], y.w[0], 0)
	a1, c := bits.Add64(x.w[1], y.w[1], c)
	a2, c := bits.Add64(x.w[2], y.w[2], c)
	a3, _ := bits.Add64(x.w[3], y.w[3], c)
	// a < 2l: keep a - l unless it borrowed, then keep a (mask all ones).
	d0, d1, d2, d3, borrow := scalarSubL(a0, a1, a2, a3)
	mask := -borrow
	s.w[0] = d0 ^ (d0^a0)&mask
	s.w[1] = d1 ^ (d1^a1)&mask
	s.w[2] = d2 ^ (d2^a2)&mask
	s.w[3] = d3 ^ (d3^a3)&mask
	return s
}

// Subtract sets s = x - y mod l, and returns s.
func (s *Scalar) Subtract(x, y *Scalar) *Scalar {
	// x - y lies in (-l, l); when it borrows, adding l back lands in (0, l).
	var b uint64
	d0, b := bits.Sub64(x.w[0], y.w[0], 0)
	d1, b := bits.Sub64(x.w[1], y.w[1], b)
	d2, b := bits.Sub64(x.w[2], y.w[2], b)
	d3, b := bits.Sub64(x.w[3], y.w[3], b)
	s.w[0], s.w[1], s.w[2], s.w[3] = scalarAddMaskedL(d0, d1, d2, d3, -b)
	return s
}

// Negate sets s = -x mod l, and returns s.
func (s *Scalar) Negate(x *Scalar) *Scalar {
	var zero Scalar
	return s.Subtract(&zero, x)
}

// scalarMulWide returns the eight words t0..t7 of the full product a*b.
//
// Product scanning (Comba 1990): column k of the product
// collects every a[i]*b[j] with i+j = k into a three-word accumulator
// (r2:r1:r0), emits r0 as word k and shifts the accumulator down one word.
// A column holds at most four products below 2^128 plus the carried-in two
// words, so it stays below 2^131 and r2 never overflows. The carries are
// consumed by the next bits.Add64 directly, so they stay in the flags.
func scalarMulWide(a, b *[4]uint64) (t0, t1, t2, t3, t4, t5, t6, t7 uint64) {
	a0, a1, a2, a3 := a[0], a[1], a[2], a[3]
	b0, b1, b2, b3 := b[0], b[1], b[2], b[3]
	var r0, r1, r2, hi, lo, c uint64

	// Column 0.
	hi, lo = bits.Mul64(a0, b0)
	r0, r1 = lo, hi
	t0, r0, r1, r2 = r0, r1, r2, 0

	// Column 1.
	hi, lo = bits.Mul64(a0, b1)
	r0, c = bits.Add64(r0, lo, 0)
	r1, c = bits.Add64(r1, hi, c)
	r2, _ = bits.Add64(r2, 0, c)
	hi, lo = bits.Mul64(a1, b0)
	r0, c = bits.Add64(r0, lo, 0)
	r1, c = bits.Add64(r1, hi, c)
	r2, _ = bits.Add64(r2, 0, c)
	t1, r0, r1, r2 = r0, r1, r2, 0

	// Column 2.
	hi, lo = bits.Mul64(a0, b2)
	r0, c = bits.Add64(r0, lo, 0)
	r1, c = bits.Add64(r1, hi, c)
	r2, _ = bits.Add64(r2, 0, c)
	hi, lo = bits.Mul64(a1, b1)
	r0, c = bits.Add64(r0, lo, 0)
	r1, c = bits.Add64(r1, hi, c)
	r2, _ = bits.Add64(r2, 0, c)
	hi, lo = bits.Mul64(a2, b0)
	r0, c = bits.Add64(r0, lo, 0)
	r1, c = bits.Add64(r1, hi, c)
	r2, _ = bits.Add64(r2, 0, c)
	t2, r0, r1, r2 = r0, r1, r2, 0

	// Column 3.
	hi, lo = bits.Mul64(a0, b3)
	r0, c = bits.Add64(r0, lo, 0)
	r1, c = bits.Add64(r1, hi, c)
	r2, _ = bits.Add64(r2, 0, c)
	hi, lo = bits.Mul64(a1, b2)
	r0, c = bits.Add64(r0, lo, 0)
	r1, c = bits.Add64(r1, hi, c)
	r2, _ = bits.Add64(r2, 0, c)
	hi, lo = bits.Mul64(a2, b1)
	r0, c = bits.Add64(r0, lo, 0)
	r1, c = bits.Add64(r1, hi, c)
	r2, _ = bits.Add64(r2, 0, c)
	hi, lo = bits.Mul64(a3, b0)
	r0, c = bits.Add64(r0, lo, 0)
	r1, c = bits.Add64(r1, hi, c)
	r2, _ = bits.Add64(r2, 0, c)
	t3, r0, r1, r2 = r0, r1, r2, 0

	// Column 4.
	hi, lo = bits.Mul64(a1, b3)
	r0, c = bits.Add64(r0, lo, 0)
	r1, c = bits.Add64(r1, hi, c)
	r2, _ = bits.Add64(r2, 0, c)
	hi, lo = bits.Mul64(a2, b2)
	r0, c = bits.Add64(r0, lo, 0)
	r1, c = bits.Add64(r1, hi, c)
	r2, _ = bits.Add64(r2, 0, c)
	hi, lo = bits.Mul64(a3, b1)
	r0, c = bits.Add64(r0, lo, 0)
	r1, c = bits.Add64(r1, hi, c)
	r2, _ = bits.Add64(r2, 0, c)
	t4, r0, r1, r2 = r0, r1, r2, 0

	// Column 5.
	hi, lo = bits.Mul64(a2, b3)
	r0, c = bits.Add64(r0, lo, 0)
	r1, c = bits.Add64(r1, hi, c)
	r2, _ = bits.Add64(r2, 0, c)
	hi, lo = bits.Mul64(a3, b2)
	r0, c = bits.Add64(r0, lo, 0)
	r1, c = bits.Add64(r1, hi, c)
	r2, _ = bits.Add64(r2, 0, c)
	t5, r0, r1, r2 = r0, r1, r2, 0

	// Column 6.
	hi, lo = bits.Mul64(a3, b3)
	r0, c = bits.Add64(r0, lo, 0)
	// The top column cannot carry out: the product is below 2^512.
	r1, _ = bits.Add64(r1, hi, c)
	t6, t7 = r0, r1
	return
}

// scalarSqrWide returns the eight words t0..t7 of the full square a*a.
//
// Squaring with halved cross products (HAC Algorithm 14.16): the six products
// a_i*a_j, i < j, are summed once, the sum is doubled by a one-bit shift and
// the four squares a_i^2 are added on the diagonal: 10 word multiplications
// instead of 16.
func scalarSqrWide(a *[4]uint64) (t0, t1, t2, t3, t4, t5, t6, t7 uint64) {
	a0, a1, a2, a3 := a[0], a[1], a[2], a[3]
	var c uint64
	// Cross sum, words x1..x6:
	//
	//	word:   6     5     4     3     2     1
	//	                   h03   l03   l02   l01      a0*(a1, a2, a3)
	//	                          h02   h01
	//	             h13   l13   l12                  a1*(a2, a3)
	//	                   h12
	//	       h23   l23                              a2*a3
	//
	// It is below 2^448 (a2*a3*2^320 <= 2^448 - 2^385 + 2^320 and the other
	// terms add less than 2^385 - 2^320), so x6 never carries out.
	h01, l01 := bits.Mul64(a0, a1)
	h02, l02 := bits.Mul64(a0, a2)
	h03, l03 := bits.Mul64(a0, a3)
	x1 := l01
	x2, c := bits.Add64(l02, h01, 0)
	x3, c := bits.Add64(l03, h02, c)
	x4 := h03 + c
	h12, l12 := bits.Mul64(a1, a2)
	h13, l13 := bits.Mul64(a1, a3)
	h23, l23 := bits.Mul64(a2, a3)
	y4, c := bits.Add64(l13, h12, 0)
	y5 := h13 + c
	x3, c = bits.Add64(x3, l12, 0)
	x4, c = bits.Add64(x4, y4, c)
	x5, c := bits.Add64(y5, l23, c)
	x6 := h23 + c

	// Double: the cross sum appears twice in a^2.
	x7 := x6 >> 63
	x6 = x6<<1 | x5>>63
	x5 = x5<<1 | x4>>63
	x4 = x4<<1 | x3>>63
	x3 = x3<<1 | x2>>63
	x2 = x2<<1 | x1>>63
	x1 <<= 1

	// Diagonal a_i^2 at words 2i, 2i+1.
	s0h, s0l := bits.Mul64(a0, a0)
	s1h, s1l := bits.Mul64(a1, a1)
	s2h, s2l := bits.Mul64(a2, a2)
	s3h, s3l := bits.Mul64(a3, a3)
	t0 = s0l
	t1, c = bits.Add64(x1, s0h, 0)
	t2, c = bits.Add64(x2, s1l, c)
	t3, c = bits.Add64(x3, s1h, c)
	t4, c = bits.Add64(x4, s2l, c)
	t5, c = bits.Add64(x5, s2h, c)
	t6, c = bits.Add64(x6, s3l, c)
	t7 = x7 + s3h + c
	return
}

// scalarReduce returns the canonical words of x mod l for a value
// x = (x7:...:x0) < 2^506. Every x*y + z with x, y, z < l qualifies:
// l(l+1) < 2^506.
//
// Write m = 2^252, so l = m + c and m = -c (mod l). Two folds (HAC
// Algorithm 14.47, reduction modulo a special-form modulus, with alternating
// signs because l = m + c rather than m - c):
//
//	x    = H1*m + L1,  L1 < m, H1 < 2^254          x = L1 - H1*c
//	H1*c = H2*m + L2,  L2 < m, H2 < 2^127          x = L1 - L2 + H2*c = v
//
// and v lies in (-2^252, 2^253) (H2*c < 2^252), so exactly one of v + l, v,
// v - l is in [0, l): all three are formed and masks pick the right one.
// L1 - L2 is computed while H2*c is being multiplied. 12 word
// multiplications, no branches.
func scalarReduce(x0, x1, x2, x3, x4, x5, x6, x7 uint64) (r0, r1, r2, r3 uint64) {
	var c uint64

	// Fold 1: P1 = H1*c < 2^379 in six words, H1 = x >> 252 = (h3:h2:h1:h0).
	h0 := x3>>60 | x4<<4
	h1 := x4>>60 | x5<<4
	h2 := x5>>60 | x6<<4
	h3 := x6>>60 | x7<<4
	//
	//	word:   5     4     3     2     1     0
	//	             v3    v2    v1    v0    u0      H1*c0 (row u0, u1+v0, ...)
	//	                   u3    u2    u1
	//	       y3    y2    y1    y0    x0            H1*c1, one word up
	//	             x3    x2    x1
	v0, u0 := bits.Mul64(h0, scalarC0)
	v1, u1 := bits.Mul64(h1, scalarC0)
	v2, u2 := bits.Mul64(h2, scalarC0)
	v3, u3 := bits.Mul64(h3, scalarC0)
	y0, b0 := bits.Mul64(h0, scalarC1)
	y1, b1 := bits.Mul64(h1, scalarC1)
	y2, b2 := bits.Mul64(h2, scalarC1)
	y3, b3 := bits.Mul64(h3, scalarC1)
	p0 := u0
	p1, c := bits.Add64(u1, v0, 0)
	p2, c := bits.Add64(u2, v1, c)
	p3, c := bits.Add64(u3, v2, c)
	p4 := v3 + c
	n2, c := bits.Add64(b1, y0, 0)
	n3, c := bits.Add64(b2, y1, c)
	n4, c := bits.Add64(b3, y2, c)
	n5 := y3 + c
	p1, c = bits.Add64(p1, b0, 0)
	p2, c = bits.Add64(p2, n2, c)
	p3, c = bits.Add64(p3, n3, c)
	p4, c = bits.Add64(p4, n4, c)
	p5 := n5 + c

	// Fold 2: Q = H2*c < 2^252 in four words, H2 = P1 >> 252 = (g1:g0).
	//
	//	word:   3     2     1     0
	//	             f1    f0    e0      g0*c
	//	                   e1
	//	       m1    m0    k0            g1*c
	//	             k1
	g0 := p3>>60 | p4<<4
	g1 := p4>>60 | p5<<4

	// Meanwhile d = L1 - L2 in (-2^252, 2^252), as a 256-bit two's
	// complement value.
	d0, c := bits.Sub64(x0, p0, 0)
	d1, c := bits.Sub64(x1, p1, c)
	d2, c := bits.Sub64(x2, p2, c)
	d3, _ := bits.Sub64(x3&scalarLow60, p3&scalarLow60, c)

	e1, e0 := bits.Mul64(g0, scalarC0)
	f1, f0 := bits.Mul64(g0, scalarC1)
	q0 := e0
	q1, c := bits.Add64(e1, f0, 0)
	q2 := f1 + c
	k1, k0 := bits.Mul64(g1, scalarC0)
	m1, m0 := bits.Mul64(g1, scalarC1)
	s1, c := bits.Add64(k1, m0, 0)
	s2 := m1 + c
	q1, c = bits.Add64(q1, k0, 0)
	q2, c = bits.Add64(q2, s1, c)
	q3 := s2 + c

	// w = d + Q = x (mod l) lies in (-2^252, 2^253), inside (-l, 2l); in
	// two's complement its sign is the top bit of w3.
	w0, c := bits.Add64(d0, q0, 0)
	w1, c := bits.Add64(d1, q1, c)
	w2, c := bits.Add64(d2, q2, c)
	w3, _ := bits.Add64(d3, q3, c)

	// The answer is w + l if w < 0, w - l if w >= l, and w otherwise. Both
	// candidates are computed, and masks select one.
	up0, up1, up2, up3 := scalarAddMaskedL(w0, w1, w2, w3, ^uint64(0))
	dn0, dn1, dn2, dn3, below := scalarSubL(w0, w1, w2, w3)
	neg := -(w3 >> 63)    // all ones when w < 0
	keep := -below &^ neg // all ones when 0 <= w < l
	sub := ^(neg | keep)  // all ones when w >= l
	r0 = up0&neg | w0&keep | dn0&sub
	r1 = up1&neg | w1&keep | dn1&sub
	r2 = up2&neg | w2&keep | dn2&sub
	r3 = up3&neg | w3&keep | dn3&sub
	return
}

// scalarTwo448 is 2^448 mod l, as four little-endian words. It folds the top
// word of a 512-bit input before scalarReduce (checked in scalar_test.go).
var scalarTwo448 = [4]uint64{0x79daf520a00acb65, 0xe24babbe38d1d7a9, 0xb399411b7c309a3d, 0x0ed9ce5a30a2c131}

// scalarReduce512 returns the canonical words of x mod l for any 512-bit x.
//
// x = X + x7*2^448 with X < 2^448, and x7*2^448 = x7*(2^448 mod l) (mod l),
// which is below 2^64 * 2^253; so x' = X + x7*scalarTwo448 < 2^449 < 2^506
// is congruent to x and within the range of scalarReduce.
func scalarReduce512(x0, x1, x2, x3, x4, x5, x6, x7 uint64) (r0, r1, r2, r3 uint64) {
	// x7 * scalarTwo448 < 2^317, five words (a row as in scalarMulWide).
	h0, u0 := bits.Mul64(scalarTwo448[0], x7)
	h1, l1 := bits.Mul64(scalarTwo448[1], x7)
	h2, l2 := bits.Mul64(scalarTwo448[2], x7)
	h3, l3 := bits.Mul64(scalarTwo448[3], x7)
	u1, c := bits.Add64(l1, h0, 0)
	u2, c := bits.Add64(l2, h1, c)
	u3, c := bits.Add64(l3, h2, c)
	u4 := h3 + c
	x0, c = bits.Add64(x0, u0, 0)
	x1, c = bits.Add64(x1, u1, c)
	x2, c = bits.Add64(x2, u2, c)
	x3, c = bits.Add64(x3, u3, c)
	x4, c = bits.Add64(x4, u4, c)
	x5, c = bits.Add64(x5, 0, c)
	x6, c = bits.Add64(x6, 0, c)
	return scalarReduce(x0, x1, x2, x3, x4, x5, x6, c)
}

// Multiply sets s = x * y mod l, and returns s.
func (s *Scalar) Multiply(x, y *Scalar) *Scalar {
	s.w[0], s.w[1], s.w[2], s.w[3] = scalarReduce(scalarMulWide(&x.w, &y.w))
	return s
}

// MultiplyAdd sets s = x * y + z mod l, and returns s. It is equivalent to
// using Multiply and then Add.
func (s *Scalar) MultiplyAdd(x, y, z *Scalar) *Scalar {
	// x*y + z <= (l-1)^2 + l-1 < 2^506: one reduction of the wide sum.
	t0, t1, t2, t3, t4, t5, t6, t7 := scalarMulWide(&x.w, &y.w)
	var c uint64
	t0, c = bits.Add64(t0, z.w[0], 0)
	t1, c = bits.Add64(t1, z.w[1], c)
	t2, c = bits.Add64(t2, z.w[2], c)
	t3, c = bits.Add64(t3, z.w[3], c)
	t4, c = bits.Add64(t4, 0, c)
	t5, c = bits.Add64(t5, 0, c)
	t6, c = bits.Add64(t6, 0, c)
	t7 += c
	s.w[0], s.w[1], s.w[2], s.w[3] = scalarReduce(t0, t1, t2, t3, t4, t5, t6, t7)
	return s
}

// square sets s = x^2 mod l and returns s.
func (s *Scalar) square(x *Scalar) *Scalar {
	s.w[0], s.w[1], s.w[2], s.w[3] = scalarReduce(scalarSqrWide(&x.w))
	return s
}

// Invert sets s to the inverse of a nonzero scalar v, and returns s.
//
// If t is zero, Invert returns zero.
func (s *Scalar) Invert(t *Scalar) *Scalar {
	// Fermat: t^(l-2) = t^-1 for t != 0, and 0^(l-2) = 0.
	//
	// The exponent is public, so a left-to-right sliding window over it
	// (HAC Algorithm 14.85, window width 4) runs in time independent of t:
	// the schedule, which odd power t^d is multiplied in after how many
	// squarings, is a function of l only (see scalarInvSchedule). Width 4
	// needs the odd powers t, t^3, ..., t^15 (1 squaring, 7 multiplications)
	// and then 252 squarings and 27 multiplications; width 3 or 5 would cost
	// 292 or 291 operations against 287.
	var odd [8]Scalar // odd[i] = t^(2i+1)
	var t2 Scalar
	odd[0] = *t
	t2.square(t)
	for i := 1; i < len(odd); i++ {
		odd[i].Multiply(&odd[i-1], &t2)
	}
	acc := odd[scalarInvFirst>>1]
	for _, step := range scalarInvSchedule {
		for j := uint8(0); j < step.squarings; j++ {
			acc.square(&acc)
		}
		acc.Multiply(&acc, &odd[step.digit>>1])
	}
	*s = acc
	return s
}

// scalarInvStep is one step of the inversion schedule: square the
// accumulator `squarings` times, then multiply it by t^digit (digit odd).
type scalarInvStep struct {
	squarings uint8
	digit     uint8
}

// scalarInvFirst is the leading window of l-2 and scalarInvSchedule the rest
// of its width-4 sliding-window decomposition:
//
//	l - 2 = (...((first*2^s1 + d1)*2^s2 + d2)...)*2^sn + dn
//
// They are derived from l when the package is initialized (l - 2 is odd, so
// no squarings trail the last window). scalar_test.go re-sums them with
// math/big.
var scalarInvFirst, scalarInvSchedule = scalarSlidingWindows(scalarLMinus2(), 4)

// scalarLMinus2 returns the words of l - 2.
func scalarLMinus2() [4]uint64 {
	return [4]uint64{scalarC0 - 2, scalarC1, 0, scalarTop}
}

// scalarSlidingWindows decomposes the public exponent e into left-to-right
// sliding windows of at most width bits, each starting and ending in a one
// (HAC Algorithm 14.85). It runs in time that depends on e and must only be
// used on public exponents.
func scalarSlidingWindows(e [4]uint64, width int) (first uint8, steps []scalarInvStep) {
	bit := func(i int) uint64 { return e[i/64] >> (i % 64) & 1 }
	i := 255
	for i >= 0 && bit(i) == 0 {
		i--
	}
	started := false
	pending := 0 // squarings owed before the next multiplication
	for i >= 0 {
		if bit(i) == 0 {
			pending++
			i--
			continue
		}
		// Longest window e[i..j] with i-j+1 <= width and e[j] = 1.
		j := max(i-width+1, 0)
		for bit(j) == 0 {
			j++
		}
		var d uint8
		for k := i; k >= j; k-- {
			d = d<<1 | uint8(bit(k))
		}
		if !started {
			first, started = d, true
		} else {
			steps = append(steps, scalarInvStep{squarings: uint8(pending + i - j + 1), digit: d})
		}
		pending = 0
		i = j - 1
	}
	if pending != 0 {
		panic("edwards25519: internal error: even inversion exponent")
	}
	return first, steps
}

// SetUniformBytes sets s = x mod l, where x is a 64-byte little-endian integer.
// If x is not of the right length, SetUniformBytes returns nil and an error,
// and the receiver is unchanged.
//
// SetUniformBytes can be used to set s to a uniformly distributed value given
// 64 uniformly distributed random bytes.
func (s *Scalar) SetUniformBytes(x []byte) (*Scalar, error) {
	if len(x) != 64 {
		return nil, errors.New("edwards25519: invalid SetUniformBytes input length")
	}
	le := binary.LittleEndian
	s.w[0], s.w[1], s.w[2], s.w[3] = scalarReduce512(le.Uint64(x[0:]), le.Uint64(x[8:]),
		le.Uint64(x[16:]), le.Uint64(x[24:]), le.Uint64(x[32:]), le.Uint64(x[40:]),
		le.Uint64(x[48:]), le.Uint64(x[56:]))
	return s, nil
}

// SetCanonicalBytes sets s = x, where x is a 32-byte little-endian encoding of
// s, and returns s. If x is not a canonical encoding of s, SetCanonicalBytes
// returns nil and an error, and the receiver is unchanged.
func (s *Scalar) SetCanonicalBytes(x []byte) (*Scalar, error) {
	if len(x) != 32 {
		return nil, errors.New("invalid scalar length")
	}
	le := binary.LittleEndian
	v0, v1, v2, v3 := le.Uint64(x[0:]), le.Uint64(x[8:]), le.Uint64(x[16:]), le.Uint64(x[24:])
	// Canonical means v < l, that is v - l borrows. The check is computed
	// without data-dependent branches; only its public verdict is branched on.
	if _, _, _, _, borrow := scalarSubL(v0, v1, v2, v3); borrow == 0 {
		return nil, errors.New("invalid scalar encoding")
	}
	s.w = [4]uint64{v0, v1, v2, v3}
	return s, nil
}

// SetBytesWithClamping applies the buffer pruning described in RFC 8032,
// Section 5.1.5 (also known as clamping) and sets s to the result. The input
// must be 32 bytes, and it is not modified. If x is not of the right length,
// SetBytesWithClamping returns nil and an error, and the receiver is unchanged.
//
// Note that since Scalar values are always reduced modulo the prime order of
// the curve, the resulting value will not preserve any of the cofactor-clearing
// properties that clamping is meant to provide. It will however work as
// expected as long as it is applied to points on the prime order subgroup, like
// in Ed25519. In fact, it is lost to history why RFC 8032 adopted the
// irrelevant RFC 7748 clamping, but it is now required for compatibility.
func (s *Scalar) SetBytesWithClamping(x []byte) (*Scalar, error) {
	if len(x) != 32 {
		return nil, errors.New("edwards25519: invalid SetBytesWithClamping input length")
	}
	// RFC 8032, Section 5.1.5, step 2: clear the three lowest bits of the
	// first octet and the highest bit of the last, set its second highest.
	// The result is in [2^254, 2^255) and needs a full reduction.
	le := binary.LittleEndian
	t0 := le.Uint64(x[0:]) &^ 7
	t3 := le.Uint64(x[24:])&^(1<<63) | 1<<62
	s.w[0], s.w[1], s.w[2], s.w[3] = scalarReduce(t0, le.Uint64(x[8:]), le.Uint64(x[16:]), t3, 0, 0, 0, 0)
	return s, nil
}

// Bytes returns the canonical 32-byte little-endian encoding of s.
func (s *Scalar) Bytes() []byte {
	// Bytes is small enough to be inlined, so the array escapes only when
	// the caller lets the slice escape.
	var out [32]byte
	s.putBytes(&out)
	return out[:]
}

// putBytes writes the canonical little-endian encoding of s into out.
func (s *Scalar) putBytes(out *[32]byte) {
	for i, v := range s.w {
		binary.LittleEndian.PutUint64(out[8*i:], v)
	}
}

// bytes32 returns the canonical 32-byte little-endian encoding of s as an
// array, without allocating.
func (s *Scalar) bytes32() [32]byte {
	var out [32]byte
	s.putBytes(&out)
	return out
}

// Equal returns 1 if s and t are equal, and 0 otherwise.
func (s *Scalar) Equal(t *Scalar) int {
	// Both sides are canonical, so equality is equality of words.
	diff := (s.w[0] ^ t.w[0]) | (s.w[1] ^ t.w[1]) | (s.w[2] ^ t.w[2]) | (s.w[3] ^ t.w[3])
	// diff|-diff has its top bit set exactly when diff != 0.
	return int(1 ^ (diff|-diff)>>63)
}

// signedRadix16 returns the digits d[0..63] of s in radix 16 with
// d[i] in [-8, 8) for i < 63 and d[63] in [0, 2], such that
//
//	s = d[0] + d[1]*16 + d[2]*16^2 + ... + d[63]*16^63.
//
// It runs in constant time: every digit goes through the same arithmetic.
func (s *Scalar) signedRadix16() [64]int8 {
	var d [64]int8
	var carry int32
	for i := 0; i < 64; i++ {
		// Unsigned nibble i plus the incoming carry, in [0, 16].
		v := int32(s.w[i/16]>>(4*(i%16))&15) + carry
		// Recentre to [-8, 8): carry out is 1 exactly when v >= 8.
		carry = (v + 8) >> 4
		d[i] = int8(v - carry<<4)
	}
	// s < l < 2^253, so nibble 63 is at most 1 and, with its carry in, at
	// most 2 < 8: the last carry out is always zero.
	return d
}

// signedWindowDigitCount returns how many radix-2^w digits
// signedWindowDigits produces: the least n with n*w >= 254, so that the top
// digit (at most 253 - (n-1)w <= w-1 bits, plus a carry) never recentres.
func signedWindowDigitCount(w uint) int {
	return int((254 + w - 1) / w)
}

// signedWindowDigits writes the signed fixed-window digits of s in radix 2^w,
// 4 <= w <= 16, into out and returns their number n = ceil(254/w):
//
//	s = out[0] + out[1]*2^w + ... + out[n-1]*2^(w(n-1)),
//
// with out[i] in [-2^(w-1), 2^(w-1)) for i < n-1 and out[n-1] in [0, 2^(w-1)].
// It panics if w is out of range or out is shorter than n. Its running time
// depends on w and not on s.
func (s *Scalar) signedWindowDigits(w uint, out []int32) int {
	if w < 4 || w > 16 {
		panic("edwards25519: signedWindowDigits window out of range")
	}
	n := signedWindowDigitCount(w)
	if len(out) < n {
		panic("edwards25519: signedWindowDigits output too short")
	}
	mask := uint64(1)<<w - 1
	half := int32(1) << (w - 1)
	var carry int32
	for i := 0; i < n; i++ {
		// Bits [pos, pos+w) of s; they may straddle two words. pos and the
		// word indices depend on i and w only.
		pos := uint(i) * w
		word, off := pos/64, pos%64
		u := s.w[word] >> off
		if off+w > 64 && word < 3 {
			u |= s.w[word+1] << (64 - off)
		}
		v := int32(u&mask) + carry
		if i == n-1 {
			out[i] = v
			break
		}
		// carry = 1 exactly when v >= 2^(w-1); v is in [0, 2^w].
		carry = (v + half) >> w
		out[i] = v - carry<<w
	}
	return n
}

// nafDigits returns the width-w non-adjacent form of s, 2 <= w <= 8: digits
// naf[i] that are zero or odd with |naf[i]| < 2^(w-1), any w consecutive of
// which hold at most one nonzero, and s = sum naf[i]*2^i (Solinas 2000;
// Hankerson-Menezes-Vanstone, Guide to ECC, Algorithm 3.35).
//
// VarTime: its running time and memory accesses depend on s. Use it only on
// public scalars (signature verification).
func (s *Scalar) nafDigits(w uint) [256]int8 {
	if w < 2 || w > 8 {
		panic("edwards25519: nafDigits width out of range")
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
	// s < 2^253: a window with a negative digit ends at or below bit 252,
	// so the carry it leaves is consumed by a later position below 256.
	if carry != 0 {
		panic("edwards25519: internal error: NAF carry out")
	}
	return naf
}
