package edwards25519

import (
	"testing"

	"golang.org/x/sys/cpu"
)

// allBackends is every backend of backend.go.
var allBackends = []backend{backendSerial, backendAVX2, backendIFMA}

// backendRuns reports whether b's code can run in this build on this CPU.
// A vector backend's kernels are either the assembly (avx2Asm, ifmaAsm),
// which needs the instructions, or their portable twins, which run
// anywhere: so the vector algorithms are tested on every target, purego
// included.
func backendRuns(b backend) bool {
	switch b {
	case backendAVX2:
		return !avx2Asm || cpu.X86.HasAVX2
	case backendIFMA:
		return !ifmaAsm || ifmaAvailable
	}
	return true
}

// backendNative reports whether b runs its own machine code here (or is
// the serial backend), rather than portable twins that only tests run.
func backendNative(b backend) bool {
	switch b {
	case backendAVX2:
		return avx2Asm && cpu.X86.HasAVX2
	case backendIFMA:
		return ifmaAsm && ifmaAvailable
	}
	return true
}

// testBackend reports whether the tests run b here: every backend that can
// run, but under -short only the native ones (the twins are slow, and the
// short runs are the ones under emulation).
func testBackend(b backend) bool {
	return backendRuns(b) && (backendNative(b) || !testing.Short())
}

// forEachBackend runs f as one subtest per backend that testBackend
// selects, named after it, with pointBackend set to it and restored when
// the subtest ends. Tests that call it must not be parallel: it writes a
// package variable.
func forEachBackend(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	for _, b := range allBackends {
		t.Run(b.String(), func(t *testing.T) {
			if !backendRuns(b) {
				t.Skipf("the %v backend cannot run on this CPU", b)
			}
			if !testBackend(b) {
				t.Skipf("the %v backend runs its portable twins here: not in -short mode", b)
			}
			withBackend(t, b)
			f(t)
		})
	}
}

// withBackend sets pointBackend to b until t and its subtests end.
func withBackend(t testing.TB, b backend) {
	saved := pointBackend
	t.Cleanup(func() { pointBackend = saved })
	pointBackend = b
}

// onEachBackend calls f once per backend that testBackend selects, with
// pointBackend set to it, and restores pointBackend. It is forEachBackend
// without subtests, for fuzz targets.
func onEachBackend(f func(b backend)) {
	saved := pointBackend
	defer func() { pointBackend = saved }()
	for _, b := range allBackends {
		if testBackend(b) {
			pointBackend = b
			f(b)
		}
	}
}

func TestBackendDetection(t *testing.T) {
	want := backendSerial
	switch {
	case ifmaAsm && ifmaAvailable:
		want = backendIFMA
	case avx2Asm && cpu.X86.HasAVX2:
		want = backendAVX2
	}
	if got := detectBackend(); got != want {
		t.Errorf("detectBackend() = %v, want %v (AVX2 assembly %v, CPU AVX2 %v; IFMA assembly %v, IFMA kernels runnable %v)",
			got, want, avx2Asm, cpu.X86.HasAVX2, ifmaAsm, ifmaAvailable)
	}
	// ifmaAvailable needs all four flags: GODEBUG=cpu.avx2=off must turn
	// the IFMA backend off too, not leave it running without AVX2.
	if all := cpu.X86.HasAVX2 && cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL && cpu.X86.HasAVX512IFMA; ifmaAsm && (ifmaAvailable != all) {
		t.Errorf("ifmaAvailable = %v, but AVX2 %v, AVX512F %v, AVX512VL %v, AVX512IFMA %v", ifmaAvailable,
			cpu.X86.HasAVX2, cpu.X86.HasAVX512F, cpu.X86.HasAVX512VL, cpu.X86.HasAVX512IFMA)
	}
	if !backendNative(detectBackend()) {
		t.Errorf("detectBackend() picked %v, which has no machine code here", detectBackend())
	}
	names := map[string]bool{}
	for _, b := range allBackends {
		names[b.String()] = true
	}
	if len(names) != len(allBackends) || names["unknown"] {
		t.Errorf("backend names are not distinct: %v", names)
	}
	if got := backend(200).String(); got != "unknown" {
		t.Errorf("backend(200).String() = %q", got)
	}
	t.Logf("this process runs the %v backend", pointBackend)
}

// TestForEachBackend checks the helper itself: every runnable backend gets
// a subtest with pointBackend set to it, and the variable is restored.
func TestForEachBackend(t *testing.T) {
	before := pointBackend
	var seen []backend
	forEachBackend(t, func(t *testing.T) { seen = append(seen, pointBackend) })
	if pointBackend != before {
		t.Fatalf("pointBackend is %v after forEachBackend, was %v", pointBackend, before)
	}
	var want []backend
	for _, b := range allBackends {
		if testBackend(b) {
			want = append(want, b)
		}
	}
	if len(seen) != len(want) {
		t.Fatalf("subtests ran on %v, want %v", seen, want)
	}
	for i := range want {
		if seen[i] != want[i] {
			t.Fatalf("subtests ran on %v, want %v", seen, want)
		}
	}
	seen = nil
	onEachBackend(func(b backend) {
		if pointBackend != b {
			t.Errorf("onEachBackend(%v) ran with %v", b, pointBackend)
		}
		seen = append(seen, b)
	})
	if pointBackend != before || len(seen) != len(want) {
		t.Fatalf("onEachBackend ran on %v and left %v", seen, pointBackend)
	}
}

