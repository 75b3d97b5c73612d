package main

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"

	"golang.org/x/sys/cpu"
)

// The machine a run measures: the CPU, the golang.org/x/sys/cpu flags the
// library's choices depend on, and the choices themselves.
//
// The library does not export which backend it runs (its backend variable
// is unexported by design), so the command derives it with the library's
// own rule from the same flags. It reads them from the same x/sys/cpu
// package the library reads, in the same process, so GODEBUG settings
// (GODEBUG=cpu.avx2=off, cpu.avx512ifma=off, ...) change both views alike.
// TestBackendRuleMatchesLibrary keeps the list of flags in step with the
// library's source.

// cpuFlag is one x/sys/cpu feature flag and the name /proc/cpuinfo and
// GODEBUG give it.
type cpuFlag struct {
	name string
	has  bool
}

// machine describes the CPU and what the library does on it.
type machine struct {
	model       string // /proc/cpuinfo "model name", or "unknown CPU"
	vendor      string // "AuthenticAMD", "GenuineIntel", or ""
	family      int    // -1 if unknown
	modelNumber int    // -1 if unknown
	stepping    int    // -1 if unknown
	siblings    int    // logical CPUs of the first package, -1 if unknown
	cores       int    // cores of the first package, -1 if unknown
	logicalCPUs int
	procFlags   map[string]bool // the flags /proc/cpuinfo lists, if it exists
	flags       []cpuFlag       // as x/sys/cpu reports them (GODEBUG applied)
	backend     string          // the point-arithmetic backend, by the library's rule
	fieldPath   string          // the field arithmetic's binding
	ladder      string          // the X25519 ladder's path
	godebug     string
}

// x86Flags are the x/sys/cpu flags the library reads on amd64: the four of
// the IFMA backend and the IFMA X25519 ladder (vec_ifma_amd64.go,
// x25519/ladder_amd64.go), AVX2 for the AVX2 backend (backend_amd64.go), and
// BMI2 and ADX for the MULX field squarings (field/fe_amd64.go).
func x86Flags() []cpuFlag {
	return []cpuFlag{
		{"avx2", cpu.X86.HasAVX2},
		{"avx512f", cpu.X86.HasAVX512F},
		{"avx512vl", cpu.X86.HasAVX512VL},
		{"avx512ifma", cpu.X86.HasAVX512IFMA},
		{"bmi2", cpu.X86.HasBMI2},
		{"adx", cpu.X86.HasADX},
	}
}

// hasFlag returns the value of the named flag in flags.
func hasFlag(flags []cpuFlag, name string) bool {
	for _, f := range flags {
		if f.name == name {
			return f.has
		}
	}
	return false
}

// hasIFMA reports the four flags of the IFMA kernels.
func hasIFMA(flags []cpuFlag) bool {
	return hasFlag(flags, "avx2") && hasFlag(flags, "avx512f") && hasFlag(flags, "avx512vl") && hasFlag(flags, "avx512ifma")
}

// backendRule is the library's choice of point-arithmetic backend, restated
// from detectBackend (backend_amd64.go, backend_other.go): on amd64 without
// the purego tag, "ifma" with AVX2, AVX512F, AVX512VL and AVX512IFMA, else
// "avx2" with AVX2; "serial" everywhere else.
func backendRule(goarch string, purego bool, flags []cpuFlag) string {
	if goarch != "amd64" || purego {
		return "serial"
	}
	switch {
	case hasIFMA(flags):
		return "ifma"
	case hasFlag(flags, "avx2"):
		return "avx2"
	}
	return "serial"
}

