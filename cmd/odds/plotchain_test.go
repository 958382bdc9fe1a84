package main

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// A sweep of --until chains draws, for one swept flag, P(reached by
// attack k) over the swept values, a line (or, over words, a bar) per
// attack k; for two, a heat map of P(reached within --attacks); more are
// refused. The figures drawn are the table's.

// outOfAction is opposed fire's P(out of action) in one attack at hesa
// h, def d: a+h−b−d ≥ 5 (resolve/opposed fireBand), counted over the
// 100 pairs of d10s.
func outOfAction(h, d int) float64 {
	n := 0
	for a := 1; a <= 10; a++ {
		for b := 1; b <= 10; b++ {
			if a+h-b-d >= 5 {
				n++
			}
		}
	}
	return float64(n) / 100
}

// byAttack is P(out of action by attack k) of independent attacks of
// chance p: 1 − (1−p)^k (hesa 3 def 1: 28.00, 48.16, 62.68, 73.13%).
func byAttack(p float64, k int) float64 { return 1 - math.Pow(1-p, float64(k)) }

// toPct maps a drawn height to the percent axis: the grid's lowest line
// is 0%, its highest the last tick label.
func toPct(t *testing.T, d *drawing, y float64) float64 {
	t.Helper()
	area := d.dataArea(t)
	ys := d.yLabels(area)
	top, err := strconv.ParseFloat(strings.TrimSuffix(ys[len(ys)-1], "%"), 64)
	if err != nil {
		t.Fatalf("top y label %q", ys[len(ys)-1])
	}
	return (y - area.y0) / (area.y1 - area.y0) * top
}

// A sweep of hesa: a line per attack, dots at hesa 1..6 whose heights
// are 1 − (1−p)^k, the legend beside the data from attack 4 down.
func TestPlotChainSweepLines(t *testing.T) {
	d := drawSVG(t, "chain-sweep", "opposed", "fire", "--hesa", "1..6", "--def", "1", "--until", "out-of-action", "--attacks", "4")
	area := d.dataArea(t)
	if got := d.xLabels(area); !slices.Equal(got, []string{"1", "2", "3", "4", "5", "6"}) {
		t.Errorf("x labels %q, want hesa 1..6", got)
	}
	if got := d.yLabels(area); !slices.Equal(got, []string{"0%", "20%", "40%", "60%", "80%", "100%"}) {
		t.Errorf("y labels %q, want 0%%..100%% by 20", got)
	}
	for _, w := range []string{"hesa", "P(out-of-action by attack k)"} {
		if _, ok := d.text(w); !ok {
			t.Errorf("no %q in %q", w, d.all())
		}
	}
	legend := legendOrder(t, d, area, "by attack ")
	if !slices.Equal(legend, []string{"by attack 4", "by attack 3", "by attack 2", "by attack 1"}) {
		t.Errorf("legend top down %q, want by attack 4..1", legend)
	}
	// The dots: filled circles 4 pt across, grouped by colour; a
	// series' heights rise with hesa, the series with k.
	series := map[string][][2]float64{}
	for _, m := range d.marks {
		if isColour(m.fill) && math.Abs(m.x1-m.x0-4) < 0.01 && m.y0 == m.y1 {
			series[m.fill] = append(series[m.fill], [2]float64{(m.x0 + m.x1) / 2, toPct(t, d, m.y0)})
		}
	}
	if len(series) != 4 {
		t.Fatalf("%d colours of dots, want 4: %v", len(series), series)
	}
	var lines [][][2]float64
	for _, s := range series {
		sort.Slice(s, func(i, j int) bool { return s[i][0] < s[j][0] })
		lines = append(lines, s)
	}
	sort.Slice(lines, func(i, j int) bool { return lines[i][0][1] < lines[j][0][1] })
	for k, line := range lines {
		if len(line) != 6 {
			t.Fatalf("by attack %d: %d dots, want 6", k+1, len(line))
		}
		for i, pt := range line {
			want := 100 * byAttack(outOfAction(i+1, 1), k+1)
			if math.Abs(pt[1]-want) > 0.05 {
				t.Errorf("by attack %d, hesa %d: drawn at %.3f%%, want %.3f%%", k+1, i+1, pt[1], want)
			}
		}
	}
	if got := lines[2][2][1]; math.Abs(got-62.68) > 0.05 {
		t.Errorf("hesa 3, by attack 3: %.2f%%, want 62.68%% (1 − 0.72³)", got)
	}
}

// legendOrder lists the texts right of the data area that start with
// prefix, top down.
func legendOrder(t *testing.T, d *drawing, area drawnMark, prefix string) []string {
	t.Helper()
	var es []drawnText
	for _, x := range d.texts {
		if strings.HasPrefix(x.s, prefix) {
			if x.x <= area.x1 || x.x >= d.w {
				t.Errorf("legend entry %q at x=%.1f, the data runs %.1f..%.1f (drawing %.1f wide)", x.s, x.x, area.x0, area.x1, d.w)
			}
			es = append(es, x)
		}
	}
	sort.Slice(es, func(i, j int) bool { return es[i].y > es[j].y })
	var s []string
	for _, x := range es {
		s = append(s, x.s)
	}
	return s
}

