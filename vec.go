package edwards25519

import (
	"sync"

	"github.com/seed06d4b90c/edwards25519/field"
)

// ----------------------------------------------------------------------------
// Four-lane vector arithmetic: one point per vector
//
// The parallel formulas of Hisil, Wong, Carter and Dawson ("Twisted Edwards
// curves revisited", 2008, section 3.1, for four processors) split a mixed
// addition into two rounds of four independent multiplications. Here the
// four multiplications of a round are the four 64-bit lanes of AVX2
// registers, so that one vector multiplication (vecMul) does the work of four
// field multiplications: a mixed addition costs two vector multiplications
// and some lane shuffles, against 7M for the scalar formulas (point.go).
//
// # Representation
//
// A vecLimbs holds four field elements, one per lane, in radix 2^25.5: limb i
// has weight 2^⌈25.5·i⌉ (0, 26, 51, 77, 102, 128, 153, 179, 204, 230) and is
// nominally 26 bits wide for even i and 25 bits for odd i. Each limb sits in
// the low half of a 64-bit lane, because the vector multiply instruction
// (VPMULUDQ) multiplies the low 32 bits of each lane into a 64-bit product.
// The layout is limb-major, [limb][lane], so that limb i of the four lanes is
// one 32-byte register.
//
// Two bounds are used below, limb by limb (i even / i odd):
//
//	reduced:   < 2^26        / < 2^25 + 2^17    (what vecMul returns)
//	loose:     < 3·2^26      / < 3·2^25 + 2^17  (vecMul's first operand)
//	wide:      < 5·2^26      / < 5·2^25 + 2^17  (vecMul's second operand)
//
// A sum or a difference of two reduced values is loose: x + y < 2^27 and
// x + 2p - y < 2^26 + 2^27 = 3·2^26 (odd: 2^25 + 2^17 + 2^26 - 2), where 2p
// in these limbs is (2^27 - 38, 2^26 - 2, 2^27 - 2, 2^26 - 2, ...), limb-wise
// at least any reduced y, so no limb underflows.
//
// # Multiplication
//
// With a = Σ a_i·2^w_i and b likewise, a·b mod p has limbs
//
//	z_k = Σ_{i+j ≡ k (mod 10)} a_i·b_j · (2 if i and j are both odd) · (19 if i+j ≥ 10)
//
// because w_i + w_j = w_(i+j) + 1 exactly when i and j are both odd, and
// w_(k+10) = w_k + 255 with 2^255 ≡ 19 (mod p). The factors go on a_i, as
// a_i, 2·a_i, 19·a_i or 38·a_i, and VPMULUDQ reads 32 bits of each operand;
// for a loose a, 19·a_i < 57·2^26 < 2^32 (even i) and 38·a_i <
// 114·2^25 + 38·2^17 < 2^31.84 (odd i). For a wide b, every term is below
// 57·2^26 · 5·2^26 < 2^60.16 (the largest pairing; an odd b_j meets at most
// 38·a_i < 2^31.84 or 19·a_i, and b_j < 2^27.33), so each z_k, ten terms,
// is below 2^63.5.
//
// The carries then run in two interleaved chains, in this order:
//
//	0→1, 4→5;  1→2, 5→6;  2→3, 6→7;  3→4, 7→8;  4→5, 8→9;  9→0 (times 19);  0→1
//
// where k→k+1 moves z_k >> width_k into z_(k+1) and keeps the low width_k
// bits. Every limb is cut once after its last incoming carry except 5 and 1,
// which receive small second carries: limb 4 holds < 2^38.5 + 2^26 when it
// is cut again, so limb 5 gains < 2^12.5; limb 0 holds < 2^26 + 19·2^38.5 <
// 2^42.8 after the wrap-around, so limb 1 gains < 2^16.8. So the result is
// reduced. The assembly (vec_amd64.s) runs the same steps, so
// its limbs equal vecMulGeneric's bit for bit.
// ----------------------------------------------------------------------------

const vecLimbCount = 10

// vecLimbs is four field elements in radix 2^25.5, as [limb][lane].
type vecLimbs [vecLimbCount][4]uint64

// vecAffine is a packed affine addend for the vector mixed addition: the
// lanes (y-x, y+x, 2d·x·y, 2) as 32-bit limbs, [limb][lane]. It is 160 bytes,
// the size of a cached addend, and is scanned by the same routine.
type vecAffine [vecLimbCount][4]uint32

const (
	vecMask26 = 1<<26 - 1
	vecMask25 = 1<<25 - 1
)

