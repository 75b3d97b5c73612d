package edwards25519

import "math/bits"

// Scalar inversion by division steps
//
// Scalar.Invert computes 1/u mod l with the "safegcd" method of D. J.
// Bernstein and B.-Y. Yang ("Fast constant-time gcd computation and modular
// inversion", IACR TCHES 2019(3)), in the half-delta form and the batches of
// 62 steps that field/fe_invert.go derives for p. What that file shows about
// the step, its matrix, the row bound of a batch (|T_i0| + |T_i1| <= 2^62)
// and the step count holds for any odd modulus below 2^256: l < 2^253, and
// 590 steps suffice, run as nine batches of 62 and a last one of 32 whose
// matrix is scaled by 2^30 so that its update is that of a batch (as
// fe_invert.go's divstepTail does). Below is what differs for l.
//
// # The steps
//
// They run one at a time on the low words of f and g (scalarDivsteps), in
// the form of the step that keeps the chain from one g to the next short:
// with c the mask of delta > 0 and o the mask of g odd,
//
//	g <- g + (o AND (f negated where c)),  then  f <- f + (g AND c AND o),
//	g <- g/2,
//
// which gives (g, (g - f)/2) on a swap (c and o), (f, (g + f)/2) when g is
// odd but delta is not positive, and (f, g/2) when g is even: the step of
// fe_invert.go. delta is kept as fe_invert.go keeps it, as zeta = -delta -
// 1/2, whose sign bit is c and which moves to (zeta XOR swap) - 1.
//
// # The Bézout update modulo l
//
// With f = d*u and g = e*u (mod l), starting from d = 0, e = 1, a batch
// matrix T maps (d, e) to T*(d, e)/2^62 (mod l). scalarCombine adds m*l to
// each numerator, m = -numerator/l mod 2^62 taken in [-2^61, 2^61), so that
// the division is exact; |d| and |e| then grow by at most l/2 a batch and
// stay below 1 + 10*(l/2) < 6l. In 62-bit limbs
//
//	l = L0 + L1*2^62 + 1*2^124 + 0*2^186 + 16*2^248,
//
// (l = 2^252 + c with c < 2^125), so m*l touches columns 0, 1, 2 and 4. The
// same function updates f and g, where the numerators are divisible by
// 2^62 already and m comes out 0.
//
// # Constant time
//
// The counts (nine batches of 62 steps and one of 32, five columns) are
// fixed; the choices of
// a step are masks made by negating a bit and by an arithmetic shift of zeta;
// products go through math/bits.Mul64. No branch and no memory index depends
// on the input.

// scalar62 is the signed integer x0 + x1*2^62 + x2*2^124 + x3*2^186 +
// x4*2^248. After every operation limbs 0..3 are in [0, 2^62) and the top
// limb x4 carries the sign.
type scalar62 [5]int64

// scalarMask62 keeps the low 62 bits of a word.
const scalarMask62 = 1<<62 - 1

// scalarInvBatches is the number of 62-step batches of an inversion, and
// scalarInvTailSteps the steps of the last batch: 9*62 + 32 = 590.
const (
	scalarInvBatches   = 9
	scalarInvTailSteps = 32
)

// scalar62FromWords cuts a value below 2^256, given as four little-endian
// words, into 62-bit limbs (x4 below 2^8).
func scalar62FromWords(w [4]uint64) scalar62 {
	return scalar62{
		int64(w[0] & scalarMask62),
		int64((w[0]>>62 | w[1]<<2) & scalarMask62),
		int64((w[1]>>60 | w[2]<<4) & scalarMask62),
		int64((w[2]>>58 | w[3]<<6) & scalarMask62),
		int64(w[3] >> 56),
	}
}

