package edwards25519_test

// An RFC 9381 ECVRF (ECVRF-EDWARDS25519-SHA512-TAI and -ELL2: prove,
// verify, proof to hash) written on the exported API only, as a VRF builder
// would write it. It reproduces every field of examples 16 to 21 (appendix
// B.3 and B.4, ../shared/vectors/rfc9381) and rejects tampered proofs.

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math/big"
	"strconv"
	"testing"

	"github.com/seed06d4b90c/edwards25519"
	"github.com/seed06d4b90c/edwards25519/field"
	"github.com/seed06d4b90c/edwards25519/h2c"
	"github.com/seed06d4b90c/edwards25519/internal/testrand"
	"github.com/seed06d4b90c/edwards25519/internal/testvectors"
)

// vrfSuite is one ECVRF ciphersuite of RFC 9381 section 5.5.
type vrfSuite struct {
	name   string
	suite  byte                                                             // suite_string
	encode func(s *vrfSuite, pk, alpha []byte) (*edwards25519.Point, error) // ECVRF_encode_to_curve
}

var (
	vrfTAI  = &vrfSuite{"ECVRF-EDWARDS25519-SHA512-TAI", 0x03, vrfEncodeTAI}
	vrfELL2 = &vrfSuite{"ECVRF-EDWARDS25519-SHA512-ELL2", 0x04, vrfEncodeELL2}
)

var errVRFInvalid = errors.New("ecvrf: INVALID")

// vrfDecodePoint is string_to_point: RFC 8032 section 5.1.3 decoding,
// which rejects the non-canonical encodings SetBytes accepts (y >= p, and
// x = 0 with the sign bit set): exactly those do not encode back to
// themselves.
func vrfDecodePoint(b []byte) (*edwards25519.Point, error) {
	p, err := new(edwards25519.Point).SetBytes(b)
	if err != nil || !bytes.Equal(p.Bytes(), b) {
		return nil, errVRFInvalid
	}
	return p, nil
}

// vrfEncodeTAI is ECVRF_encode_to_curve_try_and_increment (section
// 5.4.1.1) with encode_to_curve_salt = PK_string. Its running time depends
// on alpha, as the RFC says.
func vrfEncodeTAI(s *vrfSuite, pk, alpha []byte) (*edwards25519.Point, error) {
	for ctr := 0; ctr < 256; ctr++ {
		h := sha512.New()
		h.Write([]byte{s.suite, 0x01})
		h.Write(pk)
		h.Write(alpha)
		h.Write([]byte{byte(ctr), 0x00})
		H, err := vrfDecodePoint(h.Sum(nil)[:32])
		if err != nil {
			continue
		}
		H.MultByCofactor(H)
		if H.Equal(edwards25519.NewIdentityPoint()) == 0 {
			return H, nil
		}
	}
	return nil, errVRFInvalid
}

// vrfELL2DST is "ECVRF_" || h2c_suite_ID_string || suite_string (section
// 5.4.1.2).
var vrfELL2DST = []byte("ECVRF_edwards25519_XMD:SHA-512_ELL2_NU_\x04")

// vrfEncodeELL2 is ECVRF_encode_to_curve_h2c_suite with the
// edwards25519_XMD:SHA-512_ELL2_NU_ suite of RFC 9380 and salt PK_string.
func vrfEncodeELL2(s *vrfSuite, pk, alpha []byte) (*edwards25519.Point, error) {
	return new(edwards25519.Point).SetEncodeToCurve(append(append([]byte{}, pk...), alpha...), vrfELL2DST)
}

// vrfSecretScalar derives x and PK_string from SK (RFC 8032 section 5.1.5).
func vrfSecretScalar(sk []byte) (x *edwards25519.Scalar, pk []byte) {
	h := sha512.Sum512(sk)
	x, err := edwards25519.NewScalar().SetBytesWithClamping(h[:32])
	if err != nil {
		panic(err)
	}
	return x, new(edwards25519.Point).ScalarBaseMult(x).Bytes()
}

// vrfNonce is ECVRF_nonce_generation_RFC8032 (section 5.4.2.2).
func vrfNonce(sk, hString []byte) (k *edwards25519.Scalar, kString []byte) {
	h := sha512.Sum512(sk)
	d := sha512.New()
	d.Write(h[32:])
	d.Write(hString)
	kString = d.Sum(nil)
	k, err := edwards25519.NewScalar().SetUniformBytes(kString)
	if err != nil {
		panic(err)
	}
	return k, kString
}

