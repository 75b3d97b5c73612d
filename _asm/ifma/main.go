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
// of eight addends (ifmaAddDigit), four doublings and that in one kernel
// (ifmaDouble4AddDigit), n doublings and an addition with a sign in one
// kernel (ifmaDoubleNAddAffine), the addition of an unsigned addend
// (ifmaAddCached) and the cached form (ifmaCached, and ifmaCachedSpaced,
// which stores it into one half of two comb rows kept interleaved), and
// two doublings at once (ifmaDouble2), two additions with a sign
// (ifmaAddAffine2), and likewise two scans and additions of two rows kept
// interleaved (ifmaAddDigitPair), two cached additions (ifmaAddCached2)
// and two cached forms (ifmaCached2, and ifmaCachedPair, which stores them
// interleaved): each wide routine's twin is two calls of the four-lane twin
// (see ifma52.Wide). Three more read and write Points rather than lanes,
// for Point.Add, Subtract, Double and MultByCofactor: ifmaAddPoint,
// ifmaDoublePoint and ifmaMultByCofactorPoint, whose twins are in
// vec_ifma_point.go (see loadPoint and storePointAndReturn). A vector field
// element is five limbs, limb k being one YMM register that holds limb k of
// four field elements in its four 64-bit lanes (memory layout [5][4]uint64).
//
// AVX-512VL gives 32 YMM registers, enough to keep a whole point operation
// in registers: the kernels have no frame. Every memory access is a load
// of an argument or of the constant table, or the final store.
//
// The field arithmetic is the package ifma52, shared with _asm/ladder. A
// multiplication is 50 IFMA instructions into one accumulator per class of
// product (the low and the high halves of the products of column k and of
// column k+5, see ifma52.MulColumns), summed in three rounds so that the
// products whose sums need the most steps come first; shifts and adds
// apply the factor 2 of the high halves and the 19 of the upper columns.
// The carry is one parallel round (ifma52.Carry). Lane moves are in-lane
// swaps (VPSHUFD) and selections (VSHUFPD, which takes any 64-bit word of
// each 128-bit half: it is a floating-point instruction, and a word is only
// moved) and cross-lane permutations (VPERMQ); masked adds and
// subtracts choose the lanes an operation acts on. Each step's lane diagram
// is in the comments above its instructions.
//
// The kernels are bound by latency more than by throughput: a doubling is
// about 280 vector instructions, 102 of them IFMAs, on a path of two
// multiplications and the steps between them.
//
// # Constant time
//
// Straight-line code: no branch but the loop of ifmaDoubleNAddAffine, which
// counts its public n (the variable-time loops' runs of zero digits, and the
// constant 2 in ScalarMultSlow's loop), and every address is
// an argument pointer, an argument's own slot (the scans' masks) or the
// constant table, plus a constant. The lane masks in K1..K6 are constants.
// The digit and the sign act only through masks computed in Go
// (vecDigitMasks, passed by value, or the neg argument), with bitwise
// instructions (VPANDQ, VPTERNLOGQ).
// The wide routines are straight-line code too, with the masks of each
// half loaded and joined the same way. The constant-time loops run them
// too: the combs ifmaAddDigitPair, and MultiScalarMult's two accumulators
// ifmaDouble2, ifmaAddDigitPair, ifmaAddAffine2 (the final corrections)
// and ifmaCached2, ifmaCachedPair and ifmaAddCached2 (the tables of the
// points, which are not secret); dudect measures them through those
// functions.
package main

