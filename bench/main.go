// Command bench measures github.com/seed06d4b90c/edwards25519 side by side with
// filippo.io/edwards25519 v1.2.0, curve25519-voi and circl's fp25519, interleaved
// in one process, and prints a table of median times and ratios to filippo.
//
// Usage:
//
//	go -C bench run . [-short|-full] [-count N] [-markdown] [-smoke] [-run REGEXP]
//
// See README.md for how to read the output.
package main

import (
	"bufio"
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
	"text/tabwriter"
	"time"

	"github.com/seed06d4b90c/edwards25519/bench/internal/suite"
)

// config is the parsed command line.
type config struct {
	full     bool          // -full: the real measurement
	count    int           // rounds; every (operation, implementation) gets one sample per round
	sample   time.Duration // target duration of one sample
	markdown bool          // print a Markdown table for the README
	smoke    bool          // run each operation twice and print, no calibration
	run      *regexp.Regexp
}

func main() {
	var (
		short    = flag.Bool("short", false, "quick measurement: 5 rounds of ~20ms samples (the default; well under 2 minutes)")
		full     = flag.Bool("full", false, "real measurement: 20 rounds of ~100ms samples (about 3 minutes)")
		count    = flag.Int("count", 0, "number of interleaved rounds (0: 5 with -short, 20 with -full)")
		sample   = flag.Duration("sample", 0, "target duration of one sample (0: 20ms with -short, 100ms with -full)")
		markdown = flag.Bool("markdown", false, "print a Markdown table (with date, CPU, Go version) for the README")
		smoke    = flag.Bool("smoke", false, "only execute each operation a couple of times (CI smoke test)")
		runExpr  = flag.String("run", "", "only operations whose name matches this regular expression")
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
	if err := run(cfg, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// errMismatch reports that some implementation disagreed with the reference.
var errMismatch = errors.New("outputs differ from filippo.io/edwards25519 (see MISMATCH rows)")

// measurement is one (operation, implementation) pair and its samples.
type measurement struct {
	impl     string
	runner   suite.Runner
	iters    int       // iterations per sample, from calibration
	samples  []float64 // ns per operation, one per round
	mismatch bool      // output differs from the reference's
}

// row is one operation and its measurements in column order (nil where an
// implementation lacks the operation).
type row struct {
	op    suite.Op
	cells []*measurement
}

// run measures and prints. It returns errMismatch, after printing, if any
// implementation's output differed from the reference's.
func run(cfg config, stdout, stderr io.Writer) error {
	return runWith(cfg, implementations(), stdout, stderr)
}

// runWith is run on the given implementations.
func runWith(cfg config, impls []implementation, stdout, stderr io.Writer) error {
	if cfg.smoke {
		cfg.count = 1
	}
	refCol := slices.IndexFunc(impls, func(im implementation) bool { return im.name == reference })
	in := suite.NewInputs()

	var rows []row
	for _, op := range suite.Ops() {
		if cfg.run != nil && !cfg.run.MatchString(op.Name) {
			continue
		}
		r := row{op: op, cells: make([]*measurement, len(impls))}
		for i, im := range impls {
			if f, ok := im.factories[op.Name]; ok {
				r.cells[i] = &measurement{impl: im.name, runner: f(in)}
			}
		}
		if r.cells[refCol] == nil {
			return fmt.Errorf("%s: the reference has no runner", op.Name)
		}
		rows = append(rows, r)
	}
	if len(rows) == 0 {
		return errors.New("no operation matches -run")
	}

	// One iteration each on fresh runners: every implementation must give
	// the reference's bytes, or its timings mean nothing.
	anyMismatch := false
	for _, r := range rows {
		outputs := make([][]byte, len(r.cells))
		for i, m := range r.cells {
			if m != nil {
				m.runner.Loop(1)
				outputs[i] = m.runner.Output()
			}
		}
		for i, m := range r.cells {
			if m != nil && !bytes.Equal(outputs[i], outputs[refCol]) {
				m.mismatch, anyMismatch = true, true
			}
		}
	}

	if cfg.smoke {
		for _, r := range rows {
			for _, m := range r.cells {
				if m != nil {
					m.iters = 2
					m.samples = append(m.samples, timeLoop(m.runner, 2))
				}
			}
		}
	} else {
		fmt.Fprintf(stderr, "calibrating %d operations...\n", len(rows))
		for _, r := range rows {
			for _, m := range r.cells {
				if m != nil {
					m.iters = calibrate(m.runner, cfg.sample)
				}
			}
		}
		for round := range cfg.count {
			fmt.Fprintf(stderr, "round %d/%d\n", round+1, cfg.count)
			for i, r := range rows {
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

	if cfg.markdown {
		printMarkdown(stdout, cfg, impls, refCol, rows)
	} else {
		printText(stdout, cfg, impls, refCol, rows)
	}
	if anyMismatch {
		return errMismatch
	}
	return nil
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

// label is the operation's name in the table; multi-scalar rows show times
// per point (ratios are the same per operation or per point).
func label(op suite.Op) string {
	if op.Points > 0 {
		return op.Name + " per point"
	}
	return op.Name
}

// timeCell formats the median time of m, divided by points if > 0.
func timeCell(m *measurement, points int) string {
	if m == nil {
		return "-"
	}
	t := median(m.samples)
	if points > 0 {
		t /= float64(points)
	}
	s := formatNS(t)
	if m.mismatch {
		s += " MISMATCH"
	}
	return s
}

func formatNS(ns float64) string {
	switch {
	case isNaN(ns):
		return "?"
	case ns < 1e3:
		return fmt.Sprintf("%.1f ns", ns)
	case ns < 1e6:
		return fmt.Sprintf("%.2f µs", ns/1e3)
	default:
		return fmt.Sprintf("%.2f ms", ns/1e6)
	}
}

// ratioCell formats the median paired ratio, with the half interquartile
// range in percent when there are enough rounds to speak of one.
func ratioCell(m, ref *measurement) (string, float64) {
	rs := ratios(m, ref)
	if len(rs) == 0 {
		return "-", nan
	}
	med := median(rs)
	s := fmt.Sprintf("%.2f", med)
	if len(rs) >= 4 {
		spread := (quantile(rs, 0.75) - quantile(rs, 0.25)) / 2 / med * 100
		s += fmt.Sprintf(" ±%.0f%%", spread)
	}
	return s, med
}

// targetCell formats the target of op against the measured ratio.
func targetCell(op suite.Op, ratio float64, yes, no string) string {
	if op.Target == 0 {
		return ""
	}
	verdict := yes
	if isNaN(ratio) || ratio > op.Target {
		verdict = no
	}
	return strings.TrimSpace(fmt.Sprintf("≤ %.2f %s", op.Target, verdict))
}

// cells returns the table cells of one row: label, times, ratios, target.
func cells(r row, refCol int, yes, no string) []string {
	out := []string{label(r.op)}
	for _, m := range r.cells {
		out = append(out, timeCell(m, r.op.Points))
	}
	oursRatio := nan
	for i, m := range r.cells {
		if i == refCol {
			continue
		}
		s, v := ratioCell(m, r.cells[refCol])
		if i == 0 {
			oursRatio = v
		}
		out = append(out, s)
	}
	return append(out, targetCell(r.op, oursRatio, yes, no))
}

func header(impls []implementation, refCol int) []string {
	h := []string{"operation"}
	for _, im := range impls {
		h = append(h, im.name)
	}
	for i, im := range impls {
		if i != refCol {
			h = append(h, im.name+"/"+reference)
		}
	}
	return append(h, "target (ours/"+reference+")")
}

func printText(w io.Writer, cfg config, impls []implementation, refCol int, rows []row) {
	yes, no := "met", "MISSED"
	if cfg.smoke {
		yes, no = "", ""
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(header(impls, refCol), "\t"))
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(cells(r, refCol, yes, no), "\t"))
	}
	tw.Flush()
	fmt.Fprintln(w, "Times are medians over rounds; ratios are medians of the per-round ratios (± half the interquartile range). Lower is better.")
	if cfg.smoke {
		fmt.Fprintln(w, smokeNote)
	}
}

// smokeNote warns that a -smoke table measures nothing.
const smokeNote = "SMOKE RUN: each operation ran twice, cold; these numbers are not measurements (outputs were checked against filippo)."

func printMarkdown(w io.Writer, cfg config, impls []implementation, refCol int, rows []row) {
	mode := "-short"
	if cfg.full {
		mode = "-full"
	}
	if cfg.smoke {
		mode += " -smoke"
	}
	if cfg.run != nil {
		mode += fmt.Sprintf(" -run '%s'", cfg.run)
	}
	fmt.Fprintf(w, "Measured %s on %s (%d logical CPUs), %s %s/%s, with `go -C bench run . %s -count %d -markdown`:\n",
		time.Now().UTC().Format("2006-01-02"), cpuModel(), runtime.NumCPU(),
		runtime.Version(), runtime.GOOS, runtime.GOARCH, mode, cfg.count)
	fmt.Fprintf(w, "all implementations interleaved in one process; times are medians over the rounds, ratios the medians of the per-round ratios to %s (± half the interquartile range). Lower is better; \"-\" means the library has no such operation.\n\n", reference)
	h := header(impls, refCol)
	fmt.Fprintln(w, "| "+strings.Join(h, " | ")+" |")
	align := []string{"---"}
	for range h[1:] {
		align = append(align, "---:")
	}
	fmt.Fprintln(w, "|"+strings.Join(align, "|")+"|")
	yes, no := "✅", "❌"
	if cfg.smoke {
		yes, no = "", ""
	}
	for _, r := range rows {
		c := cells(r, refCol, yes, no)
		c[0] = "`" + c[0] + "`"
		fmt.Fprintln(w, "| "+strings.Join(c, " | ")+" |")
	}
	if cfg.smoke {
		fmt.Fprintln(w, "\n"+smokeNote)
	}
}

// cpuModel reads the CPU's model name from /proc/cpuinfo, where there is one.
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		key, value, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(key) == "model name" {
			return strings.TrimSpace(value)
		}
	}
	return "unknown CPU"
}
