package edwards25519

// The point formulas of the AVX2 backend, as portable twins of its kernels
// (vec_avx2.go has the representation and the bounds). Every point
// operation is two rounds of four products and some lane shuffles: U = P
// rearranged, V = U ∘ Q (the first round), W1 and W2 rearranged from V, and
// W1 ∘ W2 (the second round). The doubling's first round is four squares
// (avx2SquaresGeneric), the other rounds vector multiplications.

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
// A cached addend λ·(Y2-X2, Y2+X2, 2d·T2, 2Z2) goes through the same steps:
// D = λ·2·Z1·Z2 where the affine one has 2·Z1 (vec.go, "The cached form").

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
// and q a loose addend, cached λ·(Y-X, Y+X, 2d·T, 2Z) or expanded affine
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

// The doubling, lane by lane (HWCD 2008, section 3.3, a = -1), with E, F,
// G and H all negated, which leaves their products as they are:
//
//	(A, B, Z², D) = (X², Y², Z², -(X+Y)²)      (avx2SquaresGeneric)
//	E' = A + B + D = -E   G' = A - B = -G   F' = G' + 2Z² = -F   H' = A + B = -H
//	2P = (E', G', G', E') ∘ (F', H', F', H') = (E·F, G·H, G·F, E·H)
//
// which is HWCD's (X3, Y3, Z3, T3). The squared lanes (X, Y, Z, X+Y) are at
// most twice reduced, as avx2SquaresGeneric requires. E' is a sum of three
// reduced values and G' = A + 2p - B a difference, so the first operand of
// the second product is loose; F' = A + 2p - B + 2Z² (three reduced limbs
// and 2p: below 5·2^26 in an even limb, 5·2^25 + 3·2^17 in an odd one) and
// H' = A + B are wide, which the second operand may be. The signs are what
// make each of the four a sum: E formed with a multiple of p would not be
// loose, and F and H would need 4p and a subtraction more.

// avx2DoubleGeneric sets p = 2·p for p reduced with lanes (X, Y, Z, T); T
// is not read. p stays reduced.
func avx2DoubleGeneric(p *avx2Lanes) {
	var s, w1, w2 avx2Lanes
	for i := range p {
		x, y, z := p[i][0], p[i][1], p[i][2]
		s[i] = [4]uint64{x, y, z, x + y}
	}
	avx2SquaresGeneric(&s, &s)
	for i := range s {
		a, b, zz, d := s[i][0], s[i][1], s[i][2], s[i][3]
		e := a + b + d
		g := a + avx2TwoP[i] - b
		f := g + 2*zz
		h := a + b
		w1[i] = [4]uint64{e, g, g, e}
		w2[i] = [4]uint64{f, h, f, h}
	}
	avx2MulGeneric(p, &w1, &w2)
}

// avx2CachedGeneric sets q to the cached form λ·(Y-X, Y+X, 2d·T, 2Z) of p
// (vec.go, "The cached form"), reduced: U = (Y + 2p - X, Y + X, 2p - T, Z),
// a loose value (2p is limb-wise at least any reduced limb), limb by limb
// times vecCachedFactors, one 32×32-bit product per limb and lane, then the
// carries of the multiplication. The products are below 3·2^26 · 2^18 <
// 2^46, far inside the column bound that the carries are proved for
// (2^63.5), so the result is reduced. The cached form is an addend for
// avx2AddCachedGeneric, exactly as an expanded affine addend is. q may
// alias p.
func avx2CachedGeneric(q, p *avx2Lanes) {
	f := &vecCachedFactors
	var u avx2Lanes
	for i := range p {
		x, y, z, t := p[i][0], p[i][1], p[i][2], p[i][3]
		u[i] = [4]uint64{(y + avx2TwoP[i] - x) * f[0], (y + x) * f[1], (avx2TwoP[i] - t) * f[2], z * f[3]}
	}
	for l := range 4 {
		var z [avx2LimbCount]uint64
		for k := range z {
			z[k] = u[k][l]
		}
		avx2Carry(&z)
		for k := range z {
			q[k][l] = z[k]
		}
	}
}

// avx2CachedPackGeneric sets a to the cached form of p, packed: the twin of
// the kernel that computes the form and packs it without storing the
// lanes.
func avx2CachedPackGeneric(a *avx2Addend, p *avx2Lanes) {
	var c avx2Lanes
	avx2CachedGeneric(&c, p)
	a.pack(&c)
}
