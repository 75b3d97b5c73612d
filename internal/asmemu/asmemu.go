// Package asmemu interprets Go assembly for amd64: the subset of AVX-512
// (with IFMA) and scalar instructions that the generated IFMA kernels of
// this module use. Tests run the kernels through it on CPUs without
// AVX-512 IFMA and compare them, limb for limb, with their portable twins,
// so that the assembly is checked on every machine the tests run on, not
// only where the instructions exist.
//
// The interpreter follows the instruction definitions of the Intel 64 and
// IA-32 Architectures Software Developer's Manual, volume 2, written for Go
// assembler syntax: the operands come in reverse order, sources first and
// the destination last, and an opmask register, when present, stands just
// before the destination. Only what the kernels need is modelled: 64-bit
// lanes and the zero flag. What would fault on the CPU (memory outside the
// program's, a misaligned aligned move) is an error of the call, and an
// instruction outside the subset is an error when the program is loaded,
// never a silent no-op.
package asmemu

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"
)

// Program is a parsed assembly file: its functions and its data symbols,
// and the memory the calls run on.
type Program struct {
	funcs   map[string]*function
	symbols map[string]uint64 // symbol name -> address
	mem     []byte            // addresses base .. base+len(mem)
	args    uint64            // the argument slots of every call

	mu    sync.Mutex // serializes CallGo
	slots []slot     // CallGo's buffers, each between two guard blocks
}

// maxArgs is the number of 8-byte argument slots a call can pass.
const maxArgs = 16

// base is the address of mem[0]; zero stays an invalid address.
const base = 1 << 20

type function struct {
	insts  []inst
	labels map[string]int
}

type operandKind int

const (
	opImm operandKind = iota
	opVec
	opMask
	opGPR
	opMem
	opLabel
)

type operand struct {
	kind  operandKind
	imm   uint64
	reg   int // vector, mask or GPR number
	width int // vector width in 64-bit lanes: 2 (X), 4 (Y), 8 (Z)
	// memory: address = sym + disp + gpr[baseReg] + gpr[index]·scale,
	// with baseReg and index -1 when absent; fp marks an argument slot.
	baseReg, index, scale int
	disp                  int64
	sym                   string
	fp                    bool
	label                 string
}

type inst struct {
	line int
	text string
	op   string // the mnemonic without its suffixes
	run  func(*machine, *inst)
	zero bool // .Z: zeroing masking
	bcst bool // .BCST: the memory operand is one broadcast qword
	args []operand
}

// The general-purpose registers, numbered as in the encoding.
var gprNames = map[string]int{
	"AX": 0, "CX": 1, "DX": 2, "BX": 3, "SP": 4, "BP": 5, "SI": 6, "DI": 7,
	"R8": 8, "R9": 9, "R10": 10, "R11": 11, "R12": 12, "R13": 13, "R14": 14, "R15": 15,
	"CL": 1, // the shift count register, read as CX's low byte
}

