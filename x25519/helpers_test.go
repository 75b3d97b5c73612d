package x25519

// Oracles and inputs shared by the tests of this package: a seeded source,
// X25519 through crypto/ecdh, RFC 7748's ladder transcribed onto math/big,
// the twist test by Euler's criterion, and the low-order u-coordinates
// computed with filippo.io/edwards25519.

import (
	"bytes"
	"crypto/ecdh"
	"encoding/hex"
	"math/big"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	ref "filippo.io/edwards25519"

	"github.com/seed06d4b90c/edwards25519/internal/testrand"
)

// xRand returns a source seeded by testrand.Seed (EDWARDS25519_SEED
// replays a run).
func xRand(t testing.TB) *rand.Rand {
	t.Helper()
	return testrand.New(t, 0x2545f4914f6cdd1d)
}

func xBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func xHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.Join(strings.Fields(s), ""))
	if err != nil {
		t.Fatalf("bad hex in test data: %v", err)
	}
	return b
}

// ecdhX25519 is X25519 through crypto/ecdh; ok is false when crypto/ecdh
// refuses the all-zero result of a low-order point.
func ecdhX25519(t testing.TB, scalar, u []byte) (out []byte, ok bool) {
	t.Helper()
	priv, err := ecdh.X25519().NewPrivateKey(scalar)
	if err != nil {
		t.Fatalf("crypto/ecdh NewPrivateKey: %v", err)
	}
	pub, err := ecdh.X25519().NewPublicKey(u)
	if err != nil {
		t.Fatalf("crypto/ecdh NewPublicKey: %v", err)
	}
	out, err = priv.ECDH(pub)
	return out, err == nil
}

var (
	bigP   = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	bigA   = big.NewInt(486662)
	bigA24 = big.NewInt(121665)
)

// bigLE reads b as a little-endian integer.
func bigLE(b []byte) *big.Int {
	be := bytes.Clone(b)
	for i, j := 0, len(be)-1; i < j; i, j = i+1, j-1 {
		be[i], be[j] = be[j], be[i]
	}
	return new(big.Int).SetBytes(be)
}

