package edwards25519

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"math/big"
	"runtime"
	"testing"
	"unsafe"

	ref "filippo.io/edwards25519"
	reffield "filippo.io/edwards25519/field"

	"github.com/seed06d4b90c/edwards25519/field"
)

// Cross-package checks: the whole API against filippo.io/edwards25519 v1.2.0
// as an independent oracle, plus the algebraic facts the group must obey.

// TestAPISignatures compiles a use of every exported identifier of v1.2.0
// with its exact type, so a signature drift is a build failure.
func TestAPISignatures(t *testing.T) {
	var (
		_ func() *Point                        = NewIdentityPoint
		_ func() *Point                        = NewGeneratorPoint
		_ func(*Point, *Point) *Point          = (*Point).Set
		_ func(*Point, []byte) (*Point, error) = (*Point).SetBytes
		_ func(*Point) []byte                  = (*Point).Bytes
		_ func(*Point) []byte                  = (*Point).BytesMontgomery

		// Beyond v1.2.0: the Montgomery side, hashing, subgroups, strict
		// decoding (issues 11, 12 and 13), with the signatures the issues fix.
		_ func(*Point, []byte, int) (*Point, error)                                                    = (*Point).SetMontgomeryBytes
		_ func(*Point, *field.Element) *Point                                                          = (*Point).SetElligator2
		_ func(*Point, []byte, []byte) (*Point, error)                                                 = (*Point).SetHashToCurve
		_ func(*Point, []byte, []byte) (*Point, error)                                                 = (*Point).SetEncodeToCurve
		_ func(*Point, []byte) (*Point, error)                                                         = (*Point).SetElligator2Representative
		_ func(*Point, byte) ([]byte, error)                                                           = (*Point).Elligator2Representative
		_ func(*Point) int                                                                             = (*Point).IsSmallOrder
		_ func(*Point) int                                                                             = (*Point).IsTorsionFree
		_ func(*Point, []byte) (*Point, error)                                                         = (*Point).SetCanonicalBytes
		_ func([]*field.Element, []*field.Element) []*field.Element                                    = field.BatchInvert
		_ func(*Point) (X, Y, Z, T *field.Element)                                                     = (*Point).ExtendedCoordinates
		_ func(*Point, *field.Element, *field.Element, *field.Element, *field.Element) (*Point, error) = (*Point).SetExtendedCoordinates
		_ func(*Point, *Point, *Point) *Point                                                          = (*Point).Add
		_ func(*Point, *Point, *Point) *Point                                                          = (*Point).Subtract
		_ func(*Point, *Point) *Point                                                                  = (*Point).Negate
		_ func(*Point, *Point) *Point                                                                  = (*Point).Double
		_ func(*Point, *Point, *Point, int) *Point                                                     = (*Point).Select
		_ func(*Point, *Point) int                                                                     = (*Point).Equal
		_ func(*Point, *Point) *Point                                                                  = (*Point).MultByCofactor
		_ func(*Point, *Scalar) *Point                                                                 = (*Point).ScalarBaseMult
		_ func(*Point, *Scalar, *Point) *Point                                                         = (*Point).ScalarMult
		_ func(*Point, *Scalar, *Point) *Point                                                         = (*Point).ScalarMultSlow
		_ func(*Point, *Scalar, *Point, *Scalar) *Point                                                = (*Point).VarTimeDoubleScalarBaseMult
		_ func(*Point, []*Scalar, []*Point) *Point                                                     = (*Point).MultiScalarMult
		_ func(*Point, []*Scalar, []*Point) *Point                                                     = (*Point).VarTimeMultiScalarMult

		_ func() *Scalar                                   = NewScalar
		_ func(*Scalar, *Scalar) *Scalar                   = (*Scalar).Set
		_ func(*Scalar, *Scalar, *Scalar) *Scalar          = (*Scalar).Add
		_ func(*Scalar, *Scalar, *Scalar) *Scalar          = (*Scalar).Subtract
		_ func(*Scalar, *Scalar) *Scalar                   = (*Scalar).Negate
		_ func(*Scalar, *Scalar, *Scalar) *Scalar          = (*Scalar).Multiply
		_ func(*Scalar, *Scalar, *Scalar, *Scalar) *Scalar = (*Scalar).MultiplyAdd
		_ func(*Scalar, *Scalar) *Scalar                   = (*Scalar).Invert
		_ func(*Scalar, []byte) (*Scalar, error)           = (*Scalar).SetCanonicalBytes
		_ func(*Scalar, []byte) (*Scalar, error)           = (*Scalar).SetUniformBytes
		_ func(*Scalar, []byte) (*Scalar, error)           = (*Scalar).SetBytesWithClamping
		_ func(*Scalar) []byte                             = (*Scalar).Bytes
		_ func(*Scalar, *Scalar) int                       = (*Scalar).Equal

		_ func(*field.Element) *field.Element                                        = (*field.Element).Zero
		_ func(*field.Element) *field.Element                                        = (*field.Element).One
		_ func(*field.Element, *field.Element) *field.Element                        = (*field.Element).Set
		_ func(*field.Element, []byte) (*field.Element, error)                       = (*field.Element).SetBytes
		_ func(*field.Element, []byte) (*field.Element, error)                       = (*field.Element).SetWideBytes
		_ func(*field.Element) []byte                                                = (*field.Element).Bytes
		_ func(*field.Element, *field.Element) int                                   = (*field.Element).Equal
		_ func(*field.Element, *field.Element, *field.Element, int) *field.Element   = (*field.Element).Select
		_ func(*field.Element, *field.Element, int)                                  = (*field.Element).Swap
		_ func(*field.Element) int                                                   = (*field.Element).IsNegative
		_ func(*field.Element, *field.Element) *field.Element                        = (*field.Element).Absolute
		_ func(*field.Element, *field.Element) *field.Element                        = (*field.Element).Negate
		_ func(*field.Element, *field.Element, *field.Element) *field.Element        = (*field.Element).Add
		_ func(*field.Element, *field.Element, *field.Element) *field.Element        = (*field.Element).Subtract
		_ func(*field.Element, *field.Element, *field.Element) *field.Element        = (*field.Element).Multiply
		_ func(*field.Element, *field.Element) *field.Element                        = (*field.Element).Square
		_ func(*field.Element, *field.Element, uint32) *field.Element                = (*field.Element).Mult32
		_ func(*field.Element, *field.Element) *field.Element                        = (*field.Element).Invert
		_ func(*field.Element, *field.Element) *field.Element                        = (*field.Element).Pow22523
		_ func(*field.Element, *field.Element, *field.Element) (*field.Element, int) = (*field.Element).SqrtRatio
	)
	// The zero values keep their documented meaning.
	var s Scalar
	if !bytes.Equal(s.Bytes(), make([]byte, 32)) {
		t.Error("zero Scalar is not 0")
	}
	var e field.Element
	if !bytes.Equal(e.Bytes(), make([]byte, 32)) {
		t.Error("zero Element is not 0")
	}
}

