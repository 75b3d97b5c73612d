// Package suite defines the operations the side-by-side benchmarks measure,
// grouped in sections that each have a reference implementation and a set
// of columns, the fixed inputs they run on, and the runner shape every
// implementation adapter fills in.
//
// The inputs come from a fixed ChaCha8 seed, so every run of every
// implementation computes exactly the same thing, and the equality test in
// the parent package can compare the outputs byte for byte.
package suite

import "fmt"

// Runner is one prepared operation of one implementation: all decoding and
// allocation of its inputs is done, so Loop times only the operation itself.
type Runner struct {
	// Loop performs the operation count times. Operations whose result
	// feeds the next iteration (x = x*y, p = p+q, s = 1/s, ...) say so in
	// their description; the others repeat on the same fixed inputs.
	Loop func(count int)
	// Output encodes the result of the most recent operation: canonical
	// little-endian field elements and scalars, RFC 8032 point encodings,
	// 1 or 0 for a yes/no answer, and ErrorOutput for an error.
	Output func() []byte
}

// ErrorOutput is the Output of an operation that failed: implementations
// word their errors differently, and only the fact of the error is compared.
var ErrorOutput = []byte("error")

// Factory prepares a Runner on the given inputs.
type Factory func(in *Inputs) Runner

// Names of the operations. A name with a '/' is a sub-benchmark of the
// Benchmark function named by its first part; MSMName and BatchName build
// the sized ones.
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
	ScalarMultSlow              = "ScalarMultSlow"
	VarTimeDoubleScalarBaseMult = "VarTimeDoubleScalarBaseMult"
	ScalarMultiply              = "ScalarMultiply"
	ScalarInvert                = "ScalarInvert"
	ScalarSetUniformBytes       = "ScalarSetUniformBytes"

	X25519Variable       = "X25519/variable"
	X25519Fixed          = "X25519/fixed"
	SetMontgomeryBytes   = "SetMontgomeryBytes"
	EdPublicKeyToX25519  = "EdPublicKeyToX25519"
	EdPrivateKeyToX25519 = "EdPrivateKeyToX25519"

	SetHashToCurve              = "SetHashToCurve"
	SetEncodeToCurve            = "SetEncodeToCurve"
	SetElligator2Representative = "SetElligator2Representative"
	Elligator2Representative    = "Elligator2Representative"

	IsTorsionFree          = "IsTorsionFree"
	IsSmallOrder           = "IsSmallOrder"
	PointSetCanonicalBytes = "PointSetCanonicalBytes"
	ScalarMultTable        = "ScalarMultTable"
	NewPointTable          = "NewPointTable"

	Ed25519Sign   = "Ed25519/Sign"
	Ed25519Verify = "Ed25519/Verify"
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

// BatchSize is the length of the batches of the batch operations.
const BatchSize = 64

// The batch operations, each on BatchSize elements.
var (
	ScalarBatchInvert    = BatchName("ScalarBatchInvert")
	FieldBatchInvert     = BatchName("FieldBatchInvert")
	BatchBytes           = BatchName("BatchBytes")
	BatchBytesMontgomery = BatchName("BatchBytesMontgomery")
)

// BatchName is the operation name of the batch operation op on BatchSize
// elements.
func BatchName(op string) string { return fmt.Sprintf("%s/n=%d", op, BatchSize) }

// Op describes one operation of the suite.
type Op struct {
	// Name is the benchmark name: the part before the first '/' is the
	// Benchmark function, the rest a sub-benchmark key.
	Name string
	// What says in a few words what the timed loop does.
	What string
	// N is the number of points or elements one operation works on, for
	// multi-scalar multiplications and batches (times are then also
	// reported per item, in Unit), 0 otherwise.
	N    int
	Unit string
	// Chained is true when each iteration's result is the next one's
	// input, so the output after one iteration differs from the output
	// after two; otherwise every iteration recomputes the same result.
	Chained bool
	// Targets are the ratios this library aims at on this row.
	Targets []Target
}

// Target is one goal for the time of ours on a row, as a ratio.
//
// With Impl set, the ratio is ours over the implementation Impl on the same
// row. With Rows set, it is ours on this row over the sum of ours on the
// rows Rows (each time per item when the row has N > 0), which makes "below
// one inversion plus one square root" a target. Either way the ratio is
// taken per round, of samples measured seconds apart, and its median over
// the rounds is compared with Max.
type Target struct {
	Impl string
	Rows []string
	// Max is the largest ratio that meets the target; with Strict the
	// ratio must be below it ("faster than").
	Max    float64
	Strict bool
}

