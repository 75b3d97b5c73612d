package suite

import (
	"crypto/ed25519"
	"math/rand/v2"

	ref "filippo.io/edwards25519"
	reffield "filippo.io/edwards25519/field"

	"github.com/seed06d4b90c/edwards25519/bench/internal/ell2"
)

// Inputs are the fixed operands of every operation, as encodings, so that
// each implementation decodes them with its own code outside the timed loop.
type Inputs struct {
	// FieldA and FieldB are the operands of Multiply, Square (FieldA) and
	// Invert (FieldA): canonical encodings of random elements.
	FieldA, FieldB [32]byte
	// SqrtU and SqrtV are the SqrtRatio operands, u = w^2 * v for a random
	// w, so u/v is a square and every implementation has a defined result.
	SqrtU, SqrtV [32]byte
	// ScalarA and ScalarB are canonical scalars.
	ScalarA, ScalarB [32]byte
	// Wide is the 64-byte input of SetUniformBytes.
	Wide [64]byte
	// PointP and PointQ encode random points of the prime-order subgroup.
	PointP, PointQ [32]byte
	// MSMScalars and MSMPoints hold the largest multi-scalar input; size n
	// uses the first n pairs. The scalar and point batches are their first
	// BatchSize entries.
	MSMScalars, MSMPoints [][32]byte
	// FieldBatch holds the BatchSize elements of the field batch inversion.
	FieldBatch [][32]byte

	// X25519Scalar is the private key of both X25519 rows (clamped by every
	// implementation), X25519Peer the peer's public key of the variable-base
	// row: the u of a random point.
	X25519Scalar, X25519Peer [32]byte
	// MontgomeryU and MontgomerySign are the u-coordinate of PointP and the
	// sign of its x, the input of SetMontgomeryBytes.
	MontgomeryU    [32]byte
	MontgomerySign int

	// EdPrivateKey, EdPublicKey and EdSignature are an Ed25519 key pair and
	// crypto/ed25519's signature of Message with it. Message is also the
	// message of the hashing rows.
	EdPrivateKey ed25519.PrivateKey
	EdPublicKey  ed25519.PublicKey
	EdSignature  []byte
	Message      []byte
	// HashDST and EncodeDST are the domain separation tags of the RO and
	// NU suites.
	HashDST, EncodeDST []byte

	// Representative is the input of SetElligator2Representative: 32 random
	// bytes, padding bits included. RepresentablePoint, the input of
	// Elligator2Representative with Tweak, encodes the image of other
	// random bytes under the map.
	Representative     [32]byte
	RepresentablePoint [32]byte
	Tweak              byte

	// TorsionPoint and SmallOrderPoint are the inputs of IsTorsionFree and
	// IsSmallOrder. CanonicalEncoding is the input of SetCanonicalBytes.
	TorsionPoint, SmallOrderPoint [32]byte
	CanonicalEncoding             [32]byte
}

// Seed is the fixed ChaCha8 seed the benchmark inputs are drawn from.
var Seed = [32]byte([]byte("edwards25519 bench inputs, v1..."))

// AlternateSeed is the seed of AlternateInputs.
var AlternateSeed = [32]byte([]byte("edwards25519 bench inputs, alt.."))

// NewInputs draws the benchmark inputs from Seed. It uses
// filippo.io/edwards25519, crypto/ed25519 and the map of package ell2 to
// turn random bytes into encodings; the operations under test never run
// here.
//
// The inputs are the common case of each operation: a point of the
// prime-order subgroup plus a point of order 8 for both subgroup tests
// (neither torsion-free nor small), a u on the curve, a valid signature, a
// canonical encoding.
func NewInputs() *Inputs { return newInputs(Seed, false) }

// AlternateInputs draws a second set of inputs from AlternateSeed, with the
// other answer where an operation has a yes/no outcome: a torsion-free
// point, a point of small order, u-coordinates on the quadratic twist (a
// valid X25519 input, not the image of an Edwards point), a tampered
// signature, a non-canonical encoding, DSTs longer than 255 bytes (RFC 9380
// section 5.3.3), zeros in the field batch. Tests compare every
// implementation on both sets; the command times the first.
func AlternateInputs() *Inputs { return newInputs(AlternateSeed, true) }