var (
	// scalarL62 is l in 62-bit limbs; scalarL62x8 is 8l = 2^255 + 8c.
	scalarL62   = scalar62FromWords([4]uint64{scalarC0, scalarC1, 0, scalarTop})
	scalarL62x8 = func() scalar62 {
		c0, c1 := uint64(scalarC0), uint64(scalarC1)
		return scalar62FromWords([4]uint64{c0 << 3, c1<<3 | c0>>61, 0, scalarTop << 3})
	}()

	// scalarLInv is 1/l mod 2^64 (l mod 2^64 is scalarC0, odd).
	scalarLInv = inverseMod64(scalarC0)
)

// inverseMod64 returns 1/x mod 2^64 for an odd x. Newton's step y <- y*(2 -
// x*y) doubles the number of correct low bits of y, and y = x starts with
// three (x*x = 1 mod 8 for every odd x): five steps give 96.
func inverseMod64(x uint64) uint64 {
	y := x
	for range 5 {
		y *= 2 - x*y
	}
	return y
}

// scalarDivsteps runs n <= 62 division steps from the state zeta on the f
// and g whose low words are given (f odd), and returns the new state and
// the batch matrix (u, v, q, r), scaled by 2^(62-n) when n < 62 (the
// entries are at most 2^n in absolute value, so the shift is exact and
// keeps the row bound of a batch):
//
//	2^62 * f_new = u*f + v*g,   2^62 * g_new = q*f + r*g.
//
// Step i reads bit 0 of g after i-1 halvings, which the low word holds
// exactly: the bits that the logical shift brings in at the top are never
// read.
func scalarDivsteps(zeta int64, f, g uint64, n int) (int64, [4]int64) {
	// The rows are kept scaled by 2^i after i steps: (u, v) gives f and (q,
	// r) gives g. A step doubles the row of f and does not halve the row of
	// g, so they stay integers.
	u, v, q, r := int64(1), int64(0), int64(0), int64(1)
	for range n { // n is public: 62, or 32 for the last batch
		c := zeta >> 63    // all ones when delta > 0
		o := -int64(g & 1) // all ones when g is odd
		g += uint64(o) & ((f ^ uint64(c)) - uint64(c))
		q += o & ((u ^ c) - c)
		r += o & ((v ^ c) - c)
		swap := c & o
		f += g & uint64(swap)
		u += q & swap
		v += r & swap
		zeta = (zeta ^ swap) - 1
		g >>= 1
		u, v = u<<1, v<<1
	}
	k := 62 - n
	return zeta, [4]int64{u << k, v << k, q << k, r << k}
}

// mulSigned returns the 128-bit product of two signed words in two's
// complement, high word and low word.
func mulSigned(a, b int64) (hi, lo uint64) {
	hi, lo = bits.Mul64(uint64(a), uint64(b))
	// Read as unsigned, a negative factor stands for itself plus 2^64, which
	// adds the other factor times 2^64 to the product: take it back.
	hi -= uint64(a>>63)&uint64(b) + uint64(b>>63)&uint64(a)
	return hi, lo
}

// scalarCombine sets out = (a*x + b*y + m*l) / 2^62 with m in [-2^61,
// 2^61) such that the division is exact: m = -(a*x + b*y)/l mod 2^62,
// which is 0 when a*x + b*y is a multiple of 2^62 already. out must not
// be x or y; it is written limb by limb, so that the next reads of its
// limbs are served from the stores.
//
// pre:  |a| + |b| <= 2^62; limbs 0..3 of x and y in [0, 2^62), their top
// limbs below 2^12 in absolute value.
// post: limbs 0..3 in [0, 2^62); the value is at most max(|x|, |y|) + l/2
// in absolute value.
// why:  a column sums a*x_i + b*y_i (below 2^124 in absolute value, by the
// row bound), m*L_i (below 2^123) and the carry of the column below (below
// 2^66): far inside a signed 128-bit word. Column 0 is divisible by 2^62 by
// the choice of m, so its shift loses nothing.
func scalarCombine(out *scalar62, a, b int64, x, y *scalar62) {
	low := uint64(a)*uint64(x[0]) + uint64(b)*uint64(y[0])
	m := int64((-low*scalarLInv)<<2) >> 2 // bit 61 extended

	// m*L_i for the limbs of l: two products, m itself (L2 = 1), nothing
	// (L3 = 0) and 16m (L4).
	var mh, ml [5]uint64
	mh[0], ml[0] = mulSigned(m, scalarL62[0])
	mh[1], ml[1] = mulSigned(m, scalarL62[1])
	mh[2], ml[2] = uint64(m>>63), uint64(m)
	mh[4], ml[4] = uint64(m>>60), uint64(m)<<4

	var hi, lo uint64 // the column sum, hi*2^64 + lo with hi signed
	for i := range 5 {
		h1, l1 := mulSigned(a, x[i])
		h2, l2 := mulSigned(b, y[i])
		var c1, c2, c3 uint64
		lo, c1 = bits.Add64(lo, l1, 0)
		lo, c2 = bits.Add64(lo, l2, 0)
		lo, c3 = bits.Add64(lo, ml[i], 0)
		hi += h1 + h2 + mh[i] + c1 + c2 + c3
		if i > 0 {
			out[i-1] = int64(lo & scalarMask62)
		}
		lo = lo>>62 | hi<<2
		hi = uint64(int64(hi) >> 62)
	}
	out[4] = int64(lo)
}

