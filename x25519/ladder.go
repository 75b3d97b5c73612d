package x25519

import (
	"github.com/seed06d4b90c/edwards25519/field"
	"github.com/seed06d4b90c/edwards25519/internal/lazyfe"
)

// ----------------------------------------------------------------------------
// The Montgomery ladder (RFC 7748, section 5)
//
// Curve25519 is the Montgomery curve v² = u³ + A·u² + u, A = 486662, and
// X25519 needs only u. In projective form u = X/Z, two points whose
// difference P is known are enough to add them (a differential addition)
// and to double one of them, without ever forming v (Montgomery, "Speeding
// the Pollard and elliptic curve methods of factorization", Math. Comp. 48,
// 1987, page 261). The ladder keeps
//
//	R0 = (x2 : z2) = j·P,   R1 = (x3 : z3) = (j+1)·P,
//
// for j the scalar's bits read so far, and for each next bit b replaces
// (R0, R1) by (2·R0, R0 + R1) when b = 0 and by (R0 + R1, 2·R1) when b = 1.
// Instead of branching on b, both points are exchanged with a constant-time
// conditional swap before the step and exchanged back before the next one
// (the two swaps merge into one, conditioned on b XOR the previous bit), so
// the same operations run in the same order for every scalar.
//
// The formulas are defined for every u (field.Element.SetBytes reduces any
// 32 bytes to a u in [0, p)): a u on the quadratic twist runs the same
// formulas, which then compute on the twist, and a low-order u ends in the
// point at infinity, Z = 0, where the result x2·z2^(p-2) is 0.
//
// Cost model. One step, with M a field multiplication, S a squaring and
// m32 a multiplication by a small constant (Mult32, a24 = 121665):
//
//	5M + 4S + 1 m32, plus 8 additions or subtractions and 2 swaps.
//
// The clamped scalar has bits 254..0 with bit 254 set and bits 2..0 clear.
// The ladder runs the full step for bits 254 down to 3 (252 steps); for the
// three zero bits the step would only double R0 and compute an R1 nothing
// reads, so they are three doublings, 2M + 2S + 1 m32 each. Converting back
// to u = x2/z2 is one inversion and 1M. In all:
//
//	1267M + 1014S + 255 m32 + 1 inversion.
//
// The step is written as three rounds of four independent products, the
// shape of a four-lane vector step with the lanes (x2, z2, x3, z3); see
// ladderStep. On CPUs with AVX-512 IFMA, ladder runs such a step, 255 times,
// in one kernel (ladder_ifma.go, which gives its cost model); on other amd64
// CPUs with BMI2 and ADX, it runs ladderStep's operations in radix 2^64 in
// another kernel (ladder_mulx.go); ladderGeneric is the path everywhere
// else and under purego.
// ----------------------------------------------------------------------------

// a24 is (A - 2)/4 = (486662 - 2)/4 = 121665, the constant of the doubling
// formula z2 = E·(AA + a24·E) (RFC 7748, section 5).
const a24 = 121665

// ladderState is the ladder's pair of points (x2 : z2) and (x3 : z3), in
// the order of the lanes of a four-lane step.
type ladderState [4]field.Element

// ladderPath names one implementation of ladder.
type ladderPath int

const (
	ladderPathGeneric ladderPath = iota // ladderGeneric, on field.Element
	ladderPathMULX                      // ladderMULX: radix 2^64, MULX and ADX (ladder_mulx.go)
	ladderPathIFMA                      // ladderIFMA: four lanes, AVX-512 IFMA (ladder_ifma.go)
)

// currentLadder is the path ladder takes: set once from the CPU features,
// the IFMA kernel where it can run, else the MULX kernel, else
// ladderGeneric. Tests set it to run every path.
var currentLadder = defaultLadderPath()

func defaultLadderPath() ladderPath {
	switch {
	case ifmaLadderAvailable:
		return ladderPathIFMA
	case mulxLadderAvailable:
		return ladderPathMULX
	}
	return ladderPathGeneric
}

// ladder sets (x2 : z2) to k·(x1 : 1) for a clamped scalar k (bit 254 set,
// bits 255 and 2..0 clear, see clamp) and any u-coordinate x1.
//
// It is the seam for the kernels: ladderIFMA keeps the two points in the
// lanes of its kernel from the first step to the last, with the rounds of
// ladderStep, lane for lane, and ladderMULX runs ladderStep's operations in
// radix 2^64 (each step is tested against the formulas on math/big). Every
// path gives the same projective (x2 : z2), value for value.
func ladder(x2, z2 *field.Element, k *[32]byte, x1 *field.Element) {
	switch currentLadder {
	case ladderPathIFMA:
		ladderIFMA(x2, z2, k, x1)
	case ladderPathMULX:
		ladderMULX(x2, z2, k, x1)
	default:
		ladderGeneric(x2, z2, k, x1)
	}
}

