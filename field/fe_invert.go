package field

import "math/bits"

// Inversion by division steps
//
// This file computes 1/z mod p, p = 2^255 - 19, with the "safegcd" method of
// D. J. Bernstein and B.-Y. Yang, "Fast constant-time gcd computation and
// modular inversion", IACR TCHES 2019(3) (sections 8 to 11), in the
// batched form described by P. Wuille in "The safegcd implementation in
// libsecp256k1 explained" (doc/safegcd_implementation.md of that project).
// It takes 590 branch-free division steps on machine words plus ten
// applications of a 2x2 matrix to five-limb numbers, where Fermat's method
// z^(p-2) takes 254 squarings and 11 multiplications (invertFermat in
// fe_invert_test.go, kept as a second oracle for the tests;
// docs/PERFORMANCE.md compares the two).
//
// # The division step
//
// Start from f = p (odd), g = z in [0, p) and a state delta. One division
// step ("divstep") rewrites (delta, f, g):
//
//	if delta > 0 and g is odd:  (1 - delta, g, (g - f)/2)
//	else if g is odd:           (1 + delta, f, (g + f)/2)
//	else:                       (1 + delta, f, g/2)
//
// f stays odd, every division is exact, and gcd(f, g) is unchanged (up to
// sign, and since f is odd the factor 2 never matters). Once g = 0, |f| is
// gcd(p, z) = 1 for z != 0, and further steps change nothing. Neither |f|
// nor |g| ever grows: each new value is an old one or the half of a sum or
// difference of two old ones, so |f|, |g| <= p throughout.
//
// We use the "half-delta" variant, delta starting at 1/2 instead of 1 (so
// delta runs over 1/2 + Z), which needs fewer steps; see "Step count".
// The test delta > 0 then reads delta >= 1/2. Instead of delta we keep the
// integer zeta = -delta - 1/2, which is the bitwise complement of the
// integer delta - 1/2: delta > 0 exactly when zeta < 0 (its sign bit), and
// the two updates become
//
//	delta -> 1 - delta:  zeta -> -zeta - 2 = (zeta XOR -1) - 1
//	delta -> 1 + delta:  zeta -> zeta - 1  = (zeta XOR  0) - 1
//
// so one XOR with the swap mask and one decrement cover both. zeta starts at
// -1 and moves by at most one per step away from it, so it stays tiny.
//
// # Matrix form, and batches of 62
//
// Each step is linear in (f, g) with a factor 1/2. Written with the scaled
// matrix it applies to the pair (f, g), the three cases are
//
//	swap:      [f']   1 [ 0  2] [f]      odd, no swap:  1 [2  0]   even:  1 [2 0]
//	           [g'] = - [-1  1] [g]                     - [1  1]          - [0 1]
//	                  2                                 2                 2
//
// The decisions of the first k steps depend only on delta and on f, g mod
// 2^k (each step halves, so after i steps the low k-i bits are still
// exact, and step i needs one bit). So k = 62 steps are first run on the low
// limb of f and g alone (divstepBatch, in packed rounds, see below),
// multiplying the 2x2 matrices as they go; the product T satisfies
//
//	2^62 * (f_new, g_new) = T * (f, g)
//
// exactly, and is then applied once to the full f and g (applyToFG) and,
// modulo p, to the Bézout coefficients d and e (applyToDE).
//
// Row bound: each row of T has |first| + |second| <= 2^62. Track rows F
// (for f) and G (for g), scaled by 2^i after i steps, starting at (1, 0)
// and (0, 1). A step maps (F, G) to (2G, G - F), (2F, G + F) or (2F, G);
// if both rows have absolute sum <= 2^i, all new rows have absolute sum
// <= 2^(i+1). After 62 steps every entry is at most 2^62 < 2^63 in absolute
// value, so it fits an int64. (63 steps would not: 2^63 does not.) That is
// why a batch has 62 steps.
//
// # Bézout coefficients
//
// Alongside f and g we keep d and e with f = d*z and g = e*z (mod p),
// starting at d = 0, e = 1 (f = p = 0*z, g = z = 1*z). A batch maps
//
//	(d, e) -> T * (d, e) / 2^62  (mod p),
//
// which keeps both congruences. To stay in the integers, a multiple m*p is
// added to each new numerator so that it becomes divisible by 2^62:
// m = -(numerator) * p^-1 mod 2^62, taken in [-2^61, 2^61). Then
//
//	|d_new| <= (|T00| + |T01|) * max(|d|, |e|) / 2^62 + |m| * p / 2^62
//	        <= max(|d|, |e|) + p/2,
//
// so after the ten updates |d|, |e| <= 1 + 10*(p/2) < 6p < 2^258. At the
// end g = 0 and f = +-1, so d*z = +-1 and 1/z = sign(f)*d (mod p). For
// z = 0, g stays 0, every T is diagonal, d stays 0 and the result is
// 0, as for Invert.
//
// Since p = 2^255 - 19 and 255 = 4*62 + 7, m*p = -19*m + (2^7*m)*2^248:
// only the lowest and the highest limb see the correction.
//
// # Representation
//
// A signed62 number x holds five int64 limbs, x = x0 + x1*2^62 + x2*2^124 +
// x3*2^186 + x4*2^248. After every update limbs 0..3 are in [0, 2^62) and
// the top limb carries the sign (the carries are arithmetic shifts, that is
// floor divisions). That is 4*62 + 63 bits, far more than needed:
//
//   - f, g: |f|, |g| <= p < 2^255, so |x4| <= 2^7;
//   - d, e: below 2^258 in absolute value, so |x4| <= 2^10.
//
// Products are formed in exact signed 128-bit accumulators (acc128s). In
// one column the terms are two limb products with |T_ij| * |x_k| (limbs
// 0..3: below 2^62 * 2^62 = 2^124 together, since |T_i0| + |T_i1| <= 2^62),
// plus the carry from the column below (below 2^66 in absolute value), plus
// for d and e the correction 19*m or 2^7*m (below 2^69). Every sum is below
// 2^125 in absolute value, far from the 2^127 limit of the accumulator. The
// lowest column's sum is divisible by 2^62 by construction of T and m, so
// shifting it out is exact.
//
// # Step count
//
// For the original divstep (delta = 1) Bernstein and Yang prove (Theorem
// 11.2) that floor((49d + 57)/17) steps suffice when both inputs are below
// 2^d, d >= 46: 738 for d = 255, 741 for d = 256. For the half-delta variant
// used here, Wuille's convex-hull computation (github.com/sipa/safegcd-bounds,
// cited in the write-up above) shows that 590 steps suffice for all inputs
// below 2^256 (and 724 for the original variant). p and z are below 2^255,
// so 590 steps suffice: we run nine batches of 62 and a last one of 32
// (divstepTail), 590 steps. Its transition T, whose rows are bounded by
// 2^32, is applied as 2^30 * T, which has the row bound of a batch and
// gives (f, g) -> 2^30 T (f, g) / 2^62 = T (f, g) / 2^32 and likewise for d
// and e: the same update, with the code of a batch. The tests check g = 0
// and f = +-1 after the last batch for every tested input, and check the
// step count needed by a variable-time big.Int run of the same steps.
//
// # Constant time
//
// The loop counts (9 batches of 4 rounds of 16, 16, 16 and 14 steps, a
// last batch of 2 rounds of 16, 5 limbs) are fixed. Every choice
// made by a step (is g odd, is delta positive, swap or not) becomes a mask
// of all zeros or all ones (or -2, all ones but bit 0, in the packed
// rounds' step), computed with arithmetic on words (negation of a bit,
// arithmetic right shift of zeta), and is applied with AND, XOR, add and
// subtract. No branch and no memory index depends on z.
// Multiplications go through math/bits.Mul64, documented as constant time,
// and the sign corrections of signed products are masks as well; on amd64
// the batch update (divstepApply) is assembly whose signed one-operand IMUL
// needs no correction, and IMUL's timing does not depend on its operands.
// The final sign of f is taken from a mask, and the conversion back to
// 51-bit limbs uses fixed shifts only.

