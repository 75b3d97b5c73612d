package asmemu

import (
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

// The interpreter's instructions checked against their definitions, each
// computed here another way (math/big products, bit-by-bit truth tables,
// permutations written out). The kernel tests of the module run whole
// kernels through it against their twins, and on CPUs with AVX-512 IFMA
// against the CPU as well.

func load(t *testing.T, body string) *Program {
	t.Helper()
	p, err := Load("#include \"textflag.h\"\n" + body)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func call(t *testing.T, p *Program, name string, args ...any) {
	t.Helper()
	if err := p.CallGo(name, args...); err != nil {
		t.Fatal(err)
	}
}

func TestMadd52(t *testing.T) {
	p := load(t, `
TEXT ·f(SB), NOSPLIT, $0-8
	MOVQ v+0(FP), SI
	VMOVDQU64 (SI), Z0
	VMOVDQU64 64(SI), Z1
	VMOVDQU64 128(SI), Z2
	VMOVDQU64 Z2, Z3
	VPMADD52LUQ Z0, Z1, Z2
	VPMADD52HUQ Z1, Z0, Z3
	VMOVDQU64 Z2, 192(SI)
	VMOVDQU64 Z3, 256(SI)
	RET
`)
	r := rand.New(rand.NewPCG(1, 2))
	mask52 := new(big.Int).SetUint64(1<<52 - 1)
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	for range 200 {
		var v [40]uint64
		for i := range 24 {
			v[i] = r.Uint64()
		}
		v[0], v[8] = 1<<52-1, 1<<52-1 // the largest product
		in := v
		call(t, p, "f", BufferOf(&v))
		for l := range 8 {
			a := new(big.Int).And(new(big.Int).SetUint64(in[l]), mask52)
			b := new(big.Int).And(new(big.Int).SetUint64(in[8+l]), mask52)
			prod := new(big.Int).Mul(a, b)
			lo := new(big.Int).And(prod, mask52)
			hi := new(big.Int).Rsh(prod, 52)
			d := new(big.Int).SetUint64(in[16+l])
			wantLo := new(big.Int).Mod(new(big.Int).Add(d, lo), two64).Uint64()
			wantHi := new(big.Int).Mod(new(big.Int).Add(d, hi), two64).Uint64()
			if v[24+l] != wantLo || v[32+l] != wantHi {
				t.Fatalf("lane %d of %x·%x + %x: got %x, %x; want %x, %x", l, in[l], in[8+l], in[16+l], v[24+l], v[32+l], wantLo, wantHi)
			}
		}
	}
}

func TestTernlog(t *testing.T) {
	var src strings.Builder
	src.WriteString("TEXT ·f(SB), NOSPLIT, $0-8\n\tMOVQ v+0(FP), SI\n\tVMOVDQU64 (SI), Y0\n\tVMOVDQU64 32(SI), Y1\n")
	for imm := range 256 {
		// Y2 = the destination's input, then the result stored at 64+32·imm.
		src.WriteString("\tVMOVDQU64 64(SI), Y2\n")
		src.WriteString("\tVPTERNLOGQ $" + itoa(imm) + ", Y0, Y1, Y2\n")
		src.WriteString("\tVMOVDQU64 Y2, " + itoa(96+32*imm) + "(SI)\n")
	}
	src.WriteString("\tRET\n")
	p := load(t, src.String())
	r := rand.New(rand.NewPCG(3, 4))
	var v [12 + 4*256]uint64
	for i := range 12 {
		v[i] = r.Uint64()
	}
	in := v
	call(t, p, "f", BufferOf(&v))
	for imm := range 256 {
		for l := range 4 {
			c, b, a := in[l], in[4+l], in[8+l]
			var want uint64
			for bit := range 64 {
				idx := (a>>bit&1)<<2 | (b>>bit&1)<<1 | c>>bit&1
				want |= uint64(imm>>idx&1) << bit
			}
			if got := v[12+4*imm+l]; got != want {
				t.Fatalf("imm %#x lane %d: got %x, want %x", imm, l, got, want)
			}
		}
	}
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }

func TestPermutesMasksAndWidths(t *testing.T) {
	p := load(t, `
TEXT ·f(SB), NOSPLIT, $0-8
	MOVQ v+0(FP), SI
	VMOVDQU64 (SI), Z0
	VPSHUFD $0x4e, Z0, Z1
	VMOVDQU64 Z1, 64(SI)
	VPERMQ $0x1b, Z0, Z2
	VMOVDQU64 Z2, 128(SI)
	VPERMQ $0x1b, Y0, Y3
	VMOVDQU64 Z3, 192(SI)
	MOVL $0x00000005, AX
	KMOVW AX, K1
	VMOVDQU64 Z0, Z4
	VPADDQ Z0, Z0, K1, Z4
	VMOVDQU64 Z4, 256(SI)
	VMOVDQU64 Z0, Z5
	VPADDQ.Z Z0, Z0, K1, Z5
	VMOVDQU64 Z5, 320(SI)
	VEXTRACTI64X4 $0x01, Z0, Y6
	VINSERTI64X4 $0x00, Y6, Z0, Z7
	VMOVDQU64 Z7, 384(SI)
	VPSHUFD $0xb1, X0, X8
	VMOVDQU64 Z8, 448(SI)
	VPBROADCASTQ 8(SI), Z9
	VPSUBQ Z0, Z9, Z9
	VMOVDQU64 Z9, 512(SI)
	VPBLENDMQ.BCST 16(SI), Z0, K1, Z10
	VMOVDQU64 Z10, 576(SI)
	VPSRLQ $0x04, Z0, Z11
	VPSLLQ $0x40, Z0, Z12
	VMOVDQU64 Z11, 640(SI)
	VMOVDQU64 Z12, 704(SI)
	VSHUFPD $0x96, Z1, Z0, Z13
	VMOVDQU64 Z13, 768(SI)
	VBROADCASTI64X4 32(SI), Z14
	VMOVDQU64 Z14, 832(SI)
	RET
`)
	var v [112]uint64
	for i := range 8 {
		v[i] = uint64(i+1)<<32 | uint64(i+1)*0x11
	}
	x := v
	call(t, p, "f", BufferOf(&v))
	swap32 := func(q uint64) uint64 { return q<<32 | q>>32 }
	want := map[string][]uint64{
		// 0x4e: the two qwords of each 128-bit lane exchanged.
		"VPSHUFD $0x4e": {x[1], x[0], x[3], x[2], x[5], x[4], x[7], x[6]},
		// 0x1b: the four qwords of each 256-bit lane reversed.
		"VPERMQ $0x1b Z":  {x[3], x[2], x[1], x[0], x[7], x[6], x[5], x[4]},
		"VPERMQ $0x1b Y":  {x[3], x[2], x[1], x[0], 0, 0, 0, 0},
		"merge masking":   {2 * x[0], x[1], 2 * x[2], x[3], x[4], x[5], x[6], x[7]},
		"zero masking":    {2 * x[0], 0, 2 * x[2], 0, 0, 0, 0, 0},
		"insert(extract)": {x[4], x[5], x[6], x[7], x[4], x[5], x[6], x[7]},
		// 0xb1: the dwords of each qword exchanged, on an X register.
		"VPSHUFD $0xb1 X": {swap32(x[0]), swap32(x[1]), 0, 0, 0, 0, 0, 0},
		"broadcast, sub":  {x[1] - x[0], 0, x[1] - x[2], x[1] - x[3], x[1] - x[4], x[1] - x[5], x[1] - x[6], x[1] - x[7]},
		"blend":           {x[2], x[1], x[2], x[3], x[4], x[5], x[6], x[7]},
		"VPSRLQ $4":       {x[0] >> 4, x[1] >> 4, x[2] >> 4, x[3] >> 4, x[4] >> 4, x[5] >> 4, x[6] >> 4, x[7] >> 4},
		"VPSLLQ $64":      {0, 0, 0, 0, 0, 0, 0, 0},
		// 0x96 = bits 0, 1, 1, 0, 1, 0, 0, 1: qword 2l from Z0 (the
		// first source in Intel order) at 2l + bit 2l, qword 2l+1 from Z1
		// (x's pairs exchanged) at 2l + bit 2l+1.
		"VSHUFPD $0x96": {x[0], x[0], x[3], x[3], x[5], x[5], x[6], x[6]},
		// The 256 bits at 32(SI), x's upper half, in both halves.
		"VBROADCASTI64X4": {x[4], x[5], x[6], x[7], x[4], x[5], x[6], x[7]},
	}
	order := []string{"VPSHUFD $0x4e", "VPERMQ $0x1b Z", "VPERMQ $0x1b Y", "merge masking", "zero masking",
		"insert(extract)", "VPSHUFD $0xb1 X", "broadcast, sub", "blend", "VPSRLQ $4", "VPSLLQ $64", "VSHUFPD $0x96",
		"VBROADCASTI64X4"}
	for i, name := range order {
		got := v[8*(i+1) : 8*(i+2)]
		for l := range 8 {
			if got[l] != want[name][l] {
				t.Fatalf("%s: got %x, want %x", name, got, want[name])
			}
		}
	}
}

// TestByteBroadcast checks LEAQ of an argument slot and VPBROADCASTB from
// memory through it and from an X register, into registers that held
// other data (the rest of the register cleared).
func TestByteBroadcast(t *testing.T) {
	p := load(t, `
TEXT ·f(SB), NOSPLIT, $0-16
	MOVQ v+0(FP), SI
	LEAQ w+8(FP), DX
	VMOVDQU64 (SI), Z1
	VMOVDQU64 (SI), Z2
	VMOVDQU64 (SI), Z3
	VPBROADCASTB (DX), Y1
	VMOVDQU64 Z1, 64(SI)
	VPBROADCASTB 5(DX), Y2
	VMOVDQU64 Z2, 128(SI)
	VPSRLQ $0x38, X2, X3
	VPBROADCASTB X3, X3
	VMOVDQU64 Z3, 192(SI)
	RET
`)
	var v [32]uint64
	for i := range 8 {
		v[i] = ^uint64(i)
	}
	const w = 0x1122334455667788
	call(t, p, "f", BufferOf(&v), uint64(w))
	b0, b5 := uint64(0x8888888888888888), uint64(0x3333333333333333)
	want := [][8]uint64{
		{b0, b0, b0, b0, 0, 0, 0, 0},
		{b5, b5, b5, b5, 0, 0, 0, 0},
		{0x3333333333333333, 0x3333333333333333, 0, 0, 0, 0, 0, 0},
	}
	for i, name := range []string{"VPBROADCASTB (DX)", "VPBROADCASTB 5(DX)", "VPBROADCASTB X"} {
		if got := [8]uint64(v[8*(i+1) : 8*(i+2)]); got != want[i] {
			t.Errorf("%s: got %x, want %x", name, got, want[i])
		}
	}
}

// TestScalarLoop runs a loop of the ladder kernel's shape: for t = n-1
// down to 0, bit t of k by MOVBQZX, SHRQ CL and ANDL, the mask
// -(bit XOR previous bit) by XORQ and NEGQ, stored at out[t], and
// DECQ/TESTQ/JNZ; then the last bit.
func TestScalarLoop(t *testing.T) {
	p := load(t, `
TEXT ·f(SB), NOSPLIT, $0-24
	MOVQ k+0(FP), SI
	MOVQ n+8(FP), R8
	MOVQ out+16(FP), DI
	XORQ R9, R9
step:
	DECQ R8
	MOVQ R8, R10
	SHRQ $0x03, R10
	MOVBQZX (SI)(R10*1), R10
	MOVQ R8, CX
	ANDL $0x07, CX
	SHRQ CL, R10
	ANDL $0x01, R10
	MOVQ R10, R11
	XORQ R9, R11
	MOVQ R10, R9
	NEGQ R11
	MOVQ R11, (DI)(R8*8)
	TESTQ R8, R8
	JNZ step
	MOVQ R9, 2048(DI)
	RET
`)
	r := rand.New(rand.NewPCG(5, 6))
	for range 20 {
		var k [32]byte
		for i := range k {
			k[i] = byte(r.Uint32())
		}
		n := 1 + r.IntN(256)
		var out [257]uint64
		call(t, p, "f", BufferOf(&k), uint64(n), BufferOf(&out))
		prev := uint64(0)
		for i := n - 1; i >= 0; i-- {
			bit := uint64(k[i/8]>>(i%8)) & 1
			if want := -(bit ^ prev); out[i] != want {
				t.Fatalf("n %d, step %d: mask %x, want %x", n, i, out[i], want)
			}
			prev = bit
		}
		if out[256] != prev {
			t.Fatalf("n %d: last bit %d, want %d", n, out[256], prev)
		}
	}
}

// TestScalarWidths checks that the 32-bit forms clear the upper half of
// their destination.
func TestScalarWidths(t *testing.T) {
	p := load(t, `
TEXT ·f(SB), NOSPLIT, $0-8
	MOVQ out+0(FP), DI
	MOVQ $-1, AX
	ANDL $0x0000000f, AX
	MOVQ AX, (DI)
	MOVQ $-1, BX
	MOVL $0x00000005, BX
	MOVQ BX, 8(DI)
	RET
`)
	var out [2]uint64
	call(t, p, "f", BufferOf(&out))
	if out != [2]uint64{0xf, 5} {
		t.Fatalf("got %x, want [f 5]", out)
	}
}

func TestErrors(t *testing.T) {
	for _, src := range []string{
		"TEXT ·f(SB), NOSPLIT, $0-0\n\tADDQ AX, BX\n\tRET\n",                // not modelled
		"TEXT ·f(SB), NOSPLIT, $0-0\n\tJNZ nowhere\n\tRET\n",                // unknown label
		"TEXT ·f(SB), NOSPLIT, $0-0\n\tVPBROADCASTQ c<>+0(SB), Y0\n\tRET\n", // unknown symbol
		"TEXT ·f(SB), NOSPLIT, $0-0\n\tVPADDQ.Q Y0, Y1, Y2\n\tRET\n",        // unknown suffix
		"\tRET\n", // outside a function
		"DATA c<>+0(SB)/8, $1\nTEXT ·f(SB), NOSPLIT, $0-0\n\tRET\n", // DATA without GLOBL
	} {
		if _, err := Load(src); err == nil {
			t.Errorf("Load accepted %q", src)
		}
	}
	p := load(t, `
TEXT ·far(SB), NOSPLIT, $0-8
	MOVQ v+0(FP), SI
	VMOVDQU64 Z0, 1000000(SI)
	RET
TEXT ·over(SB), NOSPLIT, $0-8
	MOVQ v+0(FP), SI
	VMOVDQU64 Z0, 8(SI)
	RET
TEXT ·double(SB), NOSPLIT, $0-16
	MOVQ a+0(FP), SI
	MOVQ b+8(FP), DI
	MOVQ (SI), AX
	MOVQ AX, 8(DI)
	RET
TEXT ·loop(SB), NOSPLIT, $0-0
top:
	XORQ AX, AX
	MOVL $0x00000001, AX
	TESTQ AX, AX
	JNZ top
	RET
`)
	var v [8]uint64
	if err := p.CallGo("far", BufferOf(&v)); err == nil {
		t.Error("a store far outside memory went unreported")
	}
	if err := p.CallGo("over", BufferOf(&v)); err == nil {
		t.Error("a store past the end of an argument went unreported")
	}
	if err := p.CallGo("missing"); err == nil {
		t.Error("a call of a missing function went unreported")
	}
	if err := p.CallGo("loop"); err == nil {
		t.Error("an endless loop went unreported")
	}
	// The same buffer twice is one slot: the store lands in v itself.
	v = [8]uint64{0: 7}
	call(t, p, "double", BufferOf(&v), BufferOf(&v))
	if v[1] != 7 {
		t.Errorf("aliased arguments: v[1] = %d, want 7", v[1])
	}
	var w [2][4]uint64
	if err := p.CallGo("double", BufferOf(&w), BufferOf(&w[1])); err == nil {
		t.Error("overlapping, unequal arguments went unreported")
	}
}

// TestTransposeOps checks the instructions of the Point kernels'
// transposes and dense step: masked broadcasts from memory merging into a
// register, the qword unpacks, VSHUFI64X2 on Y and Z registers, the
// arithmetic shift right, and VMOVQ's store of one qword.
func TestTransposeOps(t *testing.T) {
	p := load(t, `
TEXT ·f(SB), NOSPLIT, $0-8
	MOVQ v+0(FP), SI
	VMOVDQU64 (SI), Z0
	VMOVDQU64 64(SI), Z1
	MOVL $0x00000006, AX
	KMOVW AX, K1
	VMOVDQU64 Z0, Z2
	VPBROADCASTQ 8(SI), K1, Y2
	VMOVDQU64 Z2, 128(SI)
	VPUNPCKLQDQ Z1, Z0, Z3
	VMOVDQU64 Z3, 192(SI)
	VPUNPCKHQDQ Y1, Y0, Y4
	VMOVDQU64 Z4, 256(SI)
	VSHUFI64X2 $0x02, Y1, Y0, Y5
	VMOVDQU64 Z5, 320(SI)
	VSHUFI64X2 $0x9c, Z1, Z0, Z6
	VMOVDQU64 Z6, 384(SI)
	VPSRAQ $0x3f, Z0, Z7
	VMOVDQU64 Z7, 448(SI)
	VPSRAQ $0x04, Z0, Z8
	VMOVDQU64 Z8, 512(SI)
	VMOVDQU64 Z0, 576(SI)
	VMOVQ X1, 584(SI)
	RET
`)
	var v [80]uint64
	for i := range 16 {
		v[i] = uint64(i+1)*0x0101010101 | uint64(i%3)<<62
	}
	x := v
	call(t, p, "f", BufferOf(&v))
	sra := func(q uint64, n uint) uint64 { return uint64(int64(q) >> n) }
	want := [][8]uint64{
		// K1 = lanes 1 and 2 of a Y register: the rest of Z2's lower
		// half kept, its upper half cleared.
		{x[0], x[1], x[1], x[3], 0, 0, 0, 0},
		// The low qword of each 128-bit lane of Z0, then of Z1.
		{x[0], x[8], x[2], x[10], x[4], x[12], x[6], x[14]},
		{x[1], x[9], x[3], x[11], 0, 0, 0, 0},
		// Y: block 0 of Y0, then block 1 of Y1.
		{x[0], x[1], x[10], x[11], 0, 0, 0, 0},
		// 0x9c = selectors 0, 3 (from Z0), 1, 2 (from Z1).
		{x[0], x[1], x[6], x[7], x[10], x[11], x[12], x[13]},
		{sra(x[0], 63), sra(x[1], 63), sra(x[2], 63), sra(x[3], 63), sra(x[4], 63), sra(x[5], 63), sra(x[6], 63), sra(x[7], 63)},
		{sra(x[0], 4), sra(x[1], 4), sra(x[2], 4), sra(x[3], 4), sra(x[4], 4), sra(x[5], 4), sra(x[6], 4), sra(x[7], 4)},
		// VMOVQ writes X1's low qword over Z0's second and nothing else.
		{x[0], x[8], x[2], x[3], x[4], x[5], x[6], x[7]},
	}
	names := []string{"masked broadcast", "VPUNPCKLQDQ Z", "VPUNPCKHQDQ Y", "VSHUFI64X2 Y", "VSHUFI64X2 Z",
		"VPSRAQ $63", "VPSRAQ $4", "VMOVQ store"}
	for i, name := range names {
		if got := [8]uint64(v[16+8*i : 24+8*i]); got != want[i] {
			t.Errorf("%s: got %x, want %x", name, got, want[i])
		}
	}
	if x[2]>>63 == 0 || x[0]>>63 != 0 {
		t.Fatal("the inputs do not mix sign bits")
	}
}
