// Package circl adapts github.com/cloudflare/circl to the benchmark suite: its
// field arithmetic (math/fp25519) and X25519 (dh/x25519). circl has no
// edwards25519 group API to compare.
package circl

import (
	"github.com/cloudflare/circl/dh/x25519"
	"github.com/cloudflare/circl/math/fp25519"

	"github.com/seed06d4b90c/edwards25519/bench/internal/suite"
)

// Factories returns a runner factory for the field operations and X25519.
func Factories() map[string]suite.Factory {
	return map[string]suite.Factory{
		suite.FieldMultiply:  fieldMultiply,
		suite.FieldSquare:    fieldSquare,
		suite.FieldInvert:    fieldInvert,
		suite.FieldSqrtRatio: fieldSqrtRatio,
		suite.X25519Variable: x25519Variable,
		suite.X25519Fixed:    x25519Fixed,
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

// x25519Variable runs Shared, which also checks that the result is not
// all zeros (it returns false then, as the others return an error).
func x25519Variable(in *suite.Inputs) suite.Runner {
	secret, public := x25519.Key(in.X25519Scalar), x25519.Key(in.X25519Peer)
	var shared x25519.Key
	ok := false
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				ok = x25519.Shared(&shared, &secret, &public)
			}
		},
		Output: func() []byte {
			if !ok {
				return suite.ErrorOutput
			}
			return append([]byte(nil), shared[:]...)
		},
	}
}

// x25519Fixed runs KeyGen, circl's multiplication of the base point.
func x25519Fixed(in *suite.Inputs) suite.Runner {
	secret := x25519.Key(in.X25519Scalar)
	var public x25519.Key
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				x25519.KeyGen(&public, &secret)
			}
		},
		Output: func() []byte { return append([]byte(nil), public[:]...) },
	}
}
