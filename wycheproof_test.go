package edwards25519

// Wycheproof (C2SP/wycheproof testvectors_v1, pinned in
// ../shared/vectors/README.md) through the test-only Ed25519 and the Point
// path of X25519 of ed25519_impl_test.go, and crypto/ed25519.

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"math/big"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/seed06d4b90c/edwards25519/internal/testvectors"
)

const svWycheproofDir = "../shared/vectors/wycheproof"

// The pinned ed25519_test.json holds exactly this many tests (see the
// vectors README); a truncated or substituted file fails here
// (testvectors.ReadWycheproofX25519 checks x25519_test.json the same way).
const svWycheproofEd25519Tests = 151

type svWycheEd25519File struct {
	NumberOfTests int `json:"numberOfTests"`
	TestGroups    []struct {
		PublicKey struct {
			Pk string `json:"pk"`
		} `json:"publicKey"`
		Tests []struct {
			TcID    int      `json:"tcId"`
			Comment string   `json:"comment"`
			Flags   []string `json:"flags"`
			Msg     string   `json:"msg"`
			Sig     string   `json:"sig"`
			Result  string   `json:"result"`
		} `json:"tests"`
	} `json:"testGroups"`
}

// svFieldP is 2^255 - 19.
var svFieldP = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))

// svNonCanonicalPoint reports, from the bytes alone (math/big, not the
// library), whether enc is a non-canonical Ed25519 point encoding in the
// sense of RFC 8032 section 5.1.3: y >= p, or x = 0 with the sign bit set.
// x = 0 exactly for y = 1 and y = -1, the only points with x^2 = 0.
func svNonCanonicalPoint(enc []byte) bool {
	if len(enc) != 32 {
		return false
	}
	le := append([]byte(nil), enc...)
	sign := le[31] >> 7
	le[31] &= 0x7f
	for i, j := 0, len(le)-1; i < j; i, j = i+1, j-1 {
		le[i], le[j] = le[j], le[i]
	}
	y := new(big.Int).SetBytes(le)
	if y.Cmp(svFieldP) >= 0 {
		return true
	}
	pMinus1 := new(big.Int).Sub(svFieldP, big.NewInt(1))
	return sign == 1 && (y.Cmp(big.NewInt(1)) == 0 || y.Cmp(pMinus1) == 0)
}

// TestWycheproofEd25519 runs every case of ed25519_test.json.
//
// What the library implies, per Wycheproof flag (result "valid" unless
// stated):
//   - Valid, Ktv, TinkOverflow: honest signatures (TinkOverflow: hashes
//     that overflow a naive reduction); every policy and crypto/ed25519
//     accept. SetUniformBytes must reduce the 512-bit hash correctly.
//   - SignatureMalleability (invalid): S >= l. SetCanonicalBytes rejects
//     S >= l, so every policy rejects.
//   - TruncatedSignature, SignatureWithGarbage, CompressedSignature
//     (invalid): the signature is not 64 bytes; every policy rejects on
//     length before calling the library.
//   - InvalidSignature, InvalidKtv (invalid): well-formed but wrong; every
//     policy rejects.
//   - InvalidEncoding (invalid): R (or A) is a non-canonical encoding of a
//     valid point with S recomputed. Point.SetBytes accepts non-canonical
//     encodings (documented), so a verifier that decodes R with SetBytes
//     and compares points (lenient-cofactorless, ZIP-215) ACCEPTS exactly
//     these cases; the stdlib rule (re-encode [S]B-[k]A and compare bytes)
//     and strict RFC 8032 decoding reject them. The test checks that any
//     lenient acceptance of an invalid case involves a non-canonical
//     encoding (judged with math/big, independently of the library) and
//     that every invalid case with a non-canonical R that the strict
//     policy refused only for its encoding is accepted leniently.
func TestWycheproofEd25519(t *testing.T) { forEachBackend(t, testWycheproofEd25519) }

