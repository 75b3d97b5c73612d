package field

import "math/bits"

// This file holds the portable multiplication, squaring and carry code. It is
// compiled on every target: it is the seam's generic twin (see fe_noasm.go,
// fe_amd64.go, fe_arm64.go) and the oracle the machine-specific versions are
// tested against, limb for limb.
//
// The algorithm is fixed, because the amd64 assembly and the arm64 reordering
// must reproduce its output limbs exactly (not merely the same value mod p):
//
//  1. r_i = the exact column sums of the schoolbook product, where every
//     partial product whose weight reaches 2^255 or more is folded back
//     with the identity 2^255 = 19 (mod p), i = 0..4;
//  2. c_i = floor(r_i / 2^51) and m_i = r_i mod 2^51;
//  3. t_0 = m_0 + 19*c_4, and t_i = m_i + c_(i-1) for i = 1..4;
//  4. one parallel carry pass over t (see carryPass).
//
// Only the integers r_i matter: how the products are formed and in what order
// they are summed is free, which is what fe_reordered.go exploits.

// mask51 keeps the low 51 bits of a word: the nominal width of a limb.
const mask51 = 1<<51 - 1

// acc128 is an exact unsigned 128-bit integer hi*2^64 + lo, used to sum the
// 128-bit partial products of one column.
type acc128 struct{ lo, hi uint64 }

// plusProduct returns s + x*y. The caller proves the sum stays below 2^128;
// the final carry out of hi is therefore always zero and is dropped.
func plusProduct(s acc128, x, y uint64) acc128 {
	hi, lo := bits.Mul64(x, y)
	var carry uint64
	s.lo, carry = bits.Add64(s.lo, lo, 0)
	s.hi, _ = bits.Add64(s.hi, hi, carry)
	return s
}

// split51 returns (floor(r / 2^51), r mod 2^51).
//
// pre:  r < 2^115 (true for every column sum below, see feMulGeneric).
// post: the quotient is below 2^64, so it fits one word.
// why:  floor(r / 2^51) < 2^115 / 2^51 = 2^64. The quotient is the 13 low
// bits of hi placed above the 51 high bits of lo: (hi << 13) | (lo >> 51);
// the bits of hi above 2^51 would have to be zero, and they are by pre.
func split51(r acc128) (quo, rem uint64) {
	return r.hi<<13 | r.lo>>51, r.lo & mask51
}

// carryPass sets out to the element t_0 + t_1*2^51 + ... + t_4*2^204 (mod p)
// with one parallel carry step: every carry k_i = t_i >> 51 is taken from the
// inputs, then out_0 = (t_0 mod 2^51) + 19*k_4 and
// out_i = (t_i mod 2^51) + k_(i-1).
//
// pre:  each t_i is any 64-bit word.
// post: out_0 <= (2^51 - 1) + 19*(2^13 - 1) < 2^51 + 2^18, and
// out_i <= (2^51 - 1) + (2^13 - 1) < 2^51 + 2^13 for i = 1..4. This is the
// Element invariant: every limb below 2^51 + 2^18.
// why:  k_i = t_i >> 51 < 2^64 / 2^51 = 2^13, and the carry k_4 leaves the top
// limb with weight 2^255 = 19 (mod p).
//
// The order of the statements lets every limb be overwritten right after its
// last use, with a single saved word: the top carry is needed last of all
// inputs by limb 0, so limb 4 is consumed first.
func carryPass(out *Element, t0, t1, t2, t3, t4 uint64) {
	out.l[0] = t0&mask51 + 19*(t4>>51)
	out.l[4] = t4&mask51 + t3>>51
	out.l[3] = t3&mask51 + t2>>51
	out.l[2] = t2&mask51 + t1>>51
	out.l[1] = t1&mask51 + t0>>51
}

