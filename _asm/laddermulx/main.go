// Command laddermulx writes x25519/ladder_mulx_amd64.s and its Go
// declarations x25519/ladder_mulx_asm_amd64.go: the X25519 Montgomery
// ladder (RFC 7748, section 5) on field elements of four 64-bit words, as
// two kernels using MULX (BMI2) and ADCX/ADOX (ADX), behind mulxLadderKernel
// in the x25519 package, and each of their operations as a routine of its
// own for the tests. The kernels differ only in how a product adds its rows
// 1 and 2 and its fold (see "Two forms of the rows"); Go chooses one by the
// CPU's vendor (x25519/ladder_mulx_amd64.go, internal/cpuvendor).
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
// in a step. A kernel keeps the whole state in memory (the slots of
// mulxState, 32 bytes each, from one pointer) and every operation loads
// its operands' words, computes in registers, and stores its result after
// its last load, so that a result may overwrite an operand.
//
// # The products
//
// A product is four rows a_i·(b0, b1, b2, b3) of MULX with a_i in DX and
// b_j read from memory. Row 0 writes the columns P0..P4 with ADD and ADC.
// A later row adds its four low halves to P_(i+j) and its high halves to
// P_(i+j+1) in one of two ways. rowN adds the low halves on the carry flag
// (ADCX) and the high halves on the overflow flag (ADOX), two chains that
// run together, and ends by adding both pending carries into its new top
// column with a zero register. rowSplit adds the low halves on one carry
// chain, keeping the high halves of b0..b2 in spare registers, and then
// adds those on a second chain. Row 3, with no register to spare, is
// always rowN. The square forms the six cross products with short rows of
// the rowN kind, doubles them on the carry chain while the overflow chain
// adds the four squares a_i². The fold multiplies P4..P7 by 38, a row
// whose high halves replace the words they came from, into P0..P3 and a
// fifth word, then adds 38 times that word, then 38 times the last carry,
// which SBB turns into a mask. A subtraction that comes out all zero words
// is replaced by p, read from the constant fe64P with four CMOVs under the
// flag of the OR of its words (the zero-word rule of ladder_mulx.go).
//
// # Two forms of the rows
//
// mulxLadderAsmOneChain makes rows 1 and 2 and the fold rowSplit rows;
// mulxLadderAsmTwoChains makes them rowN rows. Everything else, the square
// included, is the same code. On Intel CPUs every instruction that reads
// a flag (ADC, ADCX, ADOX, SBB, CMOV) issues on two ports only, and the
// ladder's step is close to bound by them: a rowSplit row reads the flags
// seven times, a rowN row nine, so the one-chain form is faster there. On
// AMD Zen 3 the two-chain form measured faster, with the same step order
// (why was not profiled: a rowSplit row's carries wait on one flag, where
// rowN's two chains overlap, which may matter where flag readers are not
// the limit). The square keeps
// its two chains running together in both forms: on Intel, in one chain
// after the other, its doubling and its squares measured slower.
// docs/PERFORMANCE.md has the measurements.
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

// A form of the kernel: whether its products add rows 1 and 2 and the fold
// one carry chain at a time (rowSplit), or on two chains at once (rowN) as
// row 3 does. The two forms compute the same words.
type form struct {
	oneChain bool
}

// rows says how form f adds rows 1 and 2 and the fold, for the docs.
func (f form) rows() string {
	if f.oneChain {
		return "one carry chain at a time"
	}
	return "two carry chains at once"
}

