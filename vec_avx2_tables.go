package edwards25519

// The AVX2 backend's tables and the constant-time scan of a table row.

// avx2PickDigit sets out to the packed addend row[|d|-1], 1 ≤ |d| ≤
// combEntries, and returns the sign mask, in constant time in d: every entry
// is read and kept under a mask of vecDigitMasks, as the scan inside the
// addDigit kernel does.
func avx2PickDigit(out *avx2Addend, row *[combEntries]avx2Addend, d int32) (neg uint64) {
	masks, neg := vecDigitMasks(d)
	*out = avx2Addend{}
	for e := range row {
		m := uint32(vecMaskOf(masks, e))
		for i := range out {
			for l := range out[i] {
				out[i][l] |= row[e][i][l] & m
			}
		}
	}
	return neg
}

// avx2AddDigitGeneric adds to p the entry row[|d|-1], negated for d < 0,
// for 1 ≤ |d| ≤ combEntries, in constant time in d: the scan and the
// addition of the addDigit kernel in one step.
func avx2AddDigitGeneric(p *avx2Lanes, row *[combEntries]avx2Addend, d int32) {
	var a avx2Addend
	neg := avx2PickDigit(&a, row, d)
	avx2AddAffineGeneric(p, &a, neg)
}

var (
	avx2Comb    vecTable[[vecCombRows][combEntries]avx2Addend]
	avx2BaseOdd vecTable[[baseOddEntries]avx2Addend]
)

// baseComb returns the base point's comb for this backend, vecCombRows (63)
// rows of 8 entries of 160 bytes (78.75 KiB), built at first use.
func (avx2Backend) baseComb() *[vecCombRows][combEntries]avx2Addend {
	return avx2Comb.get(vecPackedComb[avx2Backend])
}

// baseOdd returns B, 3B, …, 127B for this backend, 64 entries of 160 bytes
// (10 KiB), built at first use from baseOddTable.
func (avx2Backend) baseOdd() *[baseOddEntries]avx2Addend {
	return avx2BaseOdd.get(vecPackedBaseOdd[avx2Backend])
}
