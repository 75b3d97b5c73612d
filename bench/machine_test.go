package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

func flagsOf(names ...string) []cpuFlag {
	var fs []cpuFlag
	for _, n := range []string{"avx2", "avx512f", "avx512vl", "avx512ifma", "bmi2", "adx"} {
		fs = append(fs, cpuFlag{n, slices.Contains(names, n)})
	}
	return fs
}

// TestBackendRule checks the restated rules on the combinations that
// matter: all four IFMA flags, each one missing (GODEBUG clears one at a
// time), AVX2 alone, none, purego, another architecture.
func TestBackendRule(t *testing.T) {
	all := []string{"avx2", "avx512f", "avx512vl", "avx512ifma", "bmi2", "adx"}
	without := func(name string) []string {
		return slices.DeleteFunc(slices.Clone(all), func(s string) bool { return s == name })
	}
	for _, c := range []struct {
		goarch         string
		purego         bool
		flags          []string
		backend, field string
		ladder         string
	}{
		{"amd64", false, all, "ifma", "scaled MULX/ADX multiply, MULX/ADX squarings (mask in memory)", "IFMA kernel"},
		{"amd64", false, without("avx2"), "serial", "scaled MULX/ADX multiply, MULX/ADX squarings (mask in memory)", "MULX kernel, two chains"},
		{"amd64", false, without("avx512f"), "avx2", "scaled MULX/ADX multiply, MULX/ADX squarings (mask in memory)", "MULX kernel, two chains"},
		{"amd64", false, without("avx512vl"), "avx2", "scaled MULX/ADX multiply, MULX/ADX squarings (mask in memory)", "MULX kernel, two chains"},
		{"amd64", false, without("avx512ifma"), "avx2", "scaled MULX/ADX multiply, MULX/ADX squarings (mask in memory)", "MULX kernel, two chains"},
		{"amd64", false, without("adx"), "ifma", "MULQ multiply, MULQ squarings", "IFMA kernel"},
		{"amd64", false, []string{"avx2", "bmi2", "adx"}, "avx2", "scaled MULX/ADX multiply, MULX/ADX squarings (mask in memory)", "MULX kernel, two chains"},
		{"amd64", false, []string{"avx2", "bmi2"}, "avx2", "MULQ multiply, MULQ squarings", "Go on field.Element"},
		{"amd64", false, []string{"avx2"}, "avx2", "MULQ multiply, MULQ squarings", "Go on field.Element"},
		{"amd64", false, nil, "serial", "MULQ multiply, MULQ squarings", "Go on field.Element"},
		{"amd64", true, all, "serial", "generic Go", "Go on field.Element"},
		{"arm64", false, nil, "serial", "Go, arm64 operation order", "Go on field.Element"},
		{"386", false, nil, "serial", "products by 27-bit halves in 386 assembly", "Go on field.Element"},
		{"386", true, nil, "serial", "generic Go", "Go on field.Element"},
		{"wasm", false, nil, "serial", "Go, products by 27-bit halves", "Go on field.Element"},
		{"s390x", false, nil, "serial", "generic Go", "Go on field.Element"},
	} {
		fl := flagsOf(c.flags...)
		b, f, l := backendRule(c.goarch, c.purego, fl), fieldRule(c.goarch, c.purego, "AuthenticAMD", fl), ladderRule(c.goarch, c.purego, "AuthenticAMD", fl)
		if b != c.backend || f != c.field || l != c.ladder {
			t.Errorf("%s purego=%v %v: %s, %s, %s; want %s, %s, %s", c.goarch, c.purego, c.flags, b, f, l, c.backend, c.field, c.ladder)
		}
	}
}

