// Command i386 writes field/fe_386.s: the multiply and square of the field
// seam for GOARCH=386, the products of halves of feMulHalves and
// feSquareHalves (field/fe_halves.go) in assembly.
//
// Regenerate from field/ with `go generate` (see fe_386.go), which runs
//
//	go -C _asm run ./i386 -out ../fe_386.s
//
// avo, which writes the amd64 routines, has no 386 target, so this program
// prints the instructions itself. Its output depends only on the program;
// CI regenerates it and fails on a diff.
//
// # Why assembly on 386
//
// fe_halves.go forms each column sum r_k of fe_generic.go from 32x32 -> 64
// products of 27-bit halves, gathered in three 64-bit words by weight:
// r_k = lo + 2^27 mid + 2^54 hi. On 386 every 64-bit sum is an ADDL and an
// ADCL, and the Go compiler schedules the instructions that set the carry
// flag as late as it can within a block (so that one flags value is live at
// a time). Every 32x32 product is ready from the start, so all of them are
// computed first and spilled to the stack, then summed: the Go multiply is
// about 1250 instructions. Here each product is added as soon as it is made,
// four instructions per product (MOVL, MULL, ADDL, ADCL), with the three
// sums of a column in registers.
//
// # The routines
//
// feMul386(out, a, b) and feSquare386(out, a) take limbs below 2^54, like
// the seam, and write the limbs of feMulGeneric and feSquareGeneric exactly
// (the Go tests compare them limb for limb). Each runs in four parts:
//
//  1. the halves: every operand limb x, two 32-bit words in memory, is cut
//     into x_lo = x mod 2^27 and x_hi = x >> 27 (one SHRL with two
//     registers, that is SHRD), and the scaled halves the columns need
//     (19 times a half, or twice it) are made from the same registers; all
//     are kept in the frame;
//  2. per column, the products of lo and hi are summed in BX:CX and SI:DI,
//     hi is stored, and the products of mid are summed in SI:DI;
//  3. the column is joined into m_k = r_k mod 2^51 and c_k = r_k >> 51 as
//     fe_halves.go's "Joining a column" states: s = lo + 2^27 (mid mod 2^24),
//     m_k = s mod 2^51, c_k = (s >> 51) + (mid >> 24) + 8 hi;
//  4. t_k = m_k + c_(k-1), made with column k, and t_0 = m_0 + 19 c_4
//     after column 4, then the carry pass of carryPass: out_0 = (t_0 mod
//     2^51) + 19 (t_4 >> 51), out_k = (t_k mod 2^51) + (t_(k-1) >> 51).
//     Every t_k is below 2^64 (fe_generic.go's bounds), so t_k >> 51 is
//     the high word shifted right by 19.
//
// Every operand limb is read in part 1, before out is written, so out may
// alias a or b. The frame holds only halves and column results, and no
// secret is used as an address or a branch condition. MULL is taken to run
// in a time that does not depend on its operands, as the generic code
// already takes it on 386, where the compiler makes its products of MULL
// too; dudect measures the two routines (docs/SECURITY.md).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
)

// A product names the two frame slots whose 32-bit words are multiplied.
type product struct{ x, y string }

// A column lists the products of halves summed at each weight of its sum
// r_k = lo + 2^27 mid + 2^54 hi. lo and hi have the same length.
type column struct {
	comment     string
	lo, mid, hi []product
}

// gen accumulates the assembly text and the frame layout of one routine.
type gen struct {
	buf   bytes.Buffer
	slots map[string]int
	next  int
}

func (g *gen) op(format string, args ...any) {
	fmt.Fprintf(&g.buf, "\t"+format+"\n", args...)
}

func (g *gen) comment(format string, args ...any) {
	fmt.Fprintf(&g.buf, "\n\t// "+format+"\n", args...)
}

// slot returns the frame offset of name, giving it the next free word the
// first time.
func (g *gen) slot(name string) string {
	off, ok := g.slots[name]
	if !ok {
		off = g.next
		g.slots[name] = off
		g.next += 4
	}
	return fmt.Sprintf("%d(SP)", off)
}

