package h2c_test

import (
	"crypto/sha512"
	"fmt"

	"github.com/seed06d4b90c/edwards25519/h2c"
)

// The first vector of RFC 9380 appendix K.3: 32 bytes expanded from the
// empty message with SHA-512.
func ExampleExpandMessageXMD() {
	dst := []byte("QUUX-V01-CS02-with-expander-SHA512-256")
	out, err := h2c.ExpandMessageXMD(sha512.New, []byte(""), dst, 32)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", out)
	// Output: 6b9a7312411d92f921c6f68ca0b6380730a1a4d982c507211a90964c394179ba
}
