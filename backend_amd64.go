//go:build amd64 && !purego

package edwards25519

import "golang.org/x/sys/cpu"

// detectBackend picks the vector backend when the CPU has AVX2, and the
// serial one otherwise.
func detectBackend() backend {
	if cpu.X86.HasAVX2 {
		return backendAVX2
	}
	return backendSerial
}
