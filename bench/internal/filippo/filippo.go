// Package filippo adapts filippo.io/edwards25519 v1.2.0, the reference, to the benchmark suite.
//
// Apart from this comment, the package clause and the import block, this file is the same
// text as ../ours/ours.go, and ed25519.go the same as its namesake there (TestAdaptersInSync
// checks both), so both libraries are measured by exactly the same loops. The rows of
// the operations v1.2.0 lacks, composed on its API, are in composed.go.
package filippo

import (
	ed "filippo.io/edwards25519"
	"filippo.io/edwards25519/field"

	"github.com/seed06d4b90c/edwards25519/bench/internal/suite"
)

// Factories returns a runner factory for every operation of the suite: the
// group arithmetic and Ed25519 rows from the text both adapters share, and
// the rows of addOwnRows, which differ between the two libraries.
func Factories() map[string]suite.Factory {
	f := map[string]suite.Factory{
		suite.FieldMultiply:               fieldMultiply,
		suite.FieldSquare:                 fieldSquare,
		suite.FieldInvert:                 fieldInvert,
		suite.FieldSqrtRatio:              fieldSqrtRatio,
		suite.PointSetBytes:               pointSetBytes,
		suite.PointBytes:                  pointBytes,
		suite.PointAdd:                    pointAdd,
		suite.PointDouble:                 pointDouble,
		suite.ScalarBaseMult:              scalarBaseMult,
		suite.ScalarMult:                  scalarMult,
		suite.ScalarMultSlow:              scalarMultSlow,
		suite.VarTimeDoubleScalarBaseMult: varTimeDoubleScalarBaseMult,
		suite.ScalarMultiply:              scalarMultiply,
		suite.ScalarInvert:                scalarInvert,
		suite.ScalarSetUniformBytes:       scalarSetUniformBytes,
	}
	for _, n := range suite.MSMSizes {
		f[suite.MSMName(false, n)] = multiScalarMult(n, false)
		f[suite.MSMName(true, n)] = multiScalarMult(n, true)
	}
	f[suite.Ed25519Sign] = ed25519Sign
	f[suite.Ed25519Verify] = ed25519Verify
	addOwnRows(f)
	return f
}

func element(b [32]byte) *field.Element {
	e, err := new(field.Element).SetBytes(b[:])
	if err != nil {
		panic(err)
	}
	return e
}

func scalar(b [32]byte) *ed.Scalar {
	s, err := ed.NewScalar().SetCanonicalBytes(b[:])
	if err != nil {
		panic(err)
	}
	return s
}

func point(b [32]byte) *ed.Point {
	p, err := new(ed.Point).SetBytes(b[:])
	if err != nil {
		panic(err)
	}
	return p
}

func fieldMultiply(in *suite.Inputs) suite.Runner {
	x, y := element(in.FieldA), element(in.FieldB)
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				x.Multiply(x, y)
			}
		},
		Output: x.Bytes,
	}
}

func fieldSquare(in *suite.Inputs) suite.Runner {
	x := element(in.FieldA)
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				x.Square(x)
			}
		},
		Output: x.Bytes,
	}
}

func fieldInvert(in *suite.Inputs) suite.Runner {
	x := element(in.FieldA)
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				x.Invert(x)
			}
		},
		Output: x.Bytes,
	}
}

func fieldSqrtRatio(in *suite.Inputs) suite.Runner {
	u, v := element(in.SqrtU), element(in.SqrtV)
	r := new(field.Element)
	wasSquare := -1
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				_, wasSquare = r.SqrtRatio(u, v)
			}
		},
		Output: func() []byte { return append(r.Bytes(), byte(wasSquare)) },
	}
}

func pointSetBytes(in *suite.Inputs) suite.Runner {
	enc := in.PointP[:]
	p := new(ed.Point)
	var err error
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				_, err = p.SetBytes(enc)
			}
		},
		Output: func() []byte {
			if err != nil {
				return []byte(err.Error())
			}
			return p.Bytes()
		},
	}
}

func pointBytes(in *suite.Inputs) suite.Runner {
	p := point(in.PointP)
	// last is the XOR of the last byte of every encoding made, which keeps
	// them observable: 0 or the last byte of the encoding.
	var last byte
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				last ^= p.Bytes()[31]
			}
		},
		Output: func() []byte {
			out := p.Bytes()
			if last != 0 && last != out[31] {
				panic("PointBytes: the encodings changed")
			}
			return out
		},
	}
}

func pointAdd(in *suite.Inputs) suite.Runner {
	p, q := point(in.PointP), point(in.PointQ)
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				p.Add(p, q)
			}
		},
		Output: p.Bytes,
	}
}

func pointDouble(in *suite.Inputs) suite.Runner {
	p := point(in.PointP)
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				p.Double(p)
			}
		},
		Output: p.Bytes,
	}
}

func scalarBaseMult(in *suite.Inputs) suite.Runner {
	s := scalar(in.ScalarA)
	p := new(ed.Point)
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				p.ScalarBaseMult(s)
			}
		},
		Output: p.Bytes,
	}
}

func scalarMult(in *suite.Inputs) suite.Runner {
	s, q := scalar(in.ScalarA), point(in.PointQ)
	p := new(ed.Point)
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				p.ScalarMult(s, q)
			}
		},
		Output: p.Bytes,
	}
}

func scalarMultSlow(in *suite.Inputs) suite.Runner {
	s, q := scalar(in.ScalarA), point(in.PointQ)
	p := new(ed.Point)
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				p.ScalarMultSlow(s, q)
			}
		},
		Output: p.Bytes,
	}
}

func varTimeDoubleScalarBaseMult(in *suite.Inputs) suite.Runner {
	a, bigA, b := scalar(in.ScalarA), point(in.PointP), scalar(in.ScalarB)
	p := new(ed.Point)
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				p.VarTimeDoubleScalarBaseMult(a, bigA, b)
			}
		},
		Output: p.Bytes,
	}
}

func multiScalarMult(n int, varTime bool) suite.Factory {
	return func(in *suite.Inputs) suite.Runner {
		scalars := make([]*ed.Scalar, n)
		points := make([]*ed.Point, n)
		for i := range n {
			scalars[i] = scalar(in.MSMScalars[i])
			points[i] = point(in.MSMPoints[i])
		}
		p := new(ed.Point)
		loop := func(count int) {
			for range count {
				p.MultiScalarMult(scalars, points)
			}
		}
		if varTime {
			loop = func(count int) {
				for range count {
					p.VarTimeMultiScalarMult(scalars, points)
				}
			}
		}
		return suite.Runner{Loop: loop, Output: p.Bytes}
	}
}

func scalarMultiply(in *suite.Inputs) suite.Runner {
	s, t := scalar(in.ScalarA), scalar(in.ScalarB)
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				s.Multiply(s, t)
			}
		},
		Output: s.Bytes,
	}
}

func scalarInvert(in *suite.Inputs) suite.Runner {
	s := scalar(in.ScalarA)
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				s.Invert(s)
			}
		},
		Output: s.Bytes,
	}
}

func scalarSetUniformBytes(in *suite.Inputs) suite.Runner {
	wide := in.Wide[:]
	s := ed.NewScalar()
	var err error
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				_, err = s.SetUniformBytes(wide)
			}
		},
		Output: func() []byte {
			if err != nil {
				return []byte(err.Error())
			}
			return s.Bytes()
		},
	}
}
