package edwards25519

import "github.com/seed06d4b90c/edwards25519/field"

// ----------------------------------------------------------------------------
// Point.Add, Subtract, Double and MultByCofactor on the IFMA kernels
//
// On the IFMA backend, the exported group operations of point.go (Add,
// Subtract, Double, MultByCofactor) run the kernels instead of the serial
// formulas: the operands enter lanes, one kernel does the whole addition
// (ifmaAddCached) or doubling (ifmaDouble) as two rounds of four
// multiplications in one vector each, and the lanes come back as the
// Point. The other backends keep the serial formulas: the AVX2 kernels,
// with the conversions to and from radix 2^25.5, took longer than the
// serial code for a single operation (docs/PERFORMANCE.md, "Point
// operations on the IFMA kernels").
//
// Cost model. Addition: for the addend, one field multiplication (2d·T)
// and three carried sums, as the serial code's cached form, then eight
// coordinates converted into lanes, one ifmaAddCached, and four copied
// back. Doubling: four coordinates converted (ifmaDouble does not read T's
// lane), one ifmaDouble, four copied back. MultByCofactor: three doublings
// in lanes, the lanes made dense again between them (setDense).
//
// # Dense lanes
//
// The scalar multiplications never hand a kernel a zero limb (see "Zero
// limbs" in vec_ifma.go): the timing of IFMA on special operands is not
// known. Points given to Add may hold zero limbs: the identity (0, 1, 1,
// 0), whose coordinates 1 have four zero limbs, or any point with a
// coordinate 0. So each coordinate e enters its lane as e + p, after one
// carry pass (setDense4). For e within the Element invariant (limbs
// below 2^51 + 2^18) the carry c_k = e_k >> 51 is 0 or 1, so the carried
// limbs are at most 2^51 - 1 + 19 (limb 0, which takes 19·c_4) and 2^51
// (the others), and with p's limbs (2^51 - 19, 2^51 - 1, ...) added every
// limb lies in [p_k, 2^52): never zero, and loose, which is what IFMA reads.
//
// Both kernels accept such lanes, by the bounds their twins state for
// loose limbs:
//
//   - ifmaDouble multiplies the lanes (X, Y, Z) as they are; ifma52's
//     MulColumns takes loose operands, and the doubling's sums of columns
//     are bounded for loose operands (vec_ifma.go, "Sums and differences").
//   - ifmaAddCached first forms Y + 2p - X, Y + X, T and Z and carries
//     them. X_k < 2^52 and Y_k >= p_k, so Y_k + 2p_k - X_k >= (2^51 - 19) +
//     (2^52 - 38) - (2^52 - 1) > 0: nothing underflows, and every sum is
//     below 2^53, which the carry takes.
//
// The addend is the serial code's cached form (Y-X, Y+X, 2d·T, 2Z), with
// carried sums so that each coordinate obeys the Element invariant, in
// dense lanes too. The kernels' own cached form is λ times that, λ =
// 121666; the addition formula is homogeneous in the addend, so λ = 1
// gives the same point. Subtract adds the negated addend, (Y+X, Y-X,
// -2d·T, 2Z): which of the two it is depends on the method called, not on
// the points.
//
// The kernels return reduced lanes (the Element invariant), which become
// the result's coordinates as they are. The kernels compute exactly the
// limbs of their ...Generic twins (vec_ifma_amd64_test.go checks it on
// dense lanes too), which the seam runs where the kernels are absent.
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

// setDenseCached sets v to the dense lanes of the addend (Y-X, Y+X, 2d·T,
// 2Z) of q, or of -q, (Y+X, Y-X, -2d·T, 2Z), when neg is true. neg is
// public: it is the method called.
func (v *ifmaLanes) setDenseCached(q *Point, neg bool) *ifmaLanes {
	var sum, diff, z2, t2d field.Element
	sum.Add(&q.y, &q.x)
	diff.Subtract(&q.y, &q.x)
	z2.Add(&q.z, &q.z)
	t2d.Multiply(&q.t, curveD2)
	// The two sums trade places by their pointers: copying the Elements
	// would read them back 16 bytes at a time over the 8-byte stores that
	// wrote them, which stalls store forwarding.
	lane0, lane1 := &diff, &sum
	if neg {
		lane0, lane1 = &sum, &diff
		t2d.Negate(&t2d)
	}
	return v.setDense4(lane0, lane1, &t2d, &z2)
}

// ifmaPointAdd sets v = p + q, or p - q when sub is true, with
// ifmaAddCached, and returns v.
func ifmaPointAdd(v, p, q *Point, sub bool) *Point {
	var pr, qr vecRoom[ifmaLanes]
	pl := pr.get().setDensePoint(p)
	ifmaAddCached(pl, qr.get().setDenseCached(q, sub))
	return pl.toPoint(v)
}

// setDense makes v's lanes, reduced as every kernel returns them, dense.
func (v *ifmaLanes) setDense() *ifmaLanes {
	var t Point
	return v.setDensePoint(v.toPoint(&t))
}

// ifmaPointDouble sets v = 2·p with ifmaDouble and returns v.
func ifmaPointDouble(v, p *Point) *Point {
	var pr vecRoom[ifmaLanes]
	pl := pr.get().setDensePoint(p)
	ifmaDouble(pl)
	return pl.toPoint(v)
}

// ifmaPointMultByCofactor sets v = 8·p with three ifmaDouble, the lanes
// made dense again between them, and returns v.
func ifmaPointMultByCofactor(v, p *Point) *Point {
	var pr vecRoom[ifmaLanes]
	pl := pr.get().setDensePoint(p)
	ifmaDouble(pl)
	ifmaDouble(pl.setDense())
	ifmaDouble(pl.setDense())
	return pl.toPoint(v)
}
