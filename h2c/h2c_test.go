package h2c

import (
	"bytes"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"hash"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/seed06d4b90c/edwards25519/internal/testrand"
	"github.com/seed06d4b90c/edwards25519/internal/testvectors"
)

// testRand returns a source seeded by testrand.Seed (EDWARDS25519_SEED
// replays a run).
func testRand(t *testing.T) *rand.Rand {
	t.Helper()
	return testrand.New(t, 0x68326321)
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatalf("bad hex %q: %v", s, err)
	}
	return b
}

// specExpand builds DST_prime and the hash inputs of expand_message_xmd
// as whole byte strings, straight from the steps of RFC 9380 section 5.3.1,
// and hashes them with a one-shot function: a second, deliberately naive
// reading of the specification (short DSTs only).
func specExpand(sum func([]byte) []byte, size, block int, msg, dst []byte, length int) (dstPrime, msgPrime, out []byte) {
	dstPrime = append(append([]byte{}, dst...), byte(len(dst)))
	msgPrime = append(make([]byte, block), msg...)
	msgPrime = append(msgPrime, byte(length>>8), byte(length), 0)
	msgPrime = append(msgPrime, dstPrime...)
	b0 := sum(msgPrime)
	bi := sum(append(append(append([]byte{}, b0...), 1), dstPrime...))
	out = append(out, bi...)
	for i := 2; len(out) < length; i++ {
		x := make([]byte, size)
		for j := range x {
			x[j] = b0[j] ^ bi[j]
		}
		bi = sum(append(append(x, byte(i)), dstPrime...))
		out = append(out, bi...)
	}
	return dstPrime, msgPrime, out[:length]
}

func sum512(b []byte) []byte { h := sha512.Sum512(b); return h[:] }

