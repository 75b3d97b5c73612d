// Command laddermulx writes x25519/ladder_mulx_amd64.s and its Go
// declarations x25519/ladder_mulx_asm_amd64.go: the X25519 Montgomery
// ladder (RFC 7748, section 5) on field elements of four 64-bit words, as
// one kernel using MULX (BMI2) and ADCX/ADOX (ADX), behind mulxLadderKernel
// in the x25519 package, and each of its operations as a routine of its
// own for the tests.
//
// Regenerate from the x25519 directory with `go generate` (see
// x25519/ladder_mulx_amd64.go), which runs, from the _asm module,
//
//	go run ./laddermulx -out ../x25519/ladder_mulx_amd64.s -stubs ../x25519/ladder_mulx_asm_amd64.go -pkg x25519
//
// The output depends only on this program, so running it twice gives the
// same bytes; CI regenerates and fails on a diff.
//
// # What the routines compute
//
// Exactly the words of the portable twins in x25519/ladder_mulx.go, whose
// section comment gives the representation (any value below 2^256, with
// 2^256 ≡ 38), the bounds of every fold, and the order of the operations
// in a step. The kernel keeps the whole state in memory (the slots of
// mulxState, 32 bytes each, from one pointer) and every operation loads
// its operands' words, computes in registers, and stores its result after
// its last load, so that a result may overwrite an operand.
//
// # The products
//
// A product is four rows a_i·(b0, b1, b2, b3) of MULX with a_i in DX and
// b_j read from memory. Row 0 writes the columns P0..P4 with ADD and ADC.
// Rows 1 and 2 add their four low halves to P_(i+j) on one carry chain,
// keeping the high halves of b0..b2 in spare registers, and then add those
// to P_(i+j+1) on a second chain (rowSplit); row 3, with no register to
// spare, adds its low halves on the carry flag (ADCX) and its high halves
// on the overflow flag (ADOX), two chains that run together, and ends by
// adding both pending carries into its new top column with a zero register
// (rowN). The square forms the six cross products the same way (three
// short rows), doubles them on the carry chain while the overflow chain
// adds the four squares a_i². The fold multiplies P4..P7 by 38, each high
// half over the word it came from, adds the low halves to P0..P3 on one
// chain and the high halves to P1..P3 and a fifth word on another, then
// adds 38 times that word, then 38 times the last carry, which SBB turns
// into a mask. A subtraction that comes out all zero words is replaced by
// p, read from the constant fe64P with four CMOVs under the flag of the OR
// of its words (the zero-word rule of ladder_mulx.go).
//
// Why one chain, then another. On Intel CPUs every instruction that reads
// a flag (ADC, ADCX, ADOX, SBB, CMOV) issues on two ports only, and the
// ladder's step is close to bound by them: a row on one chain reads the
// flags seven times, rowN nine, and the fold's two chains seven against
// nine. The square keeps its two chains running together: in one chain
// after the other its doubling and its squares measured slower.
//
// # Registers
//
// DI holds the state (or the first operand, in the routines of one
// operation), SI the scalar (or the second operand). The eight columns are
// R8..R15, AX and CX take the MULX halves, BX is rowN's zero register and
// DX the multiplier; rowSplit keeps its high halves in CX, BX and the
// columns that no row has reached yet. The swap mask is in R13 while the
// swaps run, before the step needs it as a column. The loop index and the
// previous bit live in the state's last slot, because no register is left.
// There is no frame.
//
// # Constant time
//
// The loop index t, 254 down to 3, is public and is the only thing that
// forms an address: byte t/8 of the scalar, then a shift by t mod 8 and a
// mask give the bit. The bit XOR the previous one, negated, is the swap
// mask, 0 or all ones, and the swap is an XOR under it. Every step runs the
// same instructions on the same addresses whatever the scalar; carries
// become 0 or 38 through SBB and AND, and a zero difference becomes p
// through CMOV, never a branch.
package main

