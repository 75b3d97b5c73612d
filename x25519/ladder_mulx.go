package x25519

import (
	"encoding/binary"
	"math/bits"

	"github.com/seed06d4b90c/edwards25519/field"
)

// ----------------------------------------------------------------------------
// The ladder in radix 2^64 (MULX and ADX)
//
// On amd64 CPUs with BMI2 and ADX but without AVX-512 IFMA, ladder runs the
// whole ladder in one assembly kernel (ladder_mulx_amd64.s, written by
// _asm/laddermulx, in two forms chosen by the CPU's vendor) on elements of
// four 64-bit words, where a product is 16 MULX instead of the 25 of radix
// 2^51, and every intermediate value stays in a state array that the
// kernel addresses from one pointer. mulxLadderGeneric is the portable twin
// of both forms, which computes the same words, bit for bit, and which the
// tests run on every target.
//
// # Representation
//
// An fe64 is the integer w0 + w1·2^64 + w2·2^128 + w3·2^192, any value
// below 2^256, standing for its residue mod p = 2^255 - 19. Since 2^256 =
// 2·2^255 ≡ 2·19 = 38 (mod p), a carry out of the top word is worth 38 at
// the bottom, and every operation ends by folding such carries back until
// nothing is left above 2^256. The values are not reduced below p; only
// the conversion to field.Element at the end does that.
//
// # The operations, with their bounds
//
// For a and b below 2^256:
//
//   - fe64Mul: the 512-bit product P = L + 2^256·H, then T = L + 38·H <
//     39·2^256, whose fifth word t4 is at most 38; then U = (T mod 2^256) +
//     38·t4 < 2^256 + 1444, and if U carried past 2^256 (c = 1) its low
//     256 bits are below 1444, so the result (U mod 2^256) + 38·c fits.
//     fe64Square is fe64Mul(a, a), computed with the 6 cross products
//     doubled and the 4 squares added.
//   - fe64Add: S = a + b < 2^257 with carry c; (S mod 2^256) + 38·c may
//     carry again (c2 = 1 only if the sum wrapped to below 38), and then
//     adding 38·c2 cannot.
//   - fe64Sub: D = a - b + 2^256·w with borrow w; D - 38·w may borrow again
//     (w2 = 1 only if D < 38), and then D - 38·w - 38·w2 + 2^256 is at least
//     2^256 - 76, so subtracting cannot borrow a third time.
//   - fe64Mul24Add: a·121665 + b < 2^273 + 2^256, five words with the
//     fifth t at most 2^17; (low 256 bits) + 38·t < 2^256 + 2^23, and one
//     more fold of 38·c as in fe64Mul.
//
// Each result is below 2^256 and congruent to the exact result mod p. The
// carries c, c2, w and w2 are turned into 0 or 38 by arithmetic (SBB and a
// mask in the kernel, a multiplication by 0 or 1 here), never a branch.
//
// # The ladder
//
// The state holds x1, the two points (x2 : z2), (x3 : z3) and the
// temporaries of one step, in the slots below. A step is ladderStep's
// formulas, with a24·E + AA as one operation, each operation reading its
// operands from their slots and writing its result to one (the kernel
// loads every word of the operands before it stores a result, so a result
// may replace an operand). After the four sums and differences, the
// operations alternate between the step's two chains, the one from
// (x2, z2) through AA, BB and E to z2 and the one from (x3, z3) through DA
// and CB to z3, an order that measured faster than ladderStep's
// (docs/PERFORMANCE.md, "The MULX ladder" and "The MULX ladder on Intel").
// That is the order of the one-chain kernel; the two-chain kernel runs the
// same operations in another order, measured faster for it on Zen 3
// (_asm/laddermulx's step; "The MULX ladder's two forms on Zen 3"), with
// the same words.
//
// # Zero words
//
// No element the kernel reads or writes is all zero words. On Zen 5, dudect
// flagged X25519 of u = 0 on a form of the kernel without this rule
// (|t| 6.7 to 8.6 over 3.4 M measurements, a difference of about 0.1 ns in
// 17 µs; docs/SECURITY.md): with u = 0, or any low-order u, the state soon
// holds values ≡ 0 whose form (zero words or not) follows the scalar's
// bits. The rule holds by induction. The start writes 0 as p, 1 as p + 1
// and x1 as x1 + p. A product, a square, a sum and a24·a + b come out all
// zero words only if their exact integer result is 0 (each fold adds a
// nonzero multiple of 38 when anything was above 2^256), so only if an
// operand was all zero. A difference can be all zero words (when a = b,
// for one); fe64Sub then writes p instead, which stands for the same
// residue (fe64NonZero here, four CMOVs in the kernel, no branch).
//
// Constant time: the kernel's loop index t (254 down to 3) is public and is
// the only thing that forms an address, byte t/8 of the scalar; the bit
// becomes the swap mask -(bit XOR previous bit), and the swap is an XOR
// under that mask. The operations have no branch and no address that
// depends on the values.
//
// Cost model. One step: 5 fe64Mul + 4 fe64Square + 1 fe64Mul24Add, 3
// fe64Add, 4 fe64Sub and 2 swaps of two elements; in instructions, 5·20 +
// 4·14 + 4 = 160 MULX, about the same count of ADCX, ADOX, ADD and ADC,
// and 10 IMUL. The three doublings for the scalar's zero bits cost 2
// fe64Mul, 2 fe64Square, 1 fe64Mul24Add, 1 fe64Add and 2 fe64Sub each; the
// conversion back is the field inversion of X25519, outside the kernel.
// ----------------------------------------------------------------------------

