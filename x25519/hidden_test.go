package x25519

import (
	"bytes"
	"crypto/ecdh"
	"errors"
	"io"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/seed06d4b90c/edwards25519"
	"github.com/seed06d4b90c/edwards25519/internal/testrand"
)

// hkSeed returns a seed and logs it (testrand.Seed: EDWARDS25519_SEED
// replays a run).
func hkSeed(t testing.TB) uint64 {
	t.Helper()
	return testrand.Seed(t)
}

// hkReader is a reproducible random source (ChaCha8 implements io.Reader).
func hkReader(seed uint64) *rand.ChaCha8 {
	var s [32]byte
	for i := range 8 {
		s[i] = byte(seed >> (8 * i))
	}
	return rand.NewChaCha8(s)
}

var hkOrder, _ = new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)

func hkScalar(t testing.TB, v *big.Int) *edwards25519.Scalar {
	t.Helper()
	b := v.FillBytes(make([]byte, 32))
	for i, j := 0, 31; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	s, err := edwards25519.NewScalar().SetCanonicalBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// hkTimesOrder returns l·p, computed as (l-1)·p + p: the identity for p in
// the prime-order subgroup, and otherwise a point of order dividing 8 that
// tells p's coset (l = 5 mod 8, so multiplying by l permutes the cosets).
func hkTimesOrder(t testing.TB, p *edwards25519.Point) *edwards25519.Point {
	lMinus1 := hkScalar(t, new(big.Int).Sub(hkOrder, big.NewInt(1)))
	q := new(edwards25519.Point).ScalarMult(lMinus1, p)
	return q.Add(q, p)
}

// hkTorsion derives the eight points of order dividing 8 independently of
// hidden.go: l·Q for decoded points Q until one has order 8, then its
// multiples.
func hkTorsion(t testing.TB) []*edwards25519.Point {
	t.Helper()
	id := edwards25519.NewIdentityPoint()
	for i := byte(1); i < 255; i++ {
		enc := make([]byte, 32)
		enc[0] = i
		q, err := new(edwards25519.Point).SetBytes(enc)
		if err != nil {
			continue
		}
		tp := hkTimesOrder(t, q)
		four := new(edwards25519.Point).Double(tp)
		if four.Double(four).Equal(id) == 1 {
			continue
		}
		out := []*edwards25519.Point{edwards25519.NewIdentityPoint()}
		for j := 1; j < 8; j++ {
			out = append(out, new(edwards25519.Point).Add(out[j-1], tp))
		}
		return out
	}
	t.Fatal("no point of order 8 found")
	return nil
}

func hkECDH(t testing.TB, scalar, u []byte) []byte {
	t.Helper()
	priv, err := ecdh.X25519().NewPrivateKey(scalar)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := ecdh.X25519().NewPublicKey(u)
	if err != nil {
		t.Fatal(err)
	}
	out, err := priv.ECDH(pub)
	if err != nil {
		t.Fatalf("crypto/ecdh: %v", err)
	}
	return out
}

// TestHiddenKeyStatistics draws 10,000 hidden keys (1,000 with -short) and
// requires: each of the 256 bits of the representatives set with frequency
// 1/2, the decoded points spread over the 8 cosets with frequency 1/8 each
// and over both signs of x with frequency 1/2; the sum of the 256 bits'
// squared z-scores within the chi-square bound; and shared secrets with
// random peers equal to those of the plain key pair, by crypto/ecdh and by
// this package's X25519.
//
// The 266 statistical checks share one bound, hkSigma, set so that a
// correct implementation fails a run with probability about 1e-6. A fixed
// 4.5 sigma per check failed about one run in 700 (seed
// 6780137890116318862 with -short: bit 227 at 4.55 sigma). The faults
// this test is for stay far above the bound even with -short: a constant
// bit is at 31.6 sigma, a coset never reached at 11.9.
func TestHiddenKeyStatistics(t *testing.T) {
	n := 10000
	if testing.Short() {
		n = 1000
	}
	seed := hkSeed(t)
	src, peers := hkReader(seed), hkReader(seed^1)
	torsion := hkTorsion(t)
	var bits [256]int
	var cosets [8]int
	var signs [2]int
	for i := 0; i < n; i++ {
		priv, rep, err := GenerateHiddenKey(src)
		if err != nil {
			t.Fatal(err)
		}
		if len(priv) != 32 || len(rep) != 32 {
			t.Fatalf("lengths %d, %d", len(priv), len(rep))
		}
		for b := range 256 {
			bits[b] += int(rep[b/8] >> (b % 8) & 1)
		}
		p, err := new(edwards25519.Point).SetElligator2Representative(rep)
		if err != nil {
			t.Fatal(err)
		}
		signs[p.Bytes()[31]>>7]++
		lp := hkTimesOrder(t, p)
		coset := -1
		for j, tp := range torsion {
			if lp.Equal(tp) == 1 {
				coset = j
			}
		}
		if coset < 0 {
			t.Fatalf("l·P is not of order dividing 8")
		}
		cosets[coset]++

		pub, err := RepresentativeToPublicKey(rep)
		if err != nil {
			t.Fatal(err)
		}
		peer := make([]byte, 32)
		peers.Read(peer)
		peerPub := hkECDH(t, peer, Basepoint)
		want := hkECDH(t, priv, peerPub)
		if got := hkECDH(t, peer, pub); !bytes.Equal(got, want) {
			t.Fatalf("key %d: crypto/ecdh shared secrets differ: %x and %x", i, got, want)
		}
		got, err := X25519(peer, pub)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("key %d: X25519(peer, public key) = %x (%v), want %x", i, got, err, want)
		}
		if own, err := X25519(priv, peerPub); err != nil || !bytes.Equal(own, want) {
			t.Fatalf("key %d: the private key does not work with X25519", i)
		}
	}
	worst := 0.0
	check := func(what string, count int, prob float64) float64 {
		z := (float64(count) - float64(n)*prob) / math.Sqrt(float64(n)*prob*(1-prob))
		worst = max(worst, math.Abs(z))
		if math.Abs(z) > hkSigma {
			t.Errorf("%s: %d of %d, %.1f sigma from %.3f (bound %.2f)", what, count, n, z, prob, hkSigma)
		}
		return z
	}
	chi2 := 0.0
	for b, c := range bits {
		z := check("representative bit "+strconv.Itoa(b), c, 0.5)
		chi2 += z * z
	}
	worstBit := worst
	// Many small biases that no single bit shows add up in chi2, which has
	// 256 degrees of freedom for independent fair bits. Wilson-Hilferty:
	// (chi2/k)^(1/3) is close to normal with mean 1-2/(9k), variance 2/(9k).
	const k = 256.0
	if wh := (math.Cbrt(chi2/k) - (1 - 2/(9*k))) / math.Sqrt(2/(9*k)); wh > hkSigma {
		t.Errorf("representative bits: chi-square %.1f on %d degrees of freedom, %.1f sigma (bound %.2f)", chi2, int(k), wh, hkSigma)
	}
	for j, c := range cosets {
		check("coset "+strconv.Itoa(j), c, 0.125)
	}
	check("sign of x", signs[1], 0.5)
	t.Logf("%d keys: worst bit %.2f sigma; bits' chi-square %.1f; cosets %v; signs %v; worst overall %.2f sigma", n, worstBit, chi2, cosets, signs, worst)
}

