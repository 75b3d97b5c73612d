// Command ifma writes vec_ifma_amd64.s and its Go declarations
// vec_ifma_asm_amd64.go: the AVX-512 IFMA kernels behind the IFMA seam of
// vec_ifma.go.
//
// Regenerate from the module root with `go generate` (see
// vec_ifma_amd64.go), which runs
//
//	go -C _asm run ./ifma -out ../vec_ifma_amd64.s -stubs ../vec_ifma_asm_amd64.go -pkg edwards25519
//
// The output depends only on this program, so running it twice gives the
// same bytes; CI regenerates and fails on a diff.
//
// # What the routines compute
//
// Exactly the limbs of the ...Generic twins in vec_ifma.go, whose section
// comment gives the representation, the formulas and the bounds: the vector
// multiplication (ifmaMul), the doubling, the addition of an addend with a
// sign (ifmaAddAffine), the same fused with the constant-time scan of a row
// of eight addends (ifmaAddDigit), the addition of an unsigned addend
// (ifmaAddCached) and the cached form (ifmaCached). A vector field element
// is five limbs, limb k being one YMM register that holds limb k of four
// field elements in its four 64-bit lanes (memory layout [5][4]uint64).
//
// AVX-512VL gives 32 YMM registers, enough to keep a whole point operation
// in registers: the kernels have no frame. Every memory access is a load
// of an argument or of the constant table, or the final store.
//
// A multiplication is 50 IFMA instructions into one accumulator per class
// of product (the low and the high halves of the products of column k and
// of column k+5, see mulColumns), summed in three rounds so that the
// products whose sums need the most steps come first; shifts and adds
// apply the factor 2 of the high halves and the 19 of the upper columns.
// The carry is ifmaCarry's one parallel round. Lane moves are in-lane swaps
// (VPSHUFD) and cross-lane permutations (VPERMQ); masked adds and
// subtracts choose the lanes an operation acts on. Each step's lane
// diagram is in the comments above its instructions.
//
// The kernels are bound by latency more than by throughput: a doubling is
// about 250 vector instructions, 102 of them IFMAs, on a path of two
// multiplications and the steps between them.
//
// # Constant time
//
// Straight-line code: no branch, and every address is an argument pointer
// or the constant table plus a constant. The lane masks in K1..K6 are
// constants. The digit and the sign act only through masks computed in Go
// (vecDigitMasks, or the neg argument), with bitwise instructions
// (VPANDQ, VPTERNLOGQ).
package main

