package edwards25519

import "github.com/seed06d4b90c/edwards25519/field"

// ----------------------------------------------------------------------------
// Point.Add, Subtract, Double and MultByCofactor on the IFMA kernels
//
// On the IFMA backend, the exported group operations of point.go (Add,
// Subtract, Double, MultByCofactor) run the kernels instead of the serial
// formulas: one kernel call, ifmaAddPoint, ifmaDoublePoint or
// ifmaMultByCofactorPoint, reads the Points, transposes them into lanes in
// registers, makes the lanes dense (below), does the whole addition or
// doubling as two rounds of four multiplications in one vector each, and
// writes the result back as a Point. The other backends keep the serial
// formulas: the AVX2 kernels, with the conversions to and from radix
// 2^25.5, took longer than the serial code for a single operation
// (docs/PERFORMANCE.md, "Point operations on the IFMA kernels").
//
// Cost model. Addition: one ifmaAddPoint, which is the addend's cached form
// (ifmaCached's steps), its sign, and ifmaAddCached's steps, plus the
// transposes and dense steps: twenty 8-byte loads, fifteen lane merges and
// about 25 instructions of dense step a Point read, a 4x4 transpose (eight
// shuffles), three permutations, four 32-byte and four 8-byte stores a
// Point written. Doubling: one ifmaDoublePoint, ifmaDouble's steps between
// the same transposes (ifmaDouble reads T's lane too: its E is 2·T·Z).
// MultByCofactor: one ifmaMultByCofactorPoint, three doublings between the
// same transposes, each result made dense in registers as a load makes it.
//
// The portable twins ifmaAddPointGeneric, ifmaDoublePointGeneric and
// ifmaMultByCofactorPointGeneric spell the kernels out with the lane
// helpers below and the kernels' own twins; vec_ifma_amd64_test.go checks
// the kernels against them limb for limb.
//
// # Dense lanes
//
// The scalar multiplications never hand a kernel a zero limb (see "Zero
// limbs" in vec_ifma.go): the timing of IFMA on special operands is not
// known. Points given to Add may hold zero limbs: the identity (0, 1, 1,
// 0), whose coordinates 1 have four zero limbs, or any point with a
// coordinate 0. So each coordinate e enters its lane as e + p, after one
// carry pass (setDense4 in the twins, the same steps in the kernels' loads).
// For e within the Element invariant (limbs below 2^51 + 2^18) the carry
// c_k = e_k >> 51 is 0 or 1, so the carried limbs are at most 2^51 - 1 +
// 19 (limb 0, which takes 19·c_4) and 2^51 (the others), and with p's
// limbs (2^51 - 19, 2^51 - 1, ...) added every limb lies in [p_k, 2^52):
// never zero, and loose, which is what IFMA reads.
//
// The kernels' bodies accept such lanes, by the bounds their twins state
// for loose limbs:
//
//   - ifmaDouble multiplies the lanes (X, Y, Z, T) as they are; ifma52's
//     MulColumns takes loose operands, and the doubling's sums of columns
//     are bounded for loose operands (vec_ifma.go, "Sums and differences").
//   - ifmaAddCached first forms Y + 2p - X, Y + X, T and Z and carries
//     them. X_k < 2^52 and Y_k >= p_k, so Y_k + 2p_k - X_k >= (2^51 - 19) +
//     (2^52 - 38) - (2^52 - 1) > 0: nothing underflows, and every sum is
//     below 2^53, which the carry takes.
//
// # The addend
//
// The addend is the kernels' own cached form, λ·(Y-X, Y+X, 2d·T, 2Z) with
// λ = 121666 (ifmaCached), computed from the lanes (X, Y, Z, T) of q with
// X, Y and Z dense and T as it is: ifmaCached forms Y + 2p - X, Y + X,
// 2p - T and Z and carries them before its multiplications by small
// factors, so T is never a multiplication's operand, and 2p - T cannot
// underflow for T within the Element invariant (2p_k >= 2^52 - 38 > T_k),
// where a dense T could (2p_0 - T_0 < 0 for T_0 above 2^52 - 38).
// Y + 2p - X does not underflow for the reason above. The cached form that
// comes out is a kernel's result, reduced, and for the identity and the
// points of small order its limbs were checked to be nonzero
// (TestIFMAPointMethods). Subtract adds the cached form of -q: the same
// addend with its sign applied as the affine additions apply theirs
// (ifmaExpandAddend: Y-X and Y+X trade lanes, 2d·T becomes 2p - 2d·T, and
// neither swap nor 2p - x of a reduced x makes a limb zero). Which of the
// two it is depends on the method called, not on the points.
//
// The kernels' results are reduced (the Element invariant) and become the
// result's coordinates as they are.
// ----------------------------------------------------------------------------

