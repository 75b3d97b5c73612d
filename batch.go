package edwards25519

import "github.com/seed06d4b90c/edwards25519/field"

// ----------------------------------------------------------------------------
// Batch operations: one inversion for many values
//
// Montgomery's trick (P. L. Montgomery, "Speeding the Pollard and elliptic
// curve methods of factorization", Math. Comp. 48, 1987, section 10.3.1):
// with the prefix products a_i = z_0·…·z_i, one inversion gives 1/a_(n-1),
// and walking back, 1/z_i = (1/a_i)·a_(i-1) and 1/a_(i-1) = (1/a_i)·z_i:
// one inversion and 3(n-1) multiplications for n inverses. field.BatchInvert
// does this for field elements. Before they enter the products, zeros are
// replaced by a fixed element with random-looking limbs, and their outputs
// are set to 0 afterwards, both by constant-time selection. BatchInvert below
// does the same for scalars, with Scalar.Invert's random-looking constant as
// the stand-in (see Scalar.Invert).
//
// batchAffine makes points affine for the fixed tables; BatchBytes and
// BatchBytesMontgomery encode many points, whose Bytes and BytesMontgomery
// each spend an inversion.
// ----------------------------------------------------------------------------

// batchAffine sets, for every k, the affine addend of points[k] and, if
// wanted, points[k] itself with Z = 1, in the two places ptrs(&out[k])
// returns (the second may be nil). One field inversion serves all points:
// 3 multiplications per point to share the inversion and 4 to form
// (y+x, y-x, 2d·x·y). Constant time in the points (no Z is 0).
func batchAffine[T any](points []*Point, out []T, ptrs func(*T) (*affineCached, *Point)) {
	n := len(points)
	if n == 0 {
		return
	}
	addend := func(k int) *affineCached { a, _ := ptrs(&out[k]); return a }
	// Prefix products Z_0·…·Z_k, kept in the addends' t2d until overwritten.
	addend(0).t2d.Set(&points[0].z)
	for k := 1; k < n; k++ {
		addend(k).t2d.Multiply(&addend(k-1).t2d, &points[k].z)
	}
	var inv, zInv, x, y field.Element
	inv.Invert(&addend(n - 1).t2d) // 1/(Z_0·…·Z_(n-1)); no Z is 0
	for k := n - 1; k >= 0; k-- {
		p := points[k]
		a, affine := ptrs(&out[k])
		if k > 0 {
			zInv.Multiply(&inv, &addend(k-1).t2d) // 1/Z_k
			inv.Multiply(&inv, &p.z)              // 1/(Z_0·…·Z_(k-1))
		} else {
			zInv.Set(&inv)
		}
		x.Multiply(&p.x, &zInv)
		y.Multiply(&p.y, &zInv)
		a.yPlusX.Add(&y, &x)
		a.yMinusX.Subtract(&y, &x)
		a.t2d.Multiply(&x, &y)
		if affine != nil {
			affine.x.Set(&x)
			affine.y.Set(&y)
			affine.t.Set(&a.t2d)
			affine.z.One()
		}
		a.t2d.Multiply(&a.t2d, curveD2)
	}
}

// batchScalarStack is how many scalars BatchInvert keeps on the stack (72
// bytes each) before it allocates.
const batchScalarStack = 32

