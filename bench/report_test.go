package main

import (
	"strings"
	"testing"

	"github.com/seed06d4b90c/edwards25519/bench/internal/suite"
)

// TestTargetCells checks the target arithmetic on made-up samples: a
// target against a peer column is the median of the per-round ratios, a
// target against rows of ours divides per item and adds the rows round by
// round, and Strict makes the bound itself a miss.
func TestTargetCells(t *testing.T) {
	m := func(samples ...float64) *measurement { return &measurement{samples: samples} }
	sec := suite.Section{Title: "test", Reference: "ref", Columns: []string{"ours", "ref", "peer"}}
	tb := &table{section: sec, refCol: 1}
	// Per round, ours/peer is 0.5, 0.25, 1.0: median 0.5. Medians of the
	// times alone (2/4 = 0.5) would agree here; the rows below would not.
	a := &row{op: suite.Op{Name: "A", Targets: []suite.Target{
		{Impl: "peer", Max: 0.5},
		{Impl: "peer", Max: 0.5, Strict: true},
	}}, cells: []*measurement{m(2, 1, 8), m(1, 1, 1), m(4, 4, 8)}}
	// B is a batch of 10: per item 1, 2, 3; the rows it is compared with
	// take 10+10, 10+30, 5+5 per round: ratios 0.05, 0.05, 0.3.
	b := &row{op: suite.Op{Name: "B", N: 10, Unit: "point", Targets: []suite.Target{
		{Rows: []string{"C", "D"}, Max: 0.10},
	}}, cells: []*measurement{m(10, 20, 30), m(1, 1, 1), nil}}
	c := &row{op: suite.Op{Name: "C"}, cells: []*measurement{m(10, 10, 5), m(1, 1, 1), nil}}
	d := &row{op: suite.Op{Name: "D"}, cells: []*measurement{m(10, 30, 5), m(1, 1, 1), nil}}
	tb.rows = []*row{a, b, c, d}
	rows := map[string]*row{"A": a, "B": b, "C": c, "D": d}

	v := &verdicts{"met", "MISSED"}
	var count tally
	if got, want := targetCell(tb, a, "peer", rows, v, &count), "≤ 0.50: 0.500 met; < 0.50: 0.500 MISSED"; got != want {
		t.Errorf("row A: %q, want %q", got, want)
	}
	if got, want := targetCell(tb, b, "ours", rows, v, &count), "≤ 0.10 C+D: 0.05 met"; got != want {
		t.Errorf("row B: %q, want %q", got, want)
	}
	if count.met != 2 || count.missed != 1 || len(count.misses) != 1 || count.misses[0] != "A: ours/peer 0.500, target < 0.50" {
		t.Errorf("tally %+v", count)
	}
	if got := targetCell(tb, a, "peer", rows, nil, &count); got != "≤ 0.50; < 0.50" {
		t.Errorf("smoke cell %q", got)
	}
	if h := strings.Join(header(tb), "|"); h != "operation|ours|ref|peer|ours/ref|peer/ref|target ours/peer|target vs our rows" {
		t.Errorf("header %q", h)
	}
	// Where two decimals would print the bound itself, a third shows which
	// side of it the median is on; elsewhere two are enough. Per round,
	// ours/peer is 0.7012, 0.7012, 0.7012 for F, 0.6996 for G.
	f := &row{op: suite.Op{Name: "F", Targets: []suite.Target{{Impl: "peer", Max: 0.70}, {Impl: "peer", Max: 0.75}}},
		cells: []*measurement{m(701.2, 701.2, 701.2), m(1, 1, 1), m(1000, 1000, 1000)}}
	g := &row{op: suite.Op{Name: "G", Targets: []suite.Target{{Impl: "peer", Max: 0.70}}},
		cells: []*measurement{m(699.6), m(1), m(1000)}}
	count = tally{}
	if got, want := targetCell(tb, f, "peer", rows, v, &count), "≤ 0.70: 0.701 MISSED; ≤ 0.75: 0.70 met"; got != want {
		t.Errorf("row F: %q, want %q", got, want)
	}
	if got, want := targetCell(tb, g, "peer", rows, v, &count), "≤ 0.70: 0.700 met"; got != want {
		t.Errorf("row G: %q, want %q", got, want)
	}
	if count.met != 2 || count.missed != 1 || count.misses[0] != "F: ours/peer 0.701, target ≤ 0.70" {
		t.Errorf("tally of F and G: %+v", count)
	}
	// A missing peer gives no ratio, and a miss.
	e := &row{op: suite.Op{Name: "E", Targets: []suite.Target{{Impl: "peer", Max: 2}}}, cells: []*measurement{m(1), m(1), nil}}
	if got := targetCell(tb, e, "peer", rows, v, &count); got != "≤ 2.00: ? MISSED" {
		t.Errorf("row without the peer: %q", got)
	}
}
