package edwards25519

import (
	"encoding/hex"
	"encoding/json"
	"math/big"
	"path/filepath"
	"testing"

	ref "filippo.io/edwards25519"

	"github.com/seed06d4b90c/edwards25519/field"
	"github.com/seed06d4b90c/edwards25519/internal/testvectors"
)

// Tests of IsSmallOrder and IsTorsionFree. The expected answers come from
// filippo.io/edwards25519: [8]P (MultByCofactor) and [l]P, computed as
// [l-1]P + P since l itself is not a Scalar, compared with the identity.

var (
	sgP = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	// sgD = -121665/121666 mod p.
	sgD = func() *big.Int {
		d := new(big.Int).ModInverse(big.NewInt(121666), sgP)
		d.Mul(d, big.NewInt(-121665))
		return d.Mod(d, sgP)
	}()
	// sgL is the order of B, 2^252 + 27742317777372353535851937790883648493.
	sgL = new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 252), func() *big.Int {
		c, _ := new(big.Int).SetString("27742317777372353535851937790883648493", 10)
		return c
	}())
	// sgSqrtM1 = 2^((p-1)/4), a square root of -1 since 2 is not a square.
	sgSqrtM1 = new(big.Int).Exp(big.NewInt(2), new(big.Int).Rsh(new(big.Int).Sub(sgP, big.NewInt(1)), 2), sgP)
)

// sgEncode returns the RFC 8032 encoding of the affine point (x, y).
func sgEncode(x, y *big.Int) []byte {
	b := new(big.Int).Mod(y, sgP).FillBytes(make([]byte, 32))
	for i := 0; i < 16; i++ {
		b[i], b[31-i] = b[31-i], b[i]
	}
	b[31] |= byte(new(big.Int).Mod(x, sgP).Bit(0) << 7)
	return b
}

// sgOnCurve reports whether -x² + y² = 1 + d·x²·y² (mod p).
func sgOnCurve(x, y *big.Int) bool {
	x2 := new(big.Int).Mul(x, x)
	y2 := new(big.Int).Mul(y, y)
	lhs := new(big.Int).Sub(y2, x2)
	rhs := new(big.Int).Mul(sgD, new(big.Int).Mul(x2, y2))
	rhs.Add(rhs, big.NewInt(1))
	return lhs.Sub(lhs, rhs).Mod(lhs, sgP).Sign() == 0
}

// sgTorsionPoint is a point of E[8] derived from its coordinates, with the
// order the reference finds for it.
type sgTorsionPoint struct {
	enc   []byte
	order int
}

// sgDerivedTorsion derives the eight points of order dividing 8 from the
// equations of subgroup.go ("Small order"), with math/big: x = 0 (the
// identity and (0, -1)), y = 0 (x = ±√-1), and y = ±√-1·x with
// -2x² = 1 - d·x⁴, that is x² = (1 ± √(1 + d))/d, for the root that is a
// square. It checks each point's order with the reference.
func sgDerivedTorsion(t testing.TB) []sgTorsionPoint {
	t.Helper()
	zero, one := big.NewInt(0), big.NewInt(1)
	pMinus1 := new(big.Int).Sub(sgP, one)
	coords := [][2]*big.Int{{zero, one}, {zero, pMinus1}, {sgSqrtM1, zero}, {new(big.Int).Sub(sgP, sgSqrtM1), zero}}

	onePlusD := new(big.Int).Add(sgD, one)
	s := new(big.Int).ModSqrt(onePlusD, sgP)
	if s == nil {
		t.Fatal("1 + d is not a square")
	}
	invD := new(big.Int).ModInverse(sgD, sgP)
	roots := 0
	for _, sign := range []int64{1, -1} {
		x2 := new(big.Int).Mul(s, big.NewInt(sign))
		x2.Add(x2, one).Mul(x2, invD).Mod(x2, sgP)
		x := new(big.Int).ModSqrt(x2, sgP)
		if x == nil {
			continue
		}
		roots++
		for _, xs := range []*big.Int{x, new(big.Int).Sub(sgP, x)} {
			ix := new(big.Int).Mul(sgSqrtM1, xs)
			ix.Mod(ix, sgP)
			coords = append(coords, [2]*big.Int{xs, ix}, [2]*big.Int{xs, new(big.Int).Sub(sgP, ix)})
		}
	}
	if roots != 1 {
		t.Fatalf("%d of the two values of x² are squares, want exactly 1", roots)
	}

	var out []sgTorsionPoint
	seen := map[string]bool{}
	orders := map[int]int{}
	for _, c := range coords {
		if !sgOnCurve(c[0], c[1]) {
			t.Fatalf("derived torsion point (%v, %v) is not on the curve", c[0], c[1])
		}
		enc := sgEncode(c[0], c[1])
		P, err := new(ref.Point).SetBytes(enc)
		if err != nil {
			t.Fatalf("reference rejects derived torsion point %x: %v", enc, err)
		}
		order := 0
		Q := new(ref.Point).Set(P)
		for k := 1; k <= 8; k *= 2 {
			if Q.Equal(ref.NewIdentityPoint()) == 1 {
				order = k
				break
			}
			Q.Add(Q, Q)
		}
		if order == 0 {
			t.Fatalf("derived torsion point %x: 8·P is not the identity", enc)
		}
		if seen[string(enc)] {
			t.Fatalf("derived torsion point %x twice", enc)
		}
		seen[string(enc)] = true
		orders[order]++
		out = append(out, sgTorsionPoint{enc, order})
	}
	if len(out) != 8 || orders[1] != 1 || orders[2] != 1 || orders[4] != 2 || orders[8] != 4 {
		t.Fatalf("derived %d torsion points with orders %v, want 8 with orders 1:1 2:1 4:2 8:4", len(out), orders)
	}
	return out
}

