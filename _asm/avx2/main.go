// Command avx2 writes vec_avx2_amd64.s and its Go declarations
// vec_avx2_asm_amd64.go: the kernels of the AVX2 vector backend
// (vec_avx2.go).
//
// Regenerate from the module root with `go generate` (see
// vec_avx2_amd64.go), which runs
//
//	go -C _asm run ./avx2 -out ../vec_avx2_amd64.s -stubs ../vec_avx2_asm_amd64.go -pkg edwards25519
//
// The output depends only on this program, so running it twice gives the
// same bytes; CI regenerates and fails on a diff.
//
// # What the routines compute
//
// Exactly the limbs of the avx2...Generic twins (vec_avx2.go gives the
// representation, the multiplication and the bounds, vec_avx2_formulas.go
// the point formulas): the multiplication (avx2MulGeneric), the mixed
// addition of a packed addend (avx2AddAffineGeneric), the same fused with
// the constant-time scan of a table row (avx2AddDigitGeneric), the addition
// of an expanded cached addend (avx2AddCachedGeneric), the cached form
// (avx2CachedGeneric), the same packed as an addend, the doubling
// (avx2DoubleGeneric) and, inside it, the squares with lane 3 negated
// (avx2SquaresGeneric). A vector field element is ten limbs, limb i being one YMM register that holds limb i of
// four field elements in its four 64-bit lanes (memory layout
// [10][4]uint64, 32 bytes per limb); a packed addend is the same with
// 32-bit lanes, widened with VPMOVZXDQ.
//
// Multiplication goes row by row: for each limb a_i it forms a_i, 2·a_i (odd
// i), 19·a_i (one VPMULUDQ by a broadcast 19) and 38·a_i (odd i) once, then
// adds a_i·b_j, with the right factor, into the accumulator of column
// (i+j) mod 10 for every j, reading b_j straight from memory. That is 100
// VPMULUDQ for the products, four field multiplications' worth: the same
// count of 32×32-bit products as one radix-2^25.5 multiplication per lane,
// and 9 for the factors 19·a_i. Ten accumulators, four factors, one product
// and the broadcast 19 use the sixteen YMM registers. The carries follow
// avx2CarryOrder.
//
// A square goes the same way over the 55 terms with j ≥ i: a_i·a_i with
// both factors in registers, and a_i·(2a_j) with 2a in memory, which the
// doubling stores beside a. Before the carries, lane 3's column sums are
// negated as 2^36·p - z_k: an XOR with all ones in that lane and an add of
// 2^36·p + 1 there (zero in the other lanes).
//
// The additions and the doubling form their two vector operands with lane
// operations: in-lane swaps (VPSHUFD), blends (VPBLENDD) and cross-lane
// steps, a permutation (VPERMQ) or, where a whole 128-bit half or lane 0
// moves, VINSERTI128, VEXTRACTI128 or VPBROADCASTQ, which cost less than
// VPERMQ on Zen 3 (docs/PERFORMANCE.md, "The doubling's lane steps on Zen
// 3"); each step's lane diagram is in the comments above its instructions.
//
// # Constant time
//
// Straight-line code: no branch, and every address is an argument pointer,
// the stack frame (its base rounded up to 32 bytes, see alignedFrame: a
// function of the stack pointer only) or a constant table plus a constant.
// The digit acts only through masks computed in Go (vecDigitMasks, passed
// by value): ANDs in the scan and VPBLENDVB for the sign.
package main

import (
	"flag"
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

const (
	limbs     = 10
	limbBytes = 32 // one YMM register: limb i of four elements
	elemBytes = limbs * limbBytes
)

var (
	acc = []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9}

	// avx2Consts holds, as 64-bit words: 19, 2^26-1, 2^25-1, 2p's limb 0,
	// even and odd limbs (2^27-38, 2^27-2, 2^26-2), each broadcast to four
	// lanes where it is used; 2p's three limbs again as four words each,
	// for the memory operands of the lane steps; the lane-3 words of the
	// squares' negation, as four words (0, 0, 0, x) each: all ones, then
	// 2^36·p + 1's limb 0, even and odd limbs; and, as 32-bit words, 2p's
	// limbs in pairs for the sign of a packed addend (eight words each:
	// limb 0 four times and limb 1 four times, then an even limb and an
	// odd one the same way).
	avx2Consts Mem
)

