package edwards25519

// The edge-case Ed25519 vectors of filippo.io/mostly-harmless/ed25519vectors
// ("It's 255:19AM. Do you know what your validation criteria are?"),
// fetched at test time through the Go module proxy as the Go toolchain's
// own tests do. Every vector is a signature that verifies under the most
// permissive rules (lenient decoding, cofactored equation); the flags say
// which stricter rule would reject it. The library's behaviour fixes the
// outcome of each test-only verification policy per flag, and the test
// checks all of it.

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// .ci/run reads svVectorsModule and svVectorsVersion from this file (one
// per line, a quoted string) to download the module for the js/wasm tests.
const (
	svVectorsModule  = "filippo.io/mostly-harmless/ed25519vectors"
	svVectorsVersion = "v0.0.0-20210322192420-30a2d7243a94"
	// The pinned module version holds exactly this many vectors.
	svVectorsCount = 768
)

// svVectorsDirEnv names the environment variable that may hold the
// directory of the downloaded vectors module. Test binaries that cannot run
// the go command (GOOS=js under Node.js has no subprocesses) read the file
// from there; .ci/run sets it for that step.
const svVectorsDirEnv = "EDWARDS25519_ED25519VECTORS_DIR"

// svFetchEd25519Vectors returns ed25519vectors.json, from the directory in
// $EDWARDS25519_ED25519VECTORS_DIR if set, else by downloading the vectors
// module with `go mod download -json`. Without the file it fails under
// CI=true and skips otherwise.
func svFetchEd25519Vectors(t *testing.T) []byte {
	t.Helper()
	giveUp := func(format string, args ...any) {
		t.Helper()
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI: cannot obtain %s@%s: "+format, append([]any{svVectorsModule, svVectorsVersion}, args...)...)
		}
		t.Skipf("skipping outside CI, cannot obtain %s@%s: "+format, append([]any{svVectorsModule, svVectorsVersion}, args...)...)
	}
	if dir := os.Getenv(svVectorsDirEnv); dir != "" {
		data, err := os.ReadFile(filepath.Join(dir, "ed25519vectors.json"))
		if err != nil {
			giveUp("$%s: %v", svVectorsDirEnv, err)
		}
		return data
	}
	// go test puts $GOROOT/bin first on the test's PATH.
	goTool, err := exec.LookPath("go")
	if err != nil {
		giveUp("no go command: %v", err)
	}
	cmd := exec.Command(goTool, "mod", "download", "-json", svVectorsModule+"@"+svVectorsVersion)
	// Run outside this module so that go.mod and go.sum are never touched.
	cmd.Dir = t.TempDir()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var info struct {
		Dir   string
		Error string
	}
	if jsonErr := json.Unmarshal(out, &info); jsonErr != nil && err == nil {
		err = jsonErr
	}
	if err != nil || info.Error != "" || info.Dir == "" {
		giveUp("go mod download: %v %s %s", err, info.Error, strings.TrimSpace(stderr.String()))
	}
	data, err := os.ReadFile(filepath.Join(info.Dir, "ed25519vectors.json"))
	if err != nil {
		giveUp("%v", err)
	}
	return data
}

type svMHVector struct {
	A, R, S, M string
	Flags      []string
}

func TestEd25519Vectors(t *testing.T) { forEachBackend(t, testEd25519Vectors) }

