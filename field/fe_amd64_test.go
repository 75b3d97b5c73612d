//go:build amd64 && !purego

package field

import (
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"golang.org/x/sys/cpu"

	reference "filippo.io/edwards25519/field"

	"github.com/seed06d4b90c/edwards25519/internal/cpuvendor"
)

// The amd64 routines must reproduce the generic twin's limbs exactly, on
// every path, each a configuration that some CPU runs: "MULX" is Intel's
// (the MULX squarings with the carry pass by SHRX, and feMulMULX),
// "MULX-mem" that of other CPUs with BMI2 and ADX (the MULX squarings with
// the mask in memory, and the scaled multiply), and "MULQ" that of CPUs
// without them (the MULQ routines). Inputs reach the documented bounds of
// the seam: every limb below 2^54 for a multiplication (and feSquareN),
// below 3*2^51 for feSquare.

// asmPath is one setting of squarePath and mulPath.
type asmPath struct {
	name                string
	squarePath, mulPath uint8
}

var asmPaths = []asmPath{
	{"MULX", pathMULXSHRX, pathMULXSHRX},
	{"MULX-mem", pathMULXMem, pathMULXMem},
	{"MULQ", pathMULQ, pathMULQ},
}

// selectPath sets squarePath and mulPath for the rest of the (sub)test and
// restores them afterwards. Tests that call it must not run in parallel.
func selectPath(t testing.TB, p asmPath) {
	t.Helper()
	if (p.squarePath != pathMULQ || p.mulPath != pathMULQ) && !(cpu.X86.HasBMI2 && cpu.X86.HasADX) {
		t.Skip("CPU lacks BMI2 or ADX: the MULX routines cannot run here")
	}
	savedSquare, savedMul := squarePath, mulPath
	squarePath, mulPath = p.squarePath, p.mulPath
	t.Cleanup(func() { squarePath, mulPath = savedSquare, savedMul })
}

// asmCheckMul compares feMul against feMulGeneric, including every aliasing
// of out with the inputs.
func asmCheckMul(t *testing.T, a, b Element) {
	t.Helper()
	var want, got Element
	feMulGeneric(&want, &a, &b)
	feMul(&got, &a, &b)
	if got.l != want.l {
		t.Fatalf("feMul(%#x, %#x)\n got %#x\nwant %#x", a.l, b.l, got.l, want.l)
	}

	x := a
	feMul(&x, &x, &b)
	if x.l != want.l {
		t.Fatalf("feMul(out=a, %#x, %#x)\n got %#x\nwant %#x", a.l, b.l, x.l, want.l)
	}
	y := b
	feMul(&y, &a, &y)
	if y.l != want.l {
		t.Fatalf("feMul(out=b, %#x, %#x)\n got %#x\nwant %#x", a.l, b.l, y.l, want.l)
	}
}

// asmCheckSquare compares feSquare against feSquareGeneric, and feMul(a, a)
// with out == a == b against the same limbs. a must be within feSquare's
// bound (see squareInput).
func asmCheckSquare(t *testing.T, a Element) {
	t.Helper()
	if a != squareInput(a) {
		t.Fatalf("asmCheckSquare(%#x): limbs above feSquare's bound", a.l)
	}
	var want, got Element
	feSquareGeneric(&want, &a)
	feSquare(&got, &a)
	if got.l != want.l {
		t.Fatalf("feSquare(%#x)\n got %#x\nwant %#x", a.l, got.l, want.l)
	}
	x := a
	feSquare(&x, &x)
	if x.l != want.l {
		t.Fatalf("feSquare(out=a, %#x)\n got %#x\nwant %#x", a.l, x.l, want.l)
	}
	y := a
	feMul(&y, &y, &y)
	if y.l != want.l {
		t.Fatalf("feMul(out=a=b, %#x)\n got %#x\nwant %#x", a.l, y.l, want.l)
	}
}

func TestAsmMulSquareRandom(t *testing.T) {
	seed := testSeed(t)
	for _, p := range asmPaths {
		t.Run(p.name, func(t *testing.T) {
			selectPath(t, p)
			r := seededRand(seed)
			for range 20000 {
				a, b := mixedElement(r), mixedElement(r)
				asmCheckMul(t, a, b)
				asmCheckSquare(t, squareInput(a))
			}
		})
	}
}

