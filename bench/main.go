// Command bench measures github.com/seed06d4b90c/edwards25519 side by side with
// filippo.io/edwards25519 v1.2.0, curve25519-voi, circl, crypto/ecdh,
// crypto/ed25519 and golang.org/x/crypto/curve25519, interleaved in one
// process, and prints one table per section of the suite: median times,
// ratios to the section's reference, and the targets.
//
// Usage:
//
//	go -C bench run . [-short|-full] [-count N] [-markdown [-save=false]] [-smoke] [-run REGEXP]
//
// With -markdown (and not -smoke) the run is also written to
// results/<date>-<cpu>.md. See README.md for how to read the output.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/seed06d4b90c/edwards25519/bench/internal/suite"
)

// config is the parsed command line.
type config struct {
	full     bool          // -full: the real measurement
	count    int           // rounds; every (operation, implementation) gets one sample per round
	sample   time.Duration // target duration of one sample
	markdown bool          // print Markdown tables
	smoke    bool          // run each operation twice and print, no calibration
	run      *regexp.Regexp
	// resultsDir, if not empty, is where a -markdown run is saved.
	resultsDir string
	// command is the command line, as recorded in a results file.
	command string
}

func main() {
	var (
		short    = flag.Bool("short", false, "quick measurement: 5 rounds of ~20ms samples (the default)")
		full     = flag.Bool("full", false, "real measurement: 20 rounds of ~100ms samples (about 5 minutes)")
		count    = flag.Int("count", 0, "number of interleaved rounds (0: 5 with -short, 20 with -full)")
		sample   = flag.Duration("sample", 0, "target duration of one sample (0: 20ms with -short, 100ms with -full)")
		markdown = flag.Bool("markdown", false, "print Markdown tables (for the README) and save the run in -results")
		save     = flag.Bool("save", true, "with -markdown, write the run to a new file in -results (never with -smoke)")
		results  = flag.String("results", "results", "directory of the saved runs")
		smoke    = flag.Bool("smoke", false, "only execute each operation a couple of times (CI smoke test)")
		runExpr  = flag.String("run", "", "only operations whose name matches this regular expression (and the rows their targets need)")
	)
	flag.Parse()
	if *short && *full {
		fmt.Fprintln(os.Stderr, "bench: -short and -full are exclusive")
		os.Exit(2)
	}
	cfg := config{full: *full, count: *count, sample: *sample, markdown: *markdown, smoke: *smoke}
	if cfg.count <= 0 {
		cfg.count = 5
		if cfg.full {
			cfg.count = 20
		}
	}
	if cfg.sample <= 0 {
		cfg.sample = 20 * time.Millisecond
		if cfg.full {
			cfg.sample = 100 * time.Millisecond
		}
	}
	if *runExpr != "" {
		re, err := regexp.Compile(*runExpr)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench: -run:", err)
			os.Exit(2)
		}
		cfg.run = re
	}
	if cfg.markdown && *save && !cfg.smoke {
		cfg.resultsDir = *results
	}
	cfg.command = commandLine(os.Args[1:])
	if err := run(cfg, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// commandLine is the command that ran, as the README writes it.
func commandLine(args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		if strings.ContainsAny(a, " |*?()[]{}$'\"\\") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		quoted[i] = a
	}
	return strings.TrimSpace("go -C bench run . " + strings.Join(quoted, " "))
}

// errMismatch reports that some implementation disagreed with its section's
// reference.
var errMismatch = errors.New("outputs differ from the reference (see the MISMATCH cells)")

// measurement is one (operation, implementation) pair and its samples.
type measurement struct {
	impl     string
	runner   suite.Runner
	iters    int       // iterations per sample, from calibration
	samples  []float64 // ns per operation, one per round
	mismatch bool      // output differs from the reference's
}

// row is one operation and its measurements in its section's column order
// (nil where an implementation lacks the operation).
type row struct {
	op    suite.Op
	cells []*measurement
}

// ours returns the measurement of this library on the row.
func (r *row) ours() *measurement { return r.cells[0] }

// table is one section and its selected rows.
type table struct {
	section suite.Section
	refCol  int
	rows    []*row
}

// column returns the index of impl among the section's columns, or -1.
func (t *table) column(impl string) int { return slices.Index(t.section.Columns, impl) }

// run measures and prints. It returns errMismatch, after printing, if any
// implementation's output differed from its reference's.
func run(cfg config, stdout, stderr io.Writer) error {
	return runWith(cfg, implementations(), stdout, stderr)
}