// vrfChallenge is ECVRF_challenge_generation (section 5.4.3), cLen = 16:
// the challenge as 16 little-endian bytes.
func vrfChallenge(s *vrfSuite, points ...*edwards25519.Point) []byte {
	h := sha512.New()
	h.Write([]byte{s.suite, 0x02})
	for _, p := range points {
		h.Write(p.Bytes())
	}
	h.Write([]byte{0x00})
	return h.Sum(nil)[:16]
}

// vrfScalar16 reads a 16-byte little-endian challenge as a Scalar.
func vrfScalar16(c []byte) *edwards25519.Scalar {
	var b [32]byte
	copy(b[:], c)
	s, err := edwards25519.NewScalar().SetCanonicalBytes(b[:]) // c < 2^128 < l
	if err != nil {
		panic(err)
	}
	return s
}

// vrfTrace is everything ECVRF_prove computes, for comparison with the
// vectors.
type vrfTrace struct {
	x              *edwards25519.Scalar
	pk, h, kString []byte
	k              *edwards25519.Scalar
	u, v, pi       []byte
}

// vrfProve is ECVRF_prove (section 5.1).
func vrfProve(s *vrfSuite, sk, alpha []byte) (*vrfTrace, error) {
	x, pk := vrfSecretScalar(sk)
	H, err := s.encode(s, pk, alpha)
	if err != nil {
		return nil, err
	}
	hString := H.Bytes()
	gamma := new(edwards25519.Point).ScalarMult(x, H)
	k, kString := vrfNonce(sk, hString)
	kB := new(edwards25519.Point).ScalarBaseMult(k)
	kH := new(edwards25519.Point).ScalarMult(k, H)
	Y := new(edwards25519.Point).ScalarBaseMult(x)
	c := vrfChallenge(s, Y, H, gamma, kB, kH)
	sc := edwards25519.NewScalar().MultiplyAdd(vrfScalar16(c), x, k) // s = k + c·x mod q
	pi := append(append(gamma.Bytes(), c...), sc.Bytes()...)
	return &vrfTrace{x: x, pk: pk, h: hString, kString: kString, k: k, u: kB.Bytes(), v: kH.Bytes(), pi: pi}, nil
}

// vrfDecodeProof is ECVRF_decode_proof (section 5.4.4).
func vrfDecodeProof(pi []byte) (gamma *edwards25519.Point, c []byte, s *edwards25519.Scalar, err error) {
	if len(pi) != 80 {
		return nil, nil, nil, errVRFInvalid
	}
	if gamma, err = vrfDecodePoint(pi[:32]); err != nil {
		return nil, nil, nil, err
	}
	if s, err = edwards25519.NewScalar().SetCanonicalBytes(pi[48:]); err != nil {
		return nil, nil, nil, errVRFInvalid // s >= q
	}
	return gamma, pi[32:48], s, nil
}

// vrfProofToHash is ECVRF_proof_to_hash (section 5.2).
func vrfProofToHash(s *vrfSuite, pi []byte) ([]byte, error) {
	gamma, _, _, err := vrfDecodeProof(pi)
	if err != nil {
		return nil, err
	}
	h := sha512.New()
	h.Write([]byte{s.suite, 0x03})
	h.Write(new(edwards25519.Point).MultByCofactor(gamma).Bytes())
	h.Write([]byte{0x00})
	return h.Sum(nil), nil
}

// vrfVerify is ECVRF_verify (section 5.3) with validate_key = TRUE. It
// handles public data only, so it may use the VarTime functions.
func vrfVerify(s *vrfSuite, pk, alpha, pi []byte) ([]byte, error) {
	Y, err := vrfDecodePoint(pk)
	if err != nil {
		return nil, err
	}
	// ECVRF_validate_key (section 5.4.5): reject Y of small order.
	if new(edwards25519.Point).MultByCofactor(Y).Equal(edwards25519.NewIdentityPoint()) == 1 {
		return nil, errVRFInvalid
	}
	gamma, c, sc, err := vrfDecodeProof(pi)
	if err != nil {
		return nil, err
	}
	H, err := s.encode(s, pk, alpha)
	if err != nil {
		return nil, err
	}
	negC := edwards25519.NewScalar().Negate(vrfScalar16(c))
	U := new(edwards25519.Point).VarTimeDoubleScalarBaseMult(negC, Y, sc) // s·B - c·Y
	V := new(edwards25519.Point).VarTimeMultiScalarMult(
		[]*edwards25519.Scalar{sc, negC}, []*edwards25519.Point{H, gamma}) // s·H - c·Gamma
	if !bytes.Equal(vrfChallenge(s, Y, H, gamma, U, V), c) {
		return nil, errVRFInvalid
	}
	return vrfProofToHash(s, pi)
}

