// Package ifma52 emits, through avo, the AVX-512 IFMA field arithmetic that
// the generators of this module share: the register pool, the vector field
// element in five YMM registers, the multiplication into columns, the
// carry, and the constant table they read. _asm/ifma (the Edwards point
// kernels of the root package) and _asm/ladder (the X25519 ladder of the
// x25519 package) build their kernels on it.
//
// # Representation
//
// A vector field element holds four elements of GF(2^255 - 19), one per
// 64-bit lane, in radix 2^51: limb k (weight 2^(51·k), k < 5) of the four
// lanes is one YMM register, and in memory the layout is [5][4]uint64
// (limb-major, 32 bytes per limb). The bounds, limb by limb:
//
//	reduced:  < 2^51 + 2^18   (what Carry returns, whatever came in)
//	loose:    < 2^52          (what a multiplication accepts: IFMA reads 52 bits)
//
// The root module's package internal/ifma52 proves them (its package
// comment); its MulColumns and Carry are the portable twins of MulColumns
// and Carry here, in both generators' kernels.
//
// # The constant table
//
// Each generated file has one read-only table, declared by DeclareConsts,
// whose first 48 bytes are the words every user needs (the offsets
// CMask51 .. CBetaHigh); a generator adds its own entries from offset 48 on.
package ifma52