// Key names what the target compares with: the implementation, or "ours"
// for a target against other rows of ours. A section's table has one
// target column per key.
func (t Target) Key() string {
	if len(t.Rows) > 0 {
		return "ours"
	}
	return t.Impl
}

// Section is a group of operations with one reference implementation: each
// row's outputs are compared with the reference's before anything is timed,
// and the ratio columns are every other column over it.
type Section struct {
	// Title heads the section's table.
	Title string
	// Reference is the implementation of the ratio denominators.
	Reference string
	// Columns are the implementations measured, in column order, "ours"
	// first. Every column has at least one operation of the section, and
	// ours and the reference have all of them.
	Columns []string
	Ops     []Op
}

// per returns the target "ours/impl <= max".
func per(impl string, max float64) Target { return Target{Impl: impl, Max: max} }

// fasterThan returns the target "ours/impl < 1".
func fasterThan(impl string) Target { return Target{Impl: impl, Max: 1, Strict: true} }

// ofOurs returns the target "ours on this row <= max of ours on rows".
func ofOurs(max float64, rows ...string) Target { return Target{Rows: rows, Max: max} }

// notSlower is issue 14's rule for the rows it gives no figure: no row
// slower than the reference.
var notSlower = per("filippo", 1)

// Sections lists every section in table order.
func Sections() []Section {
	group := Section{
		Title:     "Field and group arithmetic",
		Reference: "filippo",
		Columns:   []string{"ours", "filippo", "voi", "circl"},
		Ops: []Op{
			{Name: FieldMultiply, What: "x = x*y", Chained: true, Targets: []Target{per("filippo", 0.85)}},
			{Name: FieldSquare, What: "x = x^2", Chained: true, Targets: []Target{per("filippo", 0.85)}},
			{Name: FieldInvert, What: "x = 1/x", Chained: true, Targets: []Target{per("filippo", 0.65)}},
			{Name: FieldSqrtRatio, What: "r = sqrt(u/v), u/v square", Targets: []Target{notSlower}},
			{Name: PointSetBytes, What: "decode a fixed encoding", Targets: []Target{per("filippo", 0.80)}},
			{Name: PointBytes, What: "encode a fixed point", Targets: []Target{per("filippo", 0.80)}},
			{Name: PointAdd, What: "p = p+q", Chained: true, Targets: []Target{notSlower}},
			{Name: PointDouble, What: "p = 2p", Chained: true, Targets: []Target{notSlower}},
			{Name: ScalarBaseMult, What: "[s]B", Targets: []Target{per("filippo", 0.35), per("voi", 0.70)}},
			{Name: ScalarMult, What: "[s]Q", Targets: []Target{per("filippo", 0.45), per("voi", 0.70)}},
			{Name: ScalarMultSlow, What: "[s]Q, small table", Targets: []Target{notSlower}},
			{Name: VarTimeDoubleScalarBaseMult, What: "[a]A + [b]B", Targets: []Target{per("filippo", 0.45), per("voi", 0.70)}},
		},
	}
	for _, varTime := range []bool{false, true} {
		for _, n := range MSMSizes {
			op := Op{Name: MSMName(varTime, n), What: "sum [s_i]P_i", N: n, Unit: "point", Targets: []Target{notSlower}}
			switch {
			case !varTime && n == 64:
				op.Targets = []Target{per("filippo", 0.35), per("voi", 0.70)}
			case varTime && n == 16:
				op.Targets = []Target{per("filippo", 0.55), per("voi", 0.75)}
			case varTime && n == 1024:
				op.Targets = []Target{per("filippo", 0.22), per("voi", 0.70)}
			}
			group.Ops = append(group.Ops, op)
		}
	}
	group.Ops = append(group.Ops,
		Op{Name: ScalarMultiply, What: "s = s*t", Chained: true, Targets: []Target{notSlower}},
		Op{Name: ScalarInvert, What: "s = 1/s", Chained: true, Targets: []Target{notSlower}},
		Op{Name: ScalarSetUniformBytes, What: "reduce 64 fixed bytes", Targets: []Target{notSlower}},
	)

	return []Section{
		group,
		{
			Title:     "X25519",
			Reference: "stdlib",
			Columns:   []string{"ours", "stdlib", "xcrypto", "circl", "voi"},
			Ops: []Op{
				{Name: X25519Variable, What: "shared secret with a fixed peer key",
					Targets: []Target{per("stdlib", 0.70), fasterThan("circl")}},
				{Name: X25519Fixed, What: "public key of a fixed private key",
					Targets: []Target{per("stdlib", 0.30), fasterThan("voi")}},
			},
		},
		{
			Title:     "Montgomery u and Ed25519 key conversion",
			Reference: "voi",
			Columns:   []string{"ours", "voi", "filippo"},
			Ops: []Op{
				{Name: SetMontgomeryBytes, What: "point from u and the sign of x"},
				{Name: EdPublicKeyToX25519, What: "u of an Ed25519 public key"},
				{Name: EdPrivateKeyToX25519, What: "X25519 key of an Ed25519 private key"},
			},
		},
		{
			Title:     "Hashing to the curve (RFC 9380)",
			Reference: "voi",
			Columns:   []string{"ours", "voi"},
			Ops: []Op{
				{Name: SetHashToCurve, What: "edwards25519_XMD:SHA-512_ELL2_RO_, 32-byte message", Targets: []Target{per("voi", 0.60)}},
				{Name: SetEncodeToCurve, What: "edwards25519_XMD:SHA-512_ELL2_NU_, 32-byte message", Targets: []Target{per("voi", 0.60)}},
			},
		},
		{
			Title:     "Elligator 2 representatives",
			Reference: "filippo",
			Columns:   []string{"ours", "filippo"},
			Ops: []Op{
				{Name: SetElligator2Representative, What: "point of a 32-byte representative",
					Targets: []Target{{Rows: []string{FieldInvert, FieldSqrtRatio}, Max: 1, Strict: true}}},
				{Name: Elligator2Representative, What: "representative of a representable point",
					Targets: []Target{{Rows: []string{FieldInvert, FieldSqrtRatio}, Max: 1, Strict: true}}},
			},
		},
		{
			Title:     "Subgroup checks, tables and scalar batches",
			Reference: "voi",
			Columns:   []string{"ours", "voi", "filippo"},
			Ops:       extrasAgainstVoi(),
		},
		{
			Title:     "Strict decoding and batches",
			Reference: "filippo",
			Columns:   []string{"ours", "filippo"},
			Ops:       extrasAgainstFilippo(),
		},
		{
			Title:     "Ed25519 composed on the group API",
			Reference: "filippo",
			Columns:   []string{"ours", "filippo", "voi", "stdlib"},
			Ops: []Op{
				{Name: Ed25519Sign, What: "sign a 32-byte message", Targets: []Target{per("filippo", 0.45), per("voi", 0.75)}},
				{Name: Ed25519Verify, What: "verify a valid signature", Targets: []Target{per("filippo", 0.55), per("voi", 0.75)}},
			},
		},
	}
}