// feMulGeneric sets out = a * b.
//
// pre:  every limb of a and b is below 2^54. This covers the Element
// invariant (2^51 + 2^18) with a wide margin, so outputs of Add, Subtract and
// Negate need no extra reduction before a multiplication.
// post: out satisfies the Element invariant; in fact every limb of out is
// below 2^51 + 2^15.
//
// The schoolbook product, one row per limb of a, one column per weight 2^(51i).
// A product a_i*b_j has weight 2^(51(i+j)); when i+j >= 5 its weight is
// 2^255 * 2^(51(i+j-5)) = 19 * 2^(51(i+j-5)) (mod p), so it is folded into
// column i+j-5 with a factor 19 (written 19b_j below):
//
//	            column 4   column 3   column 2   column 1   column 0
//	row a_0:     a0*b4      a0*b3      a0*b2      a0*b1      a0*b0
//	row a_1:     a1*b3      a1*b2      a1*b1      a1*b0      a1*19b4
//	row a_2:     a2*b2      a2*b1      a2*b0      a2*19b4    a2*19b3
//	row a_3:     a3*b1      a3*b0      a3*19b4    a3*19b3    a3*19b2
//	row a_4:     a4*b0      a4*19b4    a4*19b3    a4*19b2    a4*19b1
//	             -------    -------    -------    -------    -------
//	               r4         r3         r2         r1         r0
//
// Bounds, with every limb below 2^54:
//   - 19*b_j < 19 * 2^54 < 2^59 fits a word, so the folded products are formed
//     as a_i * (19*b_j) with one 64x64 -> 128 multiplication.
//   - each product is below 2^108; counting a folded one as 19 products,
//     column 0 holds 1 + 4*19 = 77, column 1 2 + 3*19 = 59, column 2
//     3 + 2*19 = 41, column 3 4 + 19 = 23 and column 4 5 products. So
//     r_i < 77 * 2^108 < 2^115: every 128-bit sum is exact (split51's pre).
//   - c_4 < 5 * 2^108 / 2^51 = 5 * 2^57, so 19*c_4 < 95 * 2^57 and
//     t_0 < 2^51 + 95 * 2^57 < 2^64; for i >= 1, c_(i-1) < 77 * 2^57 and
//     t_i < 2^51 + 77 * 2^57 < 2^64 (carryPass takes any word).
//   - the carries of the final pass are k_i = t_i >> 51: k_0 < 1 + 95*2^6
//     = 6081, k_1 < 1 + 77*2^6, k_2 < 1 + 59*2^6, k_3 < 1 + 41*2^6 and
//     k_4 < 1 + 23*2^6 = 1473 (t_4 = m_4 + c_3 with c_3 < 23 * 2^57). So
//     out_0 < 2^51 + 19*1473 < 2^51 + 2^15 and out_i < 2^51 + 6081 for i >= 1:
//     every output limb is below 2^51 + 2^15, inside the invariant.
func feMulGeneric(out, a, b *Element) {
	a0, a1, a2, a3, a4 := a.l[0], a.l[1], a.l[2], a.l[3], a.l[4]
	b0, b1, b2, b3, b4 := b.l[0], b.l[1], b.l[2], b.l[3], b.l[4]

	b1x19 := 19 * b1
	b2x19 := 19 * b2
	b3x19 := 19 * b3
	b4x19 := 19 * b4

	// Column i is summed in the word pair (hi_i, lo_i): each product p is
	// added as lo_i += p.lo, then hi_i += p.hi plus the carry. The carry out
	// of hi_i is always zero (r_i < 2^115) and is dropped. The steps are
	// written out rather than called as small helpers: the compiler inlines
	// such helpers but leaves one NOP per call site in the product
	// (docs/PERFORMANCE.md, "Inline marks in the portable field code").
	var h, l, c uint64

	// Column 0: a0*b0 + 19*(a1*b4 + a2*b3 + a3*b2 + a4*b1).
	hi0, lo0 := bits.Mul64(a0, b0)
	h, l = bits.Mul64(a1, b4x19)
	lo0, c = bits.Add64(lo0, l, 0)
	hi0, _ = bits.Add64(hi0, h, c)
	h, l = bits.Mul64(a2, b3x19)
	lo0, c = bits.Add64(lo0, l, 0)
	hi0, _ = bits.Add64(hi0, h, c)
	h, l = bits.Mul64(a3, b2x19)
	lo0, c = bits.Add64(lo0, l, 0)
	hi0, _ = bits.Add64(hi0, h, c)
	h, l = bits.Mul64(a4, b1x19)
	lo0, c = bits.Add64(lo0, l, 0)
	hi0, _ = bits.Add64(hi0, h, c)

	// Column 1: a0*b1 + a1*b0 + 19*(a2*b4 + a3*b3 + a4*b2).
	hi1, lo1 := bits.Mul64(a0, b1)
	h, l = bits.Mul64(a1, b0)
	lo1, c = bits.Add64(lo1, l, 0)
	hi1, _ = bits.Add64(hi1, h, c)
	h, l = bits.Mul64(a2, b4x19)
	lo1, c = bits.Add64(lo1, l, 0)
	hi1, _ = bits.Add64(hi1, h, c)
	h, l = bits.Mul64(a3, b3x19)
	lo1, c = bits.Add64(lo1, l, 0)
	hi1, _ = bits.Add64(hi1, h, c)
	h, l = bits.Mul64(a4, b2x19)
	lo1, c = bits.Add64(lo1, l, 0)
	hi1, _ = bits.Add64(hi1, h, c)

	// Column 2: a0*b2 + a1*b1 + a2*b0 + 19*(a3*b4 + a4*b3).
	hi2, lo2 := bits.Mul64(a0, b2)
	h, l = bits.Mul64(a1, b1)
	lo2, c = bits.Add64(lo2, l, 0)
	hi2, _ = bits.Add64(hi2, h, c)
	h, l = bits.Mul64(a2, b0)
	lo2, c = bits.Add64(lo2, l, 0)
	hi2, _ = bits.Add64(hi2, h, c)
	h, l = bits.Mul64(a3, b4x19)
	lo2, c = bits.Add64(lo2, l, 0)
	hi2, _ = bits.Add64(hi2, h, c)
	h, l = bits.Mul64(a4, b3x19)
	lo2, c = bits.Add64(lo2, l, 0)
	hi2, _ = bits.Add64(hi2, h, c)

	// Column 3: a0*b3 + a1*b2 + a2*b1 + a3*b0 + 19*a4*b4.
	hi3, lo3 := bits.Mul64(a0, b3)
	h, l = bits.Mul64(a1, b2)
	lo3, c = bits.Add64(lo3, l, 0)
	hi3, _ = bits.Add64(hi3, h, c)
	h, l = bits.Mul64(a2, b1)
	lo3, c = bits.Add64(lo3, l, 0)
	hi3, _ = bits.Add64(hi3, h, c)
	h, l = bits.Mul64(a3, b0)
	lo3, c = bits.Add64(lo3, l, 0)
	hi3, _ = bits.Add64(hi3, h, c)
	h, l = bits.Mul64(a4, b4x19)
	lo3, c = bits.Add64(lo3, l, 0)
	hi3, _ = bits.Add64(hi3, h, c)

	// Column 4: a0*b4 + a1*b3 + a2*b2 + a3*b1 + a4*b0 (nothing wraps).
	hi4, lo4 := bits.Mul64(a0, b4)
	h, l = bits.Mul64(a1, b3)
	lo4, c = bits.Add64(lo4, l, 0)
	hi4, _ = bits.Add64(hi4, h, c)
	h, l = bits.Mul64(a2, b2)
	lo4, c = bits.Add64(lo4, l, 0)
	hi4, _ = bits.Add64(hi4, h, c)
	h, l = bits.Mul64(a3, b1)
	lo4, c = bits.Add64(lo4, l, 0)
	hi4, _ = bits.Add64(hi4, h, c)
	h, l = bits.Mul64(a4, b0)
	lo4, c = bits.Add64(lo4, l, 0)
	hi4, _ = bits.Add64(hi4, h, c)

	// Steps 2 to 4: split51's quotient and remainder of each column, then
	// the fold and the carry pass.
	c0, m0 := hi0<<13|lo0>>51, lo0&mask51
	c1, m1 := hi1<<13|lo1>>51, lo1&mask51
	c2, m2 := hi2<<13|lo2>>51, lo2&mask51
	c3, m3 := hi3<<13|lo3>>51, lo3&mask51
	c4, m4 := hi4<<13|lo4>>51, lo4&mask51
	carryPass(out, m0+19*c4, m1+c0, m2+c1, m3+c2, m4+c3)
}

