package x25519

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/seed06d4b90c/edwards25519/field"
	"github.com/seed06d4b90c/edwards25519/internal/ifma52"
)

// Tests of the four-lane ladder: the kernel against its twin limb for limb
// (one step and whole ladders, on random states), the twin against the
// formulas on math/big (one step, state limbs up to their bounds) and
// against ladderGeneric (whole ladders, value for value), and the zero-limb
// property of ladder_ifma.go.

// bigLane returns the value mod p of lane l of v.
func bigLane(v *ifmaLanes, l int) *big.Int {
	n := new(big.Int)
	for k := 4; k >= 0; k-- {
		n.Lsh(n, 51)
		n.Add(n, new(big.Int).SetUint64(v[k][l]))
	}
	return n.Mod(n, bigP)
}

// ifmaColumnBound is the bound of limb k of a product's columns, (267 -
// 54k)·2^52, which the state's limbs may reach.
func ifmaColumnBound(k int) uint64 { return uint64(267-54*k) << 52 }

// randomLadderState returns a state with limbs of one of several kinds:
// random below the column bound, random reduced, random 51-bit, at the
// column bound minus one, p's limbs, or zero.
func randomLadderState(r *rand.Rand) ifmaLanes {
	var s ifmaLanes
	kind := r.IntN(6)
	for k := range s {
		for l := range s[k] {
			switch kind {
			case 0:
				s[k][l] = r.Uint64N(ifmaColumnBound(k))
			case 1:
				s[k][l] = r.Uint64N(1<<51 + 1<<18)
			case 2:
				s[k][l] = r.Uint64() & ifma52.Mask51
			case 3:
				s[k][l] = ifmaColumnBound(k) - 1
			case 4:
				s[k][l] = ifma52.P[k]
			case 5:
				s[k][l] = 0
			}
		}
	}
	return s
}

// randomR3 returns a round-3 operand (1, ., 1, x1) with x1 reduced, at the
// bound 2^51 + 2^18 - 1 one time in four; lane 1 is random, since the step
// does not read it.
func randomR3(r *rand.Rand) ifmaLanes {
	var r3 ifmaLanes
	top := r.IntN(4) == 0
	for k := range r3 {
		r3[k][1] = r.Uint64()
		r3[k][3] = r.Uint64N(1<<51 + 1<<18)
		if top {
			r3[k][3] = 1<<51 + 1<<18 - 1
		}
	}
	r3[0][0], r3[0][2] = 1, 1
	return r3
}

// ladderKernel is one implementation of ifmaLadderKernel under test.
type ladderKernel struct {
	name string
	run  func(s *ifmaLanes, k *[32]byte, r3 *ifmaLanes, n int)
}

// forEachKernel runs f as a subtest on each of ladderKernels.
func forEachKernel(t *testing.T, f func(t *testing.T, kernel ladderKernel)) {
	for _, kernel := range ladderKernels(t) {
		t.Run(kernel.name, func(t *testing.T) { f(t, kernel) })
	}
}

// TestIFMALadderKernelStep runs the kernel for one step (n = 1, both values
// of the bit) on random states and compares every limb with the twin's.
func TestIFMALadderKernelStep(t *testing.T) {
	forEachKernel(t, func(t *testing.T, kernel ladderKernel) {
		r := xRand(t)
		for i := range 2000 {
			s, r3 := randomLadderState(r), randomR3(r)
			k := [32]byte{0: byte(i & 1)}
			want, got := s, s
			ifmaLadderGeneric(&want, &k, &r3, 1)
			kernel.run(&got, &k, &r3, 1)
			if got != want {
				t.Fatalf("state %d (bit %d): kernel\n%x\ntwin\n%x\nfrom\n%x", i, i&1, got, want, s)
			}
		}
	})
}

// TestIFMALadderKernelWhole runs the kernel for whole ladders, n random in
// 1..256 and n = 255, on random states, scalars and operands, and compares
// every limb with the twin's.
func TestIFMALadderKernelWhole(t *testing.T) {
	forEachKernel(t, func(t *testing.T, kernel ladderKernel) {
		r := xRand(t)
		count := 200
		if kernel.name == "interpreted" && testing.Short() {
			count = 20 // the interpreter takes about 5 ms a ladder, 50 under the race detector
		}
		for i := range count {
			s, r3 := randomLadderState(r), randomR3(r)
			k := [32]byte(xBytes(r, 32))
			n := 1 + r.IntN(256)
			if i%2 == 0 {
				n = ifmaLadderSteps
			}
			if i%10 == 1 {
				k = [32]byte{31: 0x40} // the clamped 2^254
			}
			want, got := s, s
			ifmaLadderGeneric(&want, &k, &r3, n)
			kernel.run(&got, &k, &r3, n)
			if got != want {
				t.Fatalf("ladder %d (n %d, k %x): kernel\n%x\ntwin\n%x", i, n, k, got, want)
			}
		}
	})
}

