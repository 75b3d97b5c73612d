package field

import "math/bits"

// This file holds a second portable implementation of the seam, written for
// arm64 (bound in fe_arm64.go). It is compiled on every target so that its
// equality with feMulGeneric/feSquareGeneric, limb for limb, is tested
// everywhere, including on machines that cannot run arm64 code.
//
// It computes exactly the integers of fe_generic.go: the same column sums
// r_i, the same split at 2^51, the same fold and the same final carryPass.
// Only the order of operations and the way the small constants are applied
// change, for three reasons specific to 64-bit Arm cores:
//
//   - A 64x64 -> 128-bit product is two instructions there (MUL for the low
//     word, UMULH for the high word), and many cores have a single pipeline
//     for them with UMULH notably slower than an add. The 50 instructions of
//     the 25 products are the critical resource, so nothing else should
//     compete for that pipeline. A multiplication by the constant 19 or 38
//     is not one of the shapes the Go compiler turns into shifts on arm64
//     (it does so for 2^n +- 1 and small multiples of them), so 19*x would
//     be one more MUL. Here it is written x + 2*(x + 8*x), two adds with a
//     shifted operand, which arm64 executes as plain single-cycle ALU ops
//     (times19 below; 38*x is that sum shifted left once).
//   - The column sums are accumulated two columns at a time, alternating
//     between them. Consecutive add/add-with-carry pairs then belong to
//     independent dependency chains, so an in-order core (Cortex-A53/A55
//     class) can issue one while the other waits for its product, and the
//     chain seen by any single accumulator is no longer than in the
//     column-by-column order.
//   - Each finished column is split at 2^51 and folded into its neighbour at
//     once, so its two accumulator words die immediately: at most two
//     128-bit accumulators and a couple of carries are live beside the ten
//     input limbs and the four scaled limbs, which stays well inside the
//     arm64 register file and avoids spills. The final carry pass is the
//     shared carryPass, whose statement order already lets every limb be
//     overwritten right after its last use, with a single saved word; that
//     register-frugal ordering is what allowed the Go toolchain to drop
//     its arm64 assembly for the same step.
//
// The single 19*x left in the shared carryPass runs once, after all the
// products, and is not worth a separate copy of that function.
//
// On amd64 this order is not used: the assembly replaces the seam there, and
// with half as many general registers two live 128-bit accumulators plus
// the operands would spill.
//
// This order has not been timed on arm64 hardware: it was written from the
// cores' documented pipelines, tested for equality under qemu, which
// cannot time it, and never measured against the generic order.
// docs/PERFORMANCE.md gives the command that compares the two on an arm64
// machine; the binding in fe_arm64.go should go if that comparison shows no
// gain, since an architecture file that is not faster is only more code to
// keep right.

// times19 returns 19*x (mod 2^64), as 19 = 1 + 2*(1 + 8).
func times19(x uint64) uint64 {
	return x + (x+x<<3)<<1
}