// Load parses the text of a Go assembly file.
func Load(src string) (*Program, error) {
	p := &Program{funcs: map[string]*function{}, symbols: map[string]uint64{}}
	type datum struct {
		sym       string
		off, size int
		val       uint64
	}
	var data []datum
	var cur *function
	for n, raw := range strings.Split(src, "\n") {
		line := raw
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		errf := func(format string, a ...any) error {
			return fmt.Errorf("line %d: %q: %s", n+1, strings.TrimSpace(raw), fmt.Sprintf(format, a...))
		}
		op, rest := line, ""
		if i := strings.IndexAny(line, " \t"); i >= 0 {
			op, rest = line[:i], strings.TrimSpace(line[i+1:])
		}
		switch op {
		case "DATA":
			// DATA sym<>+off(SB)/size, $value
			lhs, val, ok := strings.Cut(rest, ",")
			if !ok {
				return nil, errf("malformed DATA")
			}
			loc, size, ok := strings.Cut(lhs, "/")
			if !ok {
				return nil, errf("DATA without a size")
			}
			name, off, err := parseSymbol(loc)
			if err != nil {
				return nil, errf("%v", err)
			}
			sz, err := strconv.Atoi(size)
			if err != nil {
				return nil, errf("%v", err)
			}
			v, err := parseImm(strings.TrimSpace(val))
			if err != nil {
				return nil, errf("%v", err)
			}
			data = append(data, datum{name, int(off), sz, v})
		case "GLOBL":
			// GLOBL sym<>(SB), FLAGS, $size
			f := strings.Split(rest, ",")
			name, _, err := parseSymbol(strings.TrimSpace(f[0]))
			if err != nil {
				return nil, errf("%v", err)
			}
			size, err := parseImm(strings.TrimSpace(f[len(f)-1]))
			if err != nil {
				return nil, errf("%v", err)
			}
			p.symbols[name] = p.alloc(int(size))
		case "TEXT":
			name, _, _ := strings.Cut(rest, "(SB)")
			name = strings.TrimPrefix(strings.TrimSpace(name), "·")
			cur = &function{labels: map[string]int{}}
			p.funcs[name] = cur
		default:
			if cur == nil {
				return nil, errf("instruction outside a function")
			}
			if strings.HasSuffix(line, ":") && !strings.Contains(line, " ") {
				cur.labels[strings.TrimSuffix(line, ":")] = len(cur.insts)
				continue
			}
			in, err := parseInst(op, rest)
			if err != nil {
				return nil, errf("%v", err)
			}
			in.line, in.text = n+1, line
			cur.insts = append(cur.insts, in)
		}
	}
	for _, d := range data {
		addr, ok := p.symbols[d.sym]
		if !ok {
			return nil, fmt.Errorf("DATA for %s without GLOBL", d.sym)
		}
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], d.val)
		p.write(addr+uint64(d.off), b[:d.size])
	}
	for _, f := range p.funcs {
		for _, in := range f.insts {
			for _, a := range in.args {
				if a.kind == opLabel {
					if _, ok := f.labels[a.label]; !ok {
						return nil, fmt.Errorf("line %d: unknown label %s", in.line, a.label)
					}
				}
				if a.kind == opMem && a.sym != "" {
					if _, ok := p.symbols[a.sym]; !ok {
						return nil, fmt.Errorf("line %d: unknown symbol %s", in.line, a.sym)
					}
				}
			}
		}
	}
	return p, nil
}

// LoadFile parses the Go assembly file at path.
func LoadFile(path string) (*Program, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Load(string(src))
}

// parseSymbol reads "name<>+off(SB)" or "name<>(SB)".
func parseSymbol(s string) (string, int64, error) {
	s = strings.TrimSpace(s)
	if !strings.HasSuffix(s, "(SB)") {
		return "", 0, fmt.Errorf("not a symbol: %s", s)
	}
	s = strings.TrimSuffix(s, "(SB)")
	name, off, found := strings.Cut(s, "+")
	var o int64
	if found {
		v, err := strconv.ParseInt(off, 0, 64)
		if err != nil {
			return "", 0, err
		}
		o = v
	}
	return name, o, nil
}

func parseImm(s string) (uint64, error) {
	s = strings.TrimPrefix(s, "$")
	if strings.HasPrefix(s, "-") {
		v, err := strconv.ParseInt(s, 0, 64)
		return uint64(v), err
	}
	return strconv.ParseUint(s, 0, 64)
}

func parseInst(op, rest string) (inst, error) {
	in := inst{}
	parts := strings.Split(op, ".")
	in.op = parts[0]
	for _, s := range parts[1:] {
		switch s {
		case "Z":
			in.zero = true
		case "BCST":
			in.bcst = true
		default:
			return in, fmt.Errorf("unknown suffix .%s", s)
		}
	}
	h, ok := handlers[in.op]
	if !ok {
		return in, fmt.Errorf("instruction %s is not modelled", in.op)
	}
	in.run = h
	if rest == "" {
		return in, nil
	}
	for _, s := range strings.Split(rest, ",") {
		a, err := parseOperand(strings.TrimSpace(s))
		if err != nil {
			return in, err
		}
		in.args = append(in.args, a)
	}
	return in, nil
}