// TestIFMALadderStepValues checks one step of the twin, lane by lane,
// against the formulas on math/big: with the mask 0 the step is (2·R0,
// R0 + R1); with all ones it is the same on the state with its pairs
// exchanged. The states are random (limbs up to the column bound, as
// between steps), and the first 81 put 0, 1 and -1 in every combination
// of lanes.
func TestIFMALadderStepValues(t *testing.T) {
	r := xRand(t)
	edges := []*big.Int{big.NewInt(0), big.NewInt(1), new(big.Int).Sub(bigP, big.NewInt(1))}
	for i := range 81 + 1000 {
		var s ifmaLanes
		if i < 81 {
			for j, pow3 := 0, 1; j < 4; j, pow3 = j+1, pow3*3 {
				var e field.Element
				e.SetBytes(bigLE32(edges[i/pow3%3]))
				for k, l := range ifmaLimbs(&e) {
					s[k][j] = l
				}
			}
		} else {
			s = randomLadderState(r)
		}
		r3 := randomR3(r)
		var in [4]*big.Int
		for l := range in {
			in[l] = bigLane(&s, l)
		}
		m := uint64(0)
		if i%2 == 1 {
			m = ^uint64(0)
		}
		if m != 0 {
			in = [4]*big.Int{in[2], in[3], in[0], in[1]}
		}
		want := bigStep(in, bigLane(&r3, 3))
		got := s
		ifmaLadderStep(&got, &r3, m)
		for l, name := range []string{"x2", "z2", "x3", "z3"} {
			if v := bigLane(&got, l); v.Cmp(want[l]) != 0 {
				t.Fatalf("state %d, mask %x, lane %s: got %v, want %v", i, m, name, v, want[l])
			}
			for k := range got {
				if got[k][l] >= ifmaColumnBound(k) {
					t.Fatalf("state %d, lane %s: limb %d is %#x, above the column bound", i, name, k, got[k][l])
				}
			}
		}
	}
}

// TestIFMALadderMatchesGeneric compares the four-lane ladder with
// ladderGeneric: the twin (ifmaLadderGeneric between the conversions) and
// ladderIFMA (the kernel, where the CPU has it) give the same x2 and the same
// z2, value for value, over edge and random scalars and u-coordinates, low
// order and twist included.
func TestIFMALadderMatchesGeneric(t *testing.T) {
	kernel := !ifmaLadderAsm || ifmaLadderAvailable
	if !kernel {
		t.Log("the CPU cannot run the kernel: the twin only")
	}
	r := xRand(t)
	scalars := edgeScalars()
	for range 10 {
		scalars = append(scalars, xBytes(r, 32))
	}
	us := edgeU()
	for range 30 {
		us = append(us, xBytes(r, 32))
	}
	n := 0
	for _, kb := range scalars {
		k := [32]byte(kb)
		clamp(&k)
		for _, u := range us {
			var x1, gx, gz, tx, tz field.Element
			x1.SetBytes(u)
			ladderGeneric(&gx, &gz, &k, &x1)
			var s, r3 ifmaLanes
			ifmaLadderSetup(&s, &r3, &x1)
			ifmaLadderGeneric(&s, &k, &r3, ifmaLadderSteps)
			ifmaLane(&tx, &s, 0)
			ifmaLane(&tz, &s, 1)
			if gx.Equal(&tx) != 1 || gz.Equal(&tz) != 1 {
				t.Fatalf("k %x u %x: twin (%x : %x), ladderGeneric (%x : %x)",
					k, u, tx.Bytes(), tz.Bytes(), gx.Bytes(), gz.Bytes())
			}
			if kernel {
				var vx, vz field.Element
				ladderIFMA(&vx, &vz, &k, &x1)
				if gx.Equal(&vx) != 1 || gz.Equal(&vz) != 1 {
					t.Fatalf("k %x u %x: ladderIFMA (%x : %x), ladderGeneric (%x : %x)",
						k, u, vx.Bytes(), vz.Bytes(), gx.Bytes(), gz.Bytes())
				}
			}
			n++
		}
	}
	t.Logf("%d ladders compared", n)
}

