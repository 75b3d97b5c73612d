//go:build amd64 && !purego

package edwards25519

import "golang.org/x/sys/cpu"

// detectBackend picks the IFMA backend when the CPU can run its kernels
// (ifmaAvailable: AVX2, AVX512F, AVX512VL and AVX512IFMA), the AVX2 one
// when it has AVX2, and the serial one otherwise.
func detectBackend() backend {
	switch {
	case ifmaAvailable:
		return backendIFMA
	case cpu.X86.HasAVX2:
		return backendAVX2
	}
	return backendSerial
}
