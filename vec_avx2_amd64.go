//go:build !purego

//go:generate go -C _asm run ./avx2 -out ../vec_avx2_amd64.s -stubs ../vec_avx2_asm_amd64.go -pkg edwards25519

package edwards25519

import "unsafe"

// This file binds the AVX2 backend's kernels (vec_avx2.go) on amd64 to the
// generated assembly in vec_avx2_amd64.s (written by the program in
// _asm/avx2, whose package comment gives the register plan and the
// constant-time argument). The routines compute exactly the limbs of the
// avx2...Generic twins; vec_avx2_amd64_test.go checks that. They need AVX2:
// detectBackend (backend_amd64.go) selects this backend only on CPUs that
// have it.

// avx2Asm reports that the kernels are the assembly (true here) rather
// than the portable twins.
const avx2Asm = true

func avx2AddAffine(p *avx2Lanes, a *avx2Addend, neg uint64) {
	avx2AddAffineAsm((*[10][4]uint64)(p), (*[10][4]uint32)(a), neg)
}

// The assembly scans rows of exactly 8 entries.
const _ = -uint(combEntries ^ 8)

// avx2AddDigit computes the masks of the scan in Go, where the assembly
// only reads them (see vecDigitMasks).
func avx2AddDigit(p *avx2Lanes, row *[combEntries]avx2Addend, d int32) {
	masks, neg := vecDigitMasks(d)
	avx2AddDigitAsm((*[10][4]uint64)(p), (*[8][10][4]uint32)(unsafe.Pointer(row)), masks, neg)
}

func avx2Double(p *avx2Lanes) { avx2DoubleAsm((*[10][4]uint64)(p)) }

func avx2AddCached(p, q *avx2Lanes) { avx2AddCachedAsm((*[10][4]uint64)(p), (*[10][4]uint64)(q)) }

func avx2Cached(q, p *avx2Lanes) {
	avx2CachedAsm((*[10][4]uint64)(q), (*[10][4]uint64)(p), &vecCachedFactors)
}

func avx2CachedPack(a *avx2Addend, p *avx2Lanes) {
	avx2CachedPackAsm((*[10][4]uint32)(a), (*[10][4]uint64)(p), &vecCachedFactors)
}