func TestGeneratorMatchesRFC8032(t *testing.T) {
	// RFC 8032, section 5.1: B = (x, 4/5) with x positive, encoded as below.
	want, _ := hex.DecodeString("5866666666666666666666666666666666666666666666666666666666666666")
	if got := NewGeneratorPoint().Bytes(); !bytes.Equal(got, want) {
		t.Errorf("generator encodes as %x", got)
	}
	identity, _ := hex.DecodeString("0100000000000000000000000000000000000000000000000000000000000000")
	if got := NewIdentityPoint().Bytes(); !bytes.Equal(got, identity) {
		t.Errorf("identity encodes as %x", got)
	}
	// d·121666 = -121665.
	var lhs, rhs field.Element
	lhs.Mult32(curveD, 121666)
	rhs.Mult32(new(field.Element).One(), 121665)
	rhs.Negate(&rhs)
	if lhs.Equal(&rhs) != 1 {
		t.Error("d is not -121665/121666")
	}
}

// TestGroupLawOnEachBackend checks Add, Subtract, Double and
// MultByCofactor, which the IFMA backend runs on its kernels
// (vec_ifma_point.go), on every backend
// against the reference: random points with and without a torsion
// component, some in rescaled coordinates, the identity, the torsion points,
// and p ± p.
func TestGroupLawOnEachBackend(t *testing.T) {
	r := ptRand(t)
	pts := ptPoints(t, r, 40)
	forEachBackend(t, func(t *testing.T) {
		for i, p := range pts {
			if i%3 == 1 {
				p = ptScaled(t, r, p)
			}
			rp := toRefPoint(t, p)
			// Bytes reads X, Y and Z only; T is checked by the curve's
			// equations in extended coordinates (X·Y = Z·T).
			check := func(what string, got *Point, want *ref.Point) {
				t.Helper()
				samePoint(t, what, got, want)
				if !onCurveExtended(&got.x, &got.y, &got.z, &got.t) {
					t.Errorf("%s: result not on the curve in extended coordinates", what)
				}
			}
			check("Double", new(Point).Double(p), new(ref.Point).Add(rp, rp))
			check("MultByCofactor", new(Point).MultByCofactor(p), new(ref.Point).MultByCofactor(rp))
			for j := 0; j < 5; j++ {
				q := pts[(i*7+j*13)%len(pts)]
				if j == 0 {
					q = p
				}
				rq := toRefPoint(t, q)
				check("Add", new(Point).Add(p, q), new(ref.Point).Add(rp, rq))
				check("Subtract", new(Point).Subtract(p, q), new(ref.Point).Subtract(rp, rq))
			}
		}
	})
}

func TestGroupOpsDifferential(t *testing.T) {
	r := ptRand(t)
	pts := ptPoints(t, r, 60)
	for i, p := range pts {
		rp := toRefPoint(t, p)
		samePoint(t, "Double", new(Point).Double(p), new(ref.Point).Add(rp, rp))
		samePoint(t, "Negate", new(Point).Negate(p), new(ref.Point).Negate(rp))
		samePoint(t, "MultByCofactor", new(Point).MultByCofactor(p), new(ref.Point).MultByCofactor(rp))
		if g, w := p.BytesMontgomery(), rp.BytesMontgomery(); !bytes.Equal(g, w) {
			t.Errorf("BytesMontgomery: got %x, want %x", g, w)
		}
		for j := 0; j < 6; j++ {
			q := pts[(i*7+j*13)%len(pts)]
			rq := toRefPoint(t, q)
			samePoint(t, "Add", new(Point).Add(p, q), new(ref.Point).Add(rp, rq))
			samePoint(t, "Subtract", new(Point).Subtract(p, q), new(ref.Point).Subtract(rp, rq))
			if g, w := p.Equal(q), rp.Equal(rq); g != w {
				t.Errorf("Equal: got %d, want %d", g, w)
			}
			samePoint(t, "Select(1)", new(Point).Select(p, q, 1), rp)
			samePoint(t, "Select(0)", new(Point).Select(p, q, 0), rq)
		}
		// Equal across different representations of the same point.
		var scaled Point
		X, Y, Z, T := p.ExtendedCoordinates()
		k := new(field.Element).Mult32(new(field.Element).One(), uint32(r.Uint32()|1))
		if _, err := scaled.SetExtendedCoordinates(X.Multiply(X, k), Y.Multiply(Y, k), Z.Multiply(Z, k), T.Multiply(T, k)); err != nil {
			t.Fatalf("rescaled coordinates rejected: %v", err)
		}
		if scaled.Equal(p) != 1 || !bytes.Equal(scaled.Bytes(), p.Bytes()) {
			t.Error("rescaled point is not Equal or encodes differently")
		}
	}
}

