// Command _asm writes field/fe_amd64.s and its Go declarations
// field/fe_asm_amd64.go: the amd64 multiply and square of the field seam.
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
// x4*2^204, each limb below 2^54 on input. A product a*b is formed in four
// steps, the same steps as feMulGeneric and feSquareGeneric in
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
// # Two implementations
//
// The MULX routines (BMI2) keep the multiplier in DX and write each 128-bit
// product to any register pair without touching the flags; ADCX and ADOX
// (ADX) add into two columns at once on the two independent carry flags CF
// and OF. The MULQ routines run on every amd64 CPU. The choice between them
// is made in Go (useMULX in fe_amd64.go) and passed to feMulAsm and
// feSquareAsm, which only jump to the routine it names; no CPU feature is
// detected here.
//
// Measured on AMD Zen 3, the remaining choices: IMUL forms 19*a_i in the
// MULX multiply and LEA chains form 19*x and 38*x elsewhere; step 2 uses
// SHR/SHL/OR rather than SHLD; ADCX/ADOX beat ADD/ADC pairs in the MULX
// multiply. Each was a few percent either way.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// limbMask is 2^51 - 1.
const limbMask = 1<<51 - 1

// column is a 128-bit accumulator hi:lo for one r_k.
type column struct {
	lo, hi GPPhysical
	used   bool // false until the first product is written into it
}

// term is one partial product: the current multiplier times other, added
// into column col.
type term struct {
	other Mem
	col   int
	what  string // the product in the notation of the formula comment
}

// group is a run of terms sharing one multiplier, held in DX (MULX) or
// reloaded into AX before each MULQ.
type group struct {
	limb  int // index of the limb of the multiplier
	scale int // 1, 2, 19 or 38
	terms []term
}

