package edwards25519

import (
	"errors"

	"github.com/seed06d4b90c/edwards25519/field"
)

// This file holds the group law. Points live in four coordinate models,
// named after their coordinates (Hisil, Wong, Carter, Dawson, "Twisted
// Edwards Curves Revisited", ASIACRYPT 2008, hereafter HWCD; our curve has
// a = -1):
//
//	extended   (X:Y:Z:T)          x = X/Z, y = Y/Z, x·y = T/Z     the Point type
//	projective (X:Y:Z)            x = X/Z, y = Y/Z                 doubling input
//	completed  ((X:Z), (Y:T))     x = X/Z, y = Y/T                 sum before scaling
//	cached     (Y+X, Y-X, 2Z, 2dT) an addend prepared once, used many times
//	affine cached (y+x, y-x, 2dxy)  the same with Z = 1, for fixed tables
//
// Every sum and double is formed in the completed model, whose formulas have
// no exceptional cases on this curve (d is not a square, so the unified
// addition law is complete), and then scaled to projective (3M) or extended
// (4M) depending on what the next step needs.

// Point is a point on the edwards25519 curve.
//
// Like math/big.Int, its methods set the receiver and return it, and every
// argument may alias the receiver. The zero value is not a valid point: it
// may only be used as a receiver or copied by Set (as in v1.2.0, Set does
// not check its argument); passing it to any other method panics.
type Point struct {
	_ noCompare // Points have many encodings of one value: compare with Equal.

	// Extended coordinates: x = X/Z, y = Y/Z and X·Y = Z·T, Z ≠ 0.
	x, y, z, t field.Element
}

// noCompare is a zero-size field that makes a struct incomparable with ==.
type noCompare [0]func()

type projective struct{ x, y, z field.Element }

type completed struct{ x, y, z, t field.Element }

type cached struct{ yPlusX, yMinusX, z2, t2d field.Element }

type affineCached struct{ yPlusX, yMinusX, t2d field.Element }

// Curve constants, derived here from their definitions rather than pasted.
var (
	// curveD = -121665/121666 mod p (RFC 8032, section 5.1).
	curveD = func() *field.Element {
		num := new(field.Element).Mult32(new(field.Element).One(), 121665)
		den := new(field.Element).Mult32(new(field.Element).One(), 121666)
		num.Negate(num)
		return num.Multiply(num, den.Invert(den))
	}()
	// curveD2 = 2·d, the factor cached addends carry on their T.
	curveD2 = new(field.Element).Add(curveD, curveD)

	// sqrtMinusOne is the non-negative square root of -1 (RFC 9496,
	// section 4.1, SQRT_M1). fromAffineY needs it to build generator, so it
	// is initialized here rather than in an init function.
	sqrtMinusOne = func() field.Element {
		var one, minusOne, r field.Element
		one.One()
		minusOne.Negate(&one)
		if _, ok := r.SqrtRatio(&minusOne, &one); ok != 1 {
			panic("edwards25519: internal error: -1 is not a square")
		}
		return r
	}()

	// generator is the base point B of RFC 8032: y = 4/5 and x non-negative.
	generator = func() *Point {
		y := new(field.Element).Mult32(new(field.Element).One(), 4)
		five := new(field.Element).Mult32(new(field.Element).One(), 5)
		y.Multiply(y, five.Invert(five))
		p := new(Point)
		if _, err := p.fromAffineY(y, 0); err != nil {
			panic("edwards25519: internal error: 4/5 is not the y of a point")
		}
		return p
	}()
)

// mustBeInitialized panics, as v1.2.0 does, when p is the zero Point (whose
// X and Y are both the zero limbs, which no valid point has since Z ≠ 0).
// The ten limbs are ORed together before the one test, so that the time
// does not depend on X alone being zero, as it is for the identity (a
// short-circuit comparison of X first showed under dudect).
func mustBeInitialized(p *Point) {
	x, y := limbsOf(&p.x), limbsOf(&p.y)
	if x[0]|x[1]|x[2]|x[3]|x[4]|y[0]|y[1]|y[2]|y[3]|y[4] == 0 {
		panic("edwards25519: use of uninitialized Point")
	}
}

// NewIdentityPoint returns a new Point set to the identity (0, 1).
func NewIdentityPoint() *Point {
	return new(Point).setIdentity()
}

