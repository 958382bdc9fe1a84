package main

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// odds roll honours --plot: the distribution as bars, one a value. The
// ways to roll each total of 3d6, counted by hand over the 216 faces:
// 3..18 take 1 3 6 10 15 21 25 27 27 25 21 15 10 6 3 1, so the bars'
// heights are in those ratios and their labels are 3..18.
func TestRollPlot(t *testing.T) {
	dir := t.TempDir()
	svg, pngPath := filepath.Join(dir, "roll.svg"), filepath.Join(dir, "roll.png")
	for _, path := range []string{svg, pngPath} {
		if code, _, errs := run(context.Background(), "roll", "3d6", "--seed", "1", "--plot", path); code != 0 {
			t.Fatalf("--plot %s: exit %d: %s", path, code, errs)
		}
	}
	d := readSVG(t, svg)
	if _, ok := d.text("roll 3d6: the chance of each value"); !ok {
		t.Errorf("the plot lacks its title: %q", d.all())
	}
	if _, ok := d.text("P(value)"); !ok {
		t.Errorf("the plot lacks its axis: %q", d.all())
	}
	area := d.dataArea(t)
	if got := strings.Join(d.xLabels(area), " "); got != "3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18" {
		t.Errorf("x labels %q, want 3..18", got)
	}
	ways := []float64{1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1}
	var bars []drawnMark
	for _, m := range d.marks {
		if isColour(m.fill) && m.x0 >= area.x0 && m.x1 <= area.x1 {
			bars = append(bars, m)
		}
	}
	if len(bars) != len(ways) {
		t.Fatalf("%d bars, want %d", len(bars), len(ways))
	}
	unit := bars[0].y1 - bars[0].y0
	for i, b := range bars {
		// The SVG keeps five significant digits: 1% is ample.
		if got := (b.y1 - b.y0) / unit; got < ways[i]*0.99 || got > ways[i]*1.01 {
			t.Errorf("bar %d (total %d) is %.3f of the first, want %v", i, i+3, got, ways[i])
		}
	}
	data, err := os.ReadFile(pngPath)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(data)); err != nil {
		t.Errorf("--plot roll.png: %v", err)
	}
}

// odds roll honours --shard: one cell, its Monte Carlo trials split into
// chunk ranges (an exact roll is recorded by the first shard), and odds
// merge gives the whole run's document, and its plot.
func TestRollShardMerge(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	for name, args := range map[string][]string{
		"mc":    {"roll", "d10+3 vs d10+1", "--method", "mc", "--trials", "300000", "--seed", "7"},
		"exact": {"roll", "4d6kh3", "--seed", "7"},
	} {
		var shards []string
		for _, s := range []string{"1/3", "2/3", "3/3"} {
			path := filepath.Join(dir, name+strings.Replace(s, "/", "of", 1)+".json")
			if code, out, errs := run(ctx, append(args, "--shard", s, "--out", path)...); code != 0 || out != "" {
				t.Fatalf("%s: shard %s: exit %d: %s%s", name, s, code, out, errs)
			}
			shards = append(shards, path)
		}
		_, whole, _ := run(ctx, append(args, "--format", "json")...)
		plot := filepath.Join(dir, name+".svg")
		code, merged, errs := run(ctx, append([]string{"merge", "--format", "json", "--plot", plot}, shards...)...)
		if code != 0 || normalize(merged) != normalize(whole) {
			t.Errorf("%s: merge exit %d %s; merged:\n%.500s\nwhole:\n%.500s", name, code, errs, merged, whole)
		}
		if _, err := os.Stat(plot); err != nil {
			t.Errorf("%s: merge --plot: %v", name, err)
		}
	}
}

// --metric means nothing to a roll (no roster of card roles): exit 2 with
// a line naming the flag, nothing on stdout.
func TestRollMetricRefused(t *testing.T) {
	code, out, errs := run(context.Background(), "roll", "3d6", "--metric", "mean:value")
	if code != 2 || out != "" || !strings.HasPrefix(errs, "odds: error: --metric: ") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// A roll's far tails fold into one row each (26 of the 36 rows of '3d6!' were
// "<0.01%"); --all-rows shows them value by value.
func TestRollFoldsTails(t *testing.T) {
	code, out, errs := run(context.Background(), "roll", "3d6!", "--method", "exact", "--seed", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if n := strings.Count(out, "│ <0.01% │  exact"); n > 3 {
		t.Errorf("%d rows of <0.01%%, want at most 3:\n%s", n, out)
	}
	// 53 and up: under 0.005% together (the rows from 49 each show <0.01%
	// but add up past it), the last row with p ≤ 100%.
	if !strings.Contains(out, "│ 53..180 │ <0.01% │  exact │ <0.01% │    100% │") {
		t.Errorf("no folded tail 53..180:\n%s", out)
	}
	code, out, errs = run(context.Background(), "roll", "3d6!", "--method", "exact", "--seed", "1", "--all-rows")
	if code != 0 || strings.Count(out, "│ <0.01% │  exact") < 20 || !strings.Contains(out, "178..180") {
		t.Errorf("--all-rows: exit %d %s\n%s", code, errs, out)
	}
}
