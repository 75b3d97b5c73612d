package x25519

import (
	"bytes"
	"math/big"
	"testing"

	"github.com/seed06d4b90c/edwards25519/field"
)

// edgeU returns u-coordinates at the edges of the encoding: 0, 1, 2, 9,
// p - 1, p, p + 1, p + 9, 2^255 - 1, and 2^256 - 1 (bit 255 set, top bits of
// u all ones), and the low-order encodings.
func edgeU() [][]byte {
	var out [][]byte
	for _, v := range []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(9),
		new(big.Int).Sub(bigP, big.NewInt(1)),
		bigP,
		new(big.Int).Add(bigP, big.NewInt(1)),
		new(big.Int).Add(bigP, big.NewInt(9)),
		new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(1)),
		new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1)),
	} {
		out = append(out, bigLE32(v))
	}
	return append(out, lowOrderEncodings()...)
}

// edgeScalars returns scalars whose clamped forms are 2^254 (all swaps after
// the first zero), 2^255 - 8 (all ones), and alternating bits.
func edgeScalars() [][]byte {
	zero := make([]byte, 32)
	ones := bytes.Repeat([]byte{0xff}, 32)
	alt := bytes.Repeat([]byte{0xaa}, 32)
	alt2 := bytes.Repeat([]byte{0x55}, 32)
	return [][]byte{zero, ones, alt, alt2}
}

// TestLadderMatchesRFC7748 compares the ladder, on each path
// (ladderGeneric with its three final doublings, ladderIFMA with 255 full
// steps), with RFC 7748's pseudo-code on math/big over edge and random
// scalars and u-coordinates: curve, twist, low order, non-canonical.
func TestLadderMatchesRFC7748(t *testing.T) { forEachLadder(t, testLadderMatchesRFC7748) }

func testLadderMatchesRFC7748(t *testing.T) {
	r := xRand(t)
	scalars := edgeScalars()
	for range 6 {
		scalars = append(scalars, xBytes(r, 32))
	}
	us := edgeU()
	twist, curve := 0, 0
	for len(us) < 80 {
		u := xBytes(r, 32)
		if bigOnCurve(u) {
			curve++
		} else {
			twist++
		}
		us = append(us, u)
	}
	if twist == 0 || curve == 0 {
		t.Fatalf("random u: %d on the curve, %d on the twist; want both", curve, twist)
	}
	n := 0
	for _, k := range scalars {
		for _, u := range us {
			var got, kc [32]byte
			kc = [32]byte(k)
			clamp(&kc)
			ladderMult(&got, &kc, (*[32]byte)(u))
			if want := bigX25519(k, u); !bytes.Equal(got[:], want) {
				t.Errorf("k %x u %x: ladder %x, RFC 7748 pseudo-code %x", k, u, got, want)
			}
			n++
		}
	}
	t.Logf("%d ladder products compared with math/big (%d random u on the curve, %d on the twist)", n, curve, twist)
}

// TestLadderStep checks one step, lane by lane, against the formulas of
// RFC 7748 section 5 on math/big, for random states: the model a vector
// step must reproduce.
func TestLadderStep(t *testing.T) {
	r := xRand(t)
	fe := func(b []byte) *field.Element {
		e, err := new(field.Element).SetBytes(b)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	edges := []*big.Int{big.NewInt(0), big.NewInt(1), new(big.Int).Sub(bigP, big.NewInt(1))}
	for i := range 81 + 200 {
		var s ladderState
		var in [4]*big.Int
		for j, pow3 := 0, 1; j < len(s); j, pow3 = j+1, pow3*3 {
			b := xBytes(r, 32)
			if i < 81 {
				// The first 81 states put 0, 1 and -1 in every combination
				// of lanes (digit j of i in base 3 picks lane j's value).
				b = bigLE32(edges[i/pow3%3])
			}
			s[j].Set(fe(b))
			in[j] = bigU(b)
		}
		x1b := xBytes(r, 32)
		x1 := fe(x1b)
		ladderStep(&s, x1)

		want := bigStep(in, bigU(x1b))
		for j, name := range []string{"x2", "z2", "x3", "z3"} {
			if got := bigLE(s[j].Bytes()); got.Cmp(want[j]) != 0 {
				t.Fatalf("state %d lane %s: got %v, want %v", i, name, got, want[j])
			}
		}
		// The doubling is the R0 half of the step.
		var dx, dz field.Element
		dx.Set(fe(bigLE32(in[0])))
		dz.Set(fe(bigLE32(in[1])))
		ladderDouble(&dx, &dz)
		if dx.Equal(&s[0]) != 1 || dz.Equal(&s[1]) != 1 {
			t.Fatalf("state %d: ladderDouble differs from the step's (x2 : z2)", i)
		}
	}
}
