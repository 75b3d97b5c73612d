package edwards25519

import (
	"math/big"
	"math/rand/v2"
	"testing"
	"unsafe"

	ref "filippo.io/edwards25519"

	"github.com/seed06d4b90c/edwards25519/field"
)

// Tests of the vector backends' contract (vec.go) that do not depend on one
// backend's representation: the rooms and aligned allocations, the digit
// masks, and the windows checked through a backend's own expansion; and
// the inputs and oracle that the tests of both backends' lane conversions
// share.

// TestVecAlignment checks that the rooms, the aligned allocations and the
// vector backends' tables start at multiples of 64, and that a room's T
// lies inside the room, for every base address modulo 64 that Go may give
// it.
func TestVecAlignment(t *testing.T) {
	aligned := func(what string, p unsafe.Pointer) {
		t.Helper()
		if uintptr(p)%64 != 0 {
			t.Errorf("%s at %#x is not 64-byte aligned", what, uintptr(p))
		}
	}
	// Building a backend's tables runs its kernels: only where they can run.
	if backendRuns(backendAVX2) {
		b := avx2Backend{}
		aligned("AVX2 baseComb", unsafe.Pointer(b.baseComb()))
		aligned("AVX2 baseOdd", unsafe.Pointer(b.baseOdd()))
	}
	if backendRuns(backendIFMA) {
		bi := ifmaBackend{}
		aligned("IFMA baseComb", unsafe.Pointer(bi.baseComb()))
		aligned("IFMA baseOdd", unsafe.Pointer(bi.baseOdd()))
	}
	for n := range 9 {
		s := vecAlignedSlice[vecOddTerm[avx2Addend]](n)
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
	for off := uintptr(0); off < 64; off += 4 {
		base := unsafe.Add(unsafe.Pointer(&buf[0]), off)
		acc := (*vecRoom[vecAcc[avx2Lanes]])(base)
		check("vecRoom[vecAcc]", base, unsafe.Sizeof(*acc), unsafe.Pointer(acc.get()), unsafe.Sizeof(*acc.get()))
		w := (*vecRoom[[smallTerms]vecOddTerm[avx2Addend]])(base)
		check("vecRoom[windows]", base, unsafe.Sizeof(*w), unsafe.Pointer(w.get()), unsafe.Sizeof(*w.get()))
		one := (*vecRoom[avx2Addend])(base)
		check("vecRoom[avx2Addend]", base, unsafe.Sizeof(*one), unsafe.Pointer(one.get()), unsafe.Sizeof(*one.get()))
		iacc := (*vecRoom[vecAcc[ifmaLanes]])(base)
		check("vecRoom[vecAcc[ifmaLanes]]", base, unsafe.Sizeof(*iacc), unsafe.Pointer(iacc.get()), unsafe.Sizeof(*iacc.get()))
		iw := (*vecRoom[[smallTerms]vecOddTerm[ifmaAddend]])(base)
		check("vecRoom[IFMA windows]", base, unsafe.Sizeof(*iw), unsafe.Pointer(iw.get()), unsafe.Sizeof(*iw.get()))
	}
	if p := new(int); vecHide(p) != p {
		t.Error("vecHide changed its pointer")
	}
}

// vecRandDigit returns a random entry number of Scalar.oddDigits, in ±1..±8.
func vecRandDigit(r *rand.Rand) int32 {
	d := int32(r.IntN(combEntries) + 1)
	if r.IntN(2) == 0 {
		d = -d
	}
	return d
}

// TestVecDigitMasks checks the scans' masks of every digit 1 ≤ |d| ≤ 8:
// byte e of the word 0xff exactly for the entry |d| = e+1 and 0 for the
// others, and the sign; and that 0, which names no entry, sets none.
func TestVecDigitMasks(t *testing.T) {
	for d := int32(-combEntries); d <= combEntries; d++ {
		masks, neg := vecDigitMasks(d)
		abs := max(d, -d)
		for e := range combEntries {
			want := byte(0)
			if int(abs) == e+1 {
				want = 0xff
			}
			if got := byte(masks >> (8 * e)); got != want {
				t.Errorf("digit %d: entry mask %d is %#x", d, e, got)
			}
			if got, w := vecMaskOf(masks, e), -uint64(want>>7); got != w {
				t.Errorf("digit %d: vecMaskOf(masks, %d) = %#x, want %#x", d, e, got, w)
			}
		}
		if want := -uint64(b2i(d < 0)); neg != want {
			t.Errorf("digit %d: sign mask is %#x", d, neg)
		}
	}
}

// TestVecWindows checks both windows of each vector backend entry by entry
// against the reference: vecInitOddTerm's (2i+1)·Q and 2Q, and
// vecInitOddWindow's (2i+1)·Q, as cached forms (Y-X, Y+X, 2d·T, 2Z) of some
// representation of the point, reduced, for points with and without a
// torsion component.
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
		var w vecOddTerm[A]
		var o vecOddWindow[A]
		vecInitOddTerm[B](&w, q)
		vecInitOddWindow[B](&o, q)
		rq := toRefPoint(t, q)
		for i := range o {
			for _, c := range []struct {
				what string
				a    *A
				k    int
			}{{"odd term", &w.odd[i], 2*i + 1}, {"odd term's 2Q", &w.two, 2}, {"odd window", &o[i], 2*i + 1}} {
				want := ref.NewIdentityPoint()
				for range c.k {
					want.Add(want, rq)
				}
				samePoint(t, c.what, decode(t, c.what, c.a), want)
			}
		}
	}
}

