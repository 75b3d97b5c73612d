//go:build !purego

//go:generate go -C ../../_asm run ./cpuvendor -out ../internal/cpuvendor/cpuid_amd64.s -stubs ../internal/cpuvendor/cpuid_asm_amd64.go -pkg cpuvendor

package cpuvendor

import "encoding/binary"

// Name returns the vendor string of CPUID leaf 0, such as "GenuineIntel" or
// "AuthenticAMD".
func Name() string {
	ebx, edx, ecx := cpuidLeaf0()
	var v [12]byte
	binary.LittleEndian.PutUint32(v[0:], ebx)
	binary.LittleEndian.PutUint32(v[4:], edx)
	binary.LittleEndian.PutUint32(v[8:], ecx)
	return string(v[:])
}
