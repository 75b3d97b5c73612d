//go:build !purego

//go:generate go -C _asm run . -out ../tables_amd64.s -stubs ../tables_asm_amd64.go -pkg edwards25519 -cached 8 -affine 8

package edwards25519

// This file binds the table-scan seam of tables.go on amd64 to the SSE2
// assembly in tables_amd64.s (written by the program in _asm, whose package
// comment gives the formula, the chunking and the constant-time argument).
// The routines write exactly the words of pickCachedGeneric and
// pickAffineGeneric; tables_amd64_test.go checks that.
//
// SSE2 is part of every amd64 CPU, so nothing is chosen at run time here.
// The scans serve the serial backend, which runs on CPUs without AVX2 (with
// AVX2 the vector backend's kernels scan their own tables), and they beat
// the generic scans, which spill their accumulators (docs/PERFORMANCE.md).
//
// The -affine flag of the generator must equal combEntries: with another
// combWidth, regenerate with -affine 2^(combWidth-1) (the stub signatures
// then match the tables again).

// affineWindowsPay is false: with these scans and the assembly field, the
// serial MultiScalarMult's affine windows (multiScalarMultAffine) save
// less than they cost (docs/PERFORMANCE.md, "The serial MultiScalarMult's
// affine windows").
const affineWindowsPay = false

func pickCached(dst *[4][elementWords]uint64, table *[8][4][elementWords]uint64, masks *[8]uint64) {
	pickCachedSSE2(dst, table, masks)
}

func pickAffine(dst *[3][elementWords]uint64, table *[combEntries][3][elementWords]uint64, masks *[combEntries]uint64) {
	pickAffineSSE2(dst, table, masks)
}