// hkSigma is the two-sided normal quantile at which 266 checks together
// raise a false alarm with probability 1e-6 (Bonferroni): about 5.9.
var hkSigma = math.Sqrt2 * math.Erfcinv(1e-6/266)

// hkOneByte returns one byte per Read.
type hkOneByte struct{ r io.Reader }

func (o hkOneByte) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	return o.r.Read(p[:1])
}

// hkCounting counts the bytes read and fails after limit of them.
type hkCounting struct {
	r     io.Reader
	n     int
	limit int
	err   error
}

var errHKReader = errors.New("test reader failure")

func (c *hkCounting) Read(p []byte) (int, error) {
	if c.n >= c.limit {
		return 0, c.err
	}
	p = p[:min(len(p), c.limit-c.n)]
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// hkRepeat returns the same bytes forever.
type hkRepeat struct {
	b []byte
	i int
	n int
}

func (r *hkRepeat) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = r.b[r.i]
		r.i = (r.i + 1) % len(r.b)
	}
	r.n += len(p)
	return len(p), nil
}

func TestGenerateHiddenKeyReaders(t *testing.T) {
	seed := hkSeed(t)
	// One byte per Read gives exactly the keys of the same bytes in bulk.
	a1, a2, err := GenerateHiddenKey(hkReader(seed))
	b1, b2, errB := GenerateHiddenKey(hkOneByte{hkReader(seed)})
	if err != nil || errB != nil || !bytes.Equal(a1, b1) || !bytes.Equal(a2, b2) {
		t.Errorf("a one-byte reader gives %x %x (%v), want %x %x (%v)", b1, b2, errB, a1, a2, err)
	}
	// A nil reader reads crypto/rand.Reader: a key that works.
	priv, rep, err := GenerateHiddenKey(nil)
	if err != nil || len(priv) != ScalarSize || len(rep) != PointSize {
		t.Fatalf("nil reader: %x %x %v", priv, rep, err)
	}
	if pub, err := RepresentativeToPublicKey(rep); err != nil {
		t.Errorf("nil reader: the representative does not decode: %v", err)
	} else {
		// The hidden public key carries a low-order component, which a peer's
		// clamped scalar removes: both sides reach one shared secret.
		peer := bytes.Repeat([]byte{7}, ScalarSize)
		peerPub, _ := X25519(peer, Basepoint)
		ours, err1 := X25519(priv, peerPub)
		theirs, err2 := X25519(peer, pub)
		if err1 != nil || err2 != nil || !bytes.Equal(ours, theirs) {
			t.Errorf("nil reader: shared secrets %x (%v) and %x (%v) differ", ours, err1, theirs, err2)
		}
	}
	// A failing reader: its error (or ErrUnexpectedEOF mid-draw), nil keys.
	for _, limit := range []int{0, 10, 33} {
		r := &hkCounting{r: hkReader(seed), limit: limit, err: errHKReader}
		priv, rep, err := GenerateHiddenKey(r)
		if priv != nil || rep != nil || err == nil {
			t.Errorf("reader failing after %d bytes: %x %x %v", limit, priv, rep, err)
		}
		if limit == 0 && !errors.Is(err, errHKReader) {
			t.Errorf("reader failing at once: error %v, want the reader's", err)
		}
	}
	// A source that repeats one unrepresentable draw ends with an error
	// after 128 draws, instead of looping.
	draws := hkReader(seed ^ 2)
	for {
		draw := make([]byte, 34)
		draws.Read(draw)
		draw[33] = 0 // no low-order component, no negation
		s, _ := edwards25519.NewScalar().SetBytesWithClamping(draw[:32])
		if _, err := new(edwards25519.Point).ScalarBaseMult(s).Elligator2Representative(0); err == nil {
			continue
		}
		r := &hkRepeat{b: draw}
		priv, rep, err := GenerateHiddenKey(r)
		if priv != nil || rep != nil || !errors.Is(err, errHiddenKeyAttempts) {
			t.Errorf("a repeating source: %x %x %v", priv, rep, err)
		}
		if r.n != 34*maxHiddenKeyAttempts {
			t.Errorf("a repeating source: read %d bytes, want %d", r.n, 34*maxHiddenKeyAttempts)
		}
		break
	}
}

