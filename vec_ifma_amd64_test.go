//go:build amd64 && !purego

package edwards25519

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/cpu"

	"github.com/seed06d4b90c/edwards25519/field"

	"github.com/seed06d4b90c/edwards25519/internal/ifma52"
)

// The IFMA kernels of vec_ifma_amd64.s against their twins in vec_ifma.go,
// limb for limb (==, not only by value): the assembly runs the same steps,
// so any difference is a bug even when the value mod p agrees.
// vec_ifma_test.go checks the twins themselves by value.

func iftRequireIFMA(t testing.TB) {
	t.Helper()
	if !ifmaAvailable {
		t.Skip("CPU without AVX2, AVX512F, AVX512VL and AVX512IFMA: the IFMA kernels cannot run here")
	}
}

// iftAnyVec returns 64-bit limbs outside every bound: the kernels and the
// twins read the low 52 bits of a multiplication operand and wrap at 2^64
// alike, so they must agree limb for limb even there.
func iftAnyVec(r *rand.Rand) *iftVec {
	var v iftVec
	for k := range v {
		for l := range v[k] {
			v[k][l] = r.Uint64() >> r.UintN(16)
		}
	}
	return &v
}

func TestIFMAMulKernel(t *testing.T) {
	iftForKernels(t, func(t *testing.T, k *iftKernels) {
		r := ptRand(t)
		edges := iftEdgeVecs()
		var inputs [][2]*iftVec
		for _, a := range edges {
			for _, b := range edges {
				inputs = append(inputs, [2]*iftVec{a, b})
			}
		}
		for n := range 3000 {
			a, b := iftRandVec(r, iftLoose), iftRandVec(r, iftLoose)
			switch n % 5 {
			case 0:
				b = edges[r.IntN(len(edges))]
			case 1:
				a = edges[r.IntN(len(edges))]
			case 2:
				a, b = iftAnyVec(r), iftAnyVec(r)
			}
			inputs = append(inputs, [2]*iftVec{a, b})
		}
		for n, in := range inputs {
			a, b := (*ifmaLanes)(in[0]), (*ifmaLanes)(in[1])
			what := "ifmaMulIFMA input " + strconv.Itoa(n)
			var want ifmaLanes
			ifmaMulGeneric(&want, a, b)
			g := newVecGuarded(&ifmaLanes{})
			ac, bc := *a, *b
			k.mul(&g.v, &ac, &bc)
			g.check(t, what)
			vecSameLimbs(t, what, g.v[:], want[:])
			if ac != *a || bc != *b {
				t.Fatalf("%s modified its inputs", what)
			}
			x := *a
			k.mul(&x, &x, b)
			vecSameLimbs(t, what+" (out = a)", x[:], want[:])
			x = *b
			k.mul(&x, a, &x)
			vecSameLimbs(t, what+" (out = b)", x[:], want[:])
			var sq ifmaLanes
			ifmaMulGeneric(&sq, a, a)
			x = *a
			k.mul(&x, &x, &x)
			vecSameLimbs(t, what+" (out = a = b)", x[:], sq[:])
		}
	})
}

// iftAccumulators returns accumulators for the point kernels: points
// (torsion and identity included), in lanes, in the dense lanes of
// Point.Add and Double and as Point.Add hands ifmaCached its addend, the
// reduced maximum, a sparse vector, random reduced limbs, and arbitrary
// 64-bit limbs.
//
// The sparse one, (0, 2^26, 2^26, 1) in limb 0 and zeros elsewhere, has
// columns whose limbs are below 2^10. A multiple of β added to a column
// before the carry changes the carried limbs only there (a limb of x +
// 2^10·p splits differently from x's only when x's is below 2^10 mod
// 2^51), so random limbs alone could not tell apart a kernel and a twin
// that differed by such a bias.
func iftAccumulators(t testing.TB, r *rand.Rand, n int) []*ifmaLanes {
	sparse := new(ifmaLanes)
	sparse[0] = [4]uint64{0, 1 << 26, 1 << 26, 1}
	out := []*ifmaLanes{(*ifmaLanes)(iftFill(iftReduced)), new(ifmaLanes).setIdentity(), sparse}
	for i, p := range ptPoints(t, r, 16) {
		// The lanes of Point.Add, Subtract and Double on this backend too.
		if i%2 == 1 {
			p = new(Point).Negate(p)
		}
		out = append(out, new(ifmaLanes).fromPoint(p), new(ifmaLanes).setDensePoint(p),
			new(ifmaLanes).setCachedInput(p))
	}
	for len(out) < n {
		if len(out)%8 == 0 {
			out = append(out, (*ifmaLanes)(iftAnyVec(r)))
			continue
		}
		out = append(out, (*ifmaLanes)(iftRandVec(r, iftReduced)))
	}
	return out
}

