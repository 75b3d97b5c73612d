//go:build amd64 && !purego

package edwards25519

import (
	"strconv"
	"testing"
	"unsafe"
)

// The four-accumulator comb's kernels of vec_avx2_amd64.s against their
// twins, limb for limb: avx2MulPackedAsm against avx2MulGeneric on the
// widened first factor, and avx2VertAddDigitsAsm against
// avx2VertAddDigitsGeneric.

func TestAVX2MulPackedAsm(t *testing.T) {
	vtRequireAVX2(t)
	r := ptRand(t)
	firsts := []*avx2Lanes{vtFill(vtLooseMax), vtFill(vtReducedMax), new(avx2Lanes)}
	seconds := append(vtEdgeWide(), vtEdgeLimbs()...)
	for n := range 2000 {
		a, b := vtRandLimbs(r, vtLooseMax), vtRandLimbs(r, vtWideMax)
		if n < len(firsts)*len(seconds) {
			a, b = firsts[n%len(firsts)], seconds[n/len(firsts)]
		}
		what := "avx2MulPackedAsm input " + strconv.Itoa(n)
		var packed [10][4]uint32
		for i := range a {
			for l := range a[i] {
				packed[i][l] = uint32(a[i][l])
			}
		}
		var want avx2Lanes
		avx2MulGeneric(&want, a, b)
		g := newVecGuarded(&avx2Lanes{})
		pc, bc := packed, *b
		avx2MulPackedAsm((*[10][4]uint64)(&g.v), &pc, (*[10][4]uint64)(&bc))
		g.check(t, what)
		vecSameLimbs(t, what, g.v[:], want[:])
		if pc != packed || bc != *b {
			t.Fatalf("%s modified its inputs", what)
		}
		x := *b
		avx2MulPackedAsm((*[10][4]uint64)(&x), &pc, (*[10][4]uint64)(&x))
		vecSameLimbs(t, what+" (out = b)", x[:], want[:])
	}
}

func TestAVX2VertAddDigitsAsm(t *testing.T) {
	vtRequireAVX2(t)
	r := ptRand(t)
	groups := avx2VertTable()
	var accs []*avx2Vert
	for _, a := range vtAccumulators(t, r, 40) {
		// Four accumulators of vtAccumulators' kinds, one per lane.
		var v avx2Vert
		for j := range 4 {
			b := a
			if j > 0 {
				b = vtRandLimbs(r, vtReducedMax)
			}
			for c := range v {
				for i := range avx2LimbCount {
					v[c][i][j] = b[i][(c+j)%4]
				}
			}
		}
		accs = append(accs, &v)
	}
	for n, p := range accs {
		for k, g := range []*avx2VertGroup{&groups[r.IntN(avx2VertSteps)], vvRandGroup(r)} {
			for dn := range 16 {
				d := vvDigits(r)
				if dn < 8 {
					// Every digit in every lane, both signs.
					for j := range d {
						d[j] = int32(dn+1) * (1 - 2*int32(j%2))
					}
				}
				what := "avx2VertAddDigitsAsm input " + strconv.Itoa(n) + "/" + strconv.Itoa(k) + " digits " + strconv.Itoa(dn)
				want := *p
				avx2VertAddDigitsGeneric(&want, g, d)
				gv := newVecGuarded(p)
				saved := *g
				i01, i23, n01, n23 := avx2VertLanes(d)
				avx2VertAddDigitsAsm((*[4][10][4]uint64)(unsafe.Pointer(&gv.v)), (*[8][3][10][4]uint32)(unsafe.Pointer(g)), i01, i23, n01, n23)
				gv.check(t, what)
				for c := range want {
					vecSameLimbs(t, what+" coordinate "+strconv.Itoa(c), gv.v[c][:], want[c][:])
				}
				if saved != *g {
					t.Fatalf("%s modified the group", what)
				}
				// The bound wrapper.
				x := *p
				avx2VertAddDigits(&x, g, d)
				if x != want {
					t.Fatalf("%s: avx2VertAddDigits differs from the twin", what)
				}
			}
		}
	}
}
