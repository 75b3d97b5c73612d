package x25519

import "testing"

// ladderPathNames are the subtest names of forEachLadder, by path.
var ladderPathNames = map[ladderPath]string{
	ladderPathGeneric: "generic",
	ladderPathMULX:    "mulx",
	ladderPathIFMA:    "ifma",
}

func (p ladderPath) String() string { return ladderPathNames[p] }

// ladderSkipReason says why path p cannot run here, or "" if it can: a
// kernel compiled in needs its CPU features (the portable twins, where the
// kernels are not compiled in, run everywhere).
func ladderSkipReason(p ladderPath) string {
	switch {
	case p == ladderPathIFMA && ifmaLadderAsm && !ifmaLadderAvailable:
		return "the IFMA ladder kernel needs AVX2, AVX512F, AVX512VL and AVX512IFMA"
	case p == ladderPathMULX && mulxLadderAsm && !mulxLadderAvailable:
		return "the MULX ladder kernel needs BMI2 and ADX"
	}
	return ""
}

// forEachLadder runs f as one subtest per ladder path: "generic"
// (ladderGeneric), "mulx" (ladderMULX) and "ifma" (ladderIFMA), each a
// kernel or, where the kernel is not compiled in, its portable twin; under
// "mulx", once per form of the kernel (forEachMULXForm). A kernel's subtest
// is skipped on an amd64 CPU without its features. currentLadder and
// mulxOneChain are restored when each subtest ends, so the tests that call
// this must not be parallel.
func forEachLadder[T interface {
	testing.TB
	Run(string, func(T)) bool
}](t T, f func(T)) {
	for _, p := range []ladderPath{ladderPathGeneric, ladderPathMULX, ladderPathIFMA} {
		t.Run(p.String(), func(t T) {
			if why := ladderSkipReason(p); why != "" {
				t.Skip(why)
			}
			setLadder(t, p)
			if p == ladderPathMULX {
				forEachMULXForm(t, f)
				return
			}
			f(t)
		})
	}
}

// forEachMULXForm runs f as one subtest per form of the MULX kernel where
// the assembly is compiled in, "onechain" (mulxLadderAsmOneChain) and
// "twochains" (mulxLadderAsmTwoChains), and once, directly, where both are
// the twin. mulxOneChain is restored when each subtest ends.
func forEachMULXForm[T interface {
	testing.TB
	Run(string, func(T)) bool
}](t T, f func(T)) {
	if !mulxLadderAsm {
		f(t)
		return
	}
	for _, one := range []bool{true, false} {
		name := "twochains"
		if one {
			name = "onechain"
		}
		t.Run(name, func(t T) {
			saved := mulxOneChain
			t.Cleanup(func() { mulxOneChain = saved })
			mulxOneChain = one
			f(t)
		})
	}
}

// setLadder selects the ladder path until the end of t.
func setLadder(t testing.TB, p ladderPath) {
	saved := currentLadder
	t.Cleanup(func() { currentLadder = saved })
	currentLadder = p
}

// ladderPaths lists the paths this CPU can run, for the loops that cannot
// use subtests (fuzz targets).
func ladderPaths() []ladderPath {
	var ps []ladderPath
	for _, p := range []ladderPath{ladderPathGeneric, ladderPathMULX, ladderPathIFMA} {
		if ladderSkipReason(p) == "" {
			ps = append(ps, p)
		}
	}
	return ps
}