// sgLMinus1 is l - 1 as a reference Scalar.
var sgLMinus1 = func() *ref.Scalar {
	b := new(big.Int).Sub(sgL, big.NewInt(1)).FillBytes(make([]byte, 32))
	for i := 0; i < 16; i++ {
		b[i], b[31-i] = b[31-i], b[i]
	}
	s, err := new(ref.Scalar).SetCanonicalBytes(b)
	if err != nil {
		panic(err)
	}
	return s
}()

// sgReference returns what the reference says about P: whether [8]P and
// whether [l]P = [l-1]P + P are the identity.
func sgReference(P *ref.Point) (small, torsionFree int) {
	id := ref.NewIdentityPoint()
	small = new(ref.Point).MultByCofactor(P).Equal(id)
	lP := new(ref.Point).ScalarMult(sgLMinus1, P)
	torsionFree = lP.Add(lP, P).Equal(id)
	return small, torsionFree
}

// sgCheck compares both tests on p with the reference, checks that p is
// not modified, and returns the reference's answers.
func sgCheck(t *testing.T, what string, p *Point) (small, torsionFree int) {
	t.Helper()
	refP, err := new(ref.Point).SetBytes(p.Bytes())
	if err != nil {
		t.Fatalf("%s: the reference rejects %x: %v", what, p.Bytes(), err)
	}
	small, torsionFree = sgReference(refP)
	before := *p
	if got := p.IsSmallOrder(); got != small {
		t.Errorf("%s: IsSmallOrder = %d, [8]P = O is %d (reference)", what, got, small)
	}
	if got := p.IsTorsionFree(); got != torsionFree {
		t.Errorf("%s: IsTorsionFree = %d, [l]P = O is %d (reference)", what, got, torsionFree)
	}
	if p.x != before.x || p.y != before.y || p.z != before.z || p.t != before.t {
		t.Errorf("%s: the receiver was modified", what)
	}
	return small, torsionFree
}

// sgRescaled returns p with its extended coordinates multiplied by a
// random λ ≠ 0: the same point in another representation.
func sgRescaled(t *testing.T, p *Point, lambda *field.Element) *Point {
	t.Helper()
	X, Y, Z, T := p.ExtendedCoordinates()
	X.Multiply(X, lambda)
	Y.Multiply(Y, lambda)
	Z.Multiply(Z, lambda)
	T.Multiply(T, lambda)
	q, err := new(Point).SetExtendedCoordinates(X, Y, Z, T)
	if err != nil {
		t.Fatalf("rescaled coordinates rejected: %v", err)
	}
	return q
}

func TestSubgroupTorsionPoints(t *testing.T) {
	derived := sgDerivedTorsion(t)
	fromLibrary := map[string]bool{}
	for _, q := range ptTorsion(t, ptRand(t)) {
		fromLibrary[string(q.Bytes())] = true
	}
	for _, tp := range derived {
		if !fromLibrary[string(tp.enc)] {
			t.Errorf("derived torsion point %x is not among the l·P of ptTorsion", tp.enc)
		}
		p, err := new(Point).SetBytes(tp.enc)
		if err != nil {
			t.Fatalf("SetBytes(%x): %v", tp.enc, err)
		}
		what := "torsion point of order " + string(rune('0'+tp.order))
		small, free := sgCheck(t, what, p)
		if small != 1 || free != sgBool(tp.order == 1) {
			t.Errorf("%s: reference says small=%d torsion-free=%d", what, small, free)
		}
		// Other representations change the square root σ that
		// IsTorsionFree takes, and with it which preimage P' it uses:
		// for the points of order 4, S or another point of M' (see
		// "Exceptions" in subgroup.go).
		for k := uint32(2); k < 34; k++ {
			var lambda field.Element
			lambda.Mult32(lambda.One(), k)
			sgCheck(t, what+", rescaled", sgRescaled(t, p, &lambda))
		}
	}
}