// mask62 keeps the low 62 bits of a word: the width of a signed62 low limb.
const mask62 = 1<<62 - 1

// pInv62 is p^-1 mod 2^62. Since p = -19 (mod 2^62), it is -(19^-1) mod
// 2^62; 19^-1 mod 2^64 is 0x86bca1af286bca1b (19 times it is 10*2^64 + 1).
// The tests check pInv62 * p = 1 (mod 2^62).
const pInv62 = (-0x86bca1af286bca1b) & mask62

// signed62 is an integer x0 + x1*2^62 + x2*2^124 + x3*2^186 + x4*2^248 with
// int64 limbs; see "Representation" above.
type signed62 [5]int64

// acc128s is an exact signed 128-bit integer in two's complement, hi*2^64 +
// lo with hi read as signed.
type acc128s struct{ lo, hi uint64 }

// mulAdd returns s + a*b for signed a and b. The caller proves the sum stays
// within (-2^127, 2^127).
//
// bits.Mul64 returns the product of a and b read as unsigned. Reading a
// negative a as unsigned adds 2^64 to it, which adds b*2^64 to the product
// (and likewise for b): the signed high word is hi - [a<0]*b - [b<0]*a
// (mod 2^64). The brackets are masks made from the sign bits.
func (s acc128s) mulAdd(a, b int64) acc128s {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	hi -= uint64(a>>63) & uint64(b)
	hi -= uint64(b>>63) & uint64(a)
	var c uint64
	s.lo, c = bits.Add64(s.lo, lo, 0)
	s.hi, _ = bits.Add64(s.hi, hi, c)
	return s
}

