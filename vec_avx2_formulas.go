package edwards25519

// The point formulas of the AVX2 backend, as portable twins of its kernels
// (vec_avx2.go has the representation and the bounds). Every point
// operation is two vector multiplications and some lane shuffles: U = P
// rearranged, V = U ∘ Q (the first round of four products), W1 and W2
// rearranged from V, and W1 ∘ W2 (the second round).

// The mixed addition, lane by lane (HWCD 2008, section 3.1, a = -1, with the
// addend's 2d folded into its third lane and its Z = 1 into the constant 2 of
// the fourth):
//
//	U = (Y1 - X1, Y1 + X1, T1, Z1)          from P = (X1, Y1, Z1, T1)
//	V = U ∘ Q = (A, B, C, D)                Q = (y2-x2, y2+x2, 2d·x2·y2, 2)
//	E = B - A   F = D - C   G = D + C   H = B + A
//	P' = (E, G, G, E) ∘ (F, H, F, H) = (E·F, G·H, G·F, E·H) = (X3, Y3, Z3, T3)
//
// Every difference is formed as x + 2p - y (reduced y), so every
// multiplication's input is loose. Negating the addend (a public or masked
// choice) swaps its first two lanes and replaces the third by 2p - 2d·x·y.
// A cached addend (Y2-X2, Y2+X2, 2d·T2, 2Z2) goes through the same steps:
// D = 2·Z1·Z2 where the affine one has 2·Z1.

// avx2ExpandAddend sets q to the addend a, negated when neg is all ones
// (neg is 0 or all ones; the choice is made with masks, in constant time).
func avx2ExpandAddend(q *avx2Lanes, a *avx2Addend, neg uint64) {
	for i := range q {
		y0, y1, t, two := uint64(a[i][0]), uint64(a[i][1]), uint64(a[i][2]), uint64(a[i][3])
		q[i][0] = y0 ^ (neg & (y0 ^ y1))
		q[i][1] = y1 ^ (neg & (y0 ^ y1))
		q[i][2] = t ^ (neg & (t ^ (avx2TwoP[i] - t)))
		q[i][3] = two
	}
}

// avx2AddAffineGeneric sets p = p ± a (minus when neg is all ones), for p
// reduced with lanes (X, Y, Z, T); p stays reduced.
func avx2AddAffineGeneric(p *avx2Lanes, a *avx2Addend, neg uint64) {
	var q avx2Lanes
	avx2ExpandAddend(&q, a, neg)
	avx2AddCachedGeneric(p, &q)
}

// avx2SumsGeneric sets u = (Y-X, Y+X, T, Z) from p = (X, Y, Z, T), the
// difference as Y + 2p - X: the first step of an addition, and of the
// cached form.
func avx2SumsGeneric(u, p *avx2Lanes) {
	for i := range p {
		x, y, z, t := p[i][0], p[i][1], p[i][2], p[i][3]
		u[i] = [4]uint64{y + avx2TwoP[i] - x, y + x, t, z}
	}
}

// avx2AddCachedGeneric sets p = p + q for p reduced with lanes (X, Y, Z, T)
// and q a loose addend, cached (Y-X, Y+X, 2d·T, 2Z) or expanded affine
// (y-x, y+x, 2d·x·y, 2); p stays reduced.
func avx2AddCachedGeneric(p, q *avx2Lanes) {
	var u, w1, w2 avx2Lanes
	avx2SumsGeneric(&u, p)
	avx2MulGeneric(&u, &u, q)
	for i := range u {
		a, b, c, d := u[i][0], u[i][1], u[i][2], u[i][3]
		e, f, g, h := b+avx2TwoP[i]-a, d+avx2TwoP[i]-c, d+c, b+a
		w1[i] = [4]uint64{e, g, g, e}
		w2[i] = [4]uint64{f, h, f, h}
	}
	avx2MulGeneric(p, &w1, &w2)
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
// 5·2^25 + 2^17 (odd), which is "wide", and the multiplication accepts a
// wide second operand. Putting G·F's G on the left is what keeps every
// factor of the first operand loose. (The product 2XY rather than a square
// keeps E loose; docs/PERFORMANCE.md has the squaring variant, measured
// slower.)

// avx2DoubleGeneric sets p = 2·p for p reduced with lanes (X, Y, Z, T); T
// is not read. p stays reduced.
func avx2DoubleGeneric(p *avx2Lanes) {
	var s1, s2, w1, w2 avx2Lanes
	for i := range p {
		x, y, z := p[i][0], p[i][1], p[i][2]
		s1[i] = [4]uint64{x, y, z, x}
		s2[i] = [4]uint64{x, y, z + z, y + y}
	}
	avx2MulGeneric(&s1, &s1, &s2)
	for i := range s1 {
		a, b, c, e := s1[i][0], s1[i][1], s1[i][2], s1[i][3]
		g := b + avx2TwoP[i] - a
		f := b + avx2FourP[i] - a - c
		h := avx2FourP[i] - a - b
		w1[i] = [4]uint64{e, g, g, e}
		w2[i] = [4]uint64{f, h, f, h}
	}
	avx2MulGeneric(p, &w1, &w2)
}

// avx2CachedScale is the lanes (1, 1, 2d, 2), by which avx2CachedGeneric
// scales (Y-X, Y+X, T, Z).
var avx2CachedScale = vecCachedScale[avx2Lanes]()

// avx2CachedGeneric sets q to the cached form (Y-X, Y+X, 2d·T, 2Z) of p,
// reduced: one vector multiplication. The cached form is an addend for
// avx2AddCachedGeneric, exactly as an expanded affine addend is (with 2Z in
// place of the affine 2). q may alias p.
func avx2CachedGeneric(q, p *avx2Lanes) {
	var u avx2Lanes
	avx2SumsGeneric(&u, p)
	avx2MulGeneric(q, &u, &avx2CachedScale)
}
