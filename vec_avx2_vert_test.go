package edwards25519

import (
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"
)

// Tests of the four-accumulator comb (vec_avx2_vert.go) on every GOARCH:
// the twin's bounds limb by limb and its values on math/big, the groups
// against the packed comb, and each lane's sum against the one-point twin.
// vec_avx2_vert_amd64_test.go checks the kernel against the twin limb for
// limb; ScalarBaseMult on this backend is tested with the others.

// vvRandVert returns four points' coordinate vectors with every limb random
// below the reduced bound (often at it or zero).
func vvRandVert(r *rand.Rand) *avx2Vert {
	var v avx2Vert
	for c := range v {
		v[c] = *vtRandLimbs(r, vtReducedMax)
	}
	return &v
}

// vvRandGroup returns a group of random packed words below the reduced
// bound.
func vvRandGroup(r *rand.Rand) *avx2VertGroup {
	var g avx2VertGroup
	for e := range g {
		for c := range g[e] {
			for i := range avx2LimbCount {
				for l := range 4 {
					g[e][c][i][l] = uint32(vtLimb(r, i, vtReducedMax))
				}
			}
		}
	}
	return &g
}

// vvDigits returns four random digits, 1 ≤ |d| ≤ 8.
func vvDigits(r *rand.Rand) *[4]int32 {
	var d [4]int32
	for j := range d {
		d[j] = vecRandDigit(r)
	}
	return &d
}

// TestAVX2VertBounds checks the bounds of the section comment of
// vec_avx2_vert.go limb by limb, from the largest reduced inputs: the sums
// do not underflow, S1, S2, D, E, H, G and 2p - 2dxy are loose, and F is
// wide, so every product has a loose first factor and a wide second one.
func TestAVX2VertBounds(t *testing.T) {
	for i := range avx2LimbCount {
		red, twoP := vtReducedMax(i), avx2TwoP[i]
		if twoP < red {
			t.Fatalf("limb %d: 2p's limb %#x is below a reduced limb %#x: Y + 2p - X could underflow", i, twoP, red)
		}
		for _, b := range []struct {
			name      string
			max, want uint64
		}{
			{"S1 = Y + 2p - X and E = B + 2p - A", red + twoP, vtLooseMax(i)},
			{"S2 = Y + X, H = B + A and D = 2Z", 2 * red, vtLooseMax(i)},
			{"G = D + C", 3 * red, vtLooseMax(i)},
			{"2p - 2dxy", twoP, vtLooseMax(i)},
			{"F = D + 2p - C", 2*red + twoP, vtWideMax(i)},
		} {
			if b.max > b.want {
				t.Errorf("limb %d: %s reaches %#x, over %#x", i, b.name, b.max, b.want)
			}
		}
	}
}

// vvWant returns lane l of the sum the step computes, on math/big: HWCD's
// affine addition of (ymx, ypx, t) to (X, Y, Z, T), every value mod p.
func vvWant(p *avx2Vert, q *[3]*big.Int, l int) [4]*big.Int {
	m := func(x *big.Int) *big.Int { return x.Mod(x, vecP) }
	x, y, z, tt := vtLaneMod(&p[0], l), vtLaneMod(&p[1], l), vtLaneMod(&p[2], l), vtLaneMod(&p[3], l)
	a := m(new(big.Int).Mul(q[0], new(big.Int).Sub(y, x)))
	b := m(new(big.Int).Mul(q[1], new(big.Int).Add(y, x)))
	c := m(new(big.Int).Mul(q[2], tt))
	d := m(new(big.Int).Lsh(z, 1))
	e, h := m(new(big.Int).Sub(b, a)), m(new(big.Int).Add(b, a))
	f, g := m(new(big.Int).Sub(d, c)), m(new(big.Int).Add(d, c))
	return [4]*big.Int{
		m(new(big.Int).Mul(e, f)), m(new(big.Int).Mul(g, h)),
		m(new(big.Int).Mul(g, f)), m(new(big.Int).Mul(e, h)),
	}
}

// vvEntryBig returns coordinate c of lane l of entry e of g, mod p.
func vvEntryBig(g *avx2VertGroup, e, c, l int) *big.Int {
	var w avx2Lanes
	for i := range w {
		w[i][l] = uint64(g[e][c][i][l])
	}
	return vtLaneMod(&w, l)
}

