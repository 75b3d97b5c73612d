package edwards25519

// The exported scalar multiplications: their checks, the recoding of the
// scalars, the one dispatch on pointBackend (backend.go), and the cost model
// of each algorithm. The loops are in scalarmult_serial.go (the serial
// backend), scalarmult_vec.go (every vector backend) and pippenger.go (the
// bucket method, both).
//
// Serial costs are in field multiplications M and squarings S, counting an
// addition of a cached addend as 8M (4M to form the completed sum, 4M to
// scale it to extended coordinates), of an affine addend as 7M, and a
// doubling as 4S + 3M (to projective) or 4S + 4M (to extended); a cached
// addend costs 1M to prepare. Vector costs are in vector multiplications
// V, each four field multiplications in parallel lanes: every addition
// (affine or cached addend) and every doubling costs 2V, a cached form
// about half a V (one product per limb and lane by small constants, and
// carries: vec.go, "The cached form"), which the models below
// count as 1V.
// Scalars are reduced mod l < 2^253.

// ----------------------------------------------------------------------------
// Fixed-base comb: ScalarBaseMult
//
// Write u = x + δ, δ = 1 + (x mod 2), as u = Σ d_i·2^(w·i), i < 64, with
// odd digits |d_i| < 2^w and d_63 = 1 (w = combWidth; Scalar.oddDigits).
// Group the digits by i mod k (k = the comb's spacing): with i = k·m + j,
//
//	x·B = T_δ + Σ_j 2^(w·j) · Σ_m d_(k·m+j) · (2^(w·k·m)·B),  k·m + j < 63,
//
// where T_δ = 2^252·B - δ·B holds the last digit's term, and row m of the
// table holds 1, 3, …, 2^w - 1 times 2^(w·k·m)·B in affine form (comb.go).
// Horner's rule over j costs w·(k-1) doublings in all; each of the other
// 63 digits costs one constant-time scan of 2^(w-1) entries and one affine
// addition, and no digit is zero.
//
// Serial, w = 4, k = 2: 63 additions (441M) and one of T_δ (9M), 4
// doublings, 63 scans of 8 entries, and a table of 32 rows · 8 entries ·
// 120 bytes = 30 KiB.
//
// Vector, w = 4, k = 1 (63 rows, no doublings): 63 additions (126V) with
// their scans inside the kernel, from T_δ, and a table of 63 · 8 · 160
// bytes = 79 KiB. On IFMA the additions run in two accumulators, two at a
// time (vecCombMult in comb.go): 31 wide steps, each reading two rows kept
// interleaved and costing well under two four-lane scans and additions
// (BenchmarkIFMAWideScan; docs/PERFORMANCE.md has the figures per CPU),
// one scan and addition, and the join (a cached form, two additions).
// ----------------------------------------------------------------------------

// ScalarBaseMult stores x·B in v, for the standard base point B of RFC 8032,
// and returns v. It runs in constant time.
func (v *Point) ScalarBaseMult(x *Scalar) *Point {
	var digits [oddDigitCount]int8
	var start Point
	start.combStart(baseCombStarts(), x.oddDigits(&digits))
	switch pointBackend {
	case backendAVX2:
		return scalarBaseMultVec[avx2Backend](v, &start, &digits)
	case backendIFMA:
		return scalarBaseMultVec[ifmaBackend](v, &start, &digits)
	}
	return v.scalarBaseMultSerial(&start, &digits)
}

// ----------------------------------------------------------------------------
// Variable base, constant time: ScalarMult
//
// Odd radix 16, the digits of u = x + δ (Scalar.oddDigits, as for the
// combs): 63 digits in ±1, ±3, …, ±15 and a last digit 1, left to right
// over a table of Q, 3Q, …, 15Q, from Q itself: four doublings, then one
// constant-time scan of 8 entries and one addition per digit; at the end
// the subtraction of δ·Q (Q or 2Q, chosen by mask), since x·Q = u·Q - δ·Q
// for every point, torsion included. No digit is zero, and the loop starts
// from Q: it never adds the identity nor starts from it (for Q of small
// order the multiples themselves can be the identity, computed).
//
// Serial: table 1 doubling, 7 additions and 9 cached forms (about 70M).
// Loop: 252 doublings (4S each, scaled by groups of four to projective
// thrice and then to extended: 1008S + 819M), 63 additions and the
// subtraction (4M each to the completed sum, then 3M to projective for the
// next doubling or 4M to extended: about 450M), with 63 scans of 8 cached
// entries.
//
// Vector: table 1 doubling, 7 additions and 9 cached forms (25V); 252
// doublings and 64 additions (632V).
// ----------------------------------------------------------------------------

// ScalarMult stores x·q in v and returns v, in constant time.
func (v *Point) ScalarMult(x *Scalar, q *Point) *Point {
	mustBeInitialized(q)
	var rec oddRecoding
	rec.set(x)
	switch pointBackend {
	case backendAVX2:
		return scalarMultVec[avx2Backend](v, &rec, q)
	case backendIFMA:
		return scalarMultVec[ifmaBackend](v, &rec, q)
	}
	return v.scalarMultSerial(&rec, q)
}