type vrfVector struct {
	Suite                        string
	Example                      int
	SK, PK, Alpha, X, H, K, U, V string
	KString                      string `json:"k_string"`
	Pi, Beta                     string
	Ctr                          *int
	UniformBytes                 string `json:"uniform_bytes"`
	UField                       string `json:"u"`
	Gx1                          string
	Gx1IsSquare                  *bool `json:"gx1_is_square"`
}

func vrfVectors(t *testing.T) []vrfVector {
	t.Helper()
	data := testvectors.Read(t, "../shared/vectors/rfc9381/ecvrf_edwards25519.json")
	var f struct{ Vectors []vrfVector }
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Vectors) != 6 {
		t.Fatalf("%d RFC 9381 vectors, want 6 (examples 16-21)", len(f.Vectors))
	}
	return f.Vectors
}

func vrfHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (tv *vrfVector) suite(t *testing.T) *vrfSuite {
	for _, s := range []*vrfSuite{vrfTAI, vrfELL2} {
		if s.name == tv.Suite {
			return s
		}
	}
	t.Fatalf("unknown suite %q", tv.Suite)
	return nil
}

// TestECVRFVectors reproduces every intermediate value and output of RFC
// 9381 examples 16-21, and verifies each proof.
func TestECVRFVectors(t *testing.T) {
	for _, tv := range vrfVectors(t) {
		s := tv.suite(t)
		name := s.name + " example " + strconv.Itoa(tv.Example)
		sk, alpha := vrfHex(t, tv.SK), vrfHex(t, tv.Alpha)
		tr, err := vrfProve(s, sk, alpha)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, f := range []struct {
			what      string
			got, want []byte
		}{
			{"x mod q", tr.x.Bytes(), vrfReduce(t, vrfHex(t, tv.X))},
			{"x", vrfClamp(sk), vrfHex(t, tv.X)},
			{"PK", tr.pk, vrfHex(t, tv.PK)},
			{"H", tr.h, vrfHex(t, tv.H)},
			{"k_string", tr.kString, vrfHex(t, tv.KString)},
			{"k", tr.k.Bytes(), vrfHex(t, tv.K)},
			{"U", tr.u, vrfHex(t, tv.U)},
			{"V", tr.v, vrfHex(t, tv.V)},
			{"pi", tr.pi, vrfHex(t, tv.Pi)},
		} {
			if !bytes.Equal(f.got, f.want) {
				t.Errorf("%s: %s = %x, want %x", name, f.what, f.got, f.want)
			}
		}
		// PK is the Ed25519 public key of SK.
		if pub := ed25519.NewKeyFromSeed(sk).Public().(ed25519.PublicKey); !bytes.Equal(pub, tr.pk) {
			t.Errorf("%s: PK differs from crypto/ed25519's", name)
		}
		beta, err := vrfProofToHash(s, tr.pi)
		if err != nil || !bytes.Equal(beta, vrfHex(t, tv.Beta)) {
			t.Errorf("%s: beta = %x (%v), want %s", name, beta, err, tv.Beta)
		}
		vbeta, err := vrfVerify(s, tr.pk, alpha, vrfHex(t, tv.Pi))
		if err != nil || !bytes.Equal(vbeta, beta) {
			t.Errorf("%s: verify: %x, %v", name, vbeta, err)
		}
		switch s {
		case vrfTAI:
			vrfCheckCounter(t, name, s, tr.pk, alpha, *tv.Ctr, tr.h)
		case vrfELL2:
			vrfCheckELL2(t, name, &tv, tr.pk, alpha, tr.h)
		}
	}
}

// vrfClamp returns the secret scalar x of RFC 8032 section 5.1.5 as the
// vectors print it: the clamped first half of SHA-512(SK), not reduced.
func vrfClamp(sk []byte) []byte {
	h := sha512.Sum512(sk)
	h[0] &= 248
	h[31] &= 127
	h[31] |= 64
	return h[:32]
}

// vrfReduce returns the 32-byte little-endian x reduced mod q.
func vrfReduce(t *testing.T, x []byte) []byte {
	s, err := edwards25519.NewScalar().SetUniformBytes(append(append([]byte{}, x...), make([]byte, 32)...))
	if err != nil {
		t.Fatal(err)
	}
	return s.Bytes()
}

