//go:build !purego

//go:generate go -C ../_asm run ./laddermulx -out ../x25519/ladder_mulx_amd64.s -stubs ../x25519/ladder_mulx_asm_amd64.go -pkg x25519

package x25519

import (
	"golang.org/x/sys/cpu"

	"github.com/seed06d4b90c/edwards25519/internal/cpuvendor"
)

// This file binds mulxLadderKernel to the generated kernels in
// ladder_mulx_amd64.s (written by the program in _asm/laddermulx, whose
// package comment gives the register plan). Both kernels compute exactly
// the words of mulxLadderGeneric; ladder_mulx_test.go checks that for each,
// and checks each of their operations, which the generator also emits as
// routines of their own, against the twins.

// mulxLadderAsm reports that mulxLadderKernel is the assembly (true here)
// rather than the portable twin.
const mulxLadderAsm = true

// mulxLadderAvailable reports whether the kernel can run on this CPU: it
// uses MULX (BMI2) and ADCX/ADOX (ADX). GODEBUG=cpu.bmi2=off or
// cpu.adx=off turns it off.
var mulxLadderAvailable = cpu.X86.HasBMI2 && cpu.X86.HasADX

// mulxOneChain selects the kernel: mulxLadderAsmOneChain, whose products
// add rows 1 and 2 and their fold one carry chain at a time, on Intel CPUs,
// where it took 0.91 of the time of the kernel before it (two chains, and
// an earlier step order) on a Xeon (docs/PERFORMANCE.md, "The MULX ladder
// on Intel"); mulxLadderAsmTwoChains, with those rows on the two chains at
// once, on other CPUs, where it took 0.92 of the one-chain kernel's time on
// AMD Zen 3 in the same step order, and 0.94 of that again in the order of
// its own that it runs now ("The MULX ladder's two forms on Zen 3"). The
// vendor is public, and so is the choice. Tests change it to run both
// kernels.
var mulxOneChain = cpuvendor.Intel

// mulxLadderKernel runs the ladder on s, as mulxLadderGeneric does, with
// the kernel that mulxOneChain selects. It requires mulxLadderAvailable.
func mulxLadderKernel(s *mulxState, k *[32]byte) {
	if mulxOneChain {
		mulxLadderAsmOneChain((*[mulxSlots][4]uint64)(s), k)
		return
	}
	mulxLadderAsmTwoChains((*[mulxSlots][4]uint64)(s), k)
}