// TestFieldRuleIntel checks the choices by vendor: the scaled MULX/ADX
// multiply on every CPU with BMI2 and ADX, the MULX multiply on Intel CPUs
// with BMI2 alone, MULQ everywhere else; the MULX squarings' carry pass by
// SHRX on Intel CPUs, with the mask in memory on others; the fused
// exponentiation on Intel CPUs with BMI2 and ADX.
func TestFieldRuleIntel(t *testing.T) {
	all := flagsOf("avx2", "avx512f", "avx512vl", "avx512ifma", "bmi2", "adx")
	for _, c := range []struct {
		vendor string
		flags  []cpuFlag
		goarch string
		purego bool
		want   string
	}{
		{"GenuineIntel", all, "amd64", false, "scaled MULX/ADX multiply, MULX/ADX squarings (carry by SHRX), fused exponentiation"},
		{"GenuineIntel", flagsOf("bmi2"), "amd64", false, "MULX multiply, MULQ squarings"},
		{"GenuineIntel", flagsOf("adx"), "amd64", false, "MULQ multiply, MULQ squarings"},
		{"AuthenticAMD", all, "amd64", false, "scaled MULX/ADX multiply, MULX/ADX squarings (mask in memory)"},
		{"AuthenticAMD", flagsOf("bmi2"), "amd64", false, "MULQ multiply, MULQ squarings"},
		{"", all, "amd64", false, "scaled MULX/ADX multiply, MULX/ADX squarings (mask in memory)"},
		{"GenuineIntel", all, "amd64", true, "generic Go"},
	} {
		if got := fieldRule(c.goarch, c.purego, c.vendor, c.flags); got != c.want {
			t.Errorf("fieldRule(%s, purego=%v, %q): %q, want %q", c.goarch, c.purego, c.vendor, got, c.want)
		}
	}
}

// TestLadderRuleVendor checks the MULX ladder's form by vendor: one chain
// on Intel CPUs, two chains on the others (an unknown vendor included).
func TestLadderRuleVendor(t *testing.T) {
	mulx := flagsOf("avx2", "bmi2", "adx")
	for _, c := range []struct {
		vendor string
		flags  []cpuFlag
		want   string
	}{
		{"GenuineIntel", mulx, "MULX kernel, one chain"},
		{"AuthenticAMD", mulx, "MULX kernel, two chains"},
		{"", mulx, "MULX kernel, two chains"},
		{"GenuineIntel", flagsOf("avx2", "avx512f", "avx512vl", "avx512ifma", "bmi2", "adx"), "IFMA kernel"},
		{"GenuineIntel", flagsOf("bmi2"), "Go on field.Element"},
	} {
		if got := ladderRule("amd64", false, c.vendor, c.flags); got != c.want {
			t.Errorf("ladderRule(%q, %v): %q, want %q", c.vendor, c.flags, got, c.want)
		}
	}
}

var flagUse = regexp.MustCompile(`cpu\.X86\.Has(\w+)`)