func TestScalarMultDifferential(t *testing.T) {
	r := ptRand(t)
	pts := ptPoints(t, r, 24)
	scalars := ptEdgeScalars(t)
	for len(scalars) < 40 {
		scalars = append(scalars, ptRandomScalar(r))
	}
	forEachBackend(t, func(t *testing.T) {
		for i, s := range scalars {
			rs := toRefScalar(t, s)
			samePoint(t, "ScalarBaseMult", new(Point).ScalarBaseMult(s), new(ref.Point).ScalarBaseMult(rs))
			p := pts[i%len(pts)]
			rp := toRefPoint(t, p)
			want := new(ref.Point).ScalarMult(rs, rp)
			samePoint(t, "ScalarMult", new(Point).ScalarMult(s, p), want)
			samePoint(t, "ScalarMultSlow", new(Point).ScalarMultSlow(s, p), want)
			s2 := scalars[(i*5+3)%len(scalars)]
			rs2 := toRefScalar(t, s2)
			samePoint(t, "VarTimeDoubleScalarBaseMult",
				new(Point).VarTimeDoubleScalarBaseMult(s, p, s2),
				new(ref.Point).VarTimeDoubleScalarBaseMult(rs, rp, rs2))
		}
	})
}

func TestMultiScalarMultDifferential(t *testing.T) {
	r := ptRand(t)
	pts := ptPoints(t, r, 50)
	edge := ptEdgeScalars(t)
	forEachBackend(t, func(t *testing.T) {
		for _, n := range []int{0, 1, 2, 3, smallTerms, smallTerms + 1, affineTerms - 1, affineTerms, 16, 33} {
			ss, ps, rss, rps := ptTerms(t, r, n, pts, edge)
			want := new(ref.Point).VarTimeMultiScalarMult(rss, rps)
			samePoint(t, "MultiScalarMult", new(Point).MultiScalarMult(ss, ps), want)
			samePoint(t, "VarTimeMultiScalarMult", new(Point).VarTimeMultiScalarMult(ss, ps), want)
		}
	})
}

func TestSetBytesDifferential(t *testing.T) {
	r := ptRand(t)
	accepted := 0
	for _, enc := range ptEncodings(r) {
		before := NewGeneratorPoint()
		got, err := new(Point).Set(before).SetBytes(enc)
		want, refErr := new(ref.Point).SetBytes(enc)
		if (err == nil) != (refErr == nil) {
			t.Fatalf("SetBytes(%x): err %v, reference err %v", enc, err, refErr)
		}
		if err != nil {
			if got != nil {
				t.Errorf("SetBytes(%x) returned a point with an error", enc)
			}
			continue
		}
		accepted++
		samePoint(t, "SetBytes", got, want)
		X, Y, Z, T := got.ExtendedCoordinates()
		if !onCurveExtended(X, Y, Z, T) {
			t.Errorf("SetBytes(%x) built an off-curve point", enc)
		}
	}
	if accepted < 500 {
		t.Errorf("only %d encodings accepted: the edge set is not exercising decoding", accepted)
	}
	t.Logf("%d encodings accepted", accepted)
}

func TestSetExtendedCoordinatesRejects(t *testing.T) {
	var zero field.Element
	one := new(field.Element).One()
	p := NewGeneratorPoint()
	X, Y, Z, T := p.ExtendedCoordinates()
	cases := []struct {
		name       string
		x, y, z, t *field.Element
	}{
		{"all zero", &zero, &zero, &zero, &zero},
		{"Z zero", X, Y, &zero, T},
		{"wrong T", X, Y, Z, one},
		{"off curve", one, one, one, one},
		// -T passes the curve equation, which reads T only squared: only
		// X·Y = Z·T tells it from T.
		{"T negated", X, Y, Z, new(field.Element).Negate(T)},
	}
	for _, c := range cases {
		v := NewIdentityPoint()
		if got, err := v.SetExtendedCoordinates(c.x, c.y, c.z, c.t); err == nil || got != nil {
			t.Errorf("%s: accepted", c.name)
		}
		if v.Equal(NewIdentityPoint()) != 1 {
			t.Errorf("%s: receiver modified on error", c.name)
		}
	}
	// The reference's only divergence: it accepts (0:0:0:0).
	rz := new(reffield.Element)
	if _, err := new(ref.Point).SetExtendedCoordinates(rz, rz, rz, rz); err != nil {
		t.Log("reference now rejects (0:0:0:0) too; the README note can go")
	}
}

