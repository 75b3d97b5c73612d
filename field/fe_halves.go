package field

// This file holds the multiply and square by halves, the algorithm of the
// 386 assembly (fe_386.s, written by the program in _asm/i386) stated in
// Go, and the seam's code on WebAssembly. On targets whose registers are 32
// bits wide Go has no 64x64 -> 128-bit multiplication: the compiler builds
// bits.Mul64 from four 32x32 -> 64-bit products of the operands' words and
// six additions with carry that join them, and a 128-bit column sum is
// four words with a carry between each. What those targets have is the
// 32x32 -> 64-bit multiplication in one instruction (MULL on 386), which is
// also what Go emits for uint64(x) * uint64(y) when both operands are known
// to fit 32 bits: with halves, a product needs no joining, and the sums
// are 64-bit words that cannot overflow.
//
// So every limb is cut into two halves, x = x_lo + 2^27 x_hi with x_lo and
// x_hi below 2^27 (a limb is below 2^54 on entry), and one 128-bit product
// becomes four 32x32 products:
//
//	x*y = x_lo*y_lo + 2^27 (x_lo*y_hi + x_hi*y_lo) + 2^54 x_hi*y_hi.
//
// Each column sum r_i of fe_generic.go's step 1 is then gathered in three
// 64-bit words, r_i = lo_i + 2^27 mid_i + 2^54 hi_i, one per weight, and
// joined into step 2's quotient and remainder by 2^51 ("Joining a column"
// below). Steps 3 and 4 are those of feMulGeneric, so the output limbs are
// feMulGeneric's exactly; only the cost differs.
//
// The halves of the folded operands are scaled by 19 half by half:
// 19y = 19 y_lo + 2^27 (19 y_hi), and both scaled halves are below
// 19 * 2^27 < 2^32, so they are still 32-bit operands.
//
// The Go code here is compiled on every target and tested limb for limb
// against feMulGeneric. The seam runs it on WebAssembly (fe_wasm.go says
// why it pays there). On 386 it runs the assembly instead: there the
// compiler computes every product before it adds any (the _asm/i386 program
// says why). The other targets without a 64x64 -> 128-bit multiplication
// instruction (arm, mips, mipsle) keep feMulGeneric: the halves have not
// been timed on them.

// halfBits is where a limb is cut; maskHalf keeps the low half.
const (
	halfBits = 27
	maskHalf = 1<<halfBits - 1
)

// Joining a column. Step 2 wants floor(r / 2^51) and r mod 2^51 for the
// column sum r = lo + 2^27 mid + 2^54 hi. Write mid = 2^24 mid_top + mid_low
// with mid_low < 2^24. Then 2^27 mid = 2^51 mid_top + 2^27 mid_low and
// 2^54 hi = 2^51 (8 hi), so r = s + 2^51 (mid_top + 8 hi) with
// s = lo + 2^27 mid_low. Hence
//
//	r mod 2^51       = s mod 2^51,
//	floor(r / 2^51)  = floor(s / 2^51) + mid_top + 8 hi.
//
// The column sums below have lo and hi below 77 * 2^54 and mid below
// 154 * 2^54 (each function states why). Then s < 77 * 2^54 + 2^51 < 2^61
// is exact, floor(s / 2^51) < 2^10, mid_top < 154 * 2^30 < 2^38 and
// 8 hi < 616 * 2^54 < 2^64 - 2^40, so the quotient is below 2^64 and every
// word exact. Both functions below write the join out per column; an inlined
// helper would leave an inline mark behind (see fe_generic.go).

