package edwards25519

// The AVX2 backend's tables and the constant-time scan of a table row.

// avx2DigitMasks returns, for a signed digit 1 ≤ |d| ≤ combEntries, the
// masks that the AVX2 scan applies: byte e of masks is 0xff exactly when
// |d| = e+1 and 0 otherwise, and neg is all ones when d < 0 (the sign) and
// 0 otherwise. The scan broadcasts byte e to a whole register for entry
// e, so the eight masks travel in one word, by value, where vecDigitMasks
// (the IFMA kernels' form) stores a word per entry. Branch-free, with no
// memory index: constant time in d.
func avx2DigitMasks(d int32) (masks, neg uint64) {
	const (
		ones   = 0x0101010101010101
		highs  = 0x8080808080808080
		lows   = 0x7f7f7f7f7f7f7f7f
		number = 0x0807060504030201 // byte e is e+1
	)
	abs, n := digitAbsSign(d)
	// Byte e of x is abs XOR (e+1), zero exactly for the entry d picks.
	// abs ≤ 8, so every byte is below 0x10; adding 0x7f to each sets its
	// bit 7 exactly when it is not zero, and never carries into the next.
	x := uint64(abs)*ones ^ number
	zero := (x+lows)&highs ^ highs // 0x80 in the bytes that are zero
	return zero >> 7 * 0xff, -uint64(n)
}

// avx2PickDigit sets out to the packed addend row[|d|-1], 1 ≤ |d| ≤
// combEntries, and returns the sign mask, in constant time in d: every entry
// is read and kept under a mask of avx2DigitMasks, as the scan inside the
// addDigit kernel does.
func avx2PickDigit(out *avx2Addend, row *[combEntries]avx2Addend, d int32) (neg uint64) {
	masks, neg := avx2DigitMasks(d)
	*out = avx2Addend{}
	for e := range row {
		m := -uint32(masks >> (8 * e) & 1) // byte e of masks, 0 or 0xff, as 0 or all ones
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