// TestAsmMulSquareEdges runs every element whose limbs are all drawn from
// {0, 2^51-1, 2^51, 2^54-1}, squared (with 2^54-1 brought down to the
// squaring's bound, 3*2^51-1) and multiplied by every other one (aliasing is
// covered on these by the square check, on the rest by
// TestAsmMulSquareRandom).
func TestAsmMulSquareEdges(t *testing.T) {
	corners := []uint64{0, 1<<51 - 1, 1 << 51, 1<<54 - 1}
	var elems []Element
	for n := 0; n < 1024; n++ {
		var e Element
		for i, m := 0, n; i < 5; i, m = i+1, m/4 {
			e.l[i] = corners[m%4]
		}
		elems = append(elems, e)
	}
	for _, p := range asmPaths {
		t.Run(p.name, func(t *testing.T) {
			selectPath(t, p)
			for _, a := range elems {
				asmCheckSquare(t, squareInput(a))
				for _, b := range elems {
					var want, got Element
					feMulGeneric(&want, &a, &b)
					feMul(&got, &a, &b)
					if got.l != want.l {
						t.Fatalf("feMul(%#x, %#x)\n got %#x\nwant %#x", a.l, b.l, got.l, want.l)
					}
				}
			}
		})
	}
}

// TestAsmMulChain feeds outputs back as inputs, the way Invert does, so the
// two sides would drift apart at the first differing limb.
func TestAsmMulChain(t *testing.T) {
	seed := testSeed(t)
	for _, p := range asmPaths {
		t.Run(p.name, func(t *testing.T) {
			selectPath(t, p)
			r := seededRand(seed)
			x, y := mixedElement(r), squareInput(mixedElement(r))
			gx, gy := x, y
			for i := range 5000 {
				feMul(&x, &x, &y)
				feSquare(&y, &y)
				feMulGeneric(&gx, &gx, &gy)
				feSquareGeneric(&gy, &gy)
				if x.l != gx.l || y.l != gy.l {
					t.Fatalf("step %d: got %#x, %#x; want %#x, %#x", i, x.l, y.l, gx.l, gy.l)
				}
			}
		})
	}
}

// squareNTwin is the portable twin of feSquareN on the path that
// squarePath names: feSquareNLazyGeneric for the SHRX loop (Intel), which
// has the lazy carry, feSquareNGeneric for the others.
func squareNTwin(out, a *Element, n int) {
	if squarePath == pathMULXSHRX {
		feSquareNLazyGeneric(out, a, n)
		return
	}
	feSquareNGeneric(out, a, n)
}

// asmCheckSquareN compares feSquareN(a, n) against its twin on the
// current path, both into a separate output and in place.
func asmCheckSquareN(t *testing.T, a Element, n int) {
	t.Helper()
	var want, got Element
	squareNTwin(&want, &a, n)
	feSquareN(&got, &a, n)
	if got.l != want.l {
		t.Fatalf("feSquareN(%#x, %d)\n got %#x\nwant %#x", a.l, n, got.l, want.l)
	}
	x := a
	feSquareN(&x, &x, n)
	if x.l != want.l {
		t.Fatalf("feSquareN(out=a, %#x, %d)\n got %#x\nwant %#x", a.l, n, x.l, want.l)
	}
}

// TestAsmSquareN checks the repeated-squaring loops on every path against
// their twins (squareNTwin) for every n in 1..300 (random and edge inputs),
// and feSquareNGeneric itself against n calls of feSquareGeneric, so that
// the oracle is not merely compared with itself (fe_test.go holds
// feSquareNLazyGeneric to the same values).
func TestAsmSquareN(t *testing.T) {
	seed := testSeed(t)
	for _, p := range asmPaths {
		t.Run(p.name, func(t *testing.T) {
			selectPath(t, p)
			r := seededRand(seed)
			for n := 1; n <= 300; n++ {
				for range 6 {
					asmCheckSquareN(t, mixedElement(r), n)
				}
				var edge Element
				for i := range edge.l {
					edge.l[i] = edgeLimbs[(n+3*i)%len(edgeLimbs)]
				}
				asmCheckSquareN(t, edge, n)
			}
			// All-maximal and all-zero limbs at a few lengths, and n < 1,
			// which squares once (math.MinInt: the count n-1 wraps).
			for _, n := range []int{math.MinInt, -1, 0, 1, 2, 5, 50, 100} {
				asmCheckSquareN(t, Element{[5]uint64{1<<54 - 1, 1<<54 - 1, 1<<54 - 1, 1<<54 - 1, 1<<54 - 1}}, n)
				asmCheckSquareN(t, Element{}, n)
			}
		})
	}

	r := seededRand(seed)
	for _, n := range []int{-1, 0, 1, 2, 3, 7, 64} {
		a := mixedElement(r)
		var want, got Element
		feSquareGeneric(&want, &a)
		for i := 1; i < n; i++ {
			feSquareGeneric(&want, &want)
		}
		feSquareNGeneric(&got, &a, n)
		if got.l != want.l {
			t.Fatalf("feSquareNGeneric(%#x, %d)\n got %#x\nwant %#x", a.l, n, got.l, want.l)
		}
	}
}

