package field

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/seed06d4b90c/edwards25519/internal/testrand"
)

// The random-input helpers of the package's tests, and their one seed.
// Every random test draws from testSeed, which reads EDWARDS25519_SEED when
// it is set and logs the seed either way, so that a failure can be
// replayed; the other helpers draw from that source and mix in edge values.

// testSeed returns the seed of a random test (testrand.Seed: EDWARDS25519_SEED
// if set, else a fresh one, logged either way).
func testSeed(t testing.TB) uint64 {
	t.Helper()
	return testrand.Seed(t)
}

// seededRand returns the source of seed. Tests that run the same inputs on
// several paths take one testSeed and a seededRand per path.
func seededRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

// newRand returns a source seeded by testSeed.
func newRand(t testing.TB) *rand.Rand {
	t.Helper()
	return seededRand(testSeed(t))
}

// randomElement returns an element obeying the invariant: usually random
// limbs up to the bound (non-canonical), sometimes an edge element.
func randomElement(r *rand.Rand) *Element {
	edges := edgeElements()
	switch r.IntN(8) {
	case 0:
		return edges[r.IntN(len(edges))]
	case 1: // canonical random value
		var b [32]byte
		fillRandom(r, b[:])
		b[31] &= 0x7f
		e := new(Element)
		n := new(big.Int).Mod(leBig(b[:]), bigP)
		*e = *fromBig(n)
		return e
	default:
		var e Element
		for i := range e.l {
			switch r.IntN(6) {
			case 0:
				e.l[i] = limbMax
			case 1:
				e.l[i] = limbMax - r.Uint64N(1<<20)
			default:
				e.l[i] = r.Uint64N(limbMax + 1)
			}
		}
		return &e
	}
}

// wideElement returns an element with limbs below 2^54 (the multiplication
// seam's input bound), often at the bound itself.
func wideElement(r *rand.Rand) *Element { return wideElementTo(r, seamMax) }

// wideSquareElement is wideElement for the squaring seam's bound, 3*2^51.
func wideSquareElement(r *rand.Rand) *Element { return wideElementTo(r, sqMax) }

// wideElementTo returns an element with limbs up to max, often at max.
func wideElementTo(r *rand.Rand, max uint64) *Element {
	var e Element
	for i := range e.l {
		switch r.IntN(4) {
		case 0:
			e.l[i] = max
		case 1:
			e.l[i] = max - r.Uint64N(1<<30)
		default:
			e.l[i] = r.Uint64N(max + 1)
		}
	}
	return &e
}

func fillRandom(r *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(r.Uint32())
	}
}

// pairs yields every pair of edge elements, then random pairs.
func forPairs(t *testing.T, r *rand.Rand, gen func(*rand.Rand) *Element, f func(a, b *Element)) {
	t.Helper()
	edges := edgeElements()
	for _, a := range edges {
		for _, b := range edges {
			f(a, b)
		}
	}
	for range iterations() {
		f(gen(r), gen(r))
	}
}

// edgeLimbs are the limb values at and around every bound the code relies
// on: the 51-bit radix, the Element invariant 2^51 + 2^18, the squaring's
// input bound 3*2^51 and the multiplication's 2^54.
var edgeLimbs = []uint64{
	0, 1, 2, 19,
	1<<51 - 1, 1 << 51, 1<<51 + 1,
	1<<51 + 1<<18 - 1,
	1<<52 - 1, 1 << 52, 3<<51 - 2, 3<<51 - 1, 1<<53 - 1,
	1<<54 - 2, 1<<54 - 1,
}

// mixedElement draws limbs from a mix of distributions: uniform below
// 2^54, uniform below 2^51, edge values, and all-edge elements.
func mixedElement(r *rand.Rand) Element {
	var e Element
	mode := r.IntN(4)
	for i := range e.l {
		switch mode {
		case 0:
			e.l[i] = r.Uint64N(1 << 54)
		case 1:
			e.l[i] = r.Uint64N(1 << 51)
		case 2:
			e.l[i] = edgeLimbs[r.IntN(len(edgeLimbs))]
		default:
			if r.IntN(2) == 0 {
				e.l[i] = edgeLimbs[r.IntN(len(edgeLimbs))]
			} else {
				e.l[i] = r.Uint64N(1 << 54)
			}
		}
	}
	return e
}

// runDivsteps runs divstepRun on x's canonical limbs and returns its final
// f, g and d.
func runDivsteps(x *Element) (f, g, d signed62) {
	l0, l1, l2, l3, l4 := x.canonical()
	divstepRun(&f, &g, &d, l0, l1, l2, l3, l4)
	return f, g, d
}