// shift62 returns floor(s / 2^62), an arithmetic shift of the 128-bit word.
func (s acc128s) shift62() acc128s {
	return acc128s{lo: s.lo>>62 | s.hi<<2, hi: uint64(int64(s.hi) >> 62)}
}

// low62 returns s mod 2^62, in [0, 2^62).
func (s acc128s) low62() int64 {
	return int64(s.lo & mask62)
}

// transition is the matrix T of a run of k division steps (k = 62 for a
// batch):
//
//	2^k * f_new = ff*f + fg*g
//	2^k * g_new = gf*f + gg*g
//
// with |ff| + |fg| <= 2^k and |gf| + |gg| <= 2^k.
type transition struct {
	ff, fg, gf, gg int64
}

// then returns the transition of s followed by t (the matrix product t*s):
// if s covers j steps and t covers k, the result covers j+k steps, and its
// rows obey the bound 2^(j+k) because it is the transition of j+k steps.
// Within a batch (rounds of 16, 16, 16 and 14 steps) j+k is at most 62:
// no product exceeds 2^62 in absolute value (the largest is 2^48 * 2^14,
// in the last round), nor does any entry of the result, so the int64
// arithmetic is exact.
func (s transition) then(t transition) transition {
	return transition{
		ff: t.ff*s.ff + t.fg*s.gf,
		fg: t.ff*s.fg + t.fg*s.gg,
		gf: t.gf*s.ff + t.gg*s.gf,
		gg: t.gf*s.fg + t.gg*s.gg,
	}
}