// feMulHalves sets out = a * b with the same limbs as feMulGeneric.
//
// pre:  every limb of a and b is below 2^54 (feMulGeneric's pre).
// post: out = feMulGeneric's result, limb for limb.
//
// Bounds: every half of a is below 2^27, every half of b below 2^27 and
// every half of 19*b_j below 19 * 2^27. A product of halves is therefore
// below 19 * 2^54 when folded and 2^54 otherwise; column 0 holds one product
// and four folded ones per weight, the others fewer, so lo_i and hi_i are
// below (1 + 4*19) * 2^54 = 77 * 2^54 and mid_i, with twice the products,
// below 154 * 2^54, inside the bounds of the join.
func feMulHalves(out, a, b *Element) {
	// The halves, zero-extended from 32-bit words so that the compiler knows
	// each product is one 32x32 -> 64 multiplication.
	a0l, a0h := uint64(uint32(a.l[0])&maskHalf), uint64(uint32(a.l[0]>>halfBits))
	a1l, a1h := uint64(uint32(a.l[1])&maskHalf), uint64(uint32(a.l[1]>>halfBits))
	a2l, a2h := uint64(uint32(a.l[2])&maskHalf), uint64(uint32(a.l[2]>>halfBits))
	a3l, a3h := uint64(uint32(a.l[3])&maskHalf), uint64(uint32(a.l[3]>>halfBits))
	a4l, a4h := uint64(uint32(a.l[4])&maskHalf), uint64(uint32(a.l[4]>>halfBits))

	b0l, b0h := uint32(b.l[0])&maskHalf, uint32(b.l[0]>>halfBits)
	b1l, b1h := uint32(b.l[1])&maskHalf, uint32(b.l[1]>>halfBits)
	b2l, b2h := uint32(b.l[2])&maskHalf, uint32(b.l[2]>>halfBits)
	b3l, b3h := uint32(b.l[3])&maskHalf, uint32(b.l[3]>>halfBits)
	b4l, b4h := uint32(b.l[4])&maskHalf, uint32(b.l[4]>>halfBits)

	// The halves of b_j and of 19*b_j as 64-bit operands (each below 2^32).
	x0l, x0h := uint64(b0l), uint64(b0h)
	x1l, x1h := uint64(b1l), uint64(b1h)
	x2l, x2h := uint64(b2l), uint64(b2h)
	x3l, x3h := uint64(b3l), uint64(b3h)
	x4l, x4h := uint64(b4l), uint64(b4h)
	n1l, n1h := uint64(19*b1l), uint64(19*b1h)
	n2l, n2h := uint64(19*b2l), uint64(19*b2h)
	n3l, n3h := uint64(19*b3l), uint64(19*b3h)
	n4l, n4h := uint64(19*b4l), uint64(19*b4h)

	// Column 0: a0*b0 + a1*19b4 + a2*19b3 + a3*19b2 + a4*19b1.
	lo := a0l*x0l + a1l*n4l + a2l*n3l + a3l*n2l + a4l*n1l
	mid := a0l*x0h + a0h*x0l + a1l*n4h + a1h*n4l + a2l*n3h + a2h*n3l +
		a3l*n2h + a3h*n2l + a4l*n1h + a4h*n1l
	hi := a0h*x0h + a1h*n4h + a2h*n3h + a3h*n2h + a4h*n1h
	s := lo + (mid&(1<<24-1))<<halfBits // the join, written out
	c0, m0 := s>>51+mid>>24+hi<<3, s&mask51

	// Column 1: a0*b1 + a1*b0 + a2*19b4 + a3*19b3 + a4*19b2.
	lo = a0l*x1l + a1l*x0l + a2l*n4l + a3l*n3l + a4l*n2l
	mid = a0l*x1h + a0h*x1l + a1l*x0h + a1h*x0l + a2l*n4h + a2h*n4l +
		a3l*n3h + a3h*n3l + a4l*n2h + a4h*n2l
	hi = a0h*x1h + a1h*x0h + a2h*n4h + a3h*n3h + a4h*n2h
	s = lo + (mid&(1<<24-1))<<halfBits
	c1, m1 := s>>51+mid>>24+hi<<3, s&mask51

	// Column 2: a0*b2 + a1*b1 + a2*b0 + a3*19b4 + a4*19b3.
	lo = a0l*x2l + a1l*x1l + a2l*x0l + a3l*n4l + a4l*n3l
	mid = a0l*x2h + a0h*x2l + a1l*x1h + a1h*x1l + a2l*x0h + a2h*x0l +
		a3l*n4h + a3h*n4l + a4l*n3h + a4h*n3l
	hi = a0h*x2h + a1h*x1h + a2h*x0h + a3h*n4h + a4h*n3h
	s = lo + (mid&(1<<24-1))<<halfBits
	c2, m2 := s>>51+mid>>24+hi<<3, s&mask51

	// Column 3: a0*b3 + a1*b2 + a2*b1 + a3*b0 + a4*19b4.
	lo = a0l*x3l + a1l*x2l + a2l*x1l + a3l*x0l + a4l*n4l
	mid = a0l*x3h + a0h*x3l + a1l*x2h + a1h*x2l + a2l*x1h + a2h*x1l +
		a3l*x0h + a3h*x0l + a4l*n4h + a4h*n4l
	hi = a0h*x3h + a1h*x2h + a2h*x1h + a3h*x0h + a4h*n4h
	s = lo + (mid&(1<<24-1))<<halfBits
	c3, m3 := s>>51+mid>>24+hi<<3, s&mask51

	// Column 4: a0*b4 + a1*b3 + a2*b2 + a3*b1 + a4*b0 (nothing folded).
	lo = a0l*x4l + a1l*x3l + a2l*x2l + a3l*x1l + a4l*x0l
	mid = a0l*x4h + a0h*x4l + a1l*x3h + a1h*x3l + a2l*x2h + a2h*x2l +
		a3l*x1h + a3h*x1l + a4l*x0h + a4h*x0l
	hi = a0h*x4h + a1h*x3h + a2h*x2h + a3h*x1h + a4h*x0h
	s = lo + (mid&(1<<24-1))<<halfBits
	c4, m4 := s>>51+mid>>24+hi<<3, s&mask51

	// Steps 3 and 4, as in feMulGeneric.
	carryPass(out, m0+19*c4, m1+c0, m2+c1, m3+c2, m4+c3)
}