// feSquareGeneric sets out = a * a, with the same column sums r_i as
// feMulGeneric(out, a, a) and therefore the same output limbs.
//
// pre:  every limb of a is below 2^54.
// post: out satisfies the Element invariant (as feMulGeneric, whose bounds
// apply unchanged since the r_i are the same integers).
//
// The symmetric products a_i*a_j and a_j*a_i (i != j) are merged into one
// product by a doubled operand, and folded ones carry 19 or 2*19 = 38:
//
//	column 0:  a0*a0     + 38*a1*a4 + 38*a2*a3
//	column 1:  2*a0*a1   + 38*a2*a4 + 19*a3*a3
//	column 2:  2*a0*a2   + a1*a1    + 38*a3*a4
//	column 3:  2*a0*a3   + 2*a1*a2  + 19*a4*a4
//	column 4:  2*a0*a4   + 2*a1*a3  + a2*a2
//
// The multipliers fit a word: 2*a_i < 2^55 and 38*a_i < 38 * 2^54 < 2^60.
func feSquareGeneric(out, a *Element) {
	a0, a1, a2, a3, a4 := a.l[0], a.l[1], a.l[2], a.l[3], a.l[4]

	// Doubled operands for the merged symmetric products, then the
	// operands of folded products, scaled by 19 or 38.
	a0x2, a1x2 := a0<<1, a1<<1
	a4x19, a3x19 := 19*a4, 19*a3
	a1x38, a2x38, a3x38 := 38*a1, 38*a2, a3x19<<1

	// The column sums as in feMulGeneric, in word pairs (hi_i, lo_i).
	var h, l, c uint64

	// Column 0: a0*a0 + 38*a1*a4 + 38*a2*a3.
	hi0, lo0 := bits.Mul64(a0, a0)
	h, l = bits.Mul64(a1x38, a4)
	lo0, c = bits.Add64(lo0, l, 0)
	hi0, _ = bits.Add64(hi0, h, c)
	h, l = bits.Mul64(a2x38, a3)
	lo0, c = bits.Add64(lo0, l, 0)
	hi0, _ = bits.Add64(hi0, h, c)

	// Column 1: 2*a0*a1 + 38*a2*a4 + 19*a3*a3.
	hi1, lo1 := bits.Mul64(a0x2, a1)
	h, l = bits.Mul64(a2x38, a4)
	lo1, c = bits.Add64(lo1, l, 0)
	hi1, _ = bits.Add64(hi1, h, c)
	h, l = bits.Mul64(a3x19, a3)
	lo1, c = bits.Add64(lo1, l, 0)
	hi1, _ = bits.Add64(hi1, h, c)

	// Column 2: 2*a0*a2 + a1*a1 + 38*a3*a4.
	hi2, lo2 := bits.Mul64(a0x2, a2)
	h, l = bits.Mul64(a1, a1)
	lo2, c = bits.Add64(lo2, l, 0)
	hi2, _ = bits.Add64(hi2, h, c)
	h, l = bits.Mul64(a3x38, a4)
	lo2, c = bits.Add64(lo2, l, 0)
	hi2, _ = bits.Add64(hi2, h, c)

	// Column 3: 2*a0*a3 + 2*a1*a2 + 19*a4*a4.
	hi3, lo3 := bits.Mul64(a0x2, a3)
	h, l = bits.Mul64(a1x2, a2)
	lo3, c = bits.Add64(lo3, l, 0)
	hi3, _ = bits.Add64(hi3, h, c)
	h, l = bits.Mul64(a4x19, a4)
	lo3, c = bits.Add64(lo3, l, 0)
	hi3, _ = bits.Add64(hi3, h, c)

	// Column 4: 2*a0*a4 + 2*a1*a3 + a2*a2.
	hi4, lo4 := bits.Mul64(a0x2, a4)
	h, l = bits.Mul64(a1x2, a3)
	lo4, c = bits.Add64(lo4, l, 0)
	hi4, _ = bits.Add64(hi4, h, c)
	h, l = bits.Mul64(a2, a2)
	lo4, c = bits.Add64(lo4, l, 0)
	hi4, _ = bits.Add64(hi4, h, c)

	c0, m0 := hi0<<13|lo0>>51, lo0&mask51
	c1, m1 := hi1<<13|lo1>>51, lo1&mask51
	c2, m2 := hi2<<13|lo2>>51, lo2&mask51
	c3, m3 := hi3<<13|lo3>>51, lo3&mask51
	c4, m4 := hi4<<13|lo4>>51, lo4&mask51
	carryPass(out, m0+19*c4, m1+c0, m2+c1, m3+c2, m4+c3)
}

