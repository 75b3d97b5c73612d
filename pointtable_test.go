package edwards25519

import (
	"bytes"
	"fmt"
	"math/big"
	"strings"
	"sync"
	"testing"
	"unsafe"

	ref "filippo.io/edwards25519"
)

// PointTable and ScalarMultTable against ScalarMult and the reference's
// ScalarMult, on every backend, for points with torsion components, the
// identity and the torsion points, and edge scalars; the combs' entries
// one by one; tables used across a backend switch and from many goroutines.

// The signatures of issue 13's tables and batch functions, compiled.
var (
	_ func(*Point) *PointTable                  = NewPointTable
	_ func(*PointTable) *Point                  = (*PointTable).Point
	_ func(*Point, *Scalar, *PointTable) *Point = (*Point).ScalarMultTable
	_ func([]*Scalar, []*Scalar) []*Scalar      = BatchInvert
	_ func([]*Point) [][]byte                   = BatchBytes
	_ func([]*Point) [][]byte                   = BatchBytesMontgomery
)

func TestScalarMultTable(t *testing.T) {
	r := ptRand(t)
	pts := ptPoints(t, r, 20) // identity, B, the torsion points, random ones
	scalars := ptScalars(t, r, 6)
	forEachBackend(t, func(t *testing.T) {
		for n, q := range pts {
			qBefore := *q
			table := NewPointTable(q)
			if !sameLimbs(q, &qBefore) {
				t.Fatalf("point %d: NewPointTable modified its argument", n)
			}
			if table.backend != pointBackend {
				t.Fatalf("point %d: table built on %v while the backend is %v", n, table.backend, pointBackend)
			}
			rq := toRefPoint(t, q)
			// Points 0 to 9 (the identity, B and the eight torsion points)
			// get every scalar, edge ones included. The random points from
			// index 10 on, with a torsion component or without, get a
			// quarter of them each: the scalars with k ≡ n (mod 4).
			for k, x := range scalars {
				if n >= 10 && k%4 != n%4 {
					continue
				}
				xBefore := *x
				got := new(Point).Set(pts[(n+k)%len(pts)]) // a stale receiver
				got.ScalarMultTable(x, table)
				if *x != xBefore {
					t.Fatal("ScalarMultTable modified its scalar")
				}
				X, Y, Z, T := got.ExtendedCoordinates()
				if !onCurveExtended(X, Y, Z, T) {
					t.Fatalf("point %d scalar %x: result is not a point in extended coordinates", n, x.Bytes())
				}
				what := fmt.Sprintf("point %d scalar %x", n, x.Bytes())
				if want := new(Point).ScalarMult(x, q); got.Equal(want) != 1 {
					t.Fatalf("%s: ScalarMultTable differs from ScalarMult", what)
				}
				samePoint(t, what, got, new(ref.Point).ScalarMult(toRefScalar(t, x), rq))
			}
		}
	})
}

func sameLimbs(p, q *Point) bool {
	return *limbsOf(&p.x) == *limbsOf(&q.x) && *limbsOf(&p.y) == *limbsOf(&q.y) &&
		*limbsOf(&p.z) == *limbsOf(&q.z) && *limbsOf(&p.t) == *limbsOf(&q.t)
}

// TestPointTableCombs checks every entry of a table, and its starts, on
// every backend: for a random point with a torsion component (whose
// multiples 2^(4m)·q are not those of a prime-order point) and for B, whose
// comb on the vector backends comes from the same builder, against
// multiples that the reference computes by additions alone.
func TestPointTableCombs(t *testing.T) {
	r := ptRand(t)
	torsion := ptTorsion(t, r)
	q := new(Point).ScalarBaseMult(ptRandomScalar(r))
	q.Add(q, torsion[3])
	forEachBackend(t, func(t *testing.T) {
		table := NewPointTable(q)
		checkComb(t, "q", q, tableEntries(t, table.backend, table.rows), &table.starts)
		switch pointBackend {
		case backendAVX2:
			checkComb(t, "B", generator, vecEntries[avx2Backend](avx2Backend{}.baseComb()), baseCombStarts())
		case backendIFMA:
			checkComb(t, "B", generator, vecEntries[ifmaBackend](ifmaBackend{}.baseComb()), baseCombStarts())
		}
	})
}

// TestPointTableAligned checks that the vector backends' tables start on a
// 32-byte boundary (vecNewComb), as their base combs do.
func TestPointTableAligned(t *testing.T) {
	q := NewGeneratorPoint()
	forEachBackend(t, func(t *testing.T) {
		table := NewPointTable(q)
		var addr uintptr
		switch rows := table.rows.(type) {
		case *[vecCombRows][combEntries]avx2Addend:
			addr = uintptr(unsafe.Pointer(rows))
		case *[vecCombRows][combEntries]ifmaAddend:
			addr = uintptr(unsafe.Pointer(rows))
		case *[combRows]affineWindow:
			if pointBackend != backendSerial {
				t.Fatalf("the %v backend built a serial comb", pointBackend)
			}
			return
		default:
			t.Fatalf("the %v backend built a comb of type %T", pointBackend, rows)
		}
		if addr%64 != 0 {
			t.Errorf("the %v backend's table is at %#x, not a multiple of 64", pointBackend, addr)
		}
	})
}