// setDense4 sets the four lanes of v to e0 + p, e1 + p, e2 + p and e3 + p,
// each after one carry pass: every limb in [p_k, 2^52), none zero (see
// "Dense lanes" above). The e_i obey the Element invariant. It writes v a
// limb row (one 32-byte vector) at a time.
func (v *ifmaLanes) setDense4(e0, e1, e2, e3 *field.Element) *ifmaLanes {
	const (
		mask = 1<<51 - 1
		p0   = 1<<51 - 19 // p's limb 0
		pk   = 1<<51 - 1  // p's limbs 1 to 4
	)
	a, b, c, d := limbsOf(e0), limbsOf(e1), limbsOf(e2), limbsOf(e3)
	// c_k = x_k >> 51 is 0 or 1 for x_k < 2^51 + 2^18; 2^255 = 19 mod p
	// takes c_4 to limb 0.
	v[0] = [4]uint64{
		a[0]&mask + 19*(a[4]>>51) + p0,
		b[0]&mask + 19*(b[4]>>51) + p0,
		c[0]&mask + 19*(c[4]>>51) + p0,
		d[0]&mask + 19*(d[4]>>51) + p0,
	}
	for k := 1; k < len(v); k++ {
		v[k] = [4]uint64{
			a[k]&mask + a[k-1]>>51 + pk,
			b[k]&mask + b[k-1]>>51 + pk,
			c[k]&mask + c[k-1]>>51 + pk,
			d[k]&mask + d[k-1]>>51 + pk,
		}
	}
	return v
}

// setDensePoint sets v to the dense lanes (X, Y, Z, T) of p.
func (v *ifmaLanes) setDensePoint(p *Point) *ifmaLanes {
	return v.setDense4(&p.x, &p.y, &p.z, &p.t)
}

// setCachedInput sets v to the lanes that ifmaCached makes the addend of q
// from: X, Y and Z dense, and T as it is.
func (v *ifmaLanes) setCachedInput(q *Point) *ifmaLanes {
	// setDense4 writes whole rows, T's dense lane included, which is then
	// overwritten with T as it is.
	v.setDense4(&q.x, &q.y, &q.z, &q.t)
	tl := limbsOf(&q.t)
	for k := range v {
		v[k][3] = tl[k]
	}
	return v
}

// ifmaAddPointGeneric sets v = p + q, or p - q when neg is all ones (neg is
// 0 or all ones, applied with masks): the dense lanes of p, the cached form
// of q with its sign, one addition, and the lanes back as v. It is the twin
// of ifmaAddPointAsm. v may alias p or q.
func ifmaAddPointGeneric(v, p, q *Point, neg uint64) {
	var pl, ql ifmaLanes
	var a ifmaAddend
	pl.setDensePoint(p)
	ifmaCachedGeneric(&ql, ql.setCachedInput(q))
	ifmaExpandAddend(&a, (*ifmaAddend)(&ql), neg)
	ifmaAddCachedGeneric(&pl, (*ifmaLanes)(&a))
	pl.toPoint(v)
}

// ifmaDoublePointGeneric sets v = 2·p: the dense lanes of p, one doubling,
// and the lanes back as v. It is the twin of ifmaDoublePointAsm. v may
// alias p.
func ifmaDoublePointGeneric(v, p *Point) {
	var l ifmaLanes
	l.setDensePoint(p)
	ifmaDoubleGeneric(&l)
	l.toPoint(v)
}

// ifmaMultByCofactorPointGeneric sets v = 8·p with three
// ifmaDoublePointGeneric, each of the Point the last one wrote. It is the
// twin of ifmaMultByCofactorPointAsm, which keeps the lanes in registers
// between its doublings and makes them dense there. v may alias p.
func ifmaMultByCofactorPointGeneric(v, p *Point) {
	ifmaDoublePointGeneric(v, p)
	ifmaDoublePointGeneric(v, v)
	ifmaDoublePointGeneric(v, v)
}