func parseOperand(s string) (operand, error) {
	switch {
	case strings.HasPrefix(s, "$"):
		v, err := parseImm(s)
		return operand{kind: opImm, imm: v}, err
	case len(s) >= 2 && strings.ContainsRune("XYZ", rune(s[0])) && isDigits(s[1:]):
		n, _ := strconv.Atoi(s[1:])
		w := map[byte]int{'X': 2, 'Y': 4, 'Z': 8}[s[0]]
		if n > 31 {
			return operand{}, fmt.Errorf("bad register %s", s)
		}
		return operand{kind: opVec, reg: n, width: w}, nil
	case len(s) == 2 && s[0] == 'K' && s[1] >= '0' && s[1] <= '7':
		return operand{kind: opMask, reg: int(s[1] - '0')}, nil
	}
	if r, ok := gprNames[s]; ok {
		return operand{kind: opGPR, reg: r}, nil
	}
	if !strings.Contains(s, "(") {
		return operand{kind: opLabel, label: s}, nil
	}
	m := operand{kind: opMem, baseReg: -1, index: -1}
	if strings.HasSuffix(s, "(SB)") {
		name, off, err := parseSymbol(s)
		m.sym, m.disp = name, off
		return m, err
	}
	if strings.HasSuffix(s, "(FP)") {
		// name+off(FP): the argument slot at off.
		_, off, ok := strings.Cut(strings.TrimSuffix(s, "(FP)"), "+")
		if !ok {
			return m, fmt.Errorf("argument without an offset: %s", s)
		}
		v, err := strconv.ParseInt(off, 10, 64)
		m.fp, m.disp = true, v
		return m, err
	}
	// disp(BASE) or disp(BASE)(INDEX*scale)
	i := strings.Index(s, "(")
	if i > 0 {
		v, err := strconv.ParseInt(s[:i], 0, 64)
		if err != nil {
			return m, err
		}
		m.disp = v
	}
	regs := strings.Split(strings.TrimSuffix(s[i+1:], ")"), ")(")
	b, ok := gprNames[regs[0]]
	if !ok {
		return m, fmt.Errorf("bad base register in %s", s)
	}
	m.baseReg = b
	if len(regs) == 2 {
		idx, sc, ok := strings.Cut(regs[1], "*")
		r, ok2 := gprNames[idx]
		scale, err := strconv.Atoi(sc)
		if !ok || !ok2 || err != nil {
			return m, fmt.Errorf("bad index in %s", s)
		}
		m.index, m.scale = r, scale
	}
	return m, nil
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// alloc returns the address of n new zero bytes, 64-byte aligned.
func (p *Program) alloc(n int) uint64 {
	pad := (64 - len(p.mem)%64) % 64
	p.mem = append(p.mem, make([]byte, pad+n)...)
	return base + uint64(len(p.mem)-n)
}

// write copies b into memory at addr.
func (p *Program) write(addr uint64, b []byte) { copy(p.slice(addr, len(b)), b) }

// read copies memory at addr into b.
func (p *Program) read(addr uint64, b []byte) { copy(b, p.slice(addr, len(b))) }

// writeUint64s stores v at addr, little-endian.
func (p *Program) writeUint64s(addr uint64, v []uint64) {
	for i, x := range v {
		binary.LittleEndian.PutUint64(p.slice(addr+8*uint64(i), 8), x)
	}
}

func (p *Program) slice(addr uint64, n int) []byte {
	if addr < base || addr-base+uint64(n) > uint64(len(p.mem)) {
		panic(fmt.Sprintf("asmemu: access of %d bytes at %#x outside memory", n, addr))
	}
	return p.mem[addr-base : addr-base+uint64(n)]
}

// machine is the state of one call.
type machine struct {
	p    *Program
	vec  [32][8]uint64
	k    [8]uint64
	gpr  [16]uint64
	zf   bool
	args uint64 // address of the argument slots
}

// call runs the function name with the given arguments (each one 8-byte
// slot, as every argument of the kernels is a pointer or a 64-bit
// integer) until its RET. It returns an error for an unknown function, a
// memory access outside the program's memory, or more than maxSteps
// instructions.
func (p *Program) call(name string, args ...uint64) (err error) {
	f, ok := p.funcs[name]
	if !ok {
		return fmt.Errorf("asmemu: no function %s", name)
	}
	if len(args) > maxArgs {
		return fmt.Errorf("asmemu: more than %d arguments", maxArgs)
	}
	if p.args == 0 {
		p.args = p.alloc(8 * maxArgs)
	}
	m := &machine{p: p, args: p.args}
	p.writeUint64s(m.args, make([]uint64, maxArgs))
	p.writeUint64s(m.args, args)
	pc := 0
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("asmemu: %s, line %d (%s): %v", name, f.insts[pc].line, f.insts[pc].text, r)
		}
	}()
	const maxSteps = 1 << 24
	for steps := 0; ; steps++ {
		if steps > maxSteps || pc >= len(f.insts) {
			return fmt.Errorf("asmemu: %s ran off its end or past %d steps", name, maxSteps)
		}
		in := &f.insts[pc]
		switch in.op {
		case "RET":
			return nil
		case "JNZ":
			if !m.zf {
				pc = f.labels[in.args[0].label]
				continue
			}
		default:
			in.run(m, in)
		}
		pc++
	}
}