// feSquareHalves sets out = a * a with the same limbs as feSquareGeneric.
//
// pre:  every limb of a is below 2^54.
// post: out = feSquareGeneric's result, limb for limb.
//
// The columns are feSquareGeneric's, with the factors 2 and 19 of the
// merged and folded products put on different operands, so that each
// scaled half still fits 32 bits: 38 a_i a_j = (2 a_i)(19 a_j), where a half
// of 2 a_i is below 2^28 and a half of 19 a_j below 19 * 2^27.
//
//	column 0:  a0*a0      + (2a1)*(19a4) + (2a2)*(19a3)
//	column 1:  (2a0)*a1   + (2a2)*(19a4) + a3*(19a3)
//	column 2:  (2a0)*a2   + a1*a1        + (2a3)*(19a4)
//	column 3:  (2a0)*a3   + (2a1)*a2     + a4*(19a4)
//	column 4:  (2a0)*a4   + (2a1)*a3     + a2*a2
//
// A square x*x takes three products of halves, x_lo^2 + 2^27 (2x_lo) x_hi +
// 2^54 x_hi^2, and x*(19x) likewise with (2x_lo)(19x_hi) in the middle.
// Bounds: each product of halves is below 2^28 * 19 * 2^27 = 38 * 2^54, and
// column 0, the largest, has lo and hi below 2^54 + 2 * 38 * 2^54 = 77 *
// 2^54 and mid below 2^55 + 4 * 38 * 2^54 < 154 * 2^54, as in feMulHalves.
func feSquareHalves(out, a *Element) {
	a0l, a0h := uint32(a.l[0])&maskHalf, uint32(a.l[0]>>halfBits)
	a1l, a1h := uint32(a.l[1])&maskHalf, uint32(a.l[1]>>halfBits)
	a2l, a2h := uint32(a.l[2])&maskHalf, uint32(a.l[2]>>halfBits)
	a3l, a3h := uint32(a.l[3])&maskHalf, uint32(a.l[3]>>halfBits)
	a4l, a4h := uint32(a.l[4])&maskHalf, uint32(a.l[4]>>halfBits)

	// Plain, doubled (d) and 19-scaled (n) halves as 64-bit operands.
	x0l, x0h := uint64(a0l), uint64(a0h)
	x1l, x1h := uint64(a1l), uint64(a1h)
	x2l, x2h := uint64(a2l), uint64(a2h)
	x3l, x3h := uint64(a3l), uint64(a3h)
	x4l, x4h := uint64(a4l), uint64(a4h)
	d0l, d0h := uint64(2*a0l), uint64(2*a0h)
	d1l, d1h := uint64(2*a1l), uint64(2*a1h)
	d2l, d2h := uint64(2*a2l), uint64(2*a2h)
	d3l, d3h := uint64(2*a3l), uint64(2*a3h)
	d4l := uint64(2 * a4l)
	n3l, n3h := uint64(19*a3l), uint64(19*a3h)
	n4l, n4h := uint64(19*a4l), uint64(19*a4h)

	// Column 0: a0*a0 + (2a1)*(19a4) + (2a2)*(19a3).
	lo := x0l*x0l + d1l*n4l + d2l*n3l
	mid := d0l*x0h + d1l*n4h + d1h*n4l + d2l*n3h + d2h*n3l
	hi := x0h*x0h + d1h*n4h + d2h*n3h
	s := lo + (mid&(1<<24-1))<<halfBits // the join, written out
	c0, m0 := s>>51+mid>>24+hi<<3, s&mask51

	// Column 1: (2a0)*a1 + (2a2)*(19a4) + a3*(19a3).
	lo = d0l*x1l + d2l*n4l + x3l*n3l
	mid = d0l*x1h + d0h*x1l + d2l*n4h + d2h*n4l + d3l*n3h
	hi = d0h*x1h + d2h*n4h + x3h*n3h
	s = lo + (mid&(1<<24-1))<<halfBits
	c1, m1 := s>>51+mid>>24+hi<<3, s&mask51

	// Column 2: (2a0)*a2 + a1*a1 + (2a3)*(19a4).
	lo = d0l*x2l + x1l*x1l + d3l*n4l
	mid = d0l*x2h + d0h*x2l + d1l*x1h + d3l*n4h + d3h*n4l
	hi = d0h*x2h + x1h*x1h + d3h*n4h
	s = lo + (mid&(1<<24-1))<<halfBits
	c2, m2 := s>>51+mid>>24+hi<<3, s&mask51

	// Column 3: (2a0)*a3 + (2a1)*a2 + a4*(19a4).
	lo = d0l*x3l + d1l*x2l + x4l*n4l
	mid = d0l*x3h + d0h*x3l + d1l*x2h + d1h*x2l + d4l*n4h
	hi = d0h*x3h + d1h*x2h + x4h*n4h
	s = lo + (mid&(1<<24-1))<<halfBits
	c3, m3 := s>>51+mid>>24+hi<<3, s&mask51

	// Column 4: (2a0)*a4 + (2a1)*a3 + a2*a2.
	lo = d0l*x4l + d1l*x3l + x2l*x2l
	mid = d0l*x4h + d0h*x4l + d1l*x3h + d1h*x3l + d2l*x2h
	hi = d0h*x4h + d1h*x3h + x2h*x2h
	s = lo + (mid&(1<<24-1))<<halfBits
	c4, m4 := s>>51+mid>>24+hi<<3, s&mask51

	carryPass(out, m0+19*c4, m1+c0, m2+c1, m3+c2, m4+c3)
}
