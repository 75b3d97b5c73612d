package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// # The matrix update of the inversion
//
// divstepApplyAsm is the amd64 form of one batch update of the inversion by
// division steps (field/fe_invert.go, "Matrix form, and batches of 62"): with
// the batch matrix t = [ff fg; gf gg] it sets
//
//	(f, g) = t * (f, g) / 2^62
//	(d, e) = (t * (d, e) + (md, me) * p) / 2^62
//
// on five-limb signed62 numbers, computing exactly the limbs of applyToFG
// and applyToDE, its portable twin. All the bounds are those proved there:
// every column sum is below 2^125 in absolute value, so a signed 128-bit
// accumulator hi:lo holds it exactly.
//
// What the assembly has that the Go code cannot: the one-operand IMUL gives
// the signed 128-bit product of two words in DX:AX, where Go's bits.Mul64
// is unsigned and mulAdd corrects its high word with two masked
// subtractions; an accumulator is added with ADD and ADC; and the floor
// division by 2^62 of hi:lo is one SHRD (the low word becomes lo >> 62 |
// hi << 2) and one SAR of the high word by 62.
//
// Each output row is one accumulator, so the two rows of t run side by side
// (four rows in all, two per phase). Column i adds t_r0 * x_i + t_r1 * y_i to
// row r's accumulator; after column i >= 1 the low 62 bits of the
// accumulator are limb i-1 of the result, and after column 4 the shifted
// accumulator's low word is limb 4 (small and signed). Column 0 is divisible
// by 2^62 by the choice of t (and of md, me), so its shift loses nothing.
// Limb i of an input is read in column i and limb i-1 of the same number is
// written after it, so the update is in place.
//
// For (d, e), md = -(ff*d0 + fg*e0) * p^-1 mod 2^62, taken in [-2^61, 2^61)
// (reducer62 in Go), and likewise me from the second row; p = -19 + 2^7 *
// 2^248 in signed62 limbs, so md enters column 0 as md * -19 and column 4 as
// md * 2^7. Both are signed 128-bit IMUL products, as in the Go code.
//
// IMUL takes the same time for every operand on the CPUs this package
// runs on, and no branch or address here depends on the data, as in the Go
// code.
func divstepApply() {
	TEXT("divstepApplyAsm", NOSPLIT, "func(t *[4]int64, pf, pg, pd, pe *[5]int64)")
	Pragma("noescape")
	Doc("divstepApplyAsm sets (f, g) = t*(f, g)/2^62 and (d, e) = (t*(d, e) + (md, me)*p)/2^62",
		"for the batch matrix t = [ff fg; gf gg] of the inversion, where f, g, d and e",
		"are *pf, *pg, *pd and *pe (the assembler reserves the name g), with the limbs of",
		"applyToFG and applyToDE (fe_invert.go), whose bounds it relies on.")

	mask62 := ConstData("mask62", U64(1<<62-1))
	pInv62 := ConstData("pinv62", U64((-0x86bca1af286bca1b)&(1<<62-1)))

	// Registers: the matrix in four, the two numbers' pointers, two 128-bit
	// accumulators, AX and DX for the products; in the second phase also md
	// and me. That is all fourteen (no frame, so BP is not used).
	ff, fg, gf, gg := RBX, RCX, RSI, RDI
	px, py := R8, R9
	alo, ahi, blo, bhi := R10, R11, R12, R13
	md, me := R14, R15

	Load(Param("t"), RAX)
	MOVQ(Mem{Base: RAX}, ff)
	MOVQ(Mem{Base: RAX, Disp: 8}, fg)
	MOVQ(Mem{Base: RAX, Disp: 16}, gf)
	MOVQ(Mem{Base: RAX, Disp: 24}, gg)

	// product adds (or, if first, writes) the signed product t_r * x_i into
	// the accumulator lo:hi.
	product := func(tr GPPhysical, x Op, lo, hi GPPhysical, first bool) {
		MOVQ(x, RAX)
		IMULQ(tr)
		if first {
			MOVQ(RAX, lo)
			MOVQ(RDX, hi)
			return
		}
		ADDQ(RAX, lo)
		ADCQ(RDX, hi)
	}
	// scaled adds the signed product m * c (c a constant) into lo:hi.
	scaled := func(m GPPhysical, c int32, lo, hi GPPhysical) {
		MOVQ(I32(c), RAX)
		IMULQ(m)
		ADDQ(RAX, lo)
		ADCQ(RDX, hi)
	}
	// shift sets hi:lo = floor(hi:lo / 2^62).
	shift := func(lo, hi GPPhysical) {
		SHRQ(U8(62), hi, lo) // SHRD: lo = lo >> 62 | hi << 2
		SARQ(U8(62), hi)
	}
	// store writes the low 62 bits of lo to limb i of p, through AX.
	store := func(lo GPPhysical, p GPPhysical, i int) {
		MOVQ(lo, RAX)
		ANDQ(mask62, RAX)
		MOVQ(RAX, limb(p, i))
	}
	// columns runs columns 0..4 of both rows on x = *px and y = *py;
	// extra0 and extra4 add the terms of column 0 and column 4 beyond the
	// matrix products (the multiples of p for d and e).
	columns := func(extra0, extra4 func()) {
		for i := 0; i < 5; i++ {
			Commentf("Column %d: a += ff*x%d + fg*y%d, b += gf*x%d + gg*y%d", i, i, i, i, i)
			product(ff, limb(px, i), alo, ahi, i == 0)
			product(fg, limb(py, i), alo, ahi, false)
			product(gf, limb(px, i), blo, bhi, i == 0)
			product(gg, limb(py, i), blo, bhi, false)
			if i == 0 && extra0 != nil {
				extra0()
			}
			if i == 4 && extra4 != nil {
				extra4()
			}
			if i > 0 {
				Commentf("x%d, y%d = the low 62 bits of a and b", i-1, i-1)
				store(alo, px, i-1)
				store(blo, py, i-1)
			}
			shift(alo, ahi)
			shift(blo, bhi)
		}
		Comment("x4, y4 = the shifted accumulators (small, signed)")
		MOVQ(alo, limb(px, 4))
		MOVQ(blo, limb(py, 4))
	}

	Comment("(f, g) = t*(f, g) / 2^62 (applyToFG)")
	Load(Param("pf"), px)
	Load(Param("pg"), py)
	columns(nil, nil)

	Comment("(d, e) = (t*(d, e) + (md, me)*p) / 2^62 (applyToDE)")
	Load(Param("pd"), px)
	Load(Param("pe"), py)
	Comment("md = -(ff*d0 + fg*e0) * p^-1 mod 2^62 in [-2^61, 2^61), me likewise (reducer62)")
	reducer := func(t0, t1, m GPPhysical) {
		MOVQ(limb(px, 0), m)
		IMULQ(t0, m)
		MOVQ(limb(py, 0), RAX)
		IMULQ(t1, RAX)
		ADDQ(RAX, m)
		IMULQ(pInv62, m)
		NEGQ(m)
		SHLQ(U8(2), m)
		SARQ(U8(2), m)
	}
	reducer(ff, fg, md)
	reducer(gf, gg, me)
	columns(func() {
		Comment("a += md * -19, b += me * -19 (the low limb of p)")
		scaled(md, -19, alo, ahi)
		scaled(me, -19, blo, bhi)
	}, func() {
		Comment("a += md * 2^7, b += me * 2^7 (the top limb of p)")
		scaled(md, 1<<7, alo, ahi)
		scaled(me, 1<<7, blo, bhi)
	})
	RET()
}
