package x25519

import "testing"

// forEachLadder runs f as two subtests, one per ladder path: "generic"
// (ladderGeneric) and "ifma" (ladderIFMA: the kernel, or its portable twin
// where the kernel is not compiled in). The "ifma" subtest is skipped on an
// amd64 CPU without AVX-512 IFMA. useIFMALadder is restored when each
// subtest ends, so the tests that call this must not be parallel.
func forEachLadder[T interface {
	testing.TB
	Run(string, func(T)) bool
}](t T, f func(T)) {
	for _, ifma := range []bool{false, true} {
		name := "generic"
		if ifma {
			name = "ifma"
		}
		t.Run(name, func(t T) {
			if ifma && ifmaLadderAsm && !ifmaLadderAvailable {
				t.Skip("the IFMA ladder kernel needs AVX2, AVX512F, AVX512VL and AVX512IFMA")
			}
			setLadder(t, ifma)
			f(t)
		})
	}
}

// setLadder selects the ladder path until the end of t.
func setLadder(t testing.TB, ifma bool) {
	saved := useIFMALadder
	t.Cleanup(func() { useIFMALadder = saved })
	useIFMALadder = ifma
}

// ladderPaths lists the values of useIFMALadder that this CPU can run, for
// the loops that cannot use subtests (fuzz targets): false (ladderGeneric),
// then true (ladderIFMA) unless the kernel is compiled in and the CPU
// lacks it.
func ladderPaths() []bool {
	if ifmaLadderAsm && !ifmaLadderAvailable {
		return []bool{false}
	}
	return []bool{false, true}
}
