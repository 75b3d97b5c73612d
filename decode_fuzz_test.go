package edwards25519

import (
	"math/big"
	"testing"
)

// FuzzSetCanonicalBytes checks SetCanonicalBytes on arbitrary bytes against
// its rule (SetBytes accepts and Bytes gives the input back), against
// math/big's canonicality, and for the error conventions (dcCheck).
func FuzzSetCanonicalBytes(f *testing.F) {
	for k := int64(0); k <= 18; k++ {
		f.Add(dcEncoding(new(big.Int).Add(sgP, big.NewInt(k)), byte(k&1)))
	}
	f.Add(dcEncoding(big.NewInt(1), 0))
	f.Add(dcEncoding(big.NewInt(1), 1))
	f.Add(dcEncoding(new(big.Int).Sub(sgP, big.NewInt(1)), 1))
	f.Add(dcEncoding(new(big.Int).Sub(sgP, big.NewInt(1)), 0))
	f.Add(make([]byte, 32))
	f.Add(NewGeneratorPoint().Bytes())
	f.Add([]byte{1})
	f.Fuzz(func(t *testing.T, data []byte) {
		dcCheck(t, data)
	})
}