// A scale asks halves for k times a limb's halves (k = 2 or 19) in the
// slots <prefix>l<i> and, unless lowOnly, <prefix>h<i>.
type scale struct {
	prefix  string
	k       int
	lowOnly bool
}

// halves loads limb i of the element whose pointer is in SI and stores its
// halves in the slots <name>l<i> and <name>h<i>, and the scaled halves
// that scales ask for, made from the registers that hold the halves.
func (g *gen) halves(name string, i int, scales ...scale) {
	scaled := func(reg, half string, low bool) {
		for _, sc := range scales {
			if !low && sc.lowOnly {
				continue
			}
			if sc.k == 2 {
				g.op("LEAL (%s)(%s*1), CX", reg, reg)
			} else {
				g.op("IMUL3L $%d, %s, CX", sc.k, reg)
			}
			g.op("MOVL CX, %s", g.slot(fmt.Sprintf("%s%s%d", sc.prefix, half, i)))
		}
	}
	g.op("MOVL %d(SI), AX", 8*i)
	g.op("MOVL %d(SI), DX", 8*i+4)
	g.op("MOVL AX, BX")
	g.op("ANDL $0x07ffffff, BX")
	g.op("MOVL BX, %s", g.slot(fmt.Sprintf("%sl%d", name, i)))
	scaled("BX", "l", true)
	g.op("SHRL $27, DX, AX") // AX = (AX >> 27) | (DX << 5): the limb >> 27
	g.op("MOVL AX, %s", g.slot(fmt.Sprintf("%sh%d", name, i)))
	scaled("AX", "h", false)
}

// sum adds the products ps into the register pair lo:hi; the first product
// is moved in rather than added.
func (g *gen) sum(ps []product, first bool, lo, hi string) {
	for _, p := range ps {
		g.op("MOVL %s, AX", g.slot(p.x))
		g.op("MULL %s", g.slot(p.y))
		if first {
			g.op("MOVL AX, %s", lo)
			g.op("MOVL DX, %s", hi)
			first = false
		} else {
			g.op("ADDL AX, %s", lo)
			g.op("ADCL DX, %s", hi)
		}
	}
}

// column emits parts 2 and 3 for column k: m_k and c_k land in the slots
// m<k>l, m<k>h, c<k>l and c<k>h.
func (g *gen) column(k int, c column) {
	g.comment("Column %d: %s.", k, c.comment)
	// lo in BX:CX and hi in SI:DI, product by product in turn.
	for i := range c.lo {
		g.sum(c.lo[i:i+1], i == 0, "BX", "CX")
		g.sum(c.hi[i:i+1], i == 0, "SI", "DI")
	}
	g.op("MOVL SI, %s", g.slot("hil"))
	g.op("MOVL DI, %s", g.slot("hih"))
	// mid in SI:DI.
	g.sum(c.mid, true, "SI", "DI")

	// s = lo + 2^27 (mid mod 2^24) in BX:CX: the low word gains the five low
	// bits of (mid mod 2^24) shifted by 27, the high word its other 19 bits.
	g.op("MOVL SI, AX")
	g.op("ANDL $0x00ffffff, AX")
	g.op("MOVL AX, DX")
	g.op("SHLL $27, AX")
	g.op("SHRL $5, DX")
	g.op("ADDL AX, BX")
	g.op("ADCL DX, CX")
	// m_k = s mod 2^51 in BX:AX, plus c_(k-1) for k >= 1: t_k, stored in
	// the slots m<k>; CX becomes s >> 51 (s < 2^62).
	g.op("MOVL CX, AX")
	g.op("ANDL $0x0007ffff, AX")
	if k > 0 {
		g.op("ADDL %s, BX", g.slot(fmt.Sprintf("c%dl", k-1)))
		g.op("ADCL %s, AX", g.slot(fmt.Sprintf("c%dh", k-1)))
	}
	g.op("MOVL BX, %s", g.slot(fmt.Sprintf("m%dl", k)))
	g.op("MOVL AX, %s", g.slot(fmt.Sprintf("m%dh", k)))
	g.op("SHRL $19, CX")
	// c_k = (s >> 51) + (mid >> 24) + 8 hi.
	g.op("SHRL $24, DI, SI") // SI = (SI >> 24) | (DI << 8)
	g.op("SHRL $24, DI")
	g.op("MOVL %s, AX", g.slot("hil"))
	g.op("MOVL %s, DX", g.slot("hih"))
	g.op("SHLL $3, AX, DX") // DX = (DX << 3) | (AX >> 29)
	g.op("SHLL $3, AX")
	g.op("ADDL AX, SI")
	g.op("ADCL DX, DI")
	g.op("ADDL CX, SI")
	g.op("ADCL $0, DI")
	g.op("MOVL SI, %s", g.slot(fmt.Sprintf("c%dl", k)))
	g.op("MOVL DI, %s", g.slot(fmt.Sprintf("c%dh", k)))
}

