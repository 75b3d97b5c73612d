//go:build purego

package main

// purego reports that the binary was built with the purego tag, under
// which the library uses its portable code only.
const purego = true