// addr returns the address of a memory operand.
func (m *machine) addr(a *operand) uint64 {
	if a.fp {
		return m.args + uint64(a.disp)
	}
	x := uint64(a.disp)
	if a.sym != "" {
		x += m.p.symbols[a.sym]
	}
	if a.baseReg >= 0 {
		x += m.gpr[a.baseReg]
	}
	if a.index >= 0 {
		x += m.gpr[a.index] * uint64(a.scale)
	}
	return x
}

func (m *machine) load64(addr uint64) uint64 {
	return binary.LittleEndian.Uint64(m.p.slice(addr, 8))
}

func (m *machine) store64(addr, v uint64) {
	binary.LittleEndian.PutUint64(m.p.slice(addr, 8), v)
}

// read returns w lanes of a vector or memory operand; a broadcast memory
// operand repeats its one qword.
func (m *machine) read(a *operand, w int, bcst bool) [8]uint64 {
	var v [8]uint64
	switch a.kind {
	case opVec:
		copy(v[:w], m.vec[a.reg][:w])
	case opMem:
		addr := m.addr(a)
		for i := range w {
			if bcst {
				v[i] = m.load64(addr)
			} else {
				v[i] = m.load64(addr + 8*uint64(i))
			}
		}
	default:
		panic("operand is not a vector or memory")
	}
	return v
}

// write stores w lanes into the destination register through the optional
// opmask (merging, or zeroing with .Z), and zeroes the register's lanes
// from w up, as every VEX and EVEX instruction does.
func (m *machine) write(in *inst, d *operand, v [8]uint64, w int, mask *operand) {
	if d.kind == opMem {
		if mask != nil {
			panic("masked store is not modelled")
		}
		addr := m.addr(d)
		for i := range w {
			m.store64(addr+8*uint64(i), v[i])
		}
		return
	}
	if d.kind != opVec {
		panic("destination is not a vector register")
	}
	r := &m.vec[d.reg]
	for i := range 8 {
		switch {
		case i >= w:
			r[i] = 0
		case mask == nil || m.k[mask.reg]>>i&1 == 1:
			r[i] = v[i]
		case in.zero:
			r[i] = 0
		}
	}
}

// dest splits an instruction's operands into the sources, the optional
// opmask and the destination, and returns the operation's width in lanes:
// the destination's, or the source register's for a store.
func dest(in *inst) (srcs []operand, mask *operand, d *operand, w int) {
	n := len(in.args)
	d = &in.args[n-1]
	srcs = in.args[:n-1]
	if len(srcs) > 0 && srcs[len(srcs)-1].kind == opMask {
		mask = &srcs[len(srcs)-1]
		srcs = srcs[:len(srcs)-1]
	}
	switch {
	case d.kind == opVec:
		w = d.width
	default:
		for _, s := range srcs {
			if s.kind == opVec {
				w = s.width
			}
		}
	}
	return
}

const mask52 = 1<<52 - 1

// lanewise makes the handler of a two-source lane-wise operation: the first
// Go operand is the second source in Intel order (and the one that may be
// a broadcast memory operand), the second is the first source.
func lanewise(f func(d, a, b uint64) uint64) func(*machine, *inst) {
	return func(m *machine, in *inst) {
		srcs, mask, d, w := dest(in)
		if len(srcs) != 2 {
			panic("want two sources")
		}
		b := m.read(&srcs[0], w, in.bcst)
		a := m.read(&srcs[1], w, false)
		old := m.read(d, w, false)
		var v [8]uint64
		for i := range w {
			v[i] = f(old[i], a[i], b[i])
		}
		m.write(in, d, v, w, mask)
	}
}

// The directions of shift.
const (
	shiftLeft = iota
	shiftRight
	shiftRightArith // the sign bit copied in
)

// shift makes the handler of an immediate shift of every lane. A count
// above 63 gives 0, or for the arithmetic shift the sign bit in every bit.
func shift(dir int) func(*machine, *inst) {
	return func(m *machine, in *inst) {
		srcs, mask, d, w := dest(in)
		n := srcs[0].imm
		a := m.read(&srcs[1], w, false)
		var v [8]uint64
		for i := range w {
			switch {
			case dir == shiftRightArith:
				v[i] = uint64(int64(a[i]) >> min(n, 63))
			case n > 63:
				v[i] = 0
			case dir == shiftLeft:
				v[i] = a[i] << n
			default:
				v[i] = a[i] >> n
			}
		}
		m.write(in, d, v, w, mask)
	}
}