// flagsIn returns the x/sys/cpu flags src reads, lower case, sorted.
func flagsIn(src string) []string {
	var out []string
	for _, m := range flagUse.FindAllStringSubmatch(src, -1) {
		if f := strings.ToLower(m[1]); !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	slices.Sort(out)
	return out
}

// TestBackendRuleMatchesLibrary reads the library's source (the parent
// module, outside bench/ and the generators) and checks that the files and
// flags the restated rules assume are the ones the library reads, so that
// a new CPU dependency, or a changed rule, fails here until the bench's
// rules follow.
func TestBackendRuleMatchesLibrary(t *testing.T) {
	ifma := []string{"avx2", "avx512f", "avx512ifma", "avx512vl"}
	want := map[string][]string{
		"backend_amd64.go":            {"avx2"},
		"vec_ifma_amd64.go":           ifma,
		"x25519/ladder_amd64.go":      ifma,
		"x25519/ladder_mulx_amd64.go": {"adx", "bmi2"},
		"field/fe_amd64.go":           {"adx", "bmi2"},
	}
	got := map[string][]string{}
	sources := map[string]string{}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("..", path)
		if d.IsDir() {
			if rel == "bench" || d.Name() == "_asm" || d.Name() == "testdata" || (strings.HasPrefix(d.Name(), ".") && rel != ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sources[filepath.ToSlash(rel)] = string(src)
		if fl := flagsIn(string(src)); len(fl) > 0 {
			got[filepath.ToSlash(rel)] = fl
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for file, fl := range got {
		if !slices.Equal(fl, want[file]) {
			t.Errorf("%s reads x/sys/cpu flags %v; the bench's rules assume %v", file, fl, want[file])
		}
	}
	for file := range want {
		if _, ok := got[file]; !ok {
			t.Errorf("%s no longer reads x/sys/cpu flags; the bench's rules assume it does", file)
		}
	}
	var ours []string
	for _, f := range x86Flags() {
		ours = append(ours, f.name)
	}
	slices.Sort(ours)
	var theirs []string
	for _, fl := range got {
		for _, f := range fl {
			if !slices.Contains(theirs, f) {
				theirs = append(theirs, f)
			}
		}
	}
	slices.Sort(theirs)
	if !slices.Equal(ours, theirs) {
		t.Errorf("the bench prints flags %v, the library reads %v", ours, theirs)
	}
	// The order of the choice: IFMA before AVX2.
	b := sources["backend_amd64.go"]
	if i, j := strings.Index(b, "case ifmaAvailable"), strings.Index(b, "case cpu.X86.HasAVX2"); i < 0 || j < 0 || i > j {
		t.Errorf("backend_amd64.go no longer tries ifmaAvailable, then AVX2; backendRule assumes it does")
	}
	// The ladder: IFMA before MULX, and the MULX kernel on BMI2 and ADX.
	l := sources["x25519/ladder.go"]
	if i, j := strings.Index(l, "case ifmaLadderAvailable"), strings.Index(l, "case mulxLadderAvailable"); i < 0 || j < 0 || i > j {
		t.Errorf("x25519/ladder.go no longer tries ifmaLadderAvailable, then mulxLadderAvailable; ladderRule assumes it does")
	}
	f := sources["field/fe_amd64.go"]
	if !strings.Contains(f, "var mulPath = chooseMulPath(cpu.X86.HasBMI2, cpu.X86.HasADX, cpuvendor.Intel)") ||
		!strings.Contains(f, "case bmi2 && adx:\n\t\treturn pathMULXMem\n\tcase bmi2 && intel:\n\t\treturn pathMULXSHRX") {
		t.Errorf("field/fe_amd64.go no longer runs the scaled multiply on BMI2 and ADX, else feMulMULX on BMI2 and Intel; fieldRule assumes it does")
	}
	if !strings.Contains(f, "if squarePath == pathMULXSHRX && mulPath == pathMULXMem {\n\t\tfePow22523Asm(") {
		t.Errorf("field/fe_amd64.go no longer runs fePow22523Asm exactly where the squarings are SHRX's and the multiply the scaled one; fieldRule assumes it does")
	}
	if !strings.Contains(sources["x25519/ladder_mulx_amd64.go"], "var mulxLadderAvailable = cpu.X86.HasBMI2 && cpu.X86.HasADX") {
		t.Errorf("x25519/ladder_mulx_amd64.go no longer requires exactly BMI2 and ADX; ladderRule assumes it does")
	}
	if !strings.Contains(sources["x25519/ladder_mulx_amd64.go"], "var mulxOneChain = cpuvendor.Intel") {
		t.Errorf("x25519/ladder_mulx_amd64.go no longer runs the one-chain kernel exactly on Intel CPUs; ladderRule assumes it does")
	}
	if !strings.Contains(sources["internal/cpuvendor/vendor.go"], `var Intel = Name() == "GenuineIntel"`) {
		t.Errorf("internal/cpuvendor no longer names Intel by the vendor string GenuineIntel; fieldRule and ladderRule assume it does")
	}
}

// TestMachineName checks the CPU names and file-name slugs of the CPUs the
// results directory has met, from /proc/cpuinfo excerpts.
func TestMachineName(t *testing.T) {
	for _, c := range []struct {
		cpuinfo             string
		name, slug, details string
	}{
		{"vendor_id\t: AuthenticAMD\ncpu family\t: 26\nmodel\t\t: 2\nmodel name\t: AMD EPYC\nstepping\t: 1\nsiblings\t: 2\ncpu cores\t: 2\nflags\t\t: fpu avx2 avx512f\n\nprocessor\t: 1\nstepping\t: 7\n",
			"AMD EPYC (Zen 5)", "amd-epyc-zen-5", "cpu family 26, model 2, stepping 1; 2 cores with 1 thread each"},
		{"vendor_id\t: AuthenticAMD\ncpu family\t: 25\nmodel\t\t: 17\nmodel name\t: AMD EPYC\n",
			"AMD EPYC (Zen 4)", "amd-epyc-zen-4", "cpu family 25, model 17"},
		{"vendor_id\t: AuthenticAMD\ncpu family\t: 25\nmodel\t\t: 1\nmodel name\t: AMD EPYC 7763 64-Core Processor\n",
			"AMD EPYC 7763 64-Core Processor (Zen 3)", "amd-epyc-7763-64-core-processor-zen-3", "cpu family 25, model 1"},
		{"vendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 143\nmodel name\t: Intel(R) Xeon(R) Platinum 8488C\nsiblings\t: 2\ncpu cores\t: 1\n",
			"Intel(R) Xeon(R) Platinum 8488C (Sapphire Rapids)", "intel-r-xeon-r-platinum-8488c-sapphire-rapids", "cpu family 6, model 143; 1 core with 2 threads each"},
		{"vendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 999\nmodel name\t: Intel Future\n",
			"Intel Future (family 6, model 999)", "intel-future-f6m999", "cpu family 6, model 999"},
		{"model name\t: Some CPU\nsiblings\t: 3\ncpu cores\t: 2\n", "Some CPU", "some-cpu", ""},
	} {
		path := filepath.Join(t.TempDir(), "cpuinfo")
		if err := os.WriteFile(path, []byte(c.cpuinfo), 0o644); err != nil {
			t.Fatal(err)
		}
		m := machine{model: "unknown CPU", family: -1, modelNumber: -1, stepping: -1, siblings: -1, cores: -1}
		m.readCPUInfo(path)
		if m.cpuName() != c.name || m.slug() != c.slug || m.details() != c.details {
			t.Errorf("%q: %q, %q, %q; want %q, %q, %q", c.cpuinfo, m.cpuName(), m.slug(), m.details(), c.name, c.slug, c.details)
		}
	}
	m := machine{model: "unknown CPU", family: -1, modelNumber: -1}
	m.readCPUInfo(filepath.Join(t.TempDir(), "missing"))
	if m.slug() != "unknown-cpu" {
		t.Errorf("no cpuinfo: slug %q", m.slug())
	}
}

// TestFlagsLineShowsGODEBUG checks that a flag the CPU has but x/sys/cpu
// reports cleared is shown as cleared by GODEBUG.
func TestFlagsLineShowsGODEBUG(t *testing.T) {
	m := machine{procFlags: map[string]bool{"avx2": true, "avx512f": true}, flags: flagsOf("avx512f")}
	line := m.flagsLine()
	if !strings.Contains(line, "avx2 no (cleared by GODEBUG)") || !strings.Contains(line, "avx512f yes") || !strings.Contains(line, "bmi2 no,") {
		t.Errorf("flags line %q", line)
	}
}

// TestSaveRunNeverOverwrites saves the same run three times and checks that
// the three files are distinct and each holds its run, and that a missing
// directory is an error.
func TestSaveRunNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	rep := report{machine: machine{model: "Test CPU", family: -1, modelNumber: -1}, date: time.Date(2026, 12, 5, 10, 0, 0, 0, time.UTC)}
	var paths []string
	for i := range 3 {
		p, err := saveRun(dir, rep, []byte{'0' + byte(i)})
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, filepath.Base(p))
	}
	want := []string{"2026-12-05-test-cpu.md", "2026-12-05-test-cpu-2.md", "2026-12-05-test-cpu-3.md"}
	if !slices.Equal(paths, want) {
		t.Errorf("saved as %v, want %v", paths, want)
	}
	for i, name := range want {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(b), "# 2026-12-05, Test CPU\n") || !strings.HasSuffix(string(b), string(rune('0'+i))) {
			t.Errorf("%s holds %q", name, b)
		}
	}
	if _, err := saveRun(filepath.Join(dir, "missing"), rep, nil); err == nil {
		t.Error("saveRun into a missing directory succeeded")
	}
}
