//go:build !purego

package edwards25519

// Temporary binding: an AVX2 scan replaces this.
func pickCached(dst *[4][elementWords]uint64, table *[8][4][elementWords]uint64, masks *[8]uint64) {
	pickCachedGeneric(dst, table, masks)
}

func pickAffine(dst *[3][elementWords]uint64, table *[combEntries][3][elementWords]uint64, masks *[combEntries]uint64) {
	pickAffineGeneric(dst, table, masks)
}
