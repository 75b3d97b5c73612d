//go:build !purego

package field

import "testing"

// The 386 assembly gives the generic twin's limbs, on inputs up to the
// seam's 2^54 for the square as well (the seam tests stop at 3*2^51 there).
func Test386MatchesGeneric(t *testing.T) {
	checkProductsMatchGeneric(t, "feMul386", "feSquare386", feMul386, feSquare386)
}