// TestIFMALadderSetupAndElement checks the conversions at both ends: the
// start state has the values (1, 0, x1, 1) and (1, ., 1, x1) and no lane of
// all-zero limbs, and ifmaLane reads lanes with limbs up to 2^63 back as the
// same value.
func TestIFMALadderSetupAndElement(t *testing.T) {
	r := xRand(t)
	us := edgeU()
	for range 50 {
		us = append(us, xBytes(r, 32))
	}
	for _, u := range us {
		var x1 field.Element
		x1.SetBytes(u)
		var s, r3 ifmaLanes
		ifmaLadderSetup(&s, &r3, &x1)
		bu := bigU(u)
		want := [4]*big.Int{big.NewInt(1), big.NewInt(0), bu, big.NewInt(1)}
		for l := range want {
			if v := bigLane(&s, l); v.Cmp(want[l]) != 0 {
				t.Fatalf("u %x: start lane %d = %v, want %v", u, l, v, want[l])
			}
			if zeroLane(&s, l) {
				t.Fatalf("u %x: start lane %d is all zero limbs", u, l)
			}
		}
		if bigLane(&r3, 0).Cmp(big.NewInt(1)) != 0 || bigLane(&r3, 2).Cmp(big.NewInt(1)) != 0 ||
			bigLane(&r3, 3).Cmp(bu) != 0 || zeroLane(&r3, 3) {
			t.Fatalf("u %x: round-3 operand %x", u, r3)
		}
	}
	for i := range 2000 {
		var v ifmaLanes
		for k := range v {
			for l := range v[k] {
				switch i % 4 {
				case 0:
					v[k][l] = r.Uint64() >> 1
				case 1:
					v[k][l] = 1<<63 - 1
				case 2:
					v[k][l] = ifma52.Mask51 // limbs 2^51 - 1 and above: carries run the whole way
					if k == 0 {
						v[k][l] = ifma52.Mask51 + r.Uint64N(1<<18)
					}
				case 3:
					v[k][l] = r.Uint64N(1<<51 + 1<<18)
				}
			}
		}
		for l := range 4 {
			var e field.Element
			ifmaLane(&e, &v, l)
			if got, want := bigLE(e.Bytes()), bigLane(&v, l); got.Cmp(want) != 0 {
				t.Fatalf("lane %x: ifmaLane gives %v, want %v", v, got, want)
			}
		}
	}
}

func zeroLane(v *ifmaLanes, l int) bool {
	for k := range v {
		if v[k][l] != 0 {
			return false
		}
	}
	return true
}

// TestIFMALadderNoZeroLanes runs the twin's steps one by one from the
// setup, on low-order and edge u with edge and random scalars, and checks
// that no lane of the state is ever all zero limbs, while the values go
// through 0 (the point at infinity, low-order points): that happens, the
// test counts it.
func TestIFMALadderNoZeroLanes(t *testing.T) {
	r := xRand(t)
	scalars := edgeScalars()
	for range 4 {
		scalars = append(scalars, xBytes(r, 32))
	}
	zeroValues := 0
	for _, kb := range scalars {
		k := [32]byte(kb)
		clamp(&k)
		for _, u := range edgeU() {
			var x1 field.Element
			x1.SetBytes(u)
			var s, r3 ifmaLanes
			ifmaLadderSetup(&s, &r3, &x1)
			want := s
			prev := uint64(0)
			for step := ifmaLadderSteps - 1; step >= 0; step-- {
				bit := uint64(k[step>>3]>>(step&7)) & 1
				ifmaLadderStep(&s, &r3, -(bit ^ prev))
				prev = bit
				for l := range 4 {
					if zeroLane(&s, l) {
						t.Fatalf("k %x u %x: lane %d all zero limbs after the step for bit %d", k, u, l, step)
					}
					if bigLane(&s, l).Sign() == 0 {
						zeroValues++
					}
				}
			}
			// The steps above are the twin's ladder.
			ifmaLadderGeneric(&want, &k, &r3, ifmaLadderSteps)
			ifmaSwapPairs(&s, -prev)
			if s != want {
				t.Fatalf("k %x u %x: stepping differs from ifmaLadderGeneric", k, u)
			}
		}
	}
	if zeroValues == 0 {
		t.Fatal("no lane went through the value 0: the inputs do not test the property")
	}
	t.Logf("%d lanes with the value 0, none of them all zero limbs", zeroValues)
}

// TestIFMALadderAllocations checks that the ladder on each path allocates
// nothing.
func TestIFMALadderAllocations(t *testing.T) {
	var x1, x2, z2 field.Element
	x1.SetBytes(bytes.Repeat([]byte{0x5a}, 32))
	k := [32]byte{31: 0x40}
	forEachLadder(t, func(t *testing.T) {
		if n := testing.AllocsPerRun(5, func() { ladder(&x2, &z2, &k, &x1) }); n != 0 {
			t.Errorf("ladder: %v allocations", n)
		}
	})
}

// TestIFMALaneSecondPass gives ifmaLane lanes where one carry pass is not
// enough: limb 0 just below 2^51 and a large limb 4, whose carry, folded
// back as 19 times it, pushes limb 0 to 2^51 or above, with limb 1 odd so
// that the bit above limb 0 is already in use. The value read back must be
// the lane's value mod p.
func TestIFMALaneSecondPass(t *testing.T) {
	r := xRand(t)
	for range 500 {
		var v ifmaLanes
		for l := range 4 {
			c4 := 1<<11 + r.Uint64N(1<<11) // carry out of limb 4: 19·c4 > 2^15
			v[0][l] = ifma52.Mask51 - r.Uint64N(1<<15)
			v[1][l] = r.Uint64N(1<<50)<<1 | 1
			v[2][l] = r.Uint64() & ifma52.Mask51
			v[3][l] = r.Uint64() & ifma52.Mask51
			v[4][l] = c4<<51 | r.Uint64()&ifma52.Mask51
		}
		for l := range 4 {
			var e field.Element
			ifmaLane(&e, &v, l)
			if got, want := bigLE(e.Bytes()), bigLane(&v, l); got.Cmp(want) != 0 {
				t.Fatalf("lane %d of %x: ifmaLane gives %v, want %v", l, v, got, want)
			}
		}
	}
}