// vecTwoP is 2p in radix 2^25.5, limb by limb.
var vecTwoP = [vecLimbCount]uint64{
	1<<27 - 38, 1<<26 - 2, 1<<27 - 2, 1<<26 - 2, 1<<27 - 2,
	1<<26 - 2, 1<<27 - 2, 1<<26 - 2, 1<<27 - 2, 1<<26 - 2,
}

// limbWidth is 26 for even limbs and 25 for odd ones.
func limbWidth(i int) uint { return 26 - uint(i&1) }

// setLane sets lane l of v to e. e obeys the Element invariant: each 51-bit
// limb is below 2^51 + 2^18, so its low 26 bits make an even limb and the
// rest, e >> 26 ≤ 2^25, an odd one: the result is reduced.
func (v *vecLimbs) setLane(l int, e *field.Element) {
	x := limbsOf(e)
	for k := range elementWords {
		v[2*k][l] = x[k] & vecMask26
		v[2*k+1][l] = x[k] >> 26
	}
}

// lane sets e to lane l of v, a reduced value. Joining two limbs gives
// x_k = v_2k + v_(2k+1)·2^26 < 2^26 + (2^25 + 2^17)·2^26 < 2^52, so one
// parallel carry pass (2^255 ≡ 19 for the top carry) leaves every limb
// below 2^51 + 19, inside the Element invariant.
func (v *vecLimbs) lane(l int, e *field.Element) {
	var x, c [elementWords]uint64
	for k := range elementWords {
		x[k] = v[2*k][l] + v[2*k+1][l]<<26
		c[k] = x[k] >> 51
		x[k] &= 1<<51 - 1
	}
	x[0] += 19 * c[4]
	for k := 1; k < elementWords; k++ {
		x[k] += c[k-1]
	}
	*limbsOf(e) = x
}

// fromPoint sets v to the lanes (X, Y, Z, T) of p.
func (v *vecLimbs) fromPoint(p *Point) *vecLimbs {
	v.setLane(0, &p.x)
	v.setLane(1, &p.y)
	v.setLane(2, &p.z)
	v.setLane(3, &p.t)
	return v
}

// toPoint sets p from the lanes (X, Y, Z, T) of v, a reduced value.
func (v *vecLimbs) toPoint(p *Point) *Point {
	v.lane(0, &p.x)
	v.lane(1, &p.y)
	v.lane(2, &p.z)
	v.lane(3, &p.t)
	return p
}

// setIdentity sets v to the lanes (0, 1, 1, 0).
func (v *vecLimbs) setIdentity() *vecLimbs {
	*v = vecLimbs{}
	v[0][1], v[0][2] = 1, 1
	return v
}

// fromAffineCached packs a as a vector addend (y-x, y+x, 2d·x·y, 2).
// Elements obey the Element invariant, so setLane makes them reduced, and a
// reduced limb fits in 32 bits.
func (q *vecAffine) fromAffineCached(a *affineCached) *vecAffine {
	var v vecLimbs
	v.setLane(0, &a.yMinusX)
	v.setLane(1, &a.yPlusX)
	v.setLane(2, &a.t2d)
	v[0][3] = 2
	return q.pack(&v)
}

// vecMulGeneric sets out = a·b lane by lane, for a loose and b wide; out is
// reduced (see the section comment for the formula and the bounds). out may
// alias a or b.
func vecMulGeneric(out, a, b *vecLimbs) {
	var res vecLimbs
	for l := range 4 {
		var z [vecLimbCount]uint64
		for i := range vecLimbCount {
			for j := range vecLimbCount {
				t := a[i][l] * b[j][l]
				if i&1 == 1 && j&1 == 1 {
					t *= 2
				}
				if i+j >= vecLimbCount {
					t *= 19
				}
				z[(i+j)%vecLimbCount] += t
			}
		}
		carry := func(k int) {
			c := z[k] >> limbWidth(k)
			z[k] &= 1<<limbWidth(k) - 1
			if k == vecLimbCount-1 {
				z[0] += 19 * c
			} else {
				z[k+1] += c
			}
		}
		for _, k := range vecCarryOrder {
			carry(k)
		}
		for k := range z {
			res[k][l] = z[k]
		}
	}
	*out = res
}

// vecCarryOrder is the order of the carries of vecMul: two interleaved
// chains from limbs 0 and 4, then the wrap-around from limb 9 and a last
// carry out of limb 0.
var vecCarryOrder = [...]int{0, 4, 1, 5, 2, 6, 3, 7, 4, 8, 9, 0}

