package main

import (
	"math"
	"slices"
	"sort"
	"strings"
	"testing"
)

// The drawings of --until, --find and --sensitivity keep the house's
// rules (plotlayout_test.go): percent axes, integer ticks, the legend
// beside the data, whiskers by Monte Carlo.

// Opposed fire at hesa 3 def 1 puts the target out of action when
// a−b ≥ 3: 28 of the 100 pairs of d10s, each attack alike, so by
// attack k 1 − 0.72^k: 28.00%, 48.16%, 62.68%, 73.13%.
var chainArgs = []string{"opposed", "fire", "--hesa", "3", "--def", "1", "--until", "out-of-action", "--attacks", "4"}

// A chain's bars stand at the whole numbers of attack k, each labelled
// with its figure as the table prints it, on a percent axis up to the
// first round figure past the tallest (80%).
func TestPlotChainAxes(t *testing.T) {
	d := drawSVG(t, "chain", chainArgs...)
	area := d.dataArea(t)
	if got := d.xLabels(area); !slices.Equal(got, []string{"1", "2", "3", "4"}) {
		t.Errorf("x labels %q, want attacks 1..4", got)
	}
	if got := d.yLabels(area); !slices.Equal(got, []string{"0%", "20%", "40%", "60%", "80%"}) {
		t.Errorf("y labels %q, want 0%%..80%% by 20", got)
	}
	all := d.all()
	for _, w := range []string{"28.00%", "48.16%", "62.68%", "73.13%", "attack k", "P(out-of-action by attack k)"} {
		if !slices.Contains(all, w) {
			t.Errorf("no %q in %q", w, all)
		}
	}
}

// whiskers counts the black strokes of whiskers in the data area:
// upright ones over it (vertical; the X axis's ticks stand below it),
// or level ones on its rows (a tornado's; its grid runs through them).
func (d *drawing) whiskers(area drawnMark, vertical bool) int {
	n := 0
	for _, m := range d.marks {
		if m.stroke != "#000000" || m.fill != "" {
			continue
		}
		switch {
		case vertical && m.x0 == m.x1 && m.y1 > m.y0 && m.x0 > area.x0+1 && m.x0 < area.x1-1 && m.y0 > area.y0-0.5:
			n++
		case !vertical && m.y0 == m.y1 && m.x1 > m.x0 && m.y0 > area.y0-1 && m.y0 < area.y1+1 && m.x0 > area.x0-1:
			n++
		}
	}
	return n
}

// xTicks are the texts under the X axis (the longest level black line),
// left to right: a tornado's rows run down to its lowest grid line.
func (d *drawing) xTicks() []string {
	axis := drawnMark{}
	for _, m := range d.marks {
		if m.stroke == "#000000" && m.y0 == m.y1 && m.x1-m.x0 > axis.x1-axis.x0 {
			axis = m
		}
	}
	var s []string
	for _, x := range d.texts {
		if !x.rotated && x.y < axis.y0 && x.size <= 10 {
			s = append(s, x.s)
		}
	}
	return s
}

// By Monte Carlo each bar, point and change has its 95% whisker (with
// its two caps: three strokes, one of them upright); exact, none.
func TestPlotQuestionsWhiskers(t *testing.T) {
	mc := []string{"--method", "mc", "--trials", "20000"}
	for _, c := range []struct {
		name     string
		args     []string
		vertical bool
		n        int
	}{
		{"chain", chainArgs, true, 4},
		{"find", []string{"opposed", "fire", "--def", "1", "--find", "out-of-action>=0.5", "--vary", "hesa"}, true, 13},
		// 16 changes, firer-suppressed's none on common dice: a whisker of no width.
		{"tornado", []string{"opposed", "fire", "--hesa", "3", "--def", "1", "--sensitivity"}, false, 15},
	} {
		exact := drawSVG(t, c.name+"-exact", c.args...)
		if n := exact.whiskers(exact.dataArea(t), c.vertical); n != 0 {
			t.Errorf("%s exact: %d whiskers, want none", c.name, n)
		}
		d := drawSVG(t, c.name, append(slices.Clone(c.args), mc...)...)
		if n := d.whiskers(d.dataArea(t), c.vertical); n < c.n {
			t.Errorf("%s by Monte Carlo: %d whiskers, want %d", c.name, n, c.n)
		}
	}
}