// feSquareNGeneric sets out = a^(2^n) by n successive applications of
// feSquareGeneric. n < 1 counts as 1, as in the assembly loops, which square
// once before they test the count.
//
// pre:  every limb of a is below 2^54.
// post: out satisfies the Element invariant; every squaring after the first
// starts from limbs below 2^51 + 2^15, inside feSquareGeneric's pre.
func feSquareNGeneric(out, a *Element, n int) {
	feSquareGeneric(out, a)
	for i := 1; i < n; i++ {
		feSquareGeneric(out, out)
	}
}

// lazyBound is the bound on every limb between the squarings of
// feSquareNLazyGeneric: 2^52 + 2^11.
const lazyBound = 1<<52 + 1<<11

// feSquareNLazyGeneric sets out = a^(2^n) (n < 1 counts as 1) with the
// limbs of the repeated squaring that Intel CPUs run (feSquareNMULX, the
// _asm program's "The lazy carry"): the first squaring is
// feSquareGeneric, every later one is squareLazy, and one carryPass after
// the last brings the limbs under the Element invariant. The value is that
// of feSquareNGeneric; the limbs may differ.
//
// pre:  every limb of a is below 2^54.
// post: out satisfies the Element invariant.
// why:  feSquareGeneric leaves limbs below 2^51 + 2^18 < lazyBound, which is
// squareLazy's pre and post; carryPass accepts any words.
func feSquareNLazyGeneric(out, a *Element, n int) {
	feSquareGeneric(out, a)
	if n <= 1 {
		return
	}
	x := out.l
	for i := 1; i < n; i++ {
		squareLazy(&x)
	}
	carryPass(out, x[0], x[1], x[2], x[3], x[4])
}