func TestTorsionPoints(t *testing.T) {
	r := ptRand(t)
	torsion := ptTorsion(t, r)
	distinct := map[string]bool{}
	for _, q := range torsion {
		distinct[string(q.Bytes())] = true
		if new(Point).MultByCofactor(q).Equal(NewIdentityPoint()) != 1 {
			t.Errorf("8·%x is not the identity", q.Bytes())
		}
	}
	if len(distinct) != 8 {
		t.Errorf("%d distinct torsion points, want 8", len(distinct))
	}
	// l·T = (l mod 8)·T: check through the constant-time ScalarMult with
	// scalar l-1, i.e. (l-1)·T = -T + l·T.
	lm1 := ptScalarFromBig(t, new(big.Int).Sub(groupOrder, big.NewInt(1)))
	forEachBackend(t, func(t *testing.T) {
		for _, q := range torsion {
			want := new(ref.Point).ScalarMult(toRefScalar(t, lm1), toRefPoint(t, q))
			samePoint(t, "(l-1)·T", new(Point).ScalarMult(lm1, q), want)
		}
	})
}

// TestBaseCombTable recomputes every entry of the fixed-base comb, (2i+1)
// times its row's point, and the comb's starts, with the reference's
// constant-time ScalarMult, and compares affine coordinates.
func TestBaseCombTable(t *testing.T) {
	rows := baseCombTable()
	B := ref.NewGeneratorPoint()
	rowBase := new(big.Int).SetInt64(1)
	for m := range rows {
		for i := range rows[m] {
			k := new(big.Int).Mul(rowBase, big.NewInt(int64(2*i+1)))
			want := new(Point)
			if _, err := want.SetBytes(new(ref.Point).ScalarMult(toRefScalar(t, ptScalarFromBig(t, k)), B).Bytes()); err != nil {
				t.Fatal(err)
			}
			var wantAffine affineCached
			wantAffine.fromExtended(want)
			if !sameAffine(&rows[m][i], &wantAffine) {
				t.Fatalf("comb row %d entry %d differs", m, i)
			}
		}
		rowBase.Lsh(rowBase, combWidth*combSpacing)
	}
	for d, start := range baseCombStarts() {
		k := new(big.Int).Lsh(big.NewInt(1), combTopShift)
		k.Sub(k, big.NewInt(int64(d+1)))
		samePoint(t, fmt.Sprintf("start T_%d", d+1), &start, new(ref.Point).ScalarMult(toRefScalar(t, ptScalarFromBig(t, k)), B))
	}
	odd := baseOddTable()
	for i := range odd {
		want := new(Point)
		k := ptScalarFromBig(t, big.NewInt(int64(2*i+1)))
		if _, err := want.SetBytes(new(ref.Point).ScalarMult(toRefScalar(t, k), B).Bytes()); err != nil {
			t.Fatal(err)
		}
		var wantAffine affineCached
		wantAffine.fromExtended(want)
		if !sameAffine(&odd[i], &wantAffine) {
			t.Fatalf("odd-multiple entry %d differs", i)
		}
	}
}

// TestBuildComb builds combs of other points than B, with a torsion
// component, at spacings 1 to 3, and checks every entry and the top,
// 2^(4(n-1))·p for n digits, against the reference's ScalarMult.
func TestBuildComb(t *testing.T) {
	r := ptRand(t)
	pts := ptPoints(t, r, 12)
	for spacing := 1; spacing <= 3; spacing++ {
		p := pts[len(pts)-spacing]
		rows := make([]affineWindow, 3+spacing)
		top := buildComb(rows, p, spacing)
		rp := toRefPoint(t, p)
		rowBase := big.NewInt(1)
		for m := range rows {
			for i := range rows[m] {
				// k < l here, so k·p is the reference's k·p even though p
				// has a torsion component.
				k := new(big.Int).Mul(rowBase, big.NewInt(int64(2*i+1)))
				if k.Cmp(groupOrder) >= 0 {
					t.Fatal("the test's rows reach l")
				}
				want := new(ref.Point).ScalarMult(toRefScalar(t, ptScalarFromBig(t, k)), rp)
				var got Point
				var sum completed
				got.fromCompleted(sum.addAffine(NewIdentityPoint(), &rows[m][i]))
				samePoint(t, fmt.Sprintf("spacing %d row %d entry %d", spacing, m, i), &got, want)
			}
			rowBase.Lsh(rowBase, uint(combWidth*spacing))
		}
		k := new(big.Int).Lsh(big.NewInt(1), uint(combWidth*(spacing*len(rows)-1)))
		want := new(ref.Point).ScalarMult(toRefScalar(t, ptScalarFromBig(t, k)), rp)
		samePoint(t, fmt.Sprintf("spacing %d top", spacing), &top, want)
	}
}

func sameAffine(a, b *affineCached) bool {
	return a.yPlusX.Equal(&b.yPlusX) == 1 && a.yMinusX.Equal(&b.yMinusX) == 1 && a.t2d.Equal(&b.t2d) == 1
}

