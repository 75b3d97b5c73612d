//go:build !purego

//go:generate go -C _asm run . -out ../tables_amd64.s -stubs ../tables_asm_amd64.go -pkg edwards25519 -cached 8 -affine 8

package edwards25519

import "golang.org/x/sys/cpu"

// This file binds the table-scan seam of tables.go on amd64 to the generated
// assembly in tables_amd64.s (written by the program in _asm, whose package
// comment gives the formula, the chunking and the constant-time argument).
// The routines write exactly the words of pickCachedGeneric and
// pickAffineGeneric; tables_amd64_test.go checks that on both paths.
//
// The -affine flag of the generator must equal combEntries: with another
// combWidth, regenerate with -affine 2^(combWidth-1) (the stub signatures
// then match the tables again).
//
// Both assembly paths beat the generic scans, which spill their
// accumulators (best of 10 interleaved runs, AMD EPYC: cached scan 14.4 ns
// AVX2, 23.2 ns SSE2, 89.9 ns generic; affine scan 16.4, 20.8 and 57.7 ns),
// so there is no generic fallback on amd64 outside purego.
//
// The if/else below is not inlined (cost 126 > 80), so a scan is two calls;
// calling the AVX2 routine directly measured 0.9 ns less per scan, and a
// scalar multiplication makes 64 scans: about 60 ns, under 0.5% of it. That is too little to
// move the CPU choice into an assembly entry point, so it stays here in Go.

// useAVX2 selects the AVX2 scans; without AVX2 the SSE2 scans, which run on
// every amd64 CPU, are used. It is read only here. Tests flip it to run both
// paths.
var useAVX2 = cpu.X86.HasAVX2

func pickCached(dst *[4][elementWords]uint64, table *[8][4][elementWords]uint64, masks *[8]uint64) {
	if useAVX2 {
		pickCachedAVX2(dst, table, masks)
	} else {
		pickCachedSSE2(dst, table, masks)
	}
}

func pickAffine(dst *[3][elementWords]uint64, table *[combEntries][3][elementWords]uint64, masks *[combEntries]uint64) {
	if useAVX2 {
		pickAffineAVX2(dst, table, masks)
	} else {
		pickAffineSSE2(dst, table, masks)
	}
}
