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

// implsByName indexes implementations() by name.
func implsByName() map[string]implementation {
	m := map[string]implementation{}
	for _, im := range implementations() {
		m[im.name] = im
	}
	return m
}

// TestOutputsEqual runs every implementation of every row on the benchmark
// inputs and on the alternate inputs (the other answer of each yes/no
// operation, twist points, long DSTs, ...), one and then two iterations of
// each timed loop, and requires the bytes of the section's reference from
// all of them.
func TestOutputsEqual(t *testing.T) {
	impls := implsByName()
	for _, set := range []struct {
		name string
		in   *suite.Inputs
		seed [32]byte
	}{
		{"bench", suite.NewInputs(), suite.Seed},
		{"alternate", suite.AlternateInputs(), suite.AlternateSeed},
	} {
		t.Logf("%s inputs drawn from the fixed ChaCha8 seed %q", set.name, set.seed[:])
		for _, s := range suite.Sections() {
			for _, op := range s.Ops {
				t.Run(set.name+"/"+op.Name, func(t *testing.T) {
					ref := impls[s.Reference].factories[op.Name](set.in)
					ref.Loop(1)
					want1 := ref.Output()
					ref.Loop(1)
					want2 := ref.Output()
					if op.Chained == bytes.Equal(want1, want2) {
						t.Fatalf("reference: chained=%v but outputs after 1 and 2 iterations equal=%v", op.Chained, !op.Chained)
					}
					compared := 0
					for _, name := range s.Columns {
						f, ok := impls[name].factories[op.Name]
						if !ok {
							continue
						}
						r := f(set.in)
						r.Loop(1)
						got1 := r.Output()
						r.Loop(1)
						got2 := r.Output()
						if !bytes.Equal(got1, want1) {
							t.Errorf("impl=%s after 1 iteration:\n got %s\nwant %s (%s)", name, hex.EncodeToString(got1), hex.EncodeToString(want1), s.Reference)
						}
						if !bytes.Equal(got2, want2) {
							t.Errorf("impl=%s after 2 iterations:\n got %s\nwant %s (%s)", name, hex.EncodeToString(got2), hex.EncodeToString(want2), s.Reference)
						}
						compared++
					}
					if compared < 2 {
						t.Errorf("only %d implementation(s) have %s", compared, op.Name)
					}
				})
			}
		}
	}
}

// TestAlternateInputsDiffer checks that the alternate inputs do give the
// other answer on the yes/no rows, so that the second comparison of
// TestOutputsEqual is not a repeat of the first.
func TestAlternateInputsDiffer(t *testing.T) {
	ours := implsByName()["ours"].factories
	for _, name := range []string{suite.IsTorsionFree, suite.IsSmallOrder, suite.Ed25519Verify,
		suite.PointSetCanonicalBytes, suite.SetMontgomeryBytes, suite.X25519Variable, suite.SetHashToCurve} {
		a, b := ours[name](suite.NewInputs()), ours[name](suite.AlternateInputs())
		a.Loop(1)
		b.Loop(1)
		if bytes.Equal(a.Output(), b.Output()) {
			t.Errorf("%s: same output %x on both input sets", name, a.Output())
		}
	}
}

// TestEveryImplementationComplete checks that ours and each section's
// reference have every operation of the section, that the peers have at
// least the ones they are meant to, and that no adapter offers an
// operation that no section lists it for.
func TestEveryImplementationComplete(t *testing.T) {
	columnOf := map[string]map[string]bool{} // op -> impls of its section
	for _, s := range suite.Sections() {
		for _, op := range s.Ops {
			columnOf[op.Name] = map[string]bool{}
			for _, c := range s.Columns {
				columnOf[op.Name][c] = true
			}
			for _, must := range []string{"ours", s.Reference} {
				if _, ok := implsByName()[must].factories[op.Name]; !ok {
					t.Errorf("%s: %s has no runner", op.Name, must)
				}
			}
		}
	}
	minimum := map[string]int{"ours": len(columnOf), "filippo": 39, "voi": 33, "circl": 6, "stdlib": 4, "xcrypto": 2}
	for _, im := range implementations() {
		for name := range im.factories {
			if !columnOf[name][im.name] {
				t.Errorf("impl=%s has an operation %q that no section lists it for", im.name, name)
			}
		}
		if len(im.factories) < minimum[im.name] {
			t.Errorf("impl=%s has %d operations, want at least %d", im.name, len(im.factories), minimum[im.name])
		}
	}
}

