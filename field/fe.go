// Package field implements constant-time arithmetic in GF(2^255 - 19), the
// base field of Curve25519 and edwards25519 (RFC 7748, RFC 8032).
//
// The API mirrors filippo.io/edwards25519/field: an Element is set and
// returned by its methods, like a math/big.Int, and every argument may alias
// the receiver. Nothing in this package branches on, or indexes memory by,
// the value of an Element.
package field

import (
	"encoding/binary"
	"errors"
	"math/bits"
)

// Element is a member of GF(p), p = 2^255 - 19. It is meant for the
// coordinates of edwards25519 points; the field itself is not a
// cryptographically hard group.
//
// The zero value is the element 0. Methods set and return their receiver,
// and arguments and receivers may be the same Element. Bytes, Equal and
// IsNegative look at the canonical value, in [0, p).
type Element struct {
	// Representation: five unsigned limbs in radix 2^51,
	//
	//	value = l[0] + l[1]*2^51 + l[2]*2^102 + l[3]*2^153 + l[4]*2^204  (mod p),
	//
	// so a value has many representations.
	//
	// Invariant: every limb is below 2^51 + 2^18. Each operation that computes
	// limbs finishes with carryPass (fe_generic.go), whose output obeys this
	// bound for any 64-bit input words; SetBytes, SetWideBytes, Zero and One
	// produce limbs below 2^51 or run carryPass; Set, Select, Swap and Absolute
	// only move limbs that already obey it. The multiplication seam accepts much
	// more (limbs below 2^54, see feMulGeneric), the squaring seam less: limbs
	// below 3*2^51, which the single squaring on amd64 needs (see the scaled
	// single squaring in _asm/main.go); that still covers the invariant and a
	// sum of two Elements.
	l [5]uint64
}

// p in limbs, doubled: 2p = 2^256 - 38 = (2^52 - 38) + (2^52 - 2)*2^51 + ...
// Each limb is at least 2^52 - 38 > 2^51 + 2^18, so subtracting an Element
// that obeys the invariant from it never underflows (see Subtract).
const (
	twoP0    = 1<<52 - 38
	twoPHigh = 1<<52 - 2
)

// Zero sets v = 0 and returns v.
func (v *Element) Zero() *Element {
	*v = Element{}
	return v
}

// One sets v = 1 and returns v.
func (v *Element) One() *Element {
	*v = Element{l: [5]uint64{1, 0, 0, 0, 0}}
	return v
}

// Set copies a into v and returns v.
func (v *Element) Set(a *Element) *Element {
	// Limb by limb: a copy of the whole array may be made with 16-byte
	// loads, and a 16-byte load of two limbs that were just stored one by
	// one (as every multiply stores its result) waits for the stores to
	// leave the store buffer (docs/PERFORMANCE.md, "Copies of limbs").
	v.l[0], v.l[1], v.l[2], v.l[3], v.l[4] = a.l[0], a.l[1], a.l[2], a.l[3], a.l[4]
	return v
}

// loadLimbs reads a 32-byte little-endian integer x (all 256 bits) into
// radix-2^51 limbs. Limbs 0..3 are below 2^51; limb 4 holds bits 204..255
// and is below 2^52.
//
// The four 64-bit words w0..w3 are cut at bits 51, 102, 153 and 204:
//
//	limb 0 = w0 bits 0..50
//	limb 1 = w0 bits 51..63 (13 bits) | w1 bits 0..37  shifted up by 13
//	limb 2 = w1 bits 38..63 (26 bits) | w2 bits 0..24  shifted up by 26
//	limb 3 = w2 bits 25..63 (39 bits) | w3 bits 0..11  shifted up by 39
//	limb 4 = w3 bits 12..63 (52 bits)
//
// The limbs are five results rather than an array, so that they stay in
// registers (see canonical).
func loadLimbs(x []byte) (l0, l1, l2, l3, l4 uint64) {
	w0 := binary.LittleEndian.Uint64(x[0:8])
	w1 := binary.LittleEndian.Uint64(x[8:16])
	w2 := binary.LittleEndian.Uint64(x[16:24])
	w3 := binary.LittleEndian.Uint64(x[24:32])
	return w0 & mask51,
		(w0>>51 | w1<<13) & mask51,
		(w1>>38 | w2<<26) & mask51,
		(w2>>25 | w3<<39) & mask51,
		w3 >> 12
}

