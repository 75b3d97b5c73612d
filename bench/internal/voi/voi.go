// Package voi adapts github.com/oasisprotocol/curve25519-voi to the benchmark suite,
// for the operations it exposes: point and scalar arithmetic, its multi-scalar
// multiplications and precomputed tables, X25519, hashing to the curve and
// subgroup tests (its field package is internal).
package voi

import (
	"github.com/oasisprotocol/curve25519-voi/curve"
	"github.com/oasisprotocol/curve25519-voi/curve/scalar"

	"github.com/seed06d4b90c/edwards25519/bench/internal/suite"
)

// Factories returns a runner factory for every operation voi has. It has no
// exported point doubling and no exported field arithmetic; the rows of
// addOwnRows are in own.go.
func Factories() map[string]suite.Factory {
	f := map[string]suite.Factory{
		suite.PointSetBytes:               pointSetBytes,
		suite.PointBytes:                  pointBytes,
		suite.PointAdd:                    pointAdd,
		suite.ScalarBaseMult:              scalarBaseMult,
		suite.ScalarMult:                  scalarMult,
		suite.VarTimeDoubleScalarBaseMult: varTimeDoubleScalarBaseMult,
		suite.ScalarMultiply:              scalarMultiply,
		suite.ScalarInvert:                scalarInvert,
		suite.ScalarSetUniformBytes:       scalarSetUniformBytes,
	}
	for _, n := range suite.MSMSizes {
		f[suite.MSMName(false, n)] = multiScalarMult(n, false)
		f[suite.MSMName(true, n)] = multiScalarMult(n, true)
	}
	addOwnRows(f)
	return f
}

func newScalar(b [32]byte) *scalar.Scalar {
	s, err := scalar.NewFromCanonicalBytes(b[:])
	if err != nil {
		panic(err)
	}
	return s
}

func newPoint(b [32]byte) *curve.EdwardsPoint {
	c, err := curve.NewCompressedEdwardsYFromBytes(b[:])
	if err != nil {
		panic(err)
	}
	p, err := curve.NewEdwardsPoint().SetCompressedY(c)
	if err != nil {
		panic(err)
	}
	return p
}

func encodePoint(p *curve.EdwardsPoint) []byte {
	var c curve.CompressedEdwardsY
	c.SetEdwardsPoint(p)
	return c[:]
}

func encodeScalar(s *scalar.Scalar) []byte {
	out := make([]byte, scalar.ScalarSize)
	if err := s.ToBytes(out); err != nil {
		panic(err)
	}
	return out
}

func pointSetBytes(in *suite.Inputs) suite.Runner {
	c, err := curve.NewCompressedEdwardsYFromBytes(in.PointP[:])
	if err != nil {
		panic(err)
	}
	p := curve.NewEdwardsPoint()
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				_, err = p.SetCompressedY(c)
			}
		},
		Output: func() []byte {
			if err != nil {
				return []byte(err.Error())
			}
			return encodePoint(p)
		},
	}
}

func pointBytes(in *suite.Inputs) suite.Runner {
	p := newPoint(in.PointP)
	var c curve.CompressedEdwardsY
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				c.SetEdwardsPoint(p)
			}
		},
		Output: func() []byte { return append([]byte(nil), c[:]...) },
	}
}

func pointAdd(in *suite.Inputs) suite.Runner {
	p, q := newPoint(in.PointP), newPoint(in.PointQ)
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				p.Add(p, q)
			}
		},
		Output: func() []byte { return encodePoint(p) },
	}
}

func scalarBaseMult(in *suite.Inputs) suite.Runner {
	s := newScalar(in.ScalarA)
	p := curve.NewEdwardsPoint()
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				p.MulBasepoint(curve.ED25519_BASEPOINT_TABLE, s)
			}
		},
		Output: func() []byte { return encodePoint(p) },
	}
}

func scalarMult(in *suite.Inputs) suite.Runner {
	s, q := newScalar(in.ScalarA), newPoint(in.PointQ)
	p := curve.NewEdwardsPoint()
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				p.Mul(q, s)
			}
		},
		Output: func() []byte { return encodePoint(p) },
	}
}

func varTimeDoubleScalarBaseMult(in *suite.Inputs) suite.Runner {
	a, bigA, b := newScalar(in.ScalarA), newPoint(in.PointP), newScalar(in.ScalarB)
	p := curve.NewEdwardsPoint()
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				p.DoubleScalarMulBasepointVartime(a, bigA, b)
			}
		},
		Output: func() []byte { return encodePoint(p) },
	}
}

func multiScalarMult(n int, varTime bool) suite.Factory {
	return func(in *suite.Inputs) suite.Runner {
		scalars := make([]*scalar.Scalar, n)
		points := make([]*curve.EdwardsPoint, n)
		for i := range n {
			scalars[i] = newScalar(in.MSMScalars[i])
			points[i] = newPoint(in.MSMPoints[i])
		}
		p := curve.NewEdwardsPoint()
		loop := func(count int) {
			for range count {
				p.MultiscalarMul(scalars, points)
			}
		}
		if varTime {
			loop = func(count int) {
				for range count {
					p.MultiscalarMulVartime(scalars, points)
				}
			}
		}
		return suite.Runner{Loop: loop, Output: func() []byte { return encodePoint(p) }}
	}
}

func scalarMultiply(in *suite.Inputs) suite.Runner {
	s, t := newScalar(in.ScalarA), newScalar(in.ScalarB)
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				s.Mul(s, t)
			}
		},
		Output: func() []byte { return encodeScalar(s) },
	}
}

func scalarInvert(in *suite.Inputs) suite.Runner {
	s := newScalar(in.ScalarA)
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				s.Invert(s)
			}
		},
		Output: func() []byte { return encodeScalar(s) },
	}
}

func scalarSetUniformBytes(in *suite.Inputs) suite.Runner {
	wide := in.Wide[:]
	s := scalar.New()
	var err error
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				_, err = s.SetBytesModOrderWide(wide)
			}
		},
		Output: func() []byte {
			if err != nil {
				return []byte(err.Error())
			}
			return encodeScalar(s)
		},
	}
}
