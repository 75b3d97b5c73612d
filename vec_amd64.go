//go:build !purego

//go:generate go -C _asm run ./vec -out ../vec_amd64.s -stubs ../vec_asm_amd64.go -pkg edwards25519

package edwards25519

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// This file binds the vector seam of vec.go on amd64 to the generated AVX2
// assembly in vec_amd64.s (written by the program in _asm/vec, whose package
// comment gives the register plan and the constant-time argument). The
// routines compute exactly the limbs of vecMulGeneric and
// vecAddAffineGeneric; vec_test.go checks that.

// useVec selects the vector scalar multiplications of vec.go, which need
// AVX2; without it the scalar formulas run. It is read only here and in
// scalarmult.go. Tests flip it to run both.
var useVec = cpu.X86.HasAVX2

// vecAddAffine is vecAddAffineGeneric in AVX2. It requires AVX2 (useVec).
func vecAddAffine(p *vecLimbs, a *vecAffine, neg uint64) {
	vecAddAffineAVX2((*[10][4]uint64)(p), (*[10][4]uint32)(a), neg)
}

// The assembly scans rows of exactly 8 entries.
const _ = -uint(combEntries ^ 8)

// vecAddDigit is vecAddDigitGeneric in AVX2, the scan included. It requires
// AVX2 (useVec).
func vecAddDigit(p *vecLimbs, row *[combEntries]vecAffine, d int32) {
	var masks [10]uint64
	vecDigitMasks(&masks, d)
	vecAddDigitAVX2((*[10][4]uint64)(p), (*[8][10][4]uint32)(unsafe.Pointer(row)), &masks)
}

// vecDouble is vecDoubleGeneric in AVX2. It requires AVX2 (useVec).
func vecDouble(p *vecLimbs) { vecDoubleAVX2((*[10][4]uint64)(p)) }

// vecAddCached is vecAddCachedGeneric in AVX2. It requires AVX2 (useVec).
func vecAddCached(p, q *vecLimbs) { vecAddCachedAVX2((*[10][4]uint64)(p), (*[10][4]uint64)(q)) }

// vecCached is vecCachedGeneric in AVX2. It requires AVX2 (useVec).
func vecCached(q, p *vecLimbs) {
	vecCachedAVX2((*[10][4]uint64)(q), (*[10][4]uint64)(p), (*[10][4]uint64)(&vecCachedScale))
}
