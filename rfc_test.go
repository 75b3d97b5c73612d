package edwards25519

// Known-answer tests typed in from the RFC texts:
//   - RFC 8032 section 7.1 (Ed25519: TEST 1, 2, 3, 1024, SHA(abc)), each
//     also through crypto/ed25519, so that a typo in the typed-in data
//     shows up as a disagreement with the toolchain;
//   - RFC 7748 section 5.2 (X25519 single vectors and the iterated
//     vector) and section 6.1 (the Diffie-Hellman example), through the
//     Point path of ed25519_impl_test.go (the vectors are
//     testvectors.RFC7748, which the x25519 package's tests check against
//     crypto/ecdh).

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"strconv"
	"strings"
	"testing"

	"github.com/seed06d4b90c/edwards25519/internal/testvectors"
)

func svHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.Join(strings.Fields(s), ""))
	if err != nil {
		t.Fatalf("bad hex in test data: %v", err)
	}
	return b
}

type svRFC8032Vector struct {
	name                  string
	seed, pub, msg, sigHx string
}

// RFC 8032, section 7.1.
var svRFC8032Vectors = []svRFC8032Vector{
	{
		name: "TEST 1",
		seed: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
		pub:  "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
		msg:  "",
		sigHx: "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155" +
			"5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
	},
	{
		name: "TEST 2",
		seed: "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
		pub:  "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
		msg:  "72",
		sigHx: "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da" +
			"085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
	},
	{
		name: "TEST 3",
		seed: "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
		pub:  "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
		msg:  "af82",
		sigHx: "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac" +
			"18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a",
	},
	{
		name: "TEST 1024",
		seed: "f5e5767cf153319517630f226876b86c8160cc583bc013744c6bf255f5cc0ee5",
		pub:  "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e",
		msg: `
08b8b2b733424243760fe426a4b54908632110a66c2f6591eabd3345e3e4eb98
fa6e264bf09efe12ee50f8f54e9f77b1e355f6c50544e23fb1433ddf73be84d8
79de7c0046dc4996d9e773f4bc9efe5738829adb26c81b37c93a1b270b20329d
658675fc6ea534e0810a4432826bf58c941efb65d57a338bbd2e26640f89ffbc
1a858efcb8550ee3a5e1998bd177e93a7363c344fe6b199ee5d02e82d522c4fe
ba15452f80288a821a579116ec6dad2b3b310da903401aa62100ab5d1a36553e
06203b33890cc9b832f79ef80560ccb9a39ce767967ed628c6ad573cb116dbef
efd75499da96bd68a8a97b928a8bbc103b6621fcde2beca1231d206be6cd9ec7
aff6f6c94fcd7204ed3455c68c83f4a41da4af2b74ef5c53f1d8ac70bdcb7ed1
85ce81bd84359d44254d95629e9855a94a7c1958d1f8ada5d0532ed8a5aa3fb2
d17ba70eb6248e594e1a2297acbbb39d502f1a8c6eb6f1ce22b3de1a1f40cc24
554119a831a9aad6079cad88425de6bde1a9187ebb6092cf67bf2b13fd65f270
88d78b7e883c8759d2c4f5c65adb7553878ad575f9fad878e80a0c9ba63bcbcc
2732e69485bbc9c90bfbd62481d9089beccf80cfe2df16a2cf65bd92dd597b07
07e0917af48bbb75fed413d238f5555a7a569d80c3414a8d0859dc65a46128ba
b27af87a71314f318c782b23ebfe808b82b0ce26401d2e22f04d83d1255dc51a
ddd3b75a2b1ae0784504df543af8969be3ea7082ff7fc9888c144da2af58429e
c96031dbcad3dad9af0dcbaaaf268cb8fcffead94f3c7ca495e056a9b47acdb7
51fb73e666c6c655ade8297297d07ad1ba5e43f1bca32301651339e22904cc8c
42f58c30c04aafdb038dda0847dd988dcda6f3bfd15c4b4c4525004aa06eeff8
ca61783aacec57fb3d1f92b0fe2fd1a85f6724517b65e614ad6808d6f6ee34df
f7310fdc82aebfd904b01e1dc54b2927094b2db68d6f903b68401adebf5a7e08
d78ff4ef5d63653a65040cf9bfd4aca7984a74d37145986780fc0b16ac451649
de6188a7dbdf191f64b5fc5e2ab47b57f7f7276cd419c17a3ca8e1b939ae49e4
88acba6b965610b5480109c8b17b80e1b7b750dfc7598d5d5011fd2dcc5600a3
2ef5b52a1ecc820e308aa342721aac0943bf6686b64b2579376504ccc493d97e
6aed3fb0f9cd71a43dd497f01f17c0e2cb3797aa2a2f256656168e6c496afc5f
b93246f6b1116398a346f1a641f3b041e989f7914f90cc2c7fff357876e506b5
0d334ba77c225bc307ba537152f3f1610e4eafe595f6d9d90d11faa933a15ef1
369546868a7f3a45a96768d40fd9d03412c091c6315cf4fde7cb68606937380d
b2eaaa707b4c4185c32eddcdd306705e4dc1ffc872eeee475a64dfac86aba41c
0618983f8741c5ef68d3a101e8a3b8cac60c905c15fc910840b94c00a0b9d0`,
		sigHx: "0aab4c900501b3e24d7cdf4663326a3a87df5e4843b2cbdb67cbf6e460fec350" +
			"aa5371b1508f9f4528ecea23c436d94b5e8fcd4f681e30a6ac00a9704a188a03",
	},
	{
		name: "TEST SHA(abc)",
		seed: "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
		pub:  "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
		msg: "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a" +
			"2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
		sigHx: "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b589" +
			"09351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704",
	},
}

