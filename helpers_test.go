package edwards25519

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"testing"

	ref "filippo.io/edwards25519"

	"github.com/seed06d4b90c/edwards25519/field"
	"github.com/seed06d4b90c/edwards25519/internal/testrand"
)

// The random-input helpers of the package's tests, and their one seed.
// Every random test takes its source from ptRand, which reads
// EDWARDS25519_SEED when it is set and logs the seed either way, so that a
// failure can be replayed; the other helpers draw from that source and mix
// in edge values.

// ptRand returns a source seeded by testrand.Seed: EDWARDS25519_SEED (in
// decimal, or hexadecimal with 0x) replays a run, and a random seed is
// drawn without it.
func ptRand(t testing.TB) *rand.Rand {
	t.Helper()
	return testrand.New(t, 0x9e3779b97f4a7c15)
}

// ptBytes returns n random bytes from r.
func ptBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// ptPow2 returns 2^n.
func ptPow2(n uint) *big.Int { return new(big.Int).Lsh(big.NewInt(1), n) }

// groupOrder is l, the order of the prime-order subgroup.
var groupOrder, _ = new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)

// ptScalarFromBig returns the Scalar equal to k mod l.
func ptScalarFromBig(t testing.TB, k *big.Int) *Scalar {
	t.Helper()
	k = new(big.Int).Mod(k, groupOrder)
	var buf [32]byte
	k.FillBytes(buf[:])
	for i := 0; i < 16; i++ {
		buf[i], buf[31-i] = buf[31-i], buf[i]
	}
	s, err := new(Scalar).SetCanonicalBytes(buf[:])
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// ptEdgeScalars are 0, 1, 2, 8, 15, 16, l-1, l-2, 2^252, 2^252-1 and l/2
// (rounded down), and the 63-digit hexadecimal values whose digits are all
// 8 or all 7: small values, the ends of the range, and long runs of equal
// radix-16 digits.
func ptEdgeScalars(t testing.TB) []*Scalar {
	var out []*Scalar
	for _, k := range []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(8), big.NewInt(15), big.NewInt(16),
		new(big.Int).Sub(groupOrder, big.NewInt(1)),
		new(big.Int).Sub(groupOrder, big.NewInt(2)),
		new(big.Int).Lsh(big.NewInt(1), 252),
		new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 252), big.NewInt(1)),
		new(big.Int).Div(groupOrder, big.NewInt(2)),
	} {
		out = append(out, ptScalarFromBig(t, k))
	}
	// All radix-16 digits 8 (…888) and all -8 equivalents, reduced.
	eights, _ := new(big.Int).SetString("888888888888888888888888888888888888888888888888888888888888888", 16)
	out = append(out, ptScalarFromBig(t, eights))
	sevens, _ := new(big.Int).SetString("777777777777777777777777777777777777777777777777777777777777777", 16)
	out = append(out, ptScalarFromBig(t, sevens))
	return out
}

// ptRandomScalar returns a uniformly random scalar.
func ptRandomScalar(r *rand.Rand) *Scalar {
	var b [64]byte
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	s, _ := new(Scalar).SetUniformBytes(b[:])
	return s
}

// ptTorsion returns the 8 points of order dividing 8, computed here as l·P
// for random P (which kills the prime-order part) until a point of order
// exactly 8 appears, then its multiples.
func ptTorsion(t testing.TB, r *rand.Rand) []*Point {
	t.Helper()
	for tries := 0; tries < 64; tries++ {
		var enc [32]byte
		for i := range enc {
			enc[i] = byte(r.Uint32())
		}
		p, err := new(Point).SetBytes(enc[:])
		if err != nil {
			continue
		}
		// l·p by double-and-add over the bits of l, using only Add/Double.
		q := NewIdentityPoint()
		for i := groupOrder.BitLen() - 1; i >= 0; i-- {
			q.Double(q)
			if groupOrder.Bit(i) == 1 {
				q.Add(q, p)
			}
		}
		four := new(Point).Double(q)
		four.Double(four)
		if four.Equal(NewIdentityPoint()) == 1 {
			continue // order < 8
		}
		out := []*Point{NewIdentityPoint()}
		for i := 1; i < 8; i++ {
			out = append(out, new(Point).Add(out[i-1], q))
		}
		if new(Point).Add(out[7], q).Equal(NewIdentityPoint()) != 1 {
			t.Fatal("torsion point does not have order 8")
		}
		return out
	}
	t.Fatal("no point of order 8 found")
	return nil
}

