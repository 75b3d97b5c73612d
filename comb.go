package edwards25519

import "sync"

// Fixed-base combs
//
// A comb of width w and spacing k for a base point P is rows of affine
// multiples: row m holds 1·2^(w·k·m)·P, …, 2^(w-1)·2^(w·k·m)·P, for the
// signed digits |d| ≤ 2^(w-1) of the scalar (scalarmult.go gives the
// algorithm and its cost). buildComb builds them for any P; the serial
// ScalarBaseMult uses spacing 2 (baseCombTable), the vector backends
// spacing 1, packed per backend (vecPackedComb).

const (
	combWidth   = 4                                 // bits per signed digit
	combEntries = 1 << (combWidth - 1)              // |digit| ≤ 2^(w-1)
	combDigits  = (256 + combWidth - 1) / combWidth // covers 2^253 > scalar, with room for the final carry
	combSpacing = 2                                 // serial comb: digits sharing one row, w doublings apart
	combRows    = (combDigits + combSpacing - 1) / combSpacing
	vecCombRows = combDigits // vector comb: spacing 1, one row per digit
)

// buildComb sets rows[m][i] to (i+1)·2^(combWidth·spacing·m)·p in affine
// form, for every row m and entry i < combEntries, with one field inversion
// for the whole table (batchAffine). Cost: per row 7 additions, and
// combWidth·spacing doublings to the next row's base; per entry 7
// multiplications, 3 to share the inversion and 4 to form the addend.
// p must be initialized; it is treated as public.
func buildComb(rows []affineWindow, p *Point, spacing int) {
	n := len(rows) * combEntries
	multiples := make([]Point, n)
	ptrs := make([]*Point, n)
	var rowBase Point
	var c cached
	var sum completed
	var pp projective
	rowBase.Set(p)
	for m := range rows {
		row := multiples[m*combEntries : (m+1)*combEntries]
		c.fromExtended(&rowBase)
		row[0].Set(&rowBase)
		for i := 1; i < combEntries; i++ {
			row[i].fromCompleted(sum.addCached(&row[i-1], &c))
		}
		pp.fromExtended(&rowBase)
		for range combWidth*spacing - 1 {
			pp.fromCompleted(sum.double(&pp))
		}
		rowBase.fromCompleted(sum.double(&pp))
	}
	for k := range multiples {
		ptrs[k] = &multiples[k]
	}
	flat := make([]affineCached, n)
	batchAffine(ptrs, flat, func(a *affineCached) (*affineCached, *Point) { return a, nil })
	for k := range flat {
		rows[k/combEntries][k%combEntries] = flat[k]
	}
}

// baseComb is the serial comb of the base point, spacing 2: 32 rows of 8
// entries of 120 bytes, 30 KiB, built at first use (TestBaseCombTable
// recomputes every entry independently).
var baseComb struct {
	once sync.Once
	rows [combRows]affineWindow
}

func baseCombTable() *[combRows]affineWindow {
	baseComb.once.Do(func() { buildComb(baseComb.rows[:], generator, combSpacing) })
	return &baseComb.rows
}

// vecPackedComb returns the base point's comb with spacing 1 packed for
// backend B, in new 32-byte aligned memory: vecCombRows rows of combEntries
// entries.
func vecPackedComb[B vecBackend[L, A], L, A any]() *[vecCombRows][combEntries]A {
	var b B
	rows := make([]affineWindow, vecCombRows)
	buildComb(rows, generator, 1)
	t := vecAligned[[vecCombRows][combEntries]A]()
	for m := range rows {
		for i := range rows[m] {
			b.packAffine(&t[m][i], &rows[m][i])
		}
	}
	return t
}