func TestRFC8032Ed25519Vectors(t *testing.T) { forEachBackend(t, testRFC8032Ed25519Vectors) }

func testRFC8032Ed25519Vectors(t *testing.T) {
	ran := 0
	for _, v := range svRFC8032Vectors {
		seed, pub, msg, sig := svHex(t, v.seed), svHex(t, v.pub), svHex(t, v.msg), svHex(t, v.sigHx)
		t.Run(v.name, func(t *testing.T) {
			// Shape of the typed-in data.
			if len(seed) != 32 || len(pub) != 32 || len(sig) != 64 {
				t.Fatalf("typed-in vector has wrong lengths %d/%d/%d", len(seed), len(pub), len(sig))
			}
			if v.name == "TEST 1024" && len(msg) != 1023 {
				t.Fatalf("TEST 1024 message is %d bytes, RFC says 1023", len(msg))
			}

			// The toolchain agrees with the typed-in data.
			std := ed25519.NewKeyFromSeed(seed)
			if !bytes.Equal(std.Public().(ed25519.PublicKey), pub) {
				t.Fatalf("crypto/ed25519 derives public key %x, vector says %x", std.Public(), pub)
			}
			if got := ed25519.Sign(std, msg); !bytes.Equal(got, sig) {
				t.Fatalf("crypto/ed25519 signs %x, vector says %x", got, sig)
			}
			if !ed25519.Verify(pub, msg, sig) {
				t.Fatal("crypto/ed25519 rejects the vector")
			}

			// The test-only Ed25519 on the library's public API.
			_, _, gotPub := svKeyFromSeed(seed)
			if !bytes.Equal(gotPub, pub) {
				t.Errorf("public key: got %x, want %x", gotPub, pub)
			}
			if got := svSign(seed, msg); !bytes.Equal(got, sig) {
				t.Errorf("signature: got %x, want %x", got, sig)
			}
			for _, pol := range svPolicies {
				if err := svVerify(pol, pub, msg, sig); err != nil {
					t.Errorf("%v rejects the RFC signature: %v", pol, err)
				}
			}

			// Tampering with any part must make every policy (and the
			// toolchain) reject.
			type tamper struct {
				what          string
				pub, msg, sig []byte
			}
			var tampers []tamper
			flip := func(b []byte, i int, mask byte) []byte {
				c := append([]byte(nil), b...)
				c[i] ^= mask
				return c
			}
			tampers = append(tampers,
				tamper{"R bit 0", pub, msg, flip(sig, 0, 1)},
				tamper{"S bit 0", pub, msg, flip(sig, 32, 1)},
				tamper{"S top byte", pub, msg, flip(sig, 63, 0x10)},
				tamper{"A bit 1", flip(pub, 0, 2), msg, sig},
				tamper{"A sign bit", flip(pub, 31, 0x80), msg, sig},
				tamper{"message appended", pub, append(append([]byte(nil), msg...), 0), sig},
			)
			if len(msg) > 0 {
				tampers = append(tampers, tamper{"message bit", pub, flip(msg, len(msg)-1, 0x40), sig})
			}
			// S + l: same value mod l but non-canonical, must be rejected
			// (RFC 8032 section 5.1.7 step 1).
			sPlusL := svAddL(sig[32:])
			if sPlusL != nil {
				tampers = append(tampers, tamper{"S + l", pub, msg, append(append([]byte(nil), sig[:32]...), sPlusL...)})
			}
			for _, tm := range tampers {
				if ed25519.Verify(tm.pub, tm.msg, tm.sig) {
					t.Errorf("%s: crypto/ed25519 accepts a tampered signature", tm.what)
				}
				for _, pol := range svPolicies {
					if err := svVerify(pol, tm.pub, tm.msg, tm.sig); err == nil {
						t.Errorf("%s: %v accepts a tampered signature", tm.what, pol)
					}
				}
			}
			ran++
		})
	}
	if ran != 5 {
		t.Errorf("ran %d RFC 8032 vectors, want 5", ran)
	}
	t.Logf("RFC 8032 section 7.1: %d/5 vectors passed through %d verification policies and crypto/ed25519", ran, len(svPolicies))
}

