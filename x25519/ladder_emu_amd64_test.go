//go:build amd64 && !purego

package x25519

import (
	"sync"
	"testing"

	"github.com/seed06d4b90c/edwards25519/internal/asmemu"
)

// ladderEmu is ladder_amd64.s loaded into the interpreter of
// internal/asmemu, which runs the kernel on CPUs without AVX-512 IFMA.
var ladderEmu struct {
	once sync.Once
	err  error
	prog *asmemu.Program
}

// ladderKernels returns the implementations of ifmaLadderKernel to test
// against the twin: the assembly where the CPU has IFMA (the test says so
// when it does not), and always the same assembly text interpreted.
func ladderKernels(t *testing.T) []ladderKernel {
	t.Helper()
	var out []ladderKernel
	if ifmaLadderAvailable {
		out = append(out, ladderKernel{"native", ifmaLadderKernel})
	} else {
		t.Log("CPU without AVX2, AVX512F, AVX512VL and AVX512IFMA: the kernel runs interpreted only")
	}
	ladderEmu.once.Do(func() { ladderEmu.prog, ladderEmu.err = asmemu.LoadFile("ladder_amd64.s") })
	if ladderEmu.err != nil {
		t.Fatalf("loading ladder_amd64.s into the interpreter: %v", ladderEmu.err)
	}
	return append(out, ladderKernel{"interpreted", func(s *ifmaLanes, k *[32]byte, r3 *ifmaLanes, n int) {
		err := ladderEmu.prog.CallGo("ifmaLadderAsmKernel", asmemu.BufferOf(s), asmemu.BufferOf(k), asmemu.BufferOf(r3), uint64(n))
		if err != nil {
			t.Fatal(err)
		}
	}})
}