// iftFromCached returns the addend (Y-X, Y+X, 2d·T, 2Z) of the scalar
// code's cached form c, carried (its sums are lazy, up to 2^53 + 2^52).
func iftFromCached(c *cached) *ifmaAddend {
	q := new(ifmaAddend)
	v := (*ifmaLanes)(q)
	v.setLane(0, &c.yMinusX)
	v.setLane(1, &c.yPlusX)
	v.setLane(2, &c.t2d)
	v.setLane(3, &c.z2)
	ifma52.Carry((*iftVec)(q))
	return q
}

// iftAddends returns addends: affine and cached forms of points, the
// identity's affine addend (zero limbs and all), the addends of
// Point.Add and Subtract, the reduced maximum, random
// reduced limbs, and arbitrary 64-bit limbs.
func iftAddends(t testing.TB, r *rand.Rand, n int) []*ifmaAddend {
	out := []*ifmaAddend{(*ifmaAddend)(iftFill(iftReduced)), iftAffine(NewIdentityPoint())}
	for i, p := range ptPoints(t, r, 12) {
		var c cached
		// As Point.Add builds it (Subtract then applies a sign), by the
		// twin of the kernel, so that the inputs exist on every CPU.
		own := new(ifmaLanes)
		if i%2 == 1 {
			p = new(Point).Negate(p)
		}
		ifmaCachedGeneric(own, new(ifmaLanes).setCachedInput(p))
		out = append(out, iftAffine(p), iftFromCached(c.fromExtended(p)), (*ifmaAddend)(own))
	}
	for len(out) < n {
		if len(out)%8 == 0 {
			out = append(out, (*ifmaAddend)(iftAnyVec(r)))
			continue
		}
		out = append(out, (*ifmaAddend)(iftRandVec(r, iftReduced)))
	}
	return out
}

// TestIFMAPointKernels runs the doubling, the cached form (also stored with
// its limbs 64 bytes apart, ifmaCachedSpaced), the three additions and n
// doublings fused with an addition (ifmaDoubleNAddAffine) on hundreds of
// accumulators and addends against the twins, limb for limb, with guard
// words around every output and a check that no input is modified.
func TestIFMAPointKernels(t *testing.T) {
	iftForKernels(t, func(t *testing.T, k *iftKernels) {
		r := ptRand(t)
		accs := iftAccumulators(t, r, 300)
		addends := iftAddends(t, r, 100)
		for n, p := range accs {
			what := " input " + strconv.Itoa(n)

			want := *p
			ifmaDoubleGeneric(&want)
			g := newVecGuarded(p)
			k.double(&g.v)
			g.check(t, "ifmaDouble"+what)
			vecSameLimbs(t, "ifmaDouble"+what, g.v[:], want[:])

			var c ifmaLanes
			ifmaCachedGeneric(&c, p)
			g = newVecGuarded(&ifmaLanes{})
			pc := *p
			k.cached(&g.v, &pc)
			g.check(t, "ifmaCached"+what)
			vecSameLimbs(t, "ifmaCached"+what, g.v[:], c[:])
			if pc != *p {
				t.Fatalf("ifmaCached%s modified its input", what)
			}
			k.cached(&pc, &pc)
			vecSameLimbs(t, "ifmaCached (q = p)"+what, pc[:], c[:])

			// The spaced store: the even limbs of q are the cached form,
			// the odd ones keep their words, and so do the guards.
			var fill [9][4]uint64
			for j := range fill {
				fill[j] = [4]uint64{uint64(j), ^uint64(j), vecGuardWord, uint64(n)}
			}
			gs := newVecGuarded(&fill)
			k.cachedSpaced(&gs.v, p)
			gs.check(t, "ifmaCachedSpaced"+what)
			for j := range gs.v {
				w := fill[j]
				if j%2 == 0 {
					w = c[j/2]
				}
				if gs.v[j] != w {
					t.Fatalf("ifmaCachedSpaced%s: word row %d is %x, want %x", what, j, gs.v[j], w)
				}
			}
			ts := fill
			ifmaCachedSpacedGeneric(&ts, p)
			if ts != gs.v {
				t.Fatalf("ifmaCachedSpacedGeneric%s differs from the kernel", what)
			}

			q := addends[r.IntN(len(addends))]
			if n < len(addends) {
				q = addends[n]
			}
			for _, neg := range []uint64{0, ^uint64(0)} {
				w := " neg " + strconv.FormatUint(neg&1, 10)
				want := *p
				ifmaAddAffineGeneric(&want, q, neg)
				g := newVecGuarded(p)
				qc := *q
				k.addAffine(&g.v, &qc, neg)
				g.check(t, "ifmaAddAffine"+what+w)
				vecSameLimbs(t, "ifmaAddAffine"+what+w, g.v[:], want[:])
				if qc != *q {
					t.Fatalf("ifmaAddAffine%s modified its addend", what)
				}

				// n doublings first, n from 1 to 5.
				nd := 1 + (n+int(neg&1))%5
				w += " n " + strconv.Itoa(nd)
				want = *p
				ifmaDoubleNAddAffineGeneric(&want, nd, q, neg)
				g = newVecGuarded(p)
				k.doubleNAddAffine(&g.v, nd, &qc, neg)
				g.check(t, "ifmaDoubleNAddAffine"+what+w)
				vecSameLimbs(t, "ifmaDoubleNAddAffine"+what+w, g.v[:], want[:])
				if qc != *q {
					t.Fatalf("ifmaDoubleNAddAffine%s modified its addend", what)
				}
			}
			want = *p
			ifmaAddCachedGeneric(&want, (*ifmaLanes)(q))
			g = newVecGuarded(p)
			qc := *(*ifmaLanes)(q)
			k.addCached(&g.v, &qc)
			g.check(t, "ifmaAddCached"+what)
			vecSameLimbs(t, "ifmaAddCached"+what, g.v[:], want[:])
			if qc != *(*ifmaLanes)(q) {
				t.Fatalf("ifmaAddCached%s modified its addend", what)
			}
			// Its own cached form as the addend.
			want = *p
			ifmaAddCachedGeneric(&want, &c)
			x := *p
			k.addCached(&x, &c)
			vecSameLimbs(t, "ifmaAddCached (own cached form)"+what, x[:], want[:])
		}
	})
}