// ----------------------------------------------------------------------------
// Variable base, constant time, small memory: ScalarMultSlow
//
// Odd signed radix 4 (Scalar.oddRadix4Digits: d_i in {-3, -1, 1, 3}, 126
// digits below the top one) over the table {Q, 3Q}, with 2Q kept for the
// correction -δ·Q: 252 doublings and 127 additions, and one doubling and
// one addition to build the table. Three cached points of state, a select
// of both entries per digit, and no digit that picks the identity, as in
// ScalarMult.
//
// Serial (scalarMultSlowSerial) on the serial and AVX2 backends; on IFMA
// the same digits and operations on the kernels (scalarMultSlowVec), two
// doublings and the addition of a digit being one doubleNAddAffine, whose
// count, always 2 here, is its only input that sets its time. State: the
// accumulator (its lanes and a Point) and four packed addends (q, 2q, 3q and
// the digit's entry), 960 bytes in a 64-byte aligned room, where
// ScalarMult's vector loop keeps about 2 KiB.
// ----------------------------------------------------------------------------

// ScalarMultSlow stores x·q in v and returns v, in constant time. Its table
// holds two multiples of q where ScalarMult's holds eight: less memory, at
// the cost of speed.
func (v *Point) ScalarMultSlow(x *Scalar, q *Point) *Point {
	mustBeInitialized(q)
	var digits [oddRadix4Count]int8
	odd := x.oddRadix4Digits(&digits)
	if pointBackend == backendIFMA {
		return scalarMultSlowVec[ifmaBackend](v, &digits, odd, q)
	}
	return v.scalarMultSlowSerial(&digits, odd, q)
}

// ----------------------------------------------------------------------------
// Double-base, variable time: VarTimeDoubleScalarBaseMult
//
// Interleaved w-NAF (Straus–Shamir): a in width 5 over Q, 3Q, …, 15Q (built
// per call), b in width 8 over the fixed affine table B, 3B, …, 127B. About
// 253 doublings and 253/6 + 253/9 ≈ 70 additions.
//
// Serial: the table of Q is 1 doubling and 7 additions; the loop's doublings
// end in projective coordinates unless an addition follows.
//
// Vector: the table of Q 1 doubling, 7 additions and 9 cached forms (25V);
// the loop about 323 additions and doublings (646V).
// ----------------------------------------------------------------------------

// VarTimeDoubleScalarBaseMult stores a·A + b·B in v, for the standard base
// point B, and returns v.
//
// Its running time depends on its inputs: use it only with public values,
// as in signature verification.
func (v *Point) VarTimeDoubleScalarBaseMult(a *Scalar, A *Point, b *Scalar) *Point {
	mustBeInitialized(A)
	aNAF := a.nafDigits(5)
	bNAF := b.nafDigits(baseNAFWidth)
	top := 255
	for top >= 0 && aNAF[top] == 0 && bNAF[top] == 0 {
		top--
	}
	if top < 0 {
		return v.setIdentity()
	}
	switch pointBackend {
	case backendAVX2:
		return varTimeDoubleScalarBaseMultVec[avx2Backend](v, &aNAF, A, &bNAF, top)
	case backendIFMA:
		return varTimeDoubleScalarBaseMultVec[ifmaBackend](v, &aNAF, A, &bNAF, top)
	}
	return v.varTimeDoubleScalarBaseMultSerial(&aNAF, A, &bNAF, top)
}

// ----------------------------------------------------------------------------
// Multi-scalar, constant time: MultiScalarMult
//
// Straus with the odd radix-16 digits of ScalarMult: a table of Q_k, 3Q_k,
// …, 15Q_k and 2Q_k per point and one shared chain of 252 doublings, from
// Σ_k Q_k; each point adds 63 additions with 63 scans of 8 entries, one to
// the starting sum and one subtraction of δ_k·Q_k. For n points:
//
// Serial, cached windows: n·(70M + 65 additions) + 252 doublings, that is
// about n·590M + 1008S + 819M, with 1440-byte tables. From affineTerms
// points, where the scans and the field are Go code (affineWindowsPay: not
// amd64's assembly), the cached odd multiples are made affine with one
// shared inversion (6M each, affineWindows) and 64 of the 65 additions are
// affine: about n·(4S + 573M) + 1 inversion + 1008S + 819M (n·(4S + 589M)
// with cached windows, counted the same way), with 960-byte tables scanned
// in 3 coordinates rather than 4. The scans and the smaller tables are most
// of the gain: the count of M drops by under 3%.
//
// Vector: n·(25 + 130)V + 504V, with 1440-byte packed tables. On a backend
// with kernels for two operations at once (IFMA), from 4 points, the points
// are split between two accumulators (scalarmult_vec.go, pairsTerms): 252
// wide doublings, ⌊n/2⌋ wide scans and additions per digit (and one
// four-lane one for a last odd point), the tables built two at a time, the
// odd multiples of points 2j and 2j+1 as two rows kept interleaved
// (vecOddTermPair). On Intel model 167 a wide call took 1.2 (doubling) and
// 1.3 (addition, and scan and addition from interleaved rows) times a
// four-lane one.
// ----------------------------------------------------------------------------