// TestTableSelection checks the constant-time scans against direct indexing
// for every entry number, including the sign, and the odd window's
// correction δ·p.
func TestTableSelection(t *testing.T) {
	r := ptRand(t)
	p := ptPoints(t, r, 12)[11]
	rp := toRefPoint(t, p)
	var w oddWindow
	w.init(p)
	for d := -8; d <= 8; d++ {
		if d == 0 {
			continue // not an odd digit
		}
		var c cached
		w.selectEntry(&c, int8(d))
		var got Point
		var sum completed
		got.fromCompleted(sum.addCached(NewIdentityPoint(), &c))
		// p may have a torsion component, so -k·p is not (l-k)·p: negate
		// explicitly.
		k := 2*max(d, -d) - 1
		want := new(ref.Point).ScalarMult(toRefScalar(t, ptScalarFromBig(t, big.NewInt(int64(k)))), rp)
		if d < 0 {
			want.Negate(want)
		}
		samePoint(t, fmt.Sprintf("oddWindow entry %d", d), &got, want)
	}
	for _, odd := range []uint64{0, ^uint64(0)} {
		var c cached
		w.correction(&c, odd)
		var got Point
		var sum completed
		got.fromCompleted(sum.addCached(NewIdentityPoint(), &c))
		want := new(ref.Point).Set(rp)
		if odd != 0 {
			want.Add(want, rp)
		}
		samePoint(t, fmt.Sprintf("oddWindow correction for odd = %#x", odd), &got, want)
	}
	// A comb row holds the odd multiples: entry e names ±(2|e|-1)·B.
	rows := baseCombTable()
	for d := -combEntries; d <= combEntries; d++ {
		if d == 0 {
			continue // not a comb digit
		}
		var a affineCached
		rows[0].selectDigit(&a, int32(d))
		var got Point
		var sum completed
		got.fromCompleted(sum.addAffine(NewIdentityPoint(), &a))
		mult := int64(2*d - 1)
		if d < 0 {
			mult = int64(2*d + 1)
		}
		k := ptScalarFromBig(t, new(big.Int).Mod(big.NewInt(mult), groupOrder))
		samePoint(t, fmt.Sprintf("comb entry %d", d), &got, new(ref.Point).ScalarBaseMult(toRefScalar(t, k)))
	}
}

// TestPointAliasing runs every method with the receiver aliased to each
// argument and compares with a fresh receiver.
func TestPointAliasing(t *testing.T) {
	r := ptRand(t)
	pts := ptPoints(t, r, 16)
	s := ptRandomScalar(r)
	s2 := ptRandomScalar(r)
	forEachBackend(t, func(t *testing.T) {
		for i := 2; i < len(pts)-1; i++ {
			p, q := pts[i], pts[i+1]
			check := func(name string, fresh *Point, aliased func(v *Point) *Point, start *Point) {
				t.Helper()
				v := new(Point).Set(start)
				if got := aliased(v); got != v || got.Equal(fresh) != 1 {
					t.Errorf("%s: aliased result differs", name)
				}
			}
			check("Add v=p", new(Point).Add(p, q), func(v *Point) *Point { return v.Add(v, q) }, p)
			check("Add v=q", new(Point).Add(p, q), func(v *Point) *Point { return v.Add(p, v) }, q)
			check("Add v=p=q", new(Point).Add(p, p), func(v *Point) *Point { return v.Add(v, v) }, p)
			check("Subtract v=p", new(Point).Subtract(p, q), func(v *Point) *Point { return v.Subtract(v, q) }, p)
			check("Subtract v=q", new(Point).Subtract(p, q), func(v *Point) *Point { return v.Subtract(p, v) }, q)
			check("Subtract v=p=q", new(Point).Subtract(p, p), func(v *Point) *Point { return v.Subtract(v, v) }, p)
			check("Double", new(Point).Double(p), func(v *Point) *Point { return v.Double(v) }, p)
			check("Negate", new(Point).Negate(p), func(v *Point) *Point { return v.Negate(v) }, p)
			check("MultByCofactor", new(Point).MultByCofactor(p), func(v *Point) *Point { return v.MultByCofactor(v) }, p)
			check("Set", p, func(v *Point) *Point { return v.Set(v) }, p)
			check("Select a", new(Point).Select(p, q, 1), func(v *Point) *Point { return v.Select(v, q, 1) }, p)
			check("Select b", new(Point).Select(p, q, 0), func(v *Point) *Point { return v.Select(p, v, 0) }, q)
			check("ScalarMult", new(Point).ScalarMult(s, p), func(v *Point) *Point { return v.ScalarMult(s, v) }, p)
			check("ScalarMultSlow", new(Point).ScalarMultSlow(s, p), func(v *Point) *Point { return v.ScalarMultSlow(s, v) }, p)
			check("VarTimeDoubleScalarBaseMult", new(Point).VarTimeDoubleScalarBaseMult(s, p, s2),
				func(v *Point) *Point { return v.VarTimeDoubleScalarBaseMult(s, v, s2) }, p)
			check("MultiScalarMult", new(Point).MultiScalarMult([]*Scalar{s, s2}, []*Point{p, q}),
				func(v *Point) *Point { return v.MultiScalarMult([]*Scalar{s, s2}, []*Point{v, q}) }, p)
			check("VarTimeMultiScalarMult", new(Point).VarTimeMultiScalarMult([]*Scalar{s, s2}, []*Point{p, q}),
				func(v *Point) *Point { return v.VarTimeMultiScalarMult([]*Scalar{s, s2}, []*Point{v, q}) }, p)
		}
	})
	// Encoders do not mutate, and return fresh slices.
	p := pts[5]
	before := new(Point).Set(p)
	b1, b2 := p.Bytes(), p.Bytes()
	b1[0] ^= 1
	if bytes.Equal(b1, b2) {
		t.Error("Bytes returned a shared slice")
	}
	m1, m2 := p.BytesMontgomery(), p.BytesMontgomery()
	m1[0] ^= 1
	if bytes.Equal(m1, m2) {
		t.Error("BytesMontgomery returned a shared slice")
	}
	X, _, _, _ := p.ExtendedCoordinates()
	X.Zero()
	if p.x != before.x || p.y != before.y || p.z != before.z || p.t != before.t {
		t.Error("an encoder or ExtendedCoordinates changed its receiver")
	}
}