// NewGeneratorPoint returns a new Point set to the canonical generator B of
// RFC 8032.
func NewGeneratorPoint() *Point {
	return new(Point).Set(generator)
}

// setIdentity sets v = (0:1:1:0).
func (v *Point) setIdentity() *Point {
	*v = Point{}
	v.y.One()
	v.z.One()
	return v
}

// Set copies u into v, and returns v.
func (v *Point) Set(u *Point) *Point {
	v.x.Set(&u.x)
	v.y.Set(&u.y)
	v.z.Set(&u.z)
	v.t.Set(&u.t)
	return v
}

// Encoding and decoding (RFC 8032, sections 5.1.2 and 5.1.3).

// Bytes returns the canonical 32-byte encoding of v (RFC 8032, section
// 5.1.2): y in little-endian order with the sign of x in the top bit.
func (v *Point) Bytes() []byte {
	var enc [32]byte // stays on the caller's stack once Bytes is inlined
	return v.encodeInto(&enc)
}

func (v *Point) encodeInto(enc *[32]byte) []byte {
	mustBeInitialized(v)
	var x, y field.Element
	v.affine(&x, &y)
	copy(enc[:], y.Bytes())
	enc[31] |= byte(x.IsNegative() << 7)
	return enc[:]
}

// affine sets x = X/Z and y = Y/Z, at the cost of one inversion. It writes
// through pointers: results returned by value would be copied through
// memory right after the multiplies store them (see field.Element.Set).
func (v *Point) affine(x, y *field.Element) {
	var r field.Element
	r.Invert(&v.z)
	x.Multiply(&r, &v.x)
	y.Multiply(&r, &v.y)
}

var (
	errPointLength   = errors.New("edwards25519: invalid point encoding length")
	errPointEncoding = errors.New("edwards25519: invalid point encoding")
	errPointCoords   = errors.New("edwards25519: invalid point coordinates")
)

// SetBytes sets v = x, where x is a 32-byte encoding of v, and returns v. If x
// is not 32 bytes or does not encode a point on the curve, SetBytes returns
// nil and an error, and the receiver is unchanged.
//
// SetBytes accepts every non-canonical encoding of a valid point (y ≥ p, and
// x = 0 with the sign bit set), as most of the ecosystem does, rather than
// the strict rules of RFC 8032. The input is treated as public.
func (v *Point) SetBytes(x []byte) (*Point, error) {
	if len(x) != 32 {
		return nil, errPointLength
	}
	var y field.Element
	// field.Element.SetBytes ignores bit 255 and reduces y ≥ p, which is
	// exactly the lenient rule above. It cannot fail on 32 bytes.
	if _, err := y.SetBytes(x); err != nil {
		return nil, errPointEncoding
	}
	return v.fromAffineY(&y, int(x[31]>>7))
}

// fromAffineY sets v to the point with the given y whose x has the given
// sign bit, recovering x from the curve equation (RFC 8032, section 5.1.3):
//
//	x² = u/w,   u = y² - 1,   w = d·y² + 1.
//
// The denominator never vanishes because -1/d is not a square. On failure v
// is unchanged.
//
// The candidate is RFC 8032's, c = u·w³·(u·w⁷)^((p-5)/8), with u·w³ formed
// as (u·w)·w² and u·w⁷ as (u·w³)·w⁴: two squarings and three products make
// both. Then w·c² is u when c is a root, -u when c·√-1 is one, and
// neither when u/w is not a square. That is SqrtRatio's computation without
// its third comparison and its absolute value: the sign bit picks between
// the root and its negative directly (both are 0 when x = 0).
func (v *Point) fromAffineY(y *field.Element, sign int) (*Point, error) {
	var one, yy, u, w field.Element
	one.One()
	yy.Square(y)
	u.Subtract(&yy, &one)
	w.Multiply(&yy, curveD)
	w.Add(&w, &one)

	var w2, w4, uw, uw3, uw7, x field.Element
	w2.Square(&w)
	uw.Multiply(&u, &w)
	uw3.Multiply(&uw, &w2)
	w4.Square(&w2)
	uw7.Multiply(&uw3, &w4)
	x.Pow22523(&uw7)
	x.Multiply(&x, &uw3)

	var check, negX field.Element
	check.Square(&x)
	check.Multiply(&check, &w)
	if rootFromCandidate(&x, &x, &check, &u) != 1 { // public: the input is
		return nil, errPointEncoding
	}
	negX.Negate(&x)
	x.Select(&negX, &x, x.IsNegative()^sign)

	v.x.Set(&x)
	v.y.Set(y)
	v.z.One()
	v.t.Multiply(&x, y)
	return v, nil
}