// dispatchPoison is what testDispatchReaches needs of a vector backend:
// functions that corrupt its cached-form scale or its base tables, each
// returning the function that restores them.
type dispatchPoison struct {
	scale, tables func() func()
}

// testDispatchReaches checks that every scalar multiplication's dispatch
// runs backend be's vector loops when pointBackend says so: with the
// backend's cached-form scale or its base tables poisoned, the results must
// change, and they must come back when the poison is removed. The serial
// loops and the other vector backend read neither.
func testDispatchReaches(t *testing.T, be backend, poison dispatchPoison) {
	if !testBackend(be) {
		t.Skipf("the %v backend does not run here", be)
	}
	r := ptRand(t)
	pts := ptPoints(t, r, 12)
	s, s2 := ptRandomScalar(r), ptRandomScalar(r)
	ss := []*Scalar{s, s2, s, s2, s, s2}
	ps := pts[len(pts)-len(ss):]
	many := make([]*Scalar, pippengerThreshold(be))
	manyPts := make([]*Point, len(many))
	for k := range many {
		many[k], manyPts[k] = ptRandomScalar(r), pts[k%len(pts)]
	}
	withBackend(t, be)
	for _, op := range []struct {
		name   string
		f      func() *Point
		poison func() func()
	}{
		{"ScalarBaseMult", func() *Point { return new(Point).ScalarBaseMult(s) }, poison.tables},
		{"ScalarMult", func() *Point { return new(Point).ScalarMult(s, pts[3]) }, poison.scale},
		{"VarTimeDoubleScalarBaseMult", func() *Point { return new(Point).VarTimeDoubleScalarBaseMult(s, pts[3], s2) }, poison.scale},
		{"VarTimeDoubleScalarBaseMult/base", func() *Point { return new(Point).VarTimeDoubleScalarBaseMult(NewScalar(), pts[3], s2) }, poison.tables},
		{"MultiScalarMult", func() *Point { return new(Point).MultiScalarMult(ss, ps) }, poison.scale},
		{"VarTimeMultiScalarMult", func() *Point { return new(Point).VarTimeMultiScalarMult(ss, ps) }, poison.scale},
		{"VarTimeMultiScalarMult/pippenger", func() *Point { return new(Point).VarTimeMultiScalarMult(many, manyPts) }, poison.scale},
	} {
		good := op.f()
		restore := op.poison()
		bad := op.f()
		restore()
		if bad.Equal(good) == 1 {
			t.Errorf("%s: the result does not depend on the %v backend's tables", op.name, be)
		}
		if again := op.f(); again.Equal(good) != 1 {
			t.Fatalf("%s: the restored tables give another result", op.name)
		}
	}
}

// poisonTableEntries swaps every even entry of each comb row and of the odd
// multiples with the next, so that every nonzero digit picks a wrong one,
// and returns copies of the two tables so poisoned.
func poisonTableEntries[A any](comb *[vecCombRows][combEntries]A, odd *[baseOddEntries]A) (*[vecCombRows][combEntries]A, *[baseOddEntries]A) {
	c, o := *comb, *odd
	for m := range c {
		for i := 0; i < len(c[m]); i += 2 {
			c[m][i], c[m][i+1] = c[m][i+1], c[m][i]
		}
	}
	for i := 0; i < len(o); i += 2 {
		o[i], o[i+1] = o[i+1], o[i]
	}
	return &c, &o
}

func TestDispatchReachesAVX2(t *testing.T) {
	b := avx2Backend{}
	testDispatchReaches(t, backendAVX2, dispatchPoison{
		scale: func() func() {
			// The factors of λ·(Y-X) and -λ·2d·T trade places.
			saved := vecCachedFactors
			vecCachedFactors[0], vecCachedFactors[2] = vecCachedFactors[2], vecCachedFactors[0]
			return func() { vecCachedFactors = saved }
		},
		tables: func() func() {
			c, o := poisonTableEntries(b.baseComb(), b.baseOdd())
			savedC, savedO := avx2Comb.t, avx2BaseOdd.t
			avx2Comb.t, avx2BaseOdd.t = c, o
			return func() { avx2Comb.t, avx2BaseOdd.t = savedC, savedO }
		},
	})
}

func TestDispatchReachesIFMA(t *testing.T) {
	b := ifmaBackend{}
	testDispatchReaches(t, backendIFMA, dispatchPoison{
		scale: func() func() {
			// The factors of λ·(Y-X) and -λ·2d·T trade places.
			saved := vecCachedFactors
			vecCachedFactors[0], vecCachedFactors[2] = vecCachedFactors[2], vecCachedFactors[0]
			return func() { vecCachedFactors = saved }
		},
		tables: func() func() {
			c, o := poisonTableEntries(b.baseComb(), b.baseOdd())
			savedC, savedO := ifmaComb.t, ifmaBaseOdd.t
			ifmaComb.t, ifmaBaseOdd.t = c, o
			return func() { ifmaComb.t, ifmaBaseOdd.t = savedC, savedO }
		},
	})
}
