// Package suite defines the operations the side-by-side benchmarks measure,
// the fixed inputs they run on, and the runner shape every implementation
// adapter fills in.
//
// The inputs come from a fixed ChaCha8 seed, so every run of every
// implementation computes exactly the same thing, and the equality test in
// the parent package can compare the outputs byte for byte.
package suite

import (
	"fmt"
	"math/rand/v2"

	ref "filippo.io/edwards25519"
	reffield "filippo.io/edwards25519/field"
)

// Runner is one prepared operation of one implementation: all decoding and
// allocation of its inputs is done, so Loop times only the operation itself.
type Runner struct {
	// Loop performs the operation count times. Operations whose result
	// feeds the next iteration (x = x*y, p = p+q, s = 1/s, ...) say so in
	// their description; the others repeat on the same fixed inputs.
	Loop func(count int)
	// Output encodes the result of the most recent operation: canonical
	// little-endian field elements and scalars, RFC 8032 point encodings.
	Output func() []byte
}

// Factory prepares a Runner on the given inputs.
type Factory func(in *Inputs) Runner

// Names of the operations. The ones with a "/n=" suffix are multi-scalar
// multiplications; MSMName builds them.
const (
	FieldMultiply               = "FieldMultiply"
	FieldSquare                 = "FieldSquare"
	FieldInvert                 = "FieldInvert"
	FieldSqrtRatio              = "FieldSqrtRatio"
	PointSetBytes               = "PointSetBytes"
	PointBytes                  = "PointBytes"
	PointAdd                    = "PointAdd"
	PointDouble                 = "PointDouble"
	ScalarBaseMult              = "ScalarBaseMult"
	ScalarMult                  = "ScalarMult"
	VarTimeDoubleScalarBaseMult = "VarTimeDoubleScalarBaseMult"
	ScalarMultiply              = "ScalarMultiply"
	ScalarInvert                = "ScalarInvert"
	ScalarSetUniformBytes       = "ScalarSetUniformBytes"
)

// MSMSizes are the numbers of (scalar, point) pairs the multi-scalar
// multiplications are measured at.
var MSMSizes = []int{2, 16, 64, 256, 1024}

// MSMName is the operation name of a multi-scalar multiplication of n
// pairs, constant time or VarTime.
func MSMName(varTime bool, n int) string {
	if varTime {
		return fmt.Sprintf("VarTimeMultiScalarMult/n=%d", n)
	}
	return fmt.Sprintf("MultiScalarMult/n=%d", n)
}

// Op describes one operation of the suite.
type Op struct {
	// Name is the benchmark name: the part before the first '/' is the
	// Benchmark function, the rest a sub-benchmark key.
	Name string
	// What says in a few words what the timed loop does.
	What string
	// Points is n for multi-scalar multiplications (times are then also
	// reported per point), 0 otherwise.
	Points int
	// Target is the ratio ours/filippo this library aims at, 0 if none.
	Target float64
	// Chained is true when each iteration's result is the next one's
	// input, so the output after one iteration differs from the output
	// after two; otherwise every iteration recomputes the same result.
	Chained bool
}

// Ops lists every operation in table order.
func Ops() []Op {
	ops := []Op{
		{Name: FieldMultiply, What: "x = x*y", Chained: true, Target: 0.80},
		{Name: FieldSquare, What: "x = x^2", Chained: true, Target: 0.80},
		{Name: FieldInvert, What: "x = 1/x", Chained: true, Target: 0.65},
		{Name: FieldSqrtRatio, What: "r = sqrt(u/v), u/v square"},
		{Name: PointSetBytes, What: "decode a fixed encoding", Target: 0.80},
		{Name: PointBytes, What: "encode a fixed point", Target: 0.80},
		{Name: PointAdd, What: "p = p+q", Chained: true},
		{Name: PointDouble, What: "p = 2p", Chained: true},
		{Name: ScalarBaseMult, What: "[s]B", Target: 0.55},
		{Name: ScalarMult, What: "[s]Q", Target: 0.80},
		{Name: VarTimeDoubleScalarBaseMult, What: "[a]A + [b]B", Target: 0.80},
	}
	for _, varTime := range []bool{false, true} {
		for _, n := range MSMSizes {
			op := Op{Name: MSMName(varTime, n), What: "sum [s_i]P_i", Points: n}
			switch {
			case !varTime && n == 64:
				op.Target = 0.85
			case varTime && n == 1024:
				op.Target = 0.35
			}
			ops = append(ops, op)
		}
	}
	ops = append(ops,
		Op{Name: ScalarMultiply, What: "s = s*t", Chained: true},
		Op{Name: ScalarInvert, What: "s = 1/s", Chained: true},
		Op{Name: ScalarSetUniformBytes, What: "reduce 64 fixed bytes"},
	)
	return ops
}

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
	// uses the first n pairs.
	MSMScalars, MSMPoints [][32]byte
}

// Seed is the fixed ChaCha8 seed the inputs are drawn from.
var Seed = [32]byte([]byte("edwards25519 bench inputs, v1..."))

// NewInputs draws the inputs from Seed. It uses filippo.io/edwards25519
// only to turn random scalars into point encodings and to square field
// elements; the operations under test never run here.
func NewInputs() *Inputs {
	rng := rand.NewChaCha8(Seed)
	in := &Inputs{}

	fieldElement := func() [32]byte {
		var b [32]byte
		rng.Read(b[:])
		b[31] &= 0x7f
		e, err := new(reffield.Element).SetBytes(b[:])
		if err != nil {
			panic(err)
		}
		return [32]byte(e.Bytes())
	}
	scalar := func() *ref.Scalar {
		var wide [64]byte
		rng.Read(wide[:])
		s, err := ref.NewScalar().SetUniformBytes(wide[:])
		if err != nil {
			panic(err)
		}
		return s
	}
	point := func() [32]byte {
		return [32]byte(new(ref.Point).ScalarBaseMult(scalar()).Bytes())
	}

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
	in.PointP, in.PointQ = point(), point()

	maxN := MSMSizes[len(MSMSizes)-1]
	in.MSMScalars = make([][32]byte, maxN)
	in.MSMPoints = make([][32]byte, maxN)
	for i := range maxN {
		in.MSMScalars[i] = [32]byte(scalar().Bytes())
		in.MSMPoints[i] = point()
	}
	return in
}