func testEd25519Vectors(t *testing.T) {
	data := svFetchEd25519Vectors(t)
	var vectors []svMHVector
	if err := json.Unmarshal(data, &vectors); err != nil {
		t.Fatalf("parsing ed25519vectors.json: %v", err)
	}
	if len(vectors) != svVectorsCount {
		t.Errorf("got %d vectors, the pinned version has %d", len(vectors), svVectorsCount)
	}

	inv8 := NewScalar().Invert(svScalarFromUint(8))
	// torsionFree reports whether P is in the prime-order subgroup:
	// P = Q + T with T of order dividing 8, and [1/8 mod l][8]P = Q.
	torsionFree := func(P *Point) bool {
		Q := new(Point).ScalarMult(inv8, new(Point).MultByCofactor(P))
		return Q.Equal(P) == 1
	}
	lowOrder := func(P *Point) bool {
		return new(Point).MultByCofactor(P).Equal(NewIdentityPoint()) == 1
	}

	flagCounts := map[string]int{}
	accepts := map[string]int{}
	ran := 0
	for i, v := range vectors {
		flags := map[string]bool{}
		for _, f := range v.Flags {
			flags[f] = true
			flagCounts[f]++
		}
		pub, err1 := hex.DecodeString(v.A)
		encR, err2 := hex.DecodeString(v.R)
		encS, err3 := hex.DecodeString(v.S)
		if err1 != nil || err2 != nil || err3 != nil || len(pub) != 32 || len(encR) != 32 || len(encS) != 32 {
			t.Fatalf("vector %d: malformed", i)
		}
		msg := []byte(v.M)
		sig := append(append([]byte(nil), encR...), encS...)
		id := "vector " + v.A[:8] + "/" + v.R[:8] + " " + strings.Join(v.Flags, ",")

		// Library facts behind the flags. SetBytes accepts every A and R
		// here, non-canonical ones included.
		A, err := new(Point).SetBytes(pub)
		if err != nil {
			t.Errorf("%s: SetBytes(A) rejects: %v", id, err)
			continue
		}
		R, err := new(Point).SetBytes(encR)
		if err != nil {
			t.Errorf("%s: SetBytes(R) rejects: %v", id, err)
			continue
		}
		if _, err := NewScalar().SetCanonicalBytes(encS); err != nil {
			t.Errorf("%s: S is not canonical", id)
		}
		for _, c := range []struct {
			name string
			got  bool
		}{
			{"NonCanonicalA", !bytes.Equal(A.Bytes(), pub)},
			{"NonCanonicalR", !bytes.Equal(R.Bytes(), encR)},
			{"LowOrderA", lowOrder(A)},
			{"LowOrderR", lowOrder(R)},
			{"LowOrderComponentA", !torsionFree(A)},
			{"LowOrderComponentR", !torsionFree(R)},
		} {
			if c.got != flags[c.name] {
				t.Errorf("%s: library says %s=%v, vector says %v", id, c.name, c.got, flags[c.name])
			}
		}
		// Independent (math/big) judgement of canonicality agrees.
		if svNonCanonicalPoint(pub) != flags["NonCanonicalA"] || svNonCanonicalPoint(encR) != flags["NonCanonicalR"] {
			t.Errorf("%s: math/big canonicality check disagrees with the flags", id)
		}

		// What each verifier must do:
		//   ZIP-215 (lenient, cofactored): every vector verifies.
		//   lenient cofactorless: fails exactly on LowOrderResidue (the
		//     small-order parts of R and [k]A do not cancel).
		//   stdlib (and crypto/ed25519): cofactorless and compares R as
		//     bytes, so also fails on NonCanonicalR; A is decoded
		//     leniently, so NonCanonicalA alone does not matter.
		//   strict RFC 8032 (canonical decoding, cofactored): fails exactly
		//     on NonCanonicalA or NonCanonicalR.
		want := map[svPolicy]bool{
			svPolicyZIP215:       true,
			svPolicyCofactorless: !flags["LowOrderResidue"],
			svPolicyStdlib:       !flags["LowOrderResidue"] && !flags["NonCanonicalR"],
			svPolicyStrict:       !flags["NonCanonicalA"] && !flags["NonCanonicalR"],
		}
		for _, pol := range svPolicies {
			err := svVerify(pol, pub, msg, sig)
			if (err == nil) != want[pol] {
				t.Errorf("%s: %v accepted=%v want %v (%v)", id, pol, err == nil, want[pol], err)
			}
			if err == nil {
				accepts[pol.String()]++
			}
		}
		if got := ed25519.Verify(pub, msg, sig); got != want[svPolicyStdlib] {
			t.Errorf("%s: crypto/ed25519 accepted=%v want %v", id, got, want[svPolicyStdlib])
		} else if got {
			accepts["crypto/ed25519"]++
		}
		ran++
	}
	if ran != len(vectors) || ran != svVectorsCount {
		t.Errorf("ran %d of %d vectors (pinned %d)", ran, len(vectors), svVectorsCount)
	}
	if accepts[svPolicyZIP215.String()] != ran {
		t.Errorf("ZIP-215 accepted %d of %d", accepts[svPolicyZIP215.String()], ran)
	}
	t.Logf("ed25519vectors %s: ran %d vectors; flags %v", svVectorsVersion, ran, flagCounts)
	t.Logf("ed25519vectors accepted per policy: %v", accepts)
}