var (
	vecP      = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	vecCurveD = func() *big.Int { // -121665/121666 mod p (RFC 8032, section 5.1)
		d := new(big.Int).ModInverse(big.NewInt(121666), vecP)
		d.Mul(d, big.NewInt(-121665))
		return d.Mod(d, vecP)
	}()
)

// vecEdgeElements returns n Elements for the lane conversions of both
// backends: limbs at the edge of the Element invariant (2^51 + 2^18 - 1),
// at zero, at 2^51 - 1, in alternating patterns, p - 1 and p in canonical
// limbs, then random ones.
func vecEdgeElements(r *rand.Rand, n int) []*field.Element {
	const edge = 1<<51 + 1<<18 - 1
	var out []*field.Element
	for _, f := range []func(k int) uint64{
		func(int) uint64 { return edge },
		func(int) uint64 { return 0 },
		func(int) uint64 { return 1<<51 - 1 },
		func(k int) uint64 { return uint64(k%2) * edge },
		func(k int) uint64 { return uint64(1-k%2) * edge },
		func(k int) uint64 { return 1<<26 - 1 + uint64(k%2)<<26 },
	} {
		e := new(field.Element)
		for k := range limbsOf(e) {
			limbsOf(e)[k] = f(k)
		}
		out = append(out, e)
	}
	// p - 1, p, in canonical limbs.
	for _, d := range []int64{1, 0} {
		e := new(field.Element)
		x := new(big.Int).Sub(vecP, big.NewInt(d))
		for k := range limbsOf(e) {
			limbsOf(e)[k] = new(big.Int).And(new(big.Int).Rsh(x, 51*uint(k)), big.NewInt(1<<51-1)).Uint64()
		}
		out = append(out, e)
	}
	for len(out) < n {
		e := new(field.Element)
		for k := range limbsOf(e) {
			limbsOf(e)[k] = r.Uint64N(edge + 1)
		}
		out = append(out, e)
	}
	return out
}

// vecElemValue is Σ limb_k·2^(51k) mod p, for Elements outside canonical
// form.
func vecElemValue(e *field.Element) *big.Int {
	x := new(big.Int)
	for k, w := range limbsOf(e) {
		x.Add(x, new(big.Int).Lsh(new(big.Int).SetUint64(w), 51*uint(k)))
	}
	return x.Mod(x, vecP)
}

// vecCachedLanes returns the lanes λ·(Y-X, Y+X, 2d·T, 2Z) of the vector
// backends' cached form of p, λ = vecLambda, mod p (see "The cached form"
// in vec.go).
func vecCachedLanes(p *Point) [4]*big.Int {
	x, y, z, tt := ptElemBig(&p.x), ptElemBig(&p.y), ptElemBig(&p.z), ptElemBig(&p.t)
	t2d := new(big.Int).Mul(tt, vecCurveD)
	out := [4]*big.Int{new(big.Int).Sub(y, x), new(big.Int).Add(y, x), t2d.Lsh(t2d, 1), new(big.Int).Lsh(z, 1)}
	for _, o := range out {
		o.Mul(o, vecLambda).Mod(o, vecP)
	}
	return out
}

// vecLambda is the factor of the vector backends' cached forms, the
// denominator of d = -121665/121666.
var vecLambda = big.NewInt(121666)

// TestCachedFactors checks the factors of the vector backends' cached form
// against λ and d: λ, λ, -λ·2d mod p (applied to 2p - T) and 2λ.
func TestCachedFactors(t *testing.T) {
	twoD := new(big.Int).Lsh(vecCurveD, 1)
	negLambda2d := new(big.Int).Mul(vecLambda, twoD)
	negLambda2d.Neg(negLambda2d).Mod(negLambda2d, vecP)
	want := []*big.Int{vecLambda, vecLambda, negLambda2d, new(big.Int).Lsh(vecLambda, 1)}
	for l, w := range want {
		f := vecCachedFactors[l]
		if got := new(big.Int).SetUint64(f); got.Cmp(w) != 0 {
			t.Errorf("vecCachedFactors lane %d is %v, want %v", l, got, w)
		}
		if f >= 1<<18 {
			t.Errorf("vecCachedFactors lane %d is %v, not below 2^18", l, f)
		}
	}
}

// TestVecSelectAddend checks each vector backend's selectAddend against its
// documented contract: bit 1 gives x and bit 0 gives y, whatever a held
// before. The constant-time loops pass an all-ones mask where the contract
// says 1, so that is checked too, as selecting x.
func TestVecSelectAddend(t *testing.T) {
	r := ptRand(t)
	t.Run("avx2", func(t *testing.T) { testVecSelectAddend[avx2Backend](t, r) })
	t.Run("ifma", func(t *testing.T) { testVecSelectAddend[ifmaBackend](t, r) })
}

func testVecSelectAddend[B vecBackend[L, A], L, A any](t *testing.T, r *rand.Rand) {
	var b B
	randomize := func(a *A) []byte {
		buf := unsafe.Slice((*byte)(unsafe.Pointer(a)), unsafe.Sizeof(*a))
		copy(buf, ptBytes(r, len(buf)))
		return buf
	}
	for range 20 {
		var a, x, y A
		xb, yb := randomize(&x), randomize(&y)
		for _, c := range []struct {
			bit  uint64
			want []byte
		}{{0, yb}, {1, xb}, {^uint64(0), xb}} {
			ab := randomize(&a)
			b.selectAddend(&a, &x, &y, c.bit)
			if string(ab) != string(c.want) {
				t.Fatalf("selectAddend with bit %#x: got %x, want %x", c.bit, ab, c.want)
			}
		}
	}
}