// iftPointInputs returns Points for the Point kernels: points (torsion and
// identity included, some rescaled), and Points made of edge and random
// elements, every limb within the Element invariant but not a point: the
// kernels compute limbs, whatever they mean. Among the edge limbs are ones
// at or above 2^51, whose carry the kernels' dense step adds.
func iftPointInputs(t testing.TB, r *rand.Rand, n int) []*Point {
	var out []*Point
	for i, p := range ptPoints(t, r, 24) {
		if i%3 == 1 {
			p = ptScaled(t, r, p)
		}
		out = append(out, p)
	}
	edge := vecEdgeElements(r, 4*n)
	for i := 0; len(out) < n; i++ {
		p := new(Point)
		for c, e := range [4]*field.Element{&p.x, &p.y, &p.z, &p.t} {
			// Each edge element in each coordinate in turn, then random.
			*e = *edge[(i+c*len(edge)/4)%len(edge)]
		}
		out = append(out, p)
	}
	return out
}

// TestIFMAPointOpKernels runs the kernels that read and write Points,
// ifmaAddPoint (both signs), ifmaDoublePoint and ifmaMultByCofactorPoint,
// against their twins, limb
// for limb: into a fresh Point between guard words, and in place, the
// result aliasing each operand; and checks that no input is modified.
func TestIFMAPointOpKernels(t *testing.T) {
	iftForKernels(t, func(t *testing.T, k *iftKernels) {
		r := ptRand(t)
		pts := iftPointInputs(t, r, k.shortCount(240, 4))
		same := func(what string, got, want *Point) {
			t.Helper()
			if *pointWords(got) != *pointWords(want) {
				t.Fatalf("%s: %x, the twin gives %x", what, *pointWords(got), *pointWords(want))
			}
		}
		for n, p := range pts {
			what := " input " + strconv.Itoa(n)
			p0 := *p

			var want Point
			ifmaDoublePointGeneric(&want, p)
			g := newVecGuarded(new(Point))
			k.doublePoint(&g.v, p)
			g.check(t, "ifmaDoublePoint"+what)
			same("ifmaDoublePoint"+what, &g.v, &want)
			same("ifmaDoublePoint's input"+what, p, &p0)
			x := *p
			k.doublePoint(&x, &x)
			same("ifmaDoublePoint (v = p)"+what, &x, &want)

			ifmaMultByCofactorPointGeneric(&want, p)
			g = newVecGuarded(new(Point))
			k.multByCofactor(&g.v, p)
			g.check(t, "ifmaMultByCofactorPoint"+what)
			same("ifmaMultByCofactorPoint"+what, &g.v, &want)
			same("ifmaMultByCofactorPoint's input"+what, p, &p0)
			x = *p
			k.multByCofactor(&x, &x)
			same("ifmaMultByCofactorPoint (v = p)"+what, &x, &want)

			q := pts[r.IntN(len(pts))]
			q0 := *q
			for _, neg := range []uint64{0, ^uint64(0)} {
				w := what + " neg " + strconv.FormatUint(neg&1, 10)
				ifmaAddPointGeneric(&want, p, q, neg)
				g := newVecGuarded(new(Point))
				k.addPoint(&g.v, p, q, neg)
				g.check(t, "ifmaAddPoint"+w)
				same("ifmaAddPoint"+w, &g.v, &want)
				same("ifmaAddPoint's p"+w, p, &p0)
				same("ifmaAddPoint's q"+w, q, &q0)
				x, y := *p, *q
				k.addPoint(&x, &x, &y, neg)
				same("ifmaAddPoint (v = p)"+w, &x, &want)
				x = *p
				k.addPoint(&y, &x, &y, neg)
				same("ifmaAddPoint (v = q)"+w, &y, &want)
			}
		}
	})
}