// twinChain runs the Fermat chain of invertFermat (tail 5, last nil: the
// product with z^11) or of Pow22523 (tail 2, last z) on the portable seam:
// squareN for the squarings and feMulGeneric for the products.
func twinChain(z *Element, tail int, last *Element, squareN func(out, a *Element, n int)) Element {
	sq := func(x *Element, n int) Element {
		var o Element
		squareN(&o, x, n)
		return o
	}
	mul := func(x, y *Element) Element {
		var o Element
		feMulGeneric(&o, x, y)
		return o
	}
	e2 := sq(z, 1)
	t := sq(&e2, 2)
	e9 := mul(&t, z)
	z11 := mul(&e9, &e2)
	t = sq(&z11, 1)
	o5 := mul(&t, &e9)
	t = sq(&o5, 5)
	o10 := mul(&t, &o5)
	t = sq(&o10, 10)
	o20 := mul(&t, &o10)
	t = sq(&o20, 20)
	t = mul(&t, &o20)
	t = sq(&t, 10)
	o50 := mul(&t, &o10)
	t = sq(&o50, 50)
	o100 := mul(&t, &o50)
	t = sq(&o100, 100)
	t = mul(&t, &o100)
	t = sq(&t, 50)
	o250 := mul(&t, &o50)
	t = sq(&o250, tail)
	if last == nil {
		last = &z11
	}
	return mul(&t, last)
}

// TestAsmInvertPaths runs the Fermat chains of invertFermat and Pow22523,
// which use feSquareN, on every path against the portable seam, limb for
// limb. (Invert itself runs division steps in pure Go; fe_invert_test.go
// checks it against invertFermat and math/big.)
func TestAsmInvertPaths(t *testing.T) {
	seed := testSeed(t)
	r := seededRand(seed)
	var inputs []Element
	for range 200 {
		// Both chains start with a squaring of the input.
		inputs = append(inputs, squareInput(mixedElement(r)))
	}
	inputs = append(inputs, Element{}, Element{[5]uint64{1}})
	for _, p := range asmPaths {
		t.Run(p.name, func(t *testing.T) {
			selectPath(t, p)
			for _, z := range inputs {
				var got Element
				invertFermat(&got, &z)
				if want := twinChain(&z, 5, nil, squareNTwin); got.l != want.l {
					t.Fatalf("invertFermat(%#x)\n got %#x\nwant %#x", z.l, got.l, want.l)
				}
				got.Pow22523(&z)
				if want := twinChain(&z, 2, &z, squareNTwin); got.l != want.l {
					t.Fatalf("Pow22523(%#x)\n got %#x\nwant %#x", z.l, got.l, want.l)
				}
			}
		})
	}
}

func TestAsmNoAllocs(t *testing.T) {
	for _, p := range asmPaths {
		t.Run(p.name, func(t *testing.T) {
			selectPath(t, p)
			a := Element{[5]uint64{1, 2, 3, 4, 5}}
			var out Element
			n := testing.AllocsPerRun(100, func() {
				feMul(&out, &a, &a)
				feSquare(&out, &out)
				feSquareN(&out, &out, 3)
			})
			if n != 0 {
				t.Errorf("feMul/feSquare allocate %v times per run", n)
			}
		})
	}
}

// asmBenchInputs returns two elements with full 51-bit limbs, and the same
// two values as filippo.io/edwards25519 elements.
func asmBenchInputs(b testing.TB) (x, y Element, rx, ry *reference.Element) {
	r := rand.New(rand.NewPCG(1, 2))
	var buf [32]byte
	for i := range buf {
		buf[i] = byte(r.Uint32())
	}
	buf[31] &= 0x7f
	if _, err := x.SetBytes(buf[:]); err != nil {
		b.Fatal(err)
	}
	rx, err := new(reference.Element).SetBytes(buf[:])
	if err != nil {
		b.Fatal(err)
	}
	buf[0]++
	if _, err := y.SetBytes(buf[:]); err != nil {
		b.Fatal(err)
	}
	if ry, err = new(reference.Element).SetBytes(buf[:]); err != nil {
		b.Fatal(err)
	}
	return x, y, rx, ry
}