// extrasAgainstVoi are the rows of the section whose reference is voi.
func extrasAgainstVoi() []Op {
	return []Op{
		{Name: IsTorsionFree, What: "prime-order subgroup test",
			Targets: []Target{per("voi", 0.30), ofOurs(0.40, ScalarMult)}},
		{Name: IsSmallOrder, What: "small-order test",
			Targets: []Target{per("voi", 0.60)}},
		{Name: ScalarMultTable, What: "[s]Q on a table of Q",
			Targets: []Target{per("voi", 0.70), ofOurs(1.10, ScalarBaseMult)}},
		{Name: NewPointTable, What: "table of a fixed point",
			Targets: []Target{ofOurs(8, ScalarMult)}},
		{Name: ScalarBatchInvert, What: "s_i = 1/s_i", N: BatchSize, Unit: "scalar", Chained: true},
	}
}

// extrasAgainstFilippo are the rows of the section whose reference is
// filippo doing one element at a time.
func extrasAgainstFilippo() []Op {
	return []Op{
		{Name: PointSetCanonicalBytes, What: "strict RFC 8032 decoding"},
		{Name: BatchBytes, What: "encode n points", N: BatchSize, Unit: "point",
			Targets: []Target{ofOurs(0.25, PointBytes)}},
		{Name: BatchBytesMontgomery, What: "u of n points", N: BatchSize, Unit: "point"},
		{Name: FieldBatchInvert, What: "x_i = 1/x_i", N: BatchSize, Unit: "element", Chained: true,
			Targets: []Target{ofOurs(0.10, FieldInvert)}},
	}
}

// Ops lists the operations of every section, in table order.
func Ops() []Op {
	var ops []Op
	for _, s := range Sections() {
		ops = append(ops, s.Ops...)
	}
	return ops
}

// Bool is the Output of a yes/no answer: 1 or 0.
func Bool(b bool) []byte {
	if b {
		return []byte{1}
	}
	return []byte{0}
}

// OrError is the Output of an operation that returned out and err.
func OrError(out []byte, err error) []byte {
	if err != nil {
		return ErrorOutput
	}
	return out
}

// Concat is the Output of a batch: its encodings one after the other.
func Concat(parts [][]byte) []byte {
	var out []byte
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}
