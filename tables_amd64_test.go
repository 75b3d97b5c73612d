//go:build amd64 && !purego

package edwards25519

import (
	"math/rand/v2"
	"testing"
	"unsafe"
)

// fillWords sets every word of words from r, mixing in the edge values 0,
// all ones and 2^51-1 (a full limb), so that a stray mask bit or a lost lane
// shows up.
func fillWords(r *rand.Rand, words []uint64) {
	for i := range words {
		switch r.IntN(8) {
		case 0:
			words[i] = 0
		case 1:
			words[i] = ^uint64(0)
		case 2:
			words[i] = 1<<51 - 1
		default:
			words[i] = r.Uint64()
		}
	}
}

// setOneHot sets masks[pick] to all ones and every other mask to zero (all
// of them when pick is out of range).
func setOneHot(masks []uint64, pick int) {
	for i := range masks {
		masks[i] = 0
		if i == pick {
			masks[i] = ^uint64(0)
		}
	}
}

func TestPickCachedAsm(t *testing.T) {
	r := ptRand(t)
	var table [8][4][elementWords]uint64
	for trial := range 200 {
		for i := range table {
			for c := range table[i] {
				fillWords(r, table[i][c][:])
			}
		}
		// pick == len(table) selects nothing.
		for pick := 0; pick <= len(table); pick++ {
			var masks [8]uint64
			setOneHot(masks[:], pick)
			var got, want [4][elementWords]uint64
			// Start from garbage: the scan must overwrite every word.
			for c := range got {
				fillWords(r, got[c][:])
			}
			pickCached(&got, &table, &masks)
			pickCachedGeneric(&want, &table, &masks)
			if got != want {
				t.Fatalf("trial %d, entry %d: pickCached = %x, pickCachedGeneric = %x", trial, pick, got, want)
			}
			if pick < len(table) && got != table[pick] {
				t.Fatalf("trial %d, entry %d: pickCached = %x, want the entry %x", trial, pick, got, table[pick])
			}
			if pick == len(table) && got != ([4][elementWords]uint64{}) {
				t.Fatalf("trial %d, no entry: pickCached = %x, want zero", trial, got)
			}
		}
	}
}

func TestPickAffineAsm(t *testing.T) {
	r := ptRand(t)
	var table [combEntries][3][elementWords]uint64
	for trial := range 200 {
		for i := range table {
			for c := range table[i] {
				fillWords(r, table[i][c][:])
			}
		}
		for pick := 0; pick <= len(table); pick++ {
			var masks [combEntries]uint64
			setOneHot(masks[:], pick)
			var got, want [3][elementWords]uint64
			for c := range got {
				fillWords(r, got[c][:])
			}
			pickAffine(&got, &table, &masks)
			pickAffineGeneric(&want, &table, &masks)
			if got != want {
				t.Fatalf("trial %d, entry %d: pickAffine = %x, pickAffineGeneric = %x", trial, pick, got, want)
			}
			if pick < len(table) && got != table[pick] {
				t.Fatalf("trial %d, entry %d: pickAffine = %x, want the entry %x", trial, pick, got, table[pick])
			}
			if pick == len(table) && got != ([3][elementWords]uint64{}) {
				t.Fatalf("trial %d, no entry: pickAffine = %x, want zero", trial, got)
			}
		}
	}
}

// TestPickAsmArbitraryMasks feeds masks that are not one-hot: random words
// in every mask. The seam only promises the one-hot case, but the word
// formula OR_i (table[i] AND masks[i]) is defined for any masks, and
// agreeing with the generic twin on it shows that every lane of every mask
// is applied to the right words of the right entry.
func TestPickAsmArbitraryMasks(t *testing.T) {
	r := ptRand(t)
	for trial := range 500 {
		var ct [8][4][elementWords]uint64
		var cm [8]uint64
		var cgot, cwant [4][elementWords]uint64
		for i := range ct {
			for c := range ct[i] {
				fillWords(r, ct[i][c][:])
			}
		}
		fillWords(r, cm[:])
		pickCached(&cgot, &ct, &cm)
		pickCachedGeneric(&cwant, &ct, &cm)
		if cgot != cwant {
			t.Fatalf("trial %d: pickCached = %x, pickCachedGeneric = %x (masks %x)", trial, cgot, cwant, cm)
		}

		var at [combEntries][3][elementWords]uint64
		var am [combEntries]uint64
		var agot, awant [3][elementWords]uint64
		for i := range at {
			for c := range at[i] {
				fillWords(r, at[i][c][:])
			}
		}
		fillWords(r, am[:])
		pickAffine(&agot, &at, &am)
		pickAffineGeneric(&awant, &at, &am)
		if agot != awant {
			t.Fatalf("trial %d: pickAffine = %x, pickAffineGeneric = %x (masks %x)", trial, agot, awant, am)
		}
	}
}