// Packed rounds.
//
// Within a short round of k <= 19 steps (k even here, for the two-step
// unrolled loop), a value and its matrix row are
// carried in one word, so that each step costs a handful of word operations
// instead of one set per entry. Scale the rows differently than above: after
// i steps of the round let
//
//	F = 2^(k-i) * (row of f),  G = 2^(k-i) * (row of g),
//
// so that F.(f0, g0) = 2^k f_i and G.(f0, g0) = 2^k g_i. Then a step acts on
// the rows exactly as on the values: F becomes G (swap) or stays, and G
// becomes (G - F)/2, (G + F)/2 or G/2, the halving exact because the rows
// are multiples of 2^(k-i) >= 2 before step i < k. At i = k they are the
// round's transition, and they start as F = (2^k, 0), G = (0, 2^k).
//
// Pack a value x with its row (a, b) into the integer
//
//	X = x + a*2^20 + b*2^41
//
// Every step operation is linear (sums, differences, halving of even
// values) or picks one of two packed words (f becomes g on a swap), so it
// acts on the packed words as on the three parts at once:
// the parts never need to be separated, provided the integers fit an int64
// (|X| < 2^19 + 2^19*2^20 + 2^19*2^41 < 2^61: they do, see below) and the
// halving of X is exact (the value part is even and the row parts are even
// multiples of 2^20 and 2^41). The parity of x, which drives the step, is
// bit 0 of X.
//
// The step itself (packedStep) reads the parity of the new g from bit 1 of
// y = X_g + X_f, X_g - X_f or X_g, before the halving. An all-ones mask
// would take two shifts of y; the step makes do with -2, all ones but bit
// 0, which an AND and a negation give: odd2 = -(y & 2). Every word that the
// mask is applied to is made even, so that the missing bit does not count:
//
//	xf1 = X_f + 1, even since f is odd: xf1 & -2 = xf1;
//	the swap's term 2*X_f = 2*xf1 - 2, and the swap's XOR xf1 ^ (X_g + 1)
//	(X_g odd whenever a swap happens), both even;
//	zeta2 = 2*zeta, even, so that (zeta2 XOR -2) - 2 = 2*((zeta XOR -1) - 1)
//	and (zeta2 XOR 0) - 2 = 2*(zeta - 1): the update of "The division step",
//	doubled, with the same sign.
//
// So the step computes y + 1 when g is odd and y when it is even; as y is
// even either way, the halving and bit 1 are those of y. The round converts
// to these forms at its start and back at its end.
//
// The value parts start as f0 mod 2^k and g0 mod 2^k: the low k bits decide
// the k steps, and starting below 2^k the values stay in (-2^k, 2^k)
// (division steps never increase max(|f|, |g|)), which fits the 20 bits
// below the first row part as a signed field for k <= 19. Row entries are in
// [-2^k, 2^k], which fits 21 signed bits (bits 20..40) and the 23 bits
// above bit 41. The round ends by reading the row parts back (rowLow,
// rowHigh), with offsets that keep the lower parts from borrowing:
//
//	X + 2^19 = (x + 2^19) + a*2^20 + b*2^41,   x + 2^19 in [0, 2^20),
//	X + 2^40 = x + (a + 2^20)*2^20 + b*2^41,   x + (a + 2^20)*2^20 in [0, 2^41)
//
// (a + 2^20 is at least 2^19, so (a + 2^20)*2^20 >= 2^39 > |x|), so a is
// bits 20..40 of X + 2^19 read as a signed 21-bit field, and b is
// (X + 2^40) >> 41. That is three and two word operations after the last
// step, and it matters: the next round's values wait for these entries
// (advance), so the reads lie on the chain from one round to the next.
func divstepRound(zeta int64, f, g uint64, k uint) (int64, transition) {
	low := uint64(1)<<k - 1
	xf1 := int64(f&low) + 1<<(k+20) + 1 // X_f + 1
	xg := int64(g&low) + 1<<(k+41)
	zeta2 := zeta << 1
	odd2 := -int64(g&1) << 1 // -2 iff g is odd; from g, not xg, one operation sooner
	for range k / 2 {
		zeta2, xf1, xg, odd2 = packedStep(zeta2, xf1, xg, odd2)
		zeta2, xf1, xg, odd2 = packedStep(zeta2, xf1, xg, odd2)
	}
	xf := xf1 - 1
	return zeta2 >> 1, transition{
		ff: rowLow(xf), fg: rowHigh(xf),
		gf: rowLow(xg), gg: rowHigh(xg),
	}
}

// packedStep is one division step on packed words, in the forms of "Packed
// rounds": zeta2 = 2*zeta, xf1 = X_f + 1 and the mask odd2 = -2*(g mod 2),
// which the step returns for the new g. The new f is picked from the old f
// and g by the swap mask, so that it need not wait for y, the longest chain
// of the step (docs/PERFORMANCE.md, "Inversion").
func packedStep(zeta2, xf1, xg, odd2 int64) (int64, int64, int64, int64) {
	swap := (zeta2 >> 63) & odd2             // -2 iff delta > 0 and g odd, else 0
	zeta2 = (zeta2 ^ swap) - 2               // twice the update of "The division step"
	y := xg + (xf1 & odd2) - (xf1<<1-2)&swap // g - f, g + f or g (with rows), + 1 if g odd
	xf1 ^= (xf1 ^ (xg + 1)) & swap           // f becomes g on a swap
	return zeta2, xf1, y >> 1, -(y & 2)
}