// A --find scan: the varied flag's values as whole numbers (hesa 0..12),
// P in percent, the legend (the figure, the threshold, the answer) right
// of the data; the threshold's dashed line at 50% and the answer's ring
// at hesa 6, 55% (out of action when a+6−b−1 ≥ 5, a−b ≥ 0: 55 of the
// 100 pairs; at hesa 5, a−b ≥ 1: 45).
func TestPlotFindScan(t *testing.T) {
	d := drawSVG(t, "find", "opposed", "fire", "--def", "1", "--find", "out-of-action>=0.5", "--vary", "hesa")
	area := d.dataArea(t)
	want := []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"}
	if got := d.xLabels(area); !slices.Equal(got, want) {
		t.Errorf("x labels %q, want hesa 0..12", got)
	}
	if got := d.yLabels(area); !slices.Equal(got, []string{"0%", "20%", "40%", "60%", "80%", "100%"}) {
		t.Errorf("y labels %q, want 0%%..100%% by 20", got)
	}
	for _, n := range []string{"P(out-of-action)", "threshold 50.00%", "answer: hesa 6"} {
		i := slices.IndexFunc(d.texts, func(x drawnText) bool { return x.s == n && !x.rotated }) // not the Y axis's name
		if i < 0 {
			t.Errorf("no legend entry %q in %q", n, d.all())
			continue
		}
		if x := d.texts[i]; x.x <= area.x1 || x.x >= d.w {
			t.Errorf("legend entry %q at x=%.1f, the data runs %.1f..%.1f", n, d.texts[i].x, area.x0, area.x1)
		}
	}
	// The grid's lines are at 0%, 20%, … 100%: the scale of the y axis.
	var grid []float64
	for _, m := range d.marks {
		if m.stroke == "#808080" && m.y0 == m.y1 && !slices.Contains(grid, m.y0) {
			grid = append(grid, m.y0)
		}
	}
	sort.Float64s(grid)
	if len(grid) != 6 {
		t.Fatalf("%d horizontal grid lines, want 6 (0%%..100%%)", len(grid))
	}
	yOf := func(p float64) float64 { return grid[0] + (grid[5]-grid[0])*p }
	x5, _ := d.text("5")
	x7, _ := d.text("7")
	threshold, ring := false, false
	for _, m := range d.marks {
		if m.stroke != "#D55E00" || m.x1 > area.x1 {
			continue // not a mark, or the legend's
		}
		if m.dashed && m.y0 == m.y1 && math.Abs(m.y0-yOf(0.5)) < 0.5 && m.x1-m.x0 > 0.95*(area.x1-area.x0) {
			threshold = true
		}
		if !m.dashed && math.Abs(m.y0-yOf(0.55)) < 0.5 && m.x0 > x5.x && m.x1 < x7.x {
			ring = true
		}
	}
	if !threshold || !ring {
		t.Errorf("the threshold's line at 50%% drawn: %v; the answer's ring at hesa 6, 55%%: %v", threshold, ring)
	}
}

// A scan with no answer says so in its legend.
func TestPlotFindNone(t *testing.T) {
	d := drawSVG(t, "none", "opposed", "fire", "--def", "1", "--find", "out-of-action>=0.99", "--vary", "hesa")
	area := d.dataArea(t)
	x, ok := d.text("no answer in 0..12")
	if !ok || x.x <= area.x1 {
		t.Errorf("no 'no answer in 0..12' beside the data: %q", d.all())
	}
	if _, ok := d.text("answer: hesa 12"); ok {
		t.Error("an answer drawn where there is none")
	}
}