// rootFromCandidate finishes a square root of RFC 8032's and RFC 9496's
// kind from a candidate c whose check value (c², or w·c² for a root of u/w)
// is u when c is a root, -u when c·√-1 is one, and neither when there is
// none. It sets r to c or c·√-1 accordingly and returns 1, or returns 0
// (r is then of no use). It runs in constant time; r may alias c.
func rootFromCandidate(r, c, check, u *field.Element) int {
	var minusU, rotated field.Element
	minusU.Negate(u)
	root, rootTimesI := check.Equal(u), check.Equal(&minusU)
	rotated.Multiply(c, &sqrtMinusOne)
	r.Select(&rotated, c, rootTimesI)
	return root | rootTimesI
}

// BytesMontgomery returns the canonical 32-byte little-endian encoding (RFC
// 7748) of the u-coordinate of v's image on the Montgomery curve Curve25519,
// u = (1 + y) / (1 - y) (RFC 7748, section 4.1).
//
// v and -v have the same u. The identity, where 1 - y = 0, encodes as 32 zero
// bytes, as X25519 does. [Point.SetMontgomeryBytes] goes the other way: it
// takes the sign of x as an argument, since a u of Curve25519 is the image
// of two points, and rejects a u of the twist, which is the image of none.
func (v *Point) BytesMontgomery() []byte {
	var out [32]byte
	return v.appendMontgomery(&out)
}

func (v *Point) appendMontgomery(out *[32]byte) []byte {
	mustBeInitialized(v)
	// In projective terms u = (Z + Y) / (Z - Y); Invert(0) = 0 gives the
	// identity's u = 0 without a branch.
	var num, den field.Element
	num.Add(&v.z, &v.y)
	den.Subtract(&v.z, &v.y)
	num.Multiply(&num, den.Invert(&den))
	copy(out[:], num.Bytes())
	return out[:]
}

// ExtendedCoordinates returns v in extended coordinates (X:Y:Z:T), where
// x = X/Z, y = Y/Z and x·y = T/Z (HWCD 2008, section 3). The results are
// fresh Elements that do not alias v.
func (v *Point) ExtendedCoordinates() (X, Y, Z, T *field.Element) {
	// Outlined so the four Elements can live on the caller's stack.
	var out [4]field.Element
	return v.extendedInto(&out)
}

func (v *Point) extendedInto(out *[4]field.Element) (X, Y, Z, T *field.Element) {
	mustBeInitialized(v)
	out[0].Set(&v.x)
	out[1].Set(&v.y)
	out[2].Set(&v.z)
	out[3].Set(&v.t)
	return &out[0], &out[1], &out[2], &out[3]
}

// SetExtendedCoordinates sets v = (X:Y:Z:T) in extended coordinates, where
// x = X/Z, y = Y/Z and x·y = T/Z (HWCD 2008, section 3), and returns v.
//
// If the coordinates do not describe a point on the curve, it returns nil and
// an error and leaves the receiver unchanged. Unlike v1.2.0, which accepts
// (0:0:0:0) and so builds an unusable Point, a zero Z is always rejected.
//
// The coordinates are treated as public: the time the check takes depends
// on them.
func (v *Point) SetExtendedCoordinates(X, Y, Z, T *field.Element) (*Point, error) {
	if !onCurveExtended(X, Y, Z, T) {
		return nil, errPointCoords
	}
	v.x, v.y, v.z, v.t = *X, *Y, *Z, *T
	return v, nil
}