// rowLow and rowHigh read the row parts a and b of a packed word
// X = x + a*2^20 + b*2^41 (|x| < 2^19, |a|, |b| <= 2^19), by the offsets
// of "Packed rounds".
func rowLow(x int64) int64 {
	return (x + 1<<19) << 23 >> 43
}

func rowHigh(x int64) int64 {
	return (x + 1<<40) >> 41
}

// divstepBatch runs 62 division steps on the low limbs f0 and g0 of f and g
// (f0 odd; only their low 62 bits matter) starting from zeta, and returns
// the updated zeta and the transition of the batch. It runs packed rounds of
// 16, 16, 16 and 14 steps (at most 19 each, and even), multiplying their
// transitions.
//
// Between rounds the low words move on: (f0, g0) = T_round (f0, g0) / 2^k,
// computed modulo 2^64 and shifted arithmetically. Since f0 and g0 are exact
// modulo 2^62, the new words are exact modulo 2^(62-k); after s steps of the
// batch, 62-s bits are exact, which is exactly what the remaining 62-s steps
// need.
func divstepBatch(zeta int64, f0, g0 uint64) (int64, transition) {
	zeta, t := divstepRound(zeta, f0, g0, 16)
	f0, g0 = t.advance(f0, g0, 16)
	zeta, r := divstepRound(zeta, f0, g0, 16)
	f0, g0 = r.advance(f0, g0, 16)
	t = t.then(r)
	zeta, r = divstepRound(zeta, f0, g0, 16)
	f0, g0 = r.advance(f0, g0, 16)
	t = t.then(r)
	zeta, r = divstepRound(zeta, f0, g0, 14)
	return zeta, t.then(r)
}

// advance returns T (f, g) / 2^k for the transition T of k steps, computed
// on words modulo 2^64: if f and g are exact modulo 2^n, the results are
// exact modulo 2^(n-k).
func (t transition) advance(f, g uint64, k uint) (uint64, uint64) {
	nf := uint64(t.ff)*f + uint64(t.fg)*g
	ng := uint64(t.gf)*f + uint64(t.gg)*g
	return uint64(int64(nf) >> k), uint64(int64(ng) >> k)
}

// applyToFG sets (f, g) = T * (f, g) / 2^62, which is exact.
//
// pre:  |f|, |g| <= p, limbs 0..3 in [0, 2^62); T from divstepBatch on the
// low limbs of f and g.
// post: the same bounds hold for the new f and g.
// why:  the column sums are below 2^125 in absolute value (see
// "Representation"). 2^62 * (f_new, g_new) = T * (f, g) by construction of
// T, so column 0 is divisible by 2^62 and its shift loses nothing. The low
// 62 bits of column i are limb i-1 of the result; the carry out of column 4
// is the (small, signed) top limb.
func (t *transition) applyToFG(f, g *signed62) {
	var af, ag acc128s
	af = af.mulAdd(t.ff, f[0]).mulAdd(t.fg, g[0]).shift62()
	ag = ag.mulAdd(t.gf, f[0]).mulAdd(t.gg, g[0]).shift62()
	for i := 1; i < 5; i++ {
		af = af.mulAdd(t.ff, f[i]).mulAdd(t.fg, g[i])
		ag = ag.mulAdd(t.gf, f[i]).mulAdd(t.gg, g[i])
		f[i-1], g[i-1] = af.low62(), ag.low62()
		af, ag = af.shift62(), ag.shift62()
	}
	f[4], g[4] = int64(af.lo), int64(ag.lo)
}

// reducer62 returns m in [-2^61, 2^61) with low + m*p = 0 (mod 2^62), where
// low is the numerator's lowest column modulo 2^64.
func reducer62(low uint64) int64 {
	m := -low * pInv62
	return int64(m<<2) >> 2 // sign-extend bit 61
}