// BenchmarkFeMulPaths measures feMul on each path (feMulMULX, the scaled
// and the MULQ multiply), the generic twin, and Multiply here and in
// filippo.io/edwards25519 in the same process, so that the ratios can be
// read off one benchstat table.
func BenchmarkFeMulPaths(b *testing.B) {
	x, y, rx, ry := asmBenchInputs(b)
	for _, p := range asmPaths {
		b.Run(p.name, func(b *testing.B) {
			selectPath(b, p)
			for b.Loop() {
				feMul(&x, &x, &y)
			}
		})
	}
	b.Run("generic", func(b *testing.B) {
		for b.Loop() {
			feMulGeneric(&x, &x, &y)
		}
	})
	b.Run("Multiply", func(b *testing.B) {
		for b.Loop() {
			x.Multiply(&x, &y)
		}
	})
	b.Run("reference", func(b *testing.B) {
		for b.Loop() {
			rx.Multiply(rx, ry)
		}
	})
}

// BenchmarkFeMulThroughputPaths measures eight independent multiplications
// per iteration (no product feeds the next), here and in
// filippo.io/edwards25519, where BenchmarkFeMulPaths measures a chain.
func BenchmarkFeMulThroughputPaths(b *testing.B) {
	x, y, rx, ry := asmBenchInputs(b)
	var xs [8]Element
	var rxs [8]reference.Element
	for i := range xs {
		xs[i].Add(&x, &x)
		rxs[i].Add(rx, rx)
	}
	for _, p := range asmPaths {
		b.Run(p.name, func(b *testing.B) {
			selectPath(b, p)
			var out [8]Element
			for b.Loop() {
				for i := range out {
					out[i].Multiply(&xs[i], &y)
				}
			}
		})
	}
	b.Run("reference", func(b *testing.B) {
		var out [8]reference.Element
		for b.Loop() {
			for i := range out {
				out[i].Multiply(&rxs[i], ry)
			}
		}
	})
}

// BenchmarkFeSquarePaths is BenchmarkFeMulPaths for squaring.
func BenchmarkFeSquarePaths(b *testing.B) {
	x, _, rx, _ := asmBenchInputs(b)
	for _, p := range asmPaths {
		b.Run(p.name, func(b *testing.B) {
			selectPath(b, p)
			for b.Loop() {
				feSquare(&x, &x)
			}
		})
	}
	b.Run("generic", func(b *testing.B) {
		for b.Loop() {
			feSquareGeneric(&x, &x)
		}
	})
	b.Run("Square", func(b *testing.B) {
		for b.Loop() {
			x.Square(&x)
		}
	})
	b.Run("reference", func(b *testing.B) {
		for b.Loop() {
			rx.Square(rx)
		}
	})
}

// BenchmarkFeSquareNPaths measures 10 squarings by feSquareN on each path,
// by ten feSquare calls, and by ten Square calls in filippo.io/edwards25519.
func BenchmarkFeSquareNPaths(b *testing.B) {
	x, _, rx, _ := asmBenchInputs(b)
	for _, p := range asmPaths {
		b.Run(p.name, func(b *testing.B) {
			selectPath(b, p)
			for b.Loop() {
				feSquareN(&x, &x, 10)
			}
		})
	}
	b.Run("calls", func(b *testing.B) {
		for b.Loop() {
			for range 10 {
				feSquare(&x, &x)
			}
		}
	})
	b.Run("reference", func(b *testing.B) {
		for b.Loop() {
			for range 10 {
				rx.Square(rx)
			}
		}
	})
}