// ptPoints returns random points (k·B, plus a torsion component for some),
// the identity, B, and the torsion points.
func ptPoints(t testing.TB, r *rand.Rand, n int) []*Point {
	torsion := ptTorsion(t, r)
	out := []*Point{NewIdentityPoint(), NewGeneratorPoint()}
	out = append(out, torsion...)
	for len(out) < n {
		p := new(Point).ScalarBaseMult(ptRandomScalar(r))
		if r.IntN(2) == 0 {
			p.Add(p, torsion[r.IntN(8)])
		}
		out = append(out, p)
	}
	return out
}

func toRefPoint(t testing.TB, p *Point) *ref.Point {
	t.Helper()
	q, err := new(ref.Point).SetBytes(p.Bytes())
	if err != nil {
		t.Fatalf("reference rejects our encoding %x: %v", p.Bytes(), err)
	}
	return q
}

func toRefScalar(t testing.TB, s *Scalar) *ref.Scalar {
	t.Helper()
	q, err := new(ref.Scalar).SetCanonicalBytes(s.Bytes())
	if err != nil {
		t.Fatalf("reference rejects our scalar %x: %v", s.Bytes(), err)
	}
	return q
}

func samePoint(t testing.TB, what string, got *Point, want *ref.Point) {
	t.Helper()
	if g, w := got.Bytes(), want.Bytes(); !bytes.Equal(g, w) {
		t.Errorf("%s: got %x, want %x", what, g, w)
	}
}

// ptTerms draws n multi-scalar terms, every third scalar an edge one, and
// returns them for both libraries.
func ptTerms(t testing.TB, r *rand.Rand, n int, pts []*Point, edge []*Scalar) ([]*Scalar, []*Point, []*ref.Scalar, []*ref.Point) {
	var ss []*Scalar
	var ps []*Point
	var rss []*ref.Scalar
	var rps []*ref.Point
	for k := 0; k < n; k++ {
		s := ptRandomScalar(r)
		if k%3 == 0 {
			s = edge[r.IntN(len(edge))]
		}
		p := pts[r.IntN(len(pts))]
		ss, ps = append(ss, s), append(ps, p)
		rss, rps = append(rss, toRefScalar(t, s)), append(rps, toRefPoint(t, p))
	}
	return ss, ps, rss, rps
}

// ptEncodings returns edge encodings: every y in [p, 2^255) (the
// non-canonical ones, which are y-p for small y), y = 0, 1, p-1 with both
// sign bits, and random bytes.
func ptEncodings(r *rand.Rand) [][]byte {
	var out [][]byte
	le := func(v *big.Int, sign byte) []byte {
		var b [32]byte
		v.FillBytes(b[:])
		for i := 0; i < 16; i++ {
			b[i], b[31-i] = b[31-i], b[i]
		}
		b[31] |= sign << 7
		return b[:]
	}
	p := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	for k := int64(0); k < 19; k++ {
		for sign := byte(0); sign < 2; sign++ {
			out = append(out, le(new(big.Int).Add(p, big.NewInt(k)), sign))
			out = append(out, le(big.NewInt(k), sign))
			out = append(out, le(new(big.Int).Sub(p, big.NewInt(k+1)), sign))
		}
	}
	for i := 0; i < 2000; i++ {
		b := make([]byte, 32)
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		out = append(out, b)
	}
	return out
}

