//go:build !amd64 || purego

package x25519

// Without the assembly, mulxLadderKernel is the portable twin, which the
// tests run on every target; ladder never selects it: ladderGeneric is the
// portable path, and the twin, written for clarity, runs at about half its
// speed (measured under purego on amd64).

// mulxLadderAsm reports that mulxLadderKernel is the assembly (false here)
// rather than the portable twin.
const mulxLadderAsm = false

// mulxLadderAvailable reports whether the kernel can run: never here.
var mulxLadderAvailable = false

// mulxOneChain names the kernel's form where the assembly is compiled in;
// here both forms are the twin.
var mulxOneChain = false

func mulxLadderKernel(s *mulxState, k *[32]byte) { mulxLadderGeneric(s, k) }
