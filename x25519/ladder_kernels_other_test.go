//go:build !amd64 || purego

package x25519

import "testing"

// ladderKernels returns the implementations of ifmaLadderKernel to test:
// on this target it is the twin itself, so the kernel tests compare the
// twin with itself and the value tests carry the weight.
func ladderKernels(t *testing.T) []ladderKernel {
	t.Log("no kernel on this target: ifmaLadderKernel is the twin")
	return []ladderKernel{{"twin", ifmaLadderKernel}}
}