// The mixed addition, lane by lane (HWCD 2008, section 3.1, a = -1, with the
// addend's 2d folded into its third lane and its Z = 1 into the constant 2 of
// the fourth):
//
//	U = (Y1 - X1, Y1 + X1, T1, Z1)          from P = (X1, Y1, Z1, T1)
//	V = U ∘ Q = (A, B, C, D)                Q = (y2-x2, y2+x2, 2d·x2·y2, 2)
//	E = B - A   F = D - C   G = D + C   H = B + A
//	P' = (E, G, G, E) ∘ (F, H, F, H) = (E·F, G·H, G·F, E·H) = (X3, Y3, Z3, T3)
//
// Every difference is formed as x + 2p - y (reduced y), so every vecMul
// input is loose. Negating the addend (a public or masked choice) swaps its
// first two lanes and replaces the third by 2p - 2d·x·y.

// vecExpandAddend sets q to the addend a, negated when neg is all ones (neg
// is 0 or all ones; the choice is made with masks, in constant time).
func vecExpandAddend(q *vecLimbs, a *vecAffine, neg uint64) {
	for i := range q {
		y0, y1, t, two := uint64(a[i][0]), uint64(a[i][1]), uint64(a[i][2]), uint64(a[i][3])
		q[i][0] = y0 ^ (neg & (y0 ^ y1))
		q[i][1] = y1 ^ (neg & (y0 ^ y1))
		q[i][2] = t ^ (neg & (t ^ (vecTwoP[i] - t)))
		q[i][3] = two
	}
}

// vecAddAffineGeneric sets p = p ± a (minus when neg is all ones), for p
// reduced with lanes (X, Y, Z, T); p stays reduced.
func vecAddAffineGeneric(p *vecLimbs, a *vecAffine, neg uint64) {
	var q vecLimbs
	vecExpandAddend(&q, a, neg)
	vecAddCachedGeneric(p, &q)
}

// vecAddAffinePairGeneric does the two independent additions
// p1 = p1 ± a1 and p2 = p2 ± a2 (see vecAddAffineGeneric); p1 and p2 must
// not overlap. The assembly interleaves the two, so that each fills the
// other's latency gaps.
func vecAddAffinePairGeneric(p1 *vecLimbs, a1 *vecAffine, neg1 uint64, p2 *vecLimbs, a2 *vecAffine, neg2 uint64) {
	vecAddAffineGeneric(p1, a1, neg1)
	vecAddAffineGeneric(p2, a2, neg2)
}

// vecSumsGeneric sets u = (Y-X, Y+X, T, Z) from p = (X, Y, Z, T), the
// difference as Y + 2p - X: the first step of an addition, and of the
// cached form.
func vecSumsGeneric(u, p *vecLimbs) {
	for i := range p {
		x, y, z, t := p[i][0], p[i][1], p[i][2], p[i][3]
		u[i] = [4]uint64{y + vecTwoP[i] - x, y + x, t, z}
	}
}

// The vector comb table: the comb of scalarmult.go with spacing 1, so that
// ScalarBaseMult needs no doubling at all and the accumulator never leaves
// its lanes. Row m holds 1..combEntries times 2^(combWidth·m)·B, packed:
// vecCombRows·combEntries entries of 160 bytes, 80 KiB. It is built at first
// use from the generator, with one shared inversion per row (batchAffine);
// TestVecCombTable recomputes every entry.
const vecCombRows = combDigits

var vecComb struct {
	once sync.Once
	rows [vecCombRows][combEntries]vecAffine
}

func vecCombTable() *[vecCombRows][combEntries]vecAffine {
	vecComb.once.Do(func() {
		var rowBase Point
		var multiples [combEntries]Point
		var ptrs [combEntries]*Point
		var addends [combEntries]affineCached
		var c cached
		var sum completed
		var pp projective
		rowBase.Set(generator)
		for m := range vecComb.rows {
			c.fromExtended(&rowBase)
			multiples[0].Set(&rowBase)
			ptrs[0] = &multiples[0]
			for i := 1; i < combEntries; i++ {
				multiples[i].fromCompleted(sum.addCached(&multiples[i-1], &c))
				ptrs[i] = &multiples[i]
			}
			batchAffine(ptrs[:], addends[:], func(a *affineCached) (*affineCached, *Point) { return a, nil })
			for i := range addends {
				vecComb.rows[m][i].fromAffineCached(&addends[i])
			}
			pp.fromExtended(&rowBase)
			for range combWidth - 1 {
				pp.fromCompleted(sum.double(&pp))
			}
			rowBase.fromCompleted(sum.double(&pp))
		}
	})
	return &vecComb.rows
}