// TestRepresentativeToPublicKey: wrong lengths fail; the key is the u of
// the represented point, whatever the two top bits; and X25519 with it
// (the ladder, on points of every coset) equals the Edwards computation
// 8·((c/8)·P) for the clamped peer scalar c, and crypto/ecdh.
func TestRepresentativeToPublicKey(t *testing.T) { forEachLadder(t, testRepresentativeToPublicKey) }

func testRepresentativeToPublicKey(t *testing.T) {
	for _, n := range []int{0, 31, 33} {
		if pub, err := RepresentativeToPublicKey(make([]byte, n)); pub != nil || err == nil {
			t.Errorf("length %d: %x, %v", n, pub, err)
		}
	}
	r := hkReader(hkSeed(t))
	for i := 0; i < 200; i++ {
		rep := make([]byte, 32)
		r.Read(rep)
		repCopy := append([]byte{}, rep...)
		pub, err := RepresentativeToPublicKey(rep)
		if err != nil || !bytes.Equal(rep, repCopy) {
			t.Fatal(err)
		}
		p, _ := new(edwards25519.Point).SetElligator2Representative(rep)
		if !bytes.Equal(pub, p.BytesMontgomery()) {
			t.Fatalf("RepresentativeToPublicKey(%x) = %x, want %x", rep, pub, p.BytesMontgomery())
		}
		flipped := append([]byte{}, rep...)
		flipped[31] ^= 0xc0
		if other, _ := RepresentativeToPublicKey(flipped); !bytes.Equal(other, pub) {
			t.Fatal("the padding bits change the public key")
		}
		peer := make([]byte, 32)
		r.Read(peer)
		c := append([]byte{}, peer...)
		c[0] &= 248
		c[31] &= 127
		c[31] |= 64
		cOver8 := new(big.Int).Rsh(new(big.Int).SetBytes(hkReverse(c)), 3) // 2^251 + m < l
		want := new(edwards25519.Point).ScalarMult(hkScalar(t, cOver8), p)
		want.MultByCofactor(want)
		got, err := X25519(peer, pub)
		if err != nil || !bytes.Equal(got, want.BytesMontgomery()) || !bytes.Equal(got, hkECDH(t, peer, pub)) {
			t.Fatalf("X25519(%x, %x) = %x (%v), want %x", peer, pub, got, err, want.BytesMontgomery())
		}
	}
}