// squareLazy sets x = x*x with the lazy carry: each column sum r_k is
// split into c_k = r_k >> 51 and m_k = r_k mod 2^51, d = 19*c_4, and every
// carry word lands in the limbs in two parts, its low 51 bits one limb up
// and the bits above them two limbs up (19 times each part that passes
// weight 2^255), with no second carry step:
//
//	x0 = m0 + (d mod 2^51)  + 19*(c3 >> 51)
//	x1 = m1 + (d >> 51)     + (c0 mod 2^51)
//	x2 = m2 + (c1 mod 2^51) + (c0 >> 51)
//	x3 = m3 + (c2 mod 2^51) + (c1 >> 51)
//	x4 = m4 + (c3 mod 2^51) + (c2 >> 51)
//
// The columns are summed here over all 25 products x_i*x_j, each folded
// one by a factor 19 on x_i; they are the same integers as the merged
// products of feSquareGeneric.
//
// pre:  every limb of x is below lazyBound = 2^52 + 2^11 (call it X).
// post: every limb of x is below lazyBound.
// why:  column k adds 5 products, of which 5-k-1 are folded, so r_k is at
// most 77, 59, 41, 23 and 5 times X^2 < 2^104 * (1 + 2^-39) for k = 0..4:
// below 2^111, and each 19*x_i < 2^57 fits a word. Then c_k >> 51 = r_k >>
// 102 is at most 308, 236, 164 and 92 for k = 0..3, and c_4 < 5 * 2^53 *
// (1 + 2^-39) gives d >> 51 <= 380. So x0 <= 2*(2^51 - 1) + 19*92 and
// x_i <= 2*(2^51 - 1) + 380 for i >= 1, all below X.
func squareLazy(x *[5]uint64) {
	var r [5]acc128
	for i := range 5 {
		for j := range 5 {
			k, f := i+j, uint64(1)
			if k >= 5 {
				k, f = k-5, 19
			}
			r[k] = plusProduct(r[k], f*x[i], x[j])
		}
	}
	c0, m0 := split51(r[0])
	c1, m1 := split51(r[1])
	c2, m2 := split51(r[2])
	c3, m3 := split51(r[3])
	c4, m4 := split51(r[4])
	d := 19 * c4
	x[0] = m0 + d&mask51 + 19*(c3>>51)
	x[1] = m1 + d>>51 + c0&mask51
	x[2] = m2 + c1&mask51 + c0>>51
	x[3] = m3 + c2&mask51 + c1>>51
	x[4] = m4 + c3&mask51 + c2>>51
}