// runWith is run on the given implementations.
func runWith(cfg config, impls []implementation, stdout, stderr io.Writer) error {
	if cfg.smoke {
		cfg.count = 1
	}
	tables, err := buildTables(cfg.run, impls, suite.NewInputs())
	if err != nil {
		return err
	}

	// One iteration each on fresh runners: every implementation must give
	// the reference's bytes, or its timings mean nothing.
	anyMismatch := false
	for _, t := range tables {
		for _, r := range t.rows {
			outputs := make([][]byte, len(r.cells))
			for i, m := range r.cells {
				if m != nil {
					m.runner.Loop(1)
					outputs[i] = m.runner.Output()
				}
			}
			for i, m := range r.cells {
				if m != nil && !bytes.Equal(outputs[i], outputs[t.refCol]) {
					m.mismatch, anyMismatch = true, true
				}
			}
		}
	}

	var all []*row
	for _, t := range tables {
		all = append(all, t.rows...)
	}
	if cfg.smoke {
		for _, r := range all {
			for _, m := range r.cells {
				if m != nil {
					m.iters = 2
					m.samples = append(m.samples, timeLoop(m.runner, 2))
				}
			}
		}
	} else {
		fmt.Fprintf(stderr, "calibrating %d operations...\n", len(all))
		for _, r := range all {
			for _, m := range r.cells {
				if m != nil {
					m.iters = calibrate(m.runner, cfg.sample)
				}
			}
		}
		for round := range cfg.count {
			fmt.Fprintf(stderr, "round %d/%d\n", round+1, cfg.count)
			for i, r := range all {
				// Rotate the order of the implementations from round to
				// round and operation to operation, so none is always
				// measured first, with the caches the previous operation left.
				k := len(r.cells)
				for j := range k {
					m := r.cells[(j+round+i)%k]
					if m == nil {
						continue
					}
					runtime.GC()
					m.samples = append(m.samples, timeLoop(m.runner, m.iters))
				}
			}
		}
	}

	rep := report{cfg: cfg, machine: detectMachine(), tables: tables, date: time.Now().UTC()}
	var out bytes.Buffer
	if cfg.markdown {
		rep.markdown(&out)
	} else {
		rep.text(&out)
	}
	if _, err := stdout.Write(out.Bytes()); err != nil {
		return err
	}
	if cfg.resultsDir != "" {
		path, err := saveRun(cfg.resultsDir, rep, out.Bytes())
		if err != nil {
			return err
		}
		fmt.Fprintln(stderr, "saved", path)
	}
	if anyMismatch {
		return errMismatch
	}
	return nil
}

// buildTables prepares the runners of every operation that matches the
// expression (all if nil), and of the rows of ours that their targets
// compare with, section by section.
func buildTables(expr *regexp.Regexp, impls []implementation, in *suite.Inputs) ([]*table, error) {
	selected := map[string]bool{}
	for _, op := range suite.Ops() {
		if expr == nil || expr.MatchString(op.Name) {
			selected[op.Name] = true
			for _, tg := range op.Targets {
				for _, dep := range tg.Rows {
					selected[dep] = true
				}
			}
		}
	}
	if len(selected) == 0 {
		return nil, errors.New("no operation matches -run")
	}
	byName := map[string]implementation{}
	for _, im := range impls {
		byName[im.name] = im
	}

	var tables []*table
	for _, s := range suite.Sections() {
		t := &table{section: s, refCol: slices.Index(s.Columns, s.Reference)}
		if t.refCol < 0 || s.Columns[0] != "ours" {
			return nil, fmt.Errorf("section %q: the columns must start with ours and include the reference %s", s.Title, s.Reference)
		}
		for _, op := range s.Ops {
			if !selected[op.Name] {
				continue
			}
			r := &row{op: op, cells: make([]*measurement, len(s.Columns))}
			for i, name := range s.Columns {
				im, ok := byName[name]
				if !ok {
					return nil, fmt.Errorf("section %q: no implementation %q", s.Title, name)
				}
				if f, ok := im.factories[op.Name]; ok {
					r.cells[i] = &measurement{impl: name, runner: f(in)}
				}
			}
			if r.cells[t.refCol] == nil || r.cells[0] == nil {
				return nil, fmt.Errorf("%s: ours or the reference %s has no runner", op.Name, s.Reference)
			}
			t.rows = append(t.rows, r)
		}
		if len(t.rows) > 0 {
			tables = append(tables, t)
		}
	}
	return tables, nil
}

// timeLoop returns the time of one operation, in ns, over iters iterations.
func timeLoop(r suite.Runner, iters int) float64 {
	start := time.Now()
	r.Loop(iters)
	return float64(time.Since(start).Nanoseconds()) / float64(iters)
}

// calibrate returns the number of iterations that takes about target. The
// runs it makes double as warm-up (lazily built tables, caches).
func calibrate(r suite.Runner, target time.Duration) int {
	iters := 1
	for {
		perOp := timeLoop(r, iters)
		elapsed := perOp * float64(iters)
		if elapsed >= float64(target)/2 || iters >= 1e9 {
			return max(1, int(float64(target)/max(perOp, 0.01)))
		}
		next := int(float64(target) * 1.2 / max(perOp, 0.01))
		iters = min(max(next, iters+1), iters*100)
	}
}

// median returns the median of xs (NaN if empty).
func median(xs []float64) float64 {
	return quantile(xs, 0.5)
}

// quantile returns the q-quantile of xs by linear interpolation.
func quantile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return nan
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	pos := q * float64(len(s)-1)
	lo := int(pos)
	if lo+1 >= len(s) {
		return s[lo]
	}
	return s[lo] + (pos-float64(lo))*(s[lo+1]-s[lo])
}

var nan = func() float64 { var z float64; return z / z }()

func isNaN(x float64) bool { return x != x }

// ratios returns the per-round ratios m/ref, pairing the samples of each
// round: the machine's drift from round to round cancels in each pair.
func ratios(m, ref *measurement) []float64 {
	if m == nil || ref == nil {
		return nil
	}
	n := min(len(m.samples), len(ref.samples))
	out := make([]float64, n)
	for i := range n {
		out[i] = m.samples[i] / ref.samples[i]
	}
	return out
}

// perItem returns the time of r's operation in round i, divided by its N.
func perItem(r *row, m *measurement, i int) float64 {
	return m.samples[i] / float64(max(r.op.N, 1))
}

// rowRatios returns, per round, ours on r (per item) over the sum of ours
// on deps (each per item).
func rowRatios(r *row, deps []*row) []float64 {
	n := len(r.ours().samples)
	for _, d := range deps {
		n = min(n, len(d.ours().samples))
	}
	out := make([]float64, n)
	for i := range n {
		sum := 0.0
		for _, d := range deps {
			sum += perItem(d, d.ours(), i)
		}
		out[i] = perItem(r, r.ours(), i) / sum
	}
	return out
}