// fieldRule is the binding of the field arithmetic, restated from
// field/fe_amd64.go, fe_arm64.go, fe_386.go, fe_wasm.go and fe_noasm.go. vendor is /proc/cpuinfo's
// vendor_id, which the library reads from CPUID: the multiply is the scaled
// MULX, ADCX and ADOX form on CPUs with BMI2 and ADX, and MULX without ADX
// on Intel CPUs with BMI2 alone; the MULX squarings' carry pass shifts by
// SHRX on Intel CPUs and reads its mask from memory on others; Intel CPUs
// with BMI2 and ADX run Pow22523 as one fused routine.
func fieldRule(goarch string, purego bool, vendor string, flags []cpuFlag) string {
	switch {
	case purego:
		return "generic Go"
	case goarch == "amd64":
		bmi2, adx, intel := hasFlag(flags, "bmi2"), hasFlag(flags, "adx"), vendor == "GenuineIntel"
		mul := "MULQ multiply"
		switch {
		case bmi2 && adx:
			mul = "scaled MULX/ADX multiply"
		case bmi2 && intel:
			mul = "MULX multiply"
		}
		if bmi2 && adx {
			if intel {
				return mul + ", MULX/ADX squarings (carry by SHRX), fused exponentiation"
			}
			return mul + ", MULX/ADX squarings (mask in memory)"
		}
		return mul + ", MULQ squarings"
	case goarch == "arm64":
		return "Go, arm64 operation order"
	case goarch == "386":
		return "products by 27-bit halves in 386 assembly"
	case goarch == "wasm":
		return "Go, products by 27-bit halves"
	}
	return "generic Go"
}

// ladderRule is the path of x25519's variable-base ladder, restated from
// x25519/ladder_amd64.go, ladder_mulx_amd64.go and ladder.go: on amd64
// without purego, the IFMA kernel when the CPU has the four IFMA flags,
// else the MULX kernel when it has BMI2 and ADX, in its one-chain form on
// Intel CPUs (vendor as for fieldRule) and its two-chain form on others;
// the Go ladder on field.Element otherwise.
func ladderRule(goarch string, purego bool, vendor string, flags []cpuFlag) string {
	switch {
	case goarch != "amd64" || purego:
	case hasIFMA(flags):
		return "IFMA kernel"
	case hasFlag(flags, "bmi2") && hasFlag(flags, "adx"):
		if vendor == "GenuineIntel" {
			return "MULX kernel, one chain"
		}
		return "MULX kernel, two chains"
	}
	return "Go on field.Element"
}

// detectMachine describes the machine this process runs on.
func detectMachine() machine {
	m := machine{model: "unknown CPU", family: -1, modelNumber: -1, stepping: -1, siblings: -1, cores: -1, logicalCPUs: runtime.NumCPU(), godebug: os.Getenv("GODEBUG")}
	if runtime.GOARCH == "amd64" || runtime.GOARCH == "386" {
		m.flags = x86Flags()
	}
	m.readCPUInfo("/proc/cpuinfo")
	m.backend = backendRule(runtime.GOARCH, purego, m.flags)
	m.fieldPath = fieldRule(runtime.GOARCH, purego, m.vendor, m.flags)
	m.ladder = ladderRule(runtime.GOARCH, purego, m.vendor, m.flags)
	return m
}

// readCPUInfo fills in what the first processor entry of a Linux
// /proc/cpuinfo says, if the file exists.
func (m *machine) readCPUInfo(path string) {
	f, err := os.Open(path)
	if err != nil {
		return
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		key, value, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			if m.procFlags != nil {
				return // the end of the first processor
			}
			continue
		}
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		switch key {
		case "model name":
			m.model = value
		case "vendor_id":
			m.vendor = value
		case "cpu family":
			m.family = atoi(value)
		case "model":
			m.modelNumber = atoi(value)
		case "stepping":
			m.stepping = atoi(value)
		case "siblings":
			m.siblings = atoi(value)
		case "cpu cores":
			m.cores = atoi(value)
		case "flags":
			m.procFlags = map[string]bool{}
			for _, fl := range strings.Fields(value) {
				m.procFlags[fl] = true
			}
		}
	}
}

func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return -1
	}
	return n
}

// microarchitecture names the core from the vendor, family and model
// numbers, for the CPUs these benchmarks have met; "" otherwise. Virtual
// machines often report a bare "AMD EPYC", which this tells apart.
func (m machine) microarchitecture() string {
	switch {
	case m.vendor == "AuthenticAMD" && m.family == 25:
		// Family 19h holds both: models 10h-1Fh (Genoa), 60h-7Fh
		// (Raphael, Phoenix) and A0h-AFh (Bergamo) are Zen 4, the
		// rest Zen 3.
		switch n := m.modelNumber; {
		case n >= 0x10 && n <= 0x1f, n >= 0x60 && n <= 0x7f, n >= 0xa0 && n <= 0xaf:
			return "Zen 4"
		}
		return "Zen 3"
	case m.vendor == "AuthenticAMD" && m.family == 26:
		return "Zen 5"
	case m.vendor == "GenuineIntel" && m.family == 6:
		switch m.modelNumber {
		case 85:
			return "Skylake/Cascade Lake server"
		case 106, 108:
			return "Ice Lake server"
		case 143:
			return "Sapphire Rapids"
		case 207:
			return "Emerald Rapids"
		}
	}
	return ""
}

