//go:build amd64 && !purego

package field

import (
	"math/big"
	"testing"
)

// TestAsmSquareMULQWide runs feSquareMULQ at its own input bound, limbs
// below 2^54, which is wider than the 3*2^51 of the seam (the other square
// tests stay below that): called directly, in place, and through
// feSquareAsm with squarePath set to pathMULQ, whose entry must jump to
// it. Below 3*2^51 the entry's MULX codes and feSquareMULQ give the same
// limbs, so those tests cannot see which ran; once x3 or x4 passes about
// 3.4*2^51, 19 * 2^7 * x_i no longer fits a word in the MULX codes, so an
// entry that ran a MULX code on the MULQ setting (the one CPUs without
// BMI2 take) gives other limbs here. TestAsmSquareEntryMULX uses the same
// overflow the other way round. The twin feSquareGeneric takes the same
// 2^54 bound; its result is checked against math/big as well.
func TestAsmSquareMULQWide(t *testing.T) {
	seed := testSeed(t)
	selectPath(t, asmPath{"MULQ", pathMULQ, pathMULQ})
	r := seededRand(seed)

	check := func(a Element) {
		t.Helper()
		var want, direct, entry Element
		feSquareGeneric(&want, &a)
		v := value(&a)
		if sq := new(big.Int).Mul(v, v); sq.Mod(sq, bigP).Cmp(modP(&want)) != 0 {
			t.Fatalf("feSquareGeneric(%#x) = %#x, not the square mod p", a.l, want.l)
		}
		feSquareMULQ(&direct.l, &a.l)
		if direct.l != want.l {
			t.Fatalf("feSquareMULQ(%#x)\n got %#x\nwant %#x", a.l, direct.l, want.l)
		}
		x := a
		feSquareMULQ(&x.l, &x.l)
		if x.l != want.l {
			t.Fatalf("feSquareMULQ(out=a, %#x)\n got %#x\nwant %#x", a.l, x.l, want.l)
		}
		feSquareAsm(&entry.l, &a.l)
		if entry.l != want.l {
			t.Fatalf("feSquareAsm(%#x) with pathMULQ\n got %#x\nwant %#x", a.l, entry.l, want.l)
		}
	}

	// Every element with limbs from these, the largest at the bound.
	corners := []uint64{0, 1<<51 - 1, 3<<51 - 1, 1 << 53, seamMax}
	for n := 0; n < 5*5*5*5*5; n++ {
		var a Element
		for i, m := 0, n; i < 5; i, m = i+1, m/5 {
			a.l[i] = corners[m%5]
		}
		check(a)
	}
	for range 5000 {
		check(*wideElement(r))
		check(mixedElement(r))
	}
}

// TestAsmSquareEntryMULX checks the other side of feSquareAsm's entry: on
// both MULX settings it must run a MULX code, not jump on to feSquareMULQ.
// Within the seam's bound the two give the same limbs, so it uses an
// input outside it (x4 = 2^54 - 1, where 19 * 2^7 * x4 overflows a word in
// the MULX codes): there the MULX codes agree with each other, as their
// products and columns are the same, and differ from feSquareMULQ. The two
// MULX codes differ only in how the carry pass is written, which no output
// can show.
func TestAsmSquareEntryMULX(t *testing.T) {
	var a Element
	a.l = [5]uint64{1, 1, 1, 1, seamMax}
	var plain Element
	feSquareMULQ(&plain.l, &a.l)
	var got []Element
	for _, p := range asmPaths {
		if p.squarePath == pathMULQ {
			continue
		}
		t.Run(p.name, func(t *testing.T) {
			selectPath(t, p)
			var out Element
			feSquareAsm(&out.l, &a.l)
			if out.l == plain.l {
				t.Fatalf("feSquareAsm(%#x) on %s gives feSquareMULQ's limbs %#x: the entry did not run a MULX code", a.l, p.name, out.l)
			}
			got = append(got, out)
		})
	}
	if len(got) == 2 && got[0] != got[1] {
		t.Errorf("the two MULX codes differ on %#x: %#x and %#x", a.l, got[0].l, got[1].l)
	}
}

// TestAsmMulEntry checks that feMulAsm's entry reaches the scaled form on
// the MULX-mem setting and the unscaled forms on the others. Within the
// seam's bound all three give the same limbs, so it uses a0 = 2^58,
// outside it: the scaled form keeps 2^8*a0 in a word, where that is 2^66 =
// 0 (mod 2^64), so it computes the product of a with a0 = 0, while the MULQ
// and MULX forms, whose columns stay far below 2^128 for this a and b,
// compute that of a itself, as feMulGeneric does.
func TestAsmMulEntry(t *testing.T) {
	a := Element{[5]uint64{1 << 58, 1, 2, 3, 4}}
	b := Element{[5]uint64{5, 6, 7, 8, 9}}
	aScaled := a
	aScaled.l[0] = 0
	var exact, wrapped Element
	feMulGeneric(&exact, &a, &b)
	feMulGeneric(&wrapped, &aScaled, &b)
	if exact == wrapped {
		t.Fatal("the two expected products coincide; the test cannot tell the forms apart")
	}
	for _, p := range asmPaths {
		t.Run(p.name, func(t *testing.T) {
			selectPath(t, p)
			want, form := exact, "an unscaled form"
			if p.mulPath == pathMULXMem {
				want, form = wrapped, "the scaled form"
			}
			var out Element
			feMulAsm(&out.l, &a.l, &b.l)
			if out != want {
				t.Fatalf("feMulAsm(%#x, %#x) on %s = %#x, want %#x from %s", a.l, b.l, p.name, out.l, want.l, form)
			}
		})
	}
}