// TestRepresentativeToPublicKeyLowOrder: the representative 0 with each of
// the four paddings, and every representative of the eight low-order
// points, is accepted and gives a public key on which X25519 with a random
// private key returns errLowOrder.
func TestRepresentativeToPublicKeyLowOrder(t *testing.T) {
	forEachLadder(t, testRepresentativeToPublicKeyLowOrder)
}

func testRepresentativeToPublicKeyLowOrder(t *testing.T) {
	var reps [][]byte
	for _, pad := range []byte{0x00, 0x40, 0x80, 0xc0} {
		rep := make([]byte, 32)
		rep[31] = pad
		reps = append(reps, rep)
	}
	representable := 0
	for i := range lowOrder {
		rep, err := lowOrder[i].Elligator2Representative(0)
		if err != nil {
			continue
		}
		representable++
		reps = append(reps, rep)
		// Its negative, the other representative of the same u.
		var neg edwards25519.Point
		neg.Negate(&lowOrder[i])
		if rep, err := neg.Elligator2Representative(0xc0); err == nil {
			reps = append(reps, rep)
		}
	}
	if representable == 0 {
		t.Fatal("no low-order point is representable, not even the identity")
	}
	r := hkReader(hkSeed(t))
	for _, rep := range reps {
		pub, err := RepresentativeToPublicKey(rep)
		if err != nil {
			t.Fatalf("RepresentativeToPublicKey(%x): %v", rep, err)
		}
		peer := make([]byte, 32)
		r.Read(peer)
		if got, err := X25519(peer, pub); err != errLowOrder || got != nil {
			t.Errorf("representative %x, public key %x: X25519 gives %x, %v; want nil, %v", rep, pub, got, err, errLowOrder)
		}
	}
	t.Logf("%d of 8 low-order points representable, %d representatives checked", representable, len(reps))
}

func hkReverse(b []byte) []byte {
	out := make([]byte, len(b))
	for i := range b {
		out[len(b)-1-i] = b[i]
	}
	return out
}

// TestLowOrderTable: the table holds the eight points of order dividing 8,
// lowOrder[1] of order exactly 8, and selectLowOrder reads every entry.
func TestLowOrderTable(t *testing.T) {
	torsion := hkTorsion(t)
	id := edwards25519.NewIdentityPoint()
	for i := range lowOrder {
		found := 0
		for _, tp := range torsion {
			found += lowOrder[i].Equal(tp)
		}
		if found != 1 {
			t.Errorf("lowOrder[%d] = %x is not one of the torsion points", i, lowOrder[i].Bytes())
		}
		for j := 0; j < i; j++ {
			if lowOrder[i].Equal(&lowOrder[j]) == 1 {
				t.Errorf("lowOrder[%d] = lowOrder[%d]", i, j)
			}
		}
		if selectLowOrder(byte(i)).Equal(&lowOrder[i]) != 1 {
			t.Errorf("selectLowOrder(%d) is not lowOrder[%d]", i, i)
		}
	}
	four := new(edwards25519.Point).Double(&lowOrder[1])
	if four.Double(four).Equal(id) == 1 {
		t.Error("lowOrder[1] does not have order 8")
	}
}

