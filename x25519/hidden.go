package x25519

import (
	cryptorand "crypto/rand"
	"crypto/subtle"
	"errors"
	"io"

	"github.com/seed06d4b90c/edwards25519"
)

// Hidden keys: X25519 public keys sent as Elligator 2 representatives
// (edwards25519.Point.Elligator2Representative), 32 bytes that an observer
// cannot tell from random ones, for protocols that must not look like key
// exchanges (obfs4-style transports, golang/go#62023).

// maxHiddenKeyAttempts bounds the draws of GenerateHiddenKey. Each draw is
// representable with probability about 1/2, so a working random source
// needs more than 128 with probability 2^-128; a broken one (say, one that
// repeats its output) gets an error instead of a loop without end.
const maxHiddenKeyAttempts = 128

var (
	errHiddenKeyAttempts    = errors.New("x25519: no representable key in 128 draws: the random source is not random")
	errRepresentativeLength = errors.New("x25519: representative is not 32 bytes long")
)

// lowOrder holds the eight points of order dividing 8, lowOrder[i] = i·T
// for a point T of order 8.
var lowOrder = func() [8]edwards25519.Point {
	// T is the point of order 8 whose y-coordinate is
	// 2707385501144840649318225287225658788936804267575313519463743609750303402022
	// with x non-negative: one of the small-order y values RFC 9381 lists in
	// section 5.4.5 (the images of the low-order points of RFC 7748).
	enc := [32]byte{
		0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89, 0xf2, 0xef, 0x98, 0xf0,
		0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05,
	}
	var t, four edwards25519.Point
	if _, err := t.SetBytes(enc[:]); err != nil {
		panic("x25519: internal error: the order-8 point does not decode")
	}
	identity := edwards25519.NewIdentityPoint()
	four.Double(&t)
	four.Double(&four) // 4·T
	if four.Equal(identity) == 1 || new(edwards25519.Point).Double(&four).Equal(identity) != 1 {
		panic("x25519: internal error: the low-order point does not have order 8")
	}
	var pts [8]edwards25519.Point
	pts[0].Set(identity)
	for i := 1; i < 8; i++ {
		pts[i].Add(&pts[i-1], &t)
	}
	return pts
}()

// GenerateHiddenKey returns a new X25519 private key, 32 bytes that work
// with [X25519] unchanged, and a representative of a public key for it: 32
// bytes that are indistinguishable from 32 uniformly random bytes, all 256
// of them. The representative goes on the wire in place of the public key;
// the peer turns it into one with [RepresentativeToPublicKey], and the
// shared secrets are those of X25519(privateKey, Basepoint).
//
// rand is read with io.ReadFull, 34 bytes per draw: the key, one byte for
// the padding bits and one for the low-order component and the sign below
// (crypto/rand.Reader is the usual source, and a nil rand reads it). An
// error from rand is returned, with nil keys. About two draws are needed on average; after 128 draws
// without a representable point GenerateHiddenKey gives up with an error.
//
// Why the public point is not just k·B. Elligator 2 represents about half
// of all points of the curve, each by a 254-bit string (the value of the
// representative is at most (p-1)/2), and a string read as a representative
// gives a point of the whole curve, in any of its eight cosets and with
// either sign of x. A hidden key must look the same:
//
//   - The coset. An X25519 public key k·B lies in the prime-order subgroup,
//     where only one point in eight of the curve is. Decoding the
//     representative and multiplying by the group order gives the identity
//     for every plain public key and for one random string in eight. Hidden
//     keys built on agl's extra25519,
//     obfs4proxy's among them, could be told from random this way until
//     obfs4proxy replaced its Elligator 2 code in 2022. GenerateHiddenKey
//     adds a random point of order dividing 8, which the peer's clamped
//     scalar, a multiple of 8, removes.
//   - The sign. X25519 ignores the sign of x (P and -P have the same u);
//     the representative does not, and one sign only would rule out half
//     of all strings. k·B alone has either sign, but as a function of the
//     key; GenerateHiddenKey negates the point at random, which makes the
//     sign uniform and independent of it.
//   - The padding. The top two bits of a representative are not part of
//     its value; left at zero they would show on three keys in four.
//     GenerateHiddenKey fills them from rand.
//   - The root. Of the two representatives ±r of a point, the one at most
//     (p-1)/2 is always taken; extra25519 took either (agl/ed25519 issue
//     27), and the larger one shows as a value above (p-1)/2 = 2^254 - 10,
//     that is of at least 2^254 - 9.
//
// Unrepresentable points are drawn again, so the point is uniform among
// the representable ones and the representative uniform among the strings.
// The running time does not depend on the private key or the other random
// choices; the number of draws depends only on the draws discarded.
func GenerateHiddenKey(rand io.Reader) (privateKey, representative []byte, err error) {
	if rand == nil {
		rand = cryptorand.Reader
	}
	var buf [ScalarSize + 2]byte
	defer clear(buf[:])
	for range maxHiddenKeyAttempts {
		if _, err := io.ReadFull(rand, buf[:]); err != nil {
			return nil, nil, err
		}
		key, tweak, choice := buf[:ScalarSize], buf[ScalarSize], buf[ScalarSize+1]

		// SetBytesWithClamping clamps as X25519 does (RFC 7748 section 5
		// and RFC 8032 section 5.1.5 prune the same bits); reducing mod l
		// changes nothing on the prime-order point B.
		s, err := edwards25519.NewScalar().SetBytesWithClamping(key)
		if err != nil {
			return nil, nil, err
		}
		var p edwards25519.Point
		p.ScalarBaseMult(s)
		p.Add(&p, selectLowOrder(choice&7))
		var neg edwards25519.Point
		neg.Negate(&p)
		p.Select(&neg, &p, int(choice>>3&1))

		r, err := p.Elligator2Representative(tweak)
		if err != nil {
			continue // public: this draw is discarded
		}
		return append([]byte{}, key...), r, nil
	}
	return nil, nil, errHiddenKeyAttempts
}

// selectLowOrder returns lowOrder[i] for i < 8, scanning every entry so
// that the memory accessed does not depend on i.
func selectLowOrder(i byte) *edwards25519.Point {
	out := edwards25519.NewIdentityPoint()
	for j := range lowOrder {
		out.Select(&lowOrder[j], out, subtle.ConstantTimeByteEq(byte(j), i))
	}
	return out
}

// RepresentativeToPublicKey returns the X25519 public key, a 32-byte
// u-coordinate, of the point the representative stands for (see
// [GenerateHiddenKey]). Every 32-byte string is accepted; the only error is
// a representative that is not 32 bytes long. Accepted does not mean
// usable: the value 0 (with any padding bits) and every representative of
// a point of order dividing 8 give the u of a low-order point, and X25519
// with that public key returns its all-zero-result error whatever the
// private key. GenerateHiddenKey never returns such a representative, as
// its point always has a component of order l.
//
// The key is in general not X25519(privateKey, Basepoint) itself: it carries
// the low-order component GenerateHiddenKey added. X25519 of any peer's
// private key with it nevertheless gives X25519(privateKey, peerPublicKey),
// because the peer's clamped scalar is a multiple of 8.
func RepresentativeToPublicKey(representative []byte) ([]byte, error) {
	if len(representative) != 32 {
		return nil, errRepresentativeLength
	}
	var p edwards25519.Point
	if _, err := p.SetElligator2Representative(representative); err != nil {
		return nil, err
	}
	return p.BytesMontgomery(), nil
}