// applyToDE sets (d, e) = (T * (d, e) + (m_d, m_e) * p) / 2^62, which is
// T * (d, e) / 2^62 (mod p).
//
// pre:  |d|, |e| < 2^258 - 2^256 with limbs 0..3 in [0, 2^62); T a batch
// matrix (|T_i0| + |T_i1| <= 2^62).
// post: |d_new|, |e_new| <= max(|d|, |e|) + p/2 (see "Bézout
// coefficients"), limbs 0..3 in [0, 2^62).
// why:  m is chosen by reducer62 from the numerator mod 2^64 (the wrapped
// products of the low limbs), so column 0 of the numerator plus m*p is
// divisible by 2^62. p = -19 + 2^7 * 2^248 in signed62 limbs, so m*p only
// touches columns 0 and 4. Column sums are bounded as in applyToFG.
func (t *transition) applyToDE(d, e *signed62) {
	md := reducer62(uint64(t.ff)*uint64(d[0]) + uint64(t.fg)*uint64(e[0]))
	me := reducer62(uint64(t.gf)*uint64(d[0]) + uint64(t.gg)*uint64(e[0]))

	var ad, ae acc128s
	ad = ad.mulAdd(t.ff, d[0]).mulAdd(t.fg, e[0]).mulAdd(md, -19).shift62()
	ae = ae.mulAdd(t.gf, d[0]).mulAdd(t.gg, e[0]).mulAdd(me, -19).shift62()
	for i := 1; i < 4; i++ {
		ad = ad.mulAdd(t.ff, d[i]).mulAdd(t.fg, e[i])
		ae = ae.mulAdd(t.gf, d[i]).mulAdd(t.gg, e[i])
		d[i-1], e[i-1] = ad.low62(), ae.low62()
		ad, ae = ad.shift62(), ae.shift62()
	}
	ad = ad.mulAdd(t.ff, d[4]).mulAdd(t.fg, e[4]).mulAdd(md, 1<<7)
	ae = ae.mulAdd(t.gf, d[4]).mulAdd(t.gg, e[4]).mulAdd(me, 1<<7)
	d[3], e[3] = ad.low62(), ae.low62()
	ad, ae = ad.shift62(), ae.shift62()
	d[4], e[4] = int64(ad.lo), int64(ae.lo)
}

// divstepApplyGeneric is the portable update of one batch, the seam's twin
// (see divstepApply in fe_amd64.go and fe_noasm.go): applyToFG and then
// applyToDE.
func divstepApplyGeneric(t *transition, f, g, d, e *signed62) {
	t.applyToFG(f, g)
	t.applyToDE(d, e)
}

// divstepBatches is the number of 62-step batches before divstepTail's
// divstepTailSteps, and divstepCount the steps in all: 9*62 + 32 = 590, the
// bound of "Step count".
const (
	divstepBatches   = 9
	divstepTailSteps = 32
	divstepCount     = 62*divstepBatches + divstepTailSteps
)

// divstepTail runs the last divstepTailSteps division steps, two packed
// rounds of 16, as divstepBatch runs its 62, and returns their transition T
// multiplied by 2^(62-32) = 2^30: the matrix that the update of a batch
// divides by 2^62 (see "Step count"). The entries of T are at most 2^32 in
// absolute value, so the shifts are exact and keep the row bound 2^62 of a
// batch.
func divstepTail(zeta int64, f0, g0 uint64) transition {
	const k, scale = divstepTailSteps / 2, 62 - divstepTailSteps
	zeta, t := divstepRound(zeta, f0, g0, k)
	f0, g0 = t.advance(f0, g0, k)
	_, r := divstepRound(zeta, f0, g0, k)
	t = t.then(r)
	return transition{ff: t.ff << scale, fg: t.fg << scale, gf: t.gf << scale, gg: t.gg << scale}
}