// ladderGeneric is the portable ladder. Every iteration runs the same field
// operations whatever the bits of k; the bit only feeds Swap, and the loop
// index (public) picks the byte of k to read.
func ladderGeneric(x2, z2 *field.Element, k *[32]byte, x1 *field.Element) {
	// R0 = (1 : 0), the point at infinity, and R1 = P = (x1 : 1).
	var s ladderState
	s[0].One()
	s[1].Zero()
	s[2].Set(x1)
	s[3].One()

	swap := 0
	for t := 254; t >= 3; t-- {
		bit := int(k[t>>3]>>(t&7)) & 1
		swap ^= bit
		s[0].Swap(&s[2], swap)
		s[1].Swap(&s[3], swap)
		swap = bit
		ladderStep(&s, x1)
	}
	s[0].Swap(&s[2], swap)
	s[1].Swap(&s[3], swap)

	// Bits 2..0 are zero: R0 is doubled three times.
	for range 3 {
		ladderDouble(&s[0], &s[1])
	}
	x2.Set(&s[0])
	z2.Set(&s[1])
}

// ladderStep replaces (R0, R1) = ((x2 : z2), (x3 : z3)), whose difference is
// P = (x1 : 1), by (2·R0, R0 + R1), with the formulas of RFC 7748, section 5
// (Montgomery 1987, page 261):
//
//	A = x2 + z2, B = x2 - z2, C = x3 + z3, D = x3 - z3
//	AA = A², BB = B², DA = D·A, CB = C·B                    round 1
//	E = AA - BB
//	x3 = (DA + CB)², t = (DA - CB)², x2 = AA·BB, f = a24·E  round 2
//	z3 = x1·t, z2 = E·(AA + f)                              round 3
//
// In lane order (x2, z2, x3, z3) each round is four independent
// multiplications: round 1 is (A·A, B·B, D·A, C·B), round 2
// ((DA+CB)², (DA-CB)², AA·BB, a24·E), and round 3 multiplies the two lanes
// left (x1·t and E·(AA + f)) while x2 and x3 are carried through.
//
// Bounds: the state and every product obey field.Element's invariant. The
// sums and differences that only feed a product skip the carry pass
// (internal/lazyfe: a sum's limbs stay below 3·2^51 and may be squared, a
// difference's below 2^54 and are only multiplied, Mult32 included), and B
// and DA - CB, which are squared, keep Subtract's. None of them is stored
// in the state. TestLadderLazyBounds runs the step on limbs at the
// invariant's edges.
func ladderStep(s *ladderState, x1 *field.Element) {
	x2, z2, x3, z3 := &s[0], &s[1], &s[2], &s[3]
	var a, b, c, d, aa, bb, e field.Element

	lazyfe.Add(&a, x2, z2)
	b.Subtract(x2, z2)
	lazyfe.Add(&c, x3, z3)
	lazyfe.Sub(&d, x3, z3)

	// Round 1. DA and CB are kept in d and c.
	aa.Square(&a)
	bb.Square(&b)
	d.Multiply(&d, &a)
	c.Multiply(&c, &b)

	lazyfe.Sub(&e, &aa, &bb)
	lazyfe.Add(&a, &d, &c) // DA + CB
	b.Subtract(&d, &c)     // DA - CB

	// Round 2.
	x3.Square(&a)
	z3.Square(&b)
	x2.Multiply(&aa, &bb)
	c.Mult32(&e, a24)

	// Round 3.
	lazyfe.Add(&c, &c, &aa)
	z3.Multiply(z3, x1)
	z2.Multiply(&e, &c)
}

// ladderDouble replaces (x2 : z2) by its double, the R0 half of ladderStep:
// x2 = AA·BB, z2 = E·(AA + a24·E). Cost: 2M + 2S + 1 m32.
// The sums and differences are lazy where ladderStep's are.
func ladderDouble(x2, z2 *field.Element) {
	var a, b, e field.Element
	lazyfe.Add(&a, x2, z2)
	b.Subtract(x2, z2)
	a.Square(&a) // AA
	b.Square(&b) // BB
	lazyfe.Sub(&e, &a, &b)
	x2.Multiply(&a, &b)
	b.Mult32(&e, a24)
	lazyfe.Add(&b, &b, &a)
	z2.Multiply(&e, &b)
}