// onCurveExtended reports whether (X:Y:Z:T) is a point: Z ≠ 0, the curve
// equation multiplied through by Z⁴ (using T = XY/Z),
//
//	-X² + Y² = Z² + d·T²,
//
// and the extended-coordinate relation X·Y = Z·T.
func onCurveExtended(X, Y, Z, T *field.Element) bool {
	var zero, lhs, rhs, tmp field.Element
	if Z.Equal(&zero) == 1 {
		return false
	}
	lhs.Square(Y)
	lhs.Subtract(&lhs, tmp.Square(X))
	rhs.Square(T)
	rhs.Multiply(&rhs, curveD)
	rhs.Add(&rhs, tmp.Square(Z))
	if lhs.Equal(&rhs) != 1 {
		return false
	}
	lhs.Multiply(X, Y)
	rhs.Multiply(Z, T)
	return lhs.Equal(&rhs) == 1
}

// Conversions between the coordinate models.

// fromCompleted scales a completed point to extended coordinates (4M):
// (X:Y:Z:T) = (X·T, Y·Z, Z·T, X·Y).
func (v *Point) fromCompleted(c *completed) *Point {
	v.t.Multiply(&c.y, &c.x)
	v.z.Multiply(&c.t, &c.z)
	v.y.Multiply(&c.z, &c.y)
	v.x.Multiply(&c.t, &c.x)
	return v
}

// fromCompleted scales a completed point to projective coordinates (3M),
// dropping T when the next step is a doubling, which does not read it.
func (p *projective) fromCompleted(c *completed) *projective {
	p.z.Multiply(&c.t, &c.z)
	p.y.Multiply(&c.z, &c.y)
	p.x.Multiply(&c.t, &c.x)
	return p
}

func (p *projective) fromExtended(v *Point) *projective {
	p.x.Set(&v.x)
	p.y.Set(&v.y)
	p.z.Set(&v.z)
	return p
}

func (p *projective) setIdentity() *projective {
	p.x.Zero()
	p.y.One()
	p.z.One()
	return p
}

// fromExtended prepares v as an addend: (Y+X, Y-X, 2Z, 2d·T), 1M. Storing
// 2Z saves the doubling of D in every addition that uses the addend.
//
// The three sums are lazy (limbs.go): Y+X and 2Z below 2b, Y-X below
// 2^53 + b. A cached addend is only ever multiplied (sum, addCached), swapped
// or scanned, never reduced or encoded, so this is within what
// multiplication accepts.
func (c *cached) fromExtended(v *Point) *cached {
	addLazy(&c.yPlusX, &v.y, &v.x)
	subLazy(&c.yMinusX, &v.y, &v.x)
	addLazy(&c.z2, &v.z, &v.z)
	c.t2d.Multiply(&v.t, curveD2)
	return c
}

// fromExtended prepares v as an affine addend (y+x, y-x, 2d·x·y): one
// inversion and 4M. Only used where the cost is paid once (fixed tables).
func (a *affineCached) fromExtended(v *Point) *affineCached {
	var x, y field.Element
	v.affine(&x, &y)
	a.yPlusX.Add(&y, &x)
	a.yMinusX.Subtract(&y, &x)
	a.t2d.Multiply(&x, &y)
	a.t2d.Multiply(&a.t2d, curveD2)
	return a
}

// The completed-model formulas.
//
// Addition (HWCD 2008, section 3.1, "add-2008-hwcd-3" with a = -1, k = 2d):
//
//	A = (Y1-X1)(Y2-X2)   B = (Y1+X1)(Y2+X2)   C = T1·2d·T2   D = 2·Z1·Z2
//	x3 = (B-A)/(D+C)     y3 = (B+A)/(D-C)
//
// so the completed result is ((B-A : D+C), (B+A : D-C)): 4M with a cached
// addend (which carries 2·Z2, so D is one product), 3M with an affine one
// (Z2 = 1 makes D = 2·Z1). Subtraction adds the negated addend, which swaps
// Y+X with Y-X and negates 2dT, so it costs the same.

// addCached sets c = p + q.
func (c *completed) addCached(p *Point, q *cached) *completed {
	var d field.Element
	d.Multiply(&p.z, &q.z2)
	return c.sum(p, &q.yPlusX, &q.yMinusX, &q.t2d, &d, false)
}

// subCached sets c = p - q.
func (c *completed) subCached(p *Point, q *cached) *completed {
	var d field.Element
	d.Multiply(&p.z, &q.z2)
	return c.sum(p, &q.yMinusX, &q.yPlusX, &q.t2d, &d, true)
}