import (
	"flag"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

const (
	limbs     = 5
	limbBytes = 32 // one YMM register: limb k of four elements
	elemBytes = limbs * limbBytes
)

// Field constants in radix 2^51, limb 0 and the others.
const (
	p0, pHigh = 1<<51 - 19, 1<<51 - 1
	beta0     = p0 << 10 // β = 2^10·p, the bias of the differences of columns
	betaHigh  = pHigh << 10
	twoP0     = 2 * p0
	twoPHigh  = 2 * pHigh
	mask51    = 1<<51 - 1
)

// The constant table, ifmaConsts. Each entry is a 32-byte vector (four
// lanes) unless said otherwise; "limb 0 / high" entries come in pairs for
// limb 0 and for limbs 1..4.
const (
	cMask51   = 0   // 2^51 - 1, one word (broadcast)
	cNineteen = 8   // 19, one word (broadcast)
	cTwoP0    = 16  // 2p's limb 0, one word (broadcast)
	cTwoPHigh = 24  // 2p's limbs 1..4, one word (broadcast)
	cBeta0    = 32  // β's limb 0, one word (broadcast)
	cBetaHigh = 40  // β's limbs 1..4, one word (broadcast)
	cBetaMid  = 64  // (0, β_k, β_k, 0): limb 0, then high at +32
	cIdentity = 128 // ifmaIdentityAddend, 160 bytes
)

var consts Mem

func constant(off int) Mem { return consts.Offset(off) }

// pair picks the limb-0 or the high entry of a pair for limb k.
func pair(off, k int) Mem {
	if k == 0 {
		return constant(off)
	}
	return constant(off + 32)
}

// Lane masks (K registers), constants set by setLaneMasks.
var laneMasks = []struct {
	k    OpmaskPhysical
	bits int
}{
	{K1, 0b0001}, // lane 0
	{K2, 0b0100}, // lane 2
	{K3, 0b0011}, // lanes 0 and 1
	{K4, 0b0101}, // lanes 0 and 2
	{K5, 0b0110}, // lanes 1 and 2
	{K6, 0b0111}, // lanes 0, 1 and 2
}

var (
	kLane0   = K1
	kLane2   = K2
	kLow     = K3
	kEven    = K4
	kMid     = K5
	kNotLane = K6 // all but lane 3
)

func setLaneMasks() {
	Comment("Lane masks: K1 = lane 0, K2 = lane 2, K3 = lanes 0 and 1, K4 = lanes 0 and 2,",
		"K5 = lanes 1 and 2, K6 = lanes 0, 1 and 2.")
	for _, m := range laneMasks {
		MOVL(U32(m.bits), EAX)
		KMOVW(EAX, m.k)
	}
}

var ys = []VecPhysical{
	Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15,
	Y16, Y17, Y18, Y19, Y20, Y21, Y22, Y23, Y24, Y25, Y26, Y27, Y28, Y29, Y30, Y31,
}

// pool hands out YMM registers. The kernels need at most 32 at once; get
// panics (at generation time) if they run out.
type pool struct{ used [32]bool }

var regs pool

func (p *pool) get() VecPhysical {
	for i := range p.used {
		if !p.used[i] {
			p.used[i] = true
			return ys[i]
		}
	}
	panic("out of YMM registers")
}

func (p *pool) getN(n int) []VecPhysical {
	out := make([]VecPhysical, n)
	for i := range out {
		out[i] = p.get()
	}
	return out
}

func (p *pool) put(rs ...VecPhysical) {
	for _, r := range rs {
		for i := range ys {
			if ys[i] == r {
				if !p.used[i] {
					panic("register freed twice")
				}
				p.used[i] = false
			}
		}
	}
}

// vec is a vector field element in five registers.
type vec [limbs]VecPhysical

func (p *pool) getVec() vec {
	var v vec
	copy(v[:], p.getN(limbs))
	return v
}

func (p *pool) putVec(v vec) { p.put(v[:]...) }

func load(v vec, m Mem) {
	for k := range v {
		VMOVDQU64(m.Offset(k*limbBytes), v[k])
	}
}

func store(v vec, m Mem) {
	for k := range v {
		VMOVDQU64(v[k], m.Offset(k*limbBytes))
	}
}

func main() {
	flag.Parse()
	ConstraintExpr("!purego")

	consts = GLOBL("ifmaConsts", RODATA|NOPTR)
	DATA(cMask51, U64(mask51))
	DATA(cNineteen, U64(19))
	DATA(cTwoP0, U64(twoP0))
	DATA(cTwoPHigh, U64(twoPHigh))
	DATA(cBeta0, U64(beta0))
	DATA(cBetaHigh, U64(betaHigh))
	for h, v := range []uint64{beta0, betaHigh} {
		for l, w := range []uint64{0, v, v, 0} {
			DATA(cBetaMid+32*h+8*l, U64(w))
		}
	}
	// The identity addend (p+1, p+1, p, p+2), limb by limb.
	for k := 0; k < limbs; k++ {
		p := uint64(pHigh)
		if k == 0 {
			p = p0
		}
		lanes := [4]uint64{p, p, p, p}
		if k == 0 {
			lanes = [4]uint64{p + 1, p + 1, p, p + 2}
		}
		for l, v := range lanes {
			DATA(cIdentity+limbBytes*k+8*l, U64(v))
		}
	}

	mulRoutine()
	doubleRoutine()
	addAffineRoutine()
	addDigitRoutine()
	addCachedRoutine()
	cachedRoutine()
	Generate()
}

// mulColumns emits f = the columns of a·b (vec_ifma.go: f_k = z_k +
// 19·z_(k+5), not carried) into newly allocated registers; a and b stay.
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
// accumulators: the first term of each, then the second, and so on.
func mulColumns(a, b vec) vec {
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
		for i := 0; i < limbs; i++ {
			if j := s - i; j >= 0 && j < limbs {
				acc.i = append(acc.i, i)
			}
		}
		return acc
	}
	emit := func(accs ...*accum) {
		for pos := 0; pos < limbs; pos++ {
			for _, acc := range accs {
				if pos >= len(acc.i) {
					continue
				}
				if acc.r == nil {
					acc.r = regs.get()
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
	var d, bb [limbs]*accum
	for k := 0; k < limbs; k++ {
		d[k] = class(k+limbs, true, nil)
		bb[k] = class(k+limbs, false, nil)
	}
	emit(append(d[:], bb[:]...)...)
	Comment("u_k = B_k + 2·D_k, s_k = u_k + 16·u_k.")
	var u, s17 vec
	for k := 0; k < limbs; k++ {
		u[k] = d[k].r
		VPADDQ(u[k], u[k], u[k])
		if bb[k].r != nil {
			VPADDQ(bb[k].r, u[k], u[k])
			regs.put(bb[k].r)
		}
		s17[k] = regs.get()
		VPSLLQ(U8(4), u[k], s17[k])
		VPADDQ(u[k], s17[k], s17[k])
	}

	Comment("C: the high halves of columns 1..4, onto u_k.")
	var c [limbs]*accum
	for k := limbs - 1; k >= 0; k-- {
		c[k] = class(k, true, u[k])
	}
	emit(c[4], c[3], c[2], c[1], c[0])
	Comment("w_k = 2·(u_k + C_k) + s_k.")
	var w vec
	for k := 0; k < limbs; k++ {
		w[k] = c[k].r
		VPADDQ(w[k], w[k], w[k])
		VPADDQ(s17[k], w[k], w[k])
		regs.put(s17[k])
	}

	Comment("A: the low halves of columns 0..4.")
	var aa [limbs]*accum
	for k := limbs - 1; k >= 0; k-- {
		aa[k] = class(k, false, nil)
	}
	emit(aa[4], aa[3], aa[2], aa[1], aa[0])
	Comment("f_k = A_k + w_k.")
	var f vec
	for k := 0; k < limbs; k++ {
		f[k] = aa[k].r
		VPADDQ(w[k], f[k], f[k])
		regs.put(w[k])
	}
	return f
}

// carry emits ifmaCarry on v in place: c_k = v_k >> 51 for every k, then
// v_k = (v_k mod 2^51) + c_(k-1) and v_0 = (v_0 mod 2^51) + 19·c_4, the
// last as one VPMADD52LUQ by a broadcast 19 (exact: c_4 < 2^13).
func carry(v vec) {
	Comment("Carry: c_k = v_k >> 51; v_k = (v_k mod 2^51) + c_(k-1); v_0 += 19·c_4.")
	c := regs.getN(limbs)
	for k := 0; k < limbs; k++ {
		VPSRLQ(U8(51), v[k], c[k])
		VPANDQ_BCST(constant(cMask51), v[k], v[k])
	}
	VPMADD52LUQ_BCST(constant(cNineteen), c[limbs-1], v[0])
	for k := 1; k < limbs; k++ {
		VPADDQ(c[k-1], v[k], v[k])
	}
	regs.put(c...)
}

// mul emits the carried product of a and b into new registers.
func mul(a, b vec) vec {
	f := mulColumns(a, b)
	carry(f)
	return f
}

func mulRoutine() {
	TEXT("ifmaMulAsm", NOSPLIT, "func(out, a, b *[5][4]uint64)")
	Pragma("noescape")
	Doc("ifmaMulAsm sets out = a·b lane by lane, as ifmaMulGeneric does, for loose a and b.",
		"It requires ifmaAvailable. out may alias a or b.")
	Load(Param("out"), RDI)
	Load(Param("a"), RSI)
	Load(Param("b"), RDX)
	a, b := regs.getVec(), regs.getVec()
	load(a, Mem{Base: RSI})
	load(b, Mem{Base: RDX})
	f := mul(a, b)
	regs.putVec(a)
	regs.putVec(b)
	store(f, Mem{Base: RDI})
	regs.putVec(f)
	VZEROUPPER()
	RET()
}

// sums emits U = (Y + 2p - X, Y + X, T, Z) from P = (X, Y, Z, T), carried,
// in P's registers.
func sums(p vec) vec {
	Comment("U = (Y + 2p - X, Y + X, T, Z) from P = (X, Y, Z, T): with P' = (Y, X, T, Z) (an",
		"in-lane swap), P's lane 0 becomes 2p - X, then U = P' plus P in lanes 0 and 1.")
	tp := twoPRegs()
	for k := 0; k < limbs; k++ {
		sw := regs.get()
		VPSHUFD(U8(0x4E), p[k], sw)
		VPSUBQ(p[k], tp(k), kLane0, p[k])
		VPADDQ(p[k], sw, kLow, sw)
		regs.put(p[k])
		p[k] = sw
	}
	tp(-1)
	carry(p)
	return p
}

// twoPRegs broadcasts 2p's limb 0 and its other limbs into two registers
// and returns the register for limb k; tp(-1) frees them.
func twoPRegs() func(k int) VecPhysical {
	return broadcastRegs(cTwoP0, cTwoPHigh)
}

// betaRegs is twoPRegs for β.
func betaRegs() func(k int) VecPhysical {
	return broadcastRegs(cBeta0, cBetaHigh)
}

func broadcastRegs(off0, offHigh int) func(k int) VecPhysical {
	r0, rHigh := regs.get(), regs.get()
	VPBROADCASTQ(constant(off0), r0)
	VPBROADCASTQ(constant(offHigh), rHigh)
	return func(k int) VecPhysical {
		switch {
		case k < 0:
			regs.put(r0, rHigh)
			return nil
		case k == 0:
			return r0
		}
		return rHigh
	}
}

// addBody emits p = p + Q for P in registers and the addend Q in
// registers (both freed), and returns the result, carried.
func addBody(p, q vec) vec {
	u := sums(p)
	Comment("(A, B, C, D) = U ∘ Q, as columns.")
	v := mulColumns(u, q)
	regs.putVec(u)
	regs.putVec(q)

	Comment("(E, H, F, G) = (B + β - A, B + A, D + β - C, D + C): with V = (A, B, C, D) and",
		"V' = (B, A, D, C) (an in-lane swap), V's lanes 0 and 2 become β - A and β - C,",
		"then V' + V.")
	beta := betaRegs()
	for k := 0; k < limbs; k++ {
		sw := regs.get()
		VPSHUFD(U8(0x4E), v[k], sw)
		VPSUBQ(v[k], beta(k), kEven, v[k])
		VPADDQ(v[k], sw, sw)
		regs.put(v[k])
		v[k] = sw
	}
	beta(-1)
	carry(v)

	Comment("W1 = (E, G, G, E), W2 = (F, H, F, H): permutations (0, 3, 3, 0) and (2, 1, 2, 1).")
	w1, w2 := regs.getVec(), regs.getVec()
	for k := 0; k < limbs; k++ {
		VPERMQ(U8(perm(0, 3, 3, 0)), v[k], w1[k])
		VPERMQ(U8(perm(2, 1, 2, 1)), v[k], w2[k])
	}
	regs.putVec(v)
	Comment("P' = W1 ∘ W2 = (E·F, G·H, G·F, E·H), carried.")
	out := mul(w1, w2)
	regs.putVec(w1)
	regs.putVec(w2)
	return out
}

// perm is the VPERMQ immediate that puts lane l_i of the source in lane i.
func perm(l0, l1, l2, l3 int) uint8 { return uint8(l0 | l1<<2 | l2<<4 | l3<<6) }

func doubleRoutine() {
	TEXT("ifmaDoubleAsm", NOSPLIT, "func(p *[5][4]uint64)")
	Pragma("noescape")
	Doc("ifmaDoubleAsm sets p = 2·p, as ifmaDoubleGeneric does. It requires ifmaAvailable.")
	Load(Param("p"), RDI)
	setLaneMasks()
	p := regs.getVec()
	load(p, Mem{Base: RDI})
	Comment("S1 = (X, Y, Z, X), S2 = (X, Y, Z, Y): P permuted by (0, 1, 2, 0) and (0, 1, 2, 1).")
	s1, s2 := regs.getVec(), regs.getVec()
	for k := 0; k < limbs; k++ {
		VPERMQ(U8(perm(0, 1, 2, 0)), p[k], s1[k])
		VPERMQ(U8(perm(0, 1, 2, 1)), p[k], s2[k])
	}
	regs.putVec(p)
	Comment("(A, B, Z², XY) = S1 ∘ S2, as columns.")
	f := mulColumns(s1, s2)
	regs.putVec(s1)
	regs.putVec(s2)

	Comment("(E, G, F', H') = (2XY, B + β - A, A + β - B + 2Z², A + B): with Q1 = (XY, B, A, B),",
		"Q2 = (XY, A, B, A) and h = (0, β, β + 2Z², 0), Q1 + Q2 in lanes 0 and 3 and",
		"Q1 + h - Q2 in lanes 1 and 2.")
	for k := 0; k < limbs; k++ {
		q1, q2, h := regs.get(), regs.get(), regs.get()
		VPERMQ(U8(perm(3, 1, 0, 1)), f[k], q1)
		VPERMQ(U8(perm(3, 0, 1, 0)), f[k], q2)
		VPADDQ_Z(f[k], f[k], kLane2, h)
		VPADDQ(pair(cBetaMid, k), h, h)
		VPADDQ(h, q1, h)
		VPADDQ(q2, q1, q1)
		VPSUBQ(q2, h, kMid, q1)
		regs.put(f[k], q2, h)
		f[k] = q1
	}
	carry(f)

	Comment("W1 = (E, G, F', H') itself, W2 = (F', H', G, E): the permutation (2, 3, 1, 0).")
	w2 := regs.getVec()
	for k := 0; k < limbs; k++ {
		VPERMQ(U8(perm(2, 3, 1, 0)), f[k], w2[k])
	}
	Comment("P' = W1 ∘ W2 = (E·F', G·H', F'·G, H'·E), carried.")
	out := mul(f, w2)
	regs.putVec(f)
	regs.putVec(w2)
	store(out, Mem{Base: RDI})
	regs.putVec(out)
	VZEROUPPER()
	RET()
}

// signAddend emits the conditional negation of the addend q in place:
// where neg (broadcast in lanes 0..2 of negMask, lane 3 zero) is all ones,
// (q0, q1, q2, q3) becomes (q1, q0, 2p - q2, q3). negMask is freed.
func signAddend(q vec, negMask VecPhysical) {
	Comment("Sign: N = (q1, q0, 2p - q2, .) (an in-lane swap, then lane 2 as 2p - q), and",
		"q = N where the mask (neg in lanes 0..2, 0 in lane 3) is set: VPTERNLOGQ",
		"0xD8 is (mask AND N) OR (NOT mask AND q).")
	tp := twoPRegs()
	for k := 0; k < limbs; k++ {
		n := regs.get()
		VPSHUFD(U8(0x4E), q[k], n)
		VPSUBQ(q[k], tp(k), kLane2, n)
		VPTERNLOGQ(U8(0xD8), negMask, n, q[k])
		regs.put(n)
	}
	tp(-1)
	regs.put(negMask)
}

func addAffineRoutine() {
	TEXT("ifmaAddAffineAsm", NOSPLIT, "func(p *[5][4]uint64, a *[5][4]uint64, neg uint64)")
	Pragma("noescape")
	Doc("ifmaAddAffineAsm sets p = p + a, or p - a when neg is all ones, as ifmaAddAffineGeneric does.",
		"It requires ifmaAvailable. neg must be 0 or all ones.")
	Load(Param("p"), RDI)
	Load(Param("a"), RSI)
	setLaneMasks()
	q := regs.getVec()
	load(q, Mem{Base: RSI})
	negMask := regs.get()
	VPBROADCASTQ_Z(NewParamAddr("neg", 16), kNotLane, negMask)
	signAddend(q, negMask)
	p := regs.getVec()
	load(p, Mem{Base: RDI})
	out := addBody(p, q)
	store(out, Mem{Base: RDI})
	regs.putVec(out)
	VZEROUPPER()
	RET()
}

func addDigitRoutine() {
	TEXT("ifmaAddDigitAsm", NOSPLIT, "func(p *[5][4]uint64, row *[8][5][4]uint64, masks *[10]uint64)")
	Pragma("noescape")
	Doc("ifmaAddDigitAsm sets p = p + d·R, where row[i] is (i+1)·R and masks = vecDigitMasks(d),",
		"as ifmaAddDigitGeneric does. It requires ifmaAvailable.")
	Load(Param("p"), RDI)
	Load(Param("row"), RSI)
	Load(Param("masks"), RDX)
	setLaneMasks()
	Comment("Scan: q = OR over e < 8 of (row[e] AND masks[e]), every entry read; then OR in",
		"the identity addend (p+1, p+1, p, p+2) under masks[8] (d = 0). VPTERNLOGQ 0xF8 is",
		"q OR (mask AND entry). masks[9] is the sign.")
	q := regs.getVec()
	m := regs.get()
	for e := 0; e <= 8; e++ {
		VPBROADCASTQ(Mem{Base: RDX, Disp: 8 * e}, m)
		for k := 0; k < limbs; k++ {
			src := Mem{Base: RSI, Disp: e*elemBytes + k*limbBytes}
			if e == 8 {
				src = constant(cIdentity + k*limbBytes)
			}
			if e == 0 {
				VPANDQ(src, m, q[k])
			} else {
				VPTERNLOGQ(U8(0xF8), src, m, q[k])
			}
		}
	}
	regs.put(m)
	negMask := regs.get()
	VPBROADCASTQ_Z(Mem{Base: RDX, Disp: 72}, kNotLane, negMask)
	signAddend(q, negMask)
	p := regs.getVec()
	load(p, Mem{Base: RDI})
	out := addBody(p, q)
	store(out, Mem{Base: RDI})
	regs.putVec(out)
	VZEROUPPER()
	RET()
}

func addCachedRoutine() {
	TEXT("ifmaAddCachedAsm", NOSPLIT, "func(p *[5][4]uint64, q *[5][4]uint64)")
	Pragma("noescape")
	Doc("ifmaAddCachedAsm sets p = p + q for an addend q, as ifmaAddCachedGeneric does.",
		"It requires ifmaAvailable.")
	Load(Param("p"), RDI)
	Load(Param("q"), RSI)
	setLaneMasks()
	q := regs.getVec()
	load(q, Mem{Base: RSI})
	p := regs.getVec()
	load(p, Mem{Base: RDI})
	out := addBody(p, q)
	store(out, Mem{Base: RDI})
	regs.putVec(out)
	VZEROUPPER()
	RET()
}

func cachedRoutine() {
	TEXT("ifmaCachedAsm", NOSPLIT, "func(q *[5][4]uint64, p *[5][4]uint64, scale *[5][4]uint64)")
	Pragma("noescape")
	Doc("ifmaCachedAsm sets q = (Y-X, Y+X, T, Z) ∘ scale for p = (X, Y, Z, T), as ifmaCachedGeneric",
		"does with scale = ifmaCachedScale. It requires ifmaAvailable. q may alias p.")
	Load(Param("q"), RDI)
	Load(Param("p"), RSI)
	Load(Param("scale"), RDX)
	setLaneMasks()
	p := regs.getVec()
	load(p, Mem{Base: RSI})
	u := sums(p)
	k := regs.getVec()
	load(k, Mem{Base: RDX})
	out := mul(u, k)
	regs.putVec(u)
	regs.putVec(k)
	store(out, Mem{Base: RDI})
	regs.putVec(out)
	VZEROUPPER()
	RET()
}