func TestPointAllocations(t *testing.T) {
	r := ptRand(t)
	pts := ptPoints(t, r, 12)
	p, q := pts[10], pts[11]
	s, s2 := ptRandomScalar(r), ptRandomScalar(r)
	forEachBackend(t, func(t *testing.T) {
		var v Point
		for name, f := range map[string]func(){
			"Add":                         func() { v.Add(p, q) },
			"Subtract":                    func() { v.Subtract(p, q) },
			"Double":                      func() { v.Double(p) },
			"MultByCofactor":              func() { v.MultByCofactor(p) },
			"ScalarBaseMult":              func() { v.ScalarBaseMult(s) },
			"ScalarMult":                  func() { v.ScalarMult(s, p) },
			"ScalarMultSlow":              func() { v.ScalarMultSlow(s, p) },
			"VarTimeDoubleScalarBaseMult": func() { v.VarTimeDoubleScalarBaseMult(s, p, s2) },
			"MultiScalarMult":             func() { v.MultiScalarMult([]*Scalar{s, s2}, []*Point{p, q}) },
			"VarTimeMultiScalarMult":      func() { v.VarTimeMultiScalarMult([]*Scalar{s, s2}, []*Point{p, q}) },
			"Bytes":                       func() { _ = p.Bytes() },
			"SetBytes":                    func() { _, _ = v.SetBytes(q.Bytes()) },
			"Equal":                       func() { _ = p.Equal(q) },
		} {
			f() // the first call builds the tables
			if n := testing.AllocsPerRun(20, f); n != 0 {
				t.Errorf("%s allocates %v times", name, n)
			}
		}
		// A receiver on the stack stays there: the vector loops do not
		// hand v to the backend's methods.
		if n := testing.AllocsPerRun(20, func() {
			var w Point
			w.ScalarMult(s, p)
			w.ScalarBaseMult(s)
			w.VarTimeDoubleScalarBaseMult(s, &w, s2)
		}); n != 0 {
			t.Errorf("scalar multiplications into a local Point allocate %v times", n)
		}
	})
}

// TestPippengerDirect runs the bucket method at sizes on both sides of its
// threshold (and where Straus would be chosen) against the reference, and
// checks every window width it may pick.
func TestPippengerDirect(t *testing.T) {
	r := ptRand(t)
	pts := ptPoints(t, r, 40)
	edge := ptEdgeScalars(t)
	forEachBackend(t, func(t *testing.T) {
		sizes := []int{0, 1, 2, 5, 17, pippengerThreshold(pointBackend) - 1, pippengerThreshold(pointBackend) + 3}
		if testing.Short() {
			sizes = sizes[:5]
		}
		for _, n := range sizes {
			ss, ps, rss, rps := ptTerms(t, r, n, pts, edge)
			want := new(ref.Point).VarTimeMultiScalarMult(rss, rps)
			samePoint(t, "pippenger", new(Point).pippenger(ss, ps), want)
			samePoint(t, "VarTimeMultiScalarMult", new(Point).VarTimeMultiScalarMult(ss, ps), want)
		}
	})
	for n := 1; n < 1<<17; n *= 2 {
		if c := pippengerWindow(n); c < 4 || c > 16 {
			t.Errorf("window %d for n = %d", c, n)
		}
	}
}

// TestElementWords checks the assumption of the word-level table scans: an
// Element is its five limbs, least significant first, so the value of the
// words read through the scan's view is the Element's value.
func TestElementWords(t *testing.T) {
	r := ptRand(t)
	for i := 0; i < 100; i++ {
		var enc [32]byte
		for j := range enc {
			enc[j] = byte(r.Uint32())
		}
		enc[31] &= 0x7f
		e, _ := new(field.Element).SetBytes(enc[:])
		words := (*[elementWords]uint64)(unsafe.Pointer(e))
		got := new(big.Int)
		for k := elementWords - 1; k >= 0; k-- {
			got.Lsh(got, 51)
			got.Add(got, new(big.Int).SetUint64(words[k]))
		}
		want := new(big.Int).SetBytes(reverse(e.Bytes()))
		p := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
		if got.Mod(got, p).Cmp(want) != 0 {
			t.Fatalf("limb view of %x gives %v", enc, got)
		}
	}
}

// TestBatchAffine compares the shared-inversion normalisation with one
// inversion per point, for every length up to 9.
func TestBatchAffine(t *testing.T) {
	r := ptRand(t)
	pts := ptPoints(t, r, 20)
	for n := 0; n <= 9; n++ {
		in := pts[len(pts)-n:]
		type pair struct {
			a affineCached
			p Point
		}
		got := make([]pair, n)
		batchAffine(in, got, func(e *pair) (*affineCached, *Point) { return &e.a, &e.p })
		for k := range in {
			var want affineCached
			want.fromExtended(in[k])
			if !sameAffine(&got[k].a, &want) {
				t.Fatalf("n = %d: entry %d differs", n, k)
			}
			p := &got[k].p
			if !onCurveExtended(&p.x, &p.y, &p.z, &p.t) || p.Equal(in[k]) != 1 || p.z.Equal(new(field.Element).One()) != 1 {
				t.Fatalf("n = %d: affine point %d differs", n, k)
			}
		}
	}
}

