//go:build amd64 && !purego

package edwards25519

import "testing"

// Helpers of the assembly tests of both vector backends
// (vec_avx2_amd64_test.go, vec_ifma_amd64_test.go), over their lane types.

// vecGuarded holds a vector between two guard blocks, to catch a kernel's
// stores outside its argument.
type vecGuarded[V any] struct {
	before [8]uint64
	v      V
	after  [8]uint64
}

const vecGuardWord = 0x5a5a5a5a5a5a5a5a

// newVecGuarded returns a copy of v between two guard blocks.
func newVecGuarded[V any](v *V) *vecGuarded[V] {
	g := &vecGuarded[V]{v: *v}
	for i := range g.before {
		g.before[i], g.after[i] = vecGuardWord, vecGuardWord
	}
	return g
}

func (g *vecGuarded[V]) check(t testing.TB, what string) {
	t.Helper()
	for i := range g.before {
		if g.before[i] != vecGuardWord || g.after[i] != vecGuardWord {
			t.Fatalf("%s wrote outside its argument", what)
		}
	}
}

// vecSameLimbs fails unless got == want limb for limb, for the limbs of two
// vectors of one backend ([limb][lane]): the kernels must compute exactly
// the limbs of their twins.
func vecSameLimbs(t testing.TB, what string, got, want [][4]uint64) {
	t.Helper()
	for k := range got {
		for l := range got[k] {
			if got[k][l] != want[k][l] {
				t.Fatalf("%s: limb %d lane %d is %#x, the twin gives %#x", what, k, l, got[k][l], want[k][l])
			}
		}
	}
}