// ptScaled returns p with every coordinate multiplied by a random nonzero
// λ < 2^254: the same point in other coordinates.
func ptScaled(t testing.TB, r *rand.Rand, p *Point) *Point {
	t.Helper()
	var b [32]byte
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	b[31] &= 0x3f
	b[0] |= 1
	l, err := new(field.Element).SetBytes(b[:])
	if err != nil {
		t.Fatal(err)
	}
	q := new(Point)
	q.x.Multiply(&p.x, l)
	q.y.Multiply(&p.y, l)
	q.z.Multiply(&p.z, l)
	q.t.Multiply(&p.t, l)
	return q
}

// ptElemBig returns the canonical value of e.
func ptElemBig(e *field.Element) *big.Int { return new(big.Int).SetBytes(reverse(e.Bytes())) }

func reverse(b []byte) []byte {
	out := make([]byte, len(b))
	for i := range b {
		out[len(b)-1-i] = b[i]
	}
	return out
}

// ptScalars returns the edge scalars (ptEdgeScalars, plus all-ones and
// alternating patterns, reduced) followed by n random ones.
func ptScalars(t testing.TB, r *rand.Rand, n int) []*Scalar {
	out := ptEdgeScalars(t)
	for _, bits := range []uint{253, 255, 256} {
		ones := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), bits), big.NewInt(1))
		out = append(out, ptScalarFromBig(t, ones))
	}
	fs, _ := new(big.Int).SetString("f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f", 16)
	out = append(out, ptScalarFromBig(t, fs))
	for range n {
		out = append(out, ptRandomScalar(r))
	}
	return out
}

// ptEdgeBigs are interesting scalar values (they are reduced mod l
// where used as Scalars).
func ptEdgeBigs() []*big.Int {
	l := groupOrder
	sub := func(a *big.Int, k int64) *big.Int { return new(big.Int).Sub(a, big.NewInt(k)) }
	add := func(a *big.Int, k int64) *big.Int { return new(big.Int).Add(a, big.NewInt(k)) }
	half := new(big.Int).Rsh(l, 1)
	c := sub(l, 0)
	c.Sub(c, ptPow2(252))
	return []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(8),
		sub(l, 1), sub(l, 2), sub(l, 8), half, add(half, 1),
		sub(ptPow2(252), 1), ptPow2(252), add(ptPow2(252), 1),
		c, sub(c, 1), add(c, 1),
		sub(ptPow2(64), 1), ptPow2(64), sub(ptPow2(128), 1),
		ptPow2(128), sub(ptPow2(192), 1), ptPow2(192),
		sub(ptPow2(125), 1), ptPow2(126),
	}
}

// ptRandomBig returns a random value below 2^bits with a bias towards
// long runs of ones and zeros, which stress carries.
func ptRandomBig(r *rand.Rand, bits int) *big.Int {
	v := new(big.Int)
	switch r.IntN(4) {
	case 0: // uniform
		for i := 0; i < (bits+63)/64; i++ {
			v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(r.Uint64()))
		}
	default: // runs of equal bits
		bit := uint(r.IntN(2))
		for i := 0; i < bits; i++ {
			if r.IntN(16) == 0 {
				bit ^= 1
			}
			v.SetBit(v, i, bit)
		}
	}
	return v.Mod(v, ptPow2(uint(bits)))
}

// ptScalarPairs returns the edge scalars followed by n random ones (mod
// l), as big.Int and Scalar pairs.
func ptScalarPairs(t testing.TB, r *rand.Rand, n int) ([]*big.Int, []*Scalar) {
	t.Helper()
	var bs []*big.Int
	for _, v := range ptEdgeBigs() {
		bs = append(bs, new(big.Int).Mod(v, groupOrder))
	}
	for i := 0; i < n; i++ {
		bs = append(bs, new(big.Int).Mod(ptRandomBig(r, 253), groupOrder))
	}
	ss := make([]*Scalar, len(bs))
	for i, v := range bs {
		ss[i] = ptScalarFromBig(t, v)
	}
	return bs, ss
}