// vrfCheckCounter: try-and-increment stops at the vector's ctr: the
// earlier counters give no point (or a small-order one).
func vrfCheckCounter(t *testing.T, name string, s *vrfSuite, pk, alpha []byte, ctr int, h []byte) {
	for c := 0; c <= ctr; c++ {
		d := sha512.New()
		d.Write([]byte{s.suite, 0x01})
		d.Write(pk)
		d.Write(alpha)
		d.Write([]byte{byte(c), 0x00})
		H, err := vrfDecodePoint(d.Sum(nil)[:32])
		ok := err == nil && new(edwards25519.Point).MultByCofactor(H).Equal(edwards25519.NewIdentityPoint()) == 0
		if ok != (c == ctr) {
			t.Errorf("%s: counter %d gives a point: %v (vector ctr %d)", name, c, ok, ctr)
		}
		if ok && !bytes.Equal(new(edwards25519.Point).MultByCofactor(H).Bytes(), h) {
			t.Errorf("%s: H at ctr %d differs", name, c)
		}
	}
}

// vrfCheckELL2 rebuilds encode_to_curve from the smaller public pieces, as
// a builder of another suite would: h2c.ExpandMessageXMD for the 48 uniform
// bytes, u = OS2IP(bytes) mod p, then SetElligator2 and MultByCofactor; and
// checks the vector's u, g(x1) and its squareness with math/big.
func vrfCheckELL2(t *testing.T, name string, tv *vrfVector, pk, alpha, h []byte) {
	msg := append(append([]byte{}, pk...), alpha...)
	uniform, err := h2c.ExpandMessageXMD(sha512.New, msg, vrfELL2DST, 48)
	if err != nil || !bytes.Equal(uniform, vrfHex(t, tv.UniformBytes)) {
		t.Errorf("%s: uniform_bytes = %x (%v), want %s", name, uniform, err, tv.UniformBytes)
	}
	wide := make([]byte, 64) // OS2IP is big-endian, SetWideBytes little-endian
	for i := range uniform {
		wide[i] = uniform[len(uniform)-1-i]
	}
	u, err := new(field.Element).SetWideBytes(wide)
	if err != nil || !bytes.Equal(u.Bytes(), vrfHex(t, tv.UField)) {
		t.Fatalf("%s: u = %x, want %s", name, u.Bytes(), tv.UField)
	}
	H := new(edwards25519.Point).SetElligator2(u)
	if !bytes.Equal(H.MultByCofactor(H).Bytes(), h) {
		t.Errorf("%s: 8·SetElligator2(u) differs from SetEncodeToCurve", name)
	}
	p := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	le := func(b []byte) *big.Int {
		r := make([]byte, len(b))
		for i := range b {
			r[len(b)-1-i] = b[i]
		}
		return new(big.Int).SetBytes(r)
	}
	ub, J := le(u.Bytes()), big.NewInt(486662)
	x1 := new(big.Int).Mul(ub, ub)
	x1.Lsh(x1, 1).Add(x1, big.NewInt(1)).ModInverse(x1, p).Mul(x1, J).Neg(x1).Mod(x1, p) // -J/(1 + 2u²)
	g := new(big.Int).Mul(x1, x1)
	g.Add(g, new(big.Int).Mul(J, x1)).Add(g, big.NewInt(1)).Mul(g, x1).Mod(g, p) // x1³ + J·x1² + x1
	if g.Cmp(le(vrfHex(t, tv.Gx1))) != 0 {
		t.Errorf("%s: gx1 = %x, want %s", name, g, tv.Gx1)
	}
	if isSq := new(big.Int).ModSqrt(g, p) != nil; isSq != *tv.Gx1IsSquare {
		t.Errorf("%s: gx1 is a square: %v, vector says %v", name, isSq, *tv.Gx1IsSquare)
	}
}

// TestECVRFRejectsTampering: flipping any single bit of a proof, using it
// with another alpha, key or suite, a non-canonical Gamma, s + q in place
// of s, and small-order keys are all INVALID.
func TestECVRFRejectsTampering(t *testing.T) {
	for _, tv := range vrfVectors(t) {
		s := tv.suite(t)
		name := s.name + " example " + strconv.Itoa(tv.Example)
		pk, alpha, pi := vrfHex(t, tv.PK), vrfHex(t, tv.Alpha), vrfHex(t, tv.Pi)
		for i := 0; i < len(pi)*8; i++ {
			bad := append([]byte{}, pi...)
			bad[i/8] ^= 1 << (i % 8)
			if _, err := vrfVerify(s, pk, alpha, bad); err == nil {
				t.Errorf("%s: proof with bit %d flipped verifies", name, i)
			}
		}
		for what, args := range map[string][3][]byte{
			"other alpha":            {pk, append(append([]byte{}, alpha...), 0), pi},
			"other key":              {vrfOtherKey(t, pk), alpha, pi},
			"short proof":            {pk, alpha, pi[:79]},
			"long proof":             {pk, alpha, append(append([]byte{}, pi...), 0)},
			"identity key":           {edwards25519.NewIdentityPoint().Bytes(), alpha, pi},
			"order-2 key (0, -1)":    {vrfHex(t, "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"), alpha, pi},
			"non-canonical key":      {vrfNonCanonicalKey(t), alpha, pi},
			"s + q":                  {pk, alpha, vrfAddOrder(pi)},
			"Gamma sign bit flipped": {pk, alpha, vrfFlipGammaSign(pi)},
		} {
			if _, err := vrfVerify(s, args[0], args[1], args[2]); err == nil {
				t.Errorf("%s: %s verifies", name, what)
			}
		}
		other := vrfELL2
		if s == vrfELL2 {
			other = vrfTAI
		}
		if _, err := vrfVerify(other, pk, alpha, pi); err == nil {
			t.Errorf("%s: the proof verifies under %s", name, other.name)
		}
	}
}