// A tornado's axis is of signed percent, as the table prints changes;
// each change is named left of the data, the largest on top; each bar's
// label stands past its end (right of a rise, left of a fall), inside
// the frame. Exact changes of P(no-effect) at hesa 3 def 1 (no effect
// when a−b ≤ −2: 36 pairs): smoke +2 to the target, a−b ≤ 0 in 55,
// +19.00%; hesa 3→2, a−b ≤ −1 in 45, +9.00%; hesa 3→4, a−b ≤ −3 in 28,
// −8.00%.
func TestPlotTornado(t *testing.T) {
	d := drawSVG(t, "tornado", "opposed", "fire", "--hesa", "3", "--def", "1", "--sensitivity=no-effect")
	area := d.dataArea(t)
	ticks := d.xTicks()
	for _, w := range []string{"−10%", "0%", "+10%", "+20%"} {
		if !slices.Contains(ticks, w) {
			t.Errorf("x labels %q lack %q", ticks, w)
		}
	}
	for _, s := range ticks {
		if !strings.HasSuffix(s, "%") || s != "0%" && !strings.HasPrefix(s, "+") && !strings.HasPrefix(s, "−") {
			t.Errorf("x label %q: want a signed percent", s)
		}
	}
	smoke, ok1 := d.text("smoke on")
	up, ok2 := d.text("hesa 3→2")
	down, ok3 := d.text("hesa 3→4")
	if !ok1 || !ok2 || !ok3 {
		t.Fatalf("change names missing: %q", d.all())
	}
	if !(smoke.y > up.y && up.y > down.y) {
		t.Errorf("rows smoke on (y %.1f), hesa 3→2 (%.1f), hesa 3→4 (%.1f): want the largest on top", smoke.y, up.y, down.y)
	}
	for _, n := range []drawnText{smoke, up, down} {
		if n.x >= area.x0 {
			t.Errorf("%q at x=%.1f, inside the data from %.1f", n.s, n.x, area.x0)
		}
	}
	// The bar of each row: the coloured box level with its name.
	bar := func(row drawnText) drawnMark {
		for _, m := range d.marks {
			if isColour(m.fill) && m.y0 < row.y+6 && m.y1 > row.y-2 && m.x0 >= area.x0 {
				return m
			}
		}
		t.Fatalf("no bar by %q", row.s)
		return drawnMark{}
	}
	for _, c := range []struct {
		row   drawnText
		label string
		rise  bool
	}{{smoke, "+19.00%", true}, {up, "+9.00%", true}, {down, "−8.00%", false}} {
		b := bar(c.row)
		var l drawnText
		found := false
		for _, x := range d.texts {
			if x.s == c.label && math.Abs(x.y-c.row.y) < 3 {
				l, found = x, true
			}
		}
		switch {
		case !found:
			t.Errorf("no label %q by %q", c.label, c.row.s)
		case c.rise && (l.x < b.x1 || l.x > area.x1):
			t.Errorf("%q at x=%.1f: want right of its bar's end %.1f, inside %.1f", c.label, l.x, b.x1, area.x1)
		case !c.rise && (l.x > b.x0 || l.x < area.x0):
			t.Errorf("%q at x=%.1f: want left of its bar's start %.1f, inside %.1f", c.label, l.x, b.x0, area.x0)
		}
	}
}

// A tornado of a mean is labelled in signed numbers at a round step:
// mean margin moves by whole numbers (smoke −2, hesa ±1), the axis by
// halves from −2 to +1.
func TestPlotTornadoMean(t *testing.T) {
	d := drawSVG(t, "mean", "opposed", "fire", "--hesa", "3", "--def", "1", "--sensitivity", "mean:margin")
	if got := d.xTicks(); !slices.Equal(got, []string{"−2", "−1.5", "−1", "−0.5", "0", "+0.5", "+1"}) {
		t.Errorf("x labels %q, want −2..+1 by halves", got)
	}
	for _, w := range []string{"−2", "+1"} {
		if n := slices.IndexFunc(d.texts, func(x drawnText) bool { return x.s == w && x.size == 9 }); n < 0 {
			t.Errorf("no bar label %q", w)
		}
	}
}

// A change that moves nothing has no row (a tornado of a card's many
// flags was half blank): the axis says how many are left out. Firer
// suppressed leaves P(no-effect) at hesa 3 def 1 as it is (the table's
// +0%).
func TestPlotTornadoLeavesOutNothing(t *testing.T) {
	d := drawSVG(t, "tornado", "opposed", "fire", "--hesa", "3", "--def", "1", "--sensitivity=no-effect")
	all := d.all()
	if slices.Contains(all, "firer-suppressed on") || slices.Contains(all, "+0%") {
		t.Errorf("a change of nothing drawn: %q", all)
	}
	if !slices.Contains(all, "1 change that moves nothing is left out (the table lists them)") {
		t.Errorf("the axis does not say what is left out: %q", all)
	}
}
