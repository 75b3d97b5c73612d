// Command cpuvendor writes internal/cpuvendor/cpuid_amd64.s and its Go
// declaration internal/cpuvendor/cpuid_asm_amd64.go: one routine that runs
// CPUID with leaf 0 and returns the three registers holding the vendor
// string, the one CPU fact that golang.org/x/sys/cpu does not report and
// that the field multiply's and the X25519 ladder's choices of form need.
//
// Regenerate from internal/cpuvendor with `go generate` (see
// internal/cpuvendor/vendor_amd64.go), which runs, from the _asm module,
//
//	go run ./cpuvendor -out ../internal/cpuvendor/cpuid_amd64.s -stubs ../internal/cpuvendor/cpuid_asm_amd64.go -pkg cpuvendor
//
// CI regenerates the files and fails on a diff.
//
// Leaf 0 (EAX = 0) returns the highest basic leaf in EAX and the twelve
// bytes of the vendor string in EBX, EDX and ECX, in that order, four
// little-endian bytes each (Intel SDM, volume 2A, CPUID; AMD APM volume 3,
// CPUID Fn0000_0000). ECX is cleared too, since some leaves read a subleaf
// from it; leaf 0 has none, and the clear costs nothing.
package main

import (
	"flag"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	flag.Parse()
	ConstraintExpr("!purego")

	TEXT("cpuidLeaf0", NOSPLIT, "func() (ebx, edx, ecx uint32)")
	Doc("cpuidLeaf0 returns EBX, EDX and ECX of CPUID leaf 0, the vendor string's",
		"three words in the order of its bytes.")
	XORL(EAX, EAX)
	XORL(ECX, ECX)
	CPUID()
	Store(EBX, ReturnIndex(0))
	Store(EDX, ReturnIndex(1))
	Store(ECX, ReturnIndex(2))
	RET()

	Generate()
}