// TestIFMAAddAffine2Kernel runs the wide kernel, two additions at once, on
// hundreds of pairs of accumulators and addends with every pair of signs,
// against its twin (two four-lane additions), limb for limb, with guard
// words around both outputs and a check that neither addend is modified.
func TestIFMAAddAffine2Kernel(t *testing.T) {
	iftForKernels(t, func(t *testing.T, k *iftKernels) {
		r := ptRand(t)
		accs := iftAccumulators(t, r, 300)
		addends := iftAddends(t, r, 100)
		for n, p := range accs {
			p2 := accs[(n+1+r.IntN(len(accs)-1))%len(accs)]
			q, q2 := addends[r.IntN(len(addends))], addends[r.IntN(len(addends))]
			for _, neg := range []uint64{0, ^uint64(0)} {
				for _, neg2 := range []uint64{0, ^uint64(0)} {
					what := " input " + strconv.Itoa(n) + " neg " + strconv.FormatUint(neg&1, 10) + strconv.FormatUint(neg2&1, 10)
					want, want2 := *p, *p2
					ifmaAddAffine2Generic(&want, q, neg, &want2, q2, neg2)
					g, g2 := newVecGuarded(p), newVecGuarded(p2)
					qc, q2c := *q, *q2
					k.addAffine2(&g.v, &qc, neg, &g2.v, &q2c, neg2)
					g.check(t, "ifmaAddAffine2 (first)"+what)
					g2.check(t, "ifmaAddAffine2 (second)"+what)
					vecSameLimbs(t, "ifmaAddAffine2 (first)"+what, g.v[:], want[:])
					vecSameLimbs(t, "ifmaAddAffine2 (second)"+what, g2.v[:], want2[:])
					if qc != *q || q2c != *q2 {
						t.Fatalf("ifmaAddAffine2%s modified an addend", what)
					}
				}
			}
		}
	})
}

// TestIFMAWideKernels runs the wide doubling, cached form and cached
// addition on hundreds of pairs against their twins (two four-lane calls),
// limb for limb, with guard words around both outputs, the cached form also
// in place (q = p, q2 = p2) and stored interleaved (ifmaCachedPair).
func TestIFMAWideKernels(t *testing.T) {
	iftForKernels(t, func(t *testing.T, k *iftKernels) {
		r := ptRand(t)
		accs := iftAccumulators(t, r, 300)
		for n, p := range accs {
			p2 := accs[(n+1+r.IntN(len(accs)-1))%len(accs)]
			what := " input " + strconv.Itoa(n)

			dbl, dbl2 := *p, *p2
			ifmaDouble2Generic(&dbl, &dbl2)
			g, g2 := newVecGuarded(p), newVecGuarded(p2)
			k.double2(&g.v, &g2.v)
			g.check(t, "ifmaDouble2 (first)"+what)
			g2.check(t, "ifmaDouble2 (second)"+what)
			vecSameLimbs(t, "ifmaDouble2 (first)"+what, g.v[:], dbl[:])
			vecSameLimbs(t, "ifmaDouble2 (second)"+what, g2.v[:], dbl2[:])

			var want, want2 ifmaLanes
			ifmaCached2Generic(&want, p, &want2, p2)
			g, g2 = newVecGuarded(&ifmaLanes{}), newVecGuarded(&ifmaLanes{})
			pc, p2c := *p, *p2
			k.cached2(&g.v, &pc, &g2.v, &p2c)
			g.check(t, "ifmaCached2 (first)"+what)
			g2.check(t, "ifmaCached2 (second)"+what)
			vecSameLimbs(t, "ifmaCached2 (first)"+what, g.v[:], want[:])
			vecSameLimbs(t, "ifmaCached2 (second)"+what, g2.v[:], want2[:])
			if pc != *p || p2c != *p2 {
				t.Fatalf("ifmaCached2%s modified an input", what)
			}
			k.cached2(&pc, &pc, &p2c, &p2c)
			vecSameLimbs(t, "ifmaCached2 (in place, first)"+what, pc[:], want[:])
			vecSameLimbs(t, "ifmaCached2 (in place, second)"+what, p2c[:], want2[:])

			gp := newVecGuarded(&[ifmaLimbCount][2][4]uint64{})
			k.cachedPair(&gp.v, p, p2)
			gp.check(t, "ifmaCachedPair"+what)
			var tp [ifmaLimbCount][2][4]uint64
			ifmaCachedPairGeneric(&tp, p, p2)
			for j := range gp.v {
				if gp.v[j] != [2][4]uint64{want[j], want2[j]} || tp[j] != gp.v[j] {
					t.Fatalf("ifmaCachedPair%s: limb %d is %x (twin %x), want %x and %x", what, j, gp.v[j], tp[j], want[j], want2[j])
				}
			}

			// The cached forms just made, as the addends of the other point.
			sum, sum2 := *p, *p2
			ifmaAddCached2Generic(&sum, &want2, &sum2, &want)
			g, g2 = newVecGuarded(p), newVecGuarded(p2)
			qc, q2c := want2, want
			k.addCached2(&g.v, &qc, &g2.v, &q2c)
			g.check(t, "ifmaAddCached2 (first)"+what)
			g2.check(t, "ifmaAddCached2 (second)"+what)
			vecSameLimbs(t, "ifmaAddCached2 (first)"+what, g.v[:], sum[:])
			vecSameLimbs(t, "ifmaAddCached2 (second)"+what, g2.v[:], sum2[:])
			if qc != want2 || q2c != want {
				t.Fatalf("ifmaAddCached2%s modified an addend", what)
			}
		}
	})
}