// finish emits part 4 and writes out, whose pointer it loads into DI.
func (g *gen) finish() {
	g.comment("t_0 = m_0 + 19 c_4, in the slots of m_0 (the columns left t_k = m_k + c_(k-1) there).")
	g.op("MOVL %s, AX", g.slot("c4l"))
	g.op("MOVL $19, BX")
	g.op("MULL BX")
	g.op("IMUL3L $19, %s, CX", g.slot("c4h"))
	g.op("ADDL CX, DX")
	g.op("ADDL AX, %s", g.slot("m0l"))
	g.op("ADCL DX, %s", g.slot("m0h"))
	g.comment("The carry pass: out_k = (t_k mod 2^51) + (t_(k-1) >> 51), 19 (t_4 >> 51) for k = 0.")
	g.op("MOVL out+0(FP), DI")
	for k := range 5 {
		prev := (k + 4) % 5
		g.op("MOVL %s, CX", g.slot(fmt.Sprintf("m%dh", prev)))
		g.op("SHRL $19, CX")
		if k == 0 {
			g.op("IMUL3L $19, CX, CX")
		}
		g.op("MOVL %s, AX", g.slot(fmt.Sprintf("m%dl", k)))
		g.op("MOVL %s, DX", g.slot(fmt.Sprintf("m%dh", k)))
		g.op("ANDL $0x0007ffff, DX")
		g.op("ADDL CX, AX")
		g.op("ADCL $0, DX")
		g.op("MOVL AX, %d(DI)", 8*k)
		g.op("MOVL DX, %d(DI)", 8*k+4)
	}
	g.op("RET")
}

// routine returns the TEXT block of name with the body written by body.
func routine(name, args string, argSize int, body func(g *gen)) []byte {
	g := &gen{slots: map[string]int{}}
	body(g)
	var out bytes.Buffer
	fmt.Fprintf(&out, "// func %s(%s)\n", name, args)
	fmt.Fprintf(&out, "TEXT ·%s(SB), NOSPLIT, $%d-%d\n", name, g.next, argSize)
	out.Write(g.buf.Bytes())
	return out.Bytes()
}

// p is shorthand for a product of two slots.
func p(x, y string) product { return product{x, y} }

// mulColumns are feMulHalves' columns: a_i times b_j, or times 19 b_j (the
// slots n) when i + j >= 5.
func mulColumns() []column {
	var cols []column
	for k := range 5 {
		c := column{}
		for i := range 5 {
			j := (k - i + 5) % 5
			y := "b"
			term := fmt.Sprintf("a%d*b%d", i, j)
			if i+j >= 5 {
				y = "n"
				term = fmt.Sprintf("a%d*19b%d", i, j)
			}
			if c.comment != "" {
				c.comment += " + "
			}
			c.comment += term
			c.lo = append(c.lo, p(fmt.Sprintf("al%d", i), fmt.Sprintf("%sl%d", y, j)))
			c.mid = append(c.mid,
				p(fmt.Sprintf("al%d", i), fmt.Sprintf("%sh%d", y, j)),
				p(fmt.Sprintf("ah%d", i), fmt.Sprintf("%sl%d", y, j)))
			c.hi = append(c.hi, p(fmt.Sprintf("ah%d", i), fmt.Sprintf("%sh%d", y, j)))
		}
		cols = append(cols, c)
	}
	return cols
}