// broadcast makes the handler of VPBROADCASTQ (size 8) and VPBROADCASTB
// (size 1): the low size bytes of the source, a register or memory,
// repeated across every lane of the destination. An opmask acts on
// elements of the size, so only the quadword form takes one here.
func broadcast(size int) func(*machine, *inst) {
	return func(m *machine, in *inst) {
		srcs, mask, d, w := dest(in)
		if mask != nil && size != 8 {
			panic("a masked byte broadcast is not modelled")
		}
		var x uint64
		switch s := &srcs[0]; s.kind {
		case opMem:
			var b [8]byte
			copy(b[:], m.p.slice(m.addr(s), size))
			x = binary.LittleEndian.Uint64(b[:])
		case opGPR:
			x = m.gpr[s.reg]
		case opVec:
			x = m.vec[s.reg][0]
		default:
			panic("bad broadcast source")
		}
		x &= ^uint64(0) >> (64 - 8*size)
		for n := size; n < 8; n *= 2 {
			x |= x << (8 * n)
		}
		var v [8]uint64
		for i := range w {
			v[i] = x
		}
		m.write(in, d, v, w, mask)
	}
}

// unpack makes the handler of VPUNPCKLQDQ (half 0) and VPUNPCKHQDQ (half
// 1).
func unpack(half int) func(*machine, *inst) {
	return func(m *machine, in *inst) {
		srcs, mask, d, w := dest(in)
		if len(srcs) != 2 {
			panic("want two sources")
		}
		second := m.read(&srcs[0], w, in.bcst)
		first := m.read(&srcs[1], w, false)
		var v [8]uint64
		for l := 0; l < w; l += 2 {
			v[l], v[l+1] = first[l+half], second[l+half]
		}
		m.write(in, d, v, w, mask)
	}
}

var handlers map[string]func(*machine, *inst)

