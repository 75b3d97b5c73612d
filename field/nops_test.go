package field

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPortableProductsWithoutNOPs compiles this package for amd64 and arm64,
// reads the portable products back with go tool objdump (the multiplies and
// squares of fe_generic.go, fe_reordered.go and fe_halves.go) and fails if
// more than two NOPs are left in any of them. The Go compiler keeps a mark for
// every inlined call, and where the call's own line has no instruction of
// its own (r = helper(r, x, y)) the mark becomes a NOP: written with small
// inlined helpers, the products carried 20 to 36 NOPs each, and on arm64 the
// reordered multiply's 35 were a seventh of its instructions (docs/PERFORMANCE.md,
// "Inline marks in the portable field code"). The two allowed are for the
// assembler's padding: on amd64 it puts one NOP before the call that grows
// the stack or before a return.
func TestPortableProductsWithoutNOPs(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the package twice and disassembles it; not in -short")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	for _, arch := range []string{"amd64", "arm64"} {
		archive := filepath.Join(t.TempDir(), "field.a")
		run := func(args ...string) string {
			cmd := exec.Command(goTool, args...)
			// GOFLAGS is cleared: a -race or -msan in it would need cgo,
			// and no tag changes these functions.
			cmd.Env = append(os.Environ(), "GOOS=linux", "GOARCH="+arch, "CGO_ENABLED=0", "GOFLAGS=")
			var stderr strings.Builder
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("GOARCH=%s go %s: %v\n%s", arch, strings.Join(args, " "), err, stderr.String())
			}
			return string(out)
		}
		run("build", "-o", archive, ".")
		out := run("tool", "objdump", "-s", `/field\.fe(Mul|Square)(Generic|Reordered|Halves)$`, archive)

		nops := map[string]int{}
		fn := ""
		for line := range strings.Lines(out) {
			if name, ok := strings.CutPrefix(line, "TEXT "); ok {
				fn = strings.Fields(name)[0]
				nops[fn] += 0
				continue
			}
			// file:line, address, encoding, then the instruction.
			cols := strings.Fields(line)
			if fn == "" || len(cols) < 4 {
				continue
			}
			if op := cols[3]; strings.HasPrefix(op, "NOP") || op == "NOOP" {
				nops[fn]++
			}
		}
		if len(nops) != 6 {
			t.Fatalf("%s: objdump found %d of the 6 portable products: %v", arch, len(nops), nops)
		}
		for fn, n := range nops {
			t.Logf("%s %s: %d NOPs", arch, fn, n)
			if n > 2 {
				t.Errorf("%s: %s has %d NOPs, left by small helpers inlined into it", arch, fn, n)
			}
		}
	}
}
