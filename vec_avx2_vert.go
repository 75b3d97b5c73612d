package edwards25519

// ----------------------------------------------------------------------------
// The base point's comb on AVX2, four accumulators across the lanes
//
// The AVX2 backend's additions compute one point in the four lanes: the
// lanes are its coordinates, and an addition is two multiplications of
// four lanes each (eight products, seven of which the formula needs) plus
// the lane shuffles between them. The base point's comb (comb.go) has no
// doublings, only 63 additions into one accumulator, and the order of the
// additions is free. So ScalarBaseMult on AVX2 runs four accumulators, one
// per lane: an avx2Vert holds the coordinate vectors X, Y, Z and T of four
// points, lane j of each belonging to point j. A step adds to point j an
// entry of row 4s+j, for the steps s = 0..15, and every product is lane by
// lane: HWCD's addition with an affine addend (Hisil, Wong, Carter and
// Dawson, "Twisted Edwards curves revisited", 2008, section 3.1) is seven
// multiplications for four points, with no shuffle, where the one-point
// form takes eight products and the shuffles per point. The four points are
// joined at the end by three additions.
//
// The entries are picked by the same scan as avx2AddDigit's (every entry
// of a row read, under masks from avx2DigitMasks), four times, and the
// four packed addends, (y-x, y+x, 2dxy, 2) in the lanes, are transposed
// into the three coordinate vectors of the step's addend. Rows 0..62 are
// the comb; row 63 is the identity eight times, (1, 1, 0) written
// (p+1, p+1, p) so that it has no zero limb, which the last step adds to
// point 3 under the public digit 1.
//
// Bounds (vec_avx2.go): X, Y, Z and T are reduced, and so are the table's
// y-x, y+x and 2dxy; 2p - 2dxy (a negative digit) is loose. S1 = Y + 2p - X,
// S2 = Y + X and D = 2Z are loose; A = (y-x)·S1, B = (y+x)·S2 and C =
// (2dxy)·T are reduced (the loose factor first); E = B + 2p - A, H = B + A
// and G = D + C are loose, F = D + 2p - C is wide (below 2^27 + 2^27 in an
// even limb); so X3 = E·F, Y3 = G·H, T3 = E·H and Z3 = G·F each have a
// loose first factor and a wide second one, and are reduced.
// ----------------------------------------------------------------------------

// avx2Vert is four points across the lanes: the coordinate vectors X, Y,
// Z and T, lane j of each a coordinate of point j.
type avx2Vert [4]avx2Lanes

// avx2VertRows is the number of rows of the four-accumulator comb: the 63
// of the comb and the identity's.
const avx2VertRows = 64

// avx2VertSteps is the number of four-row steps.
const avx2VertSteps = avx2VertRows / 4

// setDenseIdentity sets lane j of v to the identity (0, 1, 1, 0), written
// (p, p+1, p+1, p) with no zero limb (see "Zero limbs" in vec_avx2.go).
func (v *avx2Vert) setDenseIdentity(j int) {
	for i := range avx2LimbCount {
		v[0][i][j], v[1][i][j], v[2][i][j], v[3][i][j] = avx2P[i], avx2P[i], avx2P[i], avx2P[i]
	}
	v[1][0][j]++
	v[2][0][j]++
}

// setPoint sets lane j of v to p.
func (v *avx2Vert) setPoint(j int, p *Point) {
	v[0].setLane(j, &p.x)
	v[1].setLane(j, &p.y)
	v[2].setLane(j, &p.z)
	v[3].setLane(j, &p.t)
}

// avx2VertEntry is entry e of a group of four rows: the coordinates
// y-x, y+x and 2dxy, each packed (limb i's four lanes as 32-bit words),
// lane j holding entry e of row 4s+j.
type avx2VertEntry [3]avx2Addend

// avx2VertGroup is the eight entries of four rows.
type avx2VertGroup [combEntries]avx2VertEntry

// avx2VertLanes returns the per-lane words of the step's digits: the entry
// numbers |d_j|-1 and the sign masks (all ones for d_j < 0), two lanes to a
// word as avx2VertAddDigitsAsm takes them. Branch-free: constant time in
// the digits.
func avx2VertLanes(d *[4]int32) (idx01, idx23, neg01, neg23 uint64) {
	var idx, neg [4]uint64
	for j := range d {
		abs, n := digitAbsSign(d[j]) // n is 1 for d_j < 0, else 0
		idx[j] = uint64(abs - 1)
		neg[j] = uint64(-uint32(n))
	}
	return idx[0] | idx[1]<<32, idx[2] | idx[3]<<32, neg[0] | neg[1]<<32, neg[2] | neg[3]<<32
}