// svAddL returns the 32-byte little-endian encoding of s + l, or nil if it
// does not fit in 256 bits.
func svAddL(s []byte) []byte {
	// l = 2^252 + 27742317777372353535851937790883648493, little endian.
	l := []byte{
		0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10,
	}
	out := make([]byte, 32)
	carry := 0
	for i := 0; i < 32; i++ {
		v := int(s[i]) + int(l[i]) + carry
		out[i] = byte(v)
		carry = v >> 8
	}
	if carry != 0 {
		return nil
	}
	return out
}

// svCheckPointX25519 runs one X25519 input through the Point path
// (svX25519ViaEdwards) and checks its SetBytes verdict against
// svOnMontgomery; where the path runs and want is not nil, its output must
// be want. It returns the path's output and status.
func svCheckPointX25519(t *testing.T, what string, scalar, u, want []byte) ([]byte, svEdwardsStatus) {
	t.Helper()
	viaPoint, status := svX25519ViaEdwards(scalar, u)
	onCurve := svOnMontgomery(u)
	switch status {
	case svEdwardsOK:
		if want != nil && !bytes.Equal(viaPoint, want) {
			t.Errorf("%s: Point path gives %x, want %x", what, viaPoint, want)
		}
		if !onCurve {
			t.Errorf("%s: SetBytes accepted y for a u on the twist", what)
		}
	case svEdwardsTwist:
		if onCurve {
			t.Errorf("%s: SetBytes rejected y although u is on Curve25519", what)
		}
	case svEdwardsMinusOne:
		// u = -1 gives u^3 + A u^2 + u = A - 2 = 486660, a non-square:
		// the only u where the map is undefined is on the twist, so no
		// point of Curve25519 itself escapes the Point path.
		if onCurve {
			t.Errorf("%s: u = -1 classified as on Curve25519", what)
		}
	}
	return viaPoint, status
}

// TestRFC7748X25519Vectors runs the X25519 vectors of RFC 7748
// (testvectors.RFC7748, which the x25519 package's tests run through X25519
// and crypto/ecdh) through the Point path, and the public keys of section
// 6.1 through ScalarBaseMult and BytesMontgomery.
func TestRFC7748X25519Vectors(t *testing.T) { forEachBackend(t, testRFC7748X25519Vectors) }