// TestIFMAAddDigitKernel runs the scan and addition, and the step that does
// four doublings first (ifmaDouble4AddDigit), on accumulators and rows of
// points and of arbitrary limbs, with every digit, against their twins,
// limb for limb, with guard words around the output and a check that the
// row is not modified.
func TestIFMAAddDigitKernel(t *testing.T) {
	iftForKernels(t, func(t *testing.T, k *iftKernels) {
		r := ptRand(t)
		addends := iftAddends(t, r, 64)
		for n, p := range iftAccumulators(t, r, 60) {
			row := newVecGuarded(&[8]ifmaAddend{})
			if n%2 == 0 {
				pts, _ := iftRow(t, ptPoints(t, r, 12)[2+r.IntN(10)])
				row.v = *pts
			} else {
				for i := range row.v {
					row.v[i] = *addends[r.IntN(len(addends))]
				}
			}
			saved := *row
			for d := int32(-8); d <= 8; d++ {
				if d == 0 {
					continue // names no entry
				}
				what := "ifmaAddDigit input " + strconv.Itoa(n) + " digit " + strconv.Itoa(int(d))
				masks, neg := vecDigitMasks(d)
				want := *p
				ifmaAddDigitGeneric(&want, &row.v, masks, neg)
				g := newVecGuarded(p)
				k.addDigit(&g.v, &row.v, masks, neg)
				g.check(t, what)
				vecSameLimbs(t, what, g.v[:], want[:])
				if *row != saved {
					t.Fatalf("%s modified the row", what)
				}

				what = "ifmaDouble4AddDigit" + what[len("ifmaAddDigit"):]
				want = *p
				ifmaDouble4AddDigitGeneric(&want, &row.v, masks, neg)
				g = newVecGuarded(p)
				k.double4AddDigit(&g.v, &row.v, masks, neg)
				g.check(t, what)
				vecSameLimbs(t, what, g.v[:], want[:])
				if *row != saved {
					t.Fatalf("%s modified the row", what)
				}
			}
		}
	})
}

// TestIFMAAddDigitPairKernel runs the wide scan and addition, and its twin,
// on pairs of accumulators and of rows interleaved (ifmaRowPair), with
// every pair of digits, against two four-lane twins on the rows apart, limb
// for limb, with guard words around both outputs and the rows and a check
// that the rows are not modified: so the layout is checked too.
func TestIFMAAddDigitPairKernel(t *testing.T) {
	iftForKernels(t, func(t *testing.T, k *iftKernels) {
		r := ptRand(t)
		addends := iftAddends(t, r, 64)
		accs := iftAccumulators(t, r, 24)
		for n, p := range accs[:k.shortCount(len(accs), 4)] {
			p2 := accs[(n+1+r.IntN(len(accs)-1))%len(accs)]
			var rows [2]*vecGuarded[[8]ifmaAddend]
			for j := range rows {
				rows[j] = newVecGuarded(&[8]ifmaAddend{})
				if (n+j)%2 == 0 {
					pts, _ := iftRow(t, ptPoints(t, r, 12)[2+r.IntN(10)])
					rows[j].v = *pts
				} else {
					for i := range rows[j].v {
						rows[j].v[i] = *addends[r.IntN(len(addends))]
					}
				}
			}
			pair := newVecGuarded(&ifmaRowPair{})
			iftJoin(&pair.v, &rows[0].v, &rows[1].v)
			savedPair := *pair
			for d := int32(-8); d <= 8; d++ {
				for d2 := int32(-8); d2 <= 8; d2++ {
					if d == 0 || d2 == 0 {
						continue // names no entry
					}
					what := "ifmaAddDigitPair input " + strconv.Itoa(n) + " digits " + strconv.Itoa(int(d)) + ", " + strconv.Itoa(int(d2))
					masks, neg := vecDigitMasks(d)
					masks2, neg2 := vecDigitMasks(d2)
					want, want2 := *p, *p2
					ifmaAddDigitGeneric(&want, &rows[0].v, masks, neg)
					ifmaAddDigitGeneric(&want2, &rows[1].v, masks2, neg2)
					g, g2 := newVecGuarded(p), newVecGuarded(p2)
					k.addDigitPair(&g.v, &pair.v, masks, neg, &g2.v, masks2, neg2)
					g.check(t, what+" (first)")
					g2.check(t, what+" (second)")
					pair.check(t, what+" (pair)")
					vecSameLimbs(t, what+" (first)", g.v[:], want[:])
					vecSameLimbs(t, what+" (second)", g2.v[:], want2[:])
					if *pair != savedPair {
						t.Fatalf("%s modified the rows", what)
					}
					tw, tw2 := *p, *p2
					ifmaAddDigitPairGeneric(&tw, &pair.v, masks, neg, &tw2, masks2, neg2)
					vecSameLimbs(t, what+" twin (first)", tw[:], want[:])
					vecSameLimbs(t, what+" twin (second)", tw2[:], want2[:])
				}
			}
		}
	})
}

