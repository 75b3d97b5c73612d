package edwards25519

// The point-arithmetic backend
//
// Every scalar multiplication runs on one of a few implementations of the
// group law, chosen once per process. pointBackend names it; it is set from
// the CPU's features in backend_amd64.go (backend_other.go on every other
// target and under purego) and read in exactly one switch per algorithm, in
// scalarmult.go, pippenger.go and pointtable.go (a PointTable keeps the
// backend that built it, and ScalarMultTable switches on that), and in
// point.go's Add, Subtract, Double and MultByCofactor, which run the IFMA
// kernels on the IFMA backend (vec_ifma_point.go) and the serial formulas
// on the others. Tests flip
// it to run every backend this machine can run (forEachBackend in
// backend_test.go). The field's choice between MULX and MULQ
// (field/fe_amd64.go) and the table scans' assembly (tables_amd64.go) are
// seams of their own, below this one.

// backend is a point-arithmetic backend.
//
//   - backendSerial: the formulas of point.go on field.Element (radix 2^51,
//     five limbs), one field operation at a time. Every target.
//   - backendAVX2: four-lane vectors, one point per vector (vec.go for the
//     algorithms' contract, vec_avx2*.go for the backend), in radix 2^25.5.
//     amd64 with AVX2.
//   - backendIFMA: the same vector algorithms on AVX-512 IFMA's 52-bit
//     multipliers (vec_ifma*.go), in radix 2^51: five limbs in four 64-bit
//     lanes, points and packed addends 160 bytes each. amd64 with AVX2,
//     AVX512F, AVX512VL and AVX512IFMA.
type backend uint8

const (
	backendSerial backend = iota
	backendAVX2
	backendIFMA
)

func (b backend) String() string {
	switch b {
	case backendSerial:
		return "serial"
	case backendAVX2:
		return "avx2"
	case backendIFMA:
		return "ifma"
	}
	return "unknown"
}

// pointBackend is the backend every scalar multiplication uses. It is set
// once, at package initialization, from the CPU's features, and written
// again only by tests.
var pointBackend = detectBackend()