const (
	constNineteen = 8 * iota
	constMask26
	constMask25
	constTwoP0
	constTwoPEven
	constTwoPOdd
	constHeadEnd
)

// 2p's limbs as four words each, for memory operands, and the other
// constants of the lane steps (offsets in avx2Consts).
const (
	constTwoP0x4 = constHeadEnd + 32*iota
	constTwoPEvenx4
	constTwoPOddx4
	constLane3Ones
	constNegK0
	constNegKEven
	constNegKOdd
	constTwoPPair0
	constTwoPPair
)

// p's limb 0, even and odd limbs: 2^26 - 19, 2^26 - 1, 2^25 - 1.
var pLimbs = [3]uint64{1<<26 - 19, 1<<26 - 1, 1<<25 - 1}

// limbConst picks the constant of limb i from its limb-0, even and odd
// variants.
func limbConst(i, zero, even, odd int) int {
	switch {
	case i == 0:
		return zero
	case i%2 == 0:
		return even
	}
	return odd
}

func constant(off int) Mem { return avx2Consts.Offset(off) }

func width(i int) int { return 26 - i%2 }

func main() {
	flag.Parse()
	ConstraintExpr("!purego")

	avx2Consts = GLOBL("avx2Consts", RODATA|NOPTR)
	for i, v := range []uint64{19, 1<<26 - 1, 1<<25 - 1, 1<<27 - 38, 1<<27 - 2, 1<<26 - 2} {
		DATA(8*i, U64(v))
	}
	for k, v := range []uint64{1<<27 - 38, 1<<27 - 2, 1<<26 - 2} {
		for w := 0; w < 4; w++ {
			DATA(constTwoP0x4+32*k+8*w, U64(v))
		}
	}
	// (0, 0, 0, 2^64-1), then (0, 0, 0, K + 1) for K = 2^36·p's limb 0,
	// even and odd limbs: lane 3's negation in vecSquaresRegs.
	laneThree := func(off int, v uint64) {
		for w := 0; w < 3; w++ {
			DATA(off+8*w, U64(0))
		}
		DATA(off+24, U64(v))
	}
	laneThree(constLane3Ones, ^uint64(0))
	for k, off := range []int{constNegK0, constNegKEven, constNegKOdd} {
		laneThree(off, pLimbs[k]<<36+1)
	}
	// 2p's limbs 0 and 1, then 2k and 2k+1 for k > 0, as 32-bit words: four
	// of the first in the lower 16 bytes and four of the second in the upper
	// (expandAddend).
	for k, pair := range [][2]uint32{{1<<27 - 38, 1<<26 - 2}, {1<<27 - 2, 1<<26 - 2}} {
		for w := 0; w < 8; w++ {
			DATA(constTwoPPair0+32*k+4*w, U32(pair[w/4]))
		}
	}

	mulRoutine()
	addAffineRoutine()
	addDigitRoutine()
	addCachedRoutine()
	cachedRoutine()
	cachedPackRoutine()
	doubleRoutine()
	Generate()
}

// vecMul emits out = a·b (lane by lane). a, b and out are limb 0 of a
// vector element in memory; out may be a or b, since every load comes
// before the first store.
func vecMul(out, a, b Mem) {
	vecMulRegs(a, b)
	for k := 0; k < limbs; k++ {
		VMOVDQU(acc[k], out.Offset(k*limbBytes))
	}
}

// vecMulRegs emits vecMul without the stores: the limbs of a·b are left in
// acc (Y0..Y9); Y10..Y15 are free.
func vecMulRegs(a, b Mem) {
	Comment("vecMul: z_k = Σ_{i+j ≡ k mod 10} a_i·b_j·(2 if i, j odd)·(19 if i+j ≥ 10),",
		"row by row over i, with the factors a_i, 2a_i, 19a_i, 38a_i in Y10..Y13.")
	productRows(a, func(i int) (int, string) {
		return 0, fmt.Sprintf("Row %d: a_%d times b_0..b_9.", i, i)
	}, func(_, j int, _ VecPhysical) Op {
		return b.Offset(j * limbBytes)
	})
	vecCarry()
}