func testWycheproofEd25519(t *testing.T) {
	data := testvectors.Read(t, filepath.Join(svWycheproofDir, "ed25519_test.json"))
	var file svWycheEd25519File
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatalf("parsing ed25519_test.json: %v", err)
	}
	if file.NumberOfTests != svWycheproofEd25519Tests {
		t.Errorf("file declares %d tests, pinned version has %d", file.NumberOfTests, svWycheproofEd25519Tests)
	}

	ran := 0
	byResult := map[string]int{}
	byFlag := map[string]int{}
	lenientAccepts := map[string]int{} // flag -> invalid cases accepted by a lenient policy
	nonCanonicalInvalid := 0           // invalid cases whose R is non-canonical
	nonCanonicalAccepted := 0          // ... and whose R decodes to the recovered point
	for _, g := range file.TestGroups {
		pub, err := hex.DecodeString(g.PublicKey.Pk)
		if err != nil {
			t.Fatalf("bad public key hex: %v", err)
		}
		for _, tc := range g.Tests {
			msg, err1 := hex.DecodeString(tc.Msg)
			sig, err2 := hex.DecodeString(tc.Sig)
			if err1 != nil || err2 != nil {
				t.Fatalf("tcId %d: bad hex", tc.TcID)
			}
			ran++
			byResult[tc.Result]++
			for _, f := range tc.Flags {
				byFlag[f]++
			}
			pubCopy, msgCopy, sigCopy := bytes.Clone(pub), bytes.Clone(msg), bytes.Clone(sig)

			std := len(pub) == ed25519.PublicKeySize && ed25519.Verify(pub, msg, sig)
			verdict := map[svPolicy]error{} // nil: accepted
			for _, pol := range svPolicies {
				verdict[pol] = svVerify(pol, pub, msg, sig)
			}
			if !bytes.Equal(pub, pubCopy) || !bytes.Equal(msg, msgCopy) || !bytes.Equal(sig, sigCopy) {
				t.Fatalf("tcId %d: verification modified its inputs", tc.TcID)
			}
			id := func() string {
				return "tcId " + strconv.Itoa(tc.TcID) + " " + strings.Join(tc.Flags, ",") + " (" + tc.Comment + ")"
			}

			switch tc.Result {
			case "valid":
				if !std {
					t.Errorf("%s: crypto/ed25519 rejects a valid case", id())
				}
				for _, pol := range svPolicies {
					if verdict[pol] != nil {
						t.Errorf("%s: %v rejects a valid case: %v", id(), pol, verdict[pol])
					}
				}
			case "invalid":
				if std {
					t.Errorf("%s: crypto/ed25519 accepts an invalid case", id())
				}
				for _, pol := range []svPolicy{svPolicyStdlib, svPolicyStrict} {
					if verdict[pol] == nil {
						t.Errorf("%s: %v accepts an invalid case", id(), pol)
					}
				}
				// Why it must fail, for the flags whose reason is fixed.
				if want, ok := svWycheReason(tc.Flags); ok {
					for _, pol := range svPolicies {
						if err := verdict[pol]; err != nil && !strings.Contains(err.Error(), want) {
							t.Errorf("%s: %v rejects with %q, want %q", id(), pol, err, want)
						}
					}
				}
				// The lenient policies decode R with Point.SetBytes, which
				// accepts non-canonical encodings. They must accept an
				// invalid case exactly when R is a non-canonical encoding
				// (judged with math/big) of the very point [S]B - [k]A that
				// the stdlib rule recovers: that is the malleability the
				// library's decoding rule permits, and nothing else.
				nonCanonR := len(sig) == 64 && svNonCanonicalPoint(sig[:32])
				if nonCanonR {
					nonCanonicalInvalid++
				}
				recoversR := false
				if nonCanonR && verdict[svPolicyStdlib] != nil && strings.Contains(verdict[svPolicyStdlib].Error(), "differs from R") {
					R, errR := new(Point).SetBytes(sig[:32])
					A, errA := new(Point).SetBytes(pub)
					S, errS := NewScalar().SetCanonicalBytes(sig[32:])
					if errR == nil && errA == nil && errS == nil {
						k := svHashScalar(sig[:32], pub, msg)
						recovered := new(Point).VarTimeDoubleScalarBaseMult(k, new(Point).Negate(A), S)
						recoversR = recovered.Equal(R) == 1
					}
				}
				if recoversR {
					nonCanonicalAccepted++
				}
				for _, pol := range []svPolicy{svPolicyCofactorless, svPolicyZIP215} {
					lenientOK := verdict[pol] == nil
					if lenientOK {
						for _, f := range tc.Flags {
							lenientAccepts[f+" by "+pol.String()]++
						}
					}
					if lenientOK != recoversR {
						t.Errorf("%s: %v accepted=%v, but R non-canonical encoding of the recovered point=%v", id(), pol, lenientOK, recoversR)
					}
				}
			default:
				t.Errorf("%s: unexpected result %q", id(), tc.Result)
			}
		}
	}
	if ran != file.NumberOfTests || ran != svWycheproofEd25519Tests {
		t.Errorf("ran %d Wycheproof Ed25519 cases, file declares %d, pinned %d", ran, file.NumberOfTests, svWycheproofEd25519Tests)
	}
	if nonCanonicalAccepted == 0 {
		t.Errorf("no invalid case with a non-canonical R that decodes to the recovered point; expected at least one (tcId 151 in the pinned file)")
	}
	t.Logf("Wycheproof Ed25519: ran %d cases %v; flags %v", ran, byResult, byFlag)
	t.Logf("Wycheproof Ed25519: %d invalid cases carry a non-canonical R, %d of them encode the recovered point and are accepted by lenient decoding: %v",
		nonCanonicalInvalid, nonCanonicalAccepted, lenientAccepts)
}