func sgBool(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestSubgroupCosets adds each of the eight torsion points to random
// points of the prime-order subgroup and to the multiples of B by the edge
// scalars (0 among them), in several representations, so that every coset
// of 8E is covered.
func TestSubgroupCosets(t *testing.T) {
	r := ptRand(t)
	derived := sgDerivedTorsion(t)
	var bases []*Point
	for _, s := range ptEdgeScalars(t) {
		bases = append(bases, new(Point).ScalarBaseMult(s))
	}
	n := 40
	if testing.Short() {
		n = 10
	}
	for range n {
		bases = append(bases, new(Point).ScalarBaseMult(ptRandomScalar(r)))
	}
	var lambda field.Element
	counts := map[[2]int]int{}
	for i, q := range bases {
		for _, tp := range derived {
			T, _ := new(Point).SetBytes(tp.enc)
			P := new(Point).Add(q, T)
			wantFree := sgBool(tp.order == 1)
			small, free := sgCheck(t, "B-multiple + torsion", P)
			if free != wantFree {
				t.Fatalf("base %d, torsion order %d: the reference says torsion-free=%d", i, tp.order, free)
			}
			counts[[2]int{small, free}]++
			if _, err := lambda.SetBytes(sgRandomBytes(r)); err != nil || lambda.Equal(new(field.Element)) == 1 {
				lambda.One()
			}
			sgCheck(t, "rescaled", sgRescaled(t, P, &lambda))
			sgCheck(t, "negated", new(Point).Negate(P))
		}
	}
	// Every kind of answer occurred: small and free (the identity), small
	// and not free, free and not small, neither.
	for _, k := range [][2]int{{1, 1}, {1, 0}, {0, 1}, {0, 0}} {
		if counts[k] == 0 {
			t.Errorf("no point with small=%d torsion-free=%d", k[0], k[1])
		}
	}
	t.Logf("%d points by (small, torsion-free): %v", len(bases)*8, counts)
}

func sgRandomBytes(r interface{ Uint32() uint32 }) []byte {
	b := make([]byte, 32)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// TestSubgroupRandomEncodings decodes random and edge encodings, which
// land in every coset with the frequencies of the group.
func TestSubgroupRandomEncodings(t *testing.T) {
	r := ptRand(t)
	decoded, free := 0, 0
	for _, enc := range ptEncodings(r) {
		p, err := new(Point).SetBytes(enc)
		if err != nil {
			continue
		}
		decoded++
		_, f := sgCheck(t, "decoded "+hex.EncodeToString(enc), p)
		free += f
	}
	// About one decodable point in eight is torsion-free.
	if decoded < 500 || free < decoded/16 || free > decoded/4 {
		t.Errorf("%d of %d decoded points torsion-free: not the expected one in eight", free, decoded)
	}
	t.Logf("%d decoded points, %d torsion-free", decoded, free)
	for _, p := range ptPoints(t, r, 64) {
		sgCheck(t, "ptPoints", p)
	}
}

// TestSubgroupVectorPoints runs the points of the ed25519vectors and
// Wycheproof Ed25519 data (public keys and R, those that decode) through
// both tests.
func TestSubgroupVectorPoints(t *testing.T) {
	t.Run("ed25519vectors", func(t *testing.T) {
		var vectors []struct{ A, R string }
		if err := json.Unmarshal(svFetchEd25519Vectors(t), &vectors); err != nil {
			t.Fatalf("parsing ed25519vectors.json: %v", err)
		}
		var encs []string
		for _, v := range vectors {
			encs = append(encs, v.A, v.R)
		}
		sgRunEncodings(t, encs, 2*svVectorsCount)
	})
	t.Run("wycheproof", func(t *testing.T) {
		path := filepath.Join(svWycheproofDir, "ed25519_test.json")
		data := testvectors.Read(t, path)
		var file struct {
			TestGroups []struct {
				PublicKey struct{ Pk string } `json:"publicKey"`
				Tests     []struct{ Sig string }
			} `json:"testGroups"`
		}
		if err := json.Unmarshal(data, &file); err != nil {
			t.Fatalf("parsing %s: %v", path, err)
		}
		var encs []string
		for _, g := range file.TestGroups {
			encs = append(encs, g.PublicKey.Pk)
			for _, tc := range g.Tests {
				if len(tc.Sig) >= 64 {
					encs = append(encs, tc.Sig[:64])
				}
			}
		}
		sgRunEncodings(t, encs, 100)
	})
}

// sgRunEncodings checks every hex encoding that SetBytes accepts, at
// least min of them.
func sgRunEncodings(t *testing.T, encs []string, min int) {
	decoded := 0
	kinds := map[[2]int]int{}
	for _, h := range encs {
		enc, err := hex.DecodeString(h)
		if err != nil || len(enc) != 32 {
			continue
		}
		p, err := new(Point).SetBytes(enc)
		if err != nil {
			continue
		}
		decoded++
		small, free := sgCheck(t, h, p)
		kinds[[2]int{small, free}]++
	}
	if decoded < min {
		t.Errorf("only %d points decoded, want at least %d", decoded, min)
	}
	t.Logf("%d points, by (small, torsion-free): %v", decoded, kinds)
}

// TestSubgroupConstants checks the constants of subgroup.go with math/big:
// c² = -(A+2), r² = A+2 and r(r - 2) not a square (Euler's criterion).
func TestSubgroupConstants(t *testing.T) {
	toBig := func(e *field.Element) *big.Int {
		b := e.Bytes()
		for i := 0; i < 16; i++ {
			b[i], b[31-i] = b[31-i], b[i]
		}
		return new(big.Int).SetBytes(b)
	}
	e1 := big.NewInt(486664)
	c := toBig(&isogenyC)
	if got := new(big.Int).Mul(c, c); got.Add(got, e1).Mod(got, sgP).Sign() != 0 {
		t.Error("c² ≠ -486664")
	}
	rr := toBig(&isogenyRMinus2)
	rr.Add(rr, big.NewInt(2))
	if got := new(big.Int).Mul(rr, rr); got.Sub(got, e1).Mod(got, sgP).Sign() != 0 {
		t.Error("r² ≠ 486664")
	}
	u := new(big.Int).Mul(rr, new(big.Int).Sub(rr, big.NewInt(2)))
	u.Mod(u, sgP)
	if big.Jacobi(u, sgP) != -1 {
		t.Error("r(r - 2) is a square")
	}
	// And the facts step 5 rests on: A + 2 a square, A - 2 not.
	if big.Jacobi(e1, sgP) != 1 || big.Jacobi(big.NewInt(486660), sgP) != -1 {
		t.Error("486664 should be a square and 486660 not")
	}
}

// TestSqrtEitherSign checks IsTorsionFree's square root against math/big:
// the bit is Euler's criterion (big.Jacobi), and for a square the root
// squares back to u. Inputs: 0, ±1, ±√-1, squares, and random elements.
func TestSqrtEitherSign(t *testing.T) {
	r := ptRand(t)
	var inputs []field.Element
	var e field.Element
	inputs = append(inputs, field.Element{}, *e.One(), *new(field.Element).Negate(e.One()),
		sqrtMinusOne, *new(field.Element).Negate(&sqrtMinusOne))
	for range 300 {
		var b [32]byte
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		if _, err := e.SetBytes(b[:]); err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, e, *new(field.Element).Square(&e))
	}
	for _, u := range inputs {
		var root field.Element
		got := sqrtEitherSign(&root, &u)
		ub := ptElemBig(&u)
		want := 0
		if ub.Sign() == 0 || big.Jacobi(ub, sgP) == 1 {
			want = 1
		}
		if got != want {
			t.Fatalf("sqrtEitherSign(%x) = %d, want %d", u.Bytes(), got, want)
		}
		if got == 1 {
			if sq := new(field.Element).Square(&root); sq.Equal(&u) != 1 {
				t.Fatalf("sqrtEitherSign(%x): root %x does not square to u", u.Bytes(), root.Bytes())
			}
		}
		// And it agrees with SqrtRatio(u, 1).
		if _, ok := new(field.Element).SqrtRatio(&u, new(field.Element).One()); ok != got {
			t.Fatalf("sqrtEitherSign(%x) = %d, SqrtRatio says %d", u.Bytes(), got, ok)
		}
	}
}

func TestSubgroupAllocations(t *testing.T) {
	p := NewGeneratorPoint()
	var sink int
	for name, f := range map[string]func(){
		"IsSmallOrder":  func() { sink += p.IsSmallOrder() },
		"IsTorsionFree": func() { sink += p.IsTorsionFree() },
	} {
		if n := testing.AllocsPerRun(20, f); n != 0 {
			t.Errorf("%s allocates %v times", name, n)
		}
	}
	_ = sink
}

func TestSubgroupUninitialized(t *testing.T) {
	for name, f := range map[string]func(*Point) int{
		"IsSmallOrder":  (*Point).IsSmallOrder,
		"IsTorsionFree": (*Point).IsTorsionFree,
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s on the zero Point does not panic", name)
				}
			}()
			f(new(Point))
		}()
	}
}