func main() {
	ConstraintExpr("!purego")

	selector("feMulAsm", "func(out, a, b *[5]uint64, mulx bool)", "feMulMULX", "feMulMULQ",
		"feMulAsm sets out = a * b with feMulMULX if mulx is true, else with feMulMULQ.")
	selector("feSquareAsm", "func(out, a *[5]uint64, mulx bool)", "feSquareMULX", "feSquareMULQ",
		"feSquareAsm sets out = a * a with feSquareMULX if mulx is true, else with feSquareMULQ.")
	mulMULX()
	mulMULQ()
	squareMULX()
	squareMULQ()

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

var squareFormula = []string{
	"Step 1, the columns of a*a (a limbs < 2^54, so r_k < 2^115):",
	"  r0 = a0*a0 + 38*a1*a4 + 38*a2*a3",
	"  r1 = 2*a0*a1 + 38*a2*a4 + 19*a3*a3",
	"  r2 = 2*a0*a2 + a1*a1 + 38*a3*a4",
	"  r3 = 2*a0*a3 + 2*a1*a2 + 19*a4*a4",
	"  r4 = 2*a0*a4 + 2*a1*a3 + a2*a2",
}

// selector writes an entry point that jumps to one of two routines with the
// same arguments, as told by its last argument. The choice itself is made in
// Go (useMULX in fe_amd64.go) and passed in on every call; nothing here
// inspects the CPU. It exists so that the Go seam is a single call that the
// compiler inlines into Multiply and Square: a Go function that branches
// between two assembly calls is too costly to inline, and the extra call
// measured about a third of a multiplication.
func selector(name, signature, ifTrue, ifFalse string, doc string) {
	TEXT(name, NOSPLIT, signature)
	Pragma("noescape")
	Doc(doc, "The routines take the same arguments, so it jumps to them and they return to the caller.")
	flag, err := Param("mulx").Resolve()
	if err != nil {
		panic(err)
	}
	CMPB(flag.Addr, U8(0))
	JEQ(LabelRef("plain"))
	tailJump(ifTrue)
	Label("plain")
	tailJump(ifFalse)
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

func scaled(name string, i, scale int) string {
	if scale == 1 {
		return fmt.Sprintf("%s%d", name, i)
	}
	return fmt.Sprintf("%d*%s%d", scale, name, i)
}

// mulMULX: feMulMULX(out, a, b).
//
// Registers: DX multiplier, SI = &b, AX and CX product halves (AX also
// briefly holds &a), ten column registers.
func mulMULX() {
	TEXT("feMulMULX", NOSPLIT, "func(out, a, b *[5]uint64)")
	Pragma("noescape")
	Doc("feMulMULX sets out = a * b as feMulGeneric does, using MULX, ADCX and ADOX.",
		"It requires BMI2 and ADX. Limbs of a and b must be below 2^54.")
	Comment(mulFormula...)

	cols := mulxColumns()
	bp := RSI
	Load(Param("b"), bp)

	// Row i: DX = a_i times b_j for the columns i+j <= 4, then DX = 19*a_i
	// times b_j for the wrapped columns i+j-5.
	var groups []group
	for i := 0; i < 5; i++ {
		g := group{limb: i, scale: 1}
		w := group{limb: i, scale: 19}
		for j := 0; j < 5; j++ {
			if i+j < 5 {
				g.terms = append(g.terms, term{limb(bp, j), i + j, fmt.Sprintf("a%d*b%d", i, j)})
			} else {
				w.terms = append(w.terms, term{limb(bp, j), i + j - 5, fmt.Sprintf("19*a%d*b%d", i, j)})
			}
		}
		groups = append(groups, g)
		if len(w.terms) > 0 {
			groups = append(groups, w)
		}
	}
	for _, g := range groups {
		Commentf("DX = %s", scaled("a", g.limb, g.scale))
		Load(Param("a"), RAX)
		setMultiplier(RDX, RCX, limb(RAX, g.limb), g.scale, true)
		mulxGroup(cols, g)
	}

	reduce(cols, RAX, RCX, RDX, RSI)
	RET()
}

// squareMULX: feSquareMULX(out, a).
//
// Registers: DX multiplier, SI = &a, AX and CX product halves, ten column
// registers.
func squareMULX() {
	TEXT("feSquareMULX", NOSPLIT, "func(out, a *[5]uint64)")
	Pragma("noescape")
	Doc("feSquareMULX sets out = a * a as feSquareGeneric does, using MULX, ADCX and ADOX.",
		"It requires BMI2 and ADX. Limbs of a must be below 2^54.")
	Comment(squareFormula...)

	cols := mulxColumns()
	ap := RSI
	Load(Param("a"), ap)
	for _, g := range squareGroups(ap) {
		Commentf("DX = %s", scaled("a", g.limb, g.scale))
		setMultiplier(RDX, RCX, limb(ap, g.limb), g.scale, false)
		mulxGroup(cols, g)
	}

	reduce(cols, RAX, RCX, RDX, RSI)
	RET()
}

// squareGroups lists the fifteen products of a square, grouped by
// multiplier; each group's other factors are plain limbs of a.
func squareGroups(ap GPPhysical) []group {
	t := func(j, col int, what string) term { return term{limb(ap, j), col, what} }
	return []group{
		{0, 1, []term{t(0, 0, "a0*a0")}},
		{0, 2, []term{t(1, 1, "2*a0*a1"), t(2, 2, "2*a0*a2"), t(3, 3, "2*a0*a3"), t(4, 4, "2*a0*a4")}},
		{1, 1, []term{t(1, 2, "a1*a1")}},
		{1, 2, []term{t(2, 3, "2*a1*a2"), t(3, 4, "2*a1*a3")}},
		{1, 38, []term{t(4, 0, "38*a1*a4")}},
		{2, 1, []term{t(2, 4, "a2*a2")}},
		{2, 38, []term{t(3, 0, "38*a2*a3"), t(4, 1, "38*a2*a4")}},
		{3, 19, []term{t(3, 1, "19*a3*a3")}},
		{3, 38, []term{t(4, 2, "38*a3*a4")}},
		{4, 19, []term{t(4, 3, "19*a4*a4")}},
	}
}

// mulxColumns assigns the column accumulators of the MULX routines.
func mulxColumns() []*column {
	return []*column{
		{lo: R8, hi: R9},
		{lo: R10, hi: R11},
		{lo: R12, hi: R13},
		{lo: R14, hi: R15},
		{lo: RBX, hi: RDI},
	}
}

// setMultiplier loads scale*x into dst, for scale 1, 2, 19 or 38, with one
// IMUL if useIMUL, else with ADD or LEA chains (scratch is overwritten). The
// scaled value is below 38*2^54 < 2^60, so neither form overflows.
func setMultiplier(dst, scratch GPPhysical, x Mem, scale int, useIMUL bool) {
	if useIMUL && scale > 2 {
		IMUL3Q(Imm(uint64(scale)), x, dst)
		return
	}
	MOVQ(x, dst)
	switch scale {
	case 1:
	case 2:
		ADDQ(dst, dst)
	case 19:
		nineteen(dst, scratch)
		MOVQ(scratch, dst)
	case 38:
		nineteen(dst, scratch)
		LEAQ(Mem{Base: scratch, Index: scratch, Scale: 1}, dst)
	default:
		panic("unsupported scale")
	}
}

// mulxGroup multiplies DX by each term's other factor. The first product of
// a column is written straight into it. Later products are added with two
// interleaved carry chains, alternating between them term by term: ADCX
// (CF) and ADOX (OF). XOR clears both flags first. Each chain's high-word
// add leaves its flag at 0, because a column never exceeds 2^115, so a
// chain can run from one column to the next.
func mulxGroup(cols []*column, g group) {
	cleared := false
	chain := 0
	for _, t := range g.terms {
		c := cols[t.col]
		if !c.used {
			Commentf("r%d = %s", t.col, t.what)
			MULXQ(t.other, c.lo, c.hi)
			c.used = true
			continue
		}
		if !cleared {
			XORL(EAX, EAX) // CF = OF = 0
			cleared = true
		}
		Commentf("r%d += %s", t.col, t.what)
		MULXQ(t.other, RAX, RCX)
		if chain == 0 {
			ADCXQ(RAX, c.lo)
			ADCXQ(RCX, c.hi)
		} else {
			ADOXQ(RAX, c.lo)
			ADOXQ(RCX, c.hi)
		}
		chain ^= 1
	}
}

// mulMULQ: feMulMULQ(out, a, b), for CPUs without BMI2/ADX.
//
// Registers: AX and DX are MULQ's implicit operands, SI = &a, DI = &b, ten
// column registers. 19*b1..19*b4 are kept in a 32-byte frame, so the ten
// wrapped products cost four IMULs rather than ten.
func mulMULQ() {
	TEXT("feMulMULQ", NOSPLIT, "func(out, a, b *[5]uint64)")
	Pragma("noescape")
	Doc("feMulMULQ sets out = a * b as feMulGeneric does, using only MULQ.",
		"Limbs of a and b must be below 2^54.")
	Comment(mulFormula...)

	cols := mulqColumns()
	ap, bp := RSI, RDI
	Load(Param("a"), ap)
	Load(Param("b"), bp)

	b19 := AllocLocal(32)
	Comment("Frame: 19*b1, 19*b2, 19*b3, 19*b4 (each < 19*2^54 < 2^59).")
	for j := 1; j < 5; j++ {
		IMUL3Q(U8(19), limb(bp, j), RAX)
		MOVQ(RAX, b19.Offset(8*(j-1)))
	}

	for i := 0; i < 5; i++ {
		for j := 0; j < 5; j++ {
			col, other, what := i+j, limb(bp, j), fmt.Sprintf("a%d*b%d", i, j)
			if col >= 5 {
				col, other, what = col-5, b19.Offset(8*(j-1)), fmt.Sprintf("a%d*19*b%d", i, j)
			}
			Commentf("r%d %s %s", col, assign(cols[col]), what)
			MOVQ(limb(ap, i), RAX)
			mulqAccumulate(cols[col], other)
		}
	}

	reduce(cols, RAX, RDX, RDI, RSI)
	RET()
}

// squareMULQ: feSquareMULQ(out, a), for CPUs without BMI2/ADX.
//
// Registers: AX and DX are MULQ's implicit operands, SI = &a, DI = 2*a0,
// ten column registers.
func squareMULQ() {
	TEXT("feSquareMULQ", NOSPLIT, "func(out, a *[5]uint64)")
	Pragma("noescape")
	Doc("feSquareMULQ sets out = a * a as feSquareGeneric does, using only MULQ.",
		"Limbs of a must be below 2^54.")
	Comment(squareFormula...)

	cols := mulqColumns()
	ap := RSI
	Load(Param("a"), ap)
	Comment("DI = 2*a0, the multiplier of four products.")
	MOVQ(limb(ap, 0), RDI)
	ADDQ(RDI, RDI)

	for _, g := range squareGroups(ap) {
		for _, t := range g.terms {
			c := cols[t.col]
			Commentf("r%d %s %s", t.col, assign(c), t.what)
			if g.limb == 0 && g.scale == 2 {
				MOVQ(RDI, RAX)
			} else {
				setMultiplier(RAX, RDX, limb(ap, g.limb), g.scale, false)
			}
			mulqAccumulate(c, t.other)
		}
	}

	reduce(cols, RAX, RDX, RDI, RSI)
	RET()
}

// assign is the operator a formula comment uses for the next product of c.
func assign(c *column) string {
	if c.used {
		return "+="
	}
	return "="
}

// mulqColumns assigns the column accumulators of the MULQ routines.
func mulqColumns() []*column {
	return []*column{
		{lo: R8, hi: R9},
		{lo: R10, hi: R11},
		{lo: R12, hi: R13},
		{lo: R14, hi: R15},
		{lo: RBX, hi: RCX},
	}
}

// mulqAccumulate multiplies AX by other and adds DX:AX into c (or moves it
// there if c is still empty). ADD/ADC never carries out of c.hi (r_k < 2^115).
func mulqAccumulate(c *column, other Op) {
	MULQ(other)
	if !c.used {
		MOVQ(RAX, c.lo)
		MOVQ(RDX, c.hi)
		c.used = true
		return
	}
	ADDQ(RAX, c.lo)
	ADCQ(RDX, c.hi)
}

// reduce performs steps 2 to 4 on the columns and stores the limbs to out.
// mask and tmp are free registers; outp receives the out pointer.
func reduce(cols []*column, mask, tmp, spare, outp GPPhysical) {
	Comment("Step 2: c_k = r_k >> 51 (into the high word), m_k = r_k mod 2^51 (in the low word).")
	MOVQ(U64(limbMask), mask)
	for _, c := range cols {
		MOVQ(c.lo, spare)
		SHRQ(U8(51), spare)
		SHLQ(U8(13), c.hi)
		ORQ(spare, c.hi)
		ANDQ(mask, c.lo)
	}

	Comment("Step 3: t0 = m0 + 19*c4, t_k = m_k + c_(k-1).")
	nineteen(cols[4].hi, tmp)
	ADDQ(tmp, cols[0].lo)
	for k := 1; k < 5; k++ {
		ADDQ(cols[k-1].hi, cols[k].lo)
	}

	Comment("Step 4: k_i = t_i >> 51, u_i = t_i mod 2^51, all from the t's;",
		"out0 = u0 + 19*k4, out_i = u_i + k_(i-1).")
	for _, c := range cols {
		MOVQ(c.lo, c.hi)
		SHRQ(U8(51), c.hi)
		ANDQ(mask, c.lo)
	}
	nineteen(cols[4].hi, tmp)
	ADDQ(tmp, cols[0].lo)
	for k := 1; k < 5; k++ {
		ADDQ(cols[k-1].hi, cols[k].lo)
	}

	Load(Param("out"), outp)
	for i, c := range cols {
		MOVQ(c.lo, limb(outp, i))
	}
}

// nineteen sets dst = 19*x with two LEAs: 9x = x + 8x, then 19x = x + 2*9x.
func nineteen(x, dst GPPhysical) {
	LEAQ(Mem{Base: x, Index: x, Scale: 8}, dst)
	LEAQ(Mem{Base: x, Index: dst, Scale: 2}, dst)
}