// TestSectionsWellFormed checks the suite's definitions: unique names,
// ours first, targets that name a column of their section or existing
// rows, and a note for every section.
func TestSectionsWellFormed(t *testing.T) {
	seen := map[string]bool{}
	for _, op := range suite.Ops() {
		if seen[op.Name] {
			t.Errorf("operation %s appears twice", op.Name)
		}
		seen[op.Name] = true
	}
	impls := implsByName()
	for _, s := range suite.Sections() {
		if sectionNotes[s.Title] == "" {
			t.Errorf("section %q has no note in sectionNotes", s.Title)
		}
		if len(s.Columns) == 0 || s.Columns[0] != "ours" || !slices.Contains(s.Columns, s.Reference) {
			t.Errorf("section %q: columns %v must start with ours and contain %s", s.Title, s.Columns, s.Reference)
		}
		for _, c := range s.Columns {
			if _, ok := impls[c]; !ok || strings.Contains(c, "/") {
				t.Errorf("section %q: column %q is not an implementation name", s.Title, c)
			}
		}
		for _, op := range s.Ops {
			if (op.N > 0) != (op.Unit != "") {
				t.Errorf("%s: N %d with unit %q", op.Name, op.N, op.Unit)
			}
			for _, tg := range op.Targets {
				switch {
				case (tg.Impl == "") == (len(tg.Rows) == 0):
					t.Errorf("%s: a target needs either Impl or Rows: %+v", op.Name, tg)
				case tg.Impl != "" && (tg.Impl == "ours" || !slices.Contains(s.Columns, tg.Impl)):
					t.Errorf("%s: target against %s, not a peer column of %q", op.Name, tg.Impl, s.Title)
				}
				for _, dep := range tg.Rows {
					if !seen[dep] || dep == op.Name {
						t.Errorf("%s: target against row %q, which is not another row", op.Name, dep)
					}
				}
			}
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
// code below their import blocks, in each pair of files that is meant to
// be shared, so both libraries are measured by the same loops.
func TestAdaptersInSync(t *testing.T) {
	body := func(path string) string {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		start := bytes.Index(src, []byte("\nimport ("))
		if start < 0 {
			t.Fatalf("%s: no import block", path)
		}
		end := bytes.Index(src[start:], []byte("\n)\n"))
		if end < 0 {
			t.Fatalf("%s: import block not closed", path)
		}
		return string(src[start+end:])
	}
	for _, pair := range [][2]string{
		{"internal/ours/ours.go", "internal/filippo/filippo.go"},
		{"internal/ours/ed25519.go", "internal/filippo/ed25519.go"},
	} {
		a, b := body(pair[0]), body(pair[1])
		if a != b {
			al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
			for i := range min(len(al), len(bl)) {
				if al[i] != bl[i] {
					t.Fatalf("%s and %s differ at line %d after the imports:\nours:    %s\nfilippo: %s", pair[0], pair[1], i, al[i], bl[i])
				}
			}
			t.Fatalf("%s and %s differ in length: %d and %d lines after the imports", pair[0], pair[1], len(al), len(bl))
		}
	}
}

// TestCommandSmoke runs the command as CI's smoke step does and checks that
// the tables have a row with a time for every column of every operation
// and no mismatch.
func TestCommandSmoke(t *testing.T) {
	impls := implsByName()
	for _, markdown := range []bool{false, true} {
		var out, log bytes.Buffer
		cfg := config{count: 1, sample: time.Millisecond, smoke: true, markdown: markdown, command: "test"}
		if err := run(cfg, &out, &log); err != nil {
			t.Fatalf("markdown=%v: %v\n%s", markdown, err, out.String())
		}
		lines := strings.Split(out.String(), "\n")
		for _, s := range suite.Sections() {
			for _, op := range s.Ops {
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
				for _, c := range s.Columns {
					if _, ok := impls[c].factories[op.Name]; ok {
						want++
					}
				}
				if len(times) != want {
					t.Errorf("markdown=%v: row %q has %d times, want %d", markdown, lines[i], len(times), want)
				}
			}
		}
		for _, want := range []string{"CPU: ", "x/sys/cpu flags: ", "backend: "} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("markdown=%v: no %q line in:\n%s", markdown, want, out.String())
			}
		}
		if markdown && !strings.Contains(out.String(), "| operation | ours | filippo | voi | circl |") {
			t.Errorf("no Markdown header in:\n%s", out.String())
		}
	}
}

// TestCommandReportsMismatch checks that the command fails, and marks the
// cell, when an implementation disagrees with the reference, in the first
// section and in another.
func TestCommandReportsMismatch(t *testing.T) {
	broken := func(in *suite.Inputs) suite.Runner {
		return suite.Runner{Loop: func(int) {}, Output: func() []byte { return []byte("wrong") }}
	}
	for _, c := range []struct{ impl, op string }{
		{"ours", suite.FieldSquare},
		{"circl", suite.X25519Variable},
	} {
		impls := implementations()
		i := slices.IndexFunc(impls, func(im implementation) bool { return im.name == c.impl })
		impls[i].factories[c.op] = broken
		var out bytes.Buffer
		err := runWith(config{count: 1, smoke: true, run: regexp.MustCompile("^" + c.op + "$")}, impls, &out, &bytes.Buffer{})
		if !errors.Is(err, errMismatch) {
			t.Fatalf("%s of %s broken: run returned %v, want errMismatch", c.op, c.impl, err)
		}
		if !strings.Contains(out.String(), "MISMATCH") {
			t.Errorf("%s of %s broken: no MISMATCH in:\n%s", c.op, c.impl, out.String())
		}
	}
}
