package cpuvendor

import (
	"os"
	"runtime"
	"strings"
	"testing"
)

// TestName checks Name against the vendor_id line that Linux writes in
// /proc/cpuinfo on amd64 (skipped where that file or line is missing, and
// on other architectures, where Name is ""), and Intel against Name.
func TestName(t *testing.T) {
	v := Name()
	t.Logf("vendor %q, Intel %v", v, Intel)
	if Intel != (v == "GenuineIntel") {
		t.Fatalf("Intel = %v for vendor %q", Intel, v)
	}
	if runtime.GOARCH != "amd64" || v == "" {
		if v != "" {
			t.Fatalf("Name() = %q on %s", v, runtime.GOARCH)
		}
		t.Skip("no CPUID here: Name is empty")
	}
	info, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Skip("no /proc/cpuinfo to compare with:", err)
	}
	for line := range strings.SplitSeq(string(info), "\n") {
		name, value, ok := strings.Cut(line, ":")
		if ok && strings.TrimSpace(name) == "vendor_id" {
			if got := strings.TrimSpace(value); got != v {
				t.Fatalf("/proc/cpuinfo vendor_id %q, CPUID %q", got, v)
			}
			return
		}
	}
	t.Skip("no vendor_id line in /proc/cpuinfo")
}
