// Package circl adapts github.com/cloudflare/circl/math/fp25519 to the benchmark
// suite: field arithmetic only (circl has no edwards25519 group API to compare).
package circl

import (
	"github.com/cloudflare/circl/math/fp25519"

	"github.com/seed06d4b90c/edwards25519/bench/internal/suite"
)

// Factories returns a runner factory for the field operations.
func Factories() map[string]suite.Factory {
	return map[string]suite.Factory{
		suite.FieldMultiply:  fieldMultiply,
		suite.FieldSquare:    fieldSquare,
		suite.FieldInvert:    fieldInvert,
		suite.FieldSqrtRatio: fieldSqrtRatio,
	}
}

// encode returns the canonical encoding of x without reducing x in place
// (fp25519.ToBytes reduces its argument).
func encode(x *fp25519.Elt) []byte {
	t := *x
	out := make([]byte, fp25519.Size)
	if err := fp25519.ToBytes(out, &t); err != nil {
		panic(err)
	}
	return out
}

func fieldMultiply(in *suite.Inputs) suite.Runner {
	x, y := fp25519.Elt(in.FieldA), fp25519.Elt(in.FieldB)
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				fp25519.Mul(&x, &x, &y)
			}
		},
		Output: func() []byte { return encode(&x) },
	}
}

func fieldSquare(in *suite.Inputs) suite.Runner {
	x := fp25519.Elt(in.FieldA)
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				fp25519.Sqr(&x, &x)
			}
		},
		Output: func() []byte { return encode(&x) },
	}
}

func fieldInvert(in *suite.Inputs) suite.Runner {
	x := fp25519.Elt(in.FieldA)
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				fp25519.Inv(&x, &x)
			}
		},
		Output: func() []byte { return encode(&x) },
	}
}

// fieldSqrtRatio runs InvSqrt, circl's sqrt(u/v). It returns either square
// root, where SqrtRatio returns the non-negative one (RFC 9496 section 4.2),
// so Output takes the absolute value, outside the timed loop, to compare.
func fieldSqrtRatio(in *suite.Inputs) suite.Runner {
	u, v := fp25519.Elt(in.SqrtU), fp25519.Elt(in.SqrtV)
	var r fp25519.Elt
	wasSquare := false
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				wasSquare = fp25519.InvSqrt(&r, &u, &v)
			}
		},
		Output: func() []byte {
			out := encode(&r)
			if out[0]&1 == 1 {
				var neg fp25519.Elt
				fp25519.Neg(&neg, &r)
				out = encode(&neg)
			}
			flag := byte(0)
			if wasSquare {
				flag = 1
			}
			return append(out, flag)
		},
	}
}