// BenchmarkPow22523Paths measures Pow22523's exponentiation as the chain of
// seam calls on each path and on the CPU's own, as fePow22523Asm (on CPUs
// with BMI2 and ADX, whatever the vendor), and filippo.io/edwards25519's
// Pow22523, chained, in the same process: the check of the fused routine
// that a CPU owes (docs/PERFORMANCE.md, "How to measure").
func BenchmarkPow22523Paths(b *testing.B) {
	x, _, rx, _ := asmBenchInputs(b)
	for _, p := range asmPaths {
		b.Run("chain-"+p.name, func(b *testing.B) {
			selectPath(b, p)
			for b.Loop() {
				pow22523Chain(&x, &x)
			}
		})
	}
	b.Run("chain", func(b *testing.B) { // on this CPU's own paths
		for b.Loop() {
			pow22523Chain(&x, &x)
		}
	})
	b.Run("fused", func(b *testing.B) {
		if !(cpu.X86.HasBMI2 && cpu.X86.HasADX) {
			b.Skip("CPU lacks BMI2 or ADX: fePow22523Asm cannot run here")
		}
		for b.Loop() {
			fePow22523Asm(&x.l, &x.l)
		}
	})
	b.Run("reference", func(b *testing.B) {
		for b.Loop() {
			rx.Pow22523(rx)
		}
	})
}

// BenchmarkInvertPaths measures the Fermat inversion on each path, Invert
// (division steps, no assembly), and filippo.io/edwards25519's Invert in the
// same process.
func BenchmarkInvertPaths(b *testing.B) {
	x, _, rx, _ := asmBenchInputs(b)
	for _, p := range asmPaths {
		b.Run("fermat-"+p.name, func(b *testing.B) {
			selectPath(b, p)
			for b.Loop() {
				invertFermat(&x, &x)
			}
		})
	}
	b.Run("Invert", func(b *testing.B) {
		for b.Loop() {
			x.Invert(&x)
		}
	})
	b.Run("reference", func(b *testing.B) {
		for b.Loop() {
			rx.Invert(rx)
		}
	})
}

// TestMULXMulRule checks the CPUID vendor test against the kernel's
// vendor_id line, and the defaults of mulPath and squarePath against their
// rules: the scaled form on CPUs with BMI2 and ADX, feMulMULX on Intel CPUs
// with BMI2 alone, the MULQ multiply elsewhere; the MULX squarings with the
// carry pass by SHRX on Intel CPUs with BMI2 and ADX, with the mask in
// memory on other CPUs with both, the MULQ squarings without them.
func TestMULXMulRule(t *testing.T) {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Skipf("no /proc/cpuinfo to compare with: %v", err)
	}
	vendor := ""
	for line := range strings.SplitSeq(string(data), "\n") {
		name, value, ok := strings.Cut(line, ":")
		if ok && strings.TrimSpace(name) == "vendor_id" {
			vendor = strings.TrimSpace(value)
			break
		}
	}
	if vendor == "" {
		t.Skip("/proc/cpuinfo has no vendor_id line")
	}
	if got, want := cpuvendor.Intel, vendor == "GenuineIntel"; got != want {
		t.Errorf("cpuvendor.Intel = %v, /proc/cpuinfo says vendor_id %q", got, vendor)
	}
	// The tests above may have changed the paths; each restores them.
	wantMul := uint8(pathMULQ)
	switch {
	case cpu.X86.HasBMI2 && cpu.X86.HasADX:
		wantMul = pathMULXMem
	case cpu.X86.HasBMI2 && vendor == "GenuineIntel":
		wantMul = pathMULXSHRX
	}
	if mulPath != wantMul {
		t.Errorf("mulPath = %d, want %d (vendor %q, BMI2 %v, ADX %v)", mulPath, wantMul, vendor, cpu.X86.HasBMI2, cpu.X86.HasADX)
	}
	want := uint8(pathMULQ)
	if cpu.X86.HasBMI2 && cpu.X86.HasADX {
		want = pathMULXMem
		if vendor == "GenuineIntel" {
			want = pathMULXSHRX
		}
	}
	if squarePath != want {
		t.Errorf("squarePath = %d, want %d (vendor %q, BMI2 %v, ADX %v)", squarePath, want, vendor, cpu.X86.HasBMI2, cpu.X86.HasADX)
	}
	t.Logf("vendor %q, BMI2 %v, ADX %v: mulPath %d, squarePath %d", vendor, cpu.X86.HasBMI2, cpu.X86.HasADX, mulPath, squarePath)
}

