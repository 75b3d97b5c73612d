//go:build !purego

//go:generate go -C ../_asm run ./ladder -out ../x25519/ladder_amd64.s -stubs ../x25519/ladder_asm_amd64.go -pkg x25519

package x25519

import "golang.org/x/sys/cpu"

// This file binds ifmaLadderKernel to the generated kernel in
// ladder_amd64.s (written by the program in _asm/ladder, whose package
// comment gives the register plan and the constant-time argument). The
// kernel computes exactly the limbs of ifmaLadderGeneric;
// ladder_ifma_test.go checks that.

// ifmaLadderAsm reports that ifmaLadderKernel is the assembly (true here)
// rather than the portable twin.
const ifmaLadderAsm = true

// ifmaLadderAvailable reports whether the kernel can run on this CPU. It
// uses VPMADD52LUQ and VPMADD52HUQ (AVX512IFMA) on the 32 YMM registers with
// opmasks (AVX512F, AVX512VL), and like the root package's IFMA backend it
// requires AVX2 as well: GODEBUG=cpu.avx2=off, cpu.avx512f=off,
// cpu.avx512vl=off or cpu.avx512ifma=off each turn it off.
var ifmaLadderAvailable = cpu.X86.HasAVX2 && cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL && cpu.X86.HasAVX512IFMA

// ifmaLadderKernel runs n steps of the ladder on s, as ifmaLadderGeneric
// does; 1 ≤ n ≤ 256 (n is public). It requires ifmaLadderAvailable.
func ifmaLadderKernel(s *ifmaLanes, k *[32]byte, r3 *ifmaLanes, n int) {
	if n < 1 || n > 256 {
		panic("x25519: internal error: ladder step count out of range")
	}
	ifmaLadderAsmKernel((*[5][4]uint64)(s), k, (*[5][4]uint64)(r3), n)
}
