// Command _asm writes tables_amd64.s and its Go declarations
// tables_asm_amd64.go: the amd64 constant-time table scans behind the
// pickCached and pickAffine seam of tables.go, in SSE2 (every amd64 CPU).
//
// Regenerate from the module root with `go generate` (see tables_amd64.go),
// which runs
//
//	go -C _asm run . -out ../tables_amd64.s -stubs ../tables_asm_amd64.go -pkg edwards25519 -cached 8 -affine 8
//
// -cached is the entry count of oddWindow's odd multiples, and -affine is
// combEntries, the entry count of a row of the fixed-base comb
// (2^(combWidth-1)); a change of combWidth needs a matching -affine, or the
// package does not compile. The output depends only on this program and
// its flags, so running it twice gives the same bytes; CI regenerates and
// fails on a diff.
//
// # What the routines compute
//
// A table is n entries of k field elements each, an element being five
// uint64 limbs, so an entry is e = 40*k bytes (k = 4 for cached addends, 160
// bytes; k = 3 for affine addends, 120 bytes). masks[i] is all ones for at
// most one i and zero for every other. Word by word, exactly as
// pickCachedGeneric and pickAffineGeneric do,
//
//	dst[w] = OR over i < n of (table[i][w] AND masks[i]),   w < 5*k,
//
// which is the entry whose mask is set, or zero when none is. AND and OR
// act on each bit alone, so the words may be processed in any grouping: the
// routines cut an entry into chunks of 16 and 8 bytes and keep one
// accumulator register per chunk for the whole scan.
//
// # Constant time
//
// Every routine is straight-line code: no branch, and every address is the
// table, mask or destination pointer plus a constant. All n entries and all
// n masks are read on every call whatever the masks hold.
//
// # Alignment
//
// Entries are only 8-byte aligned (they are Go arrays of uint64). Legacy
// SSE instructions fault on an unaligned 16-byte memory operand, so the
// routines load with MOVOU before the AND.
//
// # Implementation
//
// The mask is copied to both lanes of an XMM register and an entry is
// covered in 16-byte chunks (plus an 8-byte one for affine entries). The
// scans serve the serial backend, which runs on CPUs without AVX2: with
// AVX2 the vector backend scans its own tables inside its kernels.
package main

import (
	"flag"
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// elementBytes is the size of one field element: five uint64 limbs.
const elementBytes = 5 * 8

// scan describes one table shape.
type scan struct {
	name    string // Go name prefix, e.g. pickCached
	what    string // what an entry is, for the documentation
	coords  int    // field elements per entry
	entries int    // entries per table
}

func (s scan) entryBytes() int { return s.coords * elementBytes }

func (s scan) signature() string {
	return fmt.Sprintf("func(dst *[%d][5]uint64, table *[%d][%d][5]uint64, masks *[%d]uint64)",
		s.coords, s.entries, s.coords, s.entries)
}

// chunk is a byte range [off, off+size) of an entry with its own
// accumulator register.
type chunk struct {
	off, size int
}

// plan cuts an entry of e bytes into chunks no larger than widest, largest
// first. e is a multiple of 8, so the pieces are 16 and 8 bytes here.
func plan(e, widest int) []chunk {
	var cs []chunk
	off := 0
	for size := widest; size >= 8; size /= 2 {
		for e-off >= size {
			cs = append(cs, chunk{off, size})
			off += size
		}
	}
	return cs
}

func (c chunk) String() string {
	first, last := c.off/8, (c.off+c.size)/8-1
	if first == last {
		return fmt.Sprintf("word %d", first)
	}
	return fmt.Sprintf("words %d..%d", first, last)
}

func main() {
	cached := flag.Int("cached", 8, "entries of a cached-addend table (oddWindow)")
	affine := flag.Int("affine", 8, "entries of an affine-addend table (combEntries)")
	flag.Parse()
	if *cached < 1 || *affine < 1 {
		panic("entry counts must be positive")
	}

	ConstraintExpr("!purego")

	scans := []scan{
		{"pickCached", "cached addend (four elements, 160 bytes)", 4, *cached},
		{"pickAffine", "affine addend (three elements, 120 bytes)", 3, *affine},
	}
	for _, s := range scans {
		scanSSE2(s)
	}

	Generate()
}

// Register use: DI = dst, SI = table, DX = masks; one accumulator per chunk
// from X0 upwards; the mask in X14 and loaded data in X15. At most 10
// accumulators (a cached entry in 16-byte chunks), so the fixed mask and
// scratch registers never collide.
var xmm = []VecPhysical{X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12, X13}

func loadPointers() (dst, table, masks GPPhysical) {
	dst, table, masks = RDI, RSI, RDX
	Load(Param("dst"), dst)
	Load(Param("table"), table)
	Load(Param("masks"), masks)
	return
}

func formula(s scan, chunks []chunk) {
	Comment(
		fmt.Sprintf("dst[w] = OR over i < %d of (table[i][w] AND masks[i]), w < %d.", s.entries, 5*s.coords),
		fmt.Sprintf("An entry is %d bytes, cut into %d chunks, one accumulator each:", s.entryBytes(), len(chunks)),
	)
	for k, c := range chunks {
		Comment(fmt.Sprintf("  acc%d = %s (bytes %d..%d, %d-bit)", k, c, c.off, c.off+c.size-1, 8*c.size))
	}
}

// scanSSE2 writes <name>SSE2.
func scanSSE2(s scan) {
	name := s.name + "SSE2"
	TEXT(name, NOSPLIT, s.signature())
	Pragma("noescape")
	Doc(fmt.Sprintf("%s sets dst to the entry of table whose mask is all ones (zero if none is), as %sGeneric does,", name, s.name),
		"reading every entry and every mask, with SSE2 only (every amd64 CPU).")
	chunks := plan(s.entryBytes(), 16)
	formula(s, chunks)
	dst, table, masks := loadPointers()
	mask, data := X14, X15

	for i := 0; i < s.entries; i++ {
		base := i * s.entryBytes()
		Comment(fmt.Sprintf("Entry %d (table bytes %d..%d): m = masks[%d] in both lanes.", i, base, base+s.entryBytes()-1, i))
		MOVQ(Mem{Base: masks, Disp: 8 * i}, mask)
		PUNPCKLQDQ(mask, mask)
		if i == 0 {
			Comment("First entry: acc = entry AND m (no OR yet). MOVOU: entries are 8-byte aligned.")
		} else {
			Comment("acc |= entry AND m, chunk by chunk. MOVOU: entries are 8-byte aligned.")
		}
		for k, c := range chunks {
			src := Mem{Base: table, Disp: base + c.off}
			dest := data
			if i == 0 {
				dest = xmm[k]
			}
			if c.size == 16 {
				MOVOU(src, dest)
			} else {
				MOVQ(src, dest) // clears the upper lane
			}
			PAND(mask, dest)
			if i != 0 {
				POR(dest, xmm[k])
			}
		}
	}

	Comment("Store the accumulators.")
	for k, c := range chunks {
		out := Mem{Base: dst, Disp: c.off}
		if c.size == 16 {
			MOVOU(xmm[k], out)
		} else {
			MOVQ(xmm[k], out)
		}
	}
	RET()
}
