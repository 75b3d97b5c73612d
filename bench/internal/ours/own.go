package ours

import (
	ed "github.com/seed06d4b90c/edwards25519"
	"github.com/seed06d4b90c/edwards25519/field"
	"github.com/seed06d4b90c/edwards25519/x25519"

	"github.com/seed06d4b90c/edwards25519/bench/internal/suite"
)

// The rows of operations that filippo.io/edwards25519 v1.2.0 does not have:
// its adapter fills them by composing its API (../filippo/composed.go), and
// the loops here call this library's function for each.

func addOwnRows(f map[string]suite.Factory) {
	f[suite.X25519Variable] = x25519Variable
	f[suite.X25519Fixed] = x25519Fixed
	f[suite.SetMontgomeryBytes] = setMontgomeryBytes
	f[suite.EdPublicKeyToX25519] = edPublicKeyToX25519
	f[suite.EdPrivateKeyToX25519] = edPrivateKeyToX25519
	f[suite.SetHashToCurve] = setHashToCurve
	f[suite.SetEncodeToCurve] = setEncodeToCurve
	f[suite.SetElligator2Representative] = setElligator2Representative
	f[suite.Elligator2Representative] = elligator2Representative
	f[suite.IsTorsionFree] = isTorsionFree
	f[suite.IsSmallOrder] = isSmallOrder
	f[suite.PointSetCanonicalBytes] = pointSetCanonicalBytes
	f[suite.FieldBatchInvert] = fieldBatchInvert
	f[suite.ScalarMultTable] = scalarMultTable
	f[suite.NewPointTable] = newPointTable
	f[suite.ScalarBatchInvert] = scalarBatchInvert
	f[suite.BatchBytes] = batchBytes
	f[suite.BatchBytesMontgomery] = batchBytesMontgomery
}

// bytesFunc returns the Output of a byte-slice result held in *out, with
// its error in *err.
func bytesFunc(out *[]byte, err *error) func() []byte {
	return func() []byte { return suite.OrError(*out, *err) }
}

// pointFunc returns the Output of a point result p, with its error in *err.
func pointFunc(p *ed.Point, err *error) func() []byte {
	return func() []byte {
		if *err != nil {
			return suite.ErrorOutput
		}
		return p.Bytes()
	}
}

func x25519Variable(in *suite.Inputs) suite.Runner {
	k, u := in.X25519Scalar[:], in.X25519Peer[:]
	var out []byte
	var err error
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				out, err = x25519.X25519(k, u)
			}
		},
		Output: bytesFunc(&out, &err),
	}
}

func x25519Fixed(in *suite.Inputs) suite.Runner {
	k := in.X25519Scalar[:]
	var out []byte
	var err error
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				out, err = x25519.X25519(k, x25519.Basepoint)
			}
		},
		Output: bytesFunc(&out, &err),
	}
}

func setMontgomeryBytes(in *suite.Inputs) suite.Runner {
	u, sign := in.MontgomeryU[:], in.MontgomerySign
	p := new(ed.Point)
	var err error
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				_, err = p.SetMontgomeryBytes(u, sign)
			}
		},
		Output: pointFunc(p, &err),
	}
}

func edPublicKeyToX25519(in *suite.Inputs) suite.Runner {
	pub := in.EdPublicKey
	var out []byte
	var err error
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				out, err = x25519.EdPublicKeyToX25519(pub)
			}
		},
		Output: bytesFunc(&out, &err),
	}
}

func edPrivateKeyToX25519(in *suite.Inputs) suite.Runner {
	priv := in.EdPrivateKey
	var out []byte
	var err error
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				out, err = x25519.EdPrivateKeyToX25519(priv)
			}
		},
		Output: bytesFunc(&out, &err),
	}
}

func setHashToCurve(in *suite.Inputs) suite.Runner {
	msg, dst := in.Message, in.HashDST
	p := new(ed.Point)
	var err error
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				_, err = p.SetHashToCurve(msg, dst)
			}
		},
		Output: pointFunc(p, &err),
	}
}

func setEncodeToCurve(in *suite.Inputs) suite.Runner {
	msg, dst := in.Message, in.EncodeDST
	p := new(ed.Point)
	var err error
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				_, err = p.SetEncodeToCurve(msg, dst)
			}
		},
		Output: pointFunc(p, &err),
	}
}

