//go:build linux && !purego

package edwards25519

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"slices"
	"syscall"
	"testing"
	"unsafe"
)

// TestPickAsmGuardPages runs the table scans with one operand at a time
// (the table, the masks or dst) placed right against a page that cannot
// be read or written, once ending where that page begins and once
// starting where the page below it ends, so that any access past the
// operand's bytes faults. The other scan tests compare words only: a load
// that runs past an operand and whose extra bytes are then dropped (a
// 16-byte load of the 8-byte chunk that ends an affine entry, say) writes
// the same words, yet reads memory that is not the table's and faults
// where the table ends at the end of a mapping.
func TestPickAsmGuardPages(t *testing.T) {
	page := os.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 3*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	defer syscall.Munmap(mem)
	for _, guard := range [][]byte{mem[:page], mem[2*page:]} {
		if err := syscall.Mprotect(guard, syscall.PROT_NONE); err != nil {
			t.Skipf("mprotect: %v", err)
		}
	}
	body := mem[page : 2*page]
	r := ptRand(t)
	checkScanGuarded(t, r, body, "pickCached", pickCached, pickCachedGeneric)
	checkScanGuarded(t, r, body, "pickAffine", pickAffine, pickAffineGeneric)
}

// checkScanGuarded is TestPickAsmGuardPages for one scan, asm, with its
// generic twin: for each operand and each side of body, for every one-hot
// mask and for none, the scan must not fault and must write the twin's
// words.
func checkScanGuarded[D, T, M any](t *testing.T, r *rand.Rand, body []byte, name string, asm, generic func(*D, *T, *M)) {
	t.Helper()
	for _, low := range []bool{true, false} {
		side := "end against the page above"
		if low {
			side = "start against the page below"
		}
		for place, what := range []string{"table", "masks", "dst"} {
			table, masks, dst := new(T), new(M), new(D)
			switch place {
			case 0:
				table = placeAt[T](body, low)
			case 1:
				masks = placeAt[M](body, low)
			case 2:
				dst = placeAt[D](body, low)
			}
			ms := words(masks)
			for pick := 0; pick <= len(ms); pick++ {
				fillWords(r, words(table))
				setOneHot(ms, pick)
				fillWords(r, words(dst))
				var want D
				generic(&want, table, masks)
				if err := catchFault(func() { asm(dst, table, masks) }); err != nil {
					t.Fatalf("%s, %s at the %s, entry %d: %v", name, what, side, pick, err)
				}
				if got := words(dst); !slices.Equal(got, words(&want)) {
					t.Fatalf("%s, %s at the %s, entry %d: got %x, want %x", name, what, side, pick, got, words(&want))
				}
			}
		}
	}
}

// placeAt returns a *T laid over body: at its start if low, else ending at
// its end.
func placeAt[T any](body []byte, low bool) *T {
	off := 0
	if !low {
		off = len(body) - int(unsafe.Sizeof(*new(T)))
	}
	return (*T)(unsafe.Pointer(&body[off]))
}

// words views *p, an array of uint64 words, as a slice.
func words[T any](p *T) []uint64 {
	return unsafe.Slice((*uint64)(unsafe.Pointer(p)), unsafe.Sizeof(*p)/8)
}

// catchFault runs f with faults turned into panics, and returns the panic
// as an error, with the faulting address when the runtime gives one.
func catchFault(f func()) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("panic: %v", v)
			if f, ok := v.(interface{ Addr() uintptr }); ok {
				err = fmt.Errorf("fault at %#x: %v", f.Addr(), v)
			}
		}
	}()
	f()
	return nil
}