// TestDivstepApplyAsm checks divstepApplyAsm against divstepApplyGeneric
// limb for limb, on inputs that span the bounds applyToFG and applyToDE
// state: f and g in [-p, p], d and e in [-6p, 6p] (signed62 limbs, the top
// one signed), and matrices from real batches or with a row at the bound
// |T_i0| + |T_i1| = 2^62. Both compute exact column sums and floor shifts,
// so they must agree even where column 0 is not divisible by 2^62.
func TestDivstepApplyAsm(t *testing.T) {
	r := newRand(t)
	sixP := new(big.Int).Mul(bigP, big.NewInt(6))
	signedBelow := func(bound *big.Int) *big.Int {
		switch r.IntN(8) {
		case 0:
			return new(big.Int).Set(bound)
		case 1:
			return new(big.Int).Neg(bound)
		case 2:
			return big.NewInt(int64(r.IntN(5) - 2))
		}
		var b [40]byte
		fillRandom(r, b[:])
		span := new(big.Int).Add(new(big.Int).Lsh(bound, 1), bigOne)
		n := new(big.Int).Mod(leBig(b[:]), span)
		return n.Sub(n, bound)
	}
	const two62, two61 = int64(1) << 62, int64(1) << 61
	edgeRows := [][2]int64{
		{two62, 0}, {0, two62}, {-two62, 0}, {0, -two62},
		{two61, -two61}, {-two61, two61}, {-two61, -two61}, {two61 + 1, two61 - 1},
	}
	for i := range 4 * iterations() {
		var tm transition
		if i%2 == 0 {
			_, tm = divstepBatch(int64(r.IntN(41)-20), r.Uint64()|1, r.Uint64())
		} else {
			a, b := edgeRows[r.IntN(len(edgeRows))], edgeRows[r.IntN(len(edgeRows))]
			tm = transition{a[0], a[1], b[0], b[1]}
		}
		f, g := bigS62(signedBelow(bigP)), bigS62(signedBelow(bigP))
		d, e := bigS62(signedBelow(sixP)), bigS62(signedBelow(sixP))
		wf, wg, wd, we := f, g, d, e
		divstepApplyGeneric(&tm, &wf, &wg, &wd, &we)
		divstepApply(&tm, &f, &g, &d, &e)
		if f != wf || g != wg || d != wd || e != we {
			t.Fatalf("T=%+v\n got f %#x g %#x d %#x e %#x\nwant f %#x g %#x d %#x e %#x",
				tm, f, g, d, e, wf, wg, wd, we)
		}
	}
}

// TestAsmPow22523 checks fePow22523Asm against pow22523Chain, the chain of
// seam calls whose limbs it must reproduce on Intel CPUs, as their portable
// twins compute them (twinChain with feSquareNLazyGeneric, which unlike the
// seam's single squaring takes limbs up to 2^54, and feMulGeneric), and the
// value against filippo.io/edwards25519's Pow22523. Inputs reach the seam's
// bound of 2^54 in every limb; out aliases a in one call of each pair.
func TestAsmPow22523(t *testing.T) {
	if !(cpu.X86.HasBMI2 && cpu.X86.HasADX) {
		t.Skip("CPU lacks BMI2 or ADX: fePow22523Asm cannot run here")
	}
	r := newRand(t)
	// The edge elements (0, 1, p - 1, p, limbs at the invariant's bound...)
	// and every limb at the seam's bound, 2^54 - 1.
	inputs := []Element{{[5]uint64{1<<54 - 1, 1<<54 - 1, 1<<54 - 1, 1<<54 - 1, 1<<54 - 1}}}
	for _, e := range edgeElements() {
		inputs = append(inputs, *e)
	}
	for range 3000 {
		inputs = append(inputs, mixedElement(r))
	}
	for _, a := range inputs {
		var got Element
		want := twinChain(&a, 2, &a, feSquareNLazyGeneric)
		fePow22523Asm(&got.l, &a.l)
		if got != want {
			t.Fatalf("fePow22523Asm(%#x)\n got %#x\nwant %#x", a.l, got.l, want.l)
		}
		x := a
		fePow22523Asm(&x.l, &x.l)
		if x != want {
			t.Fatalf("fePow22523Asm(out=a, %#x)\n got %#x\nwant %#x", a.l, x.l, want.l)
		}
		ra, err := new(reference.Element).SetBytes(got.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		rin, err := new(reference.Element).SetBytes(a.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if rin.Pow22523(rin).Equal(ra) != 1 {
			t.Fatalf("fePow22523Asm(%#x) = %x, filippo's Pow22523 = %x", a.l, got.Bytes(), rin.Bytes())
		}
	}
}

// squareInput brings a within feSquare's bound: every limb above
// 3*2^51 - 1 becomes 3*2^51 - 1, so that wide random and edge elements
// reach that bound exactly.
func squareInput(a Element) Element {
	for i := range a.l {
		a.l[i] = min(a.l[i], sqMax)
	}
	return a
}