// tableEntries returns, for the comb rows of a table built on backend b, a
// function giving entry i for digit position m as a Point.
func tableEntries(t *testing.T, b backend, rows any) func(m, i int) *Point {
	switch b {
	case backendAVX2:
		return vecEntries[avx2Backend](rows.(*[vecCombRows][combEntries]avx2Addend))
	case backendIFMA:
		return vecEntries[ifmaBackend](rows.(*[vecCombRows][combEntries]ifmaAddend))
	}
	serial := rows.(*[combRows]affineWindow)
	return func(m, i int) *Point {
		if m%combSpacing != 0 {
			return nil // the serial comb has one row per combSpacing digits
		}
		var sum completed
		return new(Point).fromCompleted(sum.addAffine(NewIdentityPoint(), &serial[m/combSpacing][i]))
	}
}

// vecEntries returns entry (m, i) of a packed comb as a Point, through B's
// own addition: the identity plus the entry, by addDigit with digit i+1,
// or where B pairs its operations by addDigitPair for the rows that
// the backend's layout of a comb holds together (with digit 1 for the
// other row).
func vecEntries[B vecBackend[L, A], L, A any](rows *[vecCombRows][combEntries]A) func(m, i int) *Point {
	return func(m, i int) *Point {
		var b B
		var room vecRoom[vecComb2Room[L]]
		acc := room.get()
		acc.point.setIdentity()
		b.fromPoint(vecHide(&acc.p), vecHide(&acc.point))
		b.fromPoint(vecHide(&acc.p2), vecHide(&acc.point))
		switch {
		case m == 0 || !b.pairs():
			b.addDigit(vecHide(&acc.p), &rows[m], int32(i+1))
		case m%2 == 1: // the first row of a pair
			b.addDigitPair(vecHide(&acc.p), (*[2][combEntries]A)(rows[m:m+2]), int32(i+1), vecHide(&acc.p2), 1)
		default:
			b.addDigitPair(vecHide(&acc.p2), (*[2][combEntries]A)(rows[m-1:m+1]), 1, vecHide(&acc.p), int32(i+1))
		}
		b.toPoint(vecHide(&acc.point), vecHide(&acc.p))
		return new(Point).Set(&acc.point)
	}
}

// checkComb compares entry(m, i) with (2i+1)·2^(4m)·p for the digit
// positions m < combLookups (entry returns nil for positions without a row
// of their own), and, when starts is not nil, starts with 2^252·p - p and
// 2^252·p - 2·p. The reference multiples come from additions and doublings
// of the reference's own.
func checkComb(t *testing.T, name string, p *Point, entry func(m, i int) *Point, starts *[2]Point) {
	t.Helper()
	rp := toRefPoint(t, p)
	base := new(ref.Point).Set(rp) // 2^(4m)·p
	for m := 0; m < combLookups; m++ {
		want := new(ref.Point).Set(base)
		twice := new(ref.Point).Add(base, base)
		for i := range combEntries {
			if got := entry(m, i); got != nil {
				samePoint(t, fmt.Sprintf("%s: row %d entry %d", name, m, i), got, want)
			}
			want.Add(want, twice)
		}
		for range combWidth {
			base.Add(base, base)
		}
	}
	if starts == nil {
		return
	}
	// base is now 2^252·p.
	want := new(ref.Point).Subtract(base, rp)
	samePoint(t, name+": start T_1", &starts[0], want)
	samePoint(t, name+": start T_2", &starts[1], want.Subtract(want, rp))
}

// TestPointTableBackendSwitch builds a table on each backend and uses it on
// every backend: a table is read by the loop of the backend that built it,
// whatever pointBackend says when it is used.
func TestPointTableBackendSwitch(t *testing.T) {
	r := ptRand(t)
	pts := ptPoints(t, r, 12)
	q := pts[len(pts)-1]
	x := ptRandomScalar(r)
	want := new(Point).ScalarMult(x, q)
	var tables []*PointTable
	forEachBackend(t, func(t *testing.T) {
		tables = append(tables, NewPointTable(q))
	})
	forEachBackend(t, func(t *testing.T) {
		for _, table := range tables {
			if got := new(Point).ScalarMultTable(x, table); got.Equal(want) != 1 {
				t.Errorf("table of the %v backend used on the %v backend: wrong result", table.backend, pointBackend)
			}
		}
	})
	if len(tables) < 2 && !testing.Short() {
		t.Logf("only %d backend runs here", len(tables))
	}
}