// svWycheReason gives the rejection reason every policy must report for
// flags whose defect is fixed: S >= l (SetCanonicalBytes must refuse) or a
// signature that is not 64 bytes.
func svWycheReason(flags []string) (string, bool) {
	for _, f := range flags {
		switch f {
		case "SignatureMalleability", "InvalidKtv":
			return "S is not canonical", true
		case "TruncatedSignature", "SignatureWithGarbage", "CompressedSignature":
			return "not 64 bytes", true
		}
	}
	return "", false
}

// TestWycheproofX25519 runs every case of x25519_test.json.
//
// The x25519 package's tests run every case through X25519 and crypto/ecdh;
// here every case goes through the Point path (svX25519ViaEdwards), which
// cannot run on every input. The cases it skips are counted, not dropped:
//   - Twist (and some SpecialPublicKey / EdgeCaseMultiplication /
//     NonCanonicalPublic cases): u^3 + A u^2 + u is not a square, u is on
//     the quadratic twist, y = (u-1)/(u+1) is not on edwards25519 and
//     Point.SetBytes must return an error. svOnMontgomery decides this
//     independently with SqrtRatio and the two verdicts must agree.
//   - u = -1 (mod p): the birational map is undefined; this u is also on
//     the twist (A - 2 is not a square), which svCheckPointX25519 asserts,
//     so every input on Curve25519 itself does reach the Point path.
//
// Everything else (including low-order points, u = 0, and non-canonical
// u >= p, which field.Element.SetBytes reduces) must give "shared".
func TestWycheproofX25519(t *testing.T) { forEachBackend(t, testWycheproofX25519) }

func testWycheproofX25519(t *testing.T) {
	cases := testvectors.ReadWycheproofX25519(t, filepath.Join(svWycheproofDir, "x25519_test.json"))
	ran := 0
	byResult := map[string]int{}
	byStatus := map[svEdwardsStatus]int{}
	statusByFlag := map[string]int{}
	zeroShared := 0
	for _, tc := range cases {
		pub, priv, shared := tc.Public, tc.Private, tc.Shared
		ran++
		byResult[tc.Result]++
		pubCopy, privCopy := bytes.Clone(pub), bytes.Clone(priv)
		what := "tcId " + strconv.Itoa(tc.TcID) + " " + strings.Join(tc.Flags, ",")
		_, st := svCheckPointX25519(t, what, priv, pub, shared)
		if !bytes.Equal(pub, pubCopy) || !bytes.Equal(priv, privCopy) {
			t.Fatalf("%s: inputs modified", what)
		}
		byStatus[st]++
		for _, f := range tc.Flags {
			statusByFlag[f+"/"+st.String()]++
		}
		if bytes.Equal(shared, make([]byte, 32)) {
			zeroShared++
		}
		// Wycheproof's Twist flag marks public keys on the twist.
		if st == svEdwardsOK && slices.Contains(tc.Flags, "Twist") {
			t.Errorf("%s: flagged Twist but the Point path decoded it", what)
		}
	}
	if total := byStatus[svEdwardsOK] + byStatus[svEdwardsTwist] + byStatus[svEdwardsMinusOne]; total != ran {
		t.Errorf("Point path accounted for %d of %d cases", total, ran)
	}
	if byStatus[svEdwardsOK] == 0 || byStatus[svEdwardsTwist] == 0 {
		t.Errorf("expected both curve and twist inputs, got %v", byStatus)
	}
	t.Logf("Wycheproof X25519: ran %d cases %v (%d all-zero shared secrets)", ran, byResult, zeroShared)
	t.Logf("Wycheproof X25519 Point path: %d compared, %d twist points (not on edwards25519, SetBytes rejected), %d u=-1 (map undefined)",
		byStatus[svEdwardsOK], byStatus[svEdwardsTwist], byStatus[svEdwardsMinusOne])
	t.Logf("Wycheproof X25519 by flag/status: %v", statusByFlag)
}
