// Package testvectors reads the test vector files that the tests of this
// module take from ../shared/vectors (relative to the module root). Only
// test files import it.
package testvectors

import (
	"os"
	"testing"
)

// Read returns the contents of the file at path. If the file cannot be
// read, the test fails under CI (CI=true), where the vectors must be
// present, and is skipped otherwise.
func Read(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("test vectors unavailable in CI: %v", err)
		}
		t.Skipf("test vectors unavailable (%v); skipping outside CI", err)
	}
	return data
}