// SetBytes sets v to the 32-byte little-endian integer x and returns v.
//
// As in RFC 7748 decoding, the top bit of x[31] is ignored and the
// non-canonical values p through 2^255 - 1 are accepted (and reduced). RFC
// 8032 asks for rejection of those; Ed25519 implementations commonly do not.
//
// If len(x) is not 32, SetBytes returns nil and an error, and v is not
// modified.
func (v *Element) SetBytes(x []byte) (*Element, error) {
	if len(x) != 32 {
		return nil, errors.New("edwards25519: invalid field element input size")
	}
	l0, l1, l2, l3, l4 := loadLimbs(x)
	v.l[0], v.l[1], v.l[2], v.l[3], v.l[4] = l0, l1, l2, l3, l4&mask51 // drop bit 255
	return v, nil
}

// SetWideBytes sets v to the 64-byte little-endian integer x reduced modulo
// p, and returns v.
//
// If len(x) is not 64, SetWideBytes returns nil and an error, and v is not
// modified.
//
// SetWideBytes exists for compatibility: for a uniformly random 32-byte
// string, SetBytes already gives a value whose bias is below 2^-250.
func (v *Element) SetWideBytes(x []byte) (*Element, error) {
	if len(x) != 64 {
		return nil, errors.New("edwards25519: invalid SetWideBytes input size")
	}
	// x = lo + hi*2^256 with lo, hi < 2^256, and 2^256 = 2*19 = 38 (mod p).
	// pre of carryPass (any words): limbs of lo and hi are below 2^52, so
	// lo_i + 38*hi_i < 39 * 2^52 < 2^58.
	lo0, lo1, lo2, lo3, lo4 := loadLimbs(x[:32])
	hi0, hi1, hi2, hi3, hi4 := loadLimbs(x[32:])
	carryPass(v, lo0+38*hi0, lo1+38*hi1, lo2+38*hi2, lo3+38*hi3, lo4+38*hi4)
	return v, nil
}

// canonical returns the limbs of the representative of v in [0, p), each
// below 2^51.
//
// pre:  v obeys the invariant, so its value V is below
// 2^255 + 2^18*(1 + 2^51 + ... + 2^204) < 2^255 + 2^223 < 2p - 19.
// why:  q = floor((V + 19) / 2^255) is then 0 or 1, and it is 1 exactly when
// V >= p. The chain below computes q without ever forming V: adding 19 to
// limb 0 and passing each limb's carry up is floor division by 2^51 per
// step, and nested floors compose (floor((x + floor(y/a))/b) =
// floor((x*a + y)/(a*b))). V - q*p = (V + 19q) - q*2^255; after a full
// sequential carry of V + 19q (which is below 2^256), bit 255 is exactly q,
// so clearing it subtracts q*2^255.
//
// The limbs are read one by one and returned as five results, which the
// register ABI keeps in registers: an array result would be copied through
// memory, for the reason Set copies limb by limb.
func (v *Element) canonical() (l0, l1, l2, l3, l4 uint64) {
	q := (v.l[0] + 19) >> 51
	q = (v.l[1] + q) >> 51
	q = (v.l[2] + q) >> 51
	q = (v.l[3] + q) >> 51
	q = (v.l[4] + q) >> 51

	// The sequential carry of V + 19q. Each sum keeps its own bits above 51
	// until the end: only the carry it passes up needs them.
	l0 = v.l[0] + 19*q
	l1 = v.l[1] + l0>>51
	l2 = v.l[2] + l1>>51
	l3 = v.l[3] + l2>>51
	l4 = v.l[4] + l3>>51
	return l0 & mask51, l1 & mask51, l2 & mask51, l3 & mask51, l4 & mask51
}

// Bytes returns the canonical 32-byte little-endian encoding of v (the
// representative in [0, p), so bit 255 is always clear), in a new slice.
func (v *Element) Bytes() []byte {
	// Small enough to be inlined: when the caller keeps the slice local, the
	// array does not escape and no allocation happens.
	var out [32]byte
	return v.fillBytes(&out)
}

// fillBytes writes the canonical encoding of v into out and returns out[:].
// It packs the 51-bit limbs back into four 64-bit words (the inverse of the
// cut described at loadLimbs).
func (v *Element) fillBytes(out *[32]byte) []byte {
	l0, l1, l2, l3, l4 := v.canonical()
	binary.LittleEndian.PutUint64(out[0:8], l0|l1<<51)
	binary.LittleEndian.PutUint64(out[8:16], l1>>13|l2<<38)
	binary.LittleEndian.PutUint64(out[16:24], l2>>26|l3<<25)
	binary.LittleEndian.PutUint64(out[24:32], l3>>39|l4<<12)
	return out[:]
}

