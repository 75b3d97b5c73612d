package main

import (
	"strings"
	"sync"
	"testing"

	"github.com/seed06d4b90c/edwards25519/bench/internal/suite"
)

// benchInputs are the fixed inputs, drawn once per test binary.
var benchInputs = sync.OnceValue(suite.NewInputs)

// benchGroup runs every operation whose name is group or starts with
// group+"/", as sub-benchmarks impl=<name> (and n=<size>/impl=<name> for
// multi-scalar multiplications), for benchstat:
//
//	go test -run '^$' -bench . -count 10 > new.txt && benchstat -col /impl new.txt
func benchGroup(b *testing.B, group string) {
	found := false
	for _, op := range suite.Ops() {
		name, sub, _ := strings.Cut(op.Name, "/")
		if name != group {
			continue
		}
		found = true
		if sub == "" {
			benchImpls(b, op)
		} else {
			b.Run(sub, func(b *testing.B) { benchImpls(b, op) })
		}
	}
	if !found {
		b.Fatalf("the suite has no operation %s", group)
	}
}

func benchImpls(b *testing.B, op suite.Op) {
	for _, im := range implementations() {
		f, ok := im.factories[op.Name]
		if !ok {
			continue
		}
		b.Run("impl="+im.name, func(b *testing.B) {
			r := f(benchInputs())
			r.Loop(1) // warm up lazily built tables outside the timing
			b.ReportAllocs()
			b.ResetTimer()
			r.Loop(b.N)
			if op.Points > 0 {
				perOp := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
				b.ReportMetric(perOp/float64(op.Points), "ns/point")
			}
		})
	}
}

func BenchmarkFieldMultiply(b *testing.B)  { benchGroup(b, suite.FieldMultiply) }
func BenchmarkFieldSquare(b *testing.B)    { benchGroup(b, suite.FieldSquare) }
func BenchmarkFieldInvert(b *testing.B)    { benchGroup(b, suite.FieldInvert) }
func BenchmarkFieldSqrtRatio(b *testing.B) { benchGroup(b, suite.FieldSqrtRatio) }
func BenchmarkPointSetBytes(b *testing.B)  { benchGroup(b, suite.PointSetBytes) }
func BenchmarkPointBytes(b *testing.B)     { benchGroup(b, suite.PointBytes) }
func BenchmarkPointAdd(b *testing.B)       { benchGroup(b, suite.PointAdd) }
func BenchmarkPointDouble(b *testing.B)    { benchGroup(b, suite.PointDouble) }
func BenchmarkScalarBaseMult(b *testing.B) { benchGroup(b, suite.ScalarBaseMult) }
func BenchmarkScalarMult(b *testing.B)     { benchGroup(b, suite.ScalarMult) }
func BenchmarkVarTimeDoubleScalarBaseMult(b *testing.B) {
	benchGroup(b, suite.VarTimeDoubleScalarBaseMult)
}
func BenchmarkMultiScalarMult(b *testing.B)        { benchGroup(b, "MultiScalarMult") }
func BenchmarkVarTimeMultiScalarMult(b *testing.B) { benchGroup(b, "VarTimeMultiScalarMult") }
func BenchmarkScalarMultiply(b *testing.B)         { benchGroup(b, suite.ScalarMultiply) }
func BenchmarkScalarInvert(b *testing.B)           { benchGroup(b, suite.ScalarInvert) }
func BenchmarkScalarSetUniformBytes(b *testing.B)  { benchGroup(b, suite.ScalarSetUniformBytes) }

// benchmarkedGroups must list the group of every Benchmark function above;
// TestEveryOperationIsBenchmarked checks that it covers the whole suite.
var benchmarkedGroups = []string{
	suite.FieldMultiply, suite.FieldSquare, suite.FieldInvert, suite.FieldSqrtRatio,
	suite.PointSetBytes, suite.PointBytes, suite.PointAdd, suite.PointDouble,
	suite.ScalarBaseMult, suite.ScalarMult, suite.VarTimeDoubleScalarBaseMult,
	"MultiScalarMult", "VarTimeMultiScalarMult",
	suite.ScalarMultiply, suite.ScalarInvert, suite.ScalarSetUniformBytes,
}
