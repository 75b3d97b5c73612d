package edwards25519

import (
	"unsafe"

	"github.com/seed06d4b90c/edwards25519/field"
	"github.com/seed06d4b90c/edwards25519/internal/lazyfe"
)

// This package reads field elements as their limbs in four places: the
// constant-time table scans (tables.go), the lazy additions of the point
// formulas below, the check for an uninitialized Point (mustBeInitialized in
// point.go), and the vector backends' conversions to and from lanes
// (vec_avx2.go, vec_ifma.go). field.Element is exactly five uint64 limbs in
// radix 2^51, least significant first (field/fe.go); the size assertions
// here and TestElementWords check that assumption.

const (
	elementWords = 5
	affineWords  = 3 * elementWords
	cachedWords  = 4 * elementWords
	_            = -uint(unsafe.Sizeof(field.Element{}) ^ 8*elementWords)
	_            = -uint(unsafe.Sizeof(affineCached{}) ^ 8*affineWords)
	_            = -uint(unsafe.Sizeof(cached{}) ^ 8*cachedWords)
)

// The IFMA Point kernels (vec_ifma_point.go, through pointWords in
// vec_ifma_amd64.go) read a Point as its four coordinates X, Y, Z, T in
// that order, with nothing before or between them.
const (
	_ = -uint(unsafe.Offsetof(Point{}.x))
	_ = -uint(unsafe.Offsetof(Point{}.t) ^ 3*8*elementWords)
	_ = -uint(unsafe.Sizeof(Point{}) ^ 4*8*elementWords)
)

// limbsOf views e as its limbs (internal/lazyfe's view, shared with the
// x25519 ladder).
func limbsOf(e *field.Element) *[elementWords]uint64 { return lazyfe.Limbs(e) }

// Lazy additions.
//
// field.Element.Add and Subtract end in a carry pass so that their results
// obey the Element invariant (limbs < 2^51 + 2^18, "b" below) and can be
// added again indefinitely. In the point formulas every sum or difference
// is consumed by a multiplication, which accepts limbs below 2^54, or a
// squaring, which accepts limbs below 3*2^51 (only addLazy's output is ever
// squared), so the carry pass can be skipped:
//
//	addLazy     a + b            < 2b          = 2^52 + 2^19
//	subLazy     a + 4p - b       < 2^53 + b    (b < 4p limb-wise: no underflow)
//	addSubLazy  a + b + 4p - c   < 2^53 + a + b (c < 4p limb-wise)
//
// where 4p in limbs is (2^53 - 76, 2^53 - 4, 2^53 - 4, 2^53 - 4, 2^53 - 4).
// addLazy and subLazy are internal/lazyfe's, which the x25519 ladder shares.
// Each use in point.go states the bound of its inputs; the results are never
// stored in a Point or passed to anything but Multiply or Square.
// TestLazyBounds runs the formulas on limbs at the invariant's edge.

// addLazy sets out = a + b limb by limb, without a carry pass.
func addLazy(out, a, b *field.Element) { lazyfe.Add(out, a, b) }

// subLazy sets out = a - b as a + 4p - b limb by limb. pre: b's limbs are
// below 2^53 - 76.
func subLazy(out, a, b *field.Element) { lazyfe.Sub(out, a, b) }

// addSubLazy sets out = a + b - c as a + b + 4p - c limb by limb. pre: c's
// limbs are below 2^53 - 76.
func addSubLazy(out, a, b, c *field.Element) {
	o, x, y, z := limbsOf(out), limbsOf(a), limbsOf(b), limbsOf(c)
	o[0] = x[0] + y[0] + lazyfe.FourP0 - z[0]
	o[1] = x[1] + y[1] + lazyfe.FourPHigh - z[1]
	o[2] = x[2] + y[2] + lazyfe.FourPHigh - z[2]
	o[3] = x[3] + y[3] + lazyfe.FourPHigh - z[3]
	o[4] = x[4] + y[4] + lazyfe.FourPHigh - z[4]
}