// TestPointTableConcurrent uses one table from many goroutines at once;
// under -race it also checks that ScalarMultTable only reads the table.
func TestPointTableConcurrent(t *testing.T) {
	r := ptRand(t)
	q := ptPoints(t, r, 12)[11]
	const goroutines, perGoroutine = 8, 6
	var scalars [goroutines][perGoroutine]*Scalar
	var want [goroutines][perGoroutine][]byte
	for g := range scalars {
		for k := range scalars[g] {
			scalars[g][k] = ptRandomScalar(r)
			want[g][k] = new(Point).ScalarMult(scalars[g][k], q).Bytes()
		}
	}
	forEachBackend(t, func(t *testing.T) {
		table := NewPointTable(q)
		var wg sync.WaitGroup
		errs := make(chan string, goroutines*perGoroutine)
		for g := range goroutines {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var v Point
				for k, x := range scalars[g] {
					if got := v.ScalarMultTable(x, table).Bytes(); !bytes.Equal(got, want[g][k]) {
						errs <- fmt.Sprintf("goroutine %d call %d: %x, want %x", g, k, got, want[g][k])
					}
					if got := table.Point(); got.Equal(q) != 1 {
						errs <- fmt.Sprintf("goroutine %d: Point() changed", g)
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Error(e)
		}
	})
}

// TestPointTablePoint checks that Point returns q, in a new Point each
// time, and that the table does not follow later changes of q or of the
// returned Points.
func TestPointTablePoint(t *testing.T) {
	r := ptRand(t)
	pts := ptPoints(t, r, 12)
	q := new(Point).Set(pts[11])
	want := new(Point).Set(q)
	x := ptRandomScalar(r)
	forEachBackend(t, func(t *testing.T) {
		q.Set(want)
		table := NewPointTable(q)
		q.Set(pts[5]) // the table copied q
		a, b := table.Point(), table.Point()
		if a == b || a == q || a == &table.q {
			t.Fatal("Point returned a Point it does not own freshly")
		}
		if a.Equal(want) != 1 || b.Equal(want) != 1 {
			t.Fatal("Point differs from the point the table was built for")
		}
		a.Double(a)
		if table.Point().Equal(want) != 1 {
			t.Fatal("changing a Point returned by Point changed the table")
		}
		if got := new(Point).ScalarMultTable(x, table); got.Equal(new(Point).ScalarMult(x, want)) != 1 {
			t.Fatal("the table follows later changes of its argument")
		}
	})
}

// TestPointTableUninitialized checks the panics: a zero or nil table, and
// an uninitialized point.
func TestPointTableUninitialized(t *testing.T) {
	x := NewScalar()
	for name, table := range map[string]*PointTable{"zero": new(PointTable), "nil": nil} {
		for op, f := range map[string]func(){
			"Point":           func() { table.Point() },
			"ScalarMultTable": func() { new(Point).ScalarMultTable(x, table) },
		} {
			msg, panicked := svRecover(f)
			if !panicked || !strings.Contains(msg, "uninitialized PointTable") {
				t.Errorf("%s on a %s table: panic %v %q, want the uninitialized PointTable panic", op, name, panicked, msg)
			}
		}
	}
	msg, panicked := svRecover(func() { NewPointTable(new(Point)) })
	if !panicked || !strings.Contains(msg, "uninitialized Point") {
		t.Errorf("NewPointTable of the zero Point: panic %v %q", panicked, msg)
	}
}

func TestScalarMultTableAllocs(t *testing.T) {
	r := ptRand(t)
	q := ptPoints(t, r, 12)[11]
	x := ptRandomScalar(r)
	forEachBackend(t, func(t *testing.T) {
		table := NewPointTable(q)
		var v Point
		if n := testing.AllocsPerRun(20, func() { v.ScalarMultTable(x, table) }); n != 0 {
			t.Errorf("ScalarMultTable allocates %v times", n)
		}
	})
}

// TestScalarMultTableStackGrowth runs ScalarMultTable in new goroutines at
// many stack depths, so that the stack moves under the vector loop, whose
// room pointers go through vecHide.
func TestScalarMultTableStackGrowth(t *testing.T) {
	r := ptRand(t)
	q := ptPoints(t, r, 12)[11]
	x := ptRandomScalar(r)
	forEachBackend(t, func(t *testing.T) {
		table := NewPointTable(q)
		f := func() []byte { return new(Point).ScalarMultTable(x, table).Bytes() }
		want := f()
		for n := 0; n < 60; n++ {
			done := make(chan []byte)
			go func() { done <- stackDepth(n, f) }()
			if got := <-done; !bytes.Equal(got, want) {
				t.Fatalf("at depth %d: %x, want %x", n, got, want)
			}
		}
	})
}

// TestScalarMultTableDigits drives every table entry of every digit
// position, with both signs, through ScalarMultTable and ScalarMult (a
// point with a torsion component), ScalarBaseMult, and in pairs through
// MultiScalarMult: for each position i and entry e, a scalar whose odd
// digits are e at i and random elsewhere (Scalar.oddDigits must give them
// back), against the reference. Position 62 reads only entry 1 and the
// negated entries: a positive digit above 1 there would put x + δ above
// l + 1.
func TestScalarMultTableDigits(t *testing.T) {
	r := ptRand(t)
	torsion := ptTorsion(t, r)
	q := new(Point).ScalarBaseMult(ptRandomScalar(r))
	q.Add(q, torsion[1])
	rq := toRefPoint(t, q)
	B := ref.NewGeneratorPoint()
	type probe struct {
		x    *Scalar
		what string
	}
	var probes []probe
	var e, got [oddDigitCount]int8
	for i := range combLookups {
		for d := int8(-combEntries); d <= combEntries; d++ {
			if d == 0 || (i == combLookups-1 && d > 1) {
				continue
			}
			for k := range e {
				e[k] = int8(r.IntN(combEntries) + 1)
				if r.IntN(2) == 0 || k == combLookups-1 {
					e[k] = -e[k] // a negative top digit keeps x + δ below 2^252
				}
				if i == combLookups-1 && d == 1 {
					e[k] = -combEntries // with +1 on top: x + δ = 2^252 + 1
				}
			}
			e[i] = d
			delta := int64(1 + r.IntN(2))
			x := new(big.Int).Sub(oddTestValue(&e), big.NewInt(delta))
			if x.Sign() < 0 || x.Cmp(groupOrder) >= 0 || int64(x.Bit(0)) != delta-1 {
				t.Fatalf("row %d entry %d: x = %v is not a scalar of parity %d", i, d, x, delta-1)
			}
			s := ptScalarFromBig(t, x)
			if s.oddDigits(&got); got != e {
				t.Fatalf("row %d entry %d: oddDigits gives %v, want %v", i, d, got, e)
			}
			probes = append(probes, probe{s, fmt.Sprintf("row %d entry %d", i, d)})
		}
	}
	wantQ := make([]*ref.Point, len(probes))
	wantB := make([]*ref.Point, len(probes))
	for n, p := range probes {
		rx := toRefScalar(t, p.x)
		wantQ[n] = new(ref.Point).ScalarMult(rx, rq)
		wantB[n] = new(ref.Point).ScalarMult(rx, B)
	}
	G := NewGeneratorPoint()
	forEachBackend(t, func(t *testing.T) {
		table := NewPointTable(q)
		for n, p := range probes {
			samePoint(t, "ScalarMultTable "+p.what, new(Point).ScalarMultTable(p.x, table), wantQ[n])
			samePoint(t, "ScalarMult "+p.what, new(Point).ScalarMult(p.x, q), wantQ[n])
			samePoint(t, "ScalarBaseMult "+p.what, new(Point).ScalarBaseMult(p.x), wantB[n])
			if n%5 == 0 && n+1 < len(probes) {
				// x·q + y·B, with the digits of x and of the next probe y.
				got := new(Point).MultiScalarMult([]*Scalar{p.x, probes[n+1].x}, []*Point{q, G})
				samePoint(t, "MultiScalarMult "+p.what, got, new(ref.Point).Add(wantQ[n], wantB[n+1]))
			}
		}
	})
}

// FuzzScalarMultTable decodes 32 bytes as a point (leniently), the next 64
// as a scalar (SetUniformBytes), and compares ScalarMultTable with
// ScalarMult on every backend.
func FuzzScalarMultTable(f *testing.F) {
	B := NewGeneratorPoint().Bytes()
	identity := NewIdentityPoint().Bytes()
	f.Add(append(B, make([]byte, 64)...))
	f.Add(append(identity, bytes.Repeat([]byte{0xff}, 64)...))
	f.Add(append(bytes.Repeat([]byte{0x26}, 32), bytes.Repeat([]byte{0x5a}, 64)...))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 96 {
			return
		}
		q, err := new(Point).SetBytes(data[:32])
		if err != nil {
			return
		}
		x, err := new(Scalar).SetUniformBytes(data[32:96])
		if err != nil {
			t.Fatal(err)
		}
		onEachBackend(func(b backend) {
			got := new(Point).ScalarMultTable(x, NewPointTable(q))
			if want := new(Point).ScalarMult(x, q); got.Equal(want) != 1 {
				t.Fatalf("%v: ScalarMultTable(%x, %x) differs from ScalarMult", b, x.Bytes(), q.Bytes())
			}
		})
	})
}
