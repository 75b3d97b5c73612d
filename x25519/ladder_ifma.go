package x25519

import (
	"encoding/binary"

	"github.com/seed06d4b90c/edwards25519/field"
	"github.com/seed06d4b90c/edwards25519/internal/ifma52"
)

// ----------------------------------------------------------------------------
// The ladder in four lanes (AVX-512 IFMA)
//
// ladderStep's three rounds of four independent products, with the four
// products of a round in the four 64-bit lanes of a YMM register, as the
// root package's IFMA backend does for Edwards points (vec_ifma.go). The
// state (x2, z2, x3, z3) stays in lanes from the first step to the last;
// ifmaLadderKernel runs the whole ladder in one call, and ifmaLadderGeneric
// is its portable twin, which computes the same limbs, bit for bit.
//
// # Representation
//
// An ifmaLanes holds four field elements in radix 2^51, one per lane, laid
// out [limb][lane] so that limb k of the four lanes is one register; the
// state's lanes are (x2, z2, x3, z3). The arithmetic is that of package
// internal/ifma52, as in the root package's vec_ifma.go: IFMA multiplies
// the low 52 bits of two limbs, so a multiplication wants loose operands
// (limbs below 2^52), and its raw output is the columns f_k = z_k +
// 19·z_(k+5) of the product (ifma52.MulColumns), each below (267 - 54k)·2^52
// < 2^60.1. ifma52.Carry (one parallel round) brings any 64-bit limbs below
// 2^51 + 2^18, which is loose. field.Element has the same radix, so the
// conversions at both ends of the ladder are a transpose (through the
// 32-byte encoding, since Element's limbs are not exported).
//
// # The step
//
// With m the swap mask (0 or all ones), β = 2^10·p in limbs (each above
// any column, so a difference x + β - y of columns never underflows) and
// the state S = (x2, z2, x3, z3) given as columns:
//
//	U = (x2 + z2, x2 + β - z2, x3 + z3, x3 + β - z3), carried  = (A, B, C, D)
//	(A, B, C, D), (A, B, B, A), or under m (C, D, A, B), (C, D, D, C)
//	F1 = first ∘ second, as columns                            = (AA, BB, CB, DA)
//	X = (AA, AA + β - BB, CB + DA, CB + β - DA), carried       = (AA, E, s, d)
//	Y = (BB, ., ., .), carried
//	F2 = (AA, a24, s, d) ∘ (BB, E, s, d), as columns           = (AA·BB, a24·E, s², d²)
//	W = F2 + (0, AA, 0, 0), carried                            = (x2', AA + a24·E, x3', d²)
//	S' = W ∘ (1, E, 1, x1), as columns                         = (x2', z2', x3', z3')
//
// which is ladderStep (RFC 7748, section 5) lane by lane: d = CB - DA is
// the RFC's DA - CB negated, which its square does not see. The swap
// exchanges the pairs (x2, z2) and (x3, z3) of U, the same as exchanging
// them in S, because U's pairs are computed from S's pairs alike. In round
// 3 the lanes x2 and x3 are multiplied by 1: the columns of w·1 are w's
// limbs, so they come through unchanged.
//
// The state between steps is columns, not carried: the next step's U
// forms its sums and differences on them (with β) and carries once, which
// saves a carry per step. The kernel reads the scalar's bits t = n-1 down
// to 0 with t a loop index, public: the bit only becomes the mask m, the
// XOR of the bit with the previous one (the two swaps of RFC 7748 merged
// into one), and after the last step the state is swapped back under the
// last bit.
//
// Bounds: the columns of S are below 267·2^52 < 2^60.1 < β, so U's limbs
// (sums of two columns, or a column and β minus one) are below 2^62, and so
// are X's and W's; the operands of the three products are carried values,
// a24 < 2^17, 1 and x1 (reduced): all loose.
//
// # Zero limbs
//
// As the root package found for its vector kernels (docs/SECURITY.md,
// "Zero limbs"), elements whose limbs are all zero are to be kept out of
// a constant-time loop. Here no all-zero element ever enters a product: the
// point at infinity (1 : 0) starts as (p + 1 : p) and x1 is x1 + p carried
// (neither has a zero limb, and both keep their values); and by induction
// no later value is all zeros, since the carry of nonzero limbs and a
// product of two operands that are not all zeros are never all zeros, z2'
// and z3' are products of such operands (the differences carry a bias),
// and so are x2' and x3' once z2 and z3 are not all zeros. Where a value
// is 0 mod p, as the point at infinity and low-order u make it in the
// middle of the ladder, its carried form is therefore p (limbs 2^51 - 19 and
// 2^51 - 1), the one other reduced form of 0. The constants a24 and 1 have
// zero limbs, in the same lanes and steps whatever the scalar.
//
// # Cost
//
// Per step, three vector multiplications (150 IFMAs), four carries (three
// on the path, Y's beside X's), and about 80 lane moves, blends, sums and
// differences: about 435 vector instructions. Each round waits for the one
// before, so the four lanes of a round are all the parallelism the step
// has. The ladder runs 255 full steps, for bits 254 down to 0 (for the
// three zero bits the vector step computes R0 + R1 in lanes that the serial
// ladder's doublings leave idle, at no extra cost): 765 vector
// multiplications in all. After it, the conversion into two field.Elements,
// and in ladderMult one inversion (Invert) and one multiplication, serial,
// for u = x2/z2.
// ----------------------------------------------------------------------------