func init() {
	handlers = map[string]func(*machine, *inst){
		"RET": nil, "JNZ": nil,
		"VPADDQ": lanewise(func(_, a, b uint64) uint64 { return a + b }),
		"VPSUBQ": lanewise(func(_, a, b uint64) uint64 { return a - b }),
		"VPXORQ": lanewise(func(_, a, b uint64) uint64 { return a ^ b }),
		"VPANDQ": lanewise(func(_, a, b uint64) uint64 { return a & b }),
		// VPMADD52LUQ/HUQ: the 104-bit product of the low 52 bits of the
		// two sources; its low (LUQ) or high (HUQ) 52 bits are added to
		// the destination lane, modulo 2^64.
		"VPMADD52LUQ": lanewise(func(d, a, b uint64) uint64 {
			_, lo := bits.Mul64(a&mask52, b&mask52)
			return d + lo&mask52
		}),
		"VPMADD52HUQ": lanewise(func(d, a, b uint64) uint64 {
			hi, lo := bits.Mul64(a&mask52, b&mask52)
			return d + (hi<<12 | lo>>52)
		}),
		"VPSRLQ": shift(shiftRight),
		"VPSLLQ": shift(shiftLeft),
		"VPSRAQ": shift(shiftRightArith),
		// VPUNPCKLQDQ and VPUNPCKHQDQ: within each 128-bit lane, the low
		// (or high) qword of the first source (Intel order), then that of
		// the second.
		"VPUNPCKLQDQ": unpack(0),
		"VPUNPCKHQDQ": unpack(1),
		"VSHUFI64X2": func(m *machine, in *inst) {
			// Each 128-bit block of the result is a block of a source
			// chosen by the immediate: the lower half of the blocks from
			// the first source (Intel order), the upper half from the
			// second, one bit a selector for YMM, two for ZMM.
			srcs, mask, d, w := dest(in)
			imm := srcs[0].imm
			second := m.read(&srcs[1], w, in.bcst)
			first := m.read(&srcs[2], w, false)
			blocks := w / 2
			if blocks < 2 {
				panic("VSHUFI64X2 needs Y or Z registers")
			}
			selWidth := uint64(blocks / 2) // bits a selector: 1 (YMM) or 2 (ZMM)
			var v [8]uint64
			for j := range blocks {
				src := &first
				if j >= blocks/2 {
					src = &second
				}
				sel := int(imm >> (selWidth * uint64(j)) & (1<<selWidth - 1))
				v[2*j], v[2*j+1] = src[2*sel], src[2*sel+1]
			}
			m.write(in, d, v, w, mask)
		},
		"VPSHUFD": func(m *machine, in *inst) {
			// Within each 128-bit lane, dword j of the result is dword
			// imm[2j+1:2j] of the source.
			srcs, mask, d, w := dest(in)
			imm := srcs[0].imm
			a := m.read(&srcs[1], w, false)
			var v [8]uint64
			for l := 0; l < w; l += 2 {
				var src, out [4]uint32
				for j := range 2 {
					src[2*j], src[2*j+1] = uint32(a[l+j]), uint32(a[l+j]>>32)
				}
				for j := range 4 {
					out[j] = src[imm>>(2*j)&3]
				}
				v[l] = uint64(out[0]) | uint64(out[1])<<32
				v[l+1] = uint64(out[2]) | uint64(out[3])<<32
			}
			m.write(in, d, v, w, mask)
		},
		"VSHUFPD": func(m *machine, in *inst) {
			// Within each 128-bit lane, qword 0 of the result is qword
			// imm[2l] of the first source (Intel order) and qword 1 is
			// qword imm[2l+1] of the second, l counting qword pairs
			// across the register (Go order: $imm, second, first, dest).
			srcs, mask, d, w := dest(in)
			imm := srcs[0].imm
			second := m.read(&srcs[1], w, false)
			first := m.read(&srcs[2], w, false)
			var v [8]uint64
			for l := 0; l < w; l += 2 {
				v[l] = first[l+int(imm>>l&1)]
				v[l+1] = second[l+int(imm>>(l+1)&1)]
			}
			m.write(in, d, v, w, mask)
		},
		"VPERMQ": func(m *machine, in *inst) {
			// The immediate form: within each 256-bit lane, qword j of
			// the result is qword imm[2j+1:2j] of the source.
			srcs, mask, d, w := dest(in)
			if srcs[0].kind != opImm || w < 4 {
				panic("only VPERMQ $imm on Y or Z registers is modelled")
			}
			imm := srcs[0].imm
			a := m.read(&srcs[1], w, false)
			var v [8]uint64
			for l := 0; l < w; l += 4 {
				for j := range 4 {
					v[l+j] = a[l+int(imm>>(2*j)&3)]
				}
			}
			m.write(in, d, v, w, mask)
		},
		"VPTERNLOGQ": func(m *machine, in *inst) {
			// Each result bit is bit (d<<2 | b<<1 | c) of the immediate,
			// for the bits d of the destination, b of the middle operand
			// and c of the first (Go order: $imm, c, b, d).
			srcs, mask, d, w := dest(in)
			imm := srcs[0].imm
			c := m.read(&srcs[1], w, in.bcst)
			b := m.read(&srcs[2], w, false)
			old := m.read(d, w, false)
			var v [8]uint64
			for i := range w {
				for idx := range 8 {
					if imm>>idx&1 == 0 {
						continue
					}
					t := ^uint64(0)
					for bit, x := range [3]uint64{c[i], b[i], old[i]} {
						if idx>>bit&1 == 1 {
							t &= x
						} else {
							t &= ^x
						}
					}
					v[i] |= t
				}
			}
			m.write(in, d, v, w, mask)
		},
		"VMOVDQU64":    move,
		"VMOVDQA64":    move,
		"VPBROADCASTQ": broadcast(8),
		"VPBROADCASTB": broadcast(1),
		"VPBLENDMQ": func(m *machine, in *inst) {
			// Lane i is the first Go operand's where the opmask bit is
			// set, else the second's.
			srcs, mask, d, w := dest(in)
			if mask == nil || in.zero {
				panic("only VPBLENDMQ with a merging opmask is modelled")
			}
			a := m.read(&srcs[0], w, in.bcst)
			b := m.read(&srcs[1], w, false)
			var v [8]uint64
			for i := range w {
				if m.k[mask.reg]>>i&1 == 1 {
					v[i] = a[i]
				} else {
					v[i] = b[i]
				}
			}
			m.write(&inst{}, d, v, w, nil)
		},
		"VINSERTI64X4": func(m *machine, in *inst) {
			srcs, mask, d, w := dest(in)
			half := int(srcs[0].imm & 1)
			x := m.read(&srcs[1], 4, false)
			v := m.read(&srcs[2], w, false)
			copy(v[4*half:4*half+4], x[:4])
			m.write(in, d, v, w, mask)
		},
		"VBROADCASTI64X4": func(m *machine, in *inst) {
			srcs, mask, d, w := dest(in)
			x := m.read(&srcs[0], 4, false)
			var v [8]uint64
			copy(v[:4], x[:4])
			copy(v[4:], x[:4])
			m.write(in, d, v, w, mask)
		},
		"VEXTRACTI64X4": func(m *machine, in *inst) {
			srcs, mask, d, _ := dest(in)
			half := int(srcs[0].imm & 1)
			a := m.read(&srcs[1], 8, false)
			var v [8]uint64
			copy(v[:4], a[4*half:4*half+4])
			m.write(in, d, v, 4, mask)
		},
		"VZEROUPPER": func(m *machine, in *inst) {
			for r := range 16 {
				for i := 2; i < 8; i++ {
					m.vec[r][i] = 0
				}
			}
		},
		"KMOVW": func(m *machine, in *inst) {
			m.k[in.args[1].reg] = m.gpr[in.args[0].reg] & 0xffff
		},
		"VMOVQ": func(m *machine, in *inst) {
			// Only the store of an X register's low qword is modelled.
			if len(in.args) != 2 {
				panic("want a source and a destination")
			}
			s, d := &in.args[0], &in.args[1]
			if s.kind != opVec || s.width != 2 || d.kind != opMem {
				panic("only VMOVQ X, mem is modelled")
			}
			m.store64(m.addr(d), m.vec[s.reg][0])
		},
		"MOVQ": func(m *machine, in *inst) {
			s, d := &in.args[0], &in.args[1]
			var x uint64
			switch s.kind {
			case opImm:
				x = s.imm
			case opGPR:
				x = m.gpr[s.reg]
			case opMem:
				x = m.load64(m.addr(s))
			default:
				panic("bad MOVQ source")
			}
			switch d.kind {
			case opGPR:
				m.gpr[d.reg] = x
			case opMem:
				m.store64(m.addr(d), x)
			default:
				panic("bad MOVQ destination")
			}
		},
		"LEAQ": func(m *machine, in *inst) {
			if in.args[0].kind != opMem || in.args[1].kind != opGPR {
				panic("only LEAQ mem, reg is modelled")
			}
			m.gpr[in.args[1].reg] = m.addr(&in.args[0])
		},
		"MOVL": func(m *machine, in *inst) {
			if in.args[0].kind != opImm || in.args[1].kind != opGPR {
				panic("only MOVL $imm, reg is modelled")
			}
			m.gpr[in.args[1].reg] = uint64(uint32(in.args[0].imm))
		},
		"MOVBQZX": func(m *machine, in *inst) {
			m.gpr[in.args[1].reg] = uint64(m.p.slice(m.addr(&in.args[0]), 1)[0])
		},
		"XORQ": func(m *machine, in *inst) {
			r := &m.gpr[in.args[1].reg]
			*r ^= m.scalar(&in.args[0])
			m.zf = *r == 0
		},
		"ANDL": func(m *machine, in *inst) {
			r := &m.gpr[in.args[1].reg]
			*r = uint64(uint32(*r) & uint32(m.scalar(&in.args[0])))
			m.zf = *r == 0
		},
		"NEGQ": func(m *machine, in *inst) {
			r := &m.gpr[in.args[0].reg]
			*r = -*r
			m.zf = *r == 0
		},
		"DECQ": func(m *machine, in *inst) {
			r := &m.gpr[in.args[0].reg]
			*r--
			m.zf = *r == 0
		},
		"TESTQ": func(m *machine, in *inst) {
			m.zf = m.scalar(&in.args[0])&m.gpr[in.args[1].reg] == 0
		},
		"SHRQ": func(m *machine, in *inst) {
			// The count is masked to 6 bits; a zero count leaves the
			// flags alone.
			n := m.scalar(&in.args[0]) & 63
			r := &m.gpr[in.args[1].reg]
			if n != 0 {
				*r >>= n
				m.zf = *r == 0
			}
		},
	}
}