import (
	"slices"
	"strconv"
	"strings"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

const (
	Limbs     = 5
	LimbBytes = 32 // one YMM register: limb k of four elements
	ElemBytes = Limbs * LimbBytes
)

// Field constants in radix 2^51, limb 0 and the others.
const (
	P0, PHigh = 1<<51 - 19, 1<<51 - 1
	Beta0     = P0 << 10 // β = 2^10·p, the bias of the differences of columns
	BetaHigh  = PHigh << 10
	TwoP0     = 2 * P0
	TwoPHigh  = 2 * PHigh
	Mask51    = 1<<51 - 1
)

// The shared head of every constant table: one word each, read with
// broadcasts.
const (
	CMask51   = 0  // 2^51 - 1
	CNineteen = 8  // 19
	CTwoP0    = 16 // 2p's limb 0
	CTwoPHigh = 24 // 2p's limbs 1..4
	CBeta0    = 32 // β's limb 0
	CBetaHigh = 40 // β's limbs 1..4

	// HeadBytes is where a generator's own entries may start.
	HeadBytes = 48
)

var consts Mem

// DeclareConsts declares the read-only table name with its shared head and
// makes it the table that Const, Carry and the broadcasts read from then on.
// The generator adds its own entries with DATA at offsets from HeadBytes on.
func DeclareConsts(name string) Mem {
	consts = GLOBL(name, RODATA|NOPTR)
	DATA(CMask51, U64(Mask51))
	DATA(CNineteen, U64(19))
	DATA(CTwoP0, U64(TwoP0))
	DATA(CTwoPHigh, U64(TwoPHigh))
	DATA(CBeta0, U64(Beta0))
	DATA(CBetaHigh, U64(BetaHigh))
	return consts
}

// Const is the table entry at byte offset off.
func Const(off int) Mem { return consts.Offset(off) }

var ys = []VecPhysical{
	Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15,
	Y16, Y17, Y18, Y19, Y20, Y21, Y22, Y23, Y24, Y25, Y26, Y27, Y28, Y29, Y30, Y31,
}

var zs = []VecPhysical{
	Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15,
	Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31,
}

// Wide makes the routine being generated work on two vector elements at
// once, one in each 256-bit half of ZMM registers: the pool hands out ZMM
// registers, SetLaneMasks sets each mask in both halves, and LoadElem2 and
// StoreElem2 join and split the halves. Nothing else changes: the lane
// moves, VPERMQ with an immediate and VPSHUFD, act within each half, and
// the constants are read with broadcasts. So a wide routine computes, in
// each half, exactly what the same code computes in a YMM register. A
// generator sets Wide for one routine and clears it after.
var Wide bool

// Pool hands out YMM registers, or ZMM ones under Wide. The kernels need
// at most 32 at once; Get panics (at generation time) if they run out.
type Pool struct{ used [32]bool }

// Regs is the pool of the kernel being generated.
var Regs Pool

func (p *Pool) Get() VecPhysical {
	for i := range p.used {
		if !p.used[i] {
			p.used[i] = true
			if Wide {
				return zs[i]
			}
			return ys[i]
		}
	}
	panic("out of vector registers")
}

func (p *Pool) GetN(n int) []VecPhysical {
	out := make([]VecPhysical, n)
	for i := range out {
		out[i] = p.Get()
	}
	return out
}

func (p *Pool) Put(rs ...VecPhysical) {
	for _, r := range rs {
		p.mark(r, false, "register freed twice")
	}
}

// Take marks the registers rs, which must be free, as in use: for a value
// that has to be in given registers, as a loop's state is at its back edge.
func (p *Pool) Take(rs ...VecPhysical) {
	for _, r := range rs {
		p.mark(r, true, "register taken twice")
	}
}

// mark sets whether r is in use, and panics with msg if it already was as
// asked.
func (p *Pool) mark(r VecPhysical, used bool, msg string) {
	for i := range ys {
		if ys[i] == r || zs[i] == r {
			if p.used[i] == used {
				panic(msg)
			}
			p.used[i] = used
		}
	}
}

// InUse reports how many registers are taken: 0 at the end of a kernel
// that freed all it got.
func (p *Pool) InUse() int {
	n := 0
	for _, u := range p.used {
		if u {
			n++
		}
	}
	return n
}

// Elem is a vector field element in five registers.
type Elem [Limbs]VecPhysical

func (p *Pool) GetElem() Elem {
	var v Elem
	copy(v[:], p.GetN(Limbs))
	return v
}

func (p *Pool) PutElem(v Elem) { p.Put(v[:]...) }

// LoadElem reads the element at m ([5][4]uint64) into newly allocated
// registers.
func LoadElem(m Mem) Elem {
	v := Regs.GetElem()
	for k := range v {
		VMOVDQU64(m.Offset(k*LimbBytes), v[k])
	}
	return v
}

// StoreElem writes v to m.
func StoreElem(v Elem, m Mem) {
	for k := range v {
		VMOVDQU64(v[k], m.Offset(k*LimbBytes))
	}
}

// LoadElem2 reads the elements at lo and hi ([5][4]uint64 each) into the
// low and the high halves of newly allocated ZMM registers (under Wide).
func LoadElem2(lo, hi Mem) Elem {
	v := Regs.GetElem()
	for k := range v {
		VMOVDQU64(lo.Offset(k*LimbBytes), v[k].AsY())
		VINSERTI64X4(U8(1), hi.Offset(k*LimbBytes), v[k], v[k])
	}
	return v
}

// StoreElem2 writes the low halves of v to lo and the high halves to hi.
func StoreElem2(v Elem, lo, hi Mem) {
	for k := range v {
		VMOVDQU64(v[k].AsY(), lo.Offset(k*LimbBytes))
		VEXTRACTI64X4(U8(1), v[k], hi.Offset(k*LimbBytes))
	}
}

// StoreAndReturn ends a kernel: it writes v to m, frees v's registers, and
// emits VZEROUPPER and RET. It panics if the kernel left other registers in
// use.
func StoreAndReturn(v Elem, m Mem) {
	StoreElem(v, m)
	ret(v)
}

// FreeAndReturn ends a kernel that has stored its result v itself, as
// StoreAndReturn does after its stores.
func FreeAndReturn(v Elem) { ret(v) }

// StoreSpacedAndReturn is StoreAndReturn with limb k of v written at
// m + k·stride rather than m + k·LimbBytes.
func StoreSpacedAndReturn(v Elem, m Mem, stride int) {
	for k := range v {
		VMOVDQU64(v[k], m.Offset(k*stride))
	}
	ret(v)
}

// StoreAndReturn2 is StoreAndReturn for a wide routine: StoreElem2, then
// the same end.
func StoreAndReturn2(v Elem, lo, hi Mem) {
	StoreElem2(v, lo, hi)
	ret(v)
}

// ret frees v's registers, checks that no other is in use, and emits
// VZEROUPPER and RET.
func ret(v Elem) {
	Regs.PutElem(v)
	if n := Regs.InUse(); n != 0 {
		panic("registers left in use")
	}
	VZEROUPPER()
	RET()
}

// MoveElem emits the moves that put the limbs of src into the registers of
// dst, which may share registers with src, as a parallel move: a register
// is overwritten only once no pending move reads it, and a cycle of moves
// is broken through a free register. The pool is not changed.
func MoveElem(dst, src Elem) {
	var pending []int
	for k := range dst {
		if dst[k] != src[k] {
			pending = append(pending, k)
		}
	}
	var tmp []VecPhysical
	for len(pending) > 0 {
		progress := false
		for i := 0; i < len(pending); i++ {
			k := pending[i]
			read := false
			for _, j := range pending {
				if j != k && src[j] == dst[k] {
					read = true
				}
			}
			if read {
				continue
			}
			VMOVDQA64(src[k], dst[k])
			pending = append(pending[:i], pending[i+1:]...)
			i--
			progress = true
		}
		if !progress {
			k := pending[0]
			r := Regs.Get()
			tmp = append(tmp, r)
			VMOVDQA64(src[k], r)
			src[k] = r
		}
	}
	Regs.Put(tmp...)
}

// MoveBack ends a loop body that turned the value in dst's registers (freed)
// into src: it moves src into dst's registers, for the next pass, and
// leaves the pool with dst's registers taken and src's other ones free.
// dst's registers are taken before the moves, so that a cycle of moves
// cannot borrow one of them that already holds its limb.
func MoveBack(dst, src Elem) {
	var back []VecPhysical // dst's registers that src does not hold
	for _, r := range dst {
		if !slices.Contains(src[:], r) {
			back = append(back, r)
		}
	}
	Regs.Take(back...)
	MoveElem(dst, src)
	for _, r := range src {
		if !slices.Contains(dst[:], r) {
			Regs.Put(r)
		}
	}
}

// LaneMask is a lane mask held in a K register: lane l is selected where
// bit l of Lanes is set.
type LaneMask struct {
	K     OpmaskPhysical
	Lanes int
}

// SetLaneMasks emits the loads of the constant masks into their K
// registers, after a comment that lists them, four to a line. Under Wide
// each mask selects its lanes in both halves.
func SetLaneMasks(masks []LaneMask) {
	var lines []string
	for i := 0; i < len(masks); i += 4 {
		var names []string
		for _, m := range masks[i:min(i+4, len(masks))] {
			names = append(names, m.K.Asm()+" = "+laneList(m.Lanes))
		}
		line := strings.Join(names, ", ")
		switch {
		case i == 0 && Wide:
			line = "Lane masks, in each half: " + line
		case i == 0:
			line = "Lane masks: " + line
		}
		if i+4 < len(masks) {
			line += ","
		} else {
			line += "."
		}
		lines = append(lines, line)
	}
	Comment(lines...)
	for _, m := range masks {
		lanes := m.Lanes
		if Wide {
			lanes |= lanes << 4
		}
		MOVL(U32(lanes), EAX)
		KMOVW(EAX, m.K)
	}
}

// laneList names the lanes whose bits are set: "lane 0", "lanes 0 and 2",
// "lanes 0, 1 and 2".
func laneList(bits int) string {
	var ls []string
	for l := range 4 {
		if bits>>l&1 == 1 {
			ls = append(ls, strconv.Itoa(l))
		}
	}
	if len(ls) == 1 {
		return "lane " + ls[0]
	}
	return "lanes " + strings.Join(ls[:len(ls)-1], ", ") + " and " + ls[len(ls)-1]
}

// Perm is the VPERMQ immediate that puts lane l_i of the source in lane i.
func Perm(l0, l1, l2, l3 int) uint8 { return uint8(l0 | l1<<2 | l2<<4 | l3<<6) }

// MulColumns emits f = the columns of a·b (internal/ifma52: f_k = z_k +
// 19·z_(k+5), not carried) into newly allocated registers; a and b stay.
// For loose a and b, f_k < (267 - 54k)·2^52 < 2^60.1.
//
// Each product a_i·b_j gives two IFMAs: its low half goes to column s =
// i+j, its high half to column s+1, and a column 5..9 counts 19 times in
// limb s-5. So limb k gathers four classes of terms, each summed in its own
// accumulator:
//
//	A_k  low halves of column k          (weight 1)
//	C_k  high halves of column k         (weight 2)
//	B_k  low halves of column k+5        (weight 19)
//	D_k  high halves of column k+5       (weight 38)
//
// and f_k = A_k + 2·(u_k + C_k) + 17·u_k with u_k = B_k + 2·D_k. The sums
// run in three rounds: the D and B terms, then u_k and 17·u_k = u_k +
// 16·u_k; the C terms, accumulated onto u_k, then w_k = 2·(u_k + C_k) +
// 17·u_k; the A terms, then f_k = A_k + w_k. The terms that need the most
// steps after their products come first, and the last ones only one
// addition. An IFMA waits four cycles for the previous one into the same
// accumulator, so within a round the IFMAs go out round-robin over the
// accumulators: the first term of each, then the second, and so on. Within
// an accumulator the terms that read limb 0 of a or of b come last: after
// a Carry, limb 0 is the last one ready (its 19·c_4 is an IFMA), and the
// operands of most multiplications come out of one.
func MulColumns(a, b Elem) Elem { return MulColumnsFrom(a, b, nil) }

// MulColumnsFrom is MulColumns with a seed added to the columns: f_k =
// seed_k + (the columns of a·b)_k, the seed being where the A accumulators
// start (in place of a zeroing, and with no addition). seed(k) is either a
// 32-byte table entry, loaded (under Wide, broadcast to both halves), or a
// register, which becomes the accumulator (so limb k of the result). A nil
// seed is MulColumns.
func MulColumnsFrom(a, b Elem, seed func(k int) Op) Elem {
	Comment("Columns of a·b: f_k = A_k + 2·(u_k + C_k) + 17·u_k with u_k = B_k + 2·D_k, where",
		"A_k and C_k sum the low and high halves of the products in column k, B_k and D_k",
		"those in column k+5.")
	type accum struct {
		i    []int // the products a_i·b_j, i+j = col (low) or col-1 (high)
		col  int
		high bool
		r    VecPhysical
	}
	// class returns the accumulator of the low or high halves of column
	// col (the high half of a_i·b_j is in column i+j+1), starting from
	// start, or from zero if start is nil.
	class := func(col int, high bool, start VecPhysical) *accum {
		acc := &accum{col: col, high: high, r: start}
		s := col
		if high {
			s--
		}
		var late []int
		for i := 0; i < Limbs; i++ {
			if j := s - i; j >= 0 && j < Limbs {
				if i == 0 || j == 0 {
					late = append(late, i)
				} else {
					acc.i = append(acc.i, i)
				}
			}
		}
		acc.i = append(acc.i, late...)
		return acc
	}
	emit := func(accs ...*accum) {
		for pos := 0; pos < Limbs; pos++ {
			for _, acc := range accs {
				if pos >= len(acc.i) {
					continue
				}
				if acc.r == nil {
					acc.r = Regs.Get()
					VPXORQ(acc.r, acc.r, acc.r)
				}
				i := acc.i[pos]
				j := acc.col - i
				if acc.high {
					VPMADD52HUQ(b[j-1], a[i], acc.r)
				} else {
					VPMADD52LUQ(b[j], a[i], acc.r)
				}
			}
		}
	}

	Comment("D and B: the high and low halves of columns 5..9.")
	var d, bb [Limbs]*accum
	for k := 0; k < Limbs; k++ {
		d[k] = class(k+Limbs, true, nil)
		bb[k] = class(k+Limbs, false, nil)
	}
	emit(append(d[:], bb[:]...)...)
	Comment("u_k = B_k + 2·D_k, s_k = u_k + 16·u_k.")
	var u, s17 Elem
	for k := 0; k < Limbs; k++ {
		u[k] = d[k].r
		VPADDQ(u[k], u[k], u[k])
		if bb[k].r != nil {
			VPADDQ(bb[k].r, u[k], u[k])
			Regs.Put(bb[k].r)
		}
		s17[k] = Regs.Get()
		VPSLLQ(U8(4), u[k], s17[k])
		VPADDQ(u[k], s17[k], s17[k])
	}

	Comment("C: the high halves of columns 1..4, onto u_k.")
	var c [Limbs]*accum
	for k := Limbs - 1; k >= 0; k-- {
		c[k] = class(k, true, u[k])
	}
	emit(c[4], c[3], c[2], c[1], c[0])
	Comment("w_k = 2·(u_k + C_k) + s_k.")
	var w Elem
	for k := 0; k < Limbs; k++ {
		w[k] = c[k].r
		VPADDQ(w[k], w[k], w[k])
		VPADDQ(s17[k], w[k], w[k])
		Regs.Put(s17[k])
	}

	var aa [Limbs]*accum
	if seed == nil {
		Comment("A: the low halves of columns 0..4.")
	} else {
		Comment("A: the low halves of columns 0..4, from the seed.")
	}
	for k := Limbs - 1; k >= 0; k-- {
		var start VecPhysical
		if seed != nil {
			switch sk := seed(k).(type) {
			case VecPhysical:
				start = sk
			case Mem:
				start = Regs.Get()
				if Wide {
					VBROADCASTI64X4(sk, start)
				} else {
					VMOVDQU64(sk, start)
				}
			default:
				panic("ifma52: a seed is a register or a table entry")
			}
		}
		aa[k] = class(k, false, start)
	}
	emit(aa[4], aa[3], aa[2], aa[1], aa[0])
	Comment("f_k = A_k + w_k.")
	var f Elem
	for k := 0; k < Limbs; k++ {
		f[k] = aa[k].r
		VPADDQ(w[k], f[k], f[k])
		Regs.Put(w[k])
	}
	return f
}

// Carry emits the carry of the root module's internal/ifma52 on v in place:
// c_k = v_k >> 51 for every k, then v_k = (v_k mod 2^51) + c_(k-1) and
// v_0 = (v_0 mod 2^51) + 19·c_4, the last as one VPMADD52LUQ by a broadcast
// 19 (exact: c_4 < 2^13). Any 64-bit limbs come out reduced, with the same
// value mod p.
func Carry(v Elem) {
	Comment("Carry: c_k = v_k >> 51; v_k = (v_k mod 2^51) + c_(k-1); v_0 += 19·c_4.")
	c := Regs.GetN(Limbs)
	for k := 0; k < Limbs; k++ {
		VPSRLQ(U8(51), v[k], c[k])
		VPANDQ_BCST(Const(CMask51), v[k], v[k])
	}
	VPMADD52LUQ_BCST(Const(CNineteen), c[Limbs-1], v[0])
	for k := 1; k < Limbs; k++ {
		VPADDQ(c[k-1], v[k], v[k])
	}
	Regs.Put(c...)
}

// Mul emits the carried product of a and b into new registers: reduced,
// for loose a and b.
func Mul(a, b Elem) Elem {
	f := MulColumns(a, b)
	Carry(f)
	return f
}

// TwoPRegs broadcasts 2p's limb 0 and its other limbs into two registers
// and returns the register for limb k; tp(-1) frees them.
func TwoPRegs() func(k int) VecPhysical {
	return BroadcastRegs(CTwoP0, CTwoPHigh)
}

// BetaRegs is TwoPRegs for β.
func BetaRegs() func(k int) VecPhysical {
	return BroadcastRegs(CBeta0, CBetaHigh)
}

// BroadcastRegs broadcasts the table words at off0 (limb 0) and offHigh
// (limbs 1..4) into two registers and returns the register for limb k;
// r(-1) frees them.
func BroadcastRegs(off0, offHigh int) func(k int) VecPhysical {
	r0, rHigh := Regs.Get(), Regs.Get()
	VPBROADCASTQ(Const(off0), r0)
	VPBROADCASTQ(Const(offHigh), rHigh)
	return func(k int) VecPhysical {
		switch {
		case k < 0:
			Regs.Put(r0, rHigh)
			return nil
		case k == 0:
			return r0
		}
		return rHigh
	}
}
