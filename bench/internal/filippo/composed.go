package filippo

import (
	"bytes"
	"crypto/sha512"
	"errors"

	ed "filippo.io/edwards25519"
	"filippo.io/edwards25519/field"

	"github.com/seed06d4b90c/edwards25519/bench/internal/ell2"
	"github.com/seed06d4b90c/edwards25519/bench/internal/suite"
)

// The rows of operations that v1.2.0 does not have, composed on its API the
// way its users write them today: one call per element where the other
// library has a batch, a multiplication by l - 1 for the subgroup test, the
// birational map by hand for Montgomery u, and so on. They are the
// reference, or a column for information, of the sections that list
// filippo.

func addOwnRows(f map[string]suite.Factory) {
	f[suite.SetMontgomeryBytes] = setMontgomeryBytes
	f[suite.EdPublicKeyToX25519] = edPublicKeyToX25519
	f[suite.EdPrivateKeyToX25519] = edPrivateKeyToX25519
	f[suite.SetElligator2Representative] = setElligator2Representative
	f[suite.Elligator2Representative] = elligator2Representative
	f[suite.IsTorsionFree] = isTorsionFree
	f[suite.IsSmallOrder] = isSmallOrder
	f[suite.ScalarMultTable] = scalarMultTable
	f[suite.ScalarBatchInvert] = scalarBatchInvert
	f[suite.PointSetCanonicalBytes] = pointSetCanonicalBytes
	f[suite.BatchBytes] = batchBytes
	f[suite.BatchBytesMontgomery] = batchBytesMontgomery
	f[suite.FieldBatchInvert] = fieldBatchInvert
}

var errNotOnCurve = errors.New("u is not the coordinate of a point of edwards25519")

// fromMontgomery returns the point with Montgomery coordinate u whose x has
// the given sign: y = (u - 1)/(u + 1) (RFC 7748, section 4.1), encoded with
// the sign bit and decoded by SetBytes, which rejects the u of the twist.
func fromMontgomery(u []byte, sign int) (*ed.Point, error) {
	uu, err := new(field.Element).SetBytes(u)
	if err != nil {
		return nil, err
	}
	one := new(field.Element).One()
	num := new(field.Element).Subtract(uu, one)
	den := new(field.Element).Add(uu, one)
	y := new(field.Element).Multiply(num, den.Invert(den))
	enc := y.Bytes()
	enc[31] |= byte(sign << 7)
	p, err := new(ed.Point).SetBytes(enc)
	if err != nil {
		return nil, errNotOnCurve
	}
	return p, nil
}

func setMontgomeryBytes(in *suite.Inputs) suite.Runner {
	u, sign := in.MontgomeryU[:], in.MontgomerySign
	var p *ed.Point
	var err error
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				p, err = fromMontgomery(u, sign)
			}
		},
		Output: func() []byte {
			if err != nil {
				return suite.ErrorOutput
			}
			return p.Bytes()
		},
	}
}

func edPublicKeyToX25519(in *suite.Inputs) suite.Runner {
	pub := in.EdPublicKey
	var out []byte
	var err error
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				var p *ed.Point
				if p, err = new(ed.Point).SetBytes(pub); err == nil {
					out = p.BytesMontgomery()
				}
			}
		},
		Output: func() []byte { return suite.OrError(out, err) },
	}
}

// edPrivateKeyToX25519 is the conversion by hand: the first half of
// SHA-512 of the seed, clamped (RFC 8032, section 5.1.5).
func edPrivateKeyToX25519(in *suite.Inputs) suite.Runner {
	priv := in.EdPrivateKey
	var out []byte
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				h := sha512.Sum512(priv[:32])
				out = make([]byte, 32)
				copy(out, h[:32])
				out[0] &= 248
				out[31] &= 127
				out[31] |= 64
			}
		},
		Output: func() []byte { return out },
	}
}

func setElligator2Representative(in *suite.Inputs) suite.Runner {
	r := in.Representative
	var p *ed.Point
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				p = ell2.MapRepresentative(r)
			}
		},
		Output: func() []byte { return p.Bytes() },
	}
}

func elligator2Representative(in *suite.Inputs) suite.Runner {
	p, tweak := point(in.RepresentablePoint), in.Tweak
	var out []byte
	var err error
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				out, err = ell2.Representative(p, tweak)
			}
		},
		Output: func() []byte { return suite.OrError(out, err) },
	}
}

// isTorsionFree tests [l]P = O, as [l-1]P + P: l itself is not a
// canonical scalar.
func isTorsionFree(in *suite.Inputs) suite.Runner {
	p := point(in.TorsionPoint)
	lMinus1 := ed.NewScalar().Subtract(ed.NewScalar(), scalarOne())
	identity := ed.NewIdentityPoint()
	q := new(ed.Point)
	answer := -1
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				q.ScalarMult(lMinus1, p)
				q.Add(q, p)
				answer = q.Equal(identity)
			}
		},
		Output: func() []byte { return []byte{byte(answer)} },
	}
}

func scalarOne() *ed.Scalar {
	one := make([]byte, 32)
	one[0] = 1
	return scalar([32]byte(one))
}

func isSmallOrder(in *suite.Inputs) suite.Runner {
	p := point(in.SmallOrderPoint)
	identity := ed.NewIdentityPoint()
	q := new(ed.Point)
	answer := -1
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				answer = q.MultByCofactor(p).Equal(identity)
			}
		},
		Output: func() []byte { return []byte{byte(answer)} },
	}
}

// scalarMultTable is ScalarMult: v1.2.0 has no table for points other than B.
func scalarMultTable(in *suite.Inputs) suite.Runner {
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

func scalarBatchInvert(in *suite.Inputs) suite.Runner {
	xs := make([]*ed.Scalar, suite.BatchSize)
	for i := range xs {
		xs[i] = scalar(in.MSMScalars[i])
	}
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				for _, x := range xs {
					x.Invert(x)
				}
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

// pointSetCanonicalBytes is SetBytes followed by the re-encoding check of
// RFC 8032, section 5.1.3, by hand.
func pointSetCanonicalBytes(in *suite.Inputs) suite.Runner {
	enc := in.CanonicalEncoding[:]
	p := new(ed.Point)
	var err error
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				if _, err = p.SetBytes(enc); err == nil && !bytes.Equal(p.Bytes(), enc) {
					err = errNonCanonical
				}
			}
		},
		Output: func() []byte {
			if err != nil {
				return suite.ErrorOutput
			}
			return p.Bytes()
		},
	}
}

var errNonCanonical = errors.New("non-canonical encoding")

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
	out := make([][]byte, len(ps))
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				for i, p := range ps {
					out[i] = p.Bytes()
				}
			}
		},
		Output: func() []byte { return suite.Concat(out) },
	}
}

func batchBytesMontgomery(in *suite.Inputs) suite.Runner {
	ps := batchPoints(in)
	out := make([][]byte, len(ps))
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				for i, p := range ps {
					out[i] = p.BytesMontgomery()
				}
			}
		},
		Output: func() []byte { return suite.Concat(out) },
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
				for _, x := range xs {
					x.Invert(x)
				}
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