// TestMultiScalarAllocations holds both multi-scalar functions to v1.2.0's
// number of allocations per call, on both sides of the Pippenger threshold,
// and to none up to four points, as their documentation says.
func TestMultiScalarAllocations(t *testing.T) {
	r := ptRand(t)
	pts := ptPoints(t, r, 12)
	forEachBackend(t, func(t *testing.T) {
		for _, n := range []int{1, 2, 4, smallTerms, smallTerms + 1, 64, pippengerThreshold(pointBackend) + 1} {
			ss := make([]*Scalar, n)
			ps := make([]*Point, n)
			rss := make([]*ref.Scalar, n)
			rps := make([]*ref.Point, n)
			for k := range ss {
				ss[k], ps[k] = ptRandomScalar(r), pts[k%len(pts)]
				rss[k], rps[k] = toRefScalar(t, ss[k]), toRefPoint(t, ps[k])
			}
			var v Point
			var rv ref.Point
			// The first garbage collection of the process starts its worker
			// goroutines, which allocate; get it over with before counting,
			// and average over enough runs that a stray runtime allocation
			// rounds away.
			runtime.GC()
			ours := testing.AllocsPerRun(20, func() { v.VarTimeMultiScalarMult(ss, ps) })
			theirs := testing.AllocsPerRun(20, func() { rv.VarTimeMultiScalarMult(rss, rps) })
			if ours > theirs {
				t.Errorf("VarTimeMultiScalarMult(n=%d): %v allocations, v1.2.0 %v", n, ours, theirs)
			}
			ours = testing.AllocsPerRun(20, func() { v.MultiScalarMult(ss, ps) })
			theirs = testing.AllocsPerRun(20, func() { rv.MultiScalarMult(rss, rps) })
			if ours > theirs {
				t.Errorf("MultiScalarMult(n=%d): %v allocations, v1.2.0 %v", n, ours, theirs)
			}
			if n <= 4 {
				vt := testing.AllocsPerRun(20, func() { v.VarTimeMultiScalarMult(ss, ps) })
				if ours != 0 || vt != 0 {
					t.Errorf("n = %d: MultiScalarMult %v and VarTimeMultiScalarMult %v allocations, want 0", n, ours, vt)
				}
			}
		}
	})
}

// TestLazySubtrahendBound checks subLazy and addSubLazy on their own, with
// every limb of the subtracted operand anywhere up to the bound their
// comments state (below 2^53 - 76), and at that bound: no limb may wrap, the
// output limbs must stay below the 2^54 that the multiplication accepts, and
// the value must be a - b (or a + b - c) modulo p, computed with math/big.
// The point formulas subtract lazy sums, whose limbs exceed those of 2p, so
// subtracting from a multiple of p any smaller than 4p could wrap; random
// points reach such limbs too rarely for TestLazyBounds to see it.
func TestLazySubtrahendBound(t *testing.T) {
	r := ptRand(t)
	const (
		edge    = 1<<51 + 1<<18 - 1 // largest limb of the Element invariant
		subMax  = 1<<53 - 77        // largest subtrahend limb allowed
		lazyMax = 2 * edge          // limbs of a lazy sum of two Elements
	)
	p := new(big.Int).Sub(ptPow2(255), big.NewInt(19))
	val := func(e *field.Element) *big.Int {
		n := new(big.Int)
		for i := elementWords - 1; i >= 0; i-- {
			n.Lsh(n, 51).Add(n, new(big.Int).SetUint64(limbsOf(e)[i]))
		}
		return n
	}
	fill := func(e *field.Element, max uint64) {
		for i := range limbsOf(e) {
			switch r.IntN(3) {
			case 0:
				limbsOf(e)[i] = max
			case 1:
				limbsOf(e)[i] = 0
			default:
				limbsOf(e)[i] = r.Uint64N(max + 1)
			}
		}
	}
	check := func(what string, out *field.Element, want *big.Int) {
		t.Helper()
		for i, w := range limbsOf(out) {
			if w >= 1<<54 {
				t.Fatalf("%s: limb %d = %#x is not below 2^54", what, i, w)
			}
		}
		got := new(big.Int).Mod(val(out), p)
		if want.Mod(want, p); got.Cmp(want) != 0 {
			t.Fatalf("%s: value %v, want %v", what, got, want)
		}
	}
	n := 2000
	if testing.Short() {
		n = 200
	}
	for range n {
		var a, b, c, out field.Element
		fill(&a, lazyMax)
		fill(&b, edge)
		fill(&c, subMax)
		subLazy(&out, &a, &c)
		check("subLazy", &out, new(big.Int).Sub(val(&a), val(&c)))
		addSubLazy(&out, &a, &b, &c)
		check("addSubLazy", &out, new(big.Int).Sub(new(big.Int).Add(val(&a), val(&b)), val(&c)))
	}
}

