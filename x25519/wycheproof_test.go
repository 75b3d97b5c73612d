package x25519

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/seed06d4b90c/edwards25519/internal/testvectors"
)

// wycheproofExpect is what X25519 must do for a case carrying a flag.
type wycheproofExpect int

const (
	// expectShared: no error, and the result is the case's shared value.
	expectShared wycheproofExpect = iota
	// expectLowOrderError: nil and an error (the shared value is zero).
	expectLowOrderError
	// expectSharedUnlessZero: the flag says nothing about the outcome:
	// the shared value if it is not zero, the error if it is.
	expectSharedUnlessZero
)

// wycheproofFlags gives, for every flag of x25519_test.json, what X25519
// must do, and why:
//
//   - Normal, Ktv, EdgeCasePrivateKey, EdgeCaseShared: ordinary inputs on
//     the curve (the RFC 7748 vectors, scalars at the ends of the clamped
//     range, shared values such as 1 or p - 1): the shared value.
//   - EdgeCaseMultiplication, SpecialPublicKey: u chosen so that the
//     ladder meets intermediate values such as 0, 1 or -1, or u with a
//     special bit pattern. RFC 7748 defines the output for every u, and the
//     ladder computes it for every u; where that output is zero (some of
//     these u have low order) the error.
//   - Twist: u on the quadratic twist. RFC 7748 section 5 accepts these and
//     so does X25519 (the ladder does not need a curve point): the shared
//     value, or the error for the low-order points of the twist.
//   - NonCanonicalPublic: u in [p, 2^255) or with bit 255 set. X25519 masks
//     bit 255 and reduces mod p, as RFC 7748 section 5 says: the shared
//     value of the reduced u, or the error if that u has low order.
//   - LowOrderPublic, SmallPublicKey, ZeroSharedSecret: the shared secret is
//     all zeros, which X25519 refuses as RFC 7748 section 6.1 allows and
//     x/crypto and crypto/ecdh do: the error. (Wycheproof marks these
//     "acceptable": rejecting and accepting are both allowed.)
var wycheproofFlags = map[string]wycheproofExpect{
	"Normal":                 expectShared,
	"Ktv":                    expectShared,
	"EdgeCasePrivateKey":     expectShared,
	"EdgeCaseShared":         expectShared,
	"EdgeCaseMultiplication": expectSharedUnlessZero,
	"SpecialPublicKey":       expectSharedUnlessZero,
	"Twist":                  expectSharedUnlessZero,
	"NonCanonicalPublic":     expectSharedUnlessZero,
	"LowOrderPublic":         expectLowOrderError,
	"SmallPublicKey":         expectLowOrderError,
	"ZeroSharedSecret":       expectLowOrderError,
}

// TestWycheproofX25519 runs all cases of Wycheproof's x25519_test.json
// through X25519 and ScalarMult, asserting the outcome each flag of the
// case implies (wycheproofFlags), the shared value or the error, and the
// agreement of crypto/ecdh. Whether the public key is on the twist is
// decided independently with math/big and must match the Twist flag.
func TestWycheproofX25519(t *testing.T) { forEachLadder(t, testWycheproofX25519) }

func testWycheproofX25519(t *testing.T) {
	cases := testvectors.ReadWycheproofX25519(t, "../../shared/vectors/wycheproof/x25519_test.json")
	ran := 0
	outcomes := map[string]int{} // flag/outcome
	byResult := map[string]int{}
	for _, tc := range cases {
		pub, priv, shared := tc.Public, tc.Private, tc.Shared
		what := "tcId " + strconv.Itoa(tc.TcID) + " [" + strings.Join(tc.Flags, ",") + "] " + tc.Comment
		ran++
		byResult[tc.Result]++
		zero := bytes.Equal(shared, make([]byte, 32))

		// What the flags require, combined: any flag that fixes the
		// outcome must agree with every other.
		wantErr := zero
		for _, f := range tc.Flags {
			e, known := wycheproofFlags[f]
			switch {
			case !known:
				t.Errorf("%s: flag %q has no stated expectation", what, f)
			case e == expectShared && zero:
				t.Errorf("%s: flag %s expects a non-zero shared value", what, f)
			case e == expectLowOrderError && !zero:
				t.Errorf("%s: flag %s expects an all-zero shared value", what, f)
			}
		}
		if tc.Result == "valid" && wantErr {
			t.Errorf("%s: a valid case with an all-zero shared value", what)
		}

		pubC, privC := bytes.Clone(pub), bytes.Clone(priv)
		got, err := X25519(priv, pub)
		if !bytes.Equal(pub, pubC) || !bytes.Equal(priv, privC) {
			t.Fatalf("%s: inputs modified", what)
		}
		outcome := "shared"
		switch {
		case wantErr && (err == nil || got != nil):
			t.Errorf("%s: X25519 = %x, %v; want nil and an error", what, got, err)
		case !wantErr && (err != nil || !bytes.Equal(got, shared)):
			t.Errorf("%s: X25519 = %x, %v; want %x", what, got, err, shared)
		case wantErr:
			outcome = "error"
		}
		for _, f := range tc.Flags {
			outcomes[f+"/"+outcome]++
		}

		var dst [32]byte
		ScalarMult(&dst, (*[32]byte)(priv), (*[32]byte)(pub))
		if !bytes.Equal(dst[:], shared) {
			t.Errorf("%s: ScalarMult = %x, want %x", what, dst, shared)
		}
		if std, ok := ecdhX25519(t, priv, pub); ok == wantErr || (ok && !bytes.Equal(std, shared)) {
			t.Errorf("%s: crypto/ecdh gives %x, %v", what, std, ok)
		}
		twist := !bigOnCurve(pub)
		if hasTwistFlag := slices.Contains(tc.Flags, "Twist"); twist != hasTwistFlag {
			t.Errorf("%s: math/big says twist=%v, flag Twist=%v", what, twist, hasTwistFlag)
		}
	}
	if ran != testvectors.WycheproofX25519Cases {
		t.Errorf("ran %d cases, want %d", ran, testvectors.WycheproofX25519Cases)
	}
	// The pinned file has 31 all-zero shared values and 221 public keys on
	// the twist (5 of them of low order).
	if n := outcomes["ZeroSharedSecret/error"]; n != 31 {
		t.Errorf("%d ZeroSharedSecret errors, want 31", n)
	}
	if n := outcomes["Twist/shared"] + outcomes["Twist/error"]; n != 221 {
		t.Errorf("%d Twist cases, want 221", n)
	}
	t.Logf("Wycheproof X25519: %d cases %v; outcomes by flag: %v", ran, byResult, outcomes)
}
