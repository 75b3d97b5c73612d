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
	// c flipped). Reducing a 506-bit product costs 9 word multiplications and
	// a low product (scalarReduce), a 512-bit input 4 more, against 20 for
	// word-by-word Montgomery reduction (Montgomery 1985; HAC Algorithm
	// 14.32), and since the form is plain, encoding, decoding, comparison and
	// digit recoding need no conversion.
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

// scalarMulReduce sets s to the canonical words of x*y mod l. s may alias x
// or y.
//
// The product t = x*y < 2^506 is formed row by row (operand scanning, HAC
// Algorithm 14.12): row j adds x*y_j*2^(64j) to an accumulator, which is
// then x*(y mod 2^(64(j+1))) < 2^(64(j+5)), so it fits in j+5 words and no
// row carries out. The reduction of scalarReduce follows in the same
// function.
//
// Scheduling. Go's SSA scheduler issues every multiplication whose operands
// are ready before it starts a carry chain (which it delays so that only one
// flags value is live). With all eight operand words loaded up front, all
// sixteen products would be issued first and their 32 halves spilled. So
// the top word of row j is stored into s.w[j] before y_(j+1) is loaded: the
// load may alias that store (s may be y), so row j+1 cannot start before
// row j is summed. This is safe for every aliasing: x is read before
// the first store, and the store to s.w[j] can only overwrite y_j, which
// row j has already read. The stored words are scratch; s is overwritten
// with the result at the end. Measured on amd64 (Zen 3), this ordering and
// keeping the reduction in the same function each save 5-10% of Multiply.
// Likewise a carry is added into a word as bits.Add64(x, 0, c) rather than
// x + c here and in scalarSqrWide and scalarReduce: the first compiles to
// one ADC, the second to SBB and SUB.
func scalarMulReduce(s, x, y *Scalar) {
	a0, a1, a2, a3 := x.w[0], x.w[1], x.w[2], x.w[3]

	// Row 0: a*y0 in five words.
	b := y.w[0]
	hi0, lo0 := bits.Mul64(a0, b)
	hi1, lo1 := bits.Mul64(a1, b)
	hi2, lo2 := bits.Mul64(a2, b)
	hi3, lo3 := bits.Mul64(a3, b)
	t0 := lo0
	acc1, c := bits.Add64(lo1, hi0, 0)
	acc2, c := bits.Add64(lo2, hi1, c)
	acc3, c := bits.Add64(lo3, hi2, c)
	acc4, _ := bits.Add64(hi3, 0, c)
	s.w[0] = acc4

	// Row 1: row words rw1..rw4 above lo0, then into the accumulator.
	b = y.w[1]
	hi0, lo0 = bits.Mul64(a0, b)
	hi1, lo1 = bits.Mul64(a1, b)
	hi2, lo2 = bits.Mul64(a2, b)
	hi3, lo3 = bits.Mul64(a3, b)
	rw1, c := bits.Add64(lo1, hi0, 0)
	rw2, c := bits.Add64(lo2, hi1, c)
	rw3, c := bits.Add64(lo3, hi2, c)
	rw4, _ := bits.Add64(hi3, 0, c)
	t1, c := bits.Add64(acc1, lo0, 0)
	acc2, c = bits.Add64(acc2, rw1, c)
	acc3, c = bits.Add64(acc3, rw2, c)
	acc4, c = bits.Add64(acc4, rw3, c)
	acc5, _ := bits.Add64(rw4, 0, c)
	s.w[1] = acc5

	// Row 2.
	b = y.w[2]
	hi0, lo0 = bits.Mul64(a0, b)
	hi1, lo1 = bits.Mul64(a1, b)
	hi2, lo2 = bits.Mul64(a2, b)
	hi3, lo3 = bits.Mul64(a3, b)
	rw1, c = bits.Add64(lo1, hi0, 0)
	rw2, c = bits.Add64(lo2, hi1, c)
	rw3, c = bits.Add64(lo3, hi2, c)
	rw4, _ = bits.Add64(hi3, 0, c)
	t2, c := bits.Add64(acc2, lo0, 0)
	acc3, c = bits.Add64(acc3, rw1, c)
	acc4, c = bits.Add64(acc4, rw2, c)
	acc5, c = bits.Add64(acc5, rw3, c)
	acc6, _ := bits.Add64(rw4, 0, c)
	s.w[2] = acc6

	// Row 3.
	b = y.w[3]
	hi0, lo0 = bits.Mul64(a0, b)
	hi1, lo1 = bits.Mul64(a1, b)
	hi2, lo2 = bits.Mul64(a2, b)
	hi3, lo3 = bits.Mul64(a3, b)
	rw1, c = bits.Add64(lo1, hi0, 0)
	rw2, c = bits.Add64(lo2, hi1, c)
	rw3, c = bits.Add64(lo3, hi2, c)
	rw4, _ = bits.Add64(hi3, 0, c)
	t3, c := bits.Add64(acc3, lo0, 0)
	t4, c := bits.Add64(acc4, rw1, c)
	t5, c := bits.Add64(acc5, rw2, c)
	t6, c := bits.Add64(acc6, rw3, c)
	t7, _ := bits.Add64(rw4, 0, c)

	// Step 1. t = A*2^380 + R with A = t >> 380 < 2^126, and
	// 2^380 = 2^128*2^252 = -c*2^128 (mod l). Split R = Rh*2^128 + Rl
	// (Rh < 2^252 is words 2..5 of t, the last one cut to 60 bits):
	//
	//	t = Rl + (Rh - A*c)*2^128  (mod l).
	//
	// P = A*c < 2^251, four words:
	//
	//	word:   3     2     1     0
	//	             f1    f0    p0      aq0*c
	//	                   e1
	//	       m1    m0    k0            aq1*c
	//	             k1
	aq0 := t5>>60 | t6<<4
	aq1 := t6>>60 | t7<<4
	e1, p0 := bits.Mul64(aq0, scalarC0)
	f1, f0 := bits.Mul64(aq0, scalarC1)
	k1, k0 := bits.Mul64(aq1, scalarC0)
	m1, m0 := bits.Mul64(aq1, scalarC1)
	p1, c := bits.Add64(e1, f0, 0)
	p2, _ := bits.Add64(f1, 0, c)
	o1, c := bits.Add64(k1, m0, 0)
	o2, _ := bits.Add64(m1, 0, c)
	p1, c = bits.Add64(p1, k0, 0)
	p2, c = bits.Add64(p2, o1, c)
	p3, _ := bits.Add64(o2, 0, c)
	// D = Rh - P lies in (-2^251, 2^252). Taken over 252 bits it is
	// V - w*2^252 with V = D mod 2^252 and w its borrow (the sign bit of the
	// top word, whose operands are both below 2^60), and
	// -w*2^252*2^128 = w*c*2^128 (mod l), so
	//
	//	t = y + w*c*2^128  (mod l),  y = Rl + V*2^128 < 2^380.
	d0, c := bits.Sub64(t2, p0, 0)
	d1, c := bits.Sub64(t3, p1, c)
	d2, c := bits.Sub64(t4, p2, c)
	d3, _ := bits.Sub64(t5&scalarLow60, p3, c)
	wrap := uint64(int64(d3) >> 63) // all ones when w = 1
	d3 &= scalarLow60

	// Step 2. y = (d3:d2:d1:d0:t1:t0) = Y*2^252 + Yl with Y = y >> 252 <
	// 2^128 and Yl < 2^252, so t = Yl - Y*c + w*c*2^128 (mod l). Q = Y*c <
	// 2^253 is formed like P. Adding 2l keeps the sum positive:
	//
	//	E = Yl + 2l + w*c*2^128 - Q,  0 < E < 2^252 + 2^254 + 2^253 < 2^255.
	//
	// 2l = 2^253 + 2c, whose low words are 2*c0 and 2*c1 since c0 < 2^63,
	// and c*2^128 occupies words 2 and 3.
	n0 := d1>>60 | d2<<4
	n1 := d2>>60 | d3<<4
	g1, q0 := bits.Mul64(n0, scalarC0)
	h1, h0 := bits.Mul64(n0, scalarC1)
	j1, j0 := bits.Mul64(n1, scalarC0)
	v1, v0 := bits.Mul64(n1, scalarC1)
	q1, c := bits.Add64(g1, h0, 0)
	q2, _ := bits.Add64(h1, 0, c)
	u1, c := bits.Add64(j1, v0, 0)
	u2, _ := bits.Add64(v1, 0, c)
	q1, c = bits.Add64(q1, j0, 0)
	q2, c = bits.Add64(q2, u1, c)
	q3, _ := bits.Add64(u2, 0, c)
	s0, c := bits.Add64(t0, 2*scalarC0, 0)
	s1, c := bits.Add64(t1, 2*scalarC1, c)
	s2, c := bits.Add64(d0, scalarC0&wrap, c)
	s3, _ := bits.Add64(d1&scalarLow60, 1<<61|scalarC1&wrap, c)
	s0, c = bits.Sub64(s0, q0, 0)
	s1, c = bits.Sub64(s1, q1, c)
	s2, c = bits.Sub64(s2, q2, c)
	s3, _ = bits.Sub64(s3, q3, c)

	// Step 3. E = F*2^252 + El with F = E >> 252 < 8, so t = El - F*c
	// (mod l). F*c < 2^128 takes one full product and one low product
	// (F*c1 < 8*2^61 = 2^64, and the carry word of F*c0 is below 8). As in
	// step 1, El - F*c over 252 bits is Z - z*2^252 = Z + z*c (mod l), and
	// Z + z*c < 2^252 + c = l: the result is canonical without a final
	// comparison (HAC §14.3.4 folds, each made non-negative by moving the
	// borrow into the next quotient).
	top := s3 >> 60
	fh, fl := bits.Mul64(top, scalarC0)
	fh += top * scalarC1
	z0, c := bits.Sub64(s0, fl, 0)
	z1, c := bits.Sub64(s1, fh, c)
	z2, c := bits.Sub64(s2, 0, c)
	z3, _ := bits.Sub64(s3&scalarLow60, 0, c)
	under := uint64(int64(z3) >> 63) // all ones when z = 1
	z3 &= scalarLow60
	s.w[0], c = bits.Add64(z0, scalarC0&under, 0)
	s.w[1], c = bits.Add64(z1, scalarC1&under, c)
	s.w[2], c = bits.Add64(z2, 0, c)
	s.w[3], _ = bits.Add64(z3, 0, c)
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
	x4, _ := bits.Add64(h03, 0, c)
	h12, l12 := bits.Mul64(a1, a2)
	h13, l13 := bits.Mul64(a1, a3)
	h23, l23 := bits.Mul64(a2, a3)
	y4, c := bits.Add64(l13, h12, 0)
	y5, _ := bits.Add64(h13, 0, c)
	x3, c = bits.Add64(x3, l12, 0)
	x4, c = bits.Add64(x4, y4, c)
	x5, c := bits.Add64(y5, l23, c)
	x6, _ := bits.Add64(h23, 0, c)

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

// scalarReduce returns the canonical words of t mod l for a value
// t = (t7:...:t0) < 2^506. Every x*y + z with x, y, z < l qualifies:
// l(l+1) < 2^506.
//
// Write m = 2^252, so l = m + c and m = -c (mod l): a value's bits from
// position 252 + k up can be folded down onto bit k by a multiplication
// by the two-word constant c and a subtraction (HAC Algorithm 14.47,
// reduction modulo a special-form modulus, with the sign of c flipped).
// Three such folds, each removing at most two words so that each costs a
// 2x2-word product, bring t below l: the top 126 bits (4 multiplications),
// the next 128 (4) and the last three bits (one multiplication and one
// low product): 9.5 word multiplications against 12 for a 4x2-word fold
// followed by a 2x2-word one, and no conditional subtraction at the end.
// The sign of each intermediate difference is carried into the next
// quotient instead of being corrected. No branches, no secret-dependent
// indices.
//
// scalarMulReduce repeats these lines after its product: a call between
// the product and the reduction costs about 5% of Multiply.
func scalarReduce(t0, t1, t2, t3, t4, t5, t6, t7 uint64) (r0, r1, r2, r3 uint64) {
	// Step 1. t = A*2^380 + R with A = t >> 380 < 2^126, and
	// 2^380 = 2^128*2^252 = -c*2^128 (mod l). Split R = Rh*2^128 + Rl
	// (Rh < 2^252 is words 2..5 of t, the last one cut to 60 bits):
	//
	//	t = Rl + (Rh - A*c)*2^128  (mod l).
	//
	// P = A*c < 2^251, four words:
	//
	//	word:   3     2     1     0
	//	             f1    f0    p0      aq0*c
	//	                   e1
	//	       m1    m0    k0            aq1*c
	//	             k1
	aq0 := t5>>60 | t6<<4
	aq1 := t6>>60 | t7<<4
	e1, p0 := bits.Mul64(aq0, scalarC0)
	f1, f0 := bits.Mul64(aq0, scalarC1)
	k1, k0 := bits.Mul64(aq1, scalarC0)
	m1, m0 := bits.Mul64(aq1, scalarC1)
	p1, c := bits.Add64(e1, f0, 0)
	p2, _ := bits.Add64(f1, 0, c)
	o1, c := bits.Add64(k1, m0, 0)
	o2, _ := bits.Add64(m1, 0, c)
	p1, c = bits.Add64(p1, k0, 0)
	p2, c = bits.Add64(p2, o1, c)
	p3, _ := bits.Add64(o2, 0, c)
	// D = Rh - P lies in (-2^251, 2^252). Taken over 252 bits it is
	// V - w*2^252 with V = D mod 2^252 and w its borrow (the sign bit of the
	// top word, whose operands are both below 2^60), and
	// -w*2^252*2^128 = w*c*2^128 (mod l), so
	//
	//	t = y + w*c*2^128  (mod l),  y = Rl + V*2^128 < 2^380.
	d0, c := bits.Sub64(t2, p0, 0)
	d1, c := bits.Sub64(t3, p1, c)
	d2, c := bits.Sub64(t4, p2, c)
	d3, _ := bits.Sub64(t5&scalarLow60, p3, c)
	wrap := uint64(int64(d3) >> 63) // all ones when w = 1
	d3 &= scalarLow60

	// Step 2. y = (d3:d2:d1:d0:t1:t0) = Y*2^252 + Yl with Y = y >> 252 <
	// 2^128 and Yl < 2^252, so t = Yl - Y*c + w*c*2^128 (mod l). Q = Y*c <
	// 2^253 is formed like P. Adding 2l keeps the sum positive:
	//
	//	E = Yl + 2l + w*c*2^128 - Q,  0 < E < 2^252 + 2^254 + 2^253 < 2^255.
	//
	// 2l = 2^253 + 2c, whose low words are 2*c0 and 2*c1 since c0 < 2^63,
	// and c*2^128 occupies words 2 and 3.
	n0 := d1>>60 | d2<<4
	n1 := d2>>60 | d3<<4
	g1, q0 := bits.Mul64(n0, scalarC0)
	h1, h0 := bits.Mul64(n0, scalarC1)
	j1, j0 := bits.Mul64(n1, scalarC0)
	v1, v0 := bits.Mul64(n1, scalarC1)
	q1, c := bits.Add64(g1, h0, 0)
	q2, _ := bits.Add64(h1, 0, c)
	u1, c := bits.Add64(j1, v0, 0)
	u2, _ := bits.Add64(v1, 0, c)
	q1, c = bits.Add64(q1, j0, 0)
	q2, c = bits.Add64(q2, u1, c)
	q3, _ := bits.Add64(u2, 0, c)
	s0, c := bits.Add64(t0, 2*scalarC0, 0)
	s1, c := bits.Add64(t1, 2*scalarC1, c)
	s2, c := bits.Add64(d0, scalarC0&wrap, c)
	s3, _ := bits.Add64(d1&scalarLow60, 1<<61|scalarC1&wrap, c)
	s0, c = bits.Sub64(s0, q0, 0)
	s1, c = bits.Sub64(s1, q1, c)
	s2, c = bits.Sub64(s2, q2, c)
	s3, _ = bits.Sub64(s3, q3, c)

	// Step 3. E = F*2^252 + El with F = E >> 252 < 8, so t = El - F*c
	// (mod l). F*c < 2^128 takes one full product and one low product
	// (F*c1 < 8*2^61 = 2^64, and the carry word of F*c0 is below 8). As in
	// step 1, El - F*c over 252 bits is Z - z*2^252 = Z + z*c (mod l), and
	// Z + z*c < 2^252 + c = l: the result is canonical without a final
	// comparison (HAC §14.3.4 folds, each made non-negative by moving the
	// borrow into the next quotient).
	top := s3 >> 60
	fh, fl := bits.Mul64(top, scalarC0)
	fh += top * scalarC1
	z0, c := bits.Sub64(s0, fl, 0)
	z1, c := bits.Sub64(s1, fh, c)
	z2, c := bits.Sub64(s2, 0, c)
	z3, _ := bits.Sub64(s3&scalarLow60, 0, c)
	under := uint64(int64(z3) >> 63) // all ones when z = 1
	z3 &= scalarLow60
	r0, c = bits.Add64(z0, scalarC0&under, 0)
	r1, c = bits.Add64(z1, scalarC1&under, c)
	r2, c = bits.Add64(z2, 0, c)
	r3, _ = bits.Add64(z3, 0, c)
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
	scalarMulReduce(s, x, y)
	return s
}

// MultiplyAdd sets s = x * y + z mod l, and returns s. It is equivalent to
// using Multiply and then Add.
func (s *Scalar) MultiplyAdd(x, y, z *Scalar) *Scalar {
	// That is also how it is computed: passing z into scalarMulReduce as
	// the accumulator's starting value measured slower for Multiply, which
	// would have to pass zero. t keeps z intact when s aliases it.
	var t Scalar
	scalarMulReduce(&t, x, y)
	return s.Add(&t, z)
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

// scalarEightL is 8·l = 2^255 + 8·c as four little-endian words (c < 2^125,
// so 8·c fits the low two).
var scalarEightL = [4]uint64{scalarC0 << 3 & (1<<64 - 1), scalarC1<<3 | scalarC0>>61, 0, scalarTop << 3}

// signedRadix16Padded returns the 65 signed radix-16 digits of s + 8·l, in
// [-8, 8), the last one always 1.
//
// The curve's group has order 8·l, so (s + 8·l)·Q = s·Q for every point Q,
// torsion included. The padding makes the top digit nonzero for every s: a
// window loop that starts from the identity leaves it at its first
// addition, instead of doubling the identity through the leading zero
// digits of s (one window in two for a random s, all of them for s = 0). On
// the vector backend those doublings of a constant timed measurably
// differently from doublings of a point (see "Zero limbs" in vec.go), which
// would leak how many leading digits are zero. It runs in constant time:
// every digit goes through the same arithmetic.
func (s *Scalar) signedRadix16Padded() [65]int8 {
	// s < l and 9·l < 2^256: the sum does not carry out of four words, and
	// its top nibble is 8 + (s's top nibble) + a carry, at least 8.
	var w [4]uint64
	var c uint64
	w[0], c = bits.Add64(s.w[0], scalarEightL[0], 0)
	w[1], c = bits.Add64(s.w[1], scalarEightL[1], c)
	w[2], c = bits.Add64(s.w[2], scalarEightL[2], c)
	w[3], _ = bits.Add64(s.w[3], scalarEightL[3], c)
	var d [65]int8
	var carry int32
	for i := 0; i < 64; i++ {
		v := int32(w[i/16]>>(4*(i%16))&15) + carry
		carry = (v + 8) >> 4
		d[i] = int8(v - carry<<4)
	}
	d[64] = int8(carry)
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
	return windowDigits(&s.w, w, out)
}

// signedWindowDigitsPlusL is signedWindowDigits of s + l (below 2l <
// 2^254). For w = 4 its top digit, out[63], holds bits 252 to 255 of s + l
// (plus a carry), and s + l >= l > 2^252, so it is never zero. (For some
// other w the top digit starts above bit 252 and can be zero.) For a point
// B of order l, (s + l)·B = s·B, and a comb over B that adds its top digit
// first never starts from the identity.
func (s *Scalar) signedWindowDigitsPlusL(w uint, out []int32) int {
	var v [4]uint64
	v[0], v[1], v[2], v[3] = scalarAddMaskedL(s.w[0], s.w[1], s.w[2], s.w[3], ^uint64(0))
	return windowDigits(&v, w, out)
}

// windowDigits is signedWindowDigits on the four words sw, whose value
// must be below 2^254.
func windowDigits(sw *[4]uint64, w uint, out []int32) int {
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
		u := sw[word] >> off
		if off+w > 64 && word < 3 {
			u |= sw[word+1] << (64 - off)
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