// productRows emits the column sums of a product into acc, row by row: for
// each i, the factors of a_i (rowFactors), then a_i·src(i, j) with the
// factors of that term, added to column (i+j) mod 10, for j from the first
// index that rows(i) returns (with the row's comment) to 9. Row 0 starts
// every column. factor is the register holding a_i, for src to return.
func productRows(a Mem, rows func(i int) (int, string), src func(i, j int, factor VecPhysical) Op) {
	factor, twice, nineteen, thirtyEight := Y10, Y11, Y12, Y13
	prod, k19 := Y14, Y15
	VPBROADCASTQ(constant(constNineteen), k19)
	for i := 0; i < limbs; i++ {
		first, comment := rows(i)
		Comment(comment)
		rowFactors(a, i, k19, factor, twice, nineteen, thirtyEight)
		for j := first; j < limbs; j++ {
			k := (i + j) % limbs
			f := termFactor(i, j, factor, twice, nineteen, thirtyEight)
			if i == 0 {
				VPMULUDQ(src(i, j, factor), f, acc[k])
				continue
			}
			VPMULUDQ(src(i, j, factor), f, prod)
			VPADDQ(prod, acc[k], acc[k])
		}
	}
}

// rowFactors loads a_i into factor and forms twice = 2·a_i (odd i),
// nineteen = 19·a_i (i > 0; a VPMULUDQ by k19, which holds 19 in every
// lane: a_i < 2^32 and 19·a_i < 2^32 for a loose a) and thirtyEight =
// 38·a_i (odd i): the factors of row i of a multiplication or a squaring.
func rowFactors(a Mem, i int, k19, factor, twice, nineteen, thirtyEight VecPhysical) {
	VMOVDQU(a.Offset(i*limbBytes), factor)
	if i > 0 {
		VPMULUDQ(k19, factor, nineteen)
	}
	if i%2 == 1 {
		VPADDQ(factor, factor, twice)
		VPADDQ(nineteen, nineteen, thirtyEight)
	}
}

// termFactor picks the register holding a_i with the factors of the term
// a_i·b_j: 2 when i and j are both odd, 19 when i+j ≥ 10.
func termFactor(i, j int, factor, twice, nineteen, thirtyEight VecPhysical) VecPhysical {
	odd := i%2 == 1 && j%2 == 1
	switch {
	case odd && i+j >= limbs:
		return thirtyEight
	case odd:
		return twice
	case i+j >= limbs:
		return nineteen
	}
	return factor
}

// vecCarry emits the carries of the column sums in Y0..Y9, in
// avx2CarryOrder; it uses Y10..Y13.
func vecCarry() {
	Comment("Carries, in avx2CarryOrder: 0→1, 4→5; 1→2, 5→6; 2→3, 6→7; 3→4, 7→8;",
		"4→5, 8→9; 9→0 (times 19 = 1 + 2 + 16); 0→1.")
	mask26, mask25, c, c2 := Y10, Y11, Y12, Y13
	VPBROADCASTQ(constant(constMask26), mask26)
	VPBROADCASTQ(constant(constMask25), mask25)
	for _, k := range []int{0, 4, 1, 5, 2, 6, 3, 7, 4, 8, 9, 0} {
		mask := mask26
		if width(k) == 25 {
			mask = mask25
		}
		VPSRLQ(U8(width(k)), acc[k], c)
		VPAND(mask, acc[k], acc[k])
		if k == limbs-1 {
			VPSLLQ(U8(1), c, c2)
			VPADDQ(c2, c, c2)
			VPSLLQ(U8(4), c, c)
			VPADDQ(c2, c, c)
			VPADDQ(c, acc[0], acc[0])
			continue
		}
		VPADDQ(c, acc[k+1], acc[k+1])
	}
}

