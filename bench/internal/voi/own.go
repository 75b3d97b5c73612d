package voi

import (
	"bytes"
	"crypto/sha512"

	"github.com/oasisprotocol/curve25519-voi/curve"
	"github.com/oasisprotocol/curve25519-voi/curve/scalar"
	voied25519 "github.com/oasisprotocol/curve25519-voi/primitives/ed25519"
	"github.com/oasisprotocol/curve25519-voi/primitives/h2c"
	"github.com/oasisprotocol/curve25519-voi/primitives/x25519"

	"github.com/seed06d4b90c/edwards25519/bench/internal/suite"
)

// The rows beyond point and scalar arithmetic: voi's primitives/x25519 and
// primitives/h2c packages, its Montgomery decoding, subgroup tests, tables
// for any point and scalar batch inversion, and Ed25519 composed on its
// curve and scalar packages.

func addOwnRows(f map[string]suite.Factory) {
	f[suite.X25519Variable] = x25519Variable
	f[suite.X25519Fixed] = x25519Fixed
	f[suite.SetMontgomeryBytes] = setMontgomeryBytes
	f[suite.EdPublicKeyToX25519] = edPublicKeyToX25519
	f[suite.EdPrivateKeyToX25519] = edPrivateKeyToX25519
	f[suite.SetHashToCurve] = setHashToCurve
	f[suite.SetEncodeToCurve] = setEncodeToCurve
	f[suite.IsTorsionFree] = isTorsionFree
	f[suite.IsSmallOrder] = isSmallOrder
	f[suite.ScalarMultTable] = scalarMultTable
	f[suite.NewPointTable] = newPointTable
	f[suite.ScalarBatchInvert] = scalarBatchInvert
	f[suite.Ed25519Sign] = ed25519Sign
	f[suite.Ed25519Verify] = ed25519Verify
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
		Output: func() []byte { return suite.OrError(out, err) },
	}
}

// x25519Fixed passes voi's own Basepoint slice: voi takes its fixed-base
// path only for that slice, not for another one with the same bytes.
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
		Output: func() []byte { return suite.OrError(out, err) },
	}
}

func setMontgomeryBytes(in *suite.Inputs) suite.Runner {
	var u curve.MontgomeryPoint
	if _, err := u.SetBytes(in.MontgomeryU[:]); err != nil {
		panic(err)
	}
	sign := uint8(in.MontgomerySign)
	p := curve.NewEdwardsPoint()
	var err error
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				_, err = p.SetMontgomery(&u, sign)
			}
		},
		Output: func() []byte {
			if err != nil {
				return suite.ErrorOutput
			}
			return encodePoint(p)
		},
	}
}

// edPublicKeyToX25519 and edPrivateKeyToX25519 take voi's own ed25519 key
// types, byte slices like crypto/ed25519's, converted outside the loop.
func edPublicKeyToX25519(in *suite.Inputs) suite.Runner {
	pub := voied25519.PublicKey(in.EdPublicKey)
	var out []byte
	ok := false
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				out, ok = x25519.EdPublicKeyToX25519(pub)
			}
		},
		Output: func() []byte {
			if !ok {
				return suite.ErrorOutput
			}
			return out
		},
	}
}

func edPrivateKeyToX25519(in *suite.Inputs) suite.Runner {
	priv := voied25519.PrivateKey(in.EdPrivateKey)
	var out []byte
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				out = x25519.EdPrivateKeyToX25519(priv)
			}
		},
		Output: func() []byte { return out },
	}
}

func setHashToCurve(in *suite.Inputs) suite.Runner {
	msg, dst := in.Message, in.HashDST
	var p *curve.EdwardsPoint
	var err error
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				p, err = h2c.Edwards25519_XMD_SHA512_ELL2_RO(dst, msg)
			}
		},
		Output: func() []byte {
			if err != nil {
				return suite.ErrorOutput
			}
			return encodePoint(p)
		},
	}
}

func setEncodeToCurve(in *suite.Inputs) suite.Runner {
	msg, dst := in.Message, in.EncodeDST
	var p *curve.EdwardsPoint
	var err error
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				p, err = h2c.Edwards25519_XMD_SHA512_ELL2_NU(dst, msg)
			}
		},
		Output: func() []byte {
			if err != nil {
				return suite.ErrorOutput
			}
			return encodePoint(p)
		},
	}
}

func isTorsionFree(in *suite.Inputs) suite.Runner {
	p := newPoint(in.TorsionPoint)
	answer := false
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				answer = p.IsTorsionFree()
			}
		},
		Output: func() []byte { return suite.Bool(answer) },
	}
}

func isSmallOrder(in *suite.Inputs) suite.Runner {
	p := newPoint(in.SmallOrderPoint)
	answer := false
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				answer = p.IsSmallOrder()
			}
		},
		Output: func() []byte { return suite.Bool(answer) },
	}
}