// iftJoin sets pr to the rows a and b interleaved.
func iftJoin(pr *ifmaRowPair, a, b *[combEntries]ifmaAddend) {
	for e := range combEntries {
		pr.set(e, 0, &a[e])
		pr.set(e, 1, &b[e])
	}
}

// TestIFMAKernelChains runs chains of 300 operations from points, the
// identity and arbitrary limbs on the kernels and on the twins side by
// side, comparing the limbs at every step.
func TestIFMAKernelChains(t *testing.T) {
	iftForKernels(t, func(t *testing.T, k *iftKernels) {
		r := ptRand(t)
		pts := ptPoints(t, r, 16)
		for chain := range 6 {
			var got, want ifmaLanes
			switch chain {
			case 0:
				got.setIdentity()
			case 1:
				got = *(*ifmaLanes)(iftAnyVec(r))
			default:
				got.fromPoint(pts[r.IntN(len(pts))])
			}
			want = got
			row, _ := iftRow(t, pts[2+r.IntN(len(pts)-2)])
			for step := range 300 {
				what := "chain " + strconv.Itoa(chain) + " step " + strconv.Itoa(step)
				switch r.IntN(6) {
				case 0, 1:
					ifmaDoubleGeneric(&want)
					k.double(&got)
				case 2:
					var c, cg ifmaLanes
					ifmaCachedGeneric(&c, &want)
					k.cached(&cg, &got)
					vecSameLimbs(t, what+" (cached)", cg[:], c[:])
					ifmaAddCachedGeneric(&want, &c)
					k.addCached(&got, &cg)
				case 3:
					i, neg := r.IntN(8), -uint64(r.IntN(2))
					ifmaAddAffineGeneric(&want, &row[i], neg)
					k.addAffine(&got, &row[i], neg)
				case 4:
					i, neg, nd := r.IntN(8), -uint64(r.IntN(2)), 1+r.IntN(4)
					ifmaDoubleNAddAffineGeneric(&want, nd, &row[i], neg)
					k.doubleNAddAffine(&got, nd, &row[i], neg)
				default:
					masks, neg := vecDigitMasks(vecRandDigit(r))
					ifmaAddDigitGeneric(&want, row, masks, neg)
					k.addDigit(&got, row, masks, neg)
				}
				vecSameLimbs(t, what, got[:], want[:])
			}
		}
	})
}

func TestIFMAIdentityDenseKernel(t *testing.T) {
	iftForKernels(t, func(t *testing.T, k *iftKernels) {
		iftCheckIdentityDense(t, k.double)
	})
}

// iftAligned returns a new zero T at an address that is a multiple of 32,
// where the kernels' 32-byte loads and stores do not straddle cache lines.
// T must hold no pointers.
func iftAligned[T any]() *T {
	var zero T
	buf := make([]byte, unsafe.Sizeof(zero)+31)
	p := unsafe.Pointer(unsafe.SliceData(buf))
	return (*T)(unsafe.Add(p, -uintptr(p)&31))
}

func TestIFMAAlignedHelper(t *testing.T) {
	for range 8 {
		if p := iftAligned[ifmaLanes](); uintptr(unsafe.Pointer(p))%32 != 0 {
			t.Fatalf("iftAligned gave %p", p)
		}
	}
}

// Benchmarks: each IFMA kernel beside its AVX2 counterpart (vec_avx2_amd64.s),
// as chains on one accumulator, the way the scalar multiplications run
// them, on 32-byte aligned data; and the ScalarMult-shaped loop of
// vec_ifma_test.go beside (*Point).ScalarMult on the AVX2 backend.

type iftBench struct {
	acc    *ifmaLanes
	step   *ifmaLanes
	row    *[8]ifmaAddend
	pair   *ifmaRowPair // row beside itself, interleaved
	masks  [4][2]uint64 // the scans' masks and sign (vecDigitMasks)
	vacc   *avx2Lanes
	vstep  *avx2Lanes
	vrow   *[combEntries]avx2Addend
	scalar *Scalar
	point  *Point
}

