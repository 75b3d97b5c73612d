//go:build !purego

//go:generate go -C ../_asm run ./laddermulx -out ../x25519/ladder_mulx_amd64.s -stubs ../x25519/ladder_mulx_asm_amd64.go -pkg x25519

package x25519

import "golang.org/x/sys/cpu"

// This file binds mulxLadderKernel to the generated kernel in
// ladder_mulx_amd64.s (written by the program in _asm/laddermulx, whose
// package comment gives the register plan). The kernel computes exactly
// the words of mulxLadderGeneric; ladder_mulx_test.go checks that, and
// checks each of its operations, which the generator also emits as
// routines of their own, against the twins.

// mulxLadderAsm reports that mulxLadderKernel is the assembly (true here)
// rather than the portable twin.
const mulxLadderAsm = true

// mulxLadderAvailable reports whether the kernel can run on this CPU: it
// uses MULX (BMI2) and ADCX/ADOX (ADX). GODEBUG=cpu.bmi2=off or
// cpu.adx=off turns it off.
var mulxLadderAvailable = cpu.X86.HasBMI2 && cpu.X86.HasADX

// mulxLadderKernel runs the ladder on s, as mulxLadderGeneric does. It
// requires mulxLadderAvailable.
func mulxLadderKernel(s *mulxState, k *[32]byte) {
	mulxLadderAsmKernel((*[mulxSlots][4]uint64)(s), k)
}