// Equal returns 1 if v and u represent the same field element, and 0
// otherwise. It compares canonical representatives in constant time.
func (v *Element) Equal(u *Element) int {
	a0, a1, a2, a3, a4 := v.canonical()
	b0, b1, b2, b3, b4 := u.canonical()
	diff := (a0 ^ b0) | (a1 ^ b1) | (a2 ^ b2) | (a3 ^ b3) | (a4 ^ b4)
	// diff < 2^51: diff - 1 has its top bit set exactly when diff == 0.
	return int((diff - 1) >> 63)
}

// IsNegative reports, as 1 or 0, whether v is negative: in the convention
// of RFC 8032 and RFC 9496, whether its canonical encoding is odd.
func (v *Element) IsNegative() int {
	l0, _, _, _, _ := v.canonical()
	return int(l0 & 1)
}

// condMask turns cond (0 or 1) into a word of all zeros or all ones.
func condMask(cond int) uint64 {
	return -uint64(cond)
}

// Select sets v to a when cond is 1 and to b when cond is 0, in constant
// time, and returns v. Other values of cond are not supported.
func (v *Element) Select(a, b *Element, cond int) *Element {
	// Limb by limb, each written after its two reads, so v may be a or b;
	// spelled out, since the compiler does not unroll the loop it would be.
	m := condMask(cond)
	v.l[0] = b.l[0] ^ (m & (a.l[0] ^ b.l[0]))
	v.l[1] = b.l[1] ^ (m & (a.l[1] ^ b.l[1]))
	v.l[2] = b.l[2] ^ (m & (a.l[2] ^ b.l[2]))
	v.l[3] = b.l[3] ^ (m & (a.l[3] ^ b.l[3]))
	v.l[4] = b.l[4] ^ (m & (a.l[4] ^ b.l[4]))
	return v
}

// Swap exchanges v and u when cond is 1 and leaves both unchanged when cond
// is 0, in constant time. Other values of cond are not supported.
func (v *Element) Swap(u *Element, cond int) {
	// Spelled out limb by limb, as Select.
	m := condMask(cond)
	d0 := m & (v.l[0] ^ u.l[0])
	d1 := m & (v.l[1] ^ u.l[1])
	d2 := m & (v.l[2] ^ u.l[2])
	d3 := m & (v.l[3] ^ u.l[3])
	d4 := m & (v.l[4] ^ u.l[4])
	v.l[0] ^= d0
	v.l[1] ^= d1
	v.l[2] ^= d2
	v.l[3] ^= d3
	v.l[4] ^= d4
	u.l[0] ^= d0
	u.l[1] ^= d1
	u.l[2] ^= d2
	u.l[3] ^= d3
	u.l[4] ^= d4
}

// Absolute sets v to u or -u, whichever is non-negative (see IsNegative),
// and returns v.
func (v *Element) Absolute(u *Element) *Element {
	var minus Element
	minus.Negate(u)
	return v.Select(&minus, u, u.IsNegative())
}

// Add stores a + b in v and returns v.
func (v *Element) Add(a, b *Element) *Element {
	// a and b obey the invariant, so a_i + b_i < 2^53 (carryPass takes any
	// word).
	carryPass(v, a.l[0]+b.l[0], a.l[1]+b.l[1], a.l[2]+b.l[2],
		a.l[3]+b.l[3], a.l[4]+b.l[4])
	return v
}

// Subtract stores a - b in v and returns v.
func (v *Element) Subtract(a, b *Element) *Element {
	// a + 2p - b limb by limb. b obeys the invariant, so b_0 < 2^51 + 2^18
	// <= 2^52 - 38 and b_i <= 2^52 - 2: no limb underflows, and each sum is
	// below 2^51 + 2^18 + 2^52 < 2^53.
	carryPass(v,
		a.l[0]+twoP0-b.l[0],
		a.l[1]+twoPHigh-b.l[1],
		a.l[2]+twoPHigh-b.l[2],
		a.l[3]+twoPHigh-b.l[3],
		a.l[4]+twoPHigh-b.l[4])
	return v
}

// Negate sets v = -a and returns v.
func (v *Element) Negate(a *Element) *Element {
	// 2p - a limb by limb, with the bounds of Subtract.
	carryPass(v,
		twoP0-a.l[0],
		twoPHigh-a.l[1],
		twoPHigh-a.l[2],
		twoPHigh-a.l[3],
		twoPHigh-a.l[4])
	return v
}