// fe64 is a field element as four 64-bit words, least significant first,
// with any value below 2^256 (see the section comment).
type fe64 = [4]uint64

// The slots of a mulxState: the difference point x1, the ladder's pair
// (x2 : z2), (x3 : z3), the temporaries of a step, and mulxLoop, whose
// first word is the kernel's loop index and second the previous bit. The
// generator in _asm/laddermulx uses the same numbers.
const (
	mulxX1 = iota
	mulxX2
	mulxZ2
	mulxX3
	mulxZ3
	mulxA
	mulxB
	mulxC
	mulxD
	mulxAA
	mulxBB
	mulxE
	mulxF
	mulxLoop
	mulxSlots
)

// mulxState is the kernel's whole state, one fe64 per slot.
type mulxState [mulxSlots]fe64

// fe64P is p = 2^255 - 19, the starting state's stand-in for 0.
var fe64P = fe64{0xffffffffffffffed, 0xffffffffffffffff, 0xffffffffffffffff, 0x7fffffffffffffff}

// ladderMULX is ladder on the MULX kernel (or its twin, where the kernel is
// not compiled in).
func ladderMULX(x2, z2 *field.Element, k *[32]byte, x1 *field.Element) {
	var s mulxState
	mulxLadderSetup(&s, x1)
	mulxLadderKernel(&s, k)
	fe64ToElement(x2, &s[mulxX2])
	fe64ToElement(z2, &s[mulxZ2])
}