// Past seven attacks a line is drawn for seven of them, the first, the
// last and evenly between, and the legend says so.
func TestPlotChainSweepManyAttacks(t *testing.T) {
	d := drawSVG(t, "chain-many", "opposed", "fire", "--hesa", "1..6", "--def", "1", "--until", "out-of-action", "--attacks", "20")
	area := d.dataArea(t)
	want := []string{"by attack 20", "by attack 17", "by attack 14", "by attack 11", "by attack 7", "by attack 4", "by attack 1"}
	if got := legendOrder(t, d, area, "by attack "); !slices.Equal(got, want) {
		t.Errorf("legend %q, want %q", got, want)
	}
	if _, ok := d.text("7 of 20 attacks drawn"); !ok {
		t.Errorf("no note of the attacks drawn in %q", d.all())
	}
}

// A sweep of words (cover none, soft, hard): grouped bars, attack 1
// first in each group and on top of the legend; cover none's bars stand
// at 28.00, 48.16, 62.68, 73.13%.
func TestPlotChainSweepBars(t *testing.T) {
	d := drawSVG(t, "chain-bars", "opposed", "fire", "--hesa", "3", "--def", "1", "--cover", "all", "--until", "out-of-action", "--attacks", "4")
	area := d.dataArea(t)
	if got := d.xLabels(area); !slices.Equal(got, []string{"none", "soft", "hard"}) {
		t.Errorf("x labels %q, want none, soft, hard", got)
	}
	if got := legendOrder(t, d, area, "by attack "); !slices.Equal(got, []string{"by attack 1", "by attack 2", "by attack 3", "by attack 4"}) {
		t.Errorf("legend top down %q, want by attack 1..4", got)
	}
	var bars []drawnMark
	for _, m := range d.marks {
		if isColour(m.fill) && m.x0 > area.x0 && m.x1 < area.x1 && m.y1 > m.y0 {
			bars = append(bars, m)
		}
	}
	if len(bars) != 12 {
		t.Fatalf("%d bars, want 3 covers × 4 attacks", len(bars))
	}
	sort.Slice(bars, func(i, j int) bool { return bars[i].x0 < bars[j].x0 })
	for k, b := range bars[:4] {
		got, want := toPct(t, d, b.y1), 100*byAttack(0.28, k+1)
		if math.Abs(got-want) > 0.05 {
			t.Errorf("cover none, by attack %d: bar to %.3f%%, want %.3f%%", k+1, got, want)
		}
	}
}

// Two swept flags: a heat map of P(out of action within 4 attacks), a
// cell a pair (hesa down, def across), each printing the table's figure,
// the colour scale in percent.
func TestPlotChainHeat(t *testing.T) {
	d := drawSVG(t, "chain-heat", "opposed", "fire", "--hesa", "1..6", "--def", "0..4", "--until", "out-of-action", "--attacks", "4")
	var cells []drawnMark
	right := 0.0
	for _, m := range d.marks {
		if isColour(m.fill) && m.x1-m.x0 > 30 {
			cells = append(cells, m)
			right = max(right, m.x1)
		}
	}
	if len(cells) != 30 {
		t.Fatalf("%d cells, want 6 × 5", len(cells))
	}
	var figures, scale []drawnText
	for _, x := range d.texts {
		switch {
		case x.x > right && strings.HasSuffix(x.s, "%"):
			scale = append(scale, x)
		case strings.HasSuffix(x.s, "%") && x.x < right:
			figures = append(figures, x)
		}
	}
	if len(scale) < 3 || scale[len(scale)-1].s != "100%" {
		t.Errorf("colour scale labels %v, want percent up to 100%%", scale)
	}
	sort.Slice(figures, func(i, j int) bool {
		if math.Abs(figures[i].y-figures[j].y) > 1 {
			return figures[i].y > figures[j].y
		}
		return figures[i].x < figures[j].x
	})
	var got, want []string
	for _, x := range figures {
		got = append(got, x.s)
	}
	for h := 1; h <= 6; h++ {
		for def := 0; def <= 4; def++ {
			want = append(want, fmt.Sprintf("%.2f%%", 100*byAttack(outOfAction(h, def), 4)))
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("cells (hesa 1..6 down, def 0..4 across) %q, want %q", got, want)
	}
	for _, w := range []string{"P(out-of-action within 4 attacks)", "hesa", "def"} {
		found := slices.ContainsFunc(d.all(), func(s string) bool { return strings.Contains(s, w) })
		if !found {
			t.Errorf("no %q in %q", w, d.all())
		}
	}
}

// Three swept flags are refused with a one-line error, as every plot
// refuses them, and no file is written.
func TestPlotChainSweepThreeRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "three.svg")
	code, _, errs := run(context.Background(), "opposed", "fire", "--hesa", "1..2", "--def", "0..1", "--cover", "all", "--until", "out-of-action", "--plot", path)
	if code != 2 || !strings.HasPrefix(errs, "odds: error: --plot: 3 flags vary") || strings.Count(errs, "odds: error:") != 1 {
		t.Errorf("exit %d, %q; want 2 and one line saying 3 flags vary", code, errs)
	}
	if _, err := os.Stat(path); err == nil {
		t.Errorf("%s written", path)
	}
}