// scalar reads an immediate or register source of a scalar instruction.
func (m *machine) scalar(a *operand) uint64 {
	switch a.kind {
	case opImm:
		return a.imm
	case opGPR:
		return m.gpr[a.reg]
	}
	panic("bad scalar source")
}

// move is VMOVDQU64 and VMOVDQA64: a load, a store or a register copy,
// optionally masked. The aligned form faults, as on the CPU, on a memory
// operand not aligned to its width.
func move(m *machine, in *inst) {
	srcs, mask, d, w := dest(in)
	if in.op == "VMOVDQA64" {
		for _, a := range []*operand{&srcs[0], d} {
			if a.kind == opMem && m.addr(a)%uint64(8*w) != 0 {
				panic("VMOVDQA64 of a misaligned address")
			}
		}
	}
	v := m.read(&srcs[0], w, false)
	m.write(in, d, v, w, mask)
}

// Buffer is a pointer argument of CallGo: n bytes of Go memory at p, made
// of unsigned integers of word bytes each.
type Buffer struct {
	p       unsafe.Pointer
	n, word int
}

// BufferOf returns the Buffer of *v. T must be an unsigned integer type or
// arrays of one, nested to any depth (as every kernel argument is): the
// interpreter's memory is little-endian, as amd64's, and on a big-endian
// host CallGo reverses the bytes of each integer on the way in and out.
func BufferOf[T any](v *T) Buffer {
	t := reflect.TypeFor[T]()
	for t.Kind() == reflect.Array {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
	default:
		panic("asmemu: BufferOf of a type that is not unsigned integers: " + reflect.TypeFor[T]().String())
	}
	return Buffer{unsafe.Pointer(v), int(unsafe.Sizeof(*v)), int(t.Size())}
}