// ifmaLanes is four field elements in radix 2^51 as [limb][lane]: the
// ladder's state (x2, z2, x3, z3), or an operand of its rounds.
type ifmaLanes = ifma52.Lanes

// ifmaA24 is a24 = 121665 in radix 2^51.
var ifmaA24 = [5]uint64{a24, 0, 0, 0, 0}

// ifmaLadderSteps is the number of steps of the X25519 ladder: bits 254
// down to 0 of the clamped scalar.
const ifmaLadderSteps = 255

// ifmaSwapPairs exchanges the lane pairs (0, 1) and (2, 3) of v where m is
// all ones (m is 0 or all ones), in constant time.
func ifmaSwapPairs(v *ifmaLanes, m uint64) {
	for k := range v {
		a, b, c, d := v[k][0], v[k][1], v[k][2], v[k][3]
		v[k] = [4]uint64{a ^ m&(a^c), b ^ m&(b^d), c ^ m&(a^c), d ^ m&(b^d)}
	}
}

// ifmaLadderStep runs one step on the state s (columns, or anything with
// limbs below 267·2^52), with the swap mask m (0 or all ones) and the
// round-3 operand r3 = (1, ., 1, x1), reduced; s comes out as columns. See
// the section comment.
func ifmaLadderStep(s *ifmaLanes, r3 *ifmaLanes, m uint64) {
	var u, op1, op2, f, x, y ifmaLanes

	// U = (A, B, C, D), carried.
	for k := range s {
		x2, z2, x3, z3 := s[k][0], s[k][1], s[k][2], s[k][3]
		u[k] = [4]uint64{x2 + z2, (ifma52.Beta[k] - z2) + x2, x3 + z3, (ifma52.Beta[k] - z3) + x3}
	}
	ifma52.Carry(&u)

	// Round 1: (A, B, C, D) ∘ (A, B, B, A), the pairs of both exchanged
	// under m.
	for k := range u {
		a, b, c, d := u[k][0], u[k][1], u[k][2], u[k][3]
		op1[k] = u[k]
		op2[k] = [4]uint64{a, b, b, a}
		sw, q := [4]uint64{c, d, a, b}, [4]uint64{c, d, d, c}
		for l := range 4 {
			op1[k][l] ^= m & (op1[k][l] ^ sw[l])
			op2[k][l] ^= m & (op2[k][l] ^ q[l])
		}
	}
	ifma52.MulColumns(&f, &op1, &op2) // (AA, BB, CB, DA)

	// X = (AA, E, s, d) and Y = (BB, AA, DA, CB), carried.
	for k := range f {
		aa, bb, cb, da := f[k][0], f[k][1], f[k][2], f[k][3]
		x[k] = [4]uint64{aa, (ifma52.Beta[k] - bb) + aa, cb + da, (ifma52.Beta[k] - da) + cb}
		y[k] = [4]uint64{bb, aa, da, cb}
	}
	ifma52.Carry(&x)
	ifma52.Carry(&y)

	// Round 2: (AA, a24, s, d) ∘ (BB, E, s, d).
	for k := range x {
		aa, e, s, d := x[k][0], x[k][1], x[k][2], x[k][3]
		op1[k] = [4]uint64{aa, ifmaA24[k], s, d}
		op2[k] = [4]uint64{y[k][0], e, s, d}
	}
	ifma52.MulColumns(&f, &op1, &op2) // (AA·BB, a24·E, s², d²)

	// Round 3: W = F2 + (0, AA, 0, 0), carried, times (1, E, 1, x1).
	for k := range f {
		f[k][1] += x[k][0]
		op2[k] = [4]uint64{r3[k][0], x[k][1], r3[k][2], r3[k][3]}
	}
	ifma52.Carry(&f)
	ifma52.MulColumns(s, &f, &op2)
}