func iftNewBench(t testing.TB) *iftBench {
	r := ptRand(t)
	b := &iftBench{
		acc: iftAligned[ifmaLanes](), step: iftAligned[ifmaLanes](), row: iftAligned[[8]ifmaAddend](),
		vacc: iftAligned[avx2Lanes](), vstep: iftAligned[avx2Lanes](),
	}
	pts := ptPoints(t, r, 12)
	b.point = pts[11]
	b.scalar = ptRandomScalar(r)
	b.acc.fromPoint(pts[10])
	ifmaCachedGeneric(b.step, new(ifmaLanes).fromPoint(pts[8]))
	row, _ := iftRow(t, pts[9])
	*b.row = *row
	buf := make([]byte, unsafe.Sizeof(ifmaRowPair{})+63) // 64-byte blocks, as in the combs
	b.pair = (*ifmaRowPair)(unsafe.Add(unsafe.Pointer(&buf[0]), -uintptr(unsafe.Pointer(&buf[0]))&63))
	iftJoin(b.pair, b.row, b.row)
	b.vacc.fromPoint(pts[10])
	avx2CachedGeneric(b.vstep, new(avx2Lanes).fromPoint(pts[8]))
	b.vrow = &avx2Backend{}.baseComb()[3]
	for i, d := range []int32{3, -7, -1, 8} {
		b.masks[i][0], b.masks[i][1] = vecDigitMasks(d)
	}
	return b
}

// iftPair is an IFMA kernel and its AVX2 counterpart, each run n times.
type iftPair struct {
	name       string
	ifma, avx2 func(b *iftBench, n int)
}

var iftPairs = []iftPair{
	{"mul", func(b *iftBench, n int) {
		for range n {
			ifmaMul(b.acc, b.acc, b.step)
		}
	}, func(b *iftBench, n int) {
		for range n {
			avx2MulAsm((*[10][4]uint64)(b.vacc), (*[10][4]uint64)(b.vacc), (*[10][4]uint64)(b.vstep))
		}
	}},
	{"double", func(b *iftBench, n int) {
		for range n {
			ifmaDouble(b.acc)
		}
	}, func(b *iftBench, n int) {
		for range n {
			avx2DoubleAsm((*[10][4]uint64)(b.vacc))
		}
	}},
	{"addCached", func(b *iftBench, n int) {
		for range n {
			ifmaAddCached(b.acc, b.step)
		}
	}, func(b *iftBench, n int) {
		for range n {
			avx2AddCachedAsm((*[10][4]uint64)(b.vacc), (*[10][4]uint64)(b.vstep))
		}
	}},
	{"addDigit", func(b *iftBench, n int) {
		for i := range n {
			ifmaAddDigit(b.acc, b.row, b.masks[i&3][0], b.masks[i&3][1])
		}
	}, func(b *iftBench, n int) {
		row := (*[8][10][4]uint32)(unsafe.Pointer(b.vrow))
		for i := range n {
			avx2AddDigitAsm((*[10][4]uint64)(b.vacc), row, b.masks[i&3][0], b.masks[i&3][1])
		}
	}},
	{"scalarMult", func(b *iftBench, n int) {
		for range n {
			iftScalarMult(&iftSeam, b.acc, b.row, b.scalar, b.point)
		}
	}, func(b *iftBench, n int) {
		var v Point
		for range n {
			v.ScalarMult(b.scalar, b.point)
		}
	}},
}

// iftRequireAVX2Backend runs the rest of b with the AVX2 backend, which
// (*Point).ScalarMult then uses.
func iftRequireAVX2Backend(b *testing.B) {
	if !cpu.X86.HasAVX2 || !avx2Asm {
		b.Skip("no AVX2 kernels to compare with")
	}
	withBackend(b, backendAVX2)
}

func BenchmarkIFMA(b *testing.B) {
	iftRequireIFMA(b)
	iftRequireAVX2Backend(b)
	be := iftNewBench(b)
	for _, k := range iftPairs {
		b.Run(k.name+"/ifma", func(b *testing.B) { k.ifma(be, b.N) })
		b.Run(k.name+"/avx2", func(b *testing.B) { k.avx2(be, b.N) })
	}
}