// vecSquaresRegs emits avx2SquaresGeneric without the stores: for a and a2
// = 2a in memory, the column sums of a² from the 55 products a_i·a_i (both
// factors in registers) and a_i·a2_j (i < j), lane 3's negated as K - z
// (computed as (z XOR ones) + (K + 1) in that lane, zero added elsewhere),
// then the carries: the limbs of (a², a², a², -a²) are left in Y0..Y9.
func vecSquaresRegs(a, a2 Mem) {
	Comment("vecSquares: z_k = Σ_i a_i·a_i and Σ_{i<j} a_i·(2a_j), with the factors of vecMul,",
		"row by row over i; then lane 3 negated as 2^36·p - z; then the carries.")
	productRows(a, func(i int) (int, string) {
		return i, fmt.Sprintf("Row %d: a_%d times a_%d, and 2a_%d..2a_9.", i, i, i, i+1)
	}, func(i, j int, factor VecPhysical) Op {
		if j == i {
			return factor
		}
		return a2.Offset(j * limbBytes)
	})
	Comment("Lane 3: z_k = K_k - z_k with K = 2^36·p, as (z_k XOR ones) + K_k + 1.")
	for k := 0; k < limbs; k++ {
		VPXOR(constant(constLane3Ones), acc[k], acc[k])
		VPADDQ(constant(limbConst(k, constNegK0, constNegKEven, constNegKOdd)), acc[k], acc[k])
	}
	vecCarry()
}

// alignedFrame allocates size bytes of the frame and returns them as a
// 32-byte aligned block based at R8. Go aligns the stack pointer to 8
// bytes only, a YMM load or store that straddles a 32-byte boundary
// crosses a cache line half the time, and the kernels' scratch is read by
// most of their instructions (memory operands of VPMULUDQ; the gain is in
// docs/PERFORMANCE.md). The address depends only on the stack pointer.
func alignedFrame(size int) Mem {
	raw := AllocLocal(size + 32)
	LEAQ(raw.Offset(31), R8)
	ANDQ(I8(-32), R8)
	return Mem{Base: R8}
}

func mulRoutine() {
	TEXT("avx2MulAsm", NOSPLIT, "func(out, a, b *[10][4]uint64)")
	Pragma("noescape")
	Doc("avx2MulAsm sets out = a·b lane by lane, as avx2MulGeneric does, for loose a and wide b.",
		"It requires AVX2. out may alias a or b.")
	out, a, b := RDI, RSI, RDX
	Load(Param("out"), out)
	Load(Param("a"), a)
	Load(Param("b"), b)
	vecMul(Mem{Base: out}, Mem{Base: a}, Mem{Base: b})
	VZEROUPPER()
	RET()
}

// twoPRegs broadcasts 2p's three distinct limbs into Y13, Y14, Y15 and
// returns the register holding 2p's limb i.
func twoPRegs() func(i int) VecPhysical {
	VPBROADCASTQ(constant(constTwoP0), Y13)
	VPBROADCASTQ(constant(constTwoPEven), Y14)
	VPBROADCASTQ(constant(constTwoPOdd), Y15)
	return func(i int) VecPhysical {
		switch limbConst(i, constTwoP0, constTwoPEven, constTwoPOdd) {
		case constTwoP0:
			return Y13
		case constTwoPEven:
			return Y14
		}
		return Y15
	}
}

// expandAddend stores limbs 2k and 2k+1 of an addend, signed by negMask,
// in q, widened to 64-bit lanes. packed holds them as 32-bit words, limb 2k
// in its lower 16 bytes and limb 2k+1 in its upper. The sign acts on the
// words before they are widened: negated, (y-x, y+x, 2dxy, 2) is (y+x,
// y-x, 2p - 2dxy, 2), words 0 and 1 of each half swapped by VPSHUFD and
// word 2 taken from 2p - packed, chosen by VPBLENDVB. twoPPair holds 2p's
// limbs 2k and 2k+1 in the words of each half (constTwoPPair0 or
// constTwoPPair). Uses Y0..Y3; packed is overwritten.
func expandAddend(packed VecPhysical, k int, negMask, twoPPair VecPhysical, q Mem) {
	sw, n := Y1, Y2
	VPSHUFD(U8(0xE1), packed, sw)          // words (1, 0, 2, 3) of each half
	VPSUBD(packed, twoPPair, n)            // 2p - packed
	VPBLENDD(U8(0x44), n, sw, sw)          // word 2 of each half: 2p - 2dxy
	VPBLENDVB(negMask, sw, packed, packed) // the negated words where neg is set
	VPMOVZXDQ(packed.AsX(), Y0)
	VMOVDQU(Y0, q.Offset(2*k*limbBytes))
	VEXTRACTI128(U8(1), packed, X3)
	VPMOVZXDQ(X3, Y0)
	VMOVDQU(Y0, q.Offset((2*k+1)*limbBytes))
}