func newInputs(seed [32]byte, alternate bool) *Inputs {
	rng := rand.NewChaCha8(seed)
	in := &Inputs{}

	randomBytes := func(n int) []byte {
		b := make([]byte, n)
		rng.Read(b)
		return b
	}
	fieldElement := func() [32]byte {
		b := randomBytes(32)
		b[31] &= 0x7f
		e, err := new(reffield.Element).SetBytes(b)
		if err != nil {
			panic(err)
		}
		return [32]byte(e.Bytes())
	}
	scalar := func() *ref.Scalar {
		s, err := ref.NewScalar().SetUniformBytes(randomBytes(64))
		if err != nil {
			panic(err)
		}
		return s
	}
	point := func() *ref.Point {
		return new(ref.Point).ScalarBaseMult(scalar())
	}
	encode := func(p *ref.Point) [32]byte { return [32]byte(p.Bytes()) }

	in.FieldA, in.FieldB = fieldElement(), fieldElement()

	w := fieldElement()
	in.SqrtV = fieldElement()
	we, _ := new(reffield.Element).SetBytes(w[:])
	ve, _ := new(reffield.Element).SetBytes(in.SqrtV[:])
	u := new(reffield.Element).Square(we)
	u.Multiply(u, ve)
	in.SqrtU = [32]byte(u.Bytes())

	in.ScalarA, in.ScalarB = [32]byte(scalar().Bytes()), [32]byte(scalar().Bytes())
	rng.Read(in.Wide[:])
	p, q := point(), point()
	in.PointP, in.PointQ = encode(p), encode(q)

	maxN := MSMSizes[len(MSMSizes)-1]
	in.MSMScalars = make([][32]byte, maxN)
	in.MSMPoints = make([][32]byte, maxN)
	for i := range maxN {
		in.MSMScalars[i] = [32]byte(scalar().Bytes())
		in.MSMPoints[i] = encode(point())
	}
	in.FieldBatch = make([][32]byte, BatchSize)
	for i := range in.FieldBatch {
		in.FieldBatch[i] = fieldElement()
	}

	// X25519 and the Montgomery side.
	in.X25519Scalar = [32]byte(randomBytes(32))
	in.X25519Peer = [32]byte(q.BytesMontgomery())
	in.MontgomeryU = [32]byte(p.BytesMontgomery())
	in.MontgomerySign = int(in.PointP[31] >> 7)

	// Ed25519.
	in.EdPrivateKey = ed25519.NewKeyFromSeed(randomBytes(ed25519.SeedSize))
	in.EdPublicKey = in.EdPrivateKey.Public().(ed25519.PublicKey)
	in.Message = randomBytes(32)
	in.EdSignature = ed25519.Sign(in.EdPrivateKey, in.Message)
	in.HashDST = []byte("QUUX-V01-CS02-with-edwards25519_XMD:SHA-512_ELL2_RO_")
	in.EncodeDST = []byte("QUUX-V01-CS02-with-edwards25519_XMD:SHA-512_ELL2_NU_")

	// Elligator 2.
	in.Representative = [32]byte(randomBytes(32))
	in.RepresentablePoint = encode(ell2.MapRepresentative([32]byte(randomBytes(32))))
	in.Tweak = randomBytes(1)[0]

	// Subgroups and decoding.
	t8 := pointOfOrder8(randomBytes)
	withTorsion := new(ref.Point).Add(p, t8)
	in.TorsionPoint = encode(withTorsion)
	in.SmallOrderPoint = encode(withTorsion)
	in.CanonicalEncoding = in.PointP

	if alternate {
		twist := twistU(randomBytes)
		in.X25519Peer = twist
		in.MontgomeryU = twist
		in.EdSignature[40] ^= 1
		in.HashDST = randomBytes(300)
		in.EncodeDST = randomBytes(256)
		in.TorsionPoint = in.PointP
		in.SmallOrderPoint = encode(t8)
		// y = p + 1, an encoding of the identity that SetBytes accepts
		// and SetCanonicalBytes rejects.
		in.CanonicalEncoding = [32]byte{0: 0xee, 31: 0x7f}
		for i := 1; i < 31; i++ {
			in.CanonicalEncoding[i] = 0xff
		}
		in.FieldBatch[0] = [32]byte{}
		in.FieldBatch[BatchSize/2] = [32]byte{}
	}
	return in
}

// pointOfOrder8 returns a point of order exactly 8: [l]R for a random point
// R, drawn again until [4][l]R is not the identity.
func pointOfOrder8(randomBytes func(int) []byte) *ref.Point {
	lMinus1 := ref.NewScalar().Subtract(ref.NewScalar(), oneScalar())
	identity := ref.NewIdentityPoint()
	for {
		r, err := new(ref.Point).SetBytes(randomBytes(32))
		if err != nil {
			continue
		}
		t := new(ref.Point).ScalarMult(lMinus1, r)
		t.Add(t, r) // [l]R: the torsion component of R, times l
		t4 := new(ref.Point).Double(new(ref.Point).Double(t))
		if t4.Equal(identity) == 0 {
			return t
		}
	}
}

func oneScalar() *ref.Scalar {
	one := make([]byte, 32)
	one[0] = 1
	s, err := ref.NewScalar().SetCanonicalBytes(one)
	if err != nil {
		panic(err)
	}
	return s
}

// twistU returns a random canonical u for which u^3 + 486662 u^2 + u is not
// a square: a point of the quadratic twist of Curve25519.
func twistU(randomBytes func(int) []byte) [32]byte {
	one := new(reffield.Element).One()
	a := new(reffield.Element).Mult32(one, 486662)
	for {
		b := randomBytes(32)
		b[31] &= 0x7f
		u, err := new(reffield.Element).SetBytes(b)
		if err != nil {
			panic(err)
		}
		g := new(reffield.Element).Add(u, a)
		g.Multiply(g, u)
		g.Add(g, one)
		g.Multiply(g, u)
		if _, isSquare := new(reffield.Element).SqrtRatio(g, one); isSquare == 0 {
			return [32]byte(u.Bytes())
		}
	}
}
