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
// group+"/", as sub-benchmarks impl=<name> of the columns of its section
// (and <key>/impl=<name> for names with a '/', such as n=64 or variable),
// for benchstat:
//
//	go test -run '^$' -bench . -count 10 > new.txt && benchstat -col /impl new.txt
func benchGroup(b *testing.B, group string) {
	found := false
	for _, s := range suite.Sections() {
		for _, op := range s.Ops {
			name, sub, _ := strings.Cut(op.Name, "/")
			if name != group {
				continue
			}
			found = true
			if sub == "" {
				benchImpls(b, s, op)
			} else {
				b.Run(sub, func(b *testing.B) { benchImpls(b, s, op) })
			}
		}
	}
	if !found {
		b.Fatalf("the suite has no operation %s", group)
	}
}

func benchImpls(b *testing.B, s suite.Section, op suite.Op) {
	impls := map[string]implementation{}
	for _, im := range implementations() {
		impls[im.name] = im
	}
	for _, name := range s.Columns {
		f, ok := impls[name].factories[op.Name]
		if !ok {
			continue
		}
		b.Run("impl="+name, func(b *testing.B) {
			r := f(benchInputs())
			r.Loop(1) // warm up lazily built tables outside the timing
			b.ReportAllocs()
			b.ResetTimer()
			r.Loop(b.N)
			if op.N > 0 {
				perOp := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
				b.ReportMetric(perOp/float64(op.N), "ns/"+op.Unit)
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
func BenchmarkScalarMultSlow(b *testing.B) { benchGroup(b, suite.ScalarMultSlow) }
func BenchmarkVarTimeDoubleScalarBaseMult(b *testing.B) {
	benchGroup(b, suite.VarTimeDoubleScalarBaseMult)
}
func BenchmarkMultiScalarMult(b *testing.B)        { benchGroup(b, "MultiScalarMult") }
func BenchmarkVarTimeMultiScalarMult(b *testing.B) { benchGroup(b, "VarTimeMultiScalarMult") }
func BenchmarkScalarMultiply(b *testing.B)         { benchGroup(b, suite.ScalarMultiply) }
func BenchmarkScalarInvert(b *testing.B)           { benchGroup(b, suite.ScalarInvert) }
func BenchmarkScalarSetUniformBytes(b *testing.B)  { benchGroup(b, suite.ScalarSetUniformBytes) }

func BenchmarkX25519(b *testing.B)               { benchGroup(b, "X25519") }
func BenchmarkSetMontgomeryBytes(b *testing.B)   { benchGroup(b, suite.SetMontgomeryBytes) }
func BenchmarkEdPublicKeyToX25519(b *testing.B)  { benchGroup(b, suite.EdPublicKeyToX25519) }
func BenchmarkEdPrivateKeyToX25519(b *testing.B) { benchGroup(b, suite.EdPrivateKeyToX25519) }
func BenchmarkSetHashToCurve(b *testing.B)       { benchGroup(b, suite.SetHashToCurve) }
func BenchmarkSetEncodeToCurve(b *testing.B)     { benchGroup(b, suite.SetEncodeToCurve) }
func BenchmarkSetElligator2Representative(b *testing.B) {
	benchGroup(b, suite.SetElligator2Representative)
}
func BenchmarkElligator2Representative(b *testing.B) { benchGroup(b, suite.Elligator2Representative) }
func BenchmarkIsTorsionFree(b *testing.B)            { benchGroup(b, suite.IsTorsionFree) }
func BenchmarkIsSmallOrder(b *testing.B)             { benchGroup(b, suite.IsSmallOrder) }
func BenchmarkScalarMultTable(b *testing.B)          { benchGroup(b, suite.ScalarMultTable) }
func BenchmarkNewPointTable(b *testing.B)            { benchGroup(b, suite.NewPointTable) }
func BenchmarkScalarBatchInvert(b *testing.B)        { benchGroup(b, "ScalarBatchInvert") }
func BenchmarkPointSetCanonicalBytes(b *testing.B)   { benchGroup(b, suite.PointSetCanonicalBytes) }
func BenchmarkBatchBytes(b *testing.B)               { benchGroup(b, "BatchBytes") }
func BenchmarkBatchBytesMontgomery(b *testing.B)     { benchGroup(b, "BatchBytesMontgomery") }
func BenchmarkFieldBatchInvert(b *testing.B)         { benchGroup(b, "FieldBatchInvert") }
func BenchmarkEd25519(b *testing.B)                  { benchGroup(b, "Ed25519") }

// benchmarkedGroups must list the group of every Benchmark function above;
// TestEveryOperationIsBenchmarked checks that it covers the whole suite.
var benchmarkedGroups = []string{
	suite.FieldMultiply, suite.FieldSquare, suite.FieldInvert, suite.FieldSqrtRatio,
	suite.PointSetBytes, suite.PointBytes, suite.PointAdd, suite.PointDouble,
	suite.ScalarBaseMult, suite.ScalarMult, suite.ScalarMultSlow, suite.VarTimeDoubleScalarBaseMult,
	"MultiScalarMult", "VarTimeMultiScalarMult",
	suite.ScalarMultiply, suite.ScalarInvert, suite.ScalarSetUniformBytes,
	"X25519", suite.SetMontgomeryBytes, suite.EdPublicKeyToX25519, suite.EdPrivateKeyToX25519,
	suite.SetHashToCurve, suite.SetEncodeToCurve,
	suite.SetElligator2Representative, suite.Elligator2Representative,
	suite.IsTorsionFree, suite.IsSmallOrder, suite.ScalarMultTable, suite.NewPointTable,
	"ScalarBatchInvert", suite.PointSetCanonicalBytes, "BatchBytes", "BatchBytesMontgomery",
	"FieldBatchInvert", "Ed25519",
}
