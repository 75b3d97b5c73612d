//go:build !amd64 || purego

package edwards25519

// useVec selects the vector scalar multiplications of vec.go. Off this
// amd64 path the vector seam is the portable twin, slower than the scalar
// formulas, so it is off; tests still run the vector code through the twin.
var useVec = false

func vecAddAffine(p *vecLimbs, a *vecAffine, neg uint64) { vecAddAffineGeneric(p, a, neg) }

func vecAddDigit(p *vecLimbs, row *[combEntries]vecAffine, d int32) { vecAddDigitGeneric(p, row, d) }

func vecDouble(p *vecLimbs) { vecDoubleGeneric(p) }

func vecAddCached(p, q *vecLimbs) { vecAddCachedGeneric(p, q) }

func vecCached(q, p *vecLimbs) { vecCachedGeneric(q, p) }