// scalarMultTable multiplies on a table of PointQ built outside the loop by
// NewEdwardsBasepointTable, voi's table for any base point.
func scalarMultTable(in *suite.Inputs) suite.Runner {
	s := newScalar(in.ScalarA)
	table := curve.NewEdwardsBasepointTable(newPoint(in.PointQ))
	p := curve.NewEdwardsPoint()
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				p.MulBasepoint(table, s)
			}
		},
		Output: func() []byte { return encodePoint(p) },
	}
}

// newPointTable builds the table of scalarMultTable; its Output is ScalarA
// times PointQ on the last table built, computed outside the loop.
func newPointTable(in *suite.Inputs) suite.Runner {
	q, s := newPoint(in.PointQ), newScalar(in.ScalarA)
	var table *curve.EdwardsBasepointTable
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				table = curve.NewEdwardsBasepointTable(q)
			}
		},
		Output: func() []byte { return encodePoint(curve.NewEdwardsPoint().MulBasepoint(table, s)) },
	}
}

// scalarBatchInvert inverts in place, as voi's BatchInvert does. Its
// inputs must not be zero, and the batch's are not.
func scalarBatchInvert(in *suite.Inputs) suite.Runner {
	xs := make([]*scalar.Scalar, suite.BatchSize)
	for i := range xs {
		xs[i] = newScalar(in.MSMScalars[i])
	}
	product := scalar.New()
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				product.BatchInvert(xs)
			}
		},
		Output: func() []byte {
			out := make([][]byte, len(xs))
			for i, x := range xs {
				out[i] = encodeScalar(x)
			}
			return suite.Concat(out)
		},
	}
}

// Ed25519Sign returns the RFC 8032 (section 5.1.6) signature of message by
// priv, a 64-byte crypto/ed25519 private key, written on voi's curve and
// scalar packages (not its primitives/ed25519).
func Ed25519Sign(priv, message []byte) []byte {
	h := sha512.Sum512(priv[:32])
	h[0] &= 248
	h[31] &= 127
	h[31] |= 64
	s, err := scalar.NewFromBytesModOrder(h[:32])
	if err != nil {
		panic(err)
	}
	var digest [64]byte
	d := sha512.New()
	d.Write(h[32:])
	d.Write(message)
	r, err := scalar.NewFromBytesModOrderWide(d.Sum(digest[:0]))
	if err != nil {
		panic(err)
	}
	var R curve.CompressedEdwardsY
	R.SetEdwardsPoint(curve.NewEdwardsPoint().MulBasepoint(curve.ED25519_BASEPOINT_TABLE, r))
	sig := make([]byte, 64)
	copy(sig, R[:])

	d.Reset()
	d.Write(sig[:32])
	d.Write(priv[32:])
	d.Write(message)
	k, err := scalar.NewFromBytesModOrderWide(d.Sum(digest[:0]))
	if err != nil {
		panic(err)
	}
	S := scalar.New().Mul(k, s)
	S.Add(S, r)
	if err := S.ToBytes(sig[32:]); err != nil {
		panic(err)
	}
	return sig
}

// Ed25519Verify reports whether sig is a valid signature of message by pub,
// with crypto/ed25519's rules (see the ours adapter), on voi's curve and
// scalar packages.
func Ed25519Verify(pub, message, sig []byte) bool {
	if len(pub) != 32 || len(sig) != 64 {
		return false
	}
	c, err := curve.NewCompressedEdwardsYFromBytes(pub)
	if err != nil {
		return false
	}
	A, err := curve.NewEdwardsPoint().SetCompressedY(c)
	if err != nil {
		return false
	}
	S, err := scalar.NewFromCanonicalBytes(sig[32:])
	if err != nil {
		return false
	}
	var digest [64]byte
	d := sha512.New()
	d.Write(sig[:32])
	d.Write(pub)
	d.Write(message)
	k, err := scalar.NewFromBytesModOrderWide(d.Sum(digest[:0]))
	if err != nil {
		panic(err)
	}
	minusA := curve.NewEdwardsPoint().Neg(A)
	var R curve.CompressedEdwardsY
	R.SetEdwardsPoint(curve.NewEdwardsPoint().DoubleScalarMulBasepointVartime(k, minusA, S))
	return bytes.Equal(R[:], sig[:32])
}

func ed25519Sign(in *suite.Inputs) suite.Runner {
	priv, message := in.EdPrivateKey, in.Message
	var sig []byte
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				sig = Ed25519Sign(priv, message)
			}
		},
		Output: func() []byte { return sig },
	}
}

func ed25519Verify(in *suite.Inputs) suite.Runner {
	pub, message, sig := in.EdPublicKey, in.Message, in.EdSignature
	valid := false
	return suite.Runner{
		Loop: func(count int) {
			for range count {
				valid = Ed25519Verify(pub, message, sig)
			}
		},
		Output: func() []byte { return suite.Bool(valid) },
	}
}
