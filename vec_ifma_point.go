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
// Cost model. Addition: eight coordinates converted into lanes (for
// Subtract two of them negated first), one ifmaCached for the addend, one
// ifmaAddCached, and four coordinates copied back. Doubling: four
// coordinates converted (ifmaDouble reads T's lane too: its E is 2·T·Z),
// one ifmaDouble, four copied back. MultByCofactor: three doublings in lanes,
// the lanes made dense again between them (setDense).
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
// Y + 2p - X does not underflow for the reason above. Subtract adds the
// cached form of -q, (-X, Y, Z, -T), negated in Element arithmetic before
// the lanes are filled: which of the two it is depends on the method
// called, not on the points. The cached form that comes out is a
// kernel's result, reduced, and for the identity and the points of small
// order its limbs were checked to be nonzero (TestIFMAPointMethods).
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

// setCached sets v to the kernel's cached form of q, λ·(Y-X, Y+X, 2d·T,
// 2Z), or of -q when neg is true (see "The addend" above).
func (v *ifmaLanes) setCached(q *Point, neg bool) *ifmaLanes {
	ifmaCached(v, v.setCachedInput(q, neg))
	return v
}

// setCachedInput sets v to the lanes that setCached hands ifmaCached: X
// (or -X), Y and Z dense, and T (or -T) as it is. neg is public: it is the
// method called.
func (v *ifmaLanes) setCachedInput(q *Point, neg bool) *ifmaLanes {
	x, t := &q.x, &q.t
	var nx, nt field.Element
	if neg {
		x, t = nx.Negate(x), nt.Negate(t)
	}
	// setDense4 writes whole rows, T's dense lane included, which is then
	// overwritten with T as it is: a per-limb helper shared by both, to
	// skip that lane, made setDense4 and so Double slower.
	v.setDense4(x, &q.y, &q.z, t)
	tl := limbsOf(t)
	for k := range v {
		v[k][3] = tl[k]
	}
	return v
}

// ifmaPointAdd sets v = p + q, or p - q when sub is true, with
// ifmaAddCached, and returns v.
func ifmaPointAdd(v, p, q *Point, sub bool) *Point {
	var pr, qr vecRoom[ifmaLanes]
	pl := pr.get().setDensePoint(p)
	ifmaAddCached(pl, qr.get().setCached(q, sub))
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
