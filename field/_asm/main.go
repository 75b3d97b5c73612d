// Command _asm writes field/fe_amd64.s and its Go declarations
// field/fe_asm_amd64.go: the amd64 multiply and square of the field seam,
// the exponentiation of Pow22523 as one routine on Intel CPUs (see "The
// fused exponentiation"), and the matrix update of the inversion
// (invert.go).
//
// Regenerate from field/ with `go generate` (see fe_amd64.go), which runs
//
//	go -C _asm run . -out ../fe_amd64.s -stubs ../fe_asm_amd64.go -pkg field
//
// The output depends only on this program, so running it twice gives the
// same bytes; CI regenerates and fails on a diff.
//
// # What the routines compute
//
// An element is five 51-bit limbs, x = x0 + x1*2^51 + x2*2^102 + x3*2^153 +
// x4*2^204, each limb below 2^54 on input (below 3*2^51 for the single MULX
// squaring, see "The scaled single squaring"). A product a*b is formed in
// four steps, the same steps as feMulGeneric and feSquareGeneric in
// fe_generic.go, so that the limbs written are identical to theirs (not only
// congruent mod p):
//
//  1. r_k, k = 0..4: the exact 128-bit column sums of the schoolbook
//     product. Columns 5..8 wrap to 0..3 multiplied by 19, because
//     2^255 = 19 (mod p = 2^255 - 19).
//  2. c_k = r_k >> 51 and m_k = r_k mod 2^51.
//  3. t_0 = m_0 + 19*c_4, t_k = m_k + c_(k-1) for k = 1..4.
//  4. one carry pass computed from the t's all at once: k_i = t_i >> 51,
//     u_i = t_i mod 2^51, out_0 = u_0 + 19*k_4, out_i = u_i + k_(i-1).
//
// How the products in step 1 are formed (which factor carries the 19 or the
// 2) is free, since only the integers r_k matter.
//
// # Bounds that the instruction choices rely on
//
// With every limb below 2^54 the largest scaled factor is 38*2^54 < 2^60 and
// every partial product is below 2^114. A column holds at most five
// products, and its scaled factors sum to at most 1 + 4*19 = 77 (multiply)
// or 1 + 2*38 = 77 (square) times 2^108, so r_k < 77*2^108 < 2^115: a 128-bit
// accumulator never carries out of its high word, c_k < 2^64, and each
// running sum in step 3 and step 4 stays below 2^64 (19*c_4 < 19*5*2^57 <
// 2^64 - 2^51, since column 4 has no wrapped terms and r_4 < 5*2^108).
//
// # Three forms of the multiply, three of the square
//
// The multiply works column by column with the limbs of b in registers (see
// "The column multiply" below), in three forms, as mulPath (fe_amd64.go)
// names. feMulAsm is the entry point; its own code is the scaled form,
// MULX with ADCX and ADOX (BMI2 and ADX; see "The scaled multiply"), then
// the MULQ form, which runs on every amd64 CPU; or it jumps to feMulMULX,
// the MULX form (BMI2; see "The MULX form" below). Go sets mulPath from the
// CPU's features and from its vendor (internal/cpuvendor): the scaled form
// on CPUs with BMI2 and ADX, feMulMULX on Intel CPUs with BMI2 alone.
//
// The squares come in three forms. The MULX routines (BMI2) keep the
// multiplier in DX and write each 128-bit product to any register pair
// without touching the flags; ADCX and ADOX (ADX) add products into a
// column alternately on the two independent carry flags CF and OF. They
// have two carry passes, by SHRX or with the mask in memory (see "Two carry
// passes"). The MULQ routines run on every amd64 CPU. The choice is made in
// Go (squarePath in fe_amd64.go): feSquareAsm reads that variable and runs
// the code of one MULX form or jumps to feSquareMULQ (see squareMULX);
// feSquareNAsm is passed it and jumps to one of three routines (see
// squareSelector). No routine here makes a choice of its own: Go decides.
// All of them load the limbs into registers and work column by column
// (single and repeated, see "Repeated squaring" below).
//
// The choices inside the column routines (IMUL against LEA for 19*x,
// SHR/SHL against SHLD, ADCX/ADOX against ADD/ADC, the column order) were
// measured against their alternatives on an AMD EPYC whose family was not
// recorded, the MULQ multiply on Zen 5, and the MULX form of the multiply,
// the MULX squarings' carry pass by SHRX and the IMUL of their scaled pass
// on an Intel Xeon (Emerald Rapids), and the LEAs for that pass's folded
// factors in the SHRX form on an Intel Xeon of model 167; the carry pass
// with the mask in memory, the last sums of its loop by MOV and ADD, and
// the scaled multiply on an AMD EPYC Zen 4. docs/PERFORMANCE.md has the
// figures and the variants not kept.
package main

