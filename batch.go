package edwards25519

import "github.com/seed06d4b90c/edwards25519/field"

// Batch operations: work on many points that shares one field inversion.

// batchAffine sets, for every k, the affine addend of points[k] and, if
// wanted, points[k] itself with Z = 1, in the two places ptrs(&out[k])
// returns (the second may be nil). One field inversion serves all points
// (Montgomery's trick: invert the product of every Z, then peel the
// inverses off one by one): 3 multiplications per point to share the
// inversion and 4 to form (y+x, y-x, 2d·x·y). The points are treated as
// public.
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
			affine.x, affine.y, affine.t = x, y, a.t2d
			affine.z.One()
		}
		a.t2d.Multiply(&a.t2d, curveD2)
	}
}