// cpuName is the model name with the microarchitecture or the family and
// model numbers.
func (m machine) cpuName() string {
	switch {
	case m.microarchitecture() != "":
		return fmt.Sprintf("%s (%s)", m.model, m.microarchitecture())
	case m.family >= 0:
		return fmt.Sprintf("%s (family %d, model %d)", m.model, m.family, m.modelNumber)
	}
	return m.model
}

// details gives the family, model and stepping numbers and the threads per
// core, as far as /proc/cpuinfo tells them, or "". VMs that print the same
// model name can differ in these, and their ratios with them: the Zen 5 VMs
// in bench/results ran at 3.8 and at 4.5 GHz.
func (m machine) details() string {
	var parts []string
	if m.family >= 0 {
		p := fmt.Sprintf("cpu family %d, model %d", m.family, m.modelNumber)
		if m.stepping >= 0 {
			p += fmt.Sprintf(", stepping %d", m.stepping)
		}
		parts = append(parts, p)
	}
	if m.siblings > 0 && m.cores > 0 && m.siblings%m.cores == 0 {
		parts = append(parts, fmt.Sprintf("%s with %s each", plural(m.cores, "core"), plural(m.siblings/m.cores, "thread")))
	}
	return strings.Join(parts, "; ")
}

// plural gives n and the noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

// slug is the CPU part of a results file name: the model name and the
// microarchitecture (or family and model numbers) in lower case, with
// dashes, as in "amd-epyc-zen-5".
func (m machine) slug() string {
	name := m.model
	switch {
	case m.microarchitecture() != "":
		name += " " + m.microarchitecture()
	case m.family >= 0:
		name += fmt.Sprintf(" f%dm%d", m.family, m.modelNumber)
	}
	s := strings.Trim(nonSlug.ReplaceAllString(strings.ToLower(name), "-"), "-")
	if s == "" {
		return "unknown-cpu"
	}
	return s
}

// flagsLine lists the flags x/sys/cpu reports, each with "yes" or "no",
// and "no (GODEBUG)" where /proc/cpuinfo lists the flag but x/sys/cpu has
// it cleared.
func (m machine) flagsLine() string {
	if len(m.flags) == 0 {
		return "none read on " + runtime.GOARCH
	}
	var parts []string
	for _, f := range m.flags {
		v := "no"
		switch {
		case f.has:
			v = "yes"
		case m.procFlags[f.name]:
			v = "no (cleared by GODEBUG)"
		}
		parts = append(parts, f.name+" "+v)
	}
	return strings.Join(parts, ", ")
}

// archLevel returns the build's instruction-set level for the target (the
// GOAMD64, GO386, GOARM or GOARM64 setting the toolchain recorded), as
// ", GOAMD64=v3", or "" when the binary carries no build information. The
// compiler's code for both this library and its peers depends on it.
func archLevel() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "GOAMD64", "GO386", "GOARM", "GOARM64":
			return ", " + s.Key + "=" + s.Value
		}
	}
	return ""
}

// describe returns the lines that head every run.
func (m machine) describe() []string {
	godebug := m.godebug
	if godebug == "" {
		godebug = "unset"
	}
	tags := archLevel()
	if purego {
		tags += ", -tags purego"
	}
	cpuLine := fmt.Sprintf("CPU: %s, %d logical CPUs", m.cpuName(), m.logicalCPUs)
	if d := m.details(); d != "" {
		cpuLine += " (" + d + ")"
	}
	return []string{
		cpuLine,
		fmt.Sprintf("Go: %s %s/%s%s; GODEBUG: %s", runtime.Version(), runtime.GOOS, runtime.GOARCH, tags, godebug),
		"x/sys/cpu flags: " + m.flagsLine(),
		fmt.Sprintf("backend: %s; field arithmetic: %s; X25519 ladder: %s (derived from these flags with the library's rules, which it does not export)",
			m.backend, m.fieldPath, m.ladder),
	}
}