// The two forms, and the names of their routines.
var (
	oneChain  = form{oneChain: true}
	twoChains = form{}
)

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
	kernel("mulxLadderAsmOneChain", oneChain)
	kernel("mulxLadderAsmTwoChains", twoChains)
	one, two, both := "mulxLadderAsmOneChain", "mulxLadderAsmTwoChains", "both kernels"
	single("fe64MulAsm", "fe64MulGeneric", one, true, func(a, b Mem) { mul(oneChain, a, b) })
	single("fe64SquareAsm", "fe64SquareGeneric", one, false, func(a, _ Mem) { square(oneChain, a) })
	single("fe64MulAsmTwoChains", "fe64MulGeneric", two, true, func(a, b Mem) { mul(twoChains, a, b) })
	single("fe64SquareAsmTwoChains", "fe64SquareGeneric", two, false, func(a, _ Mem) { square(twoChains, a) })
	single("fe64AddAsm", "fe64AddGeneric", both, true, func(a, b Mem) { add(a, b) })
	single("fe64SubAsm", "fe64SubGeneric", both, true, func(a, b Mem) { sub(a, b); nonZero() })
	single("fe64Mul24AddAsm", "fe64Mul24AddGeneric", both, true, func(a, b Mem) { mul24Add(a, b) })
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
// binary, b (SI), for the tests, with the code of the kernel named.
func single(name, twin, kernel string, binary bool, op func(a, b Mem)) {
	signature := "func(out, a *[4]uint64)"
	if binary {
		signature = "func(out, a, b *[4]uint64)"
	}
	TEXT(name, NOSPLIT, signature)
	Pragma("noescape")
	Doc(name+" sets out to the words "+twin+" gives, with the code",
		kernel+" runs for it. It requires BMI2 and ADX.")
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

// mul leaves a·b folded below 2^256 in R8..R11, with the rows of form f.
func mul(f form, a, b Mem) {
	bj := func(j int) Op { return word(b, j) }
	if f.oneChain {
		Comment("P = a·b: row 0, rows 1 and 2 one chain after the other, row 3 on two chains at once")
	} else {
		Comment("P = a·b: row 0, then rows 1..3 on two chains at once")
	}
	MOVQ(word(a, 0), RDX)
	row0(b, cols[:])
	// The columns above a row's top are free until a later row reaches them:
	// rowSplit keeps its high halves there.
	spare := [][3]GPPhysical{{cols[6], cols[7], hi}, {cols[7], hi, zero}}
	for i := 1; i < 3; i++ {
		MOVQ(word(a, i), RDX)
		if f.oneChain {
			rowSplit(bj, cols[i:], spare[i-1])
		} else {
			rowN(bj, cols[i:])
		}
	}
	MOVQ(word(a, 3), RDX)
	rowN(bj, cols[3:])
	fold(f)
}

// square leaves a·a folded below 2^256 in R8..R11, with the fold of form f.
func square(f form, a Mem) {
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
	fold(f)
}

// fold brings P0..P7 below 2^256 in R8..R11: T = P0..3 + 38·P4..7, five
// words; then + 38·t4; then + 38·carry. Form f chooses its row.
func fold(f form) {
	p := cols
	if !f.oneChain {
		Comment("T = L + 38·H (fifth word t4 at most 38, in R12), then + 38·t4, then + 38·carry")
		MOVL(U32(38), EDX)
		rowN(func(j int) Op { return p[4+j] }, p[:])
		foldWord(p[4])
		return
	}
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

// The operations of a step, on slots, with the rows of form f.
func opAdd(d, a, b int)         { add(slot(a), slot(b)); store(slot(d)) }
func opSub(d, a, b int)         { sub(slot(a), slot(b)); nonZero(); store(slot(d)) }
func opMul(f form, d, a, b int) { mul(f, slot(a), slot(b)); store(slot(d)) }
func opSquare(f form, d, a int) { square(f, slot(a)); store(slot(d)) }
func opMul24Add(d, a, b int)    { mul24Add(slot(a), slot(b)); store(slot(d)) }

// step is mulxStepGeneric, with the rows of form f, in the order measured
// fastest for f: after the four sums and differences, the one-chain kernel
// alternates between the step's two chains (AA, DA, BB, CB, E, DA + CB,
// DA - CB, F, then the squares and the three products), and the two-chain
// kernel forms both squares and both products first and moves AA·BB ahead
// of F. Both orders compute the same words: each operation still comes
// after those whose results it reads and before those that overwrite its
// operands.
func step(f form) {
	opAdd(slotA, slotX2, slotZ2)
	opSub(slotB, slotX2, slotZ2)
	opAdd(slotC, slotX3, slotZ3)
	opSub(slotD, slotX3, slotZ3)
	if f.oneChain {
		opSquare(f, slotAA, slotA)
		opMul(f, slotD, slotD, slotA) // DA
		opSquare(f, slotBB, slotB)
		opMul(f, slotC, slotC, slotB) // CB
		opSub(slotE, slotAA, slotBB)
		opAdd(slotA, slotD, slotC) // DA + CB
		opSub(slotB, slotD, slotC) // DA - CB
		opMul24Add(slotF, slotE, slotAA)
		opSquare(f, slotB, slotB)
		opSquare(f, slotX3, slotA)
		opMul(f, slotZ2, slotE, slotF)
		opMul(f, slotZ3, slotX1, slotB)
		opMul(f, slotX2, slotAA, slotBB)
		return
	}
	opSquare(f, slotAA, slotA)
	opSquare(f, slotBB, slotB)
	opMul(f, slotD, slotD, slotA) // DA
	opMul(f, slotC, slotC, slotB) // CB
	opSub(slotE, slotAA, slotBB)
	opAdd(slotA, slotD, slotC) // DA + CB
	opSub(slotB, slotD, slotC) // DA - CB
	opMul(f, slotX2, slotAA, slotBB)
	opMul24Add(slotF, slotE, slotAA)
	opSquare(f, slotX3, slotA)
	opSquare(f, slotB, slotB)
	opMul(f, slotZ2, slotE, slotF)
	opMul(f, slotZ3, slotX1, slotB)
}

// double is mulxDoubleGeneric.
func double(f form) {
	opAdd(slotA, slotX2, slotZ2)
	opSub(slotB, slotX2, slotZ2)
	opSquare(f, slotAA, slotA)
	opSquare(f, slotBB, slotB)
	opSub(slotE, slotAA, slotBB)
	opMul(f, slotX2, slotAA, slotBB)
	opMul24Add(slotF, slotE, slotAA)
	opMul(f, slotZ2, slotE, slotF)
}

func kernel(name string, f form) {
	TEXT(name, NOSPLIT, "func(s *[14][4]uint64, k *[32]byte)")
	Pragma("noescape")
	Doc(name+" runs the ladder on s for the bits 254 down to 3 of k, swaps back",
		"under bit 3, and doubles three times, as mulxLadderGeneric does, with rows 1 and 2",
		"of its products and their fold on "+f.rows()+". It requires BMI2 and ADX.")
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
	step(f)
	DECQ(t)
	CMPQ(t, U8(3))
	JAE(LabelRef("step"))

	Comment("swap back under the last bit, then the three doublings of bits 2..0")
	MOVQ(prev, mask)
	NEGQ(mask)
	swap(slotX2, slotX3, mask)
	swap(slotZ2, slotZ3, mask)
	for range 3 {
		double(f)
	}
	RET()
}