// TestLazyBounds runs the completed-model formulas on coordinates whose limbs
// sit at the edge of the Element invariant (and on random limbs below it),
// checks that every output limb stays below the 2^54 the multiplication
// accepts, and compares the values with the same formulas written with the
// reducing field operations.
func TestLazyBounds(t *testing.T) {
	r := ptRand(t)
	const edge = 1<<51 + 1<<18 - 1
	fillTo := func(e *field.Element, random bool, bound uint64) {
		w := limbsOf(e)
		for i := range w {
			w[i] = bound
			if random {
				w[i] = r.Uint64N(bound + 1)
			}
		}
	}
	fill := func(e *field.Element, random bool) { fillTo(e, random, edge) }
	checkLimbs := func(what string, c *completed) {
		t.Helper()
		for _, e := range []*field.Element{&c.x, &c.y, &c.z, &c.t} {
			for _, w := range limbsOf(e) {
				if w >= 1<<54 {
					t.Fatalf("%s: limb %#x is not below 2^54", what, w)
				}
			}
		}
	}
	one := new(field.Element).One()
	same := func(what string, got, want *field.Element) {
		t.Helper()
		// got is outside the Element invariant: reduce it through a
		// multiplication (which accepts it) before comparing.
		if new(field.Element).Multiply(got, one).Equal(want) != 1 {
			t.Fatalf("%s: value differs", what)
		}
	}
	for i := 0; i < 200; i++ {
		random := i > 0
		var p Point
		var pp projective
		var q cached
		var qa affineCached
		for _, e := range []*field.Element{&p.x, &p.y, &p.z, &p.t, &pp.x, &pp.y, &pp.z,
			&q.t2d, &qa.yPlusX, &qa.yMinusX, &qa.t2d} {
			fill(e, random)
		}
		// Cached addends hold lazy sums (cached.fromExtended): Y+X and 2Z
		// below 2·edge, Y-X below 2^53 + edge.
		fillTo(&q.yPlusX, random, 2*edge)
		fillTo(&q.z2, random, 2*edge)
		fillTo(&q.yMinusX, random, 1<<53+edge)

		var c completed
		c.double(&pp)
		checkLimbs("double", &c)
		var a, b, zz, e, u field.Element
		a.Square(&pp.x)
		b.Square(&pp.y)
		zz.Square(&pp.z)
		zz.Add(&zz, &zz)
		e.Add(&pp.x, &pp.y)
		e.Square(&e)
		same("double x", &c.x, u.Subtract(&e, new(field.Element).Add(&a, &b)))
		same("double y", &c.y, u.Add(&a, &b))
		same("double z", &c.z, u.Subtract(&b, &a))
		same("double t", &c.t, u.Subtract(&zz, new(field.Element).Subtract(&b, &a)))

		// Reduced copies of the lazy cached fields for the reference formulas.
		var qPlus, qMinus field.Element
		qPlus.Multiply(&q.yPlusX, one)
		qMinus.Multiply(&q.yMinusX, one)
		for _, minus := range []bool{false, true} {
			plus, minusC := &q.yPlusX, &q.yMinusX
			rPlus, rMinus := &qPlus, &qMinus
			if minus {
				rPlus, rMinus = rMinus, rPlus
			}
			if minus {
				plus, minusC = minusC, plus
			}
			var d, cc field.Element
			d.Multiply(&p.z, &q.z2)
			c.sum(&p, plus, minusC, &q.t2d, &d, minus)
			checkLimbs("sum", &c)
			a.Subtract(&p.y, &p.x)
			a.Multiply(&a, rMinus)
			b.Add(&p.y, &p.x)
			b.Multiply(&b, rPlus)
			cc.Multiply(&p.t, &q.t2d)
			if minus {
				cc.Negate(&cc)
			}
			same("sum x", &c.x, u.Subtract(&b, &a))
			same("sum y", &c.y, u.Add(&b, &a))
			same("sum z", &c.z, u.Add(&d, &cc))
			same("sum t", &c.t, u.Subtract(&d, &cc))
		}
		for _, minus := range []bool{false, true} {
			var d, cc field.Element
			if minus {
				c.subAffine(&p, &qa)
			} else {
				c.addAffine(&p, &qa)
			}
			checkLimbs("affine", &c)
			d.Add(&p.z, &p.z)
			cc.Multiply(&p.t, &qa.t2d)
			if minus {
				cc.Negate(&cc)
			}
			same("affine z", &c.z, u.Add(&d, &cc))
			same("affine t", &c.t, u.Subtract(&d, &cc))
		}
	}
}

// BenchmarkGroupLaw times Add, Subtract, Double and MultByCofactor in chains on each
// backend this CPU runs, in one process (benchstat -col /backend): the
// IFMA backend runs them on its kernels, the others on the serial formulas.
func BenchmarkGroupLaw(b *testing.B) {
	q := NewGeneratorPoint()
	ops := []struct {
		name string
		op   func(v *Point)
	}{
		{"Add", func(v *Point) { v.Add(v, q) }},
		{"Subtract", func(v *Point) { v.Subtract(v, q) }},
		{"Double", func(v *Point) { v.Double(v) }},
		{"MultByCofactor", func(v *Point) { v.MultByCofactor(v) }},
	}
	for _, o := range ops {
		b.Run("op="+o.name, func(b *testing.B) {
			for _, be := range allBackends {
				if !backendRuns(be) {
					continue
				}
				b.Run("backend="+be.String(), func(b *testing.B) {
					withBackend(b, be)
					v := new(Point).Set(q)
					for b.Loop() {
						o.op(v)
					}
				})
			}
		})
	}
}