// twoPPairs loads 2p's limbs as words for expandAddend into Y13 (limbs 0
// and 1) and Y14 (the other pairs) and returns the register of pair k.
func twoPPairs() func(k int) VecPhysical {
	VMOVDQU(constant(constTwoPPair0), Y13)
	VMOVDQU(constant(constTwoPPair), Y14)
	return func(k int) VecPhysical {
		if k == 0 {
			return Y13
		}
		return Y14
	}
}

// buildU stores U = (Y-X, Y+X, T, Z) from p = (X, Y, Z, T) into u: with
// P' = (Y, X, T, Z) (an in-lane swap), lane 0 is P' + 2p - P, lane 1 is
// P' + P, lanes 2 and 3 are P'. Uses Y0..Y3.
func buildU(pm, u Mem, twoP func(int) VecPhysical) {
	Comment("U = (Y-X, Y+X, T, Z) from p = (X, Y, Z, T): with P' = (Y, X, T, Z) (an",
		"in-lane swap), lane 0 is P' + 2p - P, lane 1 is P' + P, lanes 2 and 3 are P'.")
	for i := 0; i < limbs; i++ {
		v, sw, s, d := Y0, Y1, Y2, Y3
		VMOVDQU(pm.Offset(i*limbBytes), v)
		VPSHUFD(U8(0x4E), v, sw)
		VPADDQ(v, sw, s)
		VPADDQ(twoP(i), sw, d)
		VPSUBQ(v, d, d)
		VPBLENDD(U8(0x0C), s, sw, sw) // lane 1: Y + X
		VPBLENDD(U8(0x03), d, sw, sw) // lane 0: Y + 2p - X
		VMOVDQU(sw, u.Offset(i*limbBytes))
	}
}

// addBody emits p = p + Q for the expanded addend Q in memory (pm and q
// are limb 0 of each), with U and W2 as scratch (U also holds W1).
func addBody(pm, q, u, w2 Mem) {
	buildU(pm, u, twoPRegs())

	Comment("(A, B, C, D) = U ∘ Q, left in Y0..Y9.")
	vecMulRegs(u, q)

	Comment("E = B - A, F = D - C, G = D + C, H = B + A. With V = (A, B, C, D) and",
		"V' = (B, A, D, C): s = V + V' = (H, H, G, G), d = V' + 2p - V = (E, -E, F, -F);",
		"W1 = (E, G, G, E) is (d0, d1, s2, s3) permuted by (0, 2, 2, 0), into U;",
		"W2 = (F, H, F, H) is (s0, s1, d2, d3) permuted by (2, 0, 2, 0).")
	for i := 0; i < limbs; i++ {
		v, sw, s, d, t := acc[i], Y10, Y11, Y12, Y13
		VPSHUFD(U8(0x4E), v, sw)
		VPADDQ(v, sw, s)
		VPADDQ(constant(limbConst(i, constTwoP0x4, constTwoPEvenx4, constTwoPOddx4)), sw, d)
		VPSUBQ(v, d, d)
		VPBLENDD(U8(0xF0), s, d, t) // (E, -E, G, G)
		VPBLENDD(U8(0xF0), d, s, s) // (H, H, F, -F)
		VPERMQ(U8(0x28), t, t)      // W1 = (E, G, G, E)
		VPERMQ(U8(0x22), s, s)      // W2 = (F, H, F, H)
		VMOVDQU(t, u.Offset(i*limbBytes))
		VMOVDQU(s, w2.Offset(i*limbBytes))
	}

	Comment("p = W1 ∘ W2 = (E·F, G·H, G·F, E·H) = (X3, Y3, Z3, T3).")
	vecMul(pm, u, w2)
}

