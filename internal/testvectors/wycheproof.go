package testvectors

import (
	"encoding/hex"
	"encoding/json"
	"testing"
)

// WycheproofX25519Cases is the number of cases in the pinned
// x25519_test.json (see ../shared/vectors/README.md).
const WycheproofX25519Cases = 518

// WycheproofX25519Case is one case of Wycheproof's x25519_test.json, with
// its keys and result decoded.
type WycheproofX25519Case struct {
	TcID                    int
	Comment                 string
	Flags                   []string
	Public, Private, Shared []byte
	Result                  string // "valid" or "acceptable"
}

// ReadWycheproofX25519 returns the cases of the x25519_test.json at path
// (read as Read does). The test fails unless the file is the pinned one:
// it declares and holds WycheproofX25519Cases cases, all of curve25519,
// with 32-byte keys and results and a result of "valid" or "acceptable".
func ReadWycheproofX25519(t testing.TB, path string) []WycheproofX25519Case {
	t.Helper()
	var file struct {
		NumberOfTests int `json:"numberOfTests"`
		TestGroups    []struct {
			Curve string `json:"curve"`
			Tests []struct {
				TcID    int      `json:"tcId"`
				Comment string   `json:"comment"`
				Flags   []string `json:"flags"`
				Public  string   `json:"public"`
				Private string   `json:"private"`
				Shared  string   `json:"shared"`
				Result  string   `json:"result"`
			} `json:"tests"`
		} `json:"testGroups"`
	}
	if err := json.Unmarshal(Read(t, path), &file); err != nil {
		t.Fatalf("parsing x25519_test.json: %v", err)
	}
	if file.NumberOfTests != WycheproofX25519Cases {
		t.Errorf("file declares %d tests, pinned version has %d", file.NumberOfTests, WycheproofX25519Cases)
	}
	var cases []WycheproofX25519Case
	for _, g := range file.TestGroups {
		if g.Curve != "curve25519" {
			t.Errorf("unexpected curve %q", g.Curve)
			continue
		}
		for _, tc := range g.Tests {
			pub, err1 := hex.DecodeString(tc.Public)
			priv, err2 := hex.DecodeString(tc.Private)
			shared, err3 := hex.DecodeString(tc.Shared)
			if err1 != nil || err2 != nil || err3 != nil || len(pub) != 32 || len(priv) != 32 || len(shared) != 32 {
				t.Fatalf("tcId %d: malformed vector", tc.TcID)
			}
			if tc.Result != "valid" && tc.Result != "acceptable" {
				t.Errorf("tcId %d: unexpected result %q", tc.TcID, tc.Result)
			}
			cases = append(cases, WycheproofX25519Case{tc.TcID, tc.Comment, tc.Flags, pub, priv, shared, tc.Result})
		}
	}
	if len(cases) != file.NumberOfTests || len(cases) != WycheproofX25519Cases {
		t.Errorf("read %d cases, the file declares %d, the pinned version has %d", len(cases), file.NumberOfTests, WycheproofX25519Cases)
	}
	return cases
}