// addAffine sets c = p + q for an affine addend.
func (c *completed) addAffine(p *Point, q *affineCached) *completed {
	var d field.Element
	addLazy(&d, &p.z, &p.z) // 2·Z1 < 2b, see sum
	return c.sum(p, &q.yPlusX, &q.yMinusX, &q.t2d, &d, false)
}

// subAffine sets c = p - q for an affine addend.
func (c *completed) subAffine(p *Point, q *affineCached) *completed {
	var d field.Element
	addLazy(&d, &p.z, &p.z) // 2·Z1 < 2b, see sum
	return c.sum(p, &q.yMinusX, &q.yPlusX, &q.t2d, &d, true)
}

// sum finishes p ± q from the addend's y+x and y-x (already swapped for a
// subtraction), its 2d·t and D: it forms A, B and C as named above and
//
//	p + q = ((B-A : D+C), (B+A : D-C)),   p - q = ((B-A : D-C), (B+A : D+C)),
//
// since negating q negates C. Which one is a public choice of the caller.
func (c *completed) sum(p *Point, qPlus, qMinus, qT2d, d *field.Element, minus bool) *completed {
	// p and the addend obey the Element invariant (limbs < b), and so do
	// the products; d is a product or the lazy 2·Z1 < 2b. The sums are lazy
	// (limbs.go): Y±X feed a multiplication; the four outputs, below
	// 2^53 + 2b, feed the scaling multiplications of fromCompleted.
	var a, b, cc field.Element
	subLazy(&a, &p.y, &p.x)
	a.Multiply(&a, qMinus)
	addLazy(&b, &p.y, &p.x)
	b.Multiply(&b, qPlus)
	cc.Multiply(&p.t, qT2d)
	subLazy(&c.x, &b, &a)
	addLazy(&c.y, &b, &a)
	if minus {
		subLazy(&c.z, d, &cc)
		addLazy(&c.t, d, &cc)
	} else {
		addLazy(&c.z, d, &cc)
		subLazy(&c.t, d, &cc)
	}
	return c
}

// double sets c = 2p (HWCD 2008, section 3.3, "dbl-2008-hwcd" with a = -1):
//
//	A = X²  B = Y²  C = 2Z²  E = (X+Y)² - A - B  G = B - A  H = -(A + B)
//	x3 = E/G   y3 = H/(G - C)
//
// 4S. The inputs are projective: doubling never needs T.
func (c *completed) double(p *projective) *completed {
	// X, Y, Z obey the Element invariant (limbs < b = 2^51 + 2^18), and so
	// do the squares. The sums are lazy (limbs.go): X+Y < 2b feeds a
	// square (which accepts limbs below 3*2^51); the four outputs, below 2^53 + 3b (C - G), feed the scaling
	// multiplications of fromCompleted.
	var a, bb, s field.Element
	addLazy(&s, &p.x, &p.y)
	c.x.Square(&s) // (X+Y)², becomes E below
	a.Square(&p.x)
	bb.Square(&p.y)
	addLazy(&c.y, &bb, &a)        // A + B = -H
	subLazy(&c.z, &bb, &a)        // G = B - A
	subLazy(&c.x, &c.x, &c.y)     // E = (X+Y)² - (A+B); A+B < 2b < 4p
	s.Square(&p.z)                // Z²
	addLazy(&s, &s, &s)           // C = 2Z²
	addSubLazy(&c.t, &s, &a, &bb) // C - G = 2Z² + A - B; y3 = (A+B)/(C-G)
	return c
}

// The exported group operations. On the IFMA backend, Add, Subtract,
// Double and MultByCofactor run the vector kernels instead of the formulas
// above (vec_ifma_point.go); they compute the same points, in other
// projective coordinates.

// Add stores p + q in v and returns v.
func (v *Point) Add(p, q *Point) *Point {
	mustBeInitialized(p)
	mustBeInitialized(q)
	if pointBackend == backendIFMA {
		ifmaAddPoint(v, p, q, 0)
		return v
	}
	var qc cached
	var sum completed
	qc.fromExtended(q)
	return v.fromCompleted(sum.addCached(p, &qc))
}

// Subtract stores p - q in v and returns v.
func (v *Point) Subtract(p, q *Point) *Point {
	mustBeInitialized(p)
	mustBeInitialized(q)
	if pointBackend == backendIFMA {
		ifmaAddPoint(v, p, q, ^uint64(0)) // the sign of q, by mask
		return v
	}
	var qc cached
	var diff completed
	qc.fromExtended(q)
	return v.fromCompleted(diff.subCached(p, &qc))
}