func setElligator2Representative(in *suite.Inputs) suite.Runner {
	r := in.Representative[:]
	p := new(ed.Point)
	var err error
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				_, err = p.SetElligator2Representative(r)
			}
		},
		Output: pointFunc(p, &err),
	}
}

func elligator2Representative(in *suite.Inputs) suite.Runner {
	p, tweak := point(in.RepresentablePoint), in.Tweak
	var out []byte
	var err error
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				out, err = p.Elligator2Representative(tweak)
			}
		},
		Output: bytesFunc(&out, &err),
	}
}

func isTorsionFree(in *suite.Inputs) suite.Runner {
	p := point(in.TorsionPoint)
	answer := -1
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				answer = p.IsTorsionFree()
			}
		},
		Output: func() []byte { return []byte{byte(answer)} },
	}
}

func isSmallOrder(in *suite.Inputs) suite.Runner {
	p := point(in.SmallOrderPoint)
	answer := -1
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				answer = p.IsSmallOrder()
			}
		},
		Output: func() []byte { return []byte{byte(answer)} },
	}
}

func pointSetCanonicalBytes(in *suite.Inputs) suite.Runner {
	enc := in.CanonicalEncoding[:]
	p := new(ed.Point)
	var err error
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				_, err = p.SetCanonicalBytes(enc)
			}
		},
		Output: pointFunc(p, &err),
	}
}

func fieldBatchInvert(in *suite.Inputs) suite.Runner {
	xs := make([]*field.Element, len(in.FieldBatch))
	for i, b := range in.FieldBatch {
		xs[i] = element(b)
	}
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				field.BatchInvert(xs, xs)
			}
		},
		Output: func() []byte {
			out := make([][]byte, len(xs))
			for i, x := range xs {
				out[i] = x.Bytes()
			}
			return suite.Concat(out)
		},
	}
}

// scalarMultTable multiplies on a table of PointQ built outside the loop.
func scalarMultTable(in *suite.Inputs) suite.Runner {
	s := scalar(in.ScalarA)
	table := ed.NewPointTable(point(in.PointQ))
	p := new(ed.Point)
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				p.ScalarMultTable(s, table)
			}
		},
		Output: p.Bytes,
	}
}

// newPointTable builds the table of scalarMultTable; its Output is ScalarA
// times PointQ on the last table built, computed outside the loop.
func newPointTable(in *suite.Inputs) suite.Runner {
	q, s := point(in.PointQ), scalar(in.ScalarA)
	var table *ed.PointTable
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				table = ed.NewPointTable(q)
			}
		},
		Output: func() []byte { return new(ed.Point).ScalarMultTable(s, table).Bytes() },
	}
}

func scalarBatchInvert(in *suite.Inputs) suite.Runner {
	xs := make([]*ed.Scalar, suite.BatchSize)
	for i := range xs {
		xs[i] = scalar(in.MSMScalars[i])
	}
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				ed.BatchInvert(xs, xs)
			}
		},
		Output: func() []byte {
			out := make([][]byte, len(xs))
			for i, x := range xs {
				out[i] = x.Bytes()
			}
			return suite.Concat(out)
		},
	}
}

// batchPoints returns the points of the batch rows: the doubles of the
// first BatchSize multi-scalar points, so that Z is not 1.
func batchPoints(in *suite.Inputs) []*ed.Point {
	ps := make([]*ed.Point, suite.BatchSize)
	for i := range ps {
		p := point(in.MSMPoints[i])
		ps[i] = p.Double(p)
	}
	return ps
}

func batchBytes(in *suite.Inputs) suite.Runner {
	ps := batchPoints(in)
	var out [][]byte
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				out = ed.BatchBytes(ps)
			}
		},
		Output: func() []byte { return suite.Concat(out) },
	}
}

func batchBytesMontgomery(in *suite.Inputs) suite.Runner {
	ps := batchPoints(in)
	var out [][]byte
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				out = ed.BatchBytesMontgomery(ps)
			}
		},
		Output: func() []byte { return suite.Concat(out) },
	}
}