// feMulReordered sets out = a * b with the same output limbs as
// feMulGeneric(out, a, b), under the same precondition (limbs below 2^54),
// and therefore the same bounds.
func feMulReordered(out, a, b *Element) {
	a0, a1, a2, a3, a4 := a.l[0], a.l[1], a.l[2], a.l[3], a.l[4]
	b0, b1, b2, b3, b4 := b.l[0], b.l[1], b.l[2], b.l[3], b.l[4]

	// 19*b_j < 2^59, exact as in feMulGeneric, formed as in times19 but
	// written out, since a call here would leave a NOP (see feMulGeneric).
	b1x19 := b1 + (b1+b1<<3)<<1
	b2x19 := b2 + (b2+b2<<3)<<1
	b3x19 := b3 + (b3+b3<<3)<<1
	b4x19 := b4 + (b4+b4<<3)<<1

	// The column sums in word pairs (hi_i, lo_i), as in feMulGeneric and
	// for the same reason written out step by step.
	var h, l, c uint64

	// Columns 0 and 1, alternating (same terms as in feMulGeneric).
	hi0, lo0 := bits.Mul64(a0, b0)
	hi1, lo1 := bits.Mul64(a0, b1)
	h, l = bits.Mul64(a1, b4x19)
	lo0, c = bits.Add64(lo0, l, 0)
	hi0, _ = bits.Add64(hi0, h, c)
	h, l = bits.Mul64(a1, b0)
	lo1, c = bits.Add64(lo1, l, 0)
	hi1, _ = bits.Add64(hi1, h, c)
	h, l = bits.Mul64(a2, b3x19)
	lo0, c = bits.Add64(lo0, l, 0)
	hi0, _ = bits.Add64(hi0, h, c)
	h, l = bits.Mul64(a2, b4x19)
	lo1, c = bits.Add64(lo1, l, 0)
	hi1, _ = bits.Add64(hi1, h, c)
	h, l = bits.Mul64(a3, b2x19)
	lo0, c = bits.Add64(lo0, l, 0)
	hi0, _ = bits.Add64(hi0, h, c)
	h, l = bits.Mul64(a3, b3x19)
	lo1, c = bits.Add64(lo1, l, 0)
	hi1, _ = bits.Add64(hi1, h, c)
	h, l = bits.Mul64(a4, b1x19)
	lo0, c = bits.Add64(lo0, l, 0)
	hi0, _ = bits.Add64(hi0, h, c)
	h, l = bits.Mul64(a4, b2x19)
	lo1, c = bits.Add64(lo1, l, 0)
	hi1, _ = bits.Add64(hi1, h, c)
	c0, m0 := hi0<<13|lo0>>51, lo0&mask51
	c1, m1 := hi1<<13|lo1>>51, lo1&mask51
	t1 := m1 + c0

	// Columns 2 and 3.
	hi2, lo2 := bits.Mul64(a0, b2)
	hi3, lo3 := bits.Mul64(a0, b3)
	h, l = bits.Mul64(a1, b1)
	lo2, c = bits.Add64(lo2, l, 0)
	hi2, _ = bits.Add64(hi2, h, c)
	h, l = bits.Mul64(a1, b2)
	lo3, c = bits.Add64(lo3, l, 0)
	hi3, _ = bits.Add64(hi3, h, c)
	h, l = bits.Mul64(a2, b0)
	lo2, c = bits.Add64(lo2, l, 0)
	hi2, _ = bits.Add64(hi2, h, c)
	h, l = bits.Mul64(a2, b1)
	lo3, c = bits.Add64(lo3, l, 0)
	hi3, _ = bits.Add64(hi3, h, c)
	h, l = bits.Mul64(a3, b4x19)
	lo2, c = bits.Add64(lo2, l, 0)
	hi2, _ = bits.Add64(hi2, h, c)
	h, l = bits.Mul64(a3, b0)
	lo3, c = bits.Add64(lo3, l, 0)
	hi3, _ = bits.Add64(hi3, h, c)
	h, l = bits.Mul64(a4, b3x19)
	lo2, c = bits.Add64(lo2, l, 0)
	hi2, _ = bits.Add64(hi2, h, c)
	h, l = bits.Mul64(a4, b4x19)
	lo3, c = bits.Add64(lo3, l, 0)
	hi3, _ = bits.Add64(hi3, h, c)
	c2, m2 := hi2<<13|lo2>>51, lo2&mask51
	c3, m3 := hi3<<13|lo3>>51, lo3&mask51
	t2 := m2 + c1
	t3 := m3 + c2

	// Column 4, its products split over two independent accumulators
	// (a0*b4 + a2*b2 + a4*b0 and a1*b3 + a3*b1) that are added at the end;
	// both stay below 3 * 2^108, so the sum is exact.
	hi4, lo4 := bits.Mul64(a0, b4)
	hi5, lo5 := bits.Mul64(a1, b3)
	h, l = bits.Mul64(a2, b2)
	lo4, c = bits.Add64(lo4, l, 0)
	hi4, _ = bits.Add64(hi4, h, c)
	h, l = bits.Mul64(a3, b1)
	lo5, c = bits.Add64(lo5, l, 0)
	hi5, _ = bits.Add64(hi5, h, c)
	h, l = bits.Mul64(a4, b0)
	lo4, c = bits.Add64(lo4, l, 0)
	hi4, _ = bits.Add64(hi4, h, c)
	lo4, c = bits.Add64(lo4, lo5, 0)
	hi4, _ = bits.Add64(hi4, hi5, c)
	c4, m4 := hi4<<13|lo4>>51, lo4&mask51
	t4 := m4 + c3

	carryPass(out, m0+times19(c4), t1, t2, t3, t4)
}