// scalarDivstepRun runs the 590 steps on f = l, g = x (x canonical) and
// returns the final f, g and d. For every x, g = 0 at the end, f = +-1 when
// x != 0 (f = l when x = 0), and d*x = f (mod l).
func scalarDivstepRun(x *Scalar) (f, g, d scalar62) {
	// f, g, d, e, in two sets that take turns as the input and the output
	// of a batch's update.
	var sets [2][4]scalar62
	cur, next := &sets[0], &sets[1]
	cur[0], cur[1], cur[3] = scalarL62, scalar62FromWords(x.w), scalar62{1}
	zeta := int64(-1) // delta = 1/2
	for batch := range scalarInvBatches + 1 {
		n := 62
		if batch == scalarInvBatches {
			n = scalarInvTailSteps
		}
		var t [4]int64
		zeta, t = scalarDivsteps(zeta, uint64(cur[0][0])|uint64(cur[0][1])<<62, uint64(cur[1][0])|uint64(cur[1][1])<<62, n)
		scalarCombine(&next[0], t[0], t[1], &cur[0], &cur[1])
		scalarCombine(&next[1], t[2], t[3], &cur[0], &cur[1])
		scalarCombine(&next[2], t[0], t[1], &cur[2], &cur[3])
		scalarCombine(&next[3], t[2], t[3], &cur[2], &cur[3])
		cur, next = next, cur
	}
	return cur[0], cur[1], cur[2]
}

// scalarInvertDivsteps returns 1/x mod l for a canonical x, and 0 for x = 0,
// in constant time.
func scalarInvertDivsteps(x *Scalar) Scalar {
	f, _, d := scalarDivstepRun(x)

	// 1/x = sign(f)*d with |d| < 6l. Negate the limbs of d when f < 0 and
	// add 8l, limb by limb: the value is then in (2l, 14l), below 2^257.
	// (For x = 0, f = l > 0 and d = 0: the value is 8l, which reduces to 0.)
	sign := f[4] >> 63
	var w scalar62
	for i := range w {
		w[i] = (d[i] ^ sign) - sign + scalarL62x8[i]
	}
	// Carry so that limbs 0..3 are in [0, 2^62) (a limb may be negative, so
	// the shifts are arithmetic); w4 is then in [0, 2^9).
	for i := range 4 {
		w[i+1] += w[i] >> 62
		w[i] &= scalarMask62
	}

	var r Scalar
	r.w[0], r.w[1], r.w[2], r.w[3] = scalarReduce(
		uint64(w[0])|uint64(w[1])<<62,
		uint64(w[1])>>2|uint64(w[2])<<60,
		uint64(w[2])>>4|uint64(w[3])<<58,
		uint64(w[3])>>6|uint64(w[4])<<56,
		uint64(w[4])>>8, 0, 0, 0)
	return r
}
