// Package testrand gives the random tests of this module their seed: the
// value of EDWARDS25519_SEED when it is set, a fresh one otherwise, logged
// either way so that a failing run can be replayed with the same inputs.
// Only test files import it.
package testrand

import (
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
)

// Seed returns the seed of a random test: EDWARDS25519_SEED (decimal, or
// hexadecimal with 0x) if it is set, else a fresh one. It logs the seed and
// how to replay it.
func Seed(t testing.TB) uint64 {
	t.Helper()
	seed := rand.Uint64()
	if s := os.Getenv("EDWARDS25519_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 0, 64)
		if err != nil {
			t.Fatalf("bad EDWARDS25519_SEED %q: %v", s, err)
		}
		seed = v
	}
	t.Logf("seed %d (replay with EDWARDS25519_SEED=%d)", seed, seed)
	return seed
}

// New returns a PCG source seeded with Seed(t) and the given second word.
// Each caller keeps its own word, so that the sources of different tests
// differ for one seed.
func New(t testing.TB, stream uint64) *rand.Rand {
	t.Helper()
	return rand.New(rand.NewPCG(Seed(t), stream))
}
