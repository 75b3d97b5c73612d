//go:build !amd64 || purego

package edwards25519

// affineWindowsPay is true: with the generic scans and the portable field
// code, the serial MultiScalarMult's affine windows (multiScalarMultAffine)
// save more than they cost (docs/PERFORMANCE.md, "The serial
// MultiScalarMult's affine windows", which says where that was measured).
const affineWindowsPay = true

func pickCached(dst *[4][elementWords]uint64, table *[8][4][elementWords]uint64, masks *[8]uint64) {
	pickCachedGeneric(dst, table, masks)
}

func pickAffine(dst *[3][elementWords]uint64, table *[combEntries][3][elementWords]uint64, masks *[combEntries]uint64) {
	pickAffineGeneric(dst, table, masks)
}
