package edwards25519

import (
	"testing"

	"github.com/seed06d4b90c/edwards25519/field"
)

// FuzzSubgroup decodes 32 bytes as a point (leniently, with SetBytes),
// adds the torsion point chosen by the next byte, and compares
// IsSmallOrder and IsTorsionFree with [8]P and [l]P computed by the
// reference (sgCheck); the byte after that rescales the coordinates.
func FuzzSubgroup(f *testing.F) {
	derived := sgDerivedTorsion(f)
	torsion := make([]*Point, len(derived))
	for i, tp := range derived {
		torsion[i], _ = new(Point).SetBytes(tp.enc)
		f.Add(append(tp.enc, 0, 1))
	}
	B := NewGeneratorPoint().Bytes()
	for j := range torsion {
		f.Add(append(B, byte(j), 2))
	}
	f.Add(make([]byte, 34))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 32 {
			return
		}
		p, err := new(Point).SetBytes(data[:32])
		if err != nil {
			return
		}
		if len(data) > 32 {
			p.Add(p, torsion[int(data[32])%len(torsion)])
		}
		if len(data) > 33 && data[33] > 1 {
			var lambda, two field.Element
			two.Add(two.One(), two.One())
			lambda.Mult32(&two, uint32(data[33]))
			p = sgRescaled(t, p, &lambda)
		}
		sgCheck(t, "fuzz", p)
	})
}