// lo and hi name the slots of the low and high halves of a limb named by
// its operand letter and index: lo("x3") is "xl3".
func lo(x string) string { return x[:1] + "l" + x[1:] }
func hi(x string) string { return x[:1] + "h" + x[1:] }

// sqTerm appends the products of halves of x*y for two operand limbs such
// as "x0" or "n4". A square x*x takes three products, and so does x*(19x):
// their middle one is the doubled low half 2 x_lo (the slot twice) times
// y's high half.
func sqTerm(c *column, x, y, twice string) {
	c.lo = append(c.lo, p(lo(x), lo(y)))
	if twice != "" {
		c.mid = append(c.mid, p(twice, hi(y)))
	} else {
		c.mid = append(c.mid, p(lo(x), hi(y)), p(hi(x), lo(y)))
	}
	c.hi = append(c.hi, p(hi(x), hi(y)))
}

// squareColumns are feSquareHalves' columns, with the operands x (halves of
// a_i), d (doubled halves) and n (halves times 19), written as in
// fe_halves.go.
func squareColumns() []column {
	type t struct{ x, y, twice string }
	terms := [5][]t{
		{{"x0", "x0", "dl0"}, {"d1", "n4", ""}, {"d2", "n3", ""}},
		{{"d0", "x1", ""}, {"d2", "n4", ""}, {"x3", "n3", "dl3"}},
		{{"d0", "x2", ""}, {"x1", "x1", "dl1"}, {"d3", "n4", ""}},
		{{"d0", "x3", ""}, {"d1", "x2", ""}, {"x4", "n4", "dl4"}},
		{{"d0", "x4", ""}, {"d1", "x3", ""}, {"x2", "x2", "dl2"}},
	}
	comments := [5]string{
		"a0*a0 + (2a1)*(19a4) + (2a2)*(19a3)",
		"(2a0)*a1 + (2a2)*(19a4) + a3*(19a3)",
		"(2a0)*a2 + a1*a1 + (2a3)*(19a4)",
		"(2a0)*a3 + (2a1)*a2 + a4*(19a4)",
		"(2a0)*a4 + (2a1)*a3 + a2*a2",
	}
	var cols []column
	for k, ts := range terms {
		c := column{comment: comments[k]}
		for _, tt := range ts {
			sqTerm(&c, tt.x, tt.y, tt.twice)
		}
		cols = append(cols, c)
	}
	return cols
}

func mul(g *gen) {
	g.comment("Part 1: the halves of a and b, and 19 times the halves of b1..b4.")
	g.op("MOVL a+4(FP), SI")
	for i := range 5 {
		g.halves("a", i)
	}
	g.op("MOVL b+8(FP), SI")
	g.halves("b", 0)
	for i := 1; i <= 4; i++ {
		g.halves("b", i, scale{"n", 19, false})
	}
	for k, c := range mulColumns() {
		g.column(k, c)
	}
	g.finish()
}

func square(g *gen) {
	g.comment("Part 1: the halves of a, their doubles (d) and 19 times those of a3, a4 (n).")
	g.op("MOVL a+4(FP), SI")
	for i := range 3 {
		g.halves("x", i, scale{"d", 2, false})
	}
	g.halves("x", 3, scale{"d", 2, false}, scale{"n", 19, false})
	g.halves("x", 4, scale{"d", 2, true}, scale{"n", 19, false})
	for k, c := range squareColumns() {
		g.column(k, c)
	}
	g.finish()
}

func main() {
	out := flag.String("out", "", "the assembly file to write")
	flag.Parse()
	if *out == "" {
		log.Fatal("-out is required")
	}
	var b bytes.Buffer
	b.WriteString("// Code generated by command: go run ./i386 -out ../fe_386.s. DO NOT EDIT.\n\n")
	b.WriteString("//go:build !purego\n\n#include \"textflag.h\"\n\n")
	b.Write(routine("feMul386", "out, a, b *Element", 12, mul))
	b.WriteString("\n")
	b.Write(routine("feSquare386", "out, a *Element", 8, square))
	if err := os.WriteFile(*out, b.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
}
