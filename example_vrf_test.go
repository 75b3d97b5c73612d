package edwards25519_test

import (
	"crypto/sha512"
	"encoding/hex"
	"fmt"

	"github.com/seed06d4b90c/edwards25519"
)

// An ECVRF proof and its output (RFC 9381, ECVRF-EDWARDS25519-SHA512-ELL2)
// for the empty input under the key of RFC 8032's first test vector: the
// RFC's example 19. SetEncodeToCurve is the suite's encode_to_curve.
func Example_ecvrf() {
	const suite = 0x04 // suite_string
	sk, _ := hex.DecodeString("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
	alpha := []byte{}

	// The secret scalar x and the public key Y (RFC 8032 section 5.1.5).
	hsk := sha512.Sum512(sk)
	x, _ := edwards25519.NewScalar().SetBytesWithClamping(hsk[:32])
	Y := new(edwards25519.Point).ScalarBaseMult(x)

	// H = encode_to_curve(PK || alpha), DST "ECVRF_" || suite ID || suite_string.
	dst := []byte("ECVRF_edwards25519_XMD:SHA-512_ELL2_NU_\x04")
	H, _ := new(edwards25519.Point).SetEncodeToCurve(append(Y.Bytes(), alpha...), dst)
	gamma := new(edwards25519.Point).ScalarMult(x, H)

	// The nonce k (section 5.4.2.2) and the challenge c (section 5.4.3).
	nonce := sha512.Sum512(append(append([]byte{}, hsk[32:]...), H.Bytes()...))
	k, _ := edwards25519.NewScalar().SetUniformBytes(nonce[:])
	kB := new(edwards25519.Point).ScalarBaseMult(k)
	kH := new(edwards25519.Point).ScalarMult(k, H)
	challenge := sha512.New()
	challenge.Write([]byte{suite, 0x02})
	for _, p := range []*edwards25519.Point{Y, H, gamma, kB, kH} {
		challenge.Write(p.Bytes())
	}
	challenge.Write([]byte{0x00})
	c := challenge.Sum(nil)[:16]
	cs, _ := edwards25519.NewScalar().SetCanonicalBytes(append(c, make([]byte, 16)...))
	s := edwards25519.NewScalar().MultiplyAdd(cs, x, k) // s = k + c·x

	pi := append(append(gamma.Bytes(), c...), s.Bytes()...)
	beta := sha512.Sum512(append(append([]byte{suite, 0x03},
		new(edwards25519.Point).MultByCofactor(gamma).Bytes()...), 0x00))
	fmt.Printf("pi:   %x\n", pi)
	fmt.Printf("beta: %x\n", beta)
	// Output:
	// pi:   7d9c633ffeee27349264cf5c667579fc583b4bda63ab71d001f89c10003ab46f14adf9a3cd8b8412d9038531e865c341cafa73589b023d14311c331a9ad15ff2fb37831e00f0acaa6d73bc9997b06501
	// beta: 9d574bf9b8302ec0fc1e21c3ec5368269527b87b462ce36dab2d14ccf80c53cccf6758f058c5b1c856b116388152bbe509ee3b9ecfe63d93c3b4346c1fbc6c54
}