// bytes returns the buffer's bytes in the interpreter's order, little-endian.
func (b Buffer) bytes() []byte {
	out := append([]byte(nil), unsafe.Slice((*byte)(b.p), b.n)...)
	if bigEndian {
		swapWords(out, b.word)
	}
	return out
}

// setBytes stores x, in the interpreter's order, into the buffer.
func (b Buffer) setBytes(x []byte) {
	if bigEndian {
		swapWords(x, b.word)
	}
	copy(unsafe.Slice((*byte)(b.p), b.n), x)
}

// bigEndian reports whether the host stores integers big-endian.
var bigEndian = binary.NativeEndian.Uint16([]byte{1, 0}) != 1

// swapWords reverses the bytes of each word of x.
func swapWords(x []byte, word int) {
	for i := 0; i+word <= len(x); i += word {
		slices.Reverse(x[i : i+word])
	}
}

// slot is memory for one argument of CallGo, with guardSize bytes on either
// side.
type slot struct {
	addr uint64
	size int
}

const (
	guardSize = 64
	guardByte = 0xa5
)

// CallGo runs the function name on Go memory. Each argument is a Buffer or
// a uint64. Each distinct Buffer is copied into a slot of the program's
// memory between two guard blocks (a Buffer passed twice gets one slot, so
// aliased arguments stay aliased), the function runs, and every slot is
// copied back. It is an error for the function to write a guard block.
// Calls are serialized.
func (p *Program) CallGo(name string, args ...any) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	guard := make([]byte, guardSize)
	for i := range guard {
		guard[i] = guardByte
	}
	type mapped struct {
		b    Buffer
		addr uint64
	}
	var used []mapped
	words := make([]uint64, len(args))
	for i, a := range args {
		switch a := a.(type) {
		case uint64:
			words[i] = a
		case Buffer:
			found := false
			for _, u := range used {
				if u.b.p == a.p && u.b.n == a.n {
					words[i], found = u.addr, true
				} else if uintptr(u.b.p) < uintptr(a.p)+uintptr(a.n) && uintptr(a.p) < uintptr(u.b.p)+uintptr(u.b.n) {
					return fmt.Errorf("asmemu: %s: arguments overlap without being equal", name)
				}
			}
			if found {
				continue
			}
			if len(used) == len(p.slots) {
				p.slots = append(p.slots, slot{})
			}
			if sl := &p.slots[len(used)]; sl.size < a.n {
				sl.addr, sl.size = p.alloc(a.n+2*guardSize)+guardSize, a.n
			}
			addr := p.slots[len(used)].addr
			p.write(addr-guardSize, guard)
			p.write(addr, a.bytes())
			p.write(addr+uint64(a.n), guard)
			used = append(used, mapped{a, addr})
			words[i] = addr
		default:
			return fmt.Errorf("asmemu: %s: argument %d of type %T", name, i, a)
		}
	}
	if err := p.call(name, words...); err != nil {
		return err
	}
	got := make([]byte, guardSize)
	for _, u := range used {
		for _, at := range []uint64{u.addr - guardSize, u.addr + uint64(u.b.n)} {
			p.read(at, got)
			if string(got) != string(guard) {
				return fmt.Errorf("asmemu: %s wrote outside an argument of %d bytes", name, u.b.n)
			}
		}
		x := make([]byte, u.b.n)
		p.read(u.addr, x)
		u.b.setBytes(x)
	}
	return nil
}