// checkTerms panics, with v1.2.0's messages, when the slices of a
// multi-scalar function fn differ in length or a point is uninitialized.
func checkTerms(fn string, scalars []*Scalar, points []*Point) {
	if len(scalars) != len(points) {
		panic("edwards25519: called " + fn + " with different size inputs")
	}
	for _, p := range points {
		mustBeInitialized(p)
	}
}

// smallTerms is how many terms the multi-scalar functions keep on the stack
// (about 1.5 KiB each) before they allocate their per-term tables.
const smallTerms = 4

// termsIn returns buf[:n] if n ≤ len(buf) and a new slice of n otherwise:
// per-term storage on the caller's stack for few terms.
func termsIn[E any](buf []E, n int) []E {
	if n <= len(buf) {
		return buf[:n]
	}
	return make([]E, n)
}

// MultiScalarMult sets v = Σ scalars[i]·points[i], and returns v.
//
// Its running time depends only on the length of the slices, which must be
// equal (it panics otherwise, as v1.2.0 does). Beyond four points it
// allocates the per-point tables, O(len(points)) memory.
func (v *Point) MultiScalarMult(scalars []*Scalar, points []*Point) *Point {
	checkTerms("MultiScalarMult", scalars, points)
	if len(points) == 0 {
		return v.setIdentity() // the lengths are public
	}
	// Up to smallTerms terms live on the caller's stack; more are allocated.
	var recsBuf [smallTerms]oddRecoding
	recs := termsIn(recsBuf[:], len(points))
	for k := range points {
		recs[k].set(scalars[k])
	}
	switch pointBackend {
	case backendAVX2:
		return multiScalarMultVec[avx2Backend](v, recs, points)
	case backendIFMA:
		return multiScalarMultVec[ifmaBackend](v, recs, points)
	}
	return v.multiScalarMultSerial(recs, points)
}

// ----------------------------------------------------------------------------
// Multi-scalar, variable time: VarTimeMultiScalarMult
//
// Straus with width-5 NAF digits below the backend's Pippenger threshold
// (pippenger.go), the bucket method from it.
//
// Serial Straus: per point 1 doubling and 7 additions of table, and about
// 253/6 ≈ 42 additions; one shared chain of ≤ 256 doublings.
//
// Vector Straus: per point 25V of table and about 84V of additions; ≤ 512V
// of doublings shared. On a backend with kernels for two operations at once
// (IFMA), from 14 points, two accumulators (pairsNAFTerms): ≤ 256 wide
// doublings, the nonzero digits of each step added two at a time, the
// tables built two at a time.
// ----------------------------------------------------------------------------

// VarTimeMultiScalarMult sets v = Σ scalars[i]·points[i], and returns v. The
// slices must have equal lengths (it panics otherwise, as v1.2.0 does).
// Beyond four points it allocates its per-point tables, O(len(points))
// memory.
//
// Its running time depends on its inputs: use it only with public values.
func (v *Point) VarTimeMultiScalarMult(scalars []*Scalar, points []*Point) *Point {
	checkTerms("VarTimeMultiScalarMult", scalars, points)
	if len(points) >= pippengerThreshold(pointBackend) {
		return v.pippenger(scalars, points)
	}
	return v.straussNAF(scalars, points)
}

// straussNAF sets v = Σ scalars[k]·points[k] by Straus's method with
// width-5 NAF digits on the current backend, whatever the number of points,
// in variable time (the digits index the tables, and zero digits are
// skipped), as is everything it calls.
func (v *Point) straussNAF(scalars []*Scalar, points []*Point) *Point {
	var nafsBuf [smallTerms][256]int8
	nafs := termsIn(nafsBuf[:], len(points))
	top := nafTop(nafs, scalars)
	if top < 0 {
		return v.setIdentity()
	}
	switch pointBackend {
	case backendAVX2:
		return straussNAFVec[avx2Backend](v, nafs, points, top)
	case backendIFMA:
		return straussNAFVec[ifmaBackend](v, nafs, points, top)
	}
	return v.straussNAFSerial(nafs, points, top)
}

// nafTop fills nafs[k] with the width-5 NAF of scalars[k] and returns the
// highest index with a nonzero digit in any of them (-1 if none).
func nafTop(nafs [][256]int8, scalars []*Scalar) int {
	top := -1
	for k := range nafs {
		nafs[k] = scalars[k].nafDigits(5)
		for i := 255; i > top; i-- {
			if nafs[k][i] != 0 {
				top = i
				break
			}
		}
	}
	return top
}