// mulxLadderSetup sets the slots x1, x2, z2, x3 and z3 for the start,
// (x2 : z2) = (1 : 0) and (x3 : z3) = (x1 : 1), written as p + 1, p and
// x1 + p (see the section comment). The other slots are left as they are:
// a step writes each temporary before it reads it, and the kernel sets
// its loop words itself.
func mulxLadderSetup(s *mulxState, x1 *field.Element) {
	var u fe64
	b := x1.Bytes() // canonical: below p
	for i := range u {
		u[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	fe64AddPlain(&s[mulxX1], &u, &fe64P) // x1 + p < 2p < 2^256
	one := fe64P
	one[0]++ // p + 1: the low word of p is not all ones
	s[mulxX2] = one
	s[mulxZ2] = fe64P
	s[mulxX3] = s[mulxX1]
	s[mulxZ3] = one
}

// fe64AddPlain sets out = a + b for a sum known to be below 2^256.
func fe64AddPlain(out, a, b *fe64) {
	var c uint64
	out[0], c = bits.Add64(a[0], b[0], 0)
	out[1], c = bits.Add64(a[1], b[1], c)
	out[2], c = bits.Add64(a[2], b[2], c)
	out[3], _ = bits.Add64(a[3], b[3], c)
}

// fe64ToElement sets v to the residue of a. Two folds of bit 255 (2^255 ≡
// 19) bring a below 2^255: after the first the value is below 2^255 + 19,
// and if the second finds bit 255 set the rest is below 19. SetBytes then
// takes the 255-bit value, which may still be at least p, as it takes any
// such encoding.
func fe64ToElement(v *field.Element, a *fe64) {
	r := *a
	for range 2 {
		top := r[3] >> 63
		r[3] &= 1<<63 - 1
		var c uint64
		r[0], c = bits.Add64(r[0], 19*top, 0)
		r[1], c = bits.Add64(r[1], 0, c)
		r[2], c = bits.Add64(r[2], 0, c)
		r[3] += c
	}
	var b [32]byte
	for i := range r {
		binary.LittleEndian.PutUint64(b[8*i:], r[i])
	}
	if _, err := v.SetBytes(b[:]); err != nil {
		panic("x25519: internal error: " + err.Error())
	}
}

// mulxLadderGeneric is the portable twin of the kernel: the steps for bits
// 254 down to 3 of k, the swap back under bit 3, and the three doublings
// for bits 2..0, on s as mulxLadderSetup leaves it. The loop index t is
// public; the bit only feeds the swap mask.
func mulxLadderGeneric(s *mulxState, k *[32]byte) {
	prev := uint64(0)
	for t := 254; t >= 3; t-- {
		bit := uint64(k[t>>3]>>(t&7)) & 1
		mask := -(bit ^ prev)
		prev = bit
		fe64Swap(&s[mulxX2], &s[mulxX3], mask)
		fe64Swap(&s[mulxZ2], &s[mulxZ3], mask)
		mulxStepGeneric(s)
	}
	fe64Swap(&s[mulxX2], &s[mulxX3], -prev)
	fe64Swap(&s[mulxZ2], &s[mulxZ3], -prev)
	for range 3 {
		mulxDoubleGeneric(s)
	}
}

// mulxStepGeneric is ladderStep on the state's slots, operation for
// operation as the kernel runs it.
func mulxStepGeneric(s *mulxState) {
	fe64AddGeneric(&s[mulxA], &s[mulxX2], &s[mulxZ2])
	fe64SubGeneric(&s[mulxB], &s[mulxX2], &s[mulxZ2])
	fe64AddGeneric(&s[mulxC], &s[mulxX3], &s[mulxZ3])
	fe64SubGeneric(&s[mulxD], &s[mulxX3], &s[mulxZ3])
	fe64SquareGeneric(&s[mulxAA], &s[mulxA])
	fe64MulGeneric(&s[mulxD], &s[mulxD], &s[mulxA]) // DA
	fe64SquareGeneric(&s[mulxBB], &s[mulxB])
	fe64MulGeneric(&s[mulxC], &s[mulxC], &s[mulxB]) // CB
	fe64SubGeneric(&s[mulxE], &s[mulxAA], &s[mulxBB])
	fe64AddGeneric(&s[mulxA], &s[mulxD], &s[mulxC]) // DA + CB
	fe64SubGeneric(&s[mulxB], &s[mulxD], &s[mulxC]) // DA - CB
	fe64Mul24AddGeneric(&s[mulxF], &s[mulxE], &s[mulxAA])
	fe64SquareGeneric(&s[mulxB], &s[mulxB])
	fe64SquareGeneric(&s[mulxX3], &s[mulxA])
	fe64MulGeneric(&s[mulxZ2], &s[mulxE], &s[mulxF])
	fe64MulGeneric(&s[mulxZ3], &s[mulxX1], &s[mulxB])
	fe64MulGeneric(&s[mulxX2], &s[mulxAA], &s[mulxBB])
}

// mulxDoubleGeneric is ladderDouble on the slots x2, z2.
func mulxDoubleGeneric(s *mulxState) {
	fe64AddGeneric(&s[mulxA], &s[mulxX2], &s[mulxZ2])
	fe64SubGeneric(&s[mulxB], &s[mulxX2], &s[mulxZ2])
	fe64SquareGeneric(&s[mulxAA], &s[mulxA])
	fe64SquareGeneric(&s[mulxBB], &s[mulxB])
	fe64SubGeneric(&s[mulxE], &s[mulxAA], &s[mulxBB])
	fe64MulGeneric(&s[mulxX2], &s[mulxAA], &s[mulxBB])
	fe64Mul24AddGeneric(&s[mulxF], &s[mulxE], &s[mulxAA])
	fe64MulGeneric(&s[mulxZ2], &s[mulxE], &s[mulxF])
}

// fe64NonZero replaces an all-zero r by p (see "Zero words"), without a
// branch.
func fe64NonZero(r *fe64) {
	m := r[0] | r[1] | r[2] | r[3]
	z := ((m | -m) >> 63) - 1 // all ones if m = 0, else 0
	r[0] |= fe64P[0] & z
	r[1] |= fe64P[1] & z
	r[2] |= fe64P[2] & z
	r[3] |= fe64P[3] & z
}

// fe64Swap exchanges a and b if mask is all ones and leaves them if it is
// zero, with the same operations either way.
func fe64Swap(a, b *fe64, mask uint64) {
	for i := range a {
		t := (a[i] ^ b[i]) & mask
		a[i] ^= t
		b[i] ^= t
	}
}

// fe64MulGeneric sets out = a·b (see the section comment for the folds).
// out may alias a or b.
func fe64MulGeneric(out, a, b *fe64) {
	var p [8]uint64
	for i := range 4 {
		var carry uint64
		for j := range 4 {
			hi, lo := bits.Mul64(a[i], b[j])
			var c uint64
			lo, c = bits.Add64(lo, p[i+j], 0)
			hi += c // hi ≤ 2^64 - 2, so neither addition wraps
			lo, c = bits.Add64(lo, carry, 0)
			hi += c
			p[i+j], carry = lo, hi
		}
		p[i+4] = carry
	}
	fe64Reduce(out, &p)
}

// fe64SquareGeneric sets out = a·a, the same words as fe64MulGeneric(out, a,
// a). out may alias a.
func fe64SquareGeneric(out, a *fe64) { fe64MulGeneric(out, a, a) }

// fe64Reduce sets out to the 512-bit p[0..7] folded below 2^256: T = L +
// 38·H, then its fifth word, then the last carry.
func fe64Reduce(out *fe64, p *[8]uint64) {
	var t fe64
	var carry uint64
	for i := range 4 {
		hi, lo := bits.Mul64(p[4+i], 38)
		var c uint64
		lo, c = bits.Add64(lo, p[i], 0)
		hi += c
		lo, c = bits.Add64(lo, carry, 0)
		hi += c
		t[i], carry = lo, hi
	}
	// carry is T's fifth word, at most 38.
	fe64FoldWord(&t, carry)
	*out = t
}

// fe64FoldWord adds 38·t to r, for t at most 2^17 (so that 38·t fits a
// word), with the carry through all four words, and then 38 times the carry
// out. That cannot carry again: if the first addition carried out, the
// four words it left are below 38·t.
func fe64FoldWord(r *fe64, t uint64) {
	var c uint64
	r[0], c = bits.Add64(r[0], 38*t, 0)
	r[1], c = bits.Add64(r[1], 0, c)
	r[2], c = bits.Add64(r[2], 0, c)
	r[3], c = bits.Add64(r[3], 0, c)
	r[0] += 38 * c
}

// fe64AddGeneric sets out = a + b, folded below 2^256.
func fe64AddGeneric(out, a, b *fe64) {
	var r fe64
	var c uint64
	r[0], c = bits.Add64(a[0], b[0], 0)
	r[1], c = bits.Add64(a[1], b[1], c)
	r[2], c = bits.Add64(a[2], b[2], c)
	r[3], c = bits.Add64(a[3], b[3], c)
	fe64FoldWord(&r, c)
	*out = r
}

// fe64SubGeneric sets out = a - b, folded into [0, 2^256), and written as
// p if that is all zero words.
func fe64SubGeneric(out, a, b *fe64) {
	var r fe64
	var w uint64
	r[0], w = bits.Sub64(a[0], b[0], 0)
	r[1], w = bits.Sub64(a[1], b[1], w)
	r[2], w = bits.Sub64(a[2], b[2], w)
	r[3], w = bits.Sub64(a[3], b[3], w)
	r[0], w = bits.Sub64(r[0], 38*w, 0)
	r[1], w = bits.Sub64(r[1], 0, w)
	r[2], w = bits.Sub64(r[2], 0, w)
	r[3], w = bits.Sub64(r[3], 0, w)
	r[0] -= 38 * w // r[0] ≥ 2^64 - 38 when w = 1
	fe64NonZero(&r)
	*out = r
}

// fe64Mul24AddGeneric sets out = a·a24 + b, folded below 2^256: the five
// words of a·a24 plus b (fifth word at most 2^17), then 38 times the fifth
// word, then 38 times the carry.
func fe64Mul24AddGeneric(out, a, b *fe64) {
	var r fe64
	var h [4]uint64
	for i := range 4 {
		h[i], r[i] = bits.Mul64(a[i], a24)
	}
	var c uint64
	r[1], c = bits.Add64(r[1], h[0], 0)
	r[2], c = bits.Add64(r[2], h[1], c)
	r[3], c = bits.Add64(r[3], h[2], c)
	t := h[3] + c
	r[0], c = bits.Add64(r[0], b[0], 0)
	r[1], c = bits.Add64(r[1], b[1], c)
	r[2], c = bits.Add64(r[2], b[2], c)
	r[3], c = bits.Add64(r[3], b[3], c)
	t += c // at most 2^17
	fe64FoldWord(&r, t)
	*out = r
}