// TestGenerateHiddenKeyDraw reads back one draw: the 32 key bytes, the
// tweak byte whose bits 6 and 7 become the padding, and the choice byte
// whose bits 0-2 pick the low-order point and bit 3 the sign. The
// representative must stand for ±(k·B + lowOrder[i]) exactly, for every
// choice, since P and -P are representable together.
func TestGenerateHiddenKeyDraw(t *testing.T) {
	r := hkReader(hkSeed(t))
	tested := 0
	for tested < 8 {
		draw := make([]byte, 34)
		r.Read(draw)
		i := draw[33] & 7
		s, _ := edwards25519.NewScalar().SetBytesWithClamping(draw[:32])
		want := new(edwards25519.Point).ScalarBaseMult(s)
		want.Add(want, &lowOrder[i])
		if _, err := want.Elligator2Representative(0); err != nil {
			continue // this draw would be discarded
		}
		tested++
		for _, sign := range []byte{0, 8} {
			d := append([]byte{}, draw...)
			d[33] = d[33]&^8 | sign
			priv, rep, err := GenerateHiddenKey(bytes.NewReader(d))
			if err != nil || !bytes.Equal(priv, draw[:32]) {
				t.Fatalf("draw %x: %x, %v", d, priv, err)
			}
			if rep[31]&0xc0 != draw[32]&0xc0 {
				t.Errorf("padding bits %x, want %x", rep[31]&0xc0, draw[32]&0xc0)
			}
			p, _ := new(edwards25519.Point).SetElligator2Representative(rep)
			w := new(edwards25519.Point).Set(want)
			if sign != 0 {
				w.Negate(w)
			}
			if p.Equal(w) != 1 {
				t.Errorf("draw with low-order index %d, sign bit %d: the representative stands for another point", i, sign>>3)
			}
		}
	}
}

// representableKey reports whether the public point k·B of the X25519 key
// k (no low-order component, no negation) has an Elligator 2
// representative, decided without this module: u from crypto/ecdh, then
// whether -2u(u + 486662) is a non-zero square mod p (Euler's criterion via
// the Jacobi symbol).
func representableKey(t *testing.T, key []byte) bool {
	t.Helper()
	priv, err := ecdh.X25519().NewPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	u := bigLE(priv.PublicKey().Bytes())
	w := new(big.Int).Add(u, bigA)
	w.Mul(w, u).Mul(w, big.NewInt(-2)).Mod(w, bigP)
	return w.Sign() != 0 && big.Jacobi(w, bigP) == 1
}

// TestGenerateHiddenKeyAttemptLimit checks the documented bound of 128
// draws: a source whose first 127 draws are unrepresentable and whose 128th
// is representable gives the 128th key, and one with 128 unrepresentable
// draws gives up with the attempts error after reading exactly those 128
// draws, whatever follows.
func TestGenerateHiddenKeyAttemptLimit(t *testing.T) {
	src := hkReader(hkSeed(t) ^ 3)
	var good, bad []byte
	for good == nil || bad == nil {
		d := make([]byte, 34)
		src.Read(d)
		d[33] = 0 // choice: no low-order component, no negation
		if representableKey(t, d[:32]) {
			if good == nil {
				good = d
			}
		} else if bad == nil {
			bad = d
		}
	}
	for _, nBad := range []int{127, 128} {
		in := append(bytes.Repeat(bad, nBad), good...)
		rd := bytes.NewReader(in)
		priv, rep, err := GenerateHiddenKey(rd)
		consumed := len(in) - rd.Len()
		if nBad < 128 {
			if err != nil || !bytes.Equal(priv, good[:32]) {
				t.Fatalf("%d bad draws then a good one: %x, %v; want the good key", nBad, priv, err)
			}
			if consumed != len(in) {
				t.Errorf("%d bad draws then a good one: read %d bytes, want %d", nBad, consumed, len(in))
			}
			// With choice 0 the represented point is k·B itself.
			pub, err := RepresentativeToPublicKey(rep)
			want, _ := ecdh.X25519().NewPrivateKey(good[:32])
			if err != nil || !bytes.Equal(pub, want.PublicKey().Bytes()) {
				t.Errorf("the representative gives %x (%v), want %x", pub, err, want.PublicKey().Bytes())
			}
			continue
		}
		if priv != nil || rep != nil || !errors.Is(err, errHiddenKeyAttempts) {
			t.Fatalf("%d bad draws: %x %x %v; want the attempts error", nBad, priv, rep, err)
		}
		if consumed != 34*128 {
			t.Errorf("%d bad draws: read %d bytes, want %d", nBad, consumed, 34*128)
		}
	}
}