// Multiply sets v = a * b and returns v. Its running time does not depend
// on the values.
func (v *Element) Multiply(a, b *Element) *Element {
	feMul(v, a, b)
	return v
}

// Mult32 stores x·y in v, for a small factor y, and returns v: cheaper than
// a Multiply by the Element y.
func (v *Element) Mult32(x *Element, y uint32) *Element {
	// Steps 2 to 4 of fe_generic.go's algorithm on the column sums
	// r_i = x_i*y. For limbs below 2^54, as Multiply takes them (the
	// invariant's, or the lazy sums of internal/lazyfe), each is below
	// 2^54 * 2^32 = 2^86, so c_i < 2^35 and t_0 = m_0 + 19*c_4 <
	// 2^51 + 19*2^35 < 2^64. Written out, as in feMulGeneric, so that no
	// call and no inline mark is left in the function; every limb of x is
	// read before v is written, so v may be x.
	m := uint64(y)
	h0, l0 := bits.Mul64(x.l[0], m)
	h1, l1 := bits.Mul64(x.l[1], m)
	h2, l2 := bits.Mul64(x.l[2], m)
	h3, l3 := bits.Mul64(x.l[3], m)
	h4, l4 := bits.Mul64(x.l[4], m)
	c0, m0 := h0<<13|l0>>51, l0&mask51 // split51, written out
	c1, m1 := h1<<13|l1>>51, l1&mask51
	c2, m2 := h2<<13|l2>>51, l2&mask51
	c3, m3 := h3<<13|l3>>51, l3&mask51
	c4, m4 := h4<<13|l4>>51, l4&mask51
	carryPass(v, m0+19*c4, m1+c0, m2+c1, m3+c2, m4+c3)
	return v
}

// Square sets v = a * a and returns v. It is faster than Multiply(a, a) and
// gives the same limbs.
func (v *Element) Square(a *Element) *Element {
	feSquare(v, a)
	return v
}

// squareTimes sets v = x^(2^n) by n >= 1 successive squarings, in one call
// of the seam (feSquareN), which on amd64 keeps the limbs in registers
// between squarings.
func (v *Element) squareTimes(x *Element, n int) *Element {
	feSquareN(v, x, n)
	return v
}

// powChain sets ones250 = z^(2^250 - 1) and z11 = z^11; ones250 and z11 must
// not alias z or each other.
//
// Both Fermat exponents share this prefix:
//
//	(p - 5) / 8 = 2^252 - 3  = (2^250 - 1)*2^2 + 1    (Pow22523)
//	p - 2       = 2^255 - 21 = (2^250 - 1)*2^5 + 11   (invertFermat, the
//	                                                   tests' second oracle
//	                                                   for Invert)
//
// Write ones(n) for z^(2^n - 1), whose exponent is a run of n one bits.
// Squaring k times shifts the run left by k, and multiplying by ones(k)
// fills the k zero bits: ones(n+k) = ones(n)^(2^k) * ones(k). The run is
// grown 5 -> 10 -> 20 -> 40 -> 50 -> 100 -> 200 -> 250, doubling where
// possible and reusing ones(10) and ones(50) to land on 250. ones(5) = z^31
// comes from the small exponents 2, 8, 9, 11, 22, 31 (9 = 8+1, 11 = 9+2,
// 22 = 2*11, 31 = 22+9), which also gives z^11.
//
// Cost: 249 squarings and 10 multiplications.
func powChain(ones250, z11, z *Element) {
	var e2, e9, t, ones5, ones10, ones20, ones50, ones100 Element

	e2.Square(z)                // z^2
	t.squareTimes(&e2, 2)       // z^8
	e9.Multiply(&t, z)          // z^9
	z11.Multiply(&e9, &e2)      // z^11
	t.Square(z11)               // z^22
	ones5.Multiply(&t, &e9)     // z^31 = ones(5)
	t.squareTimes(&ones5, 5)    //
	ones10.Multiply(&t, &ones5) // ones(10)
	t.squareTimes(&ones10, 10)
	ones20.Multiply(&t, &ones10) // ones(20)
	t.squareTimes(&ones20, 20)
	t.Multiply(&t, &ones20) // ones(40)
	t.squareTimes(&t, 10)
	ones50.Multiply(&t, &ones10) // ones(50)
	t.squareTimes(&ones50, 50)
	ones100.Multiply(&t, &ones50) // ones(100)
	t.squareTimes(&ones100, 100)
	t.Multiply(&t, &ones100) // ones(200)
	t.squareTimes(&t, 50)
	ones250.Multiply(&t, &ones50) // ones(250)
}

