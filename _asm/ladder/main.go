// Command ladder writes x25519/ladder_amd64.s and its Go declarations
// x25519/ladder_asm_amd64.go: the X25519 Montgomery ladder (RFC 7748,
// section 5) as one AVX-512 IFMA kernel, behind ifmaLadderKernel in the
// x25519 package.
//
// Regenerate from the x25519 directory with `go generate` (see
// x25519/ladder_amd64.go), which runs, from the _asm module,
//
//	go run ./ladder -out ../x25519/ladder_amd64.s -stubs ../x25519/ladder_asm_amd64.go -pkg x25519
//
// The output depends only on this program and the ifma52 package it shares
// with _asm/ifma, so running it twice gives the same bytes; CI regenerates
// and fails on a diff.
//
// # What the kernel computes
//
// Exactly the limbs of ifmaLadderGeneric in x25519/ladder_ifma.go, whose
// section comment gives the representation, the step, the bounds and the
// zero-limb argument: n steps of the ladder on the state (x2, z2, x3, z3),
// four field elements in the four 64-bit lanes of five YMM registers (limb k
// of the four in register k, memory layout [5][4]uint64), for the bits n-1
// down to 0 of the scalar, then the swap back under bit 0. The state
// stays in its five registers for the whole loop. A step is three rounds:
//
//	U = (x2 + z2, x2 + β - z2, x3 + z3, x3 + β - z3), carried  = (A, B, C, D)
//	round 1: (A, B, C, D) ∘ (A, B, B, A), both under the swap   = (AA, BB, CB, DA)
//	X = (AA, AA + β - BB, CB + DA, CB + β - DA), carried       = (AA, E, s, d)
//	round 2: (AA, a24, s, d) ∘ (BB, E, s, d)                    = (AA·BB, a24·E, s², d²)
//	W = (0, AA, 0, 0) + that, carried                           = (x2', AA + a24·E, x3', d²)
//	round 3: W ∘ (1, E, 1, x1)                                  = (x2', z2', x3', z3')
//
// the products being ifma52.MulColumns (50 IFMAs into columns) and the
// carries ifma52.Carry, as in the root package's kernels. Lane moves are
// in-lane swaps (VPSHUFD), cross-lane permutations (VPERMQ) and blends
// under constant lane masks (VPBLENDMQ, masked adds and moves); each one's
// lane diagram is in the comments above its instructions.
//
// # Registers
//
// Five for the state, one for the swap mask, two for β (limb 0 and the
// others), and the rest for the rounds: at most 28 of the 32 YMM registers
// at once (round 2: its two operands and the ten registers MulColumns holds
// at most, five of them (0, AA, 0, 0), where its last accumulators start).
// The constants a24, 2^51 - 1 and 19 and the operand (1, ., 1, x1), which
// Go prepares, are read from memory as instruction operands. The kernel has
// no frame.
//
// # Constant time
//
// The loop runs n times, n a public argument (255 for X25519), and its
// index t is the only thing that forms an address: byte t/8 of the scalar,
// then a shift by t mod 8 and a mask give the bit. The bit never meets a
// branch or an address: XORed with the previous bit and negated it is the
// swap mask, 0 or all ones, broadcast to the four lanes, and the swap is a
// bitwise select (VPTERNLOGQ) between the operands of round 1 and their
// pairs exchanged. Every step runs the same instructions on the same
// addresses whatever the scalar; the lane masks in K1..K5 are constants.
//
// # Cost
//
// Per step: 3 vector multiplications (150 IFMAs), 4 carries (3 on the path
// U, round 1, X, round 2, W, round 3; Y's beside X's), and about 80 lane
// moves, blends, sums and differences: about 435 vector instructions, 37 of
// them zeroing idioms. The X25519 ladder is 255 steps, 765 vector
// multiplications; the inversion of z2 and the product x2·z2^-1 follow in
// Go, on field.Element.
package main