// TestExpandMessageXMDVectors checks RFC 9380 appendix K.3
// (expand_message_xmd with SHA-512), from the authors' JSON: the output, and
// the DST_prime and msg_prime of the naive reading above.
func TestExpandMessageXMDVectors(t *testing.T) {
	data := testvectors.Read(t, "../../shared/vectors/h2c/expand_message_xmd_SHA512_38.json")
	var file struct {
		DST   string
		Hash  string
		Tests []struct {
			DSTPrime     string `json:"DST_prime"`
			LenInBytes   string `json:"len_in_bytes"`
			Msg          string `json:"msg"`
			MsgPrime     string `json:"msg_prime"`
			UniformBytes string `json:"uniform_bytes"`
		}
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	if file.Hash != "SHA512" || len(file.Tests) != 10 {
		t.Fatalf("unexpected vector file: hash %q, %d tests (want SHA512, 10)", file.Hash, len(file.Tests))
	}
	for i, tc := range file.Tests {
		n, err := strconv.ParseUint(strings.TrimPrefix(tc.LenInBytes, "0x"), 16, 32)
		if err != nil {
			t.Fatal(err)
		}
		want := mustHex(t, tc.UniformBytes)
		got, err := ExpandMessageXMD(sha512.New, []byte(tc.Msg), []byte(file.DST), int(n))
		if err != nil {
			t.Fatalf("vector %d: %v", i, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("vector %d (msg %.20q, %d bytes): got %x, want %x", i, tc.Msg, n, got, want)
		}
		dp, mp, naive := specExpand(sum512, 64, 128, []byte(tc.Msg), []byte(file.DST), int(n))
		if !bytes.Equal(dp, mustHex(t, tc.DSTPrime)) || !bytes.Equal(mp, mustHex(t, tc.MsgPrime)) || !bytes.Equal(naive, want) {
			t.Errorf("vector %d: the naive reading of section 5.3.1 disagrees with the vector", i)
		}
	}
}

// TestExpandMessageXMDLongDST checks the oversize-DST rule (section 5.3.3)
// with vectors of RFC 9380 appendix K.2 (SHA-256, a 256-byte DST), typed in
// from the RFC; they also exercise a hash whose block (64 bytes) and output
// (32 bytes) differ from SHA-512's, and an output of four blocks.
func TestExpandMessageXMDLongDST(t *testing.T) {
	dst := "QUUX-V01-CS02-with-expander-SHA256-128-long-DST-" + strings.Repeat("1", 208)
	if len(dst) != 256 {
		t.Fatalf("the K.2 DST has %d bytes, want 256", len(dst))
	}
	for _, tc := range []struct {
		msg    string
		length int
		want   string
	}{
		{"", 0x20, "e8dc0c8b686b7ef2074086fbdd2f30e3f8bfbd3bdf177f73f04b97ce618a3ed3"},
		{"abc", 0x20, "52dbf4f36cf560fca57dedec2ad924ee9c266341d8f3d6afe5171733b16bbb12"},
		{"abcdef0123456789", 0x20, "35387dcf22618f3728e6c686490f8b431f76550b0b2c61cbc1ce7001536f4521"},
		{"abc", 0x80, "1a30a5e36fbdb87077552b9d18b9f0aee16e80181d5b951d0471d55b66684914" +
			"aef87dbb3626eaabf5ded8cd0686567e503853e5c84c259ba0efc37f71c839da" +
			"2129fe81afdaec7fbdc0ccd4c794727a17c0d20ff0ea55e1389d6982d1241cb8" +
			"d165762dbc39fb0cee4474d2cbbd468a835ae5b2f20e4f959f56ab24cd6fe267"},
	} {
		got, err := ExpandMessageXMD(sha256.New, []byte(tc.msg), []byte(dst), tc.length)
		if err != nil {
			t.Fatal(err)
		}
		if want := mustHex(t, tc.want); !bytes.Equal(got, want) {
			t.Errorf("msg %q, %d bytes: got %x, want %x", tc.msg, tc.length, got, want)
		}
	}
}

// TestExpandMessageXMDRandom compares random inputs with the naive reading,
// for SHA-512 and SHA-256 and every output length class (one block, a
// partial block, many blocks, the maximum of 255 blocks); a DST over 255
// bytes must give what its hash does as a short DST.
func TestExpandMessageXMDRandom(t *testing.T) {
	r := testRand(t)
	bytesOf := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}
	for _, hf := range []struct {
		name        string
		h           func() hash.Hash
		sum         func([]byte) []byte
		size, block int
	}{
		{"SHA-512", sha512.New, sum512, 64, 128},
		{"SHA-256", sha256.New, func(b []byte) []byte { h := sha256.Sum256(b); return h[:] }, 32, 64},
	} {
		for i := 0; i < 200; i++ {
			msg := bytesOf(r.IntN(300))
			dst := bytesOf(1 + r.IntN(255))
			length := []int{1, hf.size, hf.size + 1, 48, 96, 1 + r.IntN(1000), 255 * hf.size}[i%7]
			msgCopy, dstCopy := append([]byte{}, msg...), append([]byte{}, dst...)
			got, err := ExpandMessageXMD(hf.h, msg, dst, length)
			if err != nil {
				t.Fatalf("%s: %v", hf.name, err)
			}
			if !bytes.Equal(msg, msgCopy) || !bytes.Equal(dst, dstCopy) {
				t.Fatalf("%s: inputs modified", hf.name)
			}
			if _, _, want := specExpand(hf.sum, hf.size, hf.block, msg, dst, length); !bytes.Equal(got, want) {
				t.Fatalf("%s: msg %x dst %x length %d: got %x, want %x", hf.name, msg, dst, length, got, want)
			}

			long := bytesOf(256 + r.IntN(300))
			short := hf.sum(append([]byte("H2C-OVERSIZE-DST-"), long...))
			got, err = ExpandMessageXMD(hf.h, msg, long, length)
			if err != nil {
				t.Fatalf("%s: %v", hf.name, err)
			}
			if _, _, want := specExpand(hf.sum, hf.size, hf.block, msg, short, length); !bytes.Equal(got, want) {
				t.Fatalf("%s: long DST %x: got %x, want %x", hf.name, long, got, want)
			}
		}
	}
}

// wideHash is a hash whose output is longer than its block, which
// expand_message_xmd cannot use (RFC 9380 section 5.3.1 needs b <= s).
type wideHash struct{ hash.Hash }

func (wideHash) BlockSize() int { return 32 }

func TestExpandMessageXMDErrors(t *testing.T) {
	dst := []byte("DST")
	for _, tc := range []struct {
		name   string
		h      func() hash.Hash
		dst    []byte
		length int
	}{
		{"empty dst", sha512.New, nil, 32},
		{"empty non-nil dst", sha512.New, []byte{}, 32},
		{"length 0", sha512.New, dst, 0},
		{"negative length", sha512.New, dst, -1},
		{"256 blocks of SHA-512", sha512.New, dst, 255*64 + 1},
		{"256 blocks of SHA-256", sha256.New, dst, 255*32 + 1},
		{"65536 bytes", sha512.New, dst, 65536},
		{"output longer than block", func() hash.Hash { return wideHash{sha512.New()} }, dst, 32},
		{"nil hash function", nil, dst, 32},
		{"hash function returning nil", func() hash.Hash { return nil }, dst, 32},
	} {
		out, err := ExpandMessageXMD(tc.h, []byte("msg"), tc.dst, tc.length)
		if err == nil || out != nil {
			t.Errorf("%s: got %x, %v; want nil and an error", tc.name, out, err)
		}
	}
	// The largest lengths allowed still work.
	for _, tc := range []struct {
		h      func() hash.Hash
		length int
	}{{sha512.New, 255 * 64}, {sha256.New, 255 * 32}} {
		if out, err := ExpandMessageXMD(tc.h, nil, dst, tc.length); err != nil || len(out) != tc.length {
			t.Errorf("length %d: got %d bytes, %v", tc.length, len(out), err)
		}
	}
}

// TestExpandMessageXMDFresh checks that outputs never share memory: with
// each other, or with spare capacity a caller could append into.
func TestExpandMessageXMDFresh(t *testing.T) {
	a, _ := ExpandMessageXMD(sha512.New, []byte("m"), []byte("d"), 48)
	b, _ := ExpandMessageXMD(sha512.New, []byte("m"), []byte("d"), 48)
	if cap(a) != len(a) {
		t.Errorf("output has spare capacity %d", cap(a)-len(a))
	}
	want := append([]byte{}, b...)
	a[0] ^= 1
	if !bytes.Equal(b, want) {
		t.Error("two outputs share memory")
	}
}

// shakeHash is a test hash with any output and block size: SHAKE256 of
// everything written, cut to size bytes. It stands in for hashes that
// SHA-2 cannot: an output as long as the block, or longer than 255 bytes.
type shakeHash struct {
	buf         []byte
	size, block int
}

func (h *shakeHash) Write(p []byte) (int, error) { h.buf = append(h.buf, p...); return len(p), nil }
func (h *shakeHash) Sum(b []byte) []byte         { return append(b, sha3.SumSHAKE256(h.buf, h.size)...) }
func (h *shakeHash) Reset()                      { h.buf = h.buf[:0] }
func (h *shakeHash) Size() int                   { return h.size }
func (h *shakeHash) BlockSize() int              { return h.block }

func newShake(size, block int) (func() hash.Hash, func([]byte) []byte) {
	return func() hash.Hash { return &shakeHash{size: size, block: block} },
		func(b []byte) []byte { return sha3.SumSHAKE256(b, size) }
}

// TestExpandMessageXMDHashShapes checks the limits that depend on the
// hash's sizes, with hashes SHA-2 does not offer, against the naive reading
// of section 5.3.1: an output as long as the block is allowed (b <= s); with
// a 300-byte output, 255 blocks exceed 65535 bytes, so 65535 bytes work and
// 65536 fail (I2OSP(len_in_bytes, 2) could not encode it); and with a
// 256-byte output a DST over 255 bytes fails, since its hash would not fit
// the one-byte length of DST_prime, while a 255-byte DST still works.
func TestExpandMessageXMDHashShapes(t *testing.T) {
	msg := []byte("shapes")
	dst := []byte("QUUX-V01-CS02-with-expander-shapes")

	// Output size equal to the block size.
	h64, sum64 := newShake(64, 64)
	for _, length := range []int{1, 64, 65, 200} {
		got, err := ExpandMessageXMD(h64, msg, dst, length)
		if _, _, want := specExpand(sum64, 64, 64, msg, dst, length); err != nil || !bytes.Equal(got, want) {
			t.Errorf("b = s = 64, length %d: got %x, %v; want %x", length, got, err, want)
		}
	}

	// A 300-byte output: the 65535-byte cap binds before 255 blocks do.
	h300, sum300 := newShake(300, 1024)
	got, err := ExpandMessageXMD(h300, msg, dst, 65535)
	if _, _, want := specExpand(sum300, 300, 1024, msg, dst, 65535); err != nil || !bytes.Equal(got, want) {
		t.Errorf("300-byte hash, 65535 bytes: %v, or the output differs from the naive reading", err)
	}
	if out, err := ExpandMessageXMD(h300, msg, dst, 65536); out != nil || err == nil {
		t.Errorf("300-byte hash, 65536 bytes: got %d bytes, %v; want nil and an error", len(out), err)
	}

	// A 256-byte output: no oversize DST, but a 255-byte DST is fine.
	h256, sum256b := newShake(256, 512)
	if out, err := ExpandMessageXMD(h256, msg, bytes.Repeat([]byte{'D'}, 256), 64); out != nil || err == nil {
		t.Errorf("256-byte hash, 256-byte DST: got %x, %v; want nil and an error", out, err)
	}
	dst255 := bytes.Repeat([]byte{'D'}, 255)
	got, err = ExpandMessageXMD(h256, msg, dst255, 600)
	if _, _, want := specExpand(sum256b, 256, 512, msg, dst255, 600); err != nil || !bytes.Equal(got, want) {
		t.Errorf("256-byte hash, 255-byte DST: got %x, %v; want %x", got, err, want)
	}
}