// vecDigitMasks sets, for a signed digit |d| ≤ combEntries, the masks that
// select its addend from a row: masks[e] is all ones exactly when |d| = e+1
// (e < 8), masks[8] when d = 0 (the identity addend), masks[9] when d < 0
// (the sign). Branch-free.
//
// The AVX2 kernel reads these masks rather than deriving them from |d|
// itself. Two versions that did (comparing a broadcast |d| in vector
// registers, or computing each mask in a general register inside the
// kernel) showed a timing difference between scalar 0 and random scalars
// under dudect (|t| 40 to 265 over 0.5-1.4 M measurements, AMD EPYC Zen 3),
// a difference of 2 to 18 ns per ScalarBaseMult; this one shows none
// (|t| ≤ 3.7 over 0.9-1.1 M) at the same speed. The cause was not found:
// the instructions are the same data-independent ones either way.
func vecDigitMasks(masks *[10]uint64, d int32) {
	abs, neg := digitAbsSign(d)
	// (x - 1) >> 63 is 1 exactly when x = 0, for x = abs XOR e below 2^32.
	for e := range uint64(9) {
		masks[e] = -((uint64(abs) ^ (e+1)%9 - 1) >> 63)
	}
	masks[9] = -uint64(neg)
}

// vecPickDigit sets out to the packed addend d·R from row, where row[i] is
// (i+1)·R (the identity (1, 1, 0, 2) for d = 0), and returns the sign mask,
// in constant time in d: every entry is read and kept under a mask, as the
// scan inside vecAddDigitAVX2 does.
func vecPickDigit(out *vecAffine, row *[combEntries]vecAffine, d int32) (neg uint64) {
	var masks [10]uint64
	vecDigitMasks(&masks, d)
	*out = vecAffine{}
	for e := range row {
		m := uint32(masks[e])
		for i := range out {
			for l := range out[i] {
				out[i][l] |= row[e][i][l] & m
			}
		}
	}
	// The identity's limb 0 is (1, 1, 0, 2); its other limbs are zero.
	zero := uint32(masks[8])
	out[0][0] |= zero & 1
	out[0][1] |= zero & 1
	out[0][3] |= zero & 2
	return masks[9]
}

// vecAddDigitGeneric sets p = p + d·R for |d| ≤ combEntries, where row[i]
// is the packed (i+1)·R, in constant time in d: the scan and the addition of
// vecAddDigit in one step.
func vecAddDigitGeneric(p *vecLimbs, row *[combEntries]vecAffine, d int32) {
	var a vecAffine
	neg := vecPickDigit(&a, row, d)
	vecAddAffineGeneric(p, &a, neg)
}

// vecFourP is 4p in radix 2^25.5, limb by limb: at least the sum of two
// reduced limbs, so that 4p - x - y never underflows.
var vecFourP = [vecLimbCount]uint64{
	1<<28 - 76, 1<<27 - 4, 1<<28 - 4, 1<<27 - 4, 1<<28 - 4,
	1<<27 - 4, 1<<28 - 4, 1<<27 - 4, 1<<28 - 4, 1<<27 - 4,
}

// The doubling, lane by lane (HWCD 2008, section 3.3, a = -1), with 2·X·Y
// taken as a product rather than as (X+Y)² - X² - Y²:
//
//	(A, B, C, E) = (X, Y, Z, X) ∘ (X, Y, 2Z, 2Y) = (X², Y², 2Z², 2XY)
//	G = B - A   F = G - C   H = -A - B
//	P' = (E, G, G, E) ∘ (F, H, F, H) = (E·F, G·H, G·F, E·H)
//
// E and G = B + 2p - A are loose, so the first operand is; F and H subtract
// two reduced values and are formed with 4p: below 5·2^26 (even limbs) and
// 5·2^25 + 2^17 (odd), which is "wide", and vecMul accepts a wide second
// operand (see the section comment). Putting G·F's G on the left is what
// keeps every factor of the first operand loose.

// vecDoubleGeneric sets p = 2·p for p reduced with lanes (X, Y, Z, T); T is
// not read. p stays reduced.
func vecDoubleGeneric(p *vecLimbs) {
	var s1, s2, w1, w2 vecLimbs
	for i := range p {
		x, y, z := p[i][0], p[i][1], p[i][2]
		s1[i] = [4]uint64{x, y, z, x}
		s2[i] = [4]uint64{x, y, z + z, y + y}
	}
	vecMulGeneric(&s1, &s1, &s2)
	for i := range s1 {
		a, b, c, e := s1[i][0], s1[i][1], s1[i][2], s1[i][3]
		g := b + vecTwoP[i] - a
		f := b + vecFourP[i] - a - c
		h := vecFourP[i] - a - b
		w1[i] = [4]uint64{e, g, g, e}
		w2[i] = [4]uint64{f, h, f, h}
	}
	vecMulGeneric(p, &w1, &w2)
}

