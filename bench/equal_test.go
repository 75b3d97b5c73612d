package main

import (
	"bytes"
	"encoding/hex"
	"errors"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seed06d4b90c/edwards25519/bench/internal/suite"
)

// TestOutputsEqual runs every implementation on exactly the benchmark
// inputs, one and then two iterations of each timed loop, and requires the
// reference's bytes from all of them.
func TestOutputsEqual(t *testing.T) {
	t.Logf("inputs drawn from the fixed ChaCha8 seed %q", suite.Seed[:])
	in := suite.NewInputs()
	impls := implementations()
	refCol := slices.IndexFunc(impls, func(im implementation) bool { return im.name == reference })
	for _, op := range suite.Ops() {
		t.Run(op.Name, func(t *testing.T) {
			ref := impls[refCol].factories[op.Name](in)
			ref.Loop(1)
			want1 := ref.Output()
			ref.Loop(1)
			want2 := ref.Output()
			if op.Chained == bytes.Equal(want1, want2) {
				t.Fatalf("reference: chained=%v but outputs after 1 and 2 iterations equal=%v", op.Chained, !op.Chained)
			}
			compared := 0
			for _, im := range impls {
				f, ok := im.factories[op.Name]
				if !ok {
					continue
				}
				r := f(in)
				r.Loop(1)
				got1 := r.Output()
				r.Loop(1)
				got2 := r.Output()
				if !bytes.Equal(got1, want1) {
					t.Errorf("impl=%s after 1 iteration:\n got %s\nwant %s", im.name, hex.EncodeToString(got1), hex.EncodeToString(want1))
				}
				if !bytes.Equal(got2, want2) {
					t.Errorf("impl=%s after 2 iterations:\n got %s\nwant %s", im.name, hex.EncodeToString(got2), hex.EncodeToString(want2))
				}
				compared++
			}
			if compared < 2 {
				t.Errorf("only %d implementation(s) have %s", compared, op.Name)
			}
		})
	}
}

// TestEveryImplementationComplete checks that ours and the reference have
// every operation, that the peers have the ones they are meant to, and that
// no adapter offers an operation the suite does not know.
func TestEveryImplementationComplete(t *testing.T) {
	known := map[string]bool{}
	for _, op := range suite.Ops() {
		known[op.Name] = true
	}
	minimum := map[string]int{"ours": len(known), reference: len(known), "voi": 19, "circl": 4}
	for _, im := range implementations() {
		for name := range im.factories {
			if !known[name] {
				t.Errorf("impl=%s has an operation %q the suite does not list", im.name, name)
			}
		}
		if len(im.factories) < minimum[im.name] {
			t.Errorf("impl=%s has %d operations, want at least %d", im.name, len(im.factories), minimum[im.name])
		}
	}
}

// TestEveryOperationIsBenchmarked checks that the Benchmark functions
// cover every operation of the suite.
func TestEveryOperationIsBenchmarked(t *testing.T) {
	for _, op := range suite.Ops() {
		group, _, _ := strings.Cut(op.Name, "/")
		if !slices.Contains(benchmarkedGroups, group) {
			t.Errorf("no Benchmark function runs %s", op.Name)
		}
	}
}

// TestAdaptersInSync checks that the ours and filippo adapters are the same
// code below their import blocks, so both are measured by the same loops.
func TestAdaptersInSync(t *testing.T) {
	body := func(path string) string {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		const marker = "\n// Factories returns"
		i := bytes.Index(src, []byte(marker))
		if i < 0 {
			t.Fatalf("%s: no %q", path, marker)
		}
		return string(src[i:])
	}
	a, b := body("internal/ours/ours.go"), body("internal/filippo/filippo.go")
	if a != b {
		al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
		for i := range min(len(al), len(bl)) {
			if al[i] != bl[i] {
				t.Fatalf("adapters differ at line %d after the imports:\nours:    %s\nfilippo: %s", i, al[i], bl[i])
			}
		}
		t.Fatalf("adapters differ in length: %d and %d lines after the imports", len(al), len(bl))
	}
}

// TestCommandSmoke runs the command as CI's smoke step does and checks that
// the table has a row with a time for every implementation of every
// operation and no mismatch.
func TestCommandSmoke(t *testing.T) {
	for _, markdown := range []bool{false, true} {
		var out, log bytes.Buffer
		cfg := config{count: 1, sample: time.Millisecond, smoke: true, markdown: markdown}
		if err := run(cfg, &out, &log); err != nil {
			t.Fatalf("markdown=%v: %v\n%s", markdown, err, out.String())
		}
		lines := strings.Split(out.String(), "\n")
		for _, op := range suite.Ops() {
			prefix := label(op) + " "
			if markdown {
				prefix = "| `" + label(op) + "` |"
			}
			i := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, prefix) })
			if i < 0 {
				t.Errorf("markdown=%v: no row for %s", markdown, op.Name)
				continue
			}
			times := regexp.MustCompile(`\d+\.\d+ (ns|µs|ms)`).FindAllString(lines[i], -1)
			want := 0
			for _, im := range implementations() {
				if _, ok := im.factories[op.Name]; ok {
					want++
				}
			}
			if len(times) != want {
				t.Errorf("markdown=%v: row %q has %d times, want %d", markdown, lines[i], len(times), want)
			}
		}
		if markdown && !strings.Contains(out.String(), "| operation | ours | filippo |") {
			t.Errorf("no Markdown header in:\n%s", out.String())
		}
	}
}

// TestCommandReportsMismatch checks that the command fails, and marks the
// row, when an implementation disagrees with the reference.
func TestCommandReportsMismatch(t *testing.T) {
	broken := func(in *suite.Inputs) suite.Runner {
		return suite.Runner{Loop: func(int) {}, Output: func() []byte { return []byte("wrong") }}
	}
	impls := implementations()
	saved := impls[0].factories[suite.FieldSquare]
	impls[0].factories[suite.FieldSquare] = broken
	defer func() { impls[0].factories[suite.FieldSquare] = saved }()
	var out bytes.Buffer
	err := runWith(config{count: 1, smoke: true, run: regexp.MustCompile("^FieldSquare$")}, impls, &out, &bytes.Buffer{})
	if !errors.Is(err, errMismatch) {
		t.Fatalf("run returned %v, want errMismatch", err)
	}
	if !strings.Contains(out.String(), "MISMATCH") {
		t.Errorf("no MISMATCH in:\n%s", out.String())
	}
}