import (
	"flag"

	"github.com/seed06d4b90c/edwards25519/_asm/internal/ifma52"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The entries of ifmaConsts after the shared head (ifma52.DeclareConsts).
// Each is a 32-byte vector (four lanes), in pairs for limb 0 and for limbs
// 1..4.
const (
	cBetaMid = 64  // (0, β_k, β_k, 0): limb 0, then high at +32
	cP0      = 128 // p's limb 0, one word
	cPHigh   = 136 // p's limbs 1..4, one word
)

// regs is the register pool of ifma52, which its multiplication and carry
// draw from too.
var regs = &ifma52.Regs

// The lane masks: K registers holding constants, which every kernel loads
// first (ifma52.SetLaneMasks).
var (
	kLane0   = K1
	kLane2   = K2
	kLow     = K3 // lanes 0 and 1
	kEven    = K4 // lanes 0 and 2
	kMid     = K5 // lanes 1 and 2
	kNotLane = K6 // all but lane 3
)

var laneMasks = []ifma52.LaneMask{
	{K: kLane0, Lanes: 0b0001},
	{K: kLane2, Lanes: 0b0100},
	{K: kLow, Lanes: 0b0011},
	{K: kEven, Lanes: 0b0101},
	{K: kMid, Lanes: 0b0110},
	{K: kNotLane, Lanes: 0b0111},
}

func main() {
	flag.Parse()
	ConstraintExpr("!purego")

	ifma52.DeclareConsts("ifmaConsts")
	for h, v := range []uint64{ifma52.Beta0, ifma52.BetaHigh} {
		for l, w := range []uint64{0, v, v, 0} {
			DATA(cBetaMid+32*h+8*l, U64(w))
		}
	}
	DATA(cP0, U64(ifma52.P0))
	DATA(cPHigh, U64(ifma52.PHigh))

	mulRoutine()
	doubleRoutine()
	double2Routine()
	addAffineRoutine()
	addAffine2Routine()
	addDigitRoutine()
	double4AddDigitRoutine()
	doubleNAddAffineRoutine()
	addDigitPairRoutine()
	addCachedRoutine()
	addCached2Routine()
	cachedRoutine()
	cachedSpacedRoutine()
	cached2Routine()
	cachedPairRoutine()
	doublePointRoutine()
	multByCofactorPointRoutine()
	addPointRoutine()
	Generate()
}

func mulRoutine() {
	TEXT("ifmaMulAsm", NOSPLIT, "func(out, a, b *[5][4]uint64)")
	Pragma("noescape")
	Doc("ifmaMulAsm sets out = a·b lane by lane, as ifmaMulGeneric does, for loose a and b.",
		"It requires ifmaAvailable. out may alias a or b.")
	Load(Param("out"), RDI)
	Load(Param("a"), RSI)
	Load(Param("b"), RDX)
	a := ifma52.LoadElem(Mem{Base: RSI})
	b := ifma52.LoadElem(Mem{Base: RDX})
	f := ifma52.Mul(a, b)
	regs.PutElem(a)
	regs.PutElem(b)
	ifma52.StoreAndReturn(f, Mem{Base: RDI})
}

// sums emits U = (Y + 2p - X, Y + X, T, Z) from P = (X, Y, Z, T), carried,
// in P's registers; with negT, U's lane 2 is 2p - T instead (the cached
// form's).
func sums(p ifma52.Elem, negT bool) ifma52.Elem {
	Comment("U = (Y + 2p - X, Y + X, T, Z) from P = (X, Y, Z, T): with P' = (Y, X, T, Z) (an",
		"in-lane swap), P's lane 0 becomes 2p - X, then U = P' plus P in lanes 0 and 1.")
	if negT {
		Comment("Then lane 2 of U becomes 2p - T.")
	}
	tp := ifma52.TwoPRegs()
	for k := 0; k < ifma52.Limbs; k++ {
		sw := regs.Get()
		VPSHUFD(U8(0x4E), p[k], sw)
		VPSUBQ(p[k], tp(k), kLane0, p[k])
		VPADDQ(p[k], sw, kLow, sw)
		if negT {
			VPSUBQ(sw, tp(k), kLane2, sw)
		}
		regs.Put(p[k])
		p[k] = sw
	}
	tp(-1)
	ifma52.Carry(p)
	return p
}

// addToPoint ends the addition kernels: it emits P = P + q for the point P
// at RDI and the addend q in registers (freed), stores P and returns.
func addToPoint(q ifma52.Elem) {
	p := ifma52.LoadElem(Mem{Base: RDI})
	ifma52.StoreAndReturn(addBody(p, q), Mem{Base: RDI})
}

// addBody emits p = p + Q for P in registers and the addend Q in
// registers (both freed), and returns the result, carried.
func addBody(p, q ifma52.Elem) ifma52.Elem {
	u := sums(p, false)
	Comment("(A, B, C, D) = U ∘ Q, as columns.")
	v := ifma52.MulColumns(u, q)
	regs.PutElem(u)
	regs.PutElem(q)

	Comment("(E, H, F, G) = (B + β - A, B + A, D + β - C, D + C): with V = (A, B, C, D) and",
		"V' = (B, A, D, C) (an in-lane swap), V's lanes 0 and 2 become β - A and β - C,",
		"then V' + V.")
	beta := ifma52.BetaRegs()
	for k := 0; k < ifma52.Limbs; k++ {
		sw := regs.Get()
		VPSHUFD(U8(0x4E), v[k], sw)
		VPSUBQ(v[k], beta(k), kEven, v[k])
		VPADDQ(v[k], sw, sw)
		regs.Put(v[k])
		v[k] = sw
	}
	beta(-1)
	ifma52.Carry(v)

	Comment("W1 = (E, G, G, E), W2 = (F, H, F, H): permutations (0, 3, 3, 0) and (2, 1, 2, 1).")
	w1, w2 := regs.GetElem(), regs.GetElem()
	for k := 0; k < ifma52.Limbs; k++ {
		VPERMQ(U8(ifma52.Perm(0, 3, 3, 0)), v[k], w1[k])
		VPERMQ(U8(ifma52.Perm(2, 1, 2, 1)), v[k], w2[k])
	}
	regs.PutElem(v)
	Comment("P' = W1 ∘ W2 = (E·F, G·H, G·F, E·H), carried.")
	out := ifma52.Mul(w1, w2)
	regs.PutElem(w1)
	regs.PutElem(w2)
	return out
}

func doubleRoutine() {
	TEXT("ifmaDoubleAsm", NOSPLIT, "func(p *[5][4]uint64)")
	Pragma("noescape")
	Doc("ifmaDoubleAsm sets p = 2·p, as ifmaDoubleGeneric does. It requires ifmaAvailable.")
	Load(Param("p"), RDI)
	ifma52.SetLaneMasks(laneMasks)
	p := ifma52.LoadElem(Mem{Base: RDI})
	ifma52.StoreAndReturn(doubleBody(p), Mem{Base: RDI})
}

// double2Routine writes the wide twin of doubleRoutine: two doublings in
// the two halves of ZMM registers, for loops that keep two accumulators
// (the Straus loops of scalarmult_vec.go).
func double2Routine() {
	TEXT("ifmaDouble2Asm", NOSPLIT, "func(p *[5][4]uint64, p2 *[5][4]uint64)")
	Pragma("noescape")
	Doc("ifmaDouble2Asm does ifmaDoubleAsm(p) and ifmaDoubleAsm(p2) at once, in the two halves of",
		"ZMM registers. It requires ifmaAvailable. p and p2 must not overlap.")
	ifma52.Wide = true
	defer func() { ifma52.Wide = false }()
	Load(Param("p"), RDI)
	Load(Param("p2"), R8)
	ifma52.SetLaneMasks(laneMasks)
	p := ifma52.LoadElem2(Mem{Base: RDI}, Mem{Base: R8})
	ifma52.StoreAndReturn2(doubleBody(p), Mem{Base: RDI}, Mem{Base: R8})
}

// doubleBody emits p = 2·p for P in registers (freed) and returns the
// result, carried.
func doubleBody(p ifma52.Elem) ifma52.Elem {
	Comment("S2 = (X, Y, Z, Z): VSHUFPD $0x22 picks words within each 128-bit half, (0, 1) in",
		"lanes 0 and 1 and (0, 0) in lanes 2 and 3 (and the same in a wide routine's upper",
		"256 bits). No word crosses a half, so no VPERMQ; the first operand is P itself.")
	s2 := regs.GetElem()
	for k := 0; k < ifma52.Limbs; k++ {
		VSHUFPD(U8(0x22), p[k], p[k], s2[k])
	}
	Comment("(A, B', Z²', TZ) = (0, β, β, 0) + P ∘ S2, as columns, with B' = B + β and",
		"Z²' = Z² + β: TZ = XY, since P's T is XY/Z. The bias is the start of the",
		"columns' last accumulators, so it costs no addition.")
	f := ifma52.MulColumnsFrom(p, s2, func(k int) Op { return ifma52.Const(cBetaMid + 32*min(k, 1)) })
	regs.PutElem(p)
	regs.PutElem(s2)

	Comment("(E, G, F', H') = (2TZ, B + β - A, A + β - B + 2Z², A + B + β): with",
		"Q1 = (TZ, B', A, B'), Q2 = (TZ, A, B', A) and h = (0, 0, 2Z²', 0), Q1 + Q2 in",
		"lanes 0 and 3 and Q1 + h - Q2 in lanes 1 and 2 (2Z²' - B' = 2Z² + β - B).")
	for k := 0; k < ifma52.Limbs; k++ {
		q1, q2, h := regs.Get(), regs.Get(), regs.Get()
		VPERMQ(U8(ifma52.Perm(3, 1, 0, 1)), f[k], q1)
		VPERMQ(U8(ifma52.Perm(3, 0, 1, 0)), f[k], q2)
		VPADDQ_Z(f[k], f[k], kLane2, h)
		VPADDQ(h, q1, h)
		VPADDQ(q2, q1, q1)
		VPSUBQ(q2, h, kMid, q1)
		regs.Put(f[k], q2, h)
		f[k] = q1
	}
	ifma52.Carry(f)

	Comment("W1 = (E, G, F', H') itself, W2 = (F', H', G, E): the permutation (2, 3, 1, 0).")
	w2 := regs.GetElem()
	for k := 0; k < ifma52.Limbs; k++ {
		VPERMQ(U8(ifma52.Perm(2, 3, 1, 0)), f[k], w2[k])
	}
	Comment("P' = W1 ∘ W2 = (E·F', G·H', F'·G, H'·E), carried.")
	out := ifma52.Mul(f, w2)
	regs.PutElem(f)
	regs.PutElem(w2)
	return out
}

// signAddend emits the conditional negation of the addend q in place:
// where neg (broadcast in lanes 0..2 of negMask, lane 3 zero) is all ones,
// (q0, q1, q2, q3) becomes (q1, q0, 2p - q2, q3). negMask is freed.
func signAddend(q ifma52.Elem, negMask VecPhysical) {
	Comment("Sign: N = (q1, q0, 2p - q2, .) (an in-lane swap, then lane 2 as 2p - q), and",
		"q = N where the mask (neg in lanes 0..2, 0 in lane 3) is set: VPTERNLOGQ",
		"0xD8 is (mask AND N) OR (NOT mask AND q).")
	tp := ifma52.TwoPRegs()
	for k := 0; k < ifma52.Limbs; k++ {
		n := regs.Get()
		VPSHUFD(U8(0x4E), q[k], n)
		VPSUBQ(q[k], tp(k), kLane2, n)
		VPTERNLOGQ(U8(0xD8), negMask, n, q[k])
		regs.Put(n)
	}
	tp(-1)
	regs.Put(negMask)
}

func addAffineRoutine() {
	TEXT("ifmaAddAffineAsm", NOSPLIT, "func(p *[5][4]uint64, a *[5][4]uint64, neg uint64)")
	Pragma("noescape")
	Doc("ifmaAddAffineAsm sets p = p + a, or p - a when neg is all ones, as ifmaAddAffineGeneric does.",
		"It requires ifmaAvailable. neg must be 0 or all ones.")
	Load(Param("p"), RDI)
	Load(Param("a"), RSI)
	ifma52.SetLaneMasks(laneMasks)
	q := ifma52.LoadElem(Mem{Base: RSI})
	signAddendBy(q, NewParamAddr("neg", 16))
	addToPoint(q)
}

// signAddendBy is signAddend with the sign word at neg, an argument slot
// (0 or all ones), broadcast into lanes 0..2 of the mask.
func signAddendBy(q ifma52.Elem, neg Mem) {
	negMask := regs.Get()
	VPBROADCASTQ_Z(neg, kNotLane, negMask)
	signAddend(q, negMask)
}

// wideSignMask returns a newly allocated ZMM register holding the sign word
// at lo in lanes 0..2 of its low half and the one at hi in lanes 0..2 of its
// high half, 0 in both lanes 3: the negMask of signAddend for a wide
// routine.
func wideSignMask(lo, hi Mem) VecPhysical {
	mask, high := regs.Get(), regs.Get()
	VPBROADCASTQ_Z(lo, kNotLane, mask.AsY())
	VPBROADCASTQ_Z(hi, kNotLane, high.AsY())
	VINSERTI64X4(U8(1), high.AsY(), mask, mask)
	regs.Put(high)
	return mask
}

// addAffine2Routine writes the wide twin of addAffineRoutine: two
// independent additions in the two halves of ZMM registers (see
// ifma52.Wide), for the bucket additions of Pippenger's method, which come
// in independent pairs. The kernels are bound by latency, and 512-bit IFMA
// issues at the 256-bit rate on Zen 5, so a pair costs about one addition
// (docs/PERFORMANCE.md).
func addAffine2Routine() {
	TEXT("ifmaAddAffine2Asm", NOSPLIT, "func(p *[5][4]uint64, a *[5][4]uint64, neg uint64, p2 *[5][4]uint64, a2 *[5][4]uint64, neg2 uint64)")
	Pragma("noescape")
	Doc("ifmaAddAffine2Asm does ifmaAddAffineAsm(p, a, neg) and ifmaAddAffineAsm(p2, a2, neg2)",
		"at once, in the two halves of ZMM registers. It requires ifmaAvailable. p and p2",
		"must not overlap; neg and neg2 must be 0 or all ones.")
	ifma52.Wide = true
	defer func() { ifma52.Wide = false }()
	Load(Param("p"), RDI)
	Load(Param("a"), RSI)
	Load(Param("p2"), R8)
	Load(Param("a2"), R9)
	ifma52.SetLaneMasks(laneMasks)
	q := ifma52.LoadElem2(Mem{Base: RSI}, Mem{Base: R9})
	Comment("The signs: neg in lanes 0..2 of the low half, neg2 in those of the high half.")
	signAddend(q, wideSignMask(NewParamAddr("neg", 16), NewParamAddr("neg2", 40)))
	p := ifma52.LoadElem2(Mem{Base: RDI}, Mem{Base: R8})
	ifma52.StoreAndReturn2(addBody(p, q), Mem{Base: RDI}, Mem{Base: R8})
}

func addDigitRoutine() {
	TEXT("ifmaAddDigitAsm", NOSPLIT, "func(p *[5][4]uint64, row *[8][5][4]uint64, masks uint64, neg uint64)")
	Pragma("noescape")
	Doc("ifmaAddDigitAsm adds to p the entry row[|d|-1] that the digit d names, negated for d < 0,",
		"for 1 ≤ |d| ≤ 8, with masks and neg from vecDigitMasks(d), as ifmaAddDigitGeneric does.",
		"It requires ifmaAvailable.")
	Load(Param("p"), RDI)
	Load(Param("row"), RSI)
	LEAQ(NewParamAddr("masks", 16), RDX)
	ifma52.SetLaneMasks(laneMasks)
	q := scanRow()
	addToPoint(q)
}

// double4AddDigitRoutine writes one step of the odd radix-16 loop in one
// kernel: four doublings of p, then addDigitRoutine's scan and addition,
// with p kept in registers throughout (ScalarMult's loop, vecOddRadix16 in
// scalarmult_vec.go, runs 63 of these).
func double4AddDigitRoutine() {
	TEXT("ifmaDouble4AddDigitAsm", NOSPLIT, "func(p *[5][4]uint64, row *[8][5][4]uint64, masks uint64, neg uint64)")
	Pragma("noescape")
	Doc("ifmaDouble4AddDigitAsm does ifmaDoubleAsm(p) four times, then ifmaAddDigitAsm(p, row, masks, neg).",
		"It requires ifmaAvailable.")
	Load(Param("p"), RDI)
	Load(Param("row"), RSI)
	LEAQ(NewParamAddr("masks", 16), RDX)
	ifma52.SetLaneMasks(laneMasks)
	p := ifma52.LoadElem(Mem{Base: RDI})
	for range 4 {
		p = doubleBody(p)
	}
	q := scanRow()
	ifma52.StoreAndReturn(addBody(p, q), Mem{Base: RDI})
}

// doubleNAddAffineRoutine writes n ≥ 1 doublings of p, then
// addAffineRoutine's addition, with p kept in registers throughout: a run
// of zero digits and the nonzero digit that ends it, in the w-NAF loops of
// VarTimeDoubleScalarBaseMult and VarTimeMultiScalarMult (scalarmult_vec.go),
// which know n from their public digits, and a radix-4 digit's two doublings
// and addition in ScalarMultSlow's loop (n = 2). The doubling is a loop
// counted down in CX, so the kernel's time depends on n, and only on n.
func doubleNAddAffineRoutine() {
	TEXT("ifmaDoubleNAddAffineAsm", NOSPLIT, "func(p *[5][4]uint64, n int, a *[5][4]uint64, neg uint64)")
	Pragma("noescape")
	Doc("ifmaDoubleNAddAffineAsm does ifmaDoubleAsm(p) n times, then ifmaAddAffineAsm(p, a, neg).",
		"It requires ifmaAvailable and n ≥ 1; its time depends on n.")
	Load(Param("p"), RDI)
	Load(Param("n"), RCX)
	Load(Param("a"), RSI)
	ifma52.SetLaneMasks(laneMasks)
	p := ifma52.LoadElem(Mem{Base: RDI})

	Label("double")
	q := doubleBody(p)
	Comment("The doubled point, back into the registers the loop starts from.")
	ifma52.MoveBack(p, q)
	DECQ(RCX)
	JNZ(LabelRef("double"))

	a := ifma52.LoadElem(Mem{Base: RSI})
	signAddendBy(a, NewParamAddr("neg", 24))
	ifma52.StoreAndReturn(addBody(p, a), Mem{Base: RDI})
}

// scanRow emits the scan of the row at (SI) with the masks at (DX) and the
// sign at neg's argument slot, and returns the signed entry in newly
// allocated registers.
func scanRow() ifma52.Elem {
	q := regs.GetElem()
	m := regs.Get()
	scanComment("masks, at (DX)")
	for e := 0; e < 8; e++ {
		broadcastMask(Mem{Base: RDX, Disp: e}, m)
		for k := 0; k < ifma52.Limbs; k++ {
			src := Mem{Base: RSI, Disp: e*ifma52.ElemBytes + k*ifma52.LimbBytes}
			if e == 0 {
				VPANDQ(src, m, q[k])
			} else {
				VPTERNLOGQ(U8(0xF8), src, m, q[k])
			}
		}
	}
	regs.Put(m)
	signAddendBy(q, NewParamAddr("neg", 24))
	return q
}

// scanComment writes the comment above a scan whose masks are the bytes of
// the argument named in where.
func scanComment(where string) {
	Comment("Scan: q = OR over e < 8 of (row[e] AND mask_e), every entry read. mask_e is",
		"byte e of "+where+" (0 or 0xff), broadcast to every byte: one VPBROADCASTB",
		"from the argument's memory per entry. VPTERNLOGQ 0xF8 is q OR (mask AND entry).")
}

// broadcastMask sets m (four lanes) to the byte at b in every byte. m must
// be below Y16, for the VEX form of AVX2: the EVEX form of VPBROADCASTB
// needs AVX512BW, which the backend does not require.
func broadcastMask(b Mem, m VecPhysical) {
	if m.PhysicalIndex() >= 16 {
		panic("broadcastMask: register above Y15")
	}
	VPBROADCASTB(b, m.AsY())
}

// addDigitPairRoutine writes the wide twin of addDigitRoutine: two scans of
// two rows and two additions, for the two accumulators of the combs
// (vecCombMult in comb.go) and of MultiScalarMult (scalarmult_vec.go). The
// rows are interleaved in memory (ifmaRowPair in vec_ifma.go): limb k of
// entry e of both is one 64-byte block, the first row's four lanes then the
// second's, so that every entry and limb is one memory operand of the
// scan's VPTERNLOGQ, kept under the mask of each half.
func addDigitPairRoutine() {
	TEXT("ifmaAddDigitPairAsm", NOSPLIT, "func(p *[5][4]uint64, pair *[8][5][2][4]uint64, masks uint64, neg uint64, p2 *[5][4]uint64, masks2 uint64, neg2 uint64)")
	Pragma("noescape")
	Doc("ifmaAddDigitPairAsm does ifmaAddDigitAsm(p, row, masks, neg) and ifmaAddDigitAsm(p2, row2, masks2, neg2)",
		"at once, in the two halves of ZMM registers, for the rows interleaved in pair: pair[e][k][0]",
		"is limb k of row[e] and pair[e][k][1] that of row2[e]. It requires ifmaAvailable. p and p2",
		"must not overlap.")
	ifma52.Wide = true
	defer func() { ifma52.Wide = false }()
	Load(Param("p"), RDI)
	Load(Param("pair"), RSI)
	LEAQ(NewParamAddr("masks", 16), RDX)
	Load(Param("p2"), R8)
	LEAQ(NewParamAddr("masks2", 40), R10)
	ifma52.SetLaneMasks(laneMasks)
	q := regs.GetElem()
	m, mHigh := regs.Get(), regs.Get()
	scanComment("masks, at (DX)")
	Comment("Both rows are read, entry e of the first into the low half and of the second into",
		"the high half, each kept under its own mask: byte e of masks and of masks2, at (R10).",
		"Limb k of entry e of both is the 64-byte block at 320e + 64k.")
	for e := 0; e < 8; e++ {
		broadcastMask(Mem{Base: RDX, Disp: e}, m)
		broadcastMask(Mem{Base: R10, Disp: e}, mHigh)
		VINSERTI64X4(U8(1), mHigh.AsY(), m, m)
		for k := 0; k < ifma52.Limbs; k++ {
			src := Mem{Base: RSI, Disp: e*2*ifma52.ElemBytes + k*2*ifma52.LimbBytes}
			if e == 0 {
				VPANDQ(src, m, q[k])
			} else {
				VPTERNLOGQ(U8(0xF8), src, m, q[k])
			}
		}
	}
	regs.Put(m, mHigh)
	signAddend(q, wideSignMask(NewParamAddr("neg", 24), NewParamAddr("neg2", 48)))
	p := ifma52.LoadElem2(Mem{Base: RDI}, Mem{Base: R8})
	ifma52.StoreAndReturn2(addBody(p, q), Mem{Base: RDI}, Mem{Base: R8})
}

func addCachedRoutine() {
	TEXT("ifmaAddCachedAsm", NOSPLIT, "func(p *[5][4]uint64, q *[5][4]uint64)")
	Pragma("noescape")
	Doc("ifmaAddCachedAsm sets p = p + q for an addend q, as ifmaAddCachedGeneric does.",
		"It requires ifmaAvailable.")
	Load(Param("p"), RDI)
	Load(Param("q"), RSI)
	ifma52.SetLaneMasks(laneMasks)
	q := ifma52.LoadElem(Mem{Base: RSI})
	addToPoint(q)
}

// addCached2Routine writes the wide twin of addCachedRoutine, for the
// running sums of Pippenger's method (see addAffine2Routine).
func addCached2Routine() {
	TEXT("ifmaAddCached2Asm", NOSPLIT, "func(p *[5][4]uint64, q *[5][4]uint64, p2 *[5][4]uint64, q2 *[5][4]uint64)")
	Pragma("noescape")
	Doc("ifmaAddCached2Asm does ifmaAddCachedAsm(p, q) and ifmaAddCachedAsm(p2, q2) at once, in the",
		"two halves of ZMM registers. It requires ifmaAvailable. p and p2 must not overlap.")
	ifma52.Wide = true
	defer func() { ifma52.Wide = false }()
	Load(Param("p"), RDI)
	Load(Param("q"), RSI)
	Load(Param("p2"), R8)
	Load(Param("q2"), R9)
	ifma52.SetLaneMasks(laneMasks)
	q := ifma52.LoadElem2(Mem{Base: RSI}, Mem{Base: R9})
	p := ifma52.LoadElem2(Mem{Base: RDI}, Mem{Base: R8})
	ifma52.StoreAndReturn2(addBody(p, q), Mem{Base: RDI}, Mem{Base: R8})
}

// cachedForm emits the cached form λ·(Y-X, Y+X, 2d·T, 2Z), λ = 121666, of
// P in registers (freed), as ifmaCachedGeneric computes it: U = (Y + 2p -
// X, Y + X, 2p - T, Z), carried, then each limb times the factors in kf,
// its low product half into its own limb and its high half, twice, into
// the next (times 38 from limb 4 into limb 0), carried.
func cachedForm(p ifma52.Elem, kf VecPhysical) ifma52.Elem {
	p = sums(p, true)

	Comment("f_k = lo(u_k·kf) + 2·hi(u_(k-1)·kf), f_0 = lo(u_0·kf) + 19·2·hi(u_4·kf); carried.")
	f := regs.GetElem()
	for k := 0; k < ifma52.Limbs; k++ {
		VPXORQ(f[k], f[k], f[k])
		VPMADD52LUQ(kf, p[k], f[k])
	}
	h := regs.Get()
	VPXORQ(h, h, h)
	VPMADD52HUQ(kf, p[ifma52.Limbs-1], h)
	for k := 1; k < ifma52.Limbs; k++ {
		VPMADD52HUQ(kf, p[k-1], f[k])
		VPMADD52HUQ(kf, p[k-1], f[k])
	}
	VPADDQ(h, h, h)
	VPMADD52LUQ_BCST(ifma52.Const(ifma52.CNineteen), h, f[0])
	regs.Put(h)
	regs.PutElem(p)
	ifma52.Carry(f)
	return f
}

// cachedOfArgs emits the cached form of the point at (SI), or under
// ifma52.Wide of the points at (SI) and (R9) in the two halves, with the
// factors at (DX) (in both halves), after loading the lane masks, and
// returns it in newly allocated registers.
func cachedOfArgs() ifma52.Elem {
	ifma52.SetLaneMasks(laneMasks)
	var p ifma52.Elem
	if ifma52.Wide {
		p = ifma52.LoadElem2(Mem{Base: RSI}, Mem{Base: R9})
	} else {
		p = ifma52.LoadElem(Mem{Base: RSI})
	}
	kf := regs.Get()
	if ifma52.Wide {
		VMOVDQU64(Mem{Base: RDX}, kf.AsY())
		VINSERTI64X4(U8(1), Mem{Base: RDX}, kf, kf)
	} else {
		VMOVDQU64(Mem{Base: RDX}, kf)
	}
	out := cachedForm(p, kf)
	regs.Put(kf)
	return out
}

func cachedRoutine() {
	TEXT("ifmaCachedAsm", NOSPLIT, "func(q *[5][4]uint64, p *[5][4]uint64, factors *[4]uint64)")
	Pragma("noescape")
	Doc("ifmaCachedAsm sets q to the cached form of p, as ifmaCachedGeneric does with factors =",
		"vecCachedFactors. It requires ifmaAvailable. q may alias p.")
	Load(Param("q"), RDI)
	Load(Param("p"), RSI)
	Load(Param("factors"), RDX)
	out := cachedOfArgs()
	ifma52.StoreAndReturn(out, Mem{Base: RDI})
}

// cachedSpacedRoutine writes cachedRoutine with the limbs of the result
// stored 64 bytes apart, into one half of a pair of comb rows kept
// interleaved (ifmaRowPair in vec_ifma.go), where the combs are built.
func cachedSpacedRoutine() {
	TEXT("ifmaCachedSpacedAsm", NOSPLIT, "func(q *[9][4]uint64, p *[5][4]uint64, factors *[4]uint64)")
	Pragma("noescape")
	Doc("ifmaCachedSpacedAsm sets q[2k] to limb k of the cached form of p, as ifmaCachedGeneric",
		"computes it with factors = vecCachedFactors, for k < 5, and leaves the odd q[k] as they are.",
		"It requires ifmaAvailable. q must not overlap p.")
	Load(Param("q"), RDI)
	Load(Param("p"), RSI)
	Load(Param("factors"), RDX)
	out := cachedOfArgs()
	ifma52.StoreSpacedAndReturn(out, Mem{Base: RDI}, 2*ifma52.LimbBytes)
}

// cached2Routine writes the wide twin of cachedRoutine: the same factors in
// both halves.
func cached2Routine() {
	TEXT("ifmaCached2Asm", NOSPLIT, "func(q *[5][4]uint64, p *[5][4]uint64, q2 *[5][4]uint64, p2 *[5][4]uint64, factors *[4]uint64)")
	Pragma("noescape")
	Doc("ifmaCached2Asm does ifmaCachedAsm(q, p, factors) and ifmaCachedAsm(q2, p2, factors) at once,",
		"in the two halves of ZMM registers. It requires ifmaAvailable. q may alias p and q2 may",
		"alias p2; q and q2 must not overlap.")
	ifma52.Wide = true
	defer func() { ifma52.Wide = false }()
	Load(Param("q"), RDI)
	Load(Param("p"), RSI)
	Load(Param("q2"), R8)
	Load(Param("p2"), R9)
	Load(Param("factors"), RDX)
	out := cachedOfArgs()
	ifma52.StoreAndReturn2(out, Mem{Base: RDI}, Mem{Base: R8})
}

// cachedPairRoutine writes cached2Routine with each limb of the result, both
// halves, stored as one 64-byte block, 64 bytes apart: entry e of two rows
// kept interleaved (ifmaRowPair in vec_ifma.go), for the tables of the
// paired loop of MultiScalarMult.
func cachedPairRoutine() {
	TEXT("ifmaCachedPairAsm", NOSPLIT, "func(q *[5][2][4]uint64, p *[5][4]uint64, p2 *[5][4]uint64, factors *[4]uint64)")
	Pragma("noescape")
	Doc("ifmaCachedPairAsm sets q[k][0] to limb k of the cached form of p and q[k][1] to that of p2,",
		"as ifmaCachedGeneric computes them with factors = vecCachedFactors. It requires",
		"ifmaAvailable. q must not overlap p or p2.")
	ifma52.Wide = true
	defer func() { ifma52.Wide = false }()
	Load(Param("q"), RDI)
	Load(Param("p"), RSI)
	Load(Param("p2"), R9)
	Load(Param("factors"), RDX)
	out := cachedOfArgs()
	ifma52.StoreSpacedAndReturn(out, Mem{Base: RDI}, 2*ifma52.LimbBytes)
}

// The Point kernels: ifmaAddPoint, ifmaDoublePoint and
// ifmaMultByCofactorPoint read and write a Point (vec_ifma_point.go), four
// field.Elements X, Y, Z, T of five 8-byte limbs each, limb k of
// coordinate c at byte 40·c + 8·k, and transpose it to and from the lanes
// in registers. Every load is of 8 bytes, so that it is forwarded from the
// 8-byte stores of the Go code that wrote the Point, where a wider load
// over them waits (docs/PERFORMANCE.md, "Point operations on the IFMA
// kernels").

// coordBytes is the size of one coordinate of a Point, a field.Element.
const coordBytes = 8 * ifma52.Limbs

// loadPoint emits the lanes (X, Y, Z, T) of the Point at m into newly
// allocated registers, made dense as setDense4 makes them in the lanes that
// dense selects (all four when dense is nil) and left as loaded in the
// others.
//
// Limb row k is two registers merged: T_k broadcast with Z_k over lanes
// 0..2, and Y_k broadcast with X_k over lane 0, then the second over lanes
// 0 and 1 of the first; every load is of 8 bytes. The dense form of a limb
// row is then (x_k mod 2^51) + (c_(k-1) + p_k), with c_k = x_k >> 51 and
// 19·c_4 in place of c_(-1). c_k is 0 or 1 for limbs below 2^51 + 2^18
// (the Element invariant), so 19·c_4 is 19 AND the mask of bit 51 of x_4
// (a shift left by 12 and an arithmetic shift right by 63 make that mask),
// which keeps a multiplier from seeing the operand 0 ("Zero limbs" in
// vec_ifma.go).
func loadPoint(m Mem, dense Op) ifma52.Elem {
	Comment("The Point's lanes, transposed: limb row k is (X_k, Y_k, Z_k, T_k), merged from",
		"(Z_k, Z_k, Z_k, T_k) and (X_k, Y_k, Y_k, Y_k), each a broadcast and a masked one.")
	v := regs.GetElem()
	t := regs.Get()
	for k := range v {
		VPBROADCASTQ(m.Offset(3*coordBytes+8*k), v[k])
		VPBROADCASTQ(m.Offset(2*coordBytes+8*k), kNotLane, v[k])
		VPBROADCASTQ(m.Offset(coordBytes+8*k), t)
		VPBROADCASTQ(m.Offset(8*k), kLane0, t)
		VPBLENDMQ(t, v[k], kLow, v[k])
	}
	regs.Put(t)
	makeDense(v, dense)
	return v
}

// makeDense emits the dense step of loadPoint on the limb rows v, in place,
// in the lanes that dense selects (all four when dense is nil). The limbs
// must be within the Element invariant, as a Point's and every kernel's
// result are.
func makeDense(v ifma52.Elem, dense Op) {
	if dense == nil {
		Comment("Dense lanes: v_k = (v_k mod 2^51) + (c_(k-1) + p_k), c_k = v_k >> 51, with 19·c_4",
			"for c_(-1).")
	} else {
		Comment("Dense lanes 0..2 (lane 3 as loaded): v_k = (v_k mod 2^51) + (c_(k-1) + p_k),",
			"c_k = v_k >> 51, with 19·c_4 for c_(-1).")
	}
	// masked inserts the lane mask, if any, before the destination.
	masked := func(ops ...Op) []Op {
		if dense == nil {
			return ops
		}
		return append(ops[:len(ops)-1:len(ops)-1], dense, ops[len(ops)-1])
	}
	c := regs.GetN(ifma52.Limbs) // c[k] is the carry into limb k
	for k := 0; k < ifma52.Limbs-1; k++ {
		VPSRLQ(U8(51), v[k], c[k+1])
	}
	Comment("19·c_4 = 19 AND (bit 51 of v_4, spread over the word).")
	VPSLLQ(U8(12), v[4], c[0])
	VPSRAQ(U8(63), c[0], c[0])
	VPANDQ_BCST(ifma52.Const(ifma52.CNineteen), c[0], c[0])
	pk := ifma52.BroadcastRegs(cP0, cPHigh)
	for k := range v {
		VPADDQ(pk(k), c[k], c[k])
	}
	pk(-1)
	mask := regs.Get()
	VPBROADCASTQ(ifma52.Const(ifma52.CMask51), mask)
	for k := range v {
		VPANDQ(masked(mask, v[k], v[k])...)
		VPADDQ(masked(c[k], v[k], v[k])...)
	}
	regs.Put(mask)
	regs.Put(c...)
}

// storePointAndReturn ends a Point kernel: it writes the lanes v (X, Y, Z,
// T) into the Point at m, frees v's registers, and returns. Limbs 0..3 of
// each coordinate are one 32-byte store, after a 4x4 transpose of limb rows
// 0..3 (qwords interleaved within 128-bit halves, then halves joined); limb
// 4 of each is an 8-byte store of its lane, moved to lane 0. A load of the
// Point that follows, of 8 bytes in Go or in these kernels, lies within one
// store.
func storePointAndReturn(v ifma52.Elem, m Mem) {
	Comment("Store: (X0, X1, Z0, Z1), (Y0, Y1, T0, T1) from rows 0 and 1, the same from rows 2",
		"and 3, then X = (X0..X3) from their low halves, Z from their high halves, and Y, T;",
		"limb 4 of each coordinate from its lane of row 4.")
	a, b, c, d := regs.Get(), regs.Get(), regs.Get(), regs.Get()
	VPUNPCKLQDQ(v[1], v[0], a)
	VPUNPCKHQDQ(v[1], v[0], b)
	VPUNPCKLQDQ(v[3], v[2], c)
	VPUNPCKHQDQ(v[3], v[2], d)
	for coord, s := range []struct {
		lo, hi VecPhysical
		imm    uint8
	}{{a, c, 0}, {b, d, 0}, {a, c, 3}, {b, d, 3}} {
		r := v[coord]
		VSHUFI64X2(U8(s.imm), s.hi, s.lo, r)
		VMOVDQU64(r, m.Offset(coord*coordBytes))
	}
	regs.Put(a, b, c, d)
	VMOVQ(v[4].AsX(), m.Offset(32))
	for coord := 1; coord < 4; coord++ {
		VPERMQ(U8(coord), v[4], v[coord])
		VMOVQ(v[coord].AsX(), m.Offset(coord*coordBytes+32))
	}
	ifma52.FreeAndReturn(v)
}

func doublePointRoutine() {
	TEXT("ifmaDoublePointAsm", NOSPLIT, "func(v *[4][5]uint64, p *[4][5]uint64)")
	Pragma("noescape")
	Doc("ifmaDoublePointAsm sets the Point v to 2·p, as ifmaDoublePointGeneric does. It requires",
		"ifmaAvailable. v may alias p.")
	Load(Param("v"), RDI)
	Load(Param("p"), RSI)
	ifma52.SetLaneMasks(laneMasks)
	p := loadPoint(Mem{Base: RSI}, nil)
	storePointAndReturn(doubleBody(p), Mem{Base: RDI})
}

func multByCofactorPointRoutine() {
	TEXT("ifmaMultByCofactorPointAsm", NOSPLIT, "func(v *[4][5]uint64, p *[4][5]uint64)")
	Pragma("noescape")
	Doc("ifmaMultByCofactorPointAsm sets the Point v to 8·p, as ifmaMultByCofactorPointGeneric",
		"does: three doublings in registers, each result made dense as a load of it would be. It",
		"requires ifmaAvailable. v may alias p.")
	Load(Param("v"), RDI)
	Load(Param("p"), RSI)
	ifma52.SetLaneMasks(laneMasks)
	p := loadPoint(Mem{Base: RSI}, nil)
	for i := range 3 {
		if i > 0 {
			makeDense(p, nil)
		}
		p = doubleBody(p)
	}
	storePointAndReturn(p, Mem{Base: RDI})
}

func addPointRoutine() {
	TEXT("ifmaAddPointAsm", NOSPLIT, "func(v *[4][5]uint64, p *[4][5]uint64, q *[4][5]uint64, factors *[4]uint64, neg uint64)")
	Pragma("noescape")
	Doc("ifmaAddPointAsm sets the Point v to p + q, or p - q when neg is all ones, as",
		"ifmaAddPointGeneric does with factors = vecCachedFactors. It requires ifmaAvailable.",
		"neg must be 0 or all ones. v may alias p or q.")
	Load(Param("v"), RDI)
	Load(Param("p"), RSI)
	Load(Param("q"), R8)
	Load(Param("factors"), RDX)
	ifma52.SetLaneMasks(laneMasks)
	q := loadPoint(Mem{Base: R8}, kNotLane)
	kf := regs.Get()
	VMOVDQU64(Mem{Base: RDX}, kf)
	q = cachedForm(q, kf)
	regs.Put(kf)
	signAddendBy(q, NewParamAddr("neg", 32))
	p := loadPoint(Mem{Base: RSI}, nil)
	storePointAndReturn(addBody(p, q), Mem{Base: RDI})
}
