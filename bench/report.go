package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/seed06d4b90c/edwards25519/bench/internal/suite"
)

// report is a finished run, ready to print.
type report struct {
	cfg     config
	machine machine
	tables  []*table
	date    time.Time
}

// rowsByName indexes every measured row by operation name.
func (rep *report) rowsByName() map[string]*row {
	m := map[string]*row{}
	for _, t := range rep.tables {
		for _, r := range t.rows {
			m[r.op.Name] = r
		}
	}
	return m
}

// label is the operation's name in the table; rows with N > 0 show times
// per item (ratios are the same per operation or per item).
func label(op suite.Op) string {
	if op.N > 0 {
		return op.Name + " per " + op.Unit
	}
	return op.Name
}

// timeCell formats the median time of m, divided by n if > 0.
func timeCell(m *measurement, n int) string {
	if m == nil {
		return "-"
	}
	t := median(m.samples)
	if n > 0 {
		t /= float64(n)
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

// formatRatio formats a ratio, "?" if there is none.
func formatRatio(r float64) string {
	if isNaN(r) {
		return "?"
	}
	return fmt.Sprintf("%.2f", r)
}

// targetRatio formats the measured ratio r of a target whose bound is max:
// as formatRatio does, but with a third decimal when two would print the
// bound itself, so that a verdict never reads "≤ 0.70: 0.70 ❌" for a
// median of 0.7012.
func targetRatio(r, max float64) string {
	s := formatRatio(r)
	if s == fmt.Sprintf("%.2f", max) {
		s = fmt.Sprintf("%.3f", r)
	}
	return s
}

// ratioCell formats the median of the per-round ratios rs, with the half
// interquartile range in percent when there are enough rounds to speak of
// one.
func ratioCell(rs []float64) string {
	if len(rs) == 0 {
		return "-"
	}
	med := median(rs)
	s := fmt.Sprintf("%.2f", med)
	if len(rs) >= 4 {
		spread := (quantile(rs, 0.75) - quantile(rs, 0.25)) / 2 / med * 100
		s += fmt.Sprintf(" ±%.0f%%", spread)
	}
	return s
}

// targetKeys are the target columns of t: one per distinct Target.Key, in
// order of first appearance.
func targetKeys(t *table) []string {
	var keys []string
	for _, r := range t.rows {
		for _, tg := range r.op.Targets {
			if k := tg.Key(); !contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	return keys
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// verdicts are the words a target cell ends with.
type verdicts struct{ met, missed string }

// tally counts the targets met and missed, and names the missed ones.
type tally struct {
	met, missed int
	misses      []string
}

// targetRatios returns the per-round ratios of target tg on row r of t.
func targetRatios(t *table, r *row, tg suite.Target, rows map[string]*row) []float64 {
	if len(tg.Rows) > 0 {
		var deps []*row
		for _, name := range tg.Rows {
			d, ok := rows[name]
			if !ok {
				return nil
			}
			deps = append(deps, d)
		}
		return rowRatios(r, deps)
	}
	col := t.column(tg.Impl)
	if col < 0 {
		return nil
	}
	return ratios(r.ours(), r.cells[col])
}

// bound formats the goal of tg: "≤ 0.45", "< 1.00", and for a target on
// rows of ours the rows it adds up.
func bound(tg suite.Target) string {
	s := fmt.Sprintf("≤ %.2f", tg.Max)
	if tg.Strict {
		s = fmt.Sprintf("< %.2f", tg.Max)
	}
	if len(tg.Rows) > 0 {
		s += " " + strings.Join(tg.Rows, "+")
	}
	return s
}

// targetCell formats the targets of row r under key: the goal, and unless
// v is nil the measured median ratio and the verdict, which it counts.
func targetCell(t *table, r *row, key string, rows map[string]*row, v *verdicts, count *tally) string {
	var parts []string
	for _, tg := range r.op.Targets {
		if tg.Key() != key {
			continue
		}
		s := bound(tg)
		if v != nil {
			rs := targetRatios(t, r, tg, rows)
			med := nan
			if len(rs) > 0 {
				med = median(rs)
			}
			met := !isNaN(med) && (med < tg.Max || (!tg.Strict && med == tg.Max))
			word := v.met
			if met {
				count.met++
			} else {
				word = v.missed
				count.missed++
				count.misses = append(count.misses, missed(r.op.Name, tg, med))
			}
			s = strings.TrimSpace(fmt.Sprintf("%s: %s %s", s, targetRatio(med, tg.Max), word))
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

// missed describes a missed target for the summary.
func missed(op string, tg suite.Target, ratio float64) string {
	goal := fmt.Sprintf("≤ %.2f", tg.Max)
	if tg.Strict {
		goal = fmt.Sprintf("< %.2f", tg.Max)
	}
	if len(tg.Rows) > 0 {
		return fmt.Sprintf("%s: %s of ours' %s, target %s", op, targetRatio(ratio, tg.Max), strings.Join(tg.Rows, " + "), goal)
	}
	return fmt.Sprintf("%s: ours/%s %s, target %s", op, tg.Impl, targetRatio(ratio, tg.Max), goal)
}

// header returns the column headers of t.
func header(t *table) []string {
	h := []string{"operation"}
	h = append(h, t.section.Columns...)
	for i, c := range t.section.Columns {
		if i != t.refCol {
			h = append(h, c+"/"+t.section.Reference)
		}
	}
	for _, k := range targetKeys(t) {
		if k == "ours" {
			h = append(h, "target vs our rows")
		} else {
			h = append(h, "target ours/"+k)
		}
	}
	return h
}

// cells returns the table cells of one row: label, times, ratios, targets.
func cells(t *table, r *row, rows map[string]*row, v *verdicts, count *tally) []string {
	out := []string{label(r.op)}
	for _, m := range r.cells {
		out = append(out, timeCell(m, r.op.N))
	}
	for i, m := range r.cells {
		if i != t.refCol {
			out = append(out, ratioCell(ratios(m, r.cells[t.refCol])))
		}
	}
	for _, k := range targetKeys(t) {
		out = append(out, targetCell(t, r, k, rows, v, count))
	}
	return out
}

// smokeNote warns that a -smoke table measures nothing.
const smokeNote = "SMOKE RUN: each operation ran twice, cold; these numbers are not measurements (outputs were checked against each section's reference)."

const readingNote = "Times are medians over the rounds; ratios are the medians of the per-round ratios to the section's reference (± half the interquartile range). Lower is better; \"-\" means the library has no such operation."

func (rep *report) text(w io.Writer) {
	for _, line := range rep.machine.describe() {
		fmt.Fprintln(w, line)
	}
	v := &verdicts{"met", "MISSED"}
	if rep.cfg.smoke {
		v = nil
	}
	var count tally
	rows := rep.rowsByName()
	for _, t := range rep.tables {
		fmt.Fprintf(w, "\n== %s (reference %s) ==\n", t.section.Title, t.section.Reference)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, strings.Join(header(t), "\t"))
		for _, r := range t.rows {
			fmt.Fprintln(tw, strings.Join(cells(t, r, rows, v, &count), "\t"))
		}
		tw.Flush()
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, readingNote)
	rep.summary(w, v, count)
}

// summary prints the count of targets met and the ones missed.
func (rep *report) summary(w io.Writer, v *verdicts, count tally) {
	if v == nil {
		fmt.Fprintln(w, smokeNote)
		return
	}
	fmt.Fprintf(w, "Targets: %d met, %d missed.\n", count.met, count.missed)
	for _, m := range count.misses {
		fmt.Fprintln(w, "  missed:", m)
	}
}

func (rep *report) markdown(w io.Writer) {
	rounds := fmt.Sprintf("%d rounds", rep.cfg.count)
	if rep.cfg.count == 1 {
		rounds = "1 round"
	}
	fmt.Fprintf(w, "Measured %s with `%s` (%s), commit %s:\n\n",
		rep.date.Format("2006-01-02"), rep.cfg.command, rounds, commit())
	for _, line := range rep.machine.describe() {
		fmt.Fprintln(w, "- "+line)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "All implementations interleaved in one process. "+readingNote)
	v := &verdicts{"✅", "❌"}
	if rep.cfg.smoke {
		v = nil
	}
	var count tally
	rows := rep.rowsByName()
	for _, t := range rep.tables {
		fmt.Fprintf(w, "\n### %s\n\n%s\n\n", t.section.Title, sectionNotes[t.section.Title])
		h := header(t)
		fmt.Fprintln(w, "| "+strings.Join(h, " | ")+" |")
		align := []string{"---"}
		for range h[1:] {
			align = append(align, "---:")
		}
		fmt.Fprintln(w, "|"+strings.Join(align, "|")+"|")
		for _, r := range t.rows {
			c := cells(t, r, rows, v, &count)
			c[0] = "`" + c[0] + "`"
			fmt.Fprintln(w, "| "+strings.Join(c, " | ")+" |")
		}
	}
	fmt.Fprintln(w)
	rep.summary(w, v, count)
}

// commit names the checked-out commit of the repository the command runs
// in, with a note if the work tree has uncommitted changes; "unknown"
// without git. It only reads.
func commit() string {
	rev, err := exec.Command("git", "rev-parse", "--short=12", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	s := strings.TrimSpace(string(rev))
	if st, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(st) > 0 {
		s += " with uncommitted changes"
	}
	return s
}

// saveRun writes the report, printed as body, to a new file of dir named
// after the date and the CPU, adding -2, -3, ... rather than overwrite an
// existing one. It returns the file's path.
func saveRun(dir string, rep report, body []byte) (string, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return "", fmt.Errorf("results directory %q not found (run the command in bench/, or pass -results, or -save=false)", dir)
	}
	base := rep.date.Format("2006-01-02") + "-" + rep.machine.slug()
	for i := 1; ; i++ {
		name := base + ".md"
		if i > 1 {
			name = fmt.Sprintf("%s-%d.md", base, i)
		}
		path := filepath.Join(dir, name)
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		_, err = fmt.Fprintf(f, "# %s, %s\n\n%s", rep.date.Format("2006-01-02"), rep.machine.cpuName(), body)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return path, err
	}
}