// TestPickAsmUnaligned runs the scans on tables that start 8 bytes past a
// 32-byte boundary (entries are only 8-byte aligned in general), and checks
// that nothing outside dst is written.
func TestPickAsmUnaligned(t *testing.T) {
	r := ptRand(t)
	// Backing stores with room for shifting the table and guard
	// words around dst.
	type cachedBuf struct {
		words [8*4*elementWords + 4]uint64
	}
	var cb cachedBuf
	var cm [8]uint64
	for shift := range 4 {
		fillWords(r, cb.words[:])
		ct := (*[8][4][elementWords]uint64)(unsafe.Pointer(&cb.words[shift]))
		for pick := 0; pick <= 8; pick++ {
			setOneHot(cm[:], pick)
			var out [4*elementWords + 2]uint64
			fillWords(r, out[:])
			before := out
			dst := (*[4][elementWords]uint64)(unsafe.Pointer(&out[1]))
			var want [4][elementWords]uint64
			pickCached(dst, ct, &cm)
			pickCachedGeneric(&want, ct, &cm)
			if *dst != want || out[0] != before[0] || out[len(out)-1] != before[len(out)-1] {
				t.Fatalf("shift %d, entry %d: pickCached = %x (guards %x %x), want %x (guards %x %x)",
					shift, pick, *dst, out[0], out[len(out)-1], want, before[0], before[len(out)-1])
			}
		}
	}

	var ab [combEntries*3*elementWords + 4]uint64
	for shift := range 4 {
		fillWords(r, ab[:])
		at := (*[combEntries][3][elementWords]uint64)(unsafe.Pointer(&ab[shift]))
		for pick := 0; pick <= combEntries; pick++ {
			var am [combEntries]uint64
			setOneHot(am[:], pick)
			var out [3*elementWords + 2]uint64
			fillWords(r, out[:])
			before := out
			dst := (*[3][elementWords]uint64)(unsafe.Pointer(&out[1]))
			var want [3][elementWords]uint64
			pickAffine(dst, at, &am)
			pickAffineGeneric(&want, at, &am)
			if *dst != want || out[0] != before[0] || out[len(out)-1] != before[len(out)-1] {
				t.Fatalf("shift %d, entry %d: pickAffine = %x (guards %x %x), want %x (guards %x %x)",
					shift, pick, *dst, out[0], out[len(out)-1], want, before[0], before[len(out)-1])
			}
		}
	}
}

func TestPickAsmAllocs(t *testing.T) {
	var ct [8][4][elementWords]uint64
	var cd [4][elementWords]uint64
	var cm [8]uint64
	setOneHot(cm[:], 3)
	var at [combEntries][3][elementWords]uint64
	var ad [3][elementWords]uint64
	var am [combEntries]uint64
	setOneHot(am[:], 2)
	if n := testing.AllocsPerRun(100, func() {
		pickCached(&cd, &ct, &cm)
		pickAffine(&ad, &at, &am)
	}); n != 0 {
		t.Errorf("pickCached and pickAffine allocate %v times per call, want 0", n)
	}
}

// Benchmarks: the scans alone, the SSE2 assembly against the generic twins.

func benchScanTables(b *testing.B) (*[8][4][elementWords]uint64, *[8]uint64, *[combEntries][3][elementWords]uint64, *[combEntries]uint64) {
	r := rand.New(rand.NewPCG(1, 2))
	ct := new([8][4][elementWords]uint64)
	at := new([combEntries][3][elementWords]uint64)
	for i := range ct {
		for c := range ct[i] {
			fillWords(r, ct[i][c][:])
		}
	}
	for i := range at {
		for c := range at[i] {
			fillWords(r, at[i][c][:])
		}
	}
	var cm [8]uint64
	setOneHot(cm[:], 5)
	var am [combEntries]uint64
	setOneHot(am[:], 5)
	return ct, &cm, at, &am
}

func BenchmarkPickCached(b *testing.B) {
	ct, cm, _, _ := benchScanTables(b)
	var dst [4][elementWords]uint64
	b.Run("impl=sse2", func(b *testing.B) {
		for b.Loop() {
			pickCachedSSE2(&dst, ct, cm)
		}
	})
	b.Run("impl=generic", func(b *testing.B) {
		for b.Loop() {
			pickCachedGeneric(&dst, ct, cm)
		}
	})
}

func BenchmarkPickAffine(b *testing.B) {
	_, _, at, am := benchScanTables(b)
	var dst [3][elementWords]uint64
	b.Run("impl=sse2", func(b *testing.B) {
		for b.Loop() {
			pickAffineSSE2(&dst, at, am)
		}
	})
	b.Run("impl=generic", func(b *testing.B) {
		for b.Loop() {
			pickAffineGeneric(&dst, at, am)
		}
	})
}