// Invert stores 1/z in v and returns v; for z = 0 it stores 0. Its running
// time does not depend on z, zero included.
func (v *Element) Invert(z *Element) *Element {
	// The constant-time division steps of Bernstein and Yang
	// (invertDivsteps, fe_invert.go): 590 branch-free steps on machine
	// words, whatever z is. The steps run on z·c for the fixed element c =
	// denseElement (on c itself when z = 0), and the result is multiplied by
	// c again: 1/(z·c)·c = 1/z. So the words the steps work on look random
	// even for inputs of low weight such as 0 and 1, on which dudect told the
	// steps apart from random inputs on AMD Zen 5 (docs/SECURITY.md). The
	// zero case is selected by mask, so it costs the same as any other
	// input: two multiplications more than the steps alone.
	zero := isZero(z)
	var w, none Element
	w.Multiply(z, &denseElement)
	w.Select(&denseElement, &w, zero)
	invertDivsteps(&w, &w)
	w.Multiply(&w, &denseElement)
	return v.Select(&none, &w, zero)
}

// Pow22523 sets v = x^((p-5)/8) = x^(2^252 - 3) and returns v. This power
// is the core of square-root computations in GF(p) (RFC 8032 section
// 5.1.3, RFC 9496 section 4.2).
func (v *Element) Pow22523(x *Element) *Element {
	pow22523(v, x)
	return v
}

// pow22523Chain is Pow22523 by calls of the seam: powChain, two squarings
// and a product. pow22523 (fe_amd64.go and the other bindings) runs it, or
// on amd64 a routine that computes the same limbs in one call.
func pow22523Chain(v, x *Element) {
	var ones250, z11 Element
	powChain(&ones250, &z11, x)
	ones250.squareTimes(&ones250, 2) // x^(2^252 - 4)
	v.Multiply(&ones250, x)          // x^(2^252 - 3)
}

// sqrtM1 is the non-negative square root of -1 mod p,
// 19681161376707505956807079304988542015446066515923890162744021073123829784752
// (RFC 9496 section 4.1, SQRT_M1), in radix-2^51 limbs.
var sqrtM1 = Element{l: [5]uint64{
	0x61b274a0ea0b0, 0xd5a5fc8f189d, 0x7ef5e9cbd0c60, 0x78595a6804c9e, 0x2b8324804fc1d,
}}

// SqrtRatio sets r to the non-negative square root of u/v, following
// SQRT_RATIO_M1 of RFC 9496 section 4.2, and returns r together with 1 if
// u/v is a square and 0 if it is not.
//
// When u/v is not a square, r is set to the non-negative square root of
// SQRT_M1*u/v instead. When u is 0, r is 0 and the result is 1; when v is 0
// and u is not, r is 0 and the result is 0. The running time does not depend
// on u or v.
func (r *Element) SqrtRatio(u, v *Element) (R *Element, wasSquare int) {
	// Candidate root (RFC 9496): cand = u*v^3 * (u*v^7)^((p-5)/8).
	var v2, uv3, uv7, cand Element
	v2.Square(v)               // v^2
	uv3.Multiply(u, v)         // u*v
	uv3.Multiply(&uv3, &v2)    // u*v^3
	uv7.Square(&v2)            // v^4
	uv7.Multiply(&uv7, &uv3)   // u*v^7
	cand.Pow22523(&uv7)        //
	cand.Multiply(&cand, &uv3) // candidate

	// check = v*cand^2 is u, -u, or +-SQRT_M1*u, depending on which of
	// u/v and SQRT_M1*u/v is a square and on the sign picked. Compare it
	// with u and with the two targets that need a fix-up.
	var check, target Element
	check.Multiply(check.Square(&cand), v)
	rightSign := check.Equal(u)
	target.Negate(u)
	flipped := check.Equal(&target)
	target.Multiply(&target, &sqrtM1)
	flippedI := check.Equal(&target)

	// A flipped sign is corrected by a factor SQRT_M1 (its square is -1).
	var rotated Element
	rotated.Multiply(&cand, &sqrtM1)
	cand.Select(&rotated, &cand, flipped|flippedI)

	r.Absolute(&cand)
	return r, rightSign | flipped
}