// ifmaLadderGeneric runs n steps of the ladder on s, for the bits n-1 down
// to 0 of k (n ≤ 256), with the round-3 operand r3 = (1, ., 1, x1), then
// swaps back under bit 0: the portable twin of ifmaLadderKernel, limb for
// limb. s holds columns (or reduced limbs) before and after.
func ifmaLadderGeneric(s *ifmaLanes, k *[32]byte, r3 *ifmaLanes, n int) {
	prev := uint64(0)
	for t := n - 1; t >= 0; t-- {
		bit := uint64(k[t>>3]>>(t&7)) & 1
		ifmaLadderStep(s, r3, -(bit ^ prev))
		prev = bit
	}
	ifmaSwapPairs(s, -prev)
}

// ladderIFMA is ladder (ladder.go) on ifmaLadderKernel: the state is set up
// in lanes, the kernel runs all 255 steps, and (x2 : z2) is read back.
func ladderIFMA(x2, z2 *field.Element, k *[32]byte, x1 *field.Element) {
	var s, r3 ifmaLanes
	ifmaLadderSetup(&s, &r3, x1)
	ifmaLadderKernel(&s, k, &r3, ifmaLadderSteps)
	ifmaLane(x2, &s, 0)
	ifmaLane(z2, &s, 1)
}

// ifmaLadderSetup sets s to the start of the ladder, (x2, z2, x3, z3) =
// (1, 0, x1, 1), and r3 to the round-3 operand (1, 0, 1, x1), writing 1 as
// p + 1, 0 as p and x1 as x1 + p carried in the state, so that no element
// is all zero limbs (see "Zero limbs"); the 1s of r3 are plain.
func ifmaLadderSetup(s, r3 *ifmaLanes, x1 *field.Element) {
	var t ifmaLanes
	for k, l := range ifmaLimbs(x1) {
		t[k] = [4]uint64{l + ifma52.P[k]}
	}
	ifma52.Carry(&t)
	for k := range s {
		p, x := ifma52.P[k], t[k][0]
		s[k] = [4]uint64{p, p, x, p}
		r3[k] = [4]uint64{0, 0, 0, x}
	}
	s[0][0]++
	s[0][3]++
	r3[0][0], r3[0][2] = 1, 1
}

// ifmaLimbs returns the radix-2^51 limbs of the canonical value of e, each
// below 2^51: limb k is bits 51k..51k+50 of its encoding.
func ifmaLimbs(e *field.Element) [5]uint64 {
	b := e.Bytes()
	var w [4]uint64
	for i := range w {
		w[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	var l [5]uint64
	for k := range l {
		word, shift := 51*k/64, 51*k%64
		l[k] = w[word] >> shift
		if shift > 64-51 {
			l[k] |= w[word+1] << (64 - shift)
		}
		l[k] &= ifma52.Mask51
	}
	return l
}

// ifmaLane sets e to lane l of v, whose limbs are below 2^63.
//
// Two sequential carry passes, each folding the carry out of limb 4 back
// into limb 0 as 19 times it, bring every limb below 2^51: after the first
// the carry out is below 2^13 and limb 0 below 2^51 + 2^18; in the second a
// carry out of limb 4 needs limbs 1..4 all 2^51 - 1, which it leaves 0, and
// limb 0 then below 2^18 + 19. The value, below 2^255, is then written out
// as 32 bytes for SetBytes, which accepts non-canonical values.
func ifmaLane(e *field.Element, v *ifmaLanes, l int) {
	var x [5]uint64
	for k := range x {
		x[k] = v[k][l]
	}
	for range 2 {
		var c uint64
		for k := range x {
			x[k] += c
			c = x[k] >> 51
			x[k] &= ifma52.Mask51
		}
		x[0] += 19 * c
	}
	var w [4]uint64
	for k, limb := range x {
		word, shift := 51*k/64, 51*k%64
		w[word] |= limb << shift
		if shift > 64-51 {
			w[word+1] |= limb >> (64 - shift)
		}
	}
	var b [32]byte
	for i := range w {
		binary.LittleEndian.PutUint64(b[8*i:], w[i])
	}
	if _, err := e.SetBytes(b[:]); err != nil {
		panic("x25519: internal error: a 32-byte encoding was rejected")
	}
}
