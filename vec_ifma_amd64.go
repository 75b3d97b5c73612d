//go:build !purego

//go:generate go -C _asm run ./ifma -out ../vec_ifma_amd64.s -stubs ../vec_ifma_asm_amd64.go -pkg edwards25519

package edwards25519

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// This file binds the IFMA seam of vec_ifma.go on amd64 to the generated
// kernels in vec_ifma_amd64.s (written by the program in _asm/ifma, whose
// package comment gives the register plan and the constant-time argument).
// The kernels compute exactly the limbs of the ifma...Generic twins;
// vec_ifma_amd64_test.go checks that. Each needs ifmaAvailable.

// pointWords views p as the limbs of its coordinates, X, Y, Z, T (the
// layout that limbs.go asserts).
func pointWords(p *Point) *[4][elementWords]uint64 {
	return (*[4][elementWords]uint64)(unsafe.Pointer(p))
}

// ifmaAsm reports that the seam is the assembly (true here) rather than the
// portable twins.
const ifmaAsm = true

// ifmaAvailable reports whether the IFMA kernels can run on this CPU. They
// use VPMADD52LUQ and VPMADD52HUQ (AVX512IFMA) on the 32 YMM registers, or
// on ZMM registers for the wide kernels (the ...2 ones), with opmasks
// (AVX512F, AVX512VL), and the backend they serve sits beside the
// AVX2 one, so all four flags are required: GODEBUG=cpu.avx2=off clears
// AVX2 only, and each AVX-512 flag has its own switch (cpu.avx512f=off,
// cpu.avx512vl=off, cpu.avx512ifma=off).
var ifmaAvailable = cpu.X86.HasAVX2 && cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL && cpu.X86.HasAVX512IFMA

func ifmaMul(out, a, b *ifmaLanes) {
	ifmaMulAsm((*[5][4]uint64)(out), (*[5][4]uint64)(a), (*[5][4]uint64)(b))
}

func ifmaDouble(p *ifmaLanes) { ifmaDoubleAsm((*[5][4]uint64)(p)) }

func ifmaDouble2(p, p2 *ifmaLanes) { ifmaDouble2Asm((*[5][4]uint64)(p), (*[5][4]uint64)(p2)) }

func ifmaAddAffine(p *ifmaLanes, a *ifmaAddend, neg uint64) {
	ifmaAddAffineAsm((*[5][4]uint64)(p), (*[5][4]uint64)(a), neg)
}

func ifmaAddAffine2(p *ifmaLanes, a *ifmaAddend, neg uint64, p2 *ifmaLanes, a2 *ifmaAddend, neg2 uint64) {
	ifmaAddAffine2Asm((*[5][4]uint64)(p), (*[5][4]uint64)(a), neg, (*[5][4]uint64)(p2), (*[5][4]uint64)(a2), neg2)
}

// The assembly scans rows of exactly 8 entries, the masks of vecDigitMasks.
const _ = -uint(combEntries ^ 8)

func ifmaAddDigit(p *ifmaLanes, row *[8]ifmaAddend, masks, neg uint64) {
	ifmaAddDigitAsm((*[5][4]uint64)(p), (*[8][5][4]uint64)(unsafe.Pointer(row)), masks, neg)
}

func ifmaDouble4AddDigit(p *ifmaLanes, row *[8]ifmaAddend, masks, neg uint64) {
	ifmaDouble4AddDigitAsm((*[5][4]uint64)(p), (*[8][5][4]uint64)(unsafe.Pointer(row)), masks, neg)
}

func ifmaDoubleNAddAffine(p *ifmaLanes, n int, a *ifmaAddend, neg uint64) {
	ifmaDoubleNAddAffineAsm((*[5][4]uint64)(p), n, (*[5][4]uint64)(a), neg)
}

func ifmaAddDigitPair(p *ifmaLanes, pair *ifmaRowPair, masks, neg uint64, p2 *ifmaLanes, masks2, neg2 uint64) {
	ifmaAddDigitPairAsm((*[5][4]uint64)(p), (*[8][5][2][4]uint64)(pair), masks, neg, (*[5][4]uint64)(p2), masks2, neg2)
}

func ifmaAddCached(p, q *ifmaLanes) { ifmaAddCachedAsm((*[5][4]uint64)(p), (*[5][4]uint64)(q)) }

func ifmaCached(q, p *ifmaLanes) {
	ifmaCachedAsm((*[5][4]uint64)(q), (*[5][4]uint64)(p), &vecCachedFactors)
}

func ifmaCachedSpaced(q *[9][4]uint64, p *ifmaLanes) {
	ifmaCachedSpacedAsm(q, (*[5][4]uint64)(p), &vecCachedFactors)
}

func ifmaCachedPair(q *[5][2][4]uint64, p, p2 *ifmaLanes) {
	ifmaCachedPairAsm(q, (*[5][4]uint64)(p), (*[5][4]uint64)(p2), &vecCachedFactors)
}

func ifmaAddCached2(p, q, p2, q2 *ifmaLanes) {
	ifmaAddCached2Asm((*[5][4]uint64)(p), (*[5][4]uint64)(q), (*[5][4]uint64)(p2), (*[5][4]uint64)(q2))
}

func ifmaAddPoint(v, p, q *Point, neg uint64) {
	ifmaAddPointAsm(pointWords(v), pointWords(p), pointWords(q), &vecCachedFactors, neg)
}

func ifmaDoublePoint(v, p *Point) { ifmaDoublePointAsm(pointWords(v), pointWords(p)) }

func ifmaMultByCofactorPoint(v, p *Point) { ifmaMultByCofactorPointAsm(pointWords(v), pointWords(p)) }

func ifmaCached2(q, p, q2, p2 *ifmaLanes) {
	ifmaCached2Asm((*[5][4]uint64)(q), (*[5][4]uint64)(p), (*[5][4]uint64)(q2), (*[5][4]uint64)(p2), &vecCachedFactors)
}
