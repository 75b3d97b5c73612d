package edwards25519

import (
	"testing"
	"unsafe"

	ref "filippo.io/edwards25519"
)

// Tests of the vector backends' contract (vec.go) that do not depend on one
// backend's representation: the rooms and aligned allocations, the digit
// masks, and the windows checked through a backend's own expansion.

// TestVecAlignment checks that the rooms, the aligned allocations and the
// vector backends' tables start at multiples of 32, and that a room's T
// lies inside the room, for every base address modulo 32 that Go may give
// it.
func TestVecAlignment(t *testing.T) {
	aligned := func(what string, p unsafe.Pointer) {
		t.Helper()
		if uintptr(p)%32 != 0 {
			t.Errorf("%s at %#x is not 32-byte aligned", what, uintptr(p))
		}
	}
	b := avx2Backend{}
	aligned("AVX2 baseComb", unsafe.Pointer(b.baseComb()))
	aligned("AVX2 baseOdd", unsafe.Pointer(b.baseOdd()))
	bi := ifmaBackend{}
	aligned("IFMA baseComb", unsafe.Pointer(bi.baseComb()))
	aligned("IFMA baseOdd", unsafe.Pointer(bi.baseOdd()))
	for n := range 9 {
		s := vecAlignedSlice[vecWindow[avx2Addend]](n)
		if len(s) != n {
			t.Fatalf("vecAlignedSlice(%d) has length %d", n, len(s))
		}
		if n > 0 {
			aligned("vecAlignedSlice", unsafe.Pointer(&s[0]))
		}
	}
	check := func(what string, room unsafe.Pointer, roomSize uintptr, p unsafe.Pointer, size uintptr) {
		t.Helper()
		aligned(what, p)
		if uintptr(p) < uintptr(room) || uintptr(p)+size > uintptr(room)+roomSize {
			t.Errorf("%s [%#x, +%d) is outside its room [%#x, +%d)", what, uintptr(p), size, uintptr(room), roomSize)
		}
	}
	var buf [8192]byte
	for off := uintptr(0); off < 32; off += 4 {
		base := unsafe.Add(unsafe.Pointer(&buf[0]), off)
		acc := (*vecRoom[vecAcc[avx2Lanes]])(base)
		check("vecRoom[vecAcc]", base, unsafe.Sizeof(*acc), unsafe.Pointer(acc.get()), unsafe.Sizeof(*acc.get()))
		w := (*vecRoom[[smallTerms]vecWindow[avx2Addend]])(base)
		check("vecRoom[windows]", base, unsafe.Sizeof(*w), unsafe.Pointer(w.get()), unsafe.Sizeof(*w.get()))
		one := (*vecRoom[avx2Addend])(base)
		check("vecRoom[avx2Addend]", base, unsafe.Sizeof(*one), unsafe.Pointer(one.get()), unsafe.Sizeof(*one.get()))
		iacc := (*vecRoom[vecAcc[ifmaLanes]])(base)
		check("vecRoom[vecAcc[ifmaLanes]]", base, unsafe.Sizeof(*iacc), unsafe.Pointer(iacc.get()), unsafe.Sizeof(*iacc.get()))
		iw := (*vecRoom[[smallTerms]vecWindow[ifmaAddend]])(base)
		check("vecRoom[IFMA windows]", base, unsafe.Sizeof(*iw), unsafe.Pointer(iw.get()), unsafe.Sizeof(*iw.get()))
	}
	if p := new(int); vecHide(p) != p {
		t.Error("vecHide changed its pointer")
	}
}

// TestVecDigitMasks checks the masks of every digit in [-8, 8]: exactly the
// entry |d| (or the identity for 0), and the sign.
func TestVecDigitMasks(t *testing.T) {
	for d := int32(-combEntries); d <= combEntries; d++ {
		var masks [vecDigitMaskCount]uint64
		for i := range masks {
			masks[i] = 0x5a5a5a5a // overwritten
		}
		vecDigitMasks(&masks, d)
		abs := max(d, -d)
		for e := range uint64(combEntries) {
			want := uint64(0)
			if uint64(abs) == e+1 {
				want = ^uint64(0)
			}
			if masks[e] != want {
				t.Errorf("digit %d: entry mask %d is %#x", d, e, masks[e])
			}
		}
		if want := -uint64(b2i(d == 0)); masks[8] != want {
			t.Errorf("digit %d: identity mask is %#x", d, masks[8])
		}
		if want := -uint64(b2i(d < 0)); masks[9] != want {
			t.Errorf("digit %d: sign mask is %#x", d, masks[9])
		}
	}
}

// TestVecWindows checks both windows of each vector backend entry by entry
// against the reference: vecInitWindow's i·Q and vecInitOddWindow's
// (2i+1)·Q, as cached forms (Y-X, Y+X, 2d·T, 2Z) of some representation of
// the point, reduced, for points with and without a torsion component.
func TestVecWindows(t *testing.T) {
	t.Run("avx2", func(t *testing.T) {
		testVecWindows[avx2Backend](t, backendAVX2, func(t *testing.T, what string, a *avx2Addend) *Point {
			var lanes avx2Lanes
			avx2ExpandAddend(&lanes, a, 0)
			vtCheckReduced(t, what, &lanes)
			return vtDecodeCached(t, &lanes)
		})
	})
	t.Run("ifma", func(t *testing.T) {
		testVecWindows[ifmaBackend](t, backendIFMA, func(t *testing.T, what string, a *ifmaAddend) *Point {
			iftCheckReduced(t, what, (*iftVec)(a))
			return iftDecodeCached(t, (*iftVec)(a))
		})
	})
}

// testVecWindows is TestVecWindows on backend B, named be (skipped where
// its kernels cannot run); decode checks a packed cached addend's bounds and returns its point.
func testVecWindows[B vecBackend[L, A], L, A any](t *testing.T, be backend, decode func(t *testing.T, what string, a *A) *Point) {
	if !backendRuns(be) {
		t.Skipf("the %v kernels cannot run on this CPU", be)
	}
	r := ptRand(t)
	for _, q := range ptPoints(t, r, 14)[8:] {
		var w vecWindow[A]
		var o vecOddWindow[A]
		vecInitWindow[B](&w, q)
		vecInitOddWindow[B](&o, q)
		rq := toRefPoint(t, q)
		for i := range w {
			for _, c := range []struct {
				what string
				a    *A
				k    int
			}{{"window", &w[i], i + 1}, {"odd window", &o[i], 2*i + 1}} {
				want := ref.NewIdentityPoint()
				for range c.k {
					want.Add(want, rq)
				}
				samePoint(t, c.what, decode(t, c.what, c.a), want)
			}
		}
	}
}