// feSquareReordered sets out = a * a with the same output limbs as
// feSquareGeneric(out, a) (and hence as feMulGeneric(out, a, a)).
func feSquareReordered(out, a *Element) {
	a0, a1, a2, a3, a4 := a.l[0], a.l[1], a.l[2], a.l[3], a.l[4]

	// Doubled and scaled operands, as in feSquareGeneric: all below 2^60.
	// The factors 19 and 38 are times19's sum written out (and doubled),
	// as in feMulReordered.
	a0x2 := a0 << 1
	a1x2 := a1 << 1
	a1x38 := (a1 + (a1+a1<<3)<<1) << 1
	a2x38 := (a2 + (a2+a2<<3)<<1) << 1
	a3x19 := a3 + (a3+a3<<3)<<1
	a3x38 := a3x19 << 1
	a4x19 := a4 + (a4+a4<<3)<<1

	var h, l, c uint64

	// Columns 0 and 1, alternating.
	hi0, lo0 := bits.Mul64(a0, a0)
	hi1, lo1 := bits.Mul64(a0x2, a1)
	h, l = bits.Mul64(a1x38, a4)
	lo0, c = bits.Add64(lo0, l, 0)
	hi0, _ = bits.Add64(hi0, h, c)
	h, l = bits.Mul64(a2x38, a4)
	lo1, c = bits.Add64(lo1, l, 0)
	hi1, _ = bits.Add64(hi1, h, c)
	h, l = bits.Mul64(a2x38, a3)
	lo0, c = bits.Add64(lo0, l, 0)
	hi0, _ = bits.Add64(hi0, h, c)
	h, l = bits.Mul64(a3x19, a3)
	lo1, c = bits.Add64(lo1, l, 0)
	hi1, _ = bits.Add64(hi1, h, c)
	c0, m0 := hi0<<13|lo0>>51, lo0&mask51
	c1, m1 := hi1<<13|lo1>>51, lo1&mask51
	t1 := m1 + c0

	// Columns 2 and 3.
	hi2, lo2 := bits.Mul64(a0x2, a2)
	hi3, lo3 := bits.Mul64(a0x2, a3)
	h, l = bits.Mul64(a1, a1)
	lo2, c = bits.Add64(lo2, l, 0)
	hi2, _ = bits.Add64(hi2, h, c)
	h, l = bits.Mul64(a1x2, a2)
	lo3, c = bits.Add64(lo3, l, 0)
	hi3, _ = bits.Add64(hi3, h, c)
	h, l = bits.Mul64(a3x38, a4)
	lo2, c = bits.Add64(lo2, l, 0)
	hi2, _ = bits.Add64(hi2, h, c)
	h, l = bits.Mul64(a4x19, a4)
	lo3, c = bits.Add64(lo3, l, 0)
	hi3, _ = bits.Add64(hi3, h, c)
	c2, m2 := hi2<<13|lo2>>51, lo2&mask51
	c3, m3 := hi3<<13|lo3>>51, lo3&mask51
	t2 := m2 + c1
	t3 := m3 + c2

	// Column 4.
	hi4, lo4 := bits.Mul64(a0x2, a4)
	h, l = bits.Mul64(a1x2, a3)
	lo4, c = bits.Add64(lo4, l, 0)
	hi4, _ = bits.Add64(hi4, h, c)
	h, l = bits.Mul64(a2, a2)
	lo4, c = bits.Add64(lo4, l, 0)
	hi4, _ = bits.Add64(hi4, h, c)
	c4, m4 := hi4<<13|lo4>>51, lo4&mask51
	t4 := m4 + c3

	carryPass(out, m0+times19(c4), t1, t2, t3, t4)
}