// vecCachedScale is the lanes (1, 1, 2d, 2), by which vecCachedGeneric
// scales (Y-X, Y+X, T, Z).
var vecCachedScale = func() (k vecLimbs) {
	var one, two field.Element
	one.One()
	two.Add(&one, &one)
	k.setLane(0, &one)
	k.setLane(1, &one)
	k.setLane(2, curveD2)
	k.setLane(3, &two)
	return k
}()

// vecCachedGeneric sets q to the cached form (Y-X, Y+X, 2d·T, 2Z) of p,
// reduced: one vector multiplication. The cached form is an addend for
// vecAddCached, exactly as a packed affine addend is for vecAddAffine (with
// 2Z in place of the affine 2).
func vecCachedGeneric(q, p *vecLimbs) {
	var u vecLimbs
	vecSumsGeneric(&u, p)
	vecMulGeneric(q, &u, &vecCachedScale)
}

// vecAddCachedGeneric sets p = p + q for p reduced with lanes (X, Y, Z, T)
// and q a loose addend, cached (Y-X, Y+X, 2d·T, 2Z) or expanded affine
// (y-x, y+x, 2d·x·y, 2); p stays reduced.
func vecAddCachedGeneric(p, q *vecLimbs) {
	var u, w1, w2 vecLimbs
	vecSumsGeneric(&u, p)
	vecMulGeneric(&u, &u, q)
	for i := range u {
		a, b, c, d := u[i][0], u[i][1], u[i][2], u[i][3]
		e, f, g, h := b+vecTwoP[i]-a, d+vecTwoP[i]-c, d+c, b+a
		w1[i] = [4]uint64{e, g, g, e}
		w2[i] = [4]uint64{f, h, f, h}
	}
	vecMulGeneric(p, &w1, &w2)
}

// vecBaseOddTable is baseOddTable packed for vecAddAffine: B, 3B, …, 127B,
// 64 entries of 160 bytes, built at first use.
var vecBaseOdd struct {
	once sync.Once
	t    [1 << (baseNAFWidth - 2)]vecAffine
}

func vecBaseOddTable() *[1 << (baseNAFWidth - 2)]vecAffine {
	vecBaseOdd.once.Do(func() {
		t := baseOddTable()
		for i := range t {
			vecBaseOdd.t[i].fromAffineCached(&t[i])
		}
	})
	return &vecBaseOdd.t
}

// pack sets q to v, whose limbs are reduced (or at least below 2^32), as a
// packed addend. A cached addend (Y-X, Y+X, 2d·T, 2Z) packs like an affine
// one: the additions only ever read the fourth lane as a factor, so 2Z
// stands where the affine form has 2.
func (q *vecAffine) pack(v *vecLimbs) *vecAffine {
	for i := range v {
		for l := range v[i] {
			q[i][l] = uint32(v[i][l])
		}
	}
	return q
}

// vecWindow holds 1·Q, 2·Q, …, 8·Q as packed cached addends, for the signed
// radix-16 digits of the constant-time variable-base multiplications; its
// rows have the shape of a vecCombTable row, so vecAddDigit scans them.
// 1280 bytes; 7 additions and 8 scalings (22 vector multiplications).
type vecWindow [combEntries]vecAffine

func (w *vecWindow) init(q *Point) *vecWindow {
	var p, c, m vecLimbs
	p.fromPoint(q)
	vecCached(&c, &p)
	w[0].pack(&c)
	m = p
	for i := 1; i < len(w); i++ {
		vecAddCached(&m, &c)
		vecCached(&p, &m)
		w[i].pack(&p)
	}
	return w
}

// vecOddWindow holds Q, 3Q, …, 15Q as packed cached addends: the odd digits
// of a width-5 NAF, for the variable-time loops (signs by vecAddAffine's
// mask). 1280 bytes; 1 doubling, 7 additions, 9 scalings.
type vecOddWindow [8]vecAffine

func (w *vecOddWindow) init(q *Point) *vecOddWindow {
	var p, twoQ, c vecLimbs
	p.fromPoint(q)
	twoQ = p
	vecDouble(&twoQ)
	vecCached(&twoQ, &twoQ)
	vecCached(&c, &p)
	w[0].pack(&c)
	for i := 1; i < len(w); i++ {
		vecAddCached(&p, &twoQ)
		vecCached(&c, &p)
		w[i].pack(&c)
	}
	return w
}