// Double sets v = 2·p, and returns v.
func (v *Point) Double(p *Point) *Point {
	mustBeInitialized(p)
	if pointBackend == backendIFMA {
		ifmaDoublePoint(v, p)
		return v
	}
	var pp projective
	var dbl completed
	pp.fromExtended(p)
	return v.fromCompleted(dbl.double(&pp))
}

// Negate sets v = -p, and returns v. On this curve -(x, y) = (-x, y).
func (v *Point) Negate(p *Point) *Point {
	mustBeInitialized(p)
	v.y.Set(&p.y)
	v.z.Set(&p.z)
	v.x.Negate(&p.x)
	v.t.Negate(&p.t)
	return v
}

// Equal returns 1 if v and u are the same point, and 0 otherwise. It runs in
// constant time. Projective representations are compared cross-multiplied:
// X1·Z2 = X2·Z1 and Y1·Z2 = Y2·Z1.
func (v *Point) Equal(u *Point) int {
	mustBeInitialized(v)
	mustBeInitialized(u)
	var l, r field.Element
	l.Multiply(&v.x, &u.z)
	r.Multiply(&u.x, &v.z)
	sameX := l.Equal(&r)
	l.Multiply(&v.y, &u.z)
	r.Multiply(&u.y, &v.z)
	return sameX & l.Equal(&r)
}

// Select sets v to a if cond == 1 and to b if cond == 0, in constant time,
// and returns v. Other values of cond are not supported: the result would
// mix the coordinates of a and b.
func (v *Point) Select(a, b *Point, cond int) *Point {
	mustBeInitialized(a)
	mustBeInitialized(b)
	v.t.Select(&a.t, &b.t, cond)
	v.z.Select(&a.z, &b.z, cond)
	v.y.Select(&a.y, &b.y, cond)
	v.x.Select(&a.x, &b.x, cond)
	return v
}

// doubleN sets v = 2^n·v, n ≥ 1, with n doublings, all but the last ending
// in projective coordinates (3M instead of 4M). pp and c are scratch space.
func (v *Point) doubleN(n int, pp *projective, c *completed) {
	pp.fromExtended(v)
	for range n - 1 {
		pp.fromCompleted(c.double(pp))
	}
	v.fromCompleted(c.double(pp))
}

// MultByCofactor stores 8·p, the point times the cofactor, in v and returns v.
func (v *Point) MultByCofactor(p *Point) *Point {
	mustBeInitialized(p)
	if pointBackend == backendIFMA {
		ifmaMultByCofactorPoint(v, p)
		return v
	}
	var pp projective
	var c completed
	v.Set(p).doubleN(3, &pp, &c)
	return v
}

// Constant-time selection and negation of addends, used by the tables.

func (c *cached) selectFrom(a, b *cached, cond int) *cached {
	c.yPlusX.Select(&a.yPlusX, &b.yPlusX, cond)
	c.yMinusX.Select(&a.yMinusX, &b.yMinusX, cond)
	c.z2.Select(&a.z2, &b.z2, cond)
	c.t2d.Select(&a.t2d, &b.t2d, cond)
	return c
}

// condNegate replaces c by -c when neg == 1: -(Y+X, Y-X, 2Z, 2dT) is
// (Y-X, Y+X, 2Z, -2dT).
func (c *cached) condNegate(neg int) *cached {
	negateAddend(&c.yPlusX, &c.yMinusX, &c.t2d, neg)
	return c
}

// condNegate replaces a by -a when neg == 1, as for cached addends.
func (a *affineCached) condNegate(neg int) *affineCached {
	negateAddend(&a.yPlusX, &a.yMinusX, &a.t2d, neg)
	return a
}

// negateAddend negates an addend given by its y+x, y-x and 2d·t when
// neg == 1, in constant time: negating x swaps y+x with y-x and negates t.
func negateAddend(yPlusX, yMinusX, t2d *field.Element, neg int) {
	yPlusX.Swap(yMinusX, neg)
	var minus field.Element
	minus.Negate(t2d)
	t2d.Select(&minus, t2d, neg)
}