import (
	"flag"

	"github.com/seed06d4b90c/edwards25519/_asm/internal/ifma52"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The entries of ladderConsts after the shared head (ifma52.DeclareConsts).
const (
	cA24 = ifma52.HeadBytes // a24 = 121665, one word (broadcast)
)

// a24 is (486662 - 2)/4, the constant of the doubling (RFC 7748, section 5).
const a24 = 121665

// regs is the register pool of ifma52, which its multiplication and carry
// draw from too.
var regs = &ifma52.Regs

// The lane masks: K registers holding constants, which the kernel loads
// first (ifma52.SetLaneMasks).
var (
	kLane0    = K1
	kLane1    = K2
	kOdd      = K3 // lanes 1 and 3
	kNotLane0 = K4
	kNotLane1 = K5
)

var laneMasks = []ifma52.LaneMask{
	{K: kLane0, Lanes: 0b0001},
	{K: kLane1, Lanes: 0b0010},
	{K: kOdd, Lanes: 0b1010},
	{K: kNotLane0, Lanes: 0b1110},
	{K: kNotLane1, Lanes: 0b1101},
}

func main() {
	flag.Parse()
	ConstraintExpr("!purego")

	ifma52.DeclareConsts("ladderConsts")
	DATA(cA24, U64(a24))

	ladderRoutine()
	Generate()
}

// The general-purpose registers of the kernel.
var (
	sPtr  = RDI // the state
	kPtr  = RSI // the scalar
	r3Ptr = RDX // the round-3 operand (1, ., 1, x1)
	t     = R8  // the loop index: the bit being read
	prev  = R9  // the previous bit
	bit   = R10
	mask  = R11
)

func ladderRoutine() {
	TEXT("ifmaLadderAsmKernel", NOSPLIT, "func(s *[5][4]uint64, k *[32]byte, r3 *[5][4]uint64, n int)")
	Pragma("noescape")
	Doc("ifmaLadderAsmKernel runs n steps of the ladder on s, for the bits n-1 down to 0 of k, with the",
		"round-3 operand r3, then swaps back under bit 0, as ifmaLadderGeneric does. It requires",
		"ifmaLadderAvailable and 1 ≤ n ≤ 256.")
	Load(Param("s"), sPtr)
	Load(Param("k"), kPtr)
	Load(Param("r3"), r3Ptr)
	Load(Param("n"), t)
	ifma52.SetLaneMasks(laneMasks)

	s := ifma52.LoadElem(Mem{Base: sPtr})
	m := regs.Get()
	beta := ifma52.BetaRegs()
	XORQ(prev, prev)

	Label("step")
	Comment("t = t - 1; bit = (k[t/8] >> (t mod 8)) & 1; the swap mask is -(bit XOR prev), in",
		"all four lanes; prev = bit.")
	DECQ(t)
	MOVQ(t, bit)
	SHRQ(U8(3), bit)
	MOVBQZX(Mem{Base: kPtr, Index: bit, Scale: 1}, bit)
	MOVQ(t, RCX)
	ANDL(U8(7), ECX)
	SHRQ(CL, bit)
	ANDL(U8(1), bit.As32())
	MOVQ(bit, mask)
	XORQ(prev, mask)
	MOVQ(bit, prev)
	NEGQ(mask)
	VPBROADCASTQ(mask, m)

	next := step(s, m, beta)
	Comment("The new state, into the state's registers.")
	ifma52.MoveBack(s, next)
	TESTQ(t, t)
	JNZ(LabelRef("step"))

	Comment("Swap back under the last bit: S = (x3, z3, x2, z2) where prev is set.")
	NEGQ(prev)
	VPBROADCASTQ(prev, m)
	sw := regs.Get()
	for k := range s {
		VPERMQ(U8(ifma52.Perm(2, 3, 0, 1)), s[k], sw)
		VPTERNLOGQ(U8(0xD8), m, sw, s[k])
	}
	regs.Put(sw)
	regs.Put(m)
	beta(-1)
	ifma52.StoreAndReturn(s, Mem{Base: sPtr})
}

// step emits one ladder step on the state s (columns; its registers are
// consumed) with the swap mask m, and returns the new state, as columns, in
// new registers.
func step(s ifma52.Elem, m VecPhysical, beta func(int) VecPhysical) ifma52.Elem {
	Comment("U = (x2 + z2, x2 + β - z2, x3 + z3, x3 + β - z3) = (A, B, C, D): with S = (x2, z2, x3, z3)",
		"and S' = (z2, x2, z3, x3) (an in-lane swap), S's lanes 1 and 3 become β - z, then U = S' + S.")
	u := regs.GetElem()
	for k := range s {
		VPSHUFD(U8(0x4E), s[k], u[k])
		VPSUBQ(s[k], beta(k), kOdd, s[k])
		VPADDQ(s[k], u[k], u[k])
	}
	regs.PutElem(s)
	ifma52.Carry(u)

	Comment("Round 1 operands, under the swap mask: (A, B, C, D) and (A, B, B, A), or (C, D, A, B)",
		"and (C, D, D, C) where the mask is set: the first is U or U with its halves swapped",
		"(2, 3, 0, 1), by VPTERNLOGQ 0xD8, (mask AND new) OR (NOT mask AND old), and the second",
		"the first permuted by (0, 1, 1, 0).")
	op2 := regs.GetElem()
	for k := range u {
		sw := regs.Get()
		VPERMQ(U8(ifma52.Perm(2, 3, 0, 1)), u[k], sw)
		VPTERNLOGQ(U8(0xD8), m, sw, u[k])
		VPERMQ(U8(ifma52.Perm(0, 1, 1, 0)), u[k], op2[k])
		regs.Put(sw)
	}
	Comment("Round 1: F1 = (AA, BB, CB, DA), as columns.")
	f := ifma52.MulColumns(u, op2)
	regs.PutElem(u)
	regs.PutElem(op2)

	Comment("X = (AA, AA + β - BB, CB + DA, CB + β - DA) = (AA, E, s, d): with Y = (BB, AA, DA, CB)",
		"(an in-lane swap), F1's lanes 1 and 3 become β - F1, then X = F1 + Y in lanes 1, 2 and 3.",
		"X and Y are carried; Y's lane 0 is BB.")
	y := regs.GetElem()
	for k := range f {
		VPSHUFD(U8(0x4E), f[k], y[k])
		VPSUBQ(f[k], beta(k), kOdd, f[k])
		VPADDQ(y[k], f[k], kNotLane0, f[k])
	}
	x := f
	ifma52.Carry(x)
	ifma52.Carry(y)

	Comment("Round 2 operands: (AA, a24, s, d) is X with lane 1 set to a24 (a24's limbs 1..4 are",
		"0), and (BB, E, s, d) is X with Y's lane 0.")
	op1, op2 := regs.GetElem(), regs.GetElem()
	for k := range x {
		if k == 0 {
			VPBLENDMQ_BCST(ifma52.Const(cA24), x[k], kLane1, op1[k])
		} else {
			VMOVDQA64_Z(x[k], kNotLane1, op1[k])
		}
		VPBLENDMQ(y[k], x[k], kLane0, op2[k])
	}
	regs.PutElem(x)
	regs.PutElem(y)
	Comment("(0, AA, 0, 0), the start of round 2's last accumulators: VSHUFPD $0 puts each",
		"128-bit half's word 0 in both its words (so AA in lane 1), and the mask zeroes",
		"every lane but 1.")
	aa := regs.GetElem()
	for k := range op1 {
		VSHUFPD_Z(U8(0), op1[k], op1[k], kLane1, aa[k])
	}
	Comment("Round 2: W = (0, AA, 0, 0) + (AA·BB, a24·E, s², d²) = (x2', AA + a24·E, x3', d²), as",
		"columns.")
	w := ifma52.MulColumnsFrom(op1, op2, func(k int) Op { return aa[k] })
	regs.PutElem(op1)

	Comment("Round 3 operand: (1, E, 1, x1) is r3 = (1, ., 1, x1) with the second operand's lane 1.")
	op3 := regs.GetElem()
	for k := range op2 {
		VPBLENDMQ(Mem{Base: r3Ptr, Disp: k * ifma52.LimbBytes}, op2[k], kNotLane1, op3[k])
	}
	regs.PutElem(op2)
	ifma52.Carry(w)

	Comment("Round 3: S' = W ∘ (1, E, 1, x1) = (x2', E·(AA + a24·E), x3', x1·d²), as columns.")
	out := ifma52.MulColumns(w, op3)
	regs.PutElem(w)
	regs.PutElem(op3)
	return out
}
