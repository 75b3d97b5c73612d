//go:build !amd64 || purego

package edwards25519

// affineWindowsPay is true: with the generic scans and the portable field
// code, affine windows made the serial MultiScalarMult about 5% faster from
// 8 points to 256 under purego on AMD Zen 3 (docs/PERFORMANCE.md, "The
// serial MultiScalarMult's affine windows"); the other targets, arm64
// among them, run the same kind of code but have not been timed.
const affineWindowsPay = true

func pickCached(dst *[4][elementWords]uint64, table *[8][4][elementWords]uint64, masks *[8]uint64) {
	pickCachedGeneric(dst, table, masks)
}

func pickAffine(dst *[3][elementWords]uint64, table *[combEntries][3][elementWords]uint64, masks *[combEntries]uint64) {
	pickAffineGeneric(dst, table, masks)
}