import (
	"flag"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The slots of mulxState in x25519/ladder_mulx.go, in the same order.
const (
	slotX1 = iota
	slotX2
	slotZ2
	slotX3
	slotZ3
	slotA
	slotB
	slotC
	slotD
	slotAA
	slotBB
	slotE
	slotF
	slotLoop
	slots
)

// a24 is (486662 - 2)/4, RFC 7748's constant of the doubling.
const a24 = 121665

// The general-purpose registers.
var (
	cols = [8]GPPhysical{R8, R9, R10, R11, R12, R13, R14, R15}
	lo   = RAX // low half of a MULX
	hi   = RCX // high half of a MULX
	zero = RBX
)

func main() {
	flag.Parse()
	ConstraintExpr("!purego")

	declareP()
	kernel()
	single("fe64MulAsm", "fe64MulGeneric", true, func(a, b Mem) { mul(a, b) })
	single("fe64SquareAsm", "fe64SquareGeneric", false, func(a, _ Mem) { square(a) })
	single("fe64AddAsm", "fe64AddGeneric", true, func(a, b Mem) { add(a, b) })
	single("fe64SubAsm", "fe64SubGeneric", true, func(a, b Mem) { sub(a, b); nonZero() })
	single("fe64Mul24AddAsm", "fe64Mul24AddGeneric", true, func(a, b Mem) { mul24Add(a, b) })
	Generate()
}

// word is word i of the element at m.
func word(m Mem, i int) Mem { return m.Offset(8 * i) }

// slot is the element in slot n of the state at DI.
func slot(n int) Mem { return Mem{Base: RDI, Disp: 32 * n} }

// store writes R8..R11, an operation's result, to the element at m.
func store(m Mem) {
	for i := range 4 {
		MOVQ(cols[i], word(m, i))
	}
}

// nonZero replaces R8..R11 by p if all four are zero (the subtraction's
// last step; see "Zero words" in x25519/ladder_mulx.go): the OR of the words
// sets ZF exactly then, and CMOVQEQ loads p's words from the constant
// table under it (a CMOV reads its memory operand whatever the flag).
func nonZero() {
	p := cols
	Comment("an all-zero result is written as p")
	MOVQ(p[0], lo)
	ORQ(p[1], lo)
	MOVQ(p[2], hi)
	ORQ(p[3], hi)
	ORQ(hi, lo)
	for i := range 4 {
		CMOVQEQ(fieldP.Offset(8*i), p[i])
	}
}

// fieldP is p = 2^255 - 19 in four words, least significant first, in
// the read-only data that main declares.
var fieldP Mem

func declareP() {
	fieldP = GLOBL("fe64P", RODATA|NOPTR)
	for i, w := range []uint64{0xffffffffffffffed, 0xffffffffffffffff, 0xffffffffffffffff, 0x7fffffffffffffff} {
		DATA(8*i, U64(w))
	}
}

// single emits a routine computing one operation on out, a (DI) and, if
// binary, b (SI), for the tests.
func single(name, twin string, binary bool, op func(a, b Mem)) {
	signature := "func(out, a *[4]uint64)"
	if binary {
		signature = "func(out, a, b *[4]uint64)"
	}
	TEXT(name, NOSPLIT, signature)
	Pragma("noescape")
	Doc(name+" sets out to the words "+twin+" gives, with the kernel's code for it.",
		"It requires BMI2 and ADX.")
	Load(Param("a"), RDI)
	a, b := Mem{Base: RDI}, Mem{Base: RSI}
	if binary {
		Load(Param("b"), RSI)
	}
	op(a, b)
	Load(Param("out"), RDI)
	store(Mem{Base: RDI})
	RET()
}

// row0 adds a_0·b to nothing: P0..P4 = DX·(b0..b3), with ADD and ADC.
func row0(b Mem, p []GPPhysical) {
	MULXQ(word(b, 0), p[0], p[1])
	for j := 1; j < 4; j++ {
		MULXQ(word(b, j), lo, p[j+1])
		if j == 1 {
			ADDQ(lo, p[j])
		} else {
			ADCQ(lo, p[j])
		}
	}
	ADCQ(Imm(0), p[4])
}

// rowN adds DX·(b0..b3) to P0..P3 (already holding values) and sets P4,
// with the low halves on ADCX and the high halves on ADOX.
func rowN(b func(j int) Op, p []GPPhysical) {
	XORL(zero.As32(), zero.As32())
	for j := range 3 {
		MULXQ(b(j), lo, hi)
		ADCXQ(lo, p[j])
		ADOXQ(hi, p[j+1])
	}
	MULXQ(b(3), lo, p[4])
	ADCXQ(lo, p[3])
	ADOXQ(zero, p[4])
	ADCXQ(zero, p[4])
}

// rowSplit adds DX·(b0..b3) to P0..P3 (already holding values) and sets
// P4, as rowN does, on one carry chain at a time: the low halves into
// P0..P3, with the high halves of b0..b2 kept in t, then those into P1..P3;
// the high half of b3 goes straight to P4, which takes both chains' carries.
func rowSplit(b func(j int) Op, p []GPPhysical, t [3]GPPhysical) {
	for j := range 3 {
		MULXQ(b(j), lo, t[j])
		if j == 0 {
			ADDQ(lo, p[0])
		} else {
			ADCQ(lo, p[j])
		}
	}
	MULXQ(b(3), lo, p[4])
	ADCQ(lo, p[3])
	ADCQ(Imm(0), p[4])
	ADDQ(t[0], p[1])
	ADCQ(t[1], p[2])
	ADCQ(t[2], p[3])
	ADCQ(Imm(0), p[4])
}

// mul leaves a·b folded below 2^256 in R8..R11.
func mul(a, b Mem) {
	Comment("P = a·b: row 0, rows 1 and 2 one chain after the other, row 3 on two chains at once")
	bj := func(j int) Op { return word(b, j) }
	MOVQ(word(a, 0), RDX)
	row0(b, cols[:])
	// The columns above a row's top are free until a later row reaches them.
	MOVQ(word(a, 1), RDX)
	rowSplit(bj, cols[1:], [3]GPPhysical{cols[6], cols[7], hi})
	MOVQ(word(a, 2), RDX)
	rowSplit(bj, cols[2:], [3]GPPhysical{cols[7], hi, zero})
	MOVQ(word(a, 3), RDX)
	rowN(bj, cols[3:])
	fold()
}

// square leaves a·a folded below 2^256 in R8..R11.
func square(a Mem) {
	p := cols
	Comment("the cross products a_i·a_j, i < j, at columns 1..6")
	MOVQ(word(a, 0), RDX)
	MULXQ(word(a, 1), p[1], p[2])
	MULXQ(word(a, 2), lo, p[3])
	ADDQ(lo, p[2])
	MULXQ(word(a, 3), lo, p[4])
	ADCQ(lo, p[3])
	ADCQ(Imm(0), p[4])
	MOVQ(word(a, 1), RDX)
	XORL(zero.As32(), zero.As32())
	MULXQ(word(a, 2), lo, hi)
	ADCXQ(lo, p[3])
	ADOXQ(hi, p[4])
	MULXQ(word(a, 3), lo, p[5])
	ADCXQ(lo, p[4])
	ADOXQ(zero, p[5])
	ADCXQ(zero, p[5])
	MOVQ(word(a, 2), RDX)
	MULXQ(word(a, 3), lo, p[6])
	ADDQ(lo, p[5])
	ADCQ(Imm(0), p[6]) // the cross sum is below 2^448: no carry out
	Comment("doubled on the carry chain, plus the squares a_i² on the overflow chain")
	XORL(p[7].As32(), p[7].As32())
	XORL(zero.As32(), zero.As32())
	MOVQ(word(a, 0), RDX)
	MULXQ(RDX, p[0], lo)
	ADCXQ(p[1], p[1])
	ADOXQ(lo, p[1])
	for i := 1; i < 4; i++ {
		MOVQ(word(a, i), RDX)
		MULXQ(RDX, lo, hi)
		ADCXQ(p[2*i], p[2*i])
		ADOXQ(lo, p[2*i])
		if i < 3 {
			ADCXQ(p[2*i+1], p[2*i+1])
		} else {
			ADCXQ(zero, p[2*i+1])
		}
		ADOXQ(hi, p[2*i+1])
	}
	fold()
}

// fold brings P0..P7 below 2^256 in R8..R11: T = P0..3 + 38·P4..7, five
// words; then + 38·t4; then + 38·carry.
func fold() {
	p := cols
	Comment("T = L + 38·H (fifth word t4 at most 38, in R15), then + 38·t4, then + 38·carry")
	MOVL(U32(38), EDX)
	// A row of rowSplit whose top column is P7: each high half replaces the
	// word of P4..P7 it came from.
	rowSplit(func(j int) Op { return p[4+j] }, []GPPhysical{p[0], p[1], p[2], p[3], p[7]},
		[3]GPPhysical{p[4], p[5], p[6]})
	foldWord(p[7])
}

// foldWord adds 38·t to R8..R11, t a fifth word small enough that 38·t
// fits a word, then 38 times the carry out (foldCarry without its mask).
func foldWord(t GPPhysical) {
	IMUL3Q(Imm(38), t, t)
	addThrough(t)
	carry38(cols[0])
}

// foldCarry adds 38 times the carry flag to R8..R11, with the carry through
// all four words, then 38 times the carry out.
func foldCarry() {
	SBBQ(lo, lo)
	ANDL(U32(38), lo.As32())
	addThrough(lo)
	carry38(cols[0])
}

// addThrough adds v to R8..R11, with the carry through all four words.
func addThrough(v GPPhysical) {
	ADDQ(v, cols[0])
	for i := 1; i < 4; i++ {
		ADCQ(Imm(0), cols[i])
	}
}

// carry38 adds 38 times the carry flag to r (which cannot carry again).
func carry38(r GPPhysical) {
	SBBQ(lo, lo)
	ANDL(U32(38), lo.As32())
	ADDQ(lo, r)
}

// add leaves a + b folded below 2^256 in R8..R11.
func add(a, b Mem) {
	p := cols
	Comment("a + b, then + 38·carry twice")
	for i := range 4 {
		MOVQ(word(a, i), p[i])
	}
	ADDQ(word(b, 0), p[0])
	for i := 1; i < 4; i++ {
		ADCQ(word(b, i), p[i])
	}
	foldCarry()
}

// sub leaves a - b folded into [0, 2^256) in R8..R11.
func sub(a, b Mem) {
	p := cols
	Comment("a - b, then - 38·borrow twice")
	for i := range 4 {
		MOVQ(word(a, i), p[i])
	}
	SUBQ(word(b, 0), p[0])
	for i := 1; i < 4; i++ {
		SBBQ(word(b, i), p[i])
	}
	for round := range 2 {
		SBBQ(lo, lo)
		ANDL(U32(38), lo.As32())
		SUBQ(lo, p[0])
		if round == 0 {
			for i := 1; i < 4; i++ {
				SBBQ(Imm(0), p[i])
			}
		}
	}
}

// mul24Add leaves a·a24 + b folded below 2^256 in R8..R11.
func mul24Add(a, b Mem) {
	p := cols
	Comment("a·a24 + b: five words, then + 38·(fifth word), then + 38·carry")
	MOVL(U32(a24), EDX)
	MULXQ(word(a, 0), p[0], hi)
	MULXQ(word(a, 1), p[1], p[4])
	ADDQ(hi, p[1])
	MULXQ(word(a, 2), p[2], hi)
	ADCQ(p[4], p[2])
	MULXQ(word(a, 3), p[3], p[4])
	ADCQ(hi, p[3])
	ADCQ(Imm(0), p[4])
	ADDQ(word(b, 0), p[0])
	for i := 1; i < 4; i++ {
		ADCQ(word(b, i), p[i])
	}
	ADCQ(Imm(0), p[4]) // at most 2^17
	foldWord(p[4])
}

// swap exchanges slots x and y under the mask in R13 (all ones or zero).
func swap(x, y int, mask GPPhysical) {
	for i := range 4 {
		MOVQ(word(slot(x), i), lo)
		XORQ(word(slot(y), i), lo)
		ANDQ(mask, lo)
		XORQ(lo, word(slot(x), i))
		XORQ(lo, word(slot(y), i))
	}
}

// The operations of a step, on slots.
func opAdd(d, a, b int)      { add(slot(a), slot(b)); store(slot(d)) }
func opSub(d, a, b int)      { sub(slot(a), slot(b)); nonZero(); store(slot(d)) }
func opMul(d, a, b int)      { mul(slot(a), slot(b)); store(slot(d)) }
func opSquare(d, a int)      { square(slot(a)); store(slot(d)) }
func opMul24Add(d, a, b int) { mul24Add(slot(a), slot(b)); store(slot(d)) }

// step is mulxStepGeneric.
func step() {
	opAdd(slotA, slotX2, slotZ2)
	opSub(slotB, slotX2, slotZ2)
	opAdd(slotC, slotX3, slotZ3)
	opSub(slotD, slotX3, slotZ3)
	opSquare(slotAA, slotA)
	opMul(slotD, slotD, slotA) // DA
	opSquare(slotBB, slotB)
	opMul(slotC, slotC, slotB) // CB
	opSub(slotE, slotAA, slotBB)
	opAdd(slotA, slotD, slotC) // DA + CB
	opSub(slotB, slotD, slotC) // DA - CB
	opMul24Add(slotF, slotE, slotAA)
	opSquare(slotB, slotB)
	opSquare(slotX3, slotA)
	opMul(slotZ2, slotE, slotF)
	opMul(slotZ3, slotX1, slotB)
	opMul(slotX2, slotAA, slotBB)
}

// double is mulxDoubleGeneric.
func double() {
	opAdd(slotA, slotX2, slotZ2)
	opSub(slotB, slotX2, slotZ2)
	opSquare(slotAA, slotA)
	opSquare(slotBB, slotB)
	opSub(slotE, slotAA, slotBB)
	opMul(slotX2, slotAA, slotBB)
	opMul24Add(slotF, slotE, slotAA)
	opMul(slotZ2, slotE, slotF)
}

func kernel() {
	TEXT("mulxLadderAsmKernel", NOSPLIT, "func(s *[14][4]uint64, k *[32]byte)")
	Pragma("noescape")
	Doc("mulxLadderAsmKernel runs the ladder on s for the bits 254 down to 3 of k, swaps back",
		"under bit 3, and doubles three times, as mulxLadderGeneric does. It requires BMI2 and ADX.")
	Load(Param("s"), RDI)
	Load(Param("k"), RSI)
	t, prev := word(slot(slotLoop), 0), word(slot(slotLoop), 1)
	MOVQ(U32(254), t)
	MOVQ(U32(0), prev)
	mask := R13

	Label("step")
	Comment("bit = (k[t/8] >> (t mod 8)) & 1, t public; the swap mask is -(bit XOR prev)")
	MOVQ(t, RCX)
	MOVQ(RCX, RAX)
	SHRQ(U8(3), RAX)
	MOVBQZX(Mem{Base: RSI, Index: RAX, Scale: 1}, RAX)
	ANDL(U32(7), ECX)
	SHRQ(CL, RAX)
	ANDL(U32(1), EAX)
	MOVQ(prev, mask)
	MOVQ(RAX, prev)
	XORQ(RAX, mask)
	NEGQ(mask)
	swap(slotX2, slotX3, mask)
	swap(slotZ2, slotZ3, mask)
	step()
	DECQ(t)
	CMPQ(t, U8(3))
	JAE(LabelRef("step"))

	Comment("swap back under the last bit, then the three doublings of bits 2..0")
	MOVQ(prev, mask)
	NEGQ(mask)
	swap(slotX2, slotX3, mask)
	swap(slotZ2, slotZ3, mask)
	for range 3 {
		double()
	}
	RET()
}