// vrfAddOrder returns pi with s replaced by s + q, the same scalar mod q
// but a non-canonical encoding (s + q < 2^253 fits the 32 bytes).
func vrfAddOrder(pi []byte) []byte {
	q, _ := new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)
	le := append([]byte{}, pi[48:]...)
	for i, j := 0, len(le)-1; i < j; i, j = i+1, j-1 {
		le[i], le[j] = le[j], le[i]
	}
	v := new(big.Int).Add(new(big.Int).SetBytes(le), q)
	be := v.FillBytes(make([]byte, 32))
	for i, j := 0, len(be)-1; i < j; i, j = i+1, j-1 {
		be[i], be[j] = be[j], be[i]
	}
	return append(append([]byte{}, pi[:48]...), be...)
}

// vrfFlipGammaSign returns pi with the sign bit of Gamma flipped: -Gamma,
// or an invalid encoding.
func vrfFlipGammaSign(pi []byte) []byte {
	bad := append([]byte{}, pi...)
	bad[31] ^= 0x80
	return bad
}

// vrfOtherKey returns the public key of an RFC 8032 test key, or of a second
// one if pk is that key.
func vrfOtherKey(t *testing.T, pk []byte) []byte {
	other := vrfHex(t, "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c")
	if bytes.Equal(other, pk) {
		other = vrfHex(t, "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025")
	}
	return other
}

// vrfNonCanonicalKey returns y + p for the smallest y >= 2 that is the y
// of a point of large order: an encoding SetBytes accepts and RFC 8032
// section 5.1.3, hence string_to_point, rejects.
func vrfNonCanonicalKey(t *testing.T) []byte {
	for y := byte(2); y < 19; y++ {
		canon := make([]byte, 32)
		canon[0] = y
		p, err := new(edwards25519.Point).SetBytes(canon)
		if err != nil || new(edwards25519.Point).MultByCofactor(p).Equal(edwards25519.NewIdentityPoint()) == 1 {
			continue
		}
		enc := vrfHex(t, "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f") // p
		enc[0] += y
		if q, err := new(edwards25519.Point).SetBytes(enc); err != nil || q.Equal(p) != 1 {
			t.Fatalf("y + p does not decode as y")
		}
		if _, err := vrfDecodePoint(enc); err == nil {
			t.Fatal("string_to_point accepts y + p")
		}
		return enc
	}
	t.Fatal("no small y with a point of large order")
	return nil
}

// TestECVRFRoundTrip: random keys and inputs prove and verify in both
// suites, the output is what proof to hash gives, and a proof for one
// input does not verify for another.
func TestECVRFRoundTrip(t *testing.T) {
	r := testrand.New(t, 9381)
	n := 20
	if testing.Short() {
		n = 4
	}
	for i := 0; i < n; i++ {
		sk := make([]byte, 32)
		alpha := make([]byte, r.IntN(100))
		for _, b := range [][]byte{sk, alpha} {
			for j := range b {
				b[j] = byte(r.Uint32())
			}
		}
		for _, s := range []*vrfSuite{vrfTAI, vrfELL2} {
			tr, err := vrfProve(s, sk, alpha)
			if err != nil {
				t.Fatal(err)
			}
			beta, err := vrfVerify(s, tr.pk, alpha, tr.pi)
			want, _ := vrfProofToHash(s, tr.pi)
			if err != nil || !bytes.Equal(beta, want) {
				t.Fatalf("%s: sk %x alpha %x: verify %v", s.name, sk, alpha, err)
			}
			if _, err := vrfVerify(s, tr.pk, append(alpha, 1), tr.pi); err == nil {
				t.Fatalf("%s: a proof verifies for another input", s.name)
			}
		}
	}
}