import (
	"fmt"
	"slices"

	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// limbMask is 2^51 - 1.
const limbMask = 1<<51 - 1

// squareForm is one of the three forms of the squarings (see "Two carry
// passes"); Go chooses among them with squarePath (fe_amd64.go), whose
// values pathMULQ, pathMULXMem and pathMULXSHRX are 0, 1 and 2.
type squareForm int

const (
	formMULQ squareForm = iota // MULQ, for every amd64 CPU
	formMem                    // MULX, ADCX/ADOX, carry pass with the mask in memory
	formSHRX                   // MULX, ADCX/ADOX, carry pass by SHRX
)

// # Two carry passes
//
// The MULX squarings come in two forms that differ only in step 4, the
// carry pass, and their single squarings compute the same limbs (the loop
// of formSHRX also has the lazy carry, see "The lazy carry", and so may
// differ in its limbs, never in its value). formSHRX shifts each t_i by SHRX
// into a fresh register, with the count 51 and the mask 2^51 - 1 set in two
// registers at every pass; formMem copies t_i, shifts the copy by an
// immediate and ANDs t_i with mask51 in memory, as the MULQ squarings do.
// formSHRX measured faster on an Intel Xeon (Emerald Rapids) and formMem on
// an AMD EPYC Zen 4, where each half of formMem alone (SHRX with the mask
// in memory, or a shift by an immediate with the mask in a register) was
// no faster than formSHRX (docs/PERFORMANCE.md, "The squarings on Intel"
// and "The squarings' carry pass on Zen 4"). Go runs formSHRX on Intel and
// formMem on other CPUs with BMI2 and ADX.

// column is a 128-bit accumulator hi:lo for one r_k.
type column struct {
	lo, hi GPPhysical
	used   bool // false until the first product is written into it
}

func main() {
	ConstraintExpr("!purego")

	squareSelector()
	mulEntry()
	mulMULX()
	squareMULX()
	squareMULQ()
	squareN(formSHRX)
	squareN(formMem)
	squareN(formMULQ)
	pow22523()
	divstepApply()

	Generate()
}

var mulFormula = []string{
	"Step 1, the columns of a*b (a, b limbs < 2^54, so r_k < 2^115):",
	"  r0 = a0*b0 + 19*(a1*b4 + a2*b3 + a3*b2 + a4*b1)",
	"  r1 = a0*b1 + a1*b0 + 19*(a2*b4 + a3*b3 + a4*b2)",
	"  r2 = a0*b2 + a1*b1 + a2*b0 + 19*(a3*b4 + a4*b3)",
	"  r3 = a0*b3 + a1*b2 + a2*b1 + a3*b0 + 19*(a4*b4)",
	"  r4 = a0*b4 + a1*b3 + a2*b2 + a3*b1 + a4*b0",
}

// tailJump jumps to the assembly function name of this package. avo's JMP
// wants a local label, so the instruction is built by hand; it ends the
// function like a RET.
func tailJump(name string) {
	Instruction(&ir.Instruction{
		Opcode:     "JMP",
		Operands:   []Op{Mem{Symbol: Symbol{Name: "·" + name}, Base: StaticBase}},
		IsTerminal: true,
	})
}

// limb returns the memory operand of limb i behind pointer p.
func limb(p GPPhysical, i int) Mem { return Mem{Base: p, Disp: 8 * i} }

// squareMULX: feSquareAsm(out, a), whose MULX code is one scaled pass of
// the repeated squaring (see "The scaled single squaring" below), for limbs
// below 3*2^51: the limbs are loaded into registers once and every product
// takes a register operand (a row-by-row form with memory operands measured
// slower). Both MULX forms (see "Two carry passes" below) follow the entry
// in the same function, and the MULQ path jumps on to feSquareMULQ. It
// reads squarePath from memory rather than taking it as an argument, which
// the caller would store on every call, and it runs its code in place
// rather than jumping to a second routine (docs/PERFORMANCE.md has the
// profile). Reading it on every call lets tests change it.
func squareMULX() {
	TEXT("feSquareAsm", NOSPLIT, "func(out, a *[5]uint64)")
	Pragma("noescape")
	Doc("feSquareAsm sets out = a * a as feSquareGeneric does, in the form that",
		"squarePath names: MULX, ADCX and ADOX (BMI2 and ADX) with the carry pass",
		"by SHRX or with the mask read from memory, or feSquareMULQ. Limbs of a must",
		"be below 3*2^51 (the bound of the MULX forms; feSquareMULQ accepts 2^54).")
	jumpOnPath(Mem{Symbol: Symbol{Name: "·squarePath"}, Base: StaticBase}, "notshrx")
	squareRegs(formSHRX, false)
	Label("notshrx")
	JB(LabelRef("plain"))
	squareRegs(formMem, false)
	Label("plain")
	tailJump("feSquareMULQ")
}

// squareSelector writes feSquareNAsm, which jumps to the repeated squaring
// of the form that its last argument names. The choice itself is made in Go
// (squarePath in fe_amd64.go) and passed in on every call; nothing here
// inspects the CPU. The entry exists so that the Go seam is a single call
// that the compiler inlines into its callers: a Go function that branches
// between assembly calls is too costly to inline, and would add a call to
// every use. The routines have a frame (they use BP), so the dispatch stays
// outside them.
func squareSelector() {
	TEXT("feSquareNAsm", NOSPLIT, "func(out, a *[5]uint64, n int, path uint8)")
	Pragma("noescape")
	Doc("feSquareNAsm sets out = a^(2^n) with feSquareNMULX, feSquareNMULXMem or",
		"feSquareNMULQ, as path names (squarePath in fe_amd64.go). The routines take",
		"the same arguments, so it jumps to them and they return to the caller.")
	path, err := Param("path").Resolve()
	if err != nil {
		panic(err)
	}
	jumpOnPath(path.Addr, "notshrx")
	tailJump("feSquareNMULX")
	Label("notshrx")
	JB(LabelRef("plain"))
	tailJump("feSquareNMULXMem")
	Label("plain")
	tailJump("feSquareNMULQ")
}

// jumpOnPath compares the squaring path in the byte at flag (pathMULQ = 0,
// pathMULXMem = 1, pathMULXSHRX = 2 in fe_amd64.go) with 1 and jumps to
// label unless it is pathMULXSHRX. So the SHRX form falls through a branch
// not taken, one compare and one branch as with the single flag before
// there were two MULX forms, and at label the flags still tell the other two
// apart: below (JB) is pathMULQ, equal is pathMULXMem.
func jumpOnPath(flag Mem, label string) {
	CMPB(flag, U8(1))
	JBE(LabelRef(label))
}

// mulColumns writes the code of a multiply, column by column with the
// limbs of b in registers (see "The column multiply" below), in one of
// three forms, named by the squareForm values (mulPath in fe_amd64.go
// takes the same values as squarePath, though an Intel CPU with ADX runs
// formMem's multiply beside formSHRX's squarings), up to its RET; the
// caller has opened the function.
//
// formMem is the scaled form, chosen on every CPU with BMI2 and ADX: MULX,
// ADCX and ADOX on operands scaled so that each column splits with one
// shift (see "The scaled multiply" below). It is feMulAsm's first code, and
// keeps its copy of 2^8*a in feMulAsm's scratch result.
//
// formSHRX is feMulMULX, the MULX form (BMI2), chosen on Intel CPUs with
// BMI2 but not ADX: MULX writes each product to any two registers, so the
// first product of a column needs no MOVs; SHLD splits a column in one
// instruction; step 4 shifts with SHRX into fresh registers and holds the
// mask in AX (see "The MULX form" below).
//
// formMULQ is the MULQ form, which runs on every amd64 CPU: feMulAsm's
// second code.
//
// Registers: DX and AX are the multiplier and scratch of the products (MULQ
// takes its multiplier in AX and leaves its product in DX:AX; MULX takes it
// in DX), DX is also the scratch of the MULQ form's splits, SI = &a (free
// during the scaled form's products, which read a from the scratch),
// R8..R12 = y0..y4, and a pool of six (BX, CX, DI, R13, R14, R15) for the
// open column and the finished parts. While column 1 is open all six are
// taken (r1, 19*c4, t4, t3, m2), so no form needs a frame or BP.
func mulColumns(form squareForm) {
	scaled := form == formMem
	Comment(mulFormula...)
	if maskConst.Symbol.Name == "" {
		maskConst = ConstData("mask51", U64(limbMask))
	}

	pool := &regPool{free: slices.Clone(mulFree)}
	ap := RSI
	ys := [5]GPPhysical{R8, R9, R10, R11, R12}

	// aLimb is the operand that holds a_i (2^8*a_i in the scaled form).
	aLimb := func(i int) Mem { return limb(ap, i) }
	if scaled {
		scratch := ReturnIndex(0)
		aLimb = func(i int) Mem {
			a, err := scratch.Index(i).Resolve()
			if err != nil {
				panic(err)
			}
			return a.Addr
		}
		Comment("The scratch result holds 2^8*a_i (< 2^62).")
		Load(Param("a"), ap)
		for i := 0; i < 5; i++ {
			MOVQ(limb(ap, i), RAX)
			SHLQ(U8(8), RAX)
			MOVQ(RAX, aLimb(i))
		}
		Comment("y_j = 2^5*b_j (< 2^59)")
	} else {
		Comment("y_j = b_j")
	}
	Load(Param("b"), ap)
	for j, y := range ys {
		MOVQ(limb(ap, j), y)
		if scaled {
			SHLQ(U8(5), y)
		}
	}
	if !scaled {
		Load(Param("a"), ap)
	}

	t := mulBody(form, aLimb, ys, pool, ap)
	outp := pool.get()
	Load(Param("out"), outp)
	for i := range t {
		MOVQ(t[i], limb(outp, i))
	}
	RET()
}

// mulBody emits steps 1 to 4 of a multiply whose a_i are read from aLimb
// (2^8*a_i in the scaled form) and whose b_j are in ys (2^5*b_j in the
// scaled form), and returns the registers that hold the five limbs of the
// product. It takes its registers from pool, gives back each y_j after
// its last read and ap after the products, and leaves the limbs' registers
// and those of step 4's carries taken.
func mulBody(form squareForm, aLimb func(int) Mem, ys [5]GPPhysical, pool *regPool, ap GPPhysical) [5]GPPhysical {
	scaled := form == formMem
	mulx := form != formMULQ
	var c4x19, prevM GPPhysical
	var t [5]GPPhysical
	for k := 4; k >= 0; k-- {
		Commentf("Column %d.", k)
		var c column
		for i := 0; i < 5; i++ {
			j, what := k-i, fmt.Sprintf("a%d*b%d", i, k-i)
			if j < 0 {
				j += 5
				what = fmt.Sprintf("a%d*19*b%d", i, j)
			}
			Commentf("r%d %s %s", k, assign(&c), what)
			first := !c.used
			if k == 0 {
				// This product is the last read of y_j, so its register
				// may take the product (the multiply reads it first).
				pool.put(ys[j])
			}
			if first {
				c.lo, c.hi, c.used = pool.get(), pool.get(), true
			}
			switch {
			case mulx && first:
				MOVQ(aLimb(i), RDX)
				MULXQ(ys[j], c.lo, c.hi)
				if scaled {
					XORL(EAX, EAX) // clears CF and OF for the column's adds
				}
				continue
			case mulx:
				MOVQ(aLimb(i), RDX)
				MULXQ(ys[j], RAX, RDX)
			default:
				MOVQ(aLimb(i), RAX)
				MULQ(ys[j])
				if first {
					MOVQ(RAX, c.lo)
					MOVQ(RDX, c.hi)
					continue
				}
			}
			switch {
			case scaled && i%2 == 1:
				ADCXQ(RAX, c.lo)
				ADCXQ(RDX, c.hi)
			case scaled:
				ADOXQ(RAX, c.lo)
				ADOXQ(RDX, c.hi)
			default:
				ADDQ(RAX, c.lo)
				ADCQ(RDX, c.hi)
			}
		}
		if k > 0 {
			if scaled {
				Commentf("y%d <- 19*2^5*b%d, its only form from here on (< 19*2^59 < 2^64)", k, k)
			} else {
				Commentf("y%d <- 19*b%d, its only form from here on (< 19*2^54 < 2^59)", k, k)
			}
			times19(ys[k])
		}
		switch form {
		case formMem:
			Commentf("hi = c%d = r%d >> 51, lo >> 13 = m%d = r%d mod 2^51", k, k, k, k)
			SHRQ(U8(13), c.lo)
		case formSHRX:
			Commentf("c%d = r%d >> 51, m%d = r%d mod 2^51", k, k, k, k)
			SHLQ(U8(13), c.lo, c.hi) // SHLD: c.hi = c.hi<<13 | c.lo>>51
			ANDQ(maskConst, c.lo)
		default:
			Commentf("c%d = r%d >> 51, m%d = r%d mod 2^51", k, k, k, k)
			splitColumn(&c)
		}
		if k == 4 {
			Comment("keep 19*c4 for t0 (< 19*5*2^57 < 2^64 - 2^51)")
			times19(c.hi)
			c4x19 = c.hi
		} else {
			Commentf("t%d = m%d + c%d", k+1, k+1, k)
			ADDQ(c.hi, prevM)
			pool.put(c.hi)
			t[k+1] = prevM
		}
		prevM = c.lo
	}
	pool.put(ap)
	Comment("t0 = m0 + 19*c4")
	ADDQ(c4x19, prevM)
	pool.put(c4x19)
	t[0] = prevM

	Comment("Step 4: k_i = t_i >> 51, u_i = t_i mod 2^51, all from the t's;",
		"out0 = u0 + 19*k4, out_i = u_i + k_(i-1).")
	var count, mask GPPhysical // none: the split of the MULQ and scaled forms
	if form == formSHRX {
		count, mask = RDX, RAX
		MOVQ(U32(51), count)
		MOVQ(U64(limbMask), mask)
	}
	k := carrySplit(pool, t, count, mask)
	times19(k[4])
	ADDQ(k[4], t[0])
	for i := 1; i < 5; i++ {
		ADDQ(k[i-1], t[i])
	}
	return t
}

// mulEntry writes feMulAsm, the multiply's entry point, which dispatches
// on mulPath (fe_amd64.go; 0, 1 and 2 as for squarePath). Intel CPUs (2)
// take one compare and one branch to the jump to feMulMULX; other CPUs with
// BMI2 and ADX (1) fall through two branches not taken into the scaled
// form; the rest (0) branch to the MULQ form. The byte is read on every
// call, so that tests can change it.
//
// The scaled form needs 40 bytes of memory for its copy of 2^8*a. They are
// a result, scratch, which the Go caller ignores, rather than a frame: a
// routine with a frame cannot end in a jump to another routine, and as a
// routine of its own the scaled form cost a jump at every call, about 2-4%
// of the chained multiply on Zen 4 (docs/PERFORMANCE.md). The other forms
// leave scratch unwritten.
func mulEntry() {
	TEXT("feMulAsm", NOSPLIT, "func(out, a, b *[5]uint64) (scratch [5]uint64)")
	Pragma("noescape")
	Doc("feMulAsm sets out = a * b as feMulGeneric does, in the form that mulPath",
		"names: the scaled MULX, ADCX and ADOX form (BMI2 and ADX), feMulMULX, or the",
		"MULQ form, which runs on every amd64 CPU. Limbs of a and b must be below 2^54.",
		"scratch is the scaled form's working memory, of no use to the caller.")
	CMPB(Mem{Symbol: Symbol{Name: "·mulPath"}, Base: StaticBase}, U8(1))
	JA(LabelRef("mulx"))
	JB(LabelRef("plain"))
	mulColumns(formMem)
	Label("plain")
	mulColumns(formMULQ)
	Label("mulx")
	tailJump("feMulMULX")
}

// mulMULX writes feMulMULX, the MULX form that Intel CPUs without ADX run.
func mulMULX() {
	TEXT("feMulMULX", NOSPLIT, "func(out, a, b *[5]uint64)")
	Pragma("noescape")
	Doc("feMulMULX sets out = a * b as feMulGeneric does, using MULX (BMI2).",
		"Limbs of a and b must be below 2^54.")
	mulColumns(formSHRX)
}

// splitColumn performs step 2 on c: c.hi becomes c_k = r_k >> 51 and c.lo
// becomes m_k = r_k mod 2^51, with DX (free between columns) as scratch.
// (The squares' squarer.split emits the same five instructions.)
func splitColumn(c *column) {
	MOVQ(c.lo, RDX)
	SHRQ(U8(51), RDX)
	SHLQ(U8(13), c.hi)
	ORQ(RDX, c.hi)
	ANDQ(maskConst, c.lo)
}

// # The column multiply
//
// feMulAsm's MULQ code and feMulMULX form the column sums of feMulGeneric
//
//	r4 = a0*b4 + a1*b3 + a2*b2 + a3*b1 + a4*b0
//	r3 = a0*b3 + a1*b2 + a2*b1 + a3*b0 + a4*(19*b4)
//	r2 = a0*b2 + a1*b1 + a2*b0 + a3*(19*b4) + a4*(19*b3)
//	r1 = a0*b1 + a1*b0 + a2*(19*b4) + a3*(19*b3) + a4*(19*b2)
//	r0 = a0*b0 + a1*(19*b4) + a2*(19*b3) + a3*(19*b2) + a4*(19*b1)
//
// column by column in the order 4, 3, 2, 1, 0, with one accumulator open at
// a time, as the squares do. The limbs of b live in five registers y0..y4.
// Read down the columns: b_j appears as itself in columns j..4 and as 19*b_j
// in columns 0..j-1, so in this order each register changes form once,
// y_j <- 19*y_j right after column j (four IMULs in all; 19*b_j < 19*2^54 <
// 2^59). The limbs of a are read from memory into the multiplier register
// (AX for MULQ, DX for MULX) for each product. b is read completely before
// anything is written, and out is written only at the end, so out may alias
// a or b.
//
// Each column is split as soon as it is complete (step 2) and folded into
// the column above it (step 3), so only 19*c4 and the sums t_k of finished
// columns stay live. In column 0, the last, each y_j is read for the last
// time and its register is given back right after its product.

// # The MULX form
//
// feMulMULX makes the same products in the same order with fewer
// instructions, which on Intel is what counts (docs/PERFORMANCE.md, "The
// multiply on Intel"):
//
//   - MULX writes each product to any two registers, so the first product of
//     a column goes straight into the accumulator, without MULQ's two MOVs
//     out of DX:AX; the others go to AX and DX (overwriting the multiplier,
//     which the next product reloads) and are added with ADD and ADC.
//   - A column is split by one SHLD, c_k = hi:lo >> 51 into the high word,
//     and one AND with the mask, where the MULQ form needs a copy, two
//     shifts and an OR (SHLD measured slower on Zen 5, which keeps the MULQ
//     form).
//   - Step 4 shifts with SHRX by DX = 51 into a fresh register, which saves
//     the copy before each shift, and ANDs with the mask held in AX, both
//     free once the products are done.
//
// The limbs, the accumulators and the order are those of the MULQ form, so
// the two compute the same integers at every step.

// # The scaled multiply
//
// The scaled form (feMulAsm's first code) makes the same products in the
// same order on scaled operands, A_i = 2^8*a_i < 2^62 (kept in the scratch
// result, read once per product into DX) and Y_j = 2^5*b_j < 2^59, or
// 19*2^5*b_j < 19*2^59 < 2^64 once folded. Each column is then
// R_k = 2^13*r_k < 2^13 * 77*2^108 < 2^128 (see "Bounds"), so its high
// word is c_k = r_k >> 51 and its low word shifted
// right by 13 is m_k = r_k mod 2^51: one SHR splits a column, where the MULQ
// form spends a copy, two shifts, an OR and an AND. That costs ten
// instructions for the scaling; the adds take CF and OF in turn (ADCX for
// the second and fourth products of a column, ADOX for the third and fifth,
// after an XOR that clears both), and step 4 is the MULQ form's. The
// integers r_k, and so the limbs written, are those of the other forms.
//
// Against the MULQ form, in a chain of x = x*y on an AMD EPYC Zen 4, it
// took about 0.88 of the time in the VM's quiet state; the same products
// with ADD and ADC, or without the scaling, gained less or nothing
// (docs/PERFORMANCE.md, "The multiply on Zen 4: scaled, with ADCX and
// ADOX").

// squareMULQ: feSquareMULQ(out, a), for CPUs without BMI2/ADX: one
// firstPass with MULQ, for limbs below 2^54 (squareMULX's single squaring
// is a scaledPass instead).
func squareMULQ() {
	TEXT("feSquareMULQ", NOSPLIT, "func(out, a *[5]uint64)")
	Pragma("noescape")
	Doc("feSquareMULQ sets out = a * a as feSquareGeneric does, using only MULQ.",
		"Limbs of a must be below 2^54.")
	squareRegs(formMULQ, false)
}

// assign is the operator a formula comment uses for the next product of c.
func assign(c *column) string {
	if c.used {
		return "+="
	}
	return "="
}

// # Repeated squaring
//
// feSquareMULQ is one pass of the body written by firstPass, and each of
// feSquareAsm's two MULX codes one scaledPass (see "The scaled single
// squaring"); feSquareNMULX, feSquareNMULXMem and feSquareNMULQ run
// firstPass once and then repeat scaledPass (see "Scaled repeated
// squaring" below) n - 1 times, keeping the five limbs in registers from
// one squaring to the next. Every pass computes exactly the limbs of
// feSquareGeneric, with the same column sums
//
//	r4 = 2*a0*a4 + 2*a1*a3 + a2*a2
//	r3 = 2*a0*a3 + 2*a1*a2 + 19*a4*a4
//	r2 = 2*a0*a2 + a1*a1   + 38*a3*a4
//	r1 = 2*a0*a1 + 38*a2*a4 + 19*a3*a3
//	r0 = a0*a0   + 38*a1*a4 + 38*a2*a3
//
// formed column by column in the order 4, 3, 2, 1, 0, so that at most one
// column accumulator is open at a time: the limbs, the loop count, one open
// column, the finished parts (19*c4, and t_k or m_k of the finished columns)
// and two product registers fit the fifteen usable registers (BP included,
// which the assembler saves because the loop routines have a frame; the
// single pass has no count and uses R13 instead).
//
// In firstPass (limbs below 2^54) the scaled multipliers are made in the
// multiplier register just before their products; 19*a4 (for r3) and 19*a3
// (for r1) are doubled into the registers of a4 and a3 once those limbs are
// only needed as 38*a4 and 38*a3, so r2, r1 and r0 need no further scaling.
// a0 is held doubled, since 2*a0 is the multiplier of four products and a0
// of one (a0 = (2*a0) >> 1 for r0; 2*a0 < 2^55).
//
// Each column is split as soon as it is complete (step 2) and folded into
// its neighbour (step 3): t4 = m4 + c3, t3 = m3 + c2, t2 = m2 + c1,
// t1 = m1 + c0 and t0 = m0 + 19*c4. The carry pass (step 4) then runs on
// t0..t4 and its outputs are the next pass's limbs. The mask 2^51 - 1 is a
// read-only constant in memory (mask51), as no register is free to hold it
// throughout; an AND with a memory operand is one instruction.
//
// The choices here (ADCX/ADOX alternating on one column, LEAs or IMUL for
// 19*x per path, the scaled loop pass) are the ones that measured faster
// on an AMD EPYC whose family was not recorded, except the scaled pass's
// IMUL on the MULX path, measured on Intel (and, for the single squaring
// only, on Zen 5); docs/PERFORMANCE.md has the figures and the variants not
// kept.

// regPool hands out general-purpose registers in a fixed order, so the
// generated text depends only on the program.
type regPool struct{ free []GPPhysical }

func (p *regPool) get() GPPhysical {
	if len(p.free) == 0 {
		panic("out of registers")
	}
	r := p.free[0]
	p.free = p.free[1:]
	return r
}

func (p *regPool) put(r GPPhysical) { p.free = append(p.free, r) }

// squarer emits the products of one squaring pass, with MULX (multiplier in
// DX, product written to any two registers) or MULQ (multiplier in AX,
// product in DX:AX).
type squarer struct {
	mulx    bool
	shrx    bool // the MULX carry pass by SHRX (formSHRX; see carrySplit)
	nth     int  // products already added into the open column (MULX)
	pool    *regPool
	mul     GPPhysical // DX for MULX, AX for MULQ
	pending func()     // the multiplier set-up of the next product
	lazy    *lazyCarry // if set, scaledPass closes its columns with it
}

// setMul arranges for the next product to put scale*x into the multiplier
// register (scale 1, 2 or 19) right after its formula comment; the scaled
// value is below 19*2^54 < 2^59.
func (s *squarer) setMul(x GPPhysical, scale int) {
	s.pending = func() {
		switch scale {
		case 1:
			MOVQ(x, s.mul)
		case 2:
			LEAQ(Mem{Base: x, Index: x, Scale: 1}, s.mul)
		case 19:
			if s.mulx { // 9x, then 19x = x + 2*9x: no IMUL (see above)
				LEAQ(Mem{Base: x, Index: x, Scale: 8}, s.mul)
				LEAQ(Mem{Base: x, Index: s.mul, Scale: 2}, s.mul)
				return
			}
			IMUL3Q(U8(19), x, s.mul)
		default:
			panic("unsupported scale")
		}
	}
}

// product adds (multiplier register) * other into column c (that is r_k),
// or writes it there if c is empty; what is the product for the comment
// (none if empty). ADD/ADC never carries out of c.hi, since r_k < 2^115.
func (s *squarer) product(c *column, k int, other GPPhysical, what string) {
	if what != "" {
		Commentf("r%d %s %s", k, assign(c), what)
	}
	if s.pending != nil {
		s.pending()
		s.pending = nil
	}
	if s.mulx {
		if !c.used {
			c.lo, c.hi, c.used = s.pool.get(), s.pool.get(), true
			MULXQ(other, c.lo, c.hi)
			s.nth = 0
			return
		}
		// The second and third products of a column are added on CF
		// (ADCX) and OF (ADOX) in turn; the XOR before the second clears
		// both, since the split and fold between columns change the
		// flags. The high-word add leaves its flag at 0 (r_k < 2^128).
		lo, hi := s.pool.get(), s.pool.get()
		if s.nth == 0 {
			XORL(lo.As32(), lo.As32()) // CF = OF = 0
		}
		MULXQ(other, lo, hi)
		if s.nth%2 == 0 {
			ADCXQ(lo, c.lo)
			ADCXQ(hi, c.hi)
		} else {
			ADOXQ(lo, c.lo)
			ADOXQ(hi, c.hi)
		}
		s.nth++
		s.pool.put(lo)
		s.pool.put(hi)
		return
	}
	MULQ(other)
	if !c.used {
		c.lo, c.hi, c.used = s.pool.get(), s.pool.get(), true
		MOVQ(RAX, c.lo)
		MOVQ(RDX, c.hi)
		return
	}
	ADDQ(RAX, c.lo)
	ADCQ(RDX, c.hi)
}

// productDoubling is product for a multiplier 19*x whose other factor is x
// itself (the register of x): afterwards that register holds 38*x, the only
// form of x still needed. MULQ overwrites the multiplier, so there the
// doubled value is made first, in a fresh register.
func (s *squarer) productDoubling(c *column, k int, x *GPPhysical, what string) {
	if s.mulx {
		s.product(c, k, *x, what)
		LEAQ(Mem{Base: s.mul, Index: s.mul, Scale: 1}, *x)
		return
	}
	Commentf("r%d %s %s", k, assign(c), what)
	s.pending()
	s.pending = nil
	y := s.pool.get()
	LEAQ(Mem{Base: s.mul, Index: s.mul, Scale: 1}, y)
	s.product(c, k, *x, "")
	s.pool.put(*x)
	*x = y
}

// maskConst is the constant 2^51 - 1 in read-only memory, declared by
// whichever of mulMULQ and squareRegs runs first (see "Repeated squaring"
// for why it is not kept in a register).
var maskConst Mem

// split performs step 2 on c: c.hi becomes c_k = r_k >> 51 and c.lo becomes
// m_k = r_k mod 2^51. DX is free between columns on both paths and serves as
// scratch.
func (s *squarer) split(c *column) {
	MOVQ(c.lo, RDX)
	SHRQ(U8(51), RDX)
	SHLQ(U8(13), c.hi)
	ORQ(RDX, c.hi)
	ANDQ(maskConst, c.lo)
}

// times19 sets x = 19*x (below 2^64 wherever it is used: see the bounds in
// the package comment).
func times19(x GPPhysical) { IMUL3Q(U8(19), x, x) }

// squareN: feSquareNMULX, feSquareNMULXMem or feSquareNMULQ(out, a, n).
func squareN(form squareForm) {
	name, how := "feSquareNMULQ", "using only MULQ"
	switch form {
	case formSHRX:
		name, how = "feSquareNMULX", "using MULX, with the carry pass by SHRX"
	case formMem:
		name, how = "feSquareNMULXMem", "using MULX, with the carry pass's mask read from memory"
	}
	TEXT(name, NOSPLIT, "func(out, a *[5]uint64, n int)")
	Pragma("noescape")
	req := ""
	if form != formMULQ {
		req = "It requires BMI2 and ADX. "
	}
	twin := "as feSquareNGeneric does"
	if form == formSHRX {
		twin = "as feSquareNLazyGeneric does (the lazy carry)"
	}
	Doc(name+" sets out = a^(2^n) by n squarings "+twin+", "+how+".",
		req+"Limbs of a must be below 2^54; n < 1 counts as 1.")
	squareRegs(form, true)
}

// squareRegs writes the body of a routine that squares a into out with the
// limbs in registers: n times (see squareN) if loop, else once. The first
// squaring is firstPass, which accepts limbs below 2^54, except in the
// single MULX squaring, which is one scaledPass for limbs below 3*2^51; the
// loop repeats scaledPass (see "Scaled repeated squaring" below), which
// needs the tighter bound that every squaring's output has. The loop of
// formSHRX closes its passes with the lazy carry and ends with one carry
// pass (see "The lazy carry").
func squareRegs(form squareForm, loop bool) {
	mulx := form != formMULQ
	lazy := loop && form == formSHRX // see "The lazy carry"
	var frame Mem
	switch {
	case lazy:
		// The count of passes and d >> 51; R13 holds 51.
		frame = AllocLocal(16)
	case loop:
		AllocLocal(8) // a frame, so that the assembler saves and restores BP
	}
	if maskConst.Symbol.Name == "" {
		maskConst = ConstData("mask51", U64(limbMask))
	}

	limbs := [5]GPPhysical{R8, R9, R10, R11, R12}
	count := R13
	s := &squarer{mulx: mulx, shrx: form == formSHRX, mul: RDX}
	free := loopFree
	if !loop {
		// Without a count, R13 takes the place of BP and no frame is needed.
		free = []GPPhysical{RAX, RBX, RCX, RSI, RDI, R13, R14, R15}
	}
	if !mulx {
		s.mul = RAX
		free = free[1:]
	}
	s.pool = &regPool{free: slices.Clone(free)}

	Load(Param("a"), RSI)
	for i, x := range limbs {
		MOVQ(limb(RSI, i), x)
	}
	if mulx && !loop {
		// The single MULX squaring, whose limbs are below 3*2^51: one
		// scaled pass (see "Scaled repeated squaring").
		Comment("h_i = 2^7 * x_i: the form scaledPass works on.")
		for _, x := range limbs {
			SHLQ(U8(7), x)
		}
		scaledPass(s, limbs, false)
	} else {
		firstPass(s, limbs)
	}
	if loop {
		Comment("count = n - 1 squarings remain; none if n <= 1.")
		Load(Param("n"), count)
		DECQ(count)
		JLE(LabelRef("store"))
		Comment("h_i = 2^7 * x_i: the form scaledPass works on.")
		for _, x := range limbs {
			SHLQ(U8(7), x)
		}
		if lazy {
			Comment("The count goes to the frame; R13 holds 51 for the lazy carry.")
			lazyLoop(s, limbs, free, count, frame.Offset(0), frame.Offset(8))
		} else {
			passLoop(s, limbs, free, count)
			Comment("x_i = h_i >> 7")
			for _, x := range limbs {
				SHRQ(U8(7), x)
			}
		}
		Label("store")
	}
	Load(Param("out"), RSI)
	for i, x := range limbs {
		MOVQ(x, limb(RSI, i))
	}
	RET()
}

// loopFree are the registers a squaring pass takes from in a loop (R8..R12
// hold the limbs, R13 the count, DX the multiplier), and mulFree those that
// mulBody's columns take from (R8..R12 hold y, SI the operand a, AX and DX
// the products).
var (
	loopFree = []GPPhysical{RAX, RBX, RCX, RSI, RDI, RBP, R14, R15}
	mulFree  = []GPPhysical{RBX, RCX, RDI, R13, R14, R15}
)

// storeTimes256 writes 2^8*x to dst through tmp, leaving x as it is.
func storeTimes256(x, tmp GPPhysical, dst Mem) {
	MOVQ(x, tmp)
	SHLQ(U8(8), tmp)
	MOVQ(tmp, dst)
}

// passLoop emits the loop of scaledPass at the label again, run count
// times (count >= 1 on entry; a register, or a frame word with the lazy
// carry), each pass with a fresh pool of the free registers.
func passLoop(s *squarer, limbs [5]GPPhysical, free []GPPhysical, count Op) {
	Label("again")
	s.pool = &regPool{free: slices.Clone(free)}
	scaledPass(s, limbs, true)
	DECQ(count)
	JGT(LabelRef("again"))
}

// lazyLoop emits the loop of scaledPass with the lazy carry (see "The lazy
// carry"), run count times (count >= 1 on entry, in the register count,
// which then holds 51: the loop counts in the frame word countSlot, and
// dhSlot is the lazy carry's frame word), then x_i = h_i >> 7 and the carry
// pass that brings the limbs under the Element invariant. It leaves the x_i
// in the limb registers.
func lazyLoop(s *squarer, limbs [5]GPPhysical, free []GPPhysical, count GPPhysical, countSlot, dhSlot Mem) {
	MOVQ(count, countSlot)
	MOVL(U32(51), count.As32())
	s.lazy = &lazyCarry{s: s, cnt: count, dh: dhSlot}
	passLoop(s, limbs, free, countSlot)
	s.lazy = nil
	Comment("x_i = h_i >> 7")
	for _, x := range limbs {
		SHRQ(U8(7), x)
	}
	lazyNormalize(&regPool{free: slices.Clone(free)}, limbs, count)
}

// lazyNormalize emits the carry pass (step 4) on the limbs x_i that the
// lazy carry leaves (below 2^52 + 2^11), which brings them under the
// Element invariant; cnt holds 51.
func lazyNormalize(pool *regPool, x [5]GPPhysical, cnt GPPhysical) {
	Comment("Step 4 after the lazy carry: k_i = x_i >> 51, u_i = x_i mod 2^51;",
		"x0 = u0 + 19*k4, x_i = u_i + k_(i-1).")
	mask := pool.get()
	MOVQ(U64(limbMask), mask)
	k := carrySplit(pool, x, cnt, mask)
	pool.put(mask)
	times19(k[4])
	finalSums(pool, x, x, k, false)
}

// firstPass emits one squaring of the limbs in registers (each below 2^54)
// with the unscaled column sums r_k, and leaves the result limbs in the same
// registers.
func firstPass(s *squarer, limbs [5]GPPhysical) {
	pool := s.pool
	// mul19 sets x = 19*x: IMUL on the MULQ path, two LEAs and a scratch
	// register on the MULX path (see "Repeated squaring").
	mul19 := func(x GPPhysical) {
		if !s.mulx {
			times19(x)
			return
		}
		tmp := pool.get()
		LEAQ(Mem{Base: x, Index: x, Scale: 8}, tmp)
		LEAQ(Mem{Base: x, Index: tmp, Scale: 2}, x)
		pool.put(tmp)
	}
	Comment("x0 is held doubled: 2*x0 is the multiplier of four products, x0 of one.")
	LEAQ(Mem{Base: limbs[0], Index: limbs[0], Scale: 1}, limbs[0])
	x := limbs
	Comment("One squaring of x0..x4 (the limbs held in R8..R12).")

	Comment("r4 = 2*x0*x4 + 2*x1*x3 + x2*x2")
	var r4 column
	s.setMul(x[0], 1) // 2*x0, held doubled
	s.product(&r4, 4, x[4], "2*x0*x4")
	s.setMul(x[1], 2)
	s.product(&r4, 4, x[3], "2*x1*x3")
	s.setMul(x[2], 1)
	s.product(&r4, 4, x[2], "x2*x2")
	Comment("c4 = r4 >> 51, m4 = r4 mod 2^51; keep 19*c4 for t0.")
	s.split(&r4)
	mul19(r4.hi)
	c4x19, m4 := r4.hi, r4.lo

	Comment("r3 = 2*x0*x3 + 2*x1*x2 + 19*x4*x4; then x4 <- 38*x4")
	var r3 column
	s.setMul(x[0], 1) // 2*x0, held doubled
	s.product(&r3, 3, x[3], "2*x0*x3")
	s.setMul(x[1], 2)
	s.product(&r3, 3, x[2], "2*x1*x2")
	s.setMul(x[4], 19)
	s.productDoubling(&r3, 3, &x[4], "19*x4*x4")
	Comment("c3, m3; t4 = m4 + c3")
	s.split(&r3)
	ADDQ(r3.hi, m4)
	pool.put(r3.hi)
	t4, m3 := m4, r3.lo

	Comment("r2 = 2*x0*x2 + x1*x1 + x3*(38*x4)")
	var r2 column
	s.setMul(x[0], 1) // 2*x0, held doubled
	s.product(&r2, 2, x[2], "2*x0*x2")
	s.setMul(x[1], 1)
	s.product(&r2, 2, x[1], "x1*x1")
	s.setMul(x[3], 1)
	s.product(&r2, 2, x[4], "x3*38*x4")
	Comment("c2, m2; t3 = m3 + c2")
	s.split(&r2)
	ADDQ(r2.hi, m3)
	pool.put(r2.hi)
	t3, m2 := m3, r2.lo

	Comment("r1 = 2*x0*x1 + x2*(38*x4) + 19*x3*x3; then x3 <- 38*x3")
	var r1 column
	s.setMul(x[0], 1) // 2*x0, held doubled
	s.product(&r1, 1, x[1], "2*x0*x1")
	s.setMul(x[2], 1)
	s.product(&r1, 1, x[4], "x2*38*x4")
	s.setMul(x[3], 19)
	s.productDoubling(&r1, 1, &x[3], "19*x3*x3")
	Comment("c1, m1; t2 = m2 + c1")
	s.split(&r1)
	ADDQ(r1.hi, m2)
	pool.put(r1.hi)
	t2, m1 := m2, r1.lo

	Comment("r0 = x0*x0 + x1*(38*x4) + x2*(38*x3)")
	var r0 column
	s.pending = func() {
		MOVQ(x[0], s.mul)
		SHRQ(U8(1), s.mul) // x0 from 2*x0
	}
	pool.put(x[0])
	s.product(&r0, 0, s.mul, "x0*x0")
	s.setMul(x[1], 1)
	pool.put(x[1])
	s.product(&r0, 0, x[4], "x1*38*x4")
	pool.put(x[4])
	s.setMul(x[2], 1)
	pool.put(x[2])
	s.product(&r0, 0, x[3], "x2*38*x3")
	pool.put(x[3])
	Comment("c0, m0; t1 = m1 + c0, t0 = m0 + 19*c4")
	s.split(&r0)
	ADDQ(r0.hi, m1)
	pool.put(r0.hi)
	t1, t0 := m1, r0.lo
	ADDQ(c4x19, t0)
	pool.put(c4x19)

	Comment("Step 4: k_i = t_i >> 51, u_i = t_i mod 2^51;",
		"x0 = u0 + 19*k4, x_i = u_i + k_(i-1).")
	t := [5]GPPhysical{t0, t1, t2, t3, t4}
	k := s.carrySplit(t)
	mul19(k[4])
	Comment("The sums are written straight to R8..R12.")
	finalSums(pool, limbs, t, k, false)
}

// carrySplit emits k_i = t_i >> 51 (into fresh registers, returned) and
// u_i = t_i mod 2^51 (in place) for the carry pass (step 4) of the
// multiplies and the squares.
//
// With count and mask (registers holding 51 and 2^51 - 1; BMI2) the shift
// is SHRX, which writes k_i without a copy of t_i first, and the AND reads
// the mask from a register: ten instructions against fifteen, with a load
// of mask51 in each AND, for the MULQ form (count and mask nil). The MULX
// routines use it; it measured faster on an Intel Xeon (Emerald Rapids)
// (docs/PERFORMANCE.md, "The multiply on Intel", "The squarings on Intel").
func carrySplit(pool *regPool, t [5]GPPhysical, count, mask GPPhysical) [5]GPPhysical {
	var k [5]GPPhysical
	for i := range t {
		k[i] = pool.get()
		if count != nil {
			SHRXQ(count, t[i], k[i])
			ANDQ(mask, t[i])
			continue
		}
		MOVQ(t[i], k[i])
		SHRQ(U8(51), k[i])
		ANDQ(maskConst, t[i])
	}
	return k
}

// carrySplit is the squares' step 4 split. In formSHRX the count and the
// mask take two registers of the pool, free at this point of every pass
// (all columns are closed); formMem and formMULQ copy, shift by an
// immediate and AND with mask51 in memory (see "Two carry passes").
func (s *squarer) carrySplit(t [5]GPPhysical) [5]GPPhysical {
	if !s.shrx {
		return carrySplit(s.pool, t, nil, nil)
	}
	count, mask := s.pool.get(), s.pool.get()
	MOVL(U32(51), count.As32())
	MOVQ(U64(limbMask), mask)
	k := carrySplit(s.pool, t, count, mask)
	s.pool.put(count)
	s.pool.put(mask)
	return k
}

// finalSums writes x_0 = u_0 + k[4] (k[4] already multiplied by 19) and
// x_i = u_i + k_(i-1) into the limb registers, the u_i being in t, each as
// one LEA, or as a MOV of u_i and an ADD if movAdd (see emitSums).
func finalSums(pool *regPool, limbs, t, k [5]GPPhysical, movAdd bool) {
	sums := []sum{{t[0], k[4], 1, limbs[0]}}
	for i := 1; i < 5; i++ {
		sums = append(sums, sum{t[i], k[i-1], 1, limbs[i]})
	}
	spares := []GPPhysical{RDX}
	for _, r := range pool.free {
		if !slices.Contains(limbs[:], r) {
			spares = append(spares, r)
		}
	}
	emitSums(sums, spares, movAdd)
}

// # Scaled repeated squaring
//
// After the first squaring every limb is below 2^51 + 2^15 (the Element
// invariant as feMulGeneric proves it). The loop keeps the limbs as
// h_i = 2^7 * x_i (< 2^58 + 2^22) and forms the products so that each column
// comes out multiplied by 2^13:
//
//	R_k = 2^13 * r_k = hi_k * 2^64 + lo_k
//
// Since r_k < 2^115, R_k < 2^128 still fits the two words, and the split of
// step 2 needs no shifting across words: c_k = r_k >> 51 = R_k >> 64 = hi_k,
// and m_k = r_k mod 2^51 = lo_k >> 13 (the low 13 bits of lo_k are zero).
// That is one SHR per column instead of MOV, SHR, SHL, OR and AND.
//
// The factors, with 19*h_i < 19 * (2^58 + 2^22) < 2^63 for the folded ones
// (made in place, h_4 <- 19*h_4 once h_4 itself is no longer needed, and
// likewise h_3):
//
//	2^13 * 2*x_i*x_j   = h_i * h_j
//	2^13 * x_i*x_i     = (h_i >> 1) * h_i
//	2^13 * 38*x_i*x_j  = h_i * (19*h_j)
//	2^13 * 19*x_i*x_i  = (h_i >> 1) * (19*h_i)
//
// (h_i >> 1 is exact, h_i being a multiple of 2^7.) So a doubled product
// needs only a MOV into the multiplier register, and the square terms one
// shift (RORX with MULX, SHR with MULQ). Steps 3 and 4 are those of the
// first pass; the limbs of the next pass are then h_i = (u_i + k_(i-1)) << 7.
//
// The order of the products in columns 3, 2 and 1 depends on the form. The
// columns close in the order 4, 3, 2, 1, 0, and the last one, r_0, feeds
// three output limbs: x_0 = u_0 + 19*k_4 and x_1 = u_1 + k_0 through t_0 and
// t_1, and x_2 = u_2 + k_1 through t_1. x_3 and x_4 are ready a column or
// two earlier. Three products read only those two limbs: (h4>>1)*(19*h4)
// in r3, h3*(19*h4) in r2 and (h3>>1)*(19*h3) in r1. The SHRX form (Intel)
// adds each of them first in its column, so that in a chain of squarings
// the next pass can start them while the previous one is still finishing
// r_0; the other forms add them last, the order in which the MULX pass ran
// 5-6% faster on an AMD EPYC Zen 4. On an Intel Xeon (model 167) the
// early order took 0.96 of the time of a chained single squaring and was
// level in the repeated squaring (docs/PERFORMANCE.md, "The squarings'
// product order on Intel").

// # The scaled single squaring
//
// The same pass also serves the single MULX squaring (feSquareAsm), whose
// seam bound is tighter than the multiply's: limbs below 3*2^51, which
// covers the Element invariant and the one lazy sum the point formulas
// square (X+Y < 2^52 + 2^19, in the doubling). With x_i < 3*2^51:
//
//   - 19*h_i < 19 * 2^7 * 3*2^51 = 57 * 2^58 < 2^64, so the folded factors
//     still fit a word (the bound needs 57 < 64; 2^54 would not fit);
//   - r_k < 77 * (3*2^51)^2 = 693 * 2^102 < 2^112, so R_k = 2^13 * r_k <
//     2^125;
//   - c_4 = r_4 >> 51 < 5 * 9 * 2^102 / 2^51 < 2^57, and 19*c_4 < 2^62, so
//     the sums of step 3 stay below 2^64.
//
// The pass then ends without the final h_i = x_i << 7. Against firstPass
// (which accepts 2^54) the routine is 111 instructions instead of 128: the
// 5 SHL on entry against four instructions saved in each column's split
// and fewer multiplier set-ups (a doubled product is a plain MOV), and it
// is the faster of the two (docs/PERFORMANCE.md).

// scaledPass emits one squaring of h_0..h_4 (see "Scaled repeated
// squaring") and leaves the next h_i in the same registers, or the output
// limbs x_i themselves if rescale is false.
func scaledPass(s *squarer, h [5]GPPhysical, rescale bool) {
	pool := s.pool
	mul19 := s.hTimes19
	var closer columnCloser = &exactCarry{s: s}
	if s.lazy != nil {
		closer = s.lazy
	}
	Comment("One squaring of h_i = 2^7*x_i (R8..R12); each column R_k = 2^13*r_k.")
	// half puts h >> 1 in the multiplier register.
	half := func(x GPPhysical) func() {
		return func() {
			if s.mulx {
				RORXQ(U8(1), x, s.mul)
				return
			}
			MOVQ(x, s.mul)
			SHRQ(U8(1), s.mul)
		}
	}
	// products emits a column's three products, given with the one that
	// reads only h3 and h4 last; the SHRX form emits that one first (see
	// "Scaled repeated squaring").
	products := func(emit ...func()) {
		if s.shrx {
			emit = append(emit[2:], emit[:2]...)
		}
		for _, e := range emit {
			e()
		}
	}

	Comment("R4 = h0*h4 + h1*h3 + (h2>>1)*h2")
	var r4 column
	s.setMul(h[0], 1)
	s.product(&r4, 4, h[4], "h0*h4")
	s.setMul(h[1], 1)
	s.product(&r4, 4, h[3], "h1*h3")
	s.pending = half(h[2])
	s.product(&r4, 4, h[2], "(h2>>1)*h2")
	closer.closed(4, r4)

	Comment("R3 = h0*h3 + h1*h2 + (h4>>1)*(19*h4); h4 <- 19*h4 on the way")
	var r3 column
	products(
		func() {
			s.setMul(h[0], 1)
			s.product(&r3, 3, h[3], "h0*h3")
		},
		func() {
			s.setMul(h[1], 1)
			s.product(&r3, 3, h[2], "h1*h2")
		},
		func() {
			s.pending = func() {
				half(h[4])()
				mul19(h[4])
			}
			s.product(&r3, 3, h[4], "(h4>>1)*(19*h4)")
		})
	closer.closed(3, r3)

	Comment("R2 = h0*h2 + (h1>>1)*h1 + h3*(19*h4)")
	var r2 column
	products(
		func() {
			s.setMul(h[0], 1)
			s.product(&r2, 2, h[2], "h0*h2")
		},
		func() {
			s.pending = half(h[1])
			s.product(&r2, 2, h[1], "(h1>>1)*h1")
		},
		func() {
			s.setMul(h[3], 1)
			s.product(&r2, 2, h[4], "h3*(19*h4)")
		})
	closer.closed(2, r2)

	Comment("R1 = h0*h1 + h2*(19*h4) + (h3>>1)*(19*h3); h3 <- 19*h3 on the way")
	var r1 column
	products(
		func() {
			s.setMul(h[0], 1)
			s.product(&r1, 1, h[1], "h0*h1")
		},
		func() {
			s.setMul(h[2], 1)
			s.product(&r1, 1, h[4], "h2*(19*h4)")
		},
		func() {
			s.pending = func() {
				half(h[3])()
				mul19(h[3])
			}
			s.product(&r1, 1, h[3], "(h3>>1)*(19*h3)")
		})
	closer.closed(1, r1)

	Comment("R0 = (h0>>1)*h0 + h1*(19*h4) + h2*(19*h3)")
	var r0 column
	s.pending = half(h[0])
	pool.put(h[0])
	s.product(&r0, 0, h[0], "(h0>>1)*h0")
	s.setMul(h[1], 1)
	pool.put(h[1])
	s.product(&r0, 0, h[4], "h1*(19*h4)")
	pool.put(h[4])
	s.setMul(h[2], 1)
	pool.put(h[2])
	s.product(&r0, 0, h[3], "h2*(19*h3)")
	pool.put(h[3])
	closer.closed(0, r0)
	closer.finish(h, rescale)
}

// # The lazy carry
//
// In the loop of formSHRX (feSquareNMULX, and the squarings of the fused
// exponentiation) each pass after the first closes its columns without
// the carry pass of step 4. With c_k = r_k >> 51 and m_k = r_k mod 2^51 as
// the columns give them, d = 19*c_4, and each of c_0..c_3 and d split at
// bit 51 into a high part (>> 51) and a low part (mod 2^51):
//
//	x0 = m0 + (d mod 2^51) + 19*(c3 >> 51)
//	x1 = m1 + (d >> 51)    + (c0 mod 2^51)
//	x2 = m2 + (c1 mod 2^51) + (c0 >> 51)
//	x3 = m3 + (c2 mod 2^51) + (c1 >> 51)
//	x4 = m4 + (c3 mod 2^51) + (c2 >> 51)
//
// This is the same integer modulo p as the columns: c_k*2^(51(k+1)) moves
// its low part to limb k+1 and its high part to limb k+2, and weight 2^255
// is 19. Every term is known as soon as its column closes, so when r_0,
// the last, closes, each of x0, x1 and x2 is one shift or AND and one add
// away, where step 4 puts a second split (t_i = m_i + c_(i-1), then
// t_i >> 51) in between.
//
// Bounds: let every input limb be below X = 2^52 + 2^11. The columns hold
// 77, 59, 41, 23 and 5 products of two limbs (counting a factor 19 as 19
// products), so r_k < 77*X^2 < 2^111, c_0 < 77 * 2^53 * (1 + 2^-39), and
// c_0 >> 51 <= 308; likewise c_1 >> 51 <= 236, c_2 >> 51 <= 164,
// c_3 >> 51 <= 92 and, with c_4 < 5 * 2^53 * (1 + 2^-39), d >> 51 <= 380.
// So x0 <= 2*(2^51 - 1) + 19*92 < X and every other x_i <= 2*(2^51 - 1) +
// 380 < X: the bound holds from pass to pass. The scaled pass accepts it:
// h_i = 2^7*x_i < 2^59 + 2^18, so 19*h_i < 2^64, and R_k = 2^13*r_k <
// 2^124. The first pass's output, below 2^51 + 2^18 (the Element
// invariant), is below X, and after the last pass one carry pass (step 4
// alone) brings the limbs back under the invariant.
//
// The low parts are formed with a copy and an AND with mask51 in memory,
// the high parts by SHRX with the count 51 in a register, d >> 51 waits in
// a frame word, and 2^7*x0 = (lo_0 >> 6) + 2^7*(the rest), since lo_0 =
// 2^13*m0. On an Intel Xeon (model 167) the loop took about 0.97 of the
// time of the loop with step 4 in every pass; BZHI for the low parts was
// slower than that loop (docs/PERFORMANCE.md, "The lazy carry on Intel").
// Its portable twin is feSquareNLazyGeneric (fe_generic.go).

// lazyCarry closes scaledPass's columns as "The lazy carry" says. cnt holds
// 51 for the whole loop; dh is a frame word; x accumulates the limbs.
type lazyCarry struct {
	s   *squarer
	cnt GPPhysical
	dh  Mem
	x   [5]GPPhysical
	// After column 0: lo_0 >> 6, c0 mod 2^51 and c0 >> 51.
	m0, c0lo, c0hi GPPhysical
}

// low sets dst = src mod 2^51 (dst may be src).
func (l *lazyCarry) low(src, dst GPPhysical) {
	if src != dst {
		MOVQ(src, dst)
	}
	ANDQ(maskConst, dst)
}

// addLow adds c mod 2^51 to x, through a scratch register.
func (l *lazyCarry) addLow(c, x GPPhysical) {
	tmp := l.s.pool.get()
	l.low(c, tmp)
	ADDQ(tmp, x)
	l.s.pool.put(tmp)
}

func (l *lazyCarry) closed(k int, c column) {
	pool := l.s.pool
	switch k {
	case 4:
		Comment("c4 = hi, m4 = lo >> 13; d = 19*c4: d >> 51 to the frame, x0 = d mod 2^51.")
		SHRQ(U8(13), c.lo)
		times19(c.hi)
		tmp := pool.get()
		SHRXQ(l.cnt, c.hi, tmp)
		MOVQ(tmp, l.dh)
		pool.put(tmp)
		l.low(c.hi, c.hi)
		l.x[0], l.x[4] = c.hi, c.lo
	case 3:
		Comment("c3 = hi, m3 = lo >> 13; x4 = m4 + (c3 mod 2^51), x0 += 19*(c3 >> 51)")
		SHRQ(U8(13), c.lo)
		l.addLow(c.hi, l.x[4])
		SHRXQ(l.cnt, c.hi, c.hi)
		times19(c.hi)
		ADDQ(c.hi, l.x[0])
		pool.put(c.hi)
		l.x[3] = c.lo
	case 2, 1:
		Commentf("c%d = hi, m%d = lo >> 13; x%d = m%d + (c%d mod 2^51), x%d += c%d >> 51", k, k, k+1, k+1, k, k+2, k)
		SHRQ(U8(13), c.lo)
		if k == 1 {
			Comment("x1 = m1 + (d >> 51)")
			ADDQ(l.dh, c.lo)
		}
		l.addLow(c.hi, l.x[k+1])
		SHRXQ(l.cnt, c.hi, c.hi)
		ADDQ(c.hi, l.x[k+2])
		pool.put(c.hi)
		l.x[k] = c.lo
	case 0:
		Comment("c0 = hi, lo >> 6 = 2^7*m0, x0 <- 2^7*x0; c0 mod 2^51 for x1, c0 >> 51 for x2")
		SHLQ(U8(7), l.x[0])
		SHRQ(U8(6), c.lo)
		tmp := pool.get()
		l.low(c.hi, tmp)
		SHRXQ(l.cnt, c.hi, c.hi)
		l.m0, l.c0lo, l.c0hi = c.lo, tmp, c.hi
	}
}

func (l *lazyCarry) finish(h [5]GPPhysical, rescale bool) {
	if !rescale {
		panic("the lazy carry is for the loop only")
	}
	Comment("h0 = 2^7*m0 + 2^7*x0; the other sums, then h_i = x_i << 7.")
	emitSums([]sum{
		{l.m0, l.x[0], 1, h[0]},
		{l.x[1], l.c0lo, 1, h[1]},
		{l.x[2], l.c0hi, 1, h[2]},
		{l.x[3], nil, 1, h[3]},
		{l.x[4], nil, 1, h[4]},
	}, nil, false)
	for _, x := range h[1:] {
		SHLQ(U8(7), x)
	}
}

// scaledTimes19 sets x = 19*x in scaledPass and its carries (19*h_i < 2^64;
// IMUL's low word is exact for an unsigned product too): one IMUL on the
// MULX path, two LEAs and a scratch register on the MULQ path, whichever
// measured faster there (docs/PERFORMANCE.md, "The squares" and "The
// squarings on Intel"). The folded factors 19*h_i take hTimes19.
func (s *squarer) scaledTimes19(x GPPhysical) {
	if s.mulx {
		times19(x)
		return
	}
	s.leaTimes19(x)
}

// hTimes19 sets h = 19*h for the folded factors of scaledPass, 19*h_4 and
// 19*h_3. The SHRX form adds the products by them first in their columns
// (see "Scaled repeated squaring"), so that the first products of a pass
// wait on these factors, and there two LEAs replace IMUL, which needs the
// port of the MULX products around it: on an Intel Xeon (model 167) that
// took 0.96-0.98 of the squarings' time (docs/PERFORMANCE.md, "19·h by LEA
// in the Intel squarings"; why, without performance counters, is not
// shown). The other forms keep scaledTimes19.
func (s *squarer) hTimes19(h GPPhysical) {
	if s.shrx {
		s.leaTimes19(h)
		return
	}
	s.scaledTimes19(h)
}

// leaTimes19 sets x = 19*x as 9x = x + 8x, then x + 2*9x: two LEAs and a
// scratch register.
func (s *squarer) leaTimes19(x GPPhysical) {
	tmp := s.pool.get()
	LEAQ(Mem{Base: x, Index: x, Scale: 8}, tmp)
	LEAQ(Mem{Base: x, Index: tmp, Scale: 2}, x)
	s.pool.put(tmp)
}

// columnCloser is what scaledPass does with its columns. closed is called
// for each column as soon as its last product is in, in the order 4, 3,
// 2, 1, 0, with c.hi = c_k and c.lo = lo_k = 2^13*m_k; finish then writes
// the next limbs into h (2^7 times them if rescale).
type columnCloser interface {
	closed(k int, c column)
	finish(h [5]GPPhysical, rescale bool)
}

// exactCarry closes the columns as steps 2 to 4 of the first pass do:
// t_0 = m_0 + 19*c_4 and t_i = m_i + c_(i-1), then the carry pass, so that
// the limbs meet the Element invariant after every squaring.
type exactCarry struct {
	s     *squarer
	t     [5]GPPhysical // m_k, then t_k once c_(k-1) is added
	c4x19 GPPhysical
}

func (e *exactCarry) closed(k int, c column) {
	pool := e.s.pool
	switch k {
	case 4:
		Comment("c4 = hi, m4 = lo >> 13; keep 19*c4 for t0.")
	case 0:
		Comment("c0 = hi, m0 = lo >> 13; t1 = m1 + c0, t0 = m0 + 19*c4")
	default:
		Commentf("c%d = hi, m%d = lo >> 13; t%d = m%d + c%d", k, k, k+1, k+1, k)
	}
	SHRQ(U8(13), c.lo)
	e.t[k] = c.lo
	if k == 4 {
		e.s.scaledTimes19(c.hi)
		e.c4x19 = c.hi
		return
	}
	ADDQ(c.hi, e.t[k+1])
	pool.put(c.hi)
	if k == 0 {
		ADDQ(e.c4x19, e.t[0])
		pool.put(e.c4x19)
	}
}

func (e *exactCarry) finish(h [5]GPPhysical, rescale bool) {
	s := e.s
	Comment("Step 4: k_i = t_i >> 51, u_i = t_i mod 2^51;",
		"x0 = u0 + 19*k4, x_i = u_i + k_(i-1); then h_i = x_i << 7.")
	k := s.carrySplit(e.t)
	s.scaledTimes19(k[4])
	// The loop of formMem writes its sums as MOV and ADD (see emitSums).
	finalSums(s.pool, h, e.t, k, rescale && s.mulx && !s.shrx)
	if !rescale { // the single squaring: x_i are the outputs
		return
	}
	for _, x := range h {
		SHLQ(U8(7), x)
	}
}

// sum is the instruction dst = x + scale*y, written as an LEA, or for scale
// 1 as a MOV of x into dst and an ADD of y (see emitSums).
type sum struct {
	x, y  GPPhysical
	scale uint8
	dst   GPPhysical
}

// emitSums writes all the sums as if their operands were read before any
// destination is written: each is emitted only once no other pending sum
// still reads its destination. The register allocation above never makes
// a cycle; one would be broken by moving one value to a spare register
// (free, and no destination).
//
// With movAdd, a sum of scale 1 is MOVQ x, dst then ADDQ y, dst. That
// needs dst to be neither operand (the MOV would overwrite y before the ADD
// reads it); finalSums' destinations are the limb registers and its
// operands come from the pool, which never holds them, and a parked value
// goes to a spare that is no destination. The rule above, that no pending
// sum still reads dst, covers this form as it does the LEA. In the loop of
// formMem on an AMD EPYC Zen 4 the pair ran faster than the LEA, and adding
// u_i into the register that holds k_(i-1) (one ADD, no MOV) ran slower
// than either (docs/PERFORMANCE.md, "The squaring loop's last sums on Zen
// 4").
func emitSums(todo []sum, spares []GPPhysical, movAdd bool) {
	for len(todo) > 0 {
		done := false
		for i, m := range todo {
			read := false
			for j, o := range todo {
				if j != i && (o.x == m.dst || o.y == m.dst) {
					read = true
				}
			}
			if !read {
				if movAdd && m.scale == 1 {
					if m.x == m.dst || m.y == m.dst {
						panic("a MOV and ADD sum whose destination is an operand")
					}
					MOVQ(m.x, m.dst)
					ADDQ(m.y, m.dst)
				} else if m.y == nil {
					if m.x != m.dst {
						MOVQ(m.x, m.dst)
					}
				} else {
					LEAQ(Mem{Base: m.x, Index: m.y, Scale: m.scale}, m.dst)
				}
				todo = append(todo[:i], todo[i+1:]...)
				done = true
				break
			}
		}
		if !done {
			// A cycle: park the value in the first destination in
			// a spare register, and read it from there.
			if len(spares) == 0 {
				panic("cyclic final sums and no spare register")
			}
			spare := spares[0]
			spares = spares[1:]
			d := todo[0].dst
			MOVQ(d, spare)
			for j := range todo {
				if todo[j].x == d {
					todo[j].x = spare
				}
				if todo[j].y == d {
					todo[j].y = spare
				}
			}
		}
	}
}

// # The fused exponentiation
//
// fePow22523Asm computes z^(2^252 - 3) with the chain of powChain and
// Pow22523 (fe.go): 251 squarings and 11 products, as one routine that
// keeps the running value in registers, so that no product or run of
// squarings pays a call, a store of its result and a load of its operand.
// It is the configuration of Intel CPUs with BMI2 and ADX: the squarings
// are the SHRX form's passes (firstPass once, for the input's bound of
// 2^54, then scaledPass) and the products the scaled multiply's columns
// (mulBody). A run of n squarings is done as feSquareNMULX does it: the
// first with step 4, the other n - 1 with the lazy carry, then one carry
// pass. Every squaring and product computes the integers of its Go
// counterpart, so the routine returns the limbs that the chain of feSquareN
// and feMul calls returns on Intel CPUs, bit for bit (in Go,
// feSquareNLazyGeneric and feMulGeneric).
//
// The values that the chain multiplies by again (z, z^2, z^9, ones(5),
// ones(10), ones(20), ones(50), ones(100)) are kept in slots of the frame,
// each as 2^8 times its limbs, the form in which the scaled multiply reads
// its operand a. After the first squaring the chain is a list of steps,
// each "square n times (n may be 0), multiply by one slot, save the
// product to one slot", which the routine reads from the table
// pow22523Steps; a product that is not needed again is saved to a junk
// slot, so every step does the same things. Between squarings the running
// value is h = 2^7*x (the loop's form); a product takes it as
// y = 2^5*x, from the carry pass at the end of a run, or as h >> 2 after
// a run of one squaring or none, and leaves x, which goes through the slot
// cur on its way to the next h and to the saved copy.
//
// Bounds: z's limbs are below 2^54, so 2^8*z < 2^62 fits a word, and a
// product of z with a value below 3*2^51 has r_k < 77 * 2^54 * 3*2^51 <
// 2^113, R_k = 2^13*r_k < 2^126, and 19*c_4 < 19 * 15*2^54 < 2^63. Every
// other value is the output of a squaring or a product, whose limbs are
// below 2^51 + 2^18 < 3*2^51, the bound of the scaled pass and, times 2^8,
// of a word. The control flow depends only on the fixed table, never on z.

// powStep is one step of the fused exponentiation: n squarings, then the
// product with slot mul, saved to slot save.
type powStep struct{ n, mul, save int }

// The slots of fePow22523Asm's frame, 40 bytes each.
const (
	slotZ = iota
	slotE2
	slotE9
	slotO5
	slotO10
	slotO20
	slotO50
	slotO100
	slotJunk
	slotCur
	numSlots
)

// powSteps follows powChain (fe.go) from z^2 on, and then Pow22523's last
// two squarings and product.
var powSteps = []powStep{
	{2, slotZ, slotE9},        // z^8 * z = z^9
	{0, slotE2, slotJunk},     // z^9 * z^2 = z^11
	{1, slotE9, slotO5},       // z^22 * z^9 = z^31 = ones(5)
	{5, slotO5, slotO10},      // ones(10)
	{10, slotO10, slotO20},    // ones(20)
	{20, slotO20, slotJunk},   // ones(40)
	{10, slotO10, slotO50},    // ones(50)
	{50, slotO50, slotO100},   // ones(100)
	{100, slotO100, slotJunk}, // ones(200)
	{50, slotO50, slotJunk},   // ones(250)
	{2, slotZ, slotJunk},      // z^(2^252 - 4) * z = z^(2^252 - 3)
}

// pow22523 writes fePow22523Asm (see "The fused exponentiation").
func pow22523() {
	TEXT("fePow22523Asm", NOSPLIT, "func(out, a *[5]uint64)")
	Pragma("noescape")
	Doc("fePow22523Asm sets out = a^(2^252 - 3) as Pow22523's chain of feSquareN and",
		"feMul calls does on Intel CPUs with BMI2 and ADX, with the same limbs. It",
		"requires BMI2 and ADX. Limbs of a must be below 2^54.")
	steps := GLOBL("pow22523Steps", RODATA|NOPTR)
	for i, st := range powSteps {
		DATA(24*i, U64(st.n))
		DATA(24*i+8, U64(40*st.mul))
		DATA(24*i+16, U64(40*st.save))
	}
	frame := AllocLocal(40*numSlots + 24)
	slot := func(k, i int) Mem { return frame.Offset(40*k + 8*i) }
	stepPtr := frame.Offset(40 * numSlots)
	// The squarings' count and the lazy carry's d >> 51.
	countSlot, dhSlot := frame.Offset(40*numSlots+8), frame.Offset(40*numSlots+16)
	// stepSlot sets SI to the address of the slot that the word at disp of
	// the current step (held in p) names.
	stepSlot := func(p GPPhysical, disp int) {
		MOVQ(Mem{Base: p, Disp: disp}, RSI)
		LEAQ(frame.Idx(RSI, 1), RSI)
	}

	limbs := [5]GPPhysical{R8, R9, R10, R11, R12}
	s := &squarer{mulx: true, shrx: true, mul: RDX}
	s.pool = &regPool{free: slices.Clone(loopFree)}

	Comment("Slot z = 2^8*z.")
	Load(Param("a"), RSI)
	for i, x := range limbs {
		MOVQ(limb(RSI, i), x)
		storeTimes256(x, RAX, slot(slotZ, i))
	}
	Comment("z^2 by the pass for limbs below 2^54; slot e2 = 2^8*z^2, h = 2^7*z^2.")
	firstPass(s, limbs)
	for i, x := range limbs {
		storeTimes256(x, RAX, slot(slotE2, i))
		SHLQ(U8(7), x)
	}
	LEAQ(steps, RAX)
	MOVQ(RAX, stepPtr)

	Label("step")
	Comment("n = the step's squarings (public), in R13.")
	MOVQ(stepPtr, RAX)
	MOVQ(Mem{Base: RAX}, R13)
	TESTQ(R13, R13)
	JZ(LabelRef("product"))
	Comment("The run's first squaring with step 4, as feSquareN's first.")
	s.pool = &regPool{free: slices.Clone(loopFree)}
	scaledPass(s, limbs, true)
	DECQ(R13)
	JZ(LabelRef("product"))
	Comment("The other n - 1: the count goes to the frame; R13 holds 51 for the lazy carry.")
	lazyLoop(s, limbs, loopFree, R13, countSlot, dhSlot)
	Comment("y_j = 2^5*x_j.")
	for _, x := range limbs {
		SHLQ(U8(5), x)
	}
	JMP(LabelRef("multiply"))

	Label("product")
	Comment("y_j = 2^5*x_j = h_j >> 2.")
	for _, x := range limbs {
		SHRQ(U8(2), x)
	}
	Label("multiply")
	Comment("SI = the slot of the step's factor.")
	MOVQ(stepPtr, RSI)
	stepSlot(RSI, 8)
	pool := &regPool{free: slices.Clone(mulFree)}
	t := mulBody(formMem, func(i int) Mem { return Mem{Base: RSI, Disp: 8 * i} }, limbs, pool, RSI)
	for i := range t {
		MOVQ(t[i], slot(slotCur, i))
	}
	Comment("Save 2^8*x to the step's slot; h = 2^7*x; on to the next step.")
	MOVQ(stepPtr, RAX)
	stepSlot(RAX, 16)
	for i, x := range limbs {
		MOVQ(slot(slotCur, i), x)
		storeTimes256(x, RDX, Mem{Base: RSI, Disp: 8 * i})
		SHLQ(U8(7), x)
	}
	ADDQ(U8(24), RAX)
	MOVQ(RAX, stepPtr)
	LEAQ(steps.Offset(24*len(powSteps)), RCX)
	CMPQ(RAX, RCX)
	JB(LabelRef("step"))

	Comment("out = x of the last product.")
	Load(Param("out"), RDI)
	for i := range limbs {
		MOVQ(slot(slotCur, i), RAX)
		MOVQ(RAX, limb(RDI, i))
	}
	RET()
}