// BatchInvert sets v[i] = 1/x[i] (mod l) for every i, with v[i] = 0 where
// x[i] = 0, and returns v. It costs one [Scalar.Invert] for the whole batch
// and three multiplications per scalar, and runs in time that depends only
// on len(x), however many of the x[i] are zero.
//
// v and x must have the same length (BatchInvert panics otherwise, as
// [Point.MultiScalarMult] does for its slices), and their entries must not
// be nil. v[i] may be x[i], and v may be x. Up to 32 scalars BatchInvert
// does not allocate; beyond that it allocates one slice of len(x) entries
// for the inputs' copies and the prefix products.
func BatchInvert(v, x []*Scalar) []*Scalar {
	if len(v) != len(x) {
		panic("edwards25519: called BatchInvert with different size inputs")
	}
	n := len(x)
	if n == 0 {
		return v
	}
	// in is x[i], or Invert's constant c where x[i] = 0 (zero is then all
	// ones): any nonzero value keeps the products invertible, and c keeps
	// their words random-looking, as Invert does (see there). prefix is
	// in[0]·…·in[i]. They are copies, so v may alias x.
	type term struct {
		in, prefix Scalar
		zero       uint64
	}
	var buf [batchScalarStack]term
	terms := termsIn(buf[:], n)
	for i := range terms {
		e := &terms[i]
		e.zero = scalarZeroMask(x[i])
		for k := range e.in.w {
			e.in.w[k] = x[i].w[k] | scalarInvBlind.w[k]&e.zero // x[i] is 0 where zero is set
		}
		if i == 0 {
			e.prefix = e.in
		} else {
			e.prefix.Multiply(&terms[i-1].prefix, &e.in)
		}
	}
	var t, inv Scalar
	t.Invert(&terms[n-1].prefix) // a product of nonzero scalars mod a prime: never 0
	for i := n - 1; i >= 0; i-- {
		if i > 0 { // i is public
			inv.Multiply(&t, &terms[i-1].prefix) // 1/in[i]
			t.Multiply(&t, &terms[i].in)         // 1/prefix[i-1]
		} else {
			inv = t
		}
		for k := range inv.w {
			v[i].w[k] = inv.w[k] &^ terms[i].zero
		}
	}
	return v
}

// scalarZeroMask returns all ones if s = 0 and 0 otherwise, in constant
// time (s is canonical, so 0 has only zero words).
func scalarZeroMask(s *Scalar) uint64 {
	d := s.w[0] | s.w[1] | s.w[2] | s.w[3]
	// d|-d has its top bit set exactly when d != 0.
	return (d|-d)>>63 - 1
}

// BatchBytes returns the encodings of points, element i equal to
// points[i].Bytes(), at the cost of one field inversion for the whole batch
// (Bytes spends one per point) and a few multiplications per point. The
// returned slices are fresh and share no memory with each other. It runs
// in time that depends only on len(points), and panics, as Bytes does, if
// a point is uninitialized.
func BatchBytes(points []*Point) [][]byte {
	// x = X/Z and y = Y/Z, with the 1/Z of every point from one inversion.
	zInv := batchInverses(points, func(z *field.Element, p *Point) { z.Set(&p.z) })
	out := make([][]byte, len(points))
	var x, y field.Element
	for i, p := range points {
		x.Multiply(&p.x, &zInv[i])
		y.Multiply(&p.y, &zInv[i])
		enc := make([]byte, 32)
		copy(enc, y.Bytes())
		enc[31] |= byte(x.IsNegative() << 7)
		out[i] = enc
	}
	return out
}

// BatchBytesMontgomery returns the Montgomery u-coordinates of points,
// element i equal to points[i].BytesMontgomery(), at the cost of one field
// inversion for the whole batch and a few multiplications per point. The
// returned slices are fresh and share no memory with each other. It runs
// in time that depends only on len(points), and panics, as BytesMontgomery
// does, if a point is uninitialized.
func BatchBytesMontgomery(points []*Point) [][]byte {
	// u = (Z + Y)/(Z - Y). Z - Y is 0 only for the identity, whose inverse
	// comes out as 0 (and u as 0, as BytesMontgomery has it).
	denInv := batchInverses(points, func(d *field.Element, p *Point) { d.Subtract(&p.z, &p.y) })
	out := make([][]byte, len(points))
	var u field.Element
	for i, p := range points {
		u.Add(&p.z, &p.y)
		u.Multiply(&u, &denInv[i])
		enc := make([]byte, 32)
		copy(enc, u.Bytes())
		out[i] = enc
	}
	return out
}

// batchInverses checks that every point is initialized, then returns the
// inverses of the elements den(&e, points[i]) sets, with 0 for 0, from
// one field.BatchInvert.
func batchInverses(points []*Point, den func(e *field.Element, p *Point)) []field.Element {
	for _, p := range points {
		mustBeInitialized(p)
	}
	inv := make([]field.Element, len(points))
	ptrs := make([]*field.Element, len(points))
	for i, p := range points {
		den(&inv[i], p)
		ptrs[i] = &inv[i]
	}
	field.BatchInvert(ptrs, ptrs)
	return inv
}