func testRFC7748X25519Vectors(t *testing.T) {
	counts := map[svEdwardsStatus]int{}
	for _, v := range testvectors.RFC7748 {
		scalar, u, want := svHex(t, v.Scalar), svHex(t, v.U), svHex(t, v.Shared)
		_, st := svCheckPointX25519(t, v.Name, scalar, u, want)
		counts[st]++
		// Section 6.1 uses honestly generated public keys, which are on
		// the curve; the section 5.2 inputs are arbitrary strings and may
		// lie on the twist (svCheckPointX25519 has checked the verdict
		// against svOnMontgomery either way).
		if strings.HasPrefix(v.Name, "6.1") && st != svEdwardsOK {
			t.Errorf("%s: Point path status %v for an honest public key", v.Name, st)
		}
		t.Logf("%s: Point path %v", v.Name, st)
	}
	// Public keys of section 6.1 through ScalarBaseMult + BytesMontgomery:
	// the X25519 base point u = 9 is the image of the Ed25519 generator.
	keys := 0
	for _, v := range testvectors.RFC7748 {
		if !strings.HasSuffix(v.Name, "public key") {
			continue
		}
		keys++
		k := svClamp(svHex(t, v.Scalar))
		s, err := NewScalar().SetUniformBytes(append(k[:], make([]byte, 32)...))
		if err != nil {
			t.Fatal(err)
		}
		if got := new(Point).ScalarBaseMult(s).BytesMontgomery(); !bytes.Equal(got, svHex(t, v.Shared)) {
			t.Errorf("%s via ScalarBaseMult: got %x", v.Name, got)
		}
	}
	if keys != 2 {
		t.Errorf("%d public keys of section 6.1, want 2", keys)
	}
	if got := NewGeneratorPoint().BytesMontgomery(); got[0] != 9 || !bytes.Equal(got[1:], make([]byte, 31)) {
		t.Errorf("BytesMontgomery(B) = %x, want u = 9", got)
	}
	if total := counts[svEdwardsOK] + counts[svEdwardsTwist] + counts[svEdwardsMinusOne]; total != len(testvectors.RFC7748) {
		t.Errorf("ran %d of %d RFC 7748 vectors", total, len(testvectors.RFC7748))
	}
	t.Logf("RFC 7748: %d vectors; Point path: %d compared, %d on the twist",
		len(testvectors.RFC7748), counts[svEdwardsOK], counts[svEdwardsTwist])
}

// TestRFC7748X25519Iterated runs the first 1000 iterations of the iterated
// test of RFC 7748 section 5.2 (k = u = 9, then repeatedly k, u = X25519(k,
// u), k) on the Point path alone: every u of the chain is on Curve25519, so
// the path runs on every iteration, and the values after 1 and 1000
// iterations check the whole chain. The x25519 package runs the same test
// through X25519, up to 1,000,000 iterations.
func TestRFC7748X25519Iterated(t *testing.T) { forEachBackend(t, testRFC7748X25519Iterated) }

func testRFC7748X25519Iterated(t *testing.T) {
	checkpoints := map[int]string{
		1:    "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079",
		1000: "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51",
	}
	k := make([]byte, 32)
	k[0] = 9
	u := bytes.Clone(k)
	hit := 0
	for i := 1; i <= 1000; i++ {
		out, st := svCheckPointX25519(t, "iteration "+strconv.Itoa(i), k, u, nil)
		if st != svEdwardsOK || t.Failed() {
			t.Fatalf("iteration %d: Point path status %v", i, st)
		}
		u, k = k, out
		if want, ok := checkpoints[i]; ok {
			hit++
			if got := hex.EncodeToString(k); got != want {
				t.Fatalf("after %d iterations: got %s, want %s", i, got, want)
			}
		}
	}
	if hit != len(checkpoints) {
		t.Errorf("checked %d checkpoints, want %d", hit, len(checkpoints))
	}
}
