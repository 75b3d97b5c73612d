//go:build !amd64 || purego

package x25519

// Without the assembly, ifmaLadderKernel is the portable twin, which the
// tests run on every target; ladder never selects it (it is slower than
// ladderGeneric).

// ifmaLadderAsm reports that ifmaLadderKernel is the assembly (false here)
// rather than the portable twin.
const ifmaLadderAsm = false

// ifmaLadderAvailable reports whether the kernel can run: never here.
var ifmaLadderAvailable = false

func ifmaLadderKernel(s *ifmaLanes, k *[32]byte, r3 *ifmaLanes, n int) {
	ifmaLadderGeneric(s, k, r3, n)
}