func addAffineRoutine() {
	TEXT("avx2AddAffineAsm", 0, "func(p *[10][4]uint64, a *[10][4]uint32, neg uint64)")
	Pragma("noescape")
	Doc("avx2AddAffineAsm sets p = p + a, or p - a when neg is all ones, as avx2AddAffineGeneric does.",
		"It requires AVX2. neg must be 0 or all ones.")
	p, a := RDI, RSI
	Load(Param("p"), p)
	Load(Param("a"), a)
	frame := alignedFrame(3 * elemBytes)
	q, u, w2 := frame, frame.Offset(elemBytes), frame.Offset(2*elemBytes)

	twoP := twoPPairs()
	negMask := Y12
	VPBROADCASTQ(NewParamAddr("neg", 16), negMask)
	Comment("Q = the addend (y-x, y+x, 2dxy, 2) widened to 64-bit lanes; when neg is",
		"all ones, (y+x, y-x, 2p - 2dxy, 2) instead, chosen with VPBLENDVB on the",
		"32-bit words before they are widened.")
	for k := 0; k < limbs/2; k++ {
		VMOVDQU(Mem{Base: a, Disp: k * limbBytes}, Y4)
		expandAddend(Y4, k, negMask, twoP(k), q)
	}
	addBody(Mem{Base: p}, q, u, w2)
	VZEROUPPER()
	RET()
}

// pickExpand emits the scan of the 8-entry packed row at row under the
// masks of vecDigitMasks, in general registers: masks, whose byte e is
// 0xff for the entry picked and 0 for the others, and neg, the sign. It
// stores the picked addend, widened and signed, in q. Uses Y0..Y15.
//
// The masks reach the vector registers by VMOVQ from masks and neg, not by
// broadcasts from memory: the caller has just stored them as arguments,
// and on Zen 3 a vector load of data just stored delays the scan
// (docs/PERFORMANCE.md, "The scan's masks").
func pickExpand(row, masks, neg GPPhysical, q Mem) {
	Comment("Scan: acc = OR over e < 8 of (row[e] AND mask_e), five 32-byte chunks per",
		"entry, every entry read; mask_e is byte e of masks in every byte, broadcast",
		"from the low byte of X10, which shifts down a byte per entry.")
	mask, t, bytes := Y11, Y12, X10
	VMOVQ(masks, bytes)
	packed := []VecPhysical{Y5, Y6, Y7, Y8, Y9}
	for e := 0; e < 8; e++ {
		VPBROADCASTB(bytes, mask)
		if e < 7 {
			VPSRLQ(U8(8), bytes, bytes)
		}
		for k := 0; k < limbs/2; k++ {
			src := Mem{Base: row, Disp: e*elemBytes/2 + k*limbBytes}
			if e == 0 {
				VPAND(src, mask, packed[k])
			} else {
				VPAND(src, mask, t)
				VPOR(t, packed[k], packed[k])
			}
		}
	}

	twoP := twoPPairs()
	negMask := Y12
	VMOVQ(neg, negMask.AsX())
	VPBROADCASTQ(negMask.AsX(), negMask)
	Comment("Q = the picked addend signed and widened, as in avx2AddAffineAsm.")
	for k := 0; k < limbs/2; k++ {
		expandAddend(packed[k], k, negMask, twoP(k), q)
	}
}

func addDigitRoutine() {
	TEXT("avx2AddDigitAsm", 0, "func(p *[10][4]uint64, row *[8][10][4]uint32, masks uint64, neg uint64)")
	Pragma("noescape")
	Doc("avx2AddDigitAsm adds to p the entry row[|d|-1] that the digit d names, negated for d < 0,",
		"for 1 ≤ |d| ≤ 8, with masks and neg from vecDigitMasks(d), as avx2AddDigitGeneric does.",
		"It requires AVX2.")
	p, row, masks, neg := RDI, RSI, RAX, RBX
	Load(Param("p"), p)
	Load(Param("row"), row)
	Load(Param("masks"), masks)
	Load(Param("neg"), neg)
	frame := alignedFrame(3 * elemBytes)
	q, u, w2 := frame, frame.Offset(elemBytes), frame.Offset(2*elemBytes)
	pickExpand(row, masks, neg, q)
	addBody(Mem{Base: p}, q, u, w2)
	VZEROUPPER()
	RET()
}