// divstepRun runs all the steps on f = p, g = z (z given by its canonical
// limbs c0..c4, value in [0, p)) and leaves the final f, g and d in the
// arrays f, g and d point to. For every input, g = 0 and f = +-1 (or f = p
// when z = 0) at the end, and d*z = f (mod p). The arrays are the caller's,
// not results: the last matrix update stores them limb by limb, and results
// would be copied through memory right after (see Element.Set).
func divstepRun(f, g, d *signed62, c0, c1, c2, c3, c4 uint64) {
	// p = (2^62 - 19) + (2^62 - 1)*(2^62 + 2^124 + 2^186) + 127*2^248.
	*f = signed62{mask62 - 18, mask62, mask62, mask62, 127}
	*d = signed62{}

	// Regroup the 51-bit limbs c0..c4 (each below 2^51) into 62-bit limbs:
	// limb j of the result takes bits 62j..62j+61 of the value, so it is the
	// tail of one 51-bit limb followed by the head of the next.
	//
	//	g0 = c0       | c1 bits 0..10  << 51
	//	g1 = c1 >> 11 | c2 bits 0..21  << 40
	//	g2 = c2 >> 22 | c3 bits 0..32  << 29
	//	g3 = c3 >> 33 | c4 bits 0..43  << 18
	//	g4 = c4 >> 44 (7 bits)
	*g = signed62{
		int64((c0 | c1<<51) & mask62),
		int64((c1>>11 | c2<<40) & mask62),
		int64((c2>>22 | c3<<29) & mask62),
		int64((c3>>33 | c4<<18) & mask62),
		int64(c4 >> 44),
	}
	e := signed62{1}

	zeta := int64(-1) // delta = 1/2
	for range divstepBatches {
		var t transition
		zeta, t = divstepBatch(zeta, uint64(f[0]), uint64(g[0]))
		divstepApply(&t, f, g, d, &e)
	}
	t := divstepTail(zeta, uint64(f[0]), uint64(g[0]))
	divstepApply(&t, f, g, d, &e)
}

// invertDivsteps sets out = 1/z (mod p), and out = 0 when z = 0, in constant
// time, and returns out. z may be non-canonical (any Element obeying the
// invariant) and out may alias z; out obeys the invariant.
func invertDivsteps(out, z *Element) *Element {
	var f, g, d signed62
	c0, c1, c2, c3, c4 := z.canonical()
	divstepRun(&f, &g, &d, c0, c1, c2, c3, c4)

	// 1/z = sign(f)*d with |d| < 6p. Negate the limbs of d when f < 0 (the
	// value is then negated exactly), and add 8p = 2^258 - 152 = -152 +
	// 2^10 * 2^248 to make it positive: w = sign(f)*d + 8p in (2p, 14p),
	// below 2^259.
	s := f[4] >> 63
	var w [5]uint64
	for i := range d {
		w[i] = uint64((d[i] ^ s) - s)
	}
	w[0] -= 152
	w[4] += 1 << 10

	// Carry so that limbs 0..3 are in [0, 2^62) (arithmetic shifts: a limb
	// may be negative); w4 is then in [0, 2^11).
	for i := range 4 {
		c := int64(w[i]) >> 62
		w[i] &= mask62
		w[i+1] += uint64(c)
	}

	// Regroup into 51-bit limbs (bits 51j..51j+50), the inverse of the cut in
	// divstepRun, plus the four bits 255..258 of w4, of weight 2^255 = 19:
	//
	//	l0 = w0 bits 0..50
	//	l1 = w0 >> 51 | w1 bits 0..39  << 11
	//	l2 = w1 >> 40 | w2 bits 0..28  << 22
	//	l3 = w2 >> 29 | w3 bits 0..17  << 33
	//	l4 = w3 >> 18 | w4 bits 0..6   << 44
	//	top = w4 >> 7 (< 16), folded as 19*top into l0
	//
	// l0 + 19*top <= 2^51 - 1 + 19*15 < 2^51 + 2^18, and l1..l4 < 2^51: the
	// Element invariant holds.
	top := w[4] >> 7
	out.l[0] = w[0]&mask51 + 19*top
	out.l[1] = (w[0]>>51 | w[1]<<11) & mask51
	out.l[2] = (w[1]>>40 | w[2]<<22) & mask51
	out.l[3] = (w[2]>>29 | w[3]<<33) & mask51
	out.l[4] = (w[3]>>18 | w[4]<<44) & mask51
	return out
}
