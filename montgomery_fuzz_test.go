package edwards25519

import (
	"bytes"
	"testing"
)

// FuzzSetMontgomeryBytes compares SetMontgomeryBytes with the math/big
// oracle of montgomery_test.go (Edwards equation, Euler's criterion for the
// twist) on any byte string and sign, and checks on success that the point
// encodes back to the reduced u. Smoke run:
//
//	go test -run '^$' -fuzz '^FuzzSetMontgomeryBytes$' -fuzztime 10s .
func FuzzSetMontgomeryBytes(f *testing.F) {
	f.Add(make([]byte, 32), 0)
	f.Add(make([]byte, 32), 1)
	f.Add(NewGeneratorPoint().BytesMontgomery(), 1)
	f.Add(montLE32(montP), 0)
	f.Add([]byte{2}, 0)
	f.Add(bytes.Repeat([]byte{0xff}, 32), 1)
	f.Add([]byte{1, 2, 3}, 0)
	f.Add(make([]byte, 32), 2)
	f.Fuzz(func(t *testing.T, u []byte, sign int) {
		if len(u) != 32 || (sign != 0 && sign != 1) {
			v := NewGeneratorPoint()
			if got, err := v.SetMontgomeryBytes(u, sign); err == nil || got != nil {
				t.Fatalf("len %d sign %d: got %v, %v; want an error", len(u), sign, got, err)
			}
			if v.Equal(NewGeneratorPoint()) != 1 {
				t.Fatal("receiver modified on error")
			}
			return
		}
		q := montCheck(t, u, sign)
		if q == nil {
			return
		}
		if want := montLE32(montBigU(u)); !bytes.Equal(q.BytesMontgomery(), want) {
			t.Fatalf("u %x: BytesMontgomery of the result is %x, want %x", u, q.BytesMontgomery(), want)
		}
	})
}