// BenchmarkIFMARatios measures each pair of iftPairs in interleaved rounds
// (IFMA then AVX2, then the other way round) and reports the median over
// the rounds of the ratio IFMA time / AVX2 time, with the quartiles: on a
// shared, loaded machine the ratio of two runs side by side means more
// than either time. Run it alone, once:
//
//	go test -run '^$' -bench IFMARatios -benchtime 1x
func BenchmarkIFMARatios(b *testing.B) {
	iftRequireIFMA(b)
	iftRequireAVX2Backend(b)
	be := iftNewBench(b)
	const rounds = 41
	for _, k := range iftPairs {
		n := 20000
		if k.name == "scalarMult" {
			n = 40
		}
		timed := func(f func(*iftBench, int)) float64 {
			start := time.Now()
			f(be, n)
			return float64(time.Since(start)) / float64(n)
		}
		var ratios, ti, ta []float64
		for r := range rounds {
			var x, y float64
			if r%2 == 0 {
				x, y = timed(k.ifma), timed(k.avx2)
			} else {
				y, x = timed(k.avx2), timed(k.ifma)
			}
			ratios, ti, ta = append(ratios, x/y), append(ti, x), append(ta, y)
		}
		for _, s := range [][]float64{ratios, ti, ta} {
			slices.Sort(s)
		}
		b.ReportMetric(ratios[rounds/2], k.name+"-ratio")
		b.ReportMetric(ratios[rounds/4], k.name+"-ratio-q1")
		b.ReportMetric(ratios[3*rounds/4], k.name+"-ratio-q3")
		b.ReportMetric(ti[rounds/2], k.name+"-ifma-ns")
		b.ReportMetric(ta[rounds/2], k.name+"-avx2-ns")
	}
}

// TestIFMAAllocs checks that the kernels' seam allocates nothing: its
// arguments do not escape (the assembly is //go:noescape).
func TestIFMAAllocs(t *testing.T) {
	iftRequireIFMA(t)
	be := iftNewBench(t)
	var c ifmaLanes
	var v, q Point
	v.Set(NewGeneratorPoint())
	q.Set(NewGeneratorPoint())
	masks, neg := vecDigitMasks(-5)
	for name, f := range map[string]func(){
		"ifmaMul":       func() { ifmaMul(be.acc, be.acc, be.step) },
		"ifmaDouble":    func() { ifmaDouble(be.acc) },
		"ifmaAddAffine": func() { ifmaAddAffine(be.acc, &be.row[2], ^uint64(0)) },
		"ifmaCached2":   func() { ifmaCached2(&c, be.acc, be.step, be.step) },
		"ifmaAddDigitPair": func() {
			ifmaAddDigitPair(be.acc, be.pair, masks, neg, be.step, masks, neg)
		},
		"ifmaAddCached2": func() { ifmaAddCached2(be.acc, be.step, &c, be.step) },
		"ifmaAddAffine2": func() {
			ifmaAddAffine2(be.acc, &be.row[2], ^uint64(0), be.step, &be.row[5], 0)
		},
		"ifmaAddDigit":         func() { ifmaAddDigit(be.acc, be.row, masks, neg) },
		"ifmaDouble4AddDigit":  func() { ifmaDouble4AddDigit(be.acc, be.row, masks, neg) },
		"ifmaDoubleNAddAffine": func() { ifmaDoubleNAddAffine(be.acc, 3, &be.row[1], neg) },
		"ifmaAddCached":        func() { ifmaAddCached(be.acc, be.step) },
		"ifmaCached":           func() { ifmaCached(&c, be.acc) },
		"ifmaCachedPair":       func() { ifmaCachedPair(&be.pair[2], be.acc, be.step) },
		"ifmaCachedSpaced": func() {
			ifmaCachedSpaced((*[9][4]uint64)(unsafe.Pointer(&be.pair[3][0][1])), be.acc)
		},
		"ifmaAddPoint":            func() { ifmaAddPoint(&v, &v, &q, ^uint64(0)) },
		"ifmaDoublePoint":         func() { ifmaDoublePoint(&v, &v) },
		"ifmaMultByCofactorPoint": func() { ifmaMultByCofactorPoint(&v, &v) },
	} {
		if n := testing.AllocsPerRun(20, f); n != 0 {
			t.Errorf("%s allocates %v times", name, n)
		}
	}
}

// BenchmarkIFMAWideScan times the wide kernels that add two entries to two
// accumulators, as chains: ifmaAddDigitPair (the rows interleaved, one
// memory operand per entry and limb) and ifmaAddAffine2 (the same
// additions with no scan); and for scale the four-lane ifmaAddDigit, one
// scan and addition.
func BenchmarkIFMAWideScan(b *testing.B) {
	iftRequireIFMA(b)
	be := iftNewBench(b)
	masks, neg := vecDigitMasks(-5)
	masks2, neg2 := vecDigitMasks(3)
	b.Run("addDigit", func(b *testing.B) {
		for b.Loop() {
			ifmaAddDigit(be.acc, be.row, masks, neg)
		}
	})
	b.Run("addDigitPair", func(b *testing.B) {
		for b.Loop() {
			ifmaAddDigitPair(be.acc, be.pair, masks, neg, be.step, masks2, neg2)
		}
	})
	b.Run("addAffine2", func(b *testing.B) {
		for b.Loop() {
			ifmaAddAffine2(be.acc, &be.row[4], neg, be.step, &be.row[1], neg2)
		}
	})
}