func addCachedRoutine() {
	TEXT("avx2AddCachedAsm", 0, "func(p *[10][4]uint64, q *[10][4]uint64)")
	Pragma("noescape")
	Doc("avx2AddCachedAsm sets p = p + q for a cached addend q, as avx2AddCachedGeneric does.",
		"It requires AVX2.")
	p, q := RDI, RSI
	Load(Param("p"), p)
	Load(Param("q"), q)
	frame := alignedFrame(2 * elemBytes)
	addBody(Mem{Base: p}, Mem{Base: q}, frame, frame.Offset(elemBytes))
	VZEROUPPER()
	RET()
}

// cachedRegs emits avx2CachedGeneric without the stores: for p in memory,
// U = (Y + 2p - X, Y + X, 2p - T, Z) limb by limb (the lane steps of
// buildU, with 2p from memory), each limb times the four factors by one
// VPMULUDQ, then the carries; the limbs of the cached form are left in
// Y0..Y9.
func cachedRegs(pm, factors Mem) {
	Comment("Cached form: U = (Y + 2p - X, Y + X, 2p - T, Z) from p = (X, Y, Z, T), with",
		"P' = (Y, X, T, Z): lane 0 of P' + 2p - P, lane 1 of P' + P, lane 2 of 2p - P',",
		"lane 3 of P'; times (121666, 121666, 243330, 243332) lane by lane; carried.")
	k := Y13
	VMOVDQU(factors, k)
	for i := 0; i < limbs; i++ {
		v, sw, s, d, n := acc[i], Y10, Y11, Y12, Y14
		twoP := constant(limbConst(i, constTwoP0x4, constTwoPEvenx4, constTwoPOddx4))
		VMOVDQU(pm.Offset(i*limbBytes), v)
		VPSHUFD(U8(0x4E), v, sw)
		VPADDQ(v, sw, s)
		VPADDQ(twoP, sw, d)
		VPSUBQ(v, d, d)
		VMOVDQU(twoP, n)
		VPSUBQ(sw, n, n)
		VPBLENDD(U8(0x30), n, sw, v) // lane 2: 2p - T
		VPBLENDD(U8(0x03), d, v, v)  // lane 0: Y + 2p - X
		VPBLENDD(U8(0x0C), s, v, v)  // lane 1: Y + X
		VPMULUDQ(k, v, v)
	}
	vecCarry()
}

// cachedFormRoutine emits a routine func(out, p, factors) that forms the
// cached form of p with cachedRegs and hands the limbs to store, with out's
// address.
func cachedFormRoutine(name, out, outType string, store func(out Mem), doc ...string) {
	TEXT(name, 0, "func("+out+" "+outType+", p *[10][4]uint64, factors *[4]uint64)")
	Pragma("noescape")
	Doc(doc...)
	o, p, f := RDI, RSI, RDX
	Load(Param(out), o)
	Load(Param("p"), p)
	Load(Param("factors"), f)
	cachedRegs(Mem{Base: p}, Mem{Base: f})
	store(Mem{Base: o})
	VZEROUPPER()
	RET()
}

func cachedRoutine() {
	cachedFormRoutine("avx2CachedAsm", "q", "*[10][4]uint64", func(q Mem) {
		for k := 0; k < limbs; k++ {
			VMOVDQU(acc[k], q.Offset(k*limbBytes))
		}
	}, "avx2CachedAsm sets q to the cached form of p, as avx2CachedGeneric does with factors =",
		"vecCachedFactors. It requires AVX2. q may alias p.")
}

func cachedPackRoutine() {
	cachedFormRoutine("avx2CachedPackAsm", "a", "*[10][4]uint32", packStore,
		"avx2CachedPackAsm sets a to the cached form of p, packed, as avx2CachedGeneric and then",
		"avx2Addend.pack do, with factors = vecCachedFactors. It requires AVX2.")
}

