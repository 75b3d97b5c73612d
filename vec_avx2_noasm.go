//go:build !amd64 || purego

package edwards25519

// Without the assembly, the AVX2 backend's kernels are their portable
// twins: slower than the serial formulas, so detectBackend never selects
// the backend here, but the vector algorithms run on every target in the
// tests this way.

// avx2Asm reports that the kernels are the assembly (false here) rather
// than the portable twins.
const avx2Asm = false

func avx2AddAffine(p *avx2Lanes, a *avx2Addend, neg uint64) { avx2AddAffineGeneric(p, a, neg) }

func avx2AddDigit(p *avx2Lanes, row *[combEntries]avx2Addend, d int32) {
	avx2AddDigitGeneric(p, row, d)
}

func avx2Double(p *avx2Lanes) { avx2DoubleGeneric(p) }

func avx2AddCached(p, q *avx2Lanes) { avx2AddCachedGeneric(p, q) }

func avx2Cached(q, p *avx2Lanes) { avx2CachedGeneric(q, p) }

func avx2CachedPack(a *avx2Addend, p *avx2Lanes) { avx2CachedPackGeneric(a, p) }
