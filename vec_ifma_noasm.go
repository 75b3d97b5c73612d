//go:build !amd64 || purego

package edwards25519

// Without the assembly, the IFMA seam is bound to the portable twins:
// slower than the serial formulas, so detectBackend never selects the
// backend here (ifmaAvailable is false), but the tests run the vector
// algorithms on them on every target.

// ifmaAsm reports that the seam is the assembly (false here) rather than
// the portable twins.
const ifmaAsm = false

// ifmaAvailable reports whether the IFMA kernels can run: never here.
var ifmaAvailable = false

func ifmaMul(out, a, b *ifmaLanes) { ifmaMulGeneric(out, a, b) }

func ifmaDouble(p *ifmaLanes)      { ifmaDoubleGeneric(p) }
func ifmaDouble2(p, p2 *ifmaLanes) { ifmaDouble2Generic(p, p2) }

func ifmaAddAffine(p *ifmaLanes, a *ifmaAddend, neg uint64) { ifmaAddAffineGeneric(p, a, neg) }
func ifmaAddAffine2(p *ifmaLanes, a *ifmaAddend, neg uint64, p2 *ifmaLanes, a2 *ifmaAddend, neg2 uint64) {
	ifmaAddAffine2Generic(p, a, neg, p2, a2, neg2)
}

func ifmaAddDigit(p *ifmaLanes, row *[8]ifmaAddend, masks, neg uint64) {
	ifmaAddDigitGeneric(p, row, masks, neg)
}

func ifmaDouble4AddDigit(p *ifmaLanes, row *[8]ifmaAddend, masks, neg uint64) {
	ifmaDouble4AddDigitGeneric(p, row, masks, neg)
}

func ifmaDoubleNAddAffine(p *ifmaLanes, n int, a *ifmaAddend, neg uint64) {
	ifmaDoubleNAddAffineGeneric(p, n, a, neg)
}

func ifmaAddDigitPair(p *ifmaLanes, pair *ifmaRowPair, masks, neg uint64, p2 *ifmaLanes, masks2, neg2 uint64) {
	ifmaAddDigitPairGeneric(p, pair, masks, neg, p2, masks2, neg2)
}

func ifmaAddCached(p, q *ifmaLanes) { ifmaAddCachedGeneric(p, q) }

func ifmaCached(q, p *ifmaLanes)                     { ifmaCachedGeneric(q, p) }
func ifmaCachedSpaced(q *[9][4]uint64, p *ifmaLanes) { ifmaCachedSpacedGeneric(q, p) }

func ifmaCachedPair(q *[5][2][4]uint64, p, p2 *ifmaLanes) { ifmaCachedPairGeneric(q, p, p2) }
func ifmaAddCached2(p, q, p2, q2 *ifmaLanes)              { ifmaAddCached2Generic(p, q, p2, q2) }
func ifmaCached2(q, p, q2, p2 *ifmaLanes)                 { ifmaCached2Generic(q, p, q2, p2) }

func ifmaAddPoint(v, p, q *Point, neg uint64) { ifmaAddPointGeneric(v, p, q, neg) }
func ifmaDoublePoint(v, p *Point)             { ifmaDoublePointGeneric(v, p) }
func ifmaMultByCofactorPoint(v, p *Point)     { ifmaMultByCofactorPointGeneric(v, p) }