// TestAVX2VertGeneric checks the twin's values on math/big, on random limbs
// and the largest reduced ones, with every digit in every lane: each lane
// of the result is HWCD's sum of its accumulator and the entry its digit
// names (y-x and y+x swapped and 2dxy negated for a negative digit), and
// reduced.
func TestAVX2VertGeneric(t *testing.T) {
	r := ptRand(t)
	var maxVert avx2Vert
	for c := range maxVert {
		maxVert[c] = *vtFill(vtReducedMax)
	}
	var maxGroup avx2VertGroup
	for e := range maxGroup {
		for c := range maxGroup[e] {
			for i := range avx2LimbCount {
				w := uint32(vtReducedMax(i))
				maxGroup[e][c][i] = [4]uint32{w, w, w, w}
			}
		}
	}
	for n := range 120 {
		p, g := vvRandVert(r), vvRandGroup(r)
		if n%3 == 0 {
			p, g = &maxVert, &maxGroup
		}
		d := vvDigits(r)
		if n < 16 {
			// Every digit in every lane.
			for j := range d {
				d[j] = int32(n%8+1) * (1 - 2*int32((n/8+j)%2))
			}
		}
		what := "input " + strconv.Itoa(n)
		got := *p
		avx2VertAddDigitsGeneric(&got, g, d)
		for c := range got {
			vtCheckBound(t, what, &got[c], vtReducedMax)
		}
		for l := range 4 {
			e := int(max(d[l], -d[l])) - 1
			q := [3]*big.Int{vvEntryBig(g, e, 0, l), vvEntryBig(g, e, 1, l), vvEntryBig(g, e, 2, l)}
			if d[l] < 0 {
				q[0], q[1] = q[1], q[0]
				q[2].Neg(q[2]).Mod(q[2], vecP)
			}
			want := vvWant(p, &q, l)
			for c := range 4 {
				if vtLaneMod(&got[c], l).Cmp(want[c]) != 0 {
					t.Fatalf("%s lane %d digit %d: coordinate %d is wrong", what, l, d[l], c)
				}
			}
		}
	}
}

// TestAVX2VertTable checks the groups against the packed comb: lane j of
// entry e of group s is entry e of row 4s+j, and row 63 is the identity's
// affine addend (1, 1, 0) in every entry, written without a zero limb.
func TestAVX2VertTable(t *testing.T) {
	rows := vecPackedComb[avx2Backend]()
	groups := avx2VertTable()
	for s := range groups {
		for e := range groups[s] {
			for j := range 4 {
				row := 4*s + j
				for c := range 3 {
					for i := range avx2LimbCount {
						got := groups[s][e][c][i][j]
						if row == vecCombRows {
							if got == 0 {
								t.Fatalf("the identity's entry %d has a zero limb", e)
							}
							continue
						}
						if want := rows[row][e][i][c]; got != want {
							t.Fatalf("group %d entry %d lane %d coordinate %d limb %d: %#x, want %#x", s, e, j, c, i, got, want)
						}
					}
				}
				if row == vecCombRows {
					for c, want := range []int64{1, 1, 0} {
						if x := vvEntryBig(&groups[s], e, c, j); x.Cmp(big.NewInt(want)) != 0 {
							t.Fatalf("the identity's entry %d: coordinate %d is %v, want %d", e, c, x, want)
						}
					}
				}
			}
		}
	}
}

// TestAVX2VertLanesMatchOnePoint runs a chain of steps from points on the
// twin and compares each lane with the one-point twin's additions of the
// same rows and digits, as points.
func TestAVX2VertLanesMatchOnePoint(t *testing.T) {
	r := ptRand(t)
	rows := vecPackedComb[avx2Backend]()
	groups := avx2VertTable()
	pts := ptPoints(t, r, 4)
	var v avx2Vert
	var one [4]avx2Lanes
	for j := range 4 {
		v.setPoint(j, pts[j])
		one[j].fromPoint(pts[j])
	}
	for step := range 40 {
		s := r.IntN(avx2VertSteps - 1) // the comb's rows, not the identity's
		d := vvDigits(r)
		avx2VertAddDigitsGeneric(&v, &groups[s], d)
		for j := range 4 {
			avx2AddDigitGeneric(&one[j], &rows[4*s+j], d[j])
			var l avx2Lanes
			v.lanes(j, &l)
			if l.toPoint(new(Point)).Equal(one[j].toPoint(new(Point))) != 1 {
				t.Fatalf("step %d lane %d: the lanes disagree with the one-point twin", step, j)
			}
		}
	}
}
