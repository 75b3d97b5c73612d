// Package ifma52 is the portable arithmetic on four field elements held in
// the four 64-bit lanes of an AVX-512 IFMA register: the multiplication into
// columns and the carry, computed as VPMADD52LUQ and VPMADD52HUQ compute
// them, and the constants they need. The root package's IFMA backend
// (vec_ifma.go) and the x25519 package's four-lane ladder
// (x25519/ladder_ifma.go) build their portable twins on it, the code that
// their assembly kernels (written with _asm/internal/ifma52) must match limb
// for limb. It is pure Go and compiled on every target; vec_ifma_test.go in
// the root package checks it against math/big.
//
// # Representation
//
// A Lanes holds four elements of GF(2^255 - 19) in radix 2^51, limb-major:
// v[k][l] is limb k, of weight 2^(51·k), of lane l, so that limb k of the
// four lanes is one 32-byte register. The bounds, limb by limb:
//
//	reduced:  < 2^51 + 2^18   (what Carry returns, whatever came in)
//	loose:    < 2^52          (what MulColumns accepts: IFMA reads 52 bits)
//
// # Multiplication
//
// For loose a and b, each product a_i·b_j < 2^104 splits as lo_ij +
// hi_ij·2^52 with lo_ij, hi_ij < 2^52, the two halves that VPMADD52LUQ and
// VPMADD52HUQ add. The product has weight 2^(51(i+j)), so its high half has
// weight 2^(51(i+j)) · 2^52 = 2 · 2^(51(i+j+1)): it belongs to the next
// column, doubled. The ten columns of a·b are
//
//	z_s = Σ_{i+j=s} lo_ij + 2·Σ_{i+j=s-1} hi_ij          (s = 0..9)
//
// and since 2^(51(k+5)) = 2^255 · 2^(51k) ≡ 19 · 2^(51k) (mod p), the five
// limbs of a·b mod p are
//
//	f_k = z_k + 19·z_(k+5)                               (k = 0..4)
//
// The factors 2 and 19 go on the sums, not on an operand limb: 2·a_i or
// 19·b_j would not fit the 52 bits that IFMA reads. The order of the
// additions does not change a bit of the result (integer sums below 2^64
// are exact), so the kernels may order the 50 products as they like.
//
// Bounds: N(s) pairs (i, j) have i + j = s, namely 1, 2, 3, 4, 5, 4, 3, 2, 1
// for s = 0..8, so z_k < (N(k) + 2·N(k-1))·2^52 = (3k + 1)·2^52 and
// z_(k+5) < (N(k+5) + 2·N(k+4))·2^52 = (14 - 3k)·2^52, and
//
//	f_k < (3k + 1 + 19·(14 - 3k))·2^52 = (267 - 54k)·2^52 ≤ 267·2^52 < 2^60.1
//
// (proved for every loose input by TestIFMAMulBounds in the root package).
// These uncarried limbs are the "columns".
//
// # The carry
//
// Carry is one parallel round: c_k = v_k >> 51 for every k at once, then
// v_k = (v_k mod 2^51) + c_(k-1), and v_0 = (v_0 mod 2^51) + 19·c_4. For any
// 64-bit limbs c_k < 2^13, so limbs 1..4 come out below 2^51 + 2^13 and
// limb 0 below 2^51 + 19·2^13 < 2^51 + 2^18: reduced, whatever came in.
// (19·c_4 < 2^18 is one exact VPMADD52LUQ by 19.) The value changes by
// c_4·(2^255 - 19), a multiple of p.
package ifma52

import "math/bits"

// Limbs is the number of radix-2^51 limbs of a field element.
const Limbs = 5

// Lanes is four field elements in radix 2^51, as [limb][lane].
type Lanes = [Limbs][4]uint64

const (
	Mask51 = 1<<51 - 1
	Mask52 = 1<<52 - 1
)

// P, TwoP and Beta are p, 2p and β = 2^10·p in radix 2^51, limb by limb.
// Each limb of β is above every column (267·2^52), so a difference x + β - y
// of columns never underflows.
var (
	P    = [Limbs]uint64{1<<51 - 19, 1<<51 - 1, 1<<51 - 1, 1<<51 - 1, 1<<51 - 1}
	TwoP = [Limbs]uint64{1<<52 - 38, 1<<52 - 2, 1<<52 - 2, 1<<52 - 2, 1<<52 - 2}
	Beta = [Limbs]uint64{(1<<51 - 19) << 10, (1<<51 - 1) << 10, (1<<51 - 1) << 10, (1<<51 - 1) << 10, (1<<51 - 1) << 10}
)

// Madd52Lo and Madd52Hi are VPMADD52LUQ and VPMADD52HUQ on one lane: acc
// plus the low or the high 52 bits of the 104-bit product of the low 52
// bits of a and b, modulo 2^64.
func Madd52Lo(acc, a, b uint64) uint64 { return acc + (a&Mask52)*(b&Mask52)&Mask52 }

func Madd52Hi(acc, a, b uint64) uint64 {
	hi, lo := bits.Mul64(a&Mask52, b&Mask52)
	return acc + (hi<<12 | lo>>52)
}

// MulColumns sets f to the columns f_k = z_k + 19·z_(k+5) of a·b lane by
// lane, not carried: f_k < (267 - 54k)·2^52 for loose a and b. f may alias
// a or b.
func MulColumns(f, a, b *Lanes) {
	var out Lanes
	for l := range 4 {
		var z [2 * Limbs]uint64
		for i := range Limbs {
			for j := range Limbs {
				z[i+j] = Madd52Lo(z[i+j], a[i][l], b[j][l])
				z[i+j+1] += 2 * Madd52Hi(0, a[i][l], b[j][l])
			}
		}
		for k := range Limbs {
			out[k][l] = z[k] + 19*z[k+Limbs]
		}
	}
	*f = out
}

// Carry runs one parallel carry round on v: any 64-bit limbs come out
// reduced, with the same value mod p.
func Carry(v *Lanes) {
	for l := range 4 {
		var c [Limbs]uint64
		for k := range v {
			c[k] = v[k][l] >> 51
			v[k][l] &= Mask51
		}
		v[0][l] = Madd52Lo(v[0][l], c[4], 19)
		for k := 1; k < Limbs; k++ {
			v[k][l] += c[k-1]
		}
	}
}