// bigLE32 writes 0 <= n < 2^256 as 32 little-endian bytes.
func bigLE32(n *big.Int) []byte {
	out := n.FillBytes(make([]byte, 32))
	for i, j := 0, 31; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// bigU decodes a u-coordinate as RFC 7748 section 5 does: bit 255 masked,
// the rest reduced mod p.
func bigU(u []byte) *big.Int {
	m := bytes.Clone(u)
	m[31] &= 127
	return new(big.Int).Mod(bigLE(m), bigP)
}

// bigX25519 is the X25519 function of RFC 7748 section 5, transcribed from
// its pseudo-code onto math/big, with all 255 ladder steps (bigStep) and the
// final x2·z2^(p-2). It is slow and branches on the scalar: a test oracle
// only.
func bigX25519(scalar, u []byte) []byte {
	k := bytes.Clone(scalar)
	k[0] &= 248
	k[31] &= 127
	k[31] |= 64
	kk := bigLE(k)
	x1 := bigU(u)
	s := [4]*big.Int{big.NewInt(1), big.NewInt(0), new(big.Int).Set(x1), big.NewInt(1)} // (x2, z2, x3, z3)
	swap := uint(0)
	for t := 254; t >= 0; t-- {
		kt := kk.Bit(t)
		swap ^= kt
		if swap == 1 {
			s = [4]*big.Int{s[2], s[3], s[0], s[1]}
		}
		swap = kt
		s = bigStep(s, x1)
	}
	x2, z2 := s[0], s[1]
	if swap == 1 {
		x2, z2 = s[2], s[3]
	}
	inv := new(big.Int).Exp(z2, new(big.Int).Sub(bigP, big.NewInt(2)), bigP)
	return bigLE32(new(big.Int).Mod(new(big.Int).Mul(x2, inv), bigP))
}

// bigStep is one ladder step on math/big (RFC 7748, section 5): (x2, z2,
// x3, z3) becomes (2·R0, R0 + R1).
func bigStep(in [4]*big.Int, u *big.Int) [4]*big.Int {
	m := func(v *big.Int) *big.Int { return v.Mod(v, bigP) }
	x2, z2, x3, z3 := in[0], in[1], in[2], in[3]
	a := m(new(big.Int).Add(x2, z2))
	b := m(new(big.Int).Sub(x2, z2))
	c := m(new(big.Int).Add(x3, z3))
	d := m(new(big.Int).Sub(x3, z3))
	aa := m(new(big.Int).Mul(a, a))
	bb := m(new(big.Int).Mul(b, b))
	da := m(new(big.Int).Mul(d, a))
	cb := m(new(big.Int).Mul(c, b))
	e := m(new(big.Int).Sub(aa, bb))
	sum := m(new(big.Int).Add(da, cb))
	dif := m(new(big.Int).Sub(da, cb))
	return [4]*big.Int{
		m(new(big.Int).Mul(aa, bb)),
		m(new(big.Int).Mul(e, m(new(big.Int).Add(aa, new(big.Int).Mul(bigA24, e))))),
		m(new(big.Int).Mul(sum, sum)),
		m(new(big.Int).Mul(u, m(new(big.Int).Mul(dif, dif)))),
	}
}

// bigOnCurve reports whether u (decoded as X25519 decodes it) is the
// u-coordinate of a point of Curve25519, by Euler's criterion on
// u³ + A·u² + u; otherwise it is on the quadratic twist.
func bigOnCurve(u []byte) bool {
	x := bigU(u)
	rhs := new(big.Int).Mul(x, x)
	rhs.Add(rhs, new(big.Int).Mul(bigA, x))
	rhs.Add(rhs, big.NewInt(1))
	rhs.Mul(rhs, x)
	rhs.Mod(rhs, bigP)
	if rhs.Sign() == 0 {
		return true
	}
	e := new(big.Int).Rsh(new(big.Int).Sub(bigP, big.NewInt(1)), 1)
	return new(big.Int).Exp(rhs, e, bigP).Cmp(big.NewInt(1)) == 0
}

// lowOrderU holds the canonical u-coordinates of every point of order
// dividing 8 on Curve25519 (u = 0, 1 and the two of order 8, from the
// edwards25519 torsion points computed with filippo.io/edwards25519) and of
// the points of order 4 on the twist, u = -1 (the twist's group has order
// 4 times a prime, and the doubling formula gives a point of order 2, u = 0,
// only from u = ±1).
var lowOrderU = sync.OnceValue(func() [][]byte {
	// Find a point of order 8 as l·P for some decodable P.
	l, _ := new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)
	var q *ref.Point
	for i := 0; q == nil; i++ {
		enc := make([]byte, 32)
		enc[0], enc[1] = byte(i), 0x55
		p, err := new(ref.Point).SetBytes(enc)
		if err != nil {
			continue
		}
		acc := ref.NewIdentityPoint()
		for b := l.BitLen() - 1; b >= 0; b-- {
			acc.Add(acc, acc)
			if l.Bit(b) == 1 {
				acc.Add(acc, p)
			}
		}
		four := new(ref.Point).Add(acc, acc)
		four.Add(four, four)
		if four.Equal(ref.NewIdentityPoint()) != 1 {
			q = acc
		}
	}
	seen := map[string]bool{}
	var out [][]byte
	m := ref.NewIdentityPoint()
	for range 8 {
		m.Add(m, q)
		u := m.BytesMontgomery()
		if !seen[string(u)] {
			seen[string(u)] = true
			out = append(out, u)
		}
	}
	out = append(out, bigLE32(new(big.Int).Sub(bigP, big.NewInt(1))))
	return out
})

// lowOrderEncodings returns every 32-byte string that X25519 decodes to a
// low-order u: the canonical ones, their non-canonical forms u + p when
// below 2^255, and all of these with bit 255 set.
func lowOrderEncodings() [][]byte {
	var out [][]byte
	two255 := new(big.Int).Lsh(big.NewInt(1), 255)
	for _, u := range lowOrderU() {
		forms := [][]byte{u}
		if v := new(big.Int).Add(bigLE(u), bigP); v.Cmp(two255) < 0 {
			forms = append(forms, bigLE32(v))
		}
		for _, f := range forms {
			hi := bytes.Clone(f)
			hi[31] |= 0x80
			out = append(out, f, hi)
		}
	}
	return out
}
