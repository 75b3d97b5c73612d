// Package lazyfe adds and subtracts field elements limb by limb, without
// the carry pass that ends field.Element's Add and Subtract, for formulas in
// which a sum or a difference is only ever read by a multiplication: the
// point formulas of the root package (limbs.go) and the portable X25519
// ladder (x25519/ladder.go).
//
// field.Element is five uint64 limbs in radix 2^51, least significant
// first (field/fe.go), and its invariant keeps every limb below 2^51 + 2^18.
// Multiply and Mult32 take limbs below 2^54, Square below 3·2^51 (the bound
// of the amd64 MULX squarings). For a and b that obey the invariant:
//
//	Add  a + b        every limb < 2^52 + 2^19 < 3·2^51: may be squared
//	Sub  a + 4p - b   every limb < 2^51 + 2^18 + 2^53 < 2^54: multiplied only
//
// 4p in limbs is (2^53 - 76, 2^53 - 4, 2^53 - 4, 2^53 - 4, 2^53 - 4), above
// every limb of b, so no limb of a difference wraps. The results break the
// invariant: callers keep them out of anything but a product, and state
// the bounds of their inputs where they use them. A size assertion checks
// the layout.
package lazyfe

import (
	"unsafe"

	"github.com/seed06d4b90c/edwards25519/field"
)

// The limbs of 4p.
const (
	FourP0    = 1<<53 - 76
	FourPHigh = 1<<53 - 4
)

const _ = -uint(unsafe.Sizeof(field.Element{}) ^ 40)

// Limbs views e as its five limbs.
func Limbs(e *field.Element) *[5]uint64 { return (*[5]uint64)(unsafe.Pointer(e)) }

// Add sets out = a + b limb by limb, without a carry pass.
func Add(out, a, b *field.Element) {
	o, x, y := Limbs(out), Limbs(a), Limbs(b)
	o[0] = x[0] + y[0]
	o[1] = x[1] + y[1]
	o[2] = x[2] + y[2]
	o[3] = x[3] + y[3]
	o[4] = x[4] + y[4]
}

// Sub sets out = a - b as a + 4p - b limb by limb, without a carry pass.
// pre: b's limbs are below 2^53 - 76.
func Sub(out, a, b *field.Element) {
	o, x, y := Limbs(out), Limbs(a), Limbs(b)
	o[0] = x[0] + FourP0 - y[0]
	o[1] = x[1] + FourPHigh - y[1]
	o[2] = x[2] + FourPHigh - y[2]
	o[3] = x[3] + FourPHigh - y[3]
	o[4] = x[4] + FourPHigh - y[4]
}