// avx2VertAddDigitsGeneric adds to point j of p the entry of group that
// the digit d_j names, negated for d_j < 0, for 1 ≤ |d_j| ≤ combEntries, in
// constant time in the digits: every entry read under a per-lane mask, the
// signed addend widened, and one addition of four points in seven
// lane-by-lane products.
func avx2VertAddDigitsGeneric(p *avx2Vert, group *avx2VertGroup, d *[4]int32) {
	idx01, idx23, neg01, neg23 := avx2VertLanes(d)
	idx := [4]uint32{uint32(idx01), uint32(idx01 >> 32), uint32(idx23), uint32(idx23 >> 32)}
	neg := [4]uint32{uint32(neg01), uint32(neg01 >> 32), uint32(neg23), uint32(neg23 >> 32)}
	var picked avx2VertEntry
	for e := range group {
		for l := range 4 {
			m := -uint32(1 ^ ((idx[l]^uint32(e))|-(idx[l]^uint32(e)))>>31) // all ones when idx_l = e
			for c := range picked {
				for i := range avx2LimbCount {
					picked[c][i][l] |= group[e][c][i][l] & m
				}
			}
		}
	}
	// The addend's coordinate vectors, signed lane by lane: y-x and y+x
	// swapped, 2dxy replaced by 2p - 2dxy.
	var q [3]avx2Lanes
	for i := range avx2LimbCount {
		for l := range 4 {
			ymx, ypx, t := picked[0][i][l], picked[1][i][l], picked[2][i][l]
			sw := (ymx ^ ypx) & neg[l]
			q[0][i][l] = uint64(ymx ^ sw)
			q[1][i][l] = uint64(ypx ^ sw)
			q[2][i][l] = uint64(t ^ (neg[l] & (t ^ (uint32(avx2TwoP[i]) - t))))
		}
	}
	x, y, z, t := &p[0], &p[1], &p[2], &p[3]
	var s1, s2, dd, a, b, c, e, f, g, h avx2Lanes
	for i := range avx2LimbCount {
		for l := range 4 {
			s1[i][l] = y[i][l] + avx2TwoP[i] - x[i][l]
			s2[i][l] = y[i][l] + x[i][l]
			dd[i][l] = z[i][l] + z[i][l]
		}
	}
	avx2MulGeneric(&a, &q[0], &s1)
	avx2MulGeneric(&b, &q[1], &s2)
	avx2MulGeneric(&c, &q[2], t)
	for i := range avx2LimbCount {
		for l := range 4 {
			e[i][l] = b[i][l] + avx2TwoP[i] - a[i][l]
			h[i][l] = b[i][l] + a[i][l]
			f[i][l] = dd[i][l] + avx2TwoP[i] - c[i][l]
			g[i][l] = dd[i][l] + c[i][l]
		}
	}
	avx2MulGeneric(x, &e, &f)
	avx2MulGeneric(y, &g, &h)
	avx2MulGeneric(t, &e, &h)
	avx2MulGeneric(z, &g, &f)
}

// avx2VertTable returns the base point's comb as avx2VertSteps groups of
// four rows (60 KiB), built at first use (avx2VertGroups) from a packed
// comb that is then dropped: ScalarBaseMult on AVX2 reads only the groups.
func avx2VertTable() *[avx2VertSteps]avx2VertGroup {
	return avx2VertComb.get(func() *[avx2VertSteps]avx2VertGroup {
		return avx2VertGroups(vecPackedComb[avx2Backend]())
	})
}

// avx2VertGroups returns the groups of a packed comb: rows 4s..4s+3 of the
// comb with the identity's row appended, entry by entry, transposed.
func avx2VertGroups(comb *[vecCombRows][combEntries]avx2Addend) *[avx2VertSteps]avx2VertGroup {
	var rows [avx2VertRows]*[combEntries]avx2Addend
	for i := range comb {
		rows[i] = &comb[i]
	}
	var id avx2Lanes
	id.setIdentity() // lanes (p, p+1, p+1, p)
	for i := range id {
		// (y-x, y+x, 2dxy, 2) = (1, 1, 0, 2), as (p+1, p+1, p, 2).
		id[i] = [4]uint64{id[i][1], id[i][1], id[i][0], 0}
	}
	id[0][3] = 2
	var idRow [combEntries]avx2Addend
	for e := range idRow {
		idRow[e].pack(&id)
	}
	rows[vecCombRows] = &idRow
	t := vecAligned[[avx2VertSteps]avx2VertGroup]()
	for s := range t {
		for e := range t[s] {
			for c := range t[s][e] {
				for i := range avx2LimbCount {
					for j := range 4 {
						t[s][e][c][i][j] = rows[4*s+j][e][i][c]
					}
				}
			}
		}
	}
	return t
}

// avx2VertRoom is the stack memory of scalarBaseMultAVX2: the four
// accumulators, a point in lanes and its cached form, the sum, and the
// point it ends as.
type avx2VertRoom struct {
	acc       avx2Vert
	p, c, sum avx2Lanes
	point     Point
}

// lanes sets l to point j of v as the one-point lanes (X, Y, Z, T).
func (v *avx2Vert) lanes(j int, l *avx2Lanes) {
	for i := range l {
		l[i] = [4]uint64{v[0][i][j], v[1][i][j], v[2][i][j], v[3][i][j]}
	}
}

// scalarBaseMultAVX2 is ScalarBaseMult's comb on AVX2 in four accumulators
// (see the section comment): point 0 starts at start, points 1 to 3 at the
// identity, and step s adds the digits 4s..4s+3 from rows 4s..4s+3 (the
// identity's row, under the digit 1, after digit 62). The four points are
// then joined in the one-point lanes by three cached additions. Constant
// time: the digits reach only the scans' masks, and the steps, the rows and
// the join are the same for every scalar.
func scalarBaseMultAVX2(v, start *Point, digits *[oddDigitCount]int8) *Point {
	groups := avx2VertTable()
	var room vecRoom[avx2VertRoom]
	s := room.get()
	s.acc.setPoint(0, start)
	for j := 1; j < 4; j++ {
		s.acc.setDenseIdentity(j)
	}
	for step := range groups {
		var d [4]int32
		for j := range d {
			d[j] = 1 // the identity's row, for i = oddDigitCount (public)
			if i := 4*step + j; i < oddDigitCount {
				d[j] = int32(digits[i])
			}
		}
		avx2VertAddDigits(&s.acc, &groups[step], &d)
	}
	s.acc.lanes(0, &s.sum)
	for j := 1; j < 4; j++ {
		s.acc.lanes(j, &s.p)
		avx2Cached(&s.c, &s.p)
		avx2AddCached(&s.sum, &s.c)
	}
	return v.Set(s.sum.toPoint(&s.point))
}