// packStore emits the stores of the limbs in acc (Y0..Y9), each below 2^32,
// as the packed addend at a: per limb, VPSHUFD brings the low words of each
// 128-bit half's two lanes into that half's low quadword, VPERMQ joins the
// two quadwords, and the low 16 bytes are stored.
func packStore(a Mem) {
	Comment("Pack: the low 32 bits of lanes (0, 1, 2, 3) of each limb, as 16 bytes.")
	for k := 0; k < limbs; k++ {
		VPSHUFD(U8(0x08), acc[k], acc[k]) // words (0, 2) of each half to its low quadword
		VPERMQ(U8(0x08), acc[k], acc[k])  // quadwords (0, 2) to the low half
		VMOVDQU(acc[k].AsX(), a.Offset(k*limbBytes/2))
	}
}

func doubleRoutine() {
	TEXT("avx2DoubleAsm", 0, "func(p *[10][4]uint64)")
	Pragma("noescape")
	Doc("avx2DoubleAsm sets p = 2·p, as avx2DoubleGeneric does. It requires AVX2.")
	p := RDI
	Load(Param("p"), p)
	frame := alignedFrame(2 * elemBytes)
	u, w2 := frame, frame.Offset(elemBytes)
	pm := Mem{Base: p}

	Comment("S = (X, Y, Z, X+Y) into U and 2S into W2, from P = (X, Y, Z, T): with",
		"P' = (Y, X, T, Z) (an in-lane swap), P + P' has X+Y in lane 0, broadcast and",
		"blended into lane 3 of P.")
	for i := 0; i < limbs; i++ {
		v, sw := Y0, Y1
		VMOVDQU(pm.Offset(i*limbBytes), v)
		VPSHUFD(U8(0x4E), v, sw)
		VPADDQ(v, sw, sw)
		VPBROADCASTQ(sw.AsX(), sw)
		VPBLENDD(U8(0xC0), sw, v, v) // S = (X, Y, Z, X+Y)
		VMOVDQU(v, u.Offset(i*limbBytes))
		VPADDQ(v, v, v)
		VMOVDQU(v, w2.Offset(i*limbBytes))
	}
	Comment("(A, B, Z², D) = S² with lane 3 negated = (X², Y², Z², -(X+Y)²), left in Y0..Y9.")
	vecSquaresRegs(u, w2)

	Comment("G' = A + 2p - B, G = B + 2p - A, F' = G' + 2Z², H' = A + B, E' = A + B + D.",
		"With V = (A, B, Z², D) and V' = (B, A, D, Z²): d = V + 2p - V' has (G', G) in",
		"lanes 0 and 1; s = V + V' has H' in lanes 0 and 1; f = d + 2Z², with Z²",
		"brought from lane 2 to lane 0 by extracting V's upper half, has F' in lane 0;",
		"e = s's lane 0 broadcast, plus V, has E' in lane 3 (the other lanes of f and",
		"e are discarded).",
		"W1 = (E', G', G', E') is (G', G, ., E') permuted by (3, 0, 0, 3), into U;",
		"W2 = (F', H', F', H') is (F', H', ., .) with its lower half copied into the upper.")
	for i := 0; i < limbs; i++ {
		v, sw, s, d, e, f := acc[i], Y10, Y11, Y12, Y13, Y14
		twoP := constant(limbConst(i, constTwoP0x4, constTwoPEvenx4, constTwoPOddx4))
		VPSHUFD(U8(0x4E), v, sw)
		VPADDQ(v, sw, s)
		VPADDQ(twoP, v, d)
		VPSUBQ(sw, d, d)
		VEXTRACTI128(U8(1), v, f.AsX())
		VPADDQ(f, f, f)
		VPADDQ(d, f, f)
		VPBROADCASTQ(s.AsX(), e)
		VPADDQ(v, e, e)
		VPBLENDD(U8(0xC0), e, d, d)       // (G', G, ., E')
		VPBLENDD(U8(0x0C), s, f, f)       // (F', H', ., .)
		VPERMQ(U8(0xC3), d, d)            // W1 = (E', G', G', E')
		VINSERTI128(U8(1), f.AsX(), f, f) // W2 = (F', H', F', H')
		VMOVDQU(d, u.Offset(i*limbBytes))
		VMOVDQU(f, w2.Offset(i*limbBytes))
	}
	Comment("p = W1 ∘ W2 = (E·F, G·H, G·F, E·H), the point 2P.")
	vecMul(pm, u, w2)
	VZEROUPPER()
	RET()
}
