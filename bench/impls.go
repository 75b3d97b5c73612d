package main

import (
	"github.com/seed06d4b90c/edwards25519/bench/internal/circl"
	"github.com/seed06d4b90c/edwards25519/bench/internal/filippo"
	"github.com/seed06d4b90c/edwards25519/bench/internal/ours"
	"github.com/seed06d4b90c/edwards25519/bench/internal/suite"
	"github.com/seed06d4b90c/edwards25519/bench/internal/voi"
)

// reference is the implementation every ratio is taken against.
const reference = "filippo"

// implementation is one library under measurement.
type implementation struct {
	name      string
	factories map[string]suite.Factory
}

// implementations lists the libraries in column order. ours and filippo
// cover every operation; voi and circl only those they export.
func implementations() []implementation {
	return []implementation{
		{"ours", ours.Factories()},
		{reference, filippo.Factories()},
		{"voi", voi.Factories()},
		{"circl", circl.Factories()},
	}
}
