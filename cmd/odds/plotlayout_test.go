package main

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// drawSVG runs odds with --plot NAME.svg and reads the drawing back.
func drawSVG(t *testing.T, name string, args ...string) *drawing {
	t.Helper()
	path := filepath.Join(t.TempDir(), name+".svg")
	if code, _, errs := run(context.Background(), append(args, "--seed", "1", "--plot", path)...); code != 0 {
		t.Fatalf("%s: exit %d: %s", name, code, errs)
	}
	return readSVG(t, path)
}

// Opposed fire's figures below are counted over the 100 pairs of d10s
// (a the firer's, b the target's): the margin is a+hesa−b−def, no
// effect at 0 or less, out of action at 5 or more (resolve/opposed
// fireBand), and --smoke is +2 to the target (docs/rules/opposed.md).
var (
	hesaSweep = []string{"opposed", "fire", "--hesa", "1..6", "--def", "1"}
	fireOnce  = []string{"opposed", "fire", "--hesa", "3", "--def", "1"}
	fireNames = []string{"no-effect", "fall-back", "suppressed", "out-of-action"}
)

// The legend stands beside the data, never over it: every entry starts
// right of the data area (the grid's extent) and within the drawing.
func TestPlotLegendBesideData(t *testing.T) {
	for name, args := range map[string][]string{
		"lines":   hesaSweep,
		"mc":      append(slices.Clone(hesaSweep), "--method", "mc", "--trials", "20000"),
		"bars":    append(slices.Clone(fireOnce), "--smoke=both"),
		"compare": append(slices.Clone(hesaSweep), "--vs", "--smoke"),
	} {
		d := drawSVG(t, name, args...)
		area := d.dataArea(t)
		for _, n := range fireNames {
			x, ok := d.text(n)
			if !ok {
				t.Errorf("%s: no legend entry %q", name, n)
				continue
			}
			if x.x <= area.x1 || x.x >= d.w {
				t.Errorf("%s: legend entry %q at x=%.1f, the data runs %.1f..%.1f (drawing %.1f wide)", name, n, x.x, area.x0, area.x1, d.w)
			}
		}
	}
}

// A title too long for the drawing is wrapped onto several lines, none
// of them cut: a centred line that fits starts at x ≥ 0, and all its
// words are drawn.
func TestPlotTitleWrapped(t *testing.T) {
	d := drawSVG(t, "long", "symbol", "fire", "--attacker", "mg-team", "--defender", "rifle-squad", "--range", "medium",
		"--attacker-experience", "veteran", "--defender-experience", "hardened", "--attacker-hidden", "--attack-die-minus-1",
		"--ambush", "--hindrances", "0..2")
	area := d.dataArea(t)
	var lines []drawnText
	for _, x := range d.texts {
		if x.y > area.y1+10 && !x.rotated {
			lines = append(lines, x)
		}
	}
	if len(lines) < 2 {
		t.Fatalf("title in %d lines: %q", len(lines), d.all())
	}
	var words []string
	for _, l := range lines {
		if l.x < 0 {
			t.Errorf("title line %q starts at x=%.1f: cut", l.s, l.x)
		}
		words = append(words, strings.Fields(l.s)...)
	}
	for _, w := range []string{"symbol", "attacker=mg-team", "attacker-experience=veteran", "ambush", "defender-experience=hardened"} {
		if !slices.Contains(words, w) {
			t.Errorf("title lacks %q: %q", w, words)
		}
	}
}

// A true/false sweep is grouped bars at "false" and "true", a bar an
// outcome in each, and no line joins them.
func TestPlotBoolSweepBars(t *testing.T) {
	d := drawSVG(t, "bool", append(slices.Clone(fireOnce), "--smoke=both")...)
	area := d.dataArea(t)
	if got := d.xLabels(area); !slices.Equal(got, []string{"false", "true"}) {
		t.Errorf("x labels %q, want false true", got)
	}
	bars := 0
	for _, m := range d.marks {
		inside := m.x0 >= area.x0 && m.x1 <= area.x1
		if inside && isColour(m.fill) && m.x1-m.x0 > 5 {
			bars++
		}
		if inside && isColour(m.stroke) {
			t.Errorf("a coloured line %+v in a true/false sweep", m)
		}
	}
	if bars != 8 {
		t.Errorf("%d bars, want 2 values × 4 outcomes", bars)
	}
}

// Probability axes are in percent, as the tables are: ticks "0%" to
// "60%" by tens for the hesa sweep (its highest figures are 55%: no
// effect at hesa 1, a−b ≤ 0 in 55 pairs; out of action at hesa 6, a−b ≥
// 0); "+10%"/"−10%" for B − A of smoke at hesa 3 def 1, whose bars read
// +19.00% (no effect: a−b ≤ 0 in 55 pairs less a−b ≤ −2 in 36) and
// −13.00% (out of action: a−b ≥ 5 in 15 less a−b ≥ 3 in 28); none is a
// fraction.
func TestPlotPercentAxes(t *testing.T) {
	d := drawSVG(t, "lines", hesaSweep...)
	if got := d.yLabels(d.dataArea(t)); !slices.Equal(got, []string{"0%", "10%", "20%", "30%", "40%", "50%", "60%"}) {
		t.Errorf("lines: y labels %q", got)
	}
	d = drawSVG(t, "bars", fireOnce...)
	if got := d.yLabels(d.dataArea(t)); !slices.Contains(got, "0%") || !slices.Contains(got, "30%") || slices.ContainsFunc(got, func(s string) bool { return !strings.HasSuffix(s, "%") }) {
		t.Errorf("bars: y labels %q", got)
	}
	d = drawSVG(t, "compare", append(slices.Clone(fireOnce), "--vs", "--smoke")...)
	all := d.all()
	for _, w := range []string{"+10%", "0%", "−10%", "+19.00%", "−13.00%"} {
		if !slices.Contains(all, w) {
			t.Errorf("compare: no %q in %q", w, all)
		}
	}
	for _, s := range all {
		if strings.HasPrefix(s, "0.") || strings.HasPrefix(s, "-0.") {
			t.Errorf("a fraction %q on an axis", s)
		}
	}
}

// A swept integer gets a tick label at every value (hesa 1..6), and a
// long range every k-th, always whole (3d6! to 52: every 5th).
func TestPlotIntegerTicks(t *testing.T) {
	d := drawSVG(t, "hesa", hesaSweep...)
	if got := d.xLabels(d.dataArea(t)); !slices.Equal(got, []string{"1", "2", "3", "4", "5", "6"}) {
		t.Errorf("hesa: x labels %q, want 1..6", got)
	}
	d = drawSVG(t, "roll", "roll", "3d6!")
	if got := d.xLabels(d.dataArea(t)); !slices.Equal(got, []string{"5", "10", "15", "20", "25", "30", "35", "40", "45", "50"}) {
		t.Errorf("3d6!: x labels %q, want 5..50 by 5", got)
	}
}

// Bars keep clear of the frame: at least half a bar's width between the
// outer bars and the Y axis on the left and the grid's end on the right,
// and the Y axis runs on above the tallest.
func TestPlotBarsClearOfFrame(t *testing.T) {
	for name, args := range map[string][]string{
		"one":   fireOnce,
		"bool":  append(slices.Clone(fireOnce), "--smoke=both"),
		"roll":  {"roll", "2d6"},
		"chain": chainArgs,
	} {
		d := drawSVG(t, name, args...)
		area := d.dataArea(t)
		var bars []drawnMark
		axis := drawnMark{x0: d.w}
		for _, m := range d.marks {
			if isColour(m.fill) && m.x0 < area.x1 {
				bars = append(bars, m)
			}
			if m.stroke == "#000000" && m.x0 == m.x1 && m.y1-m.y0 > axis.y1-axis.y0 {
				axis = m // the longest vertical black line: the Y axis
			}
		}
		if len(bars) == 0 {
			t.Errorf("%s: no bars", name)
			continue
		}
		left, right, top := bars[0], bars[0], bars[0]
		for _, b := range bars {
			if b.x0 < left.x0 {
				left = b
			}
			if b.x1 > right.x1 {
				right = b
			}
			if b.y1 > top.y1 {
				top = b
			}
		}
		w := left.x1 - left.x0
		if left.x0-axis.x0 < w/2 || area.x1-right.x1 < w/2 {
			t.Errorf("%s: bars run %.1f..%.1f from a Y axis at %.1f to a grid ending at %.1f (bars %.1f wide)", name, left.x0, right.x1, axis.x0, area.x1, w)
		}
		if axis.y1-top.y1 < 2 {
			t.Errorf("%s: the tallest bar reaches %.1f, the Y axis %.1f", name, top.y1, axis.y1)
		}
	}
}

// A heat map has a colour scale beside its cells, labelled in percent
// for probabilities, and prints each cell's figure in white on the dark
// cells and black on the light ones.
func TestPlotHeatScale(t *testing.T) {
	d := drawSVG(t, "heat", "opposed", "fire", "--hesa", "1..6", "--def", "0..4", "--metric", "no-effect")
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
	var scale []string
	steps := 0
	for _, x := range d.texts {
		if x.x > right {
			scale = append(scale, x.s)
		}
	}
	for _, m := range d.marks {
		if m.x0 > right && isColour(m.fill) {
			steps++
		}
	}
	// The cells' no-effect runs from 10% (hesa 6, def 0: a−b ≤ −6 in 10
	// pairs) to 79% (hesa 1, def 4: a−b ≤ 3 in 79).
	if !slices.Equal(scale, []string{"10%", "20%", "30%", "40%", "50%", "60%", "70%", "80%"}) || steps < 50 {
		t.Errorf("colour scale: labels %q, %d colour steps", scale, steps)
	}
	for _, x := range d.texts {
		if !strings.HasSuffix(x.s, ".00%") {
			continue
		}
		for _, c := range cells {
			if x.x > c.x0 && x.x < c.x1 && x.y > c.y0 && x.y < c.y1 {
				white := x.fill == "#FFFFFF"
				if dark := luminance(c.fill) < 0.45; dark != white {
					t.Errorf("cell %s on %s (luminance %.2f) printed in %q", x.s, c.fill, luminance(c.fill), x.fill)
				}
			}
		}
	}
}

// --plot FILE.pdf writes a PDF document (fonts embedded).
func TestPlotPDF(t *testing.T) {
	path := filepath.Join(t.TempDir(), "odds.PDF")
	if code, _, errs := run(context.Background(), append(slices.Clone(hesaSweep), "--plot", path)...); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte("%PDF-")) || !bytes.Contains(data, []byte("%%EOF")) || !bytes.Contains(data, []byte("/FontFile")) {
		t.Errorf("not a PDF with its fonts: %.40q", data)
	}
}

// --vs with --plot on a sweep draws A and B (B dashed) over B − A; on a
// sweep of two flags, a heat map of B − A; on true/false, bars.
func TestPlotCompareSweep(t *testing.T) {
	d := drawSVG(t, "lines", append(slices.Clone(hesaSweep), "--vs", "--smoke")...)
	dashed := 0
	for _, m := range d.marks {
		if m.dashed && isColour(m.stroke) {
			dashed++
		}
	}
	all := d.all()
	if dashed != 4 || !slices.Contains(all, "B − A") || !slices.Contains(all, "A") || !slices.Contains(all, "B") {
		t.Errorf("lines: %d dashed lines (want B's 4), texts %q", dashed, all)
	}
	d = drawSVG(t, "heat", "opposed", "fire", "--hesa", "1..3", "--def", "0..1", "--vs", "--smoke")
	all = d.all()
	// B − A of the headline, out of action: smoke's difference at hesa 3
	// def 0, a−b ≥ 4 in 21 pairs less a−b ≥ 2 in 36, −15.00%, the
	// largest: the scale is ±15%.
	if !strings.Contains(strings.Join(all, " "), "B − A of P(out-of-action)") {
		t.Errorf("heat: not of the headline, out of action: %q", all)
	}
	for _, w := range []string{"−15.00%", "+15%", "−15%", "hesa", "def"} {
		if !slices.Contains(all, w) {
			t.Errorf("heat: no %q in %q", w, all)
		}
	}
	d = drawSVG(t, "bool", append(slices.Clone(fireOnce), "--smoke=both", "--vs", "--cover soft")...)
	if got := d.xLabels(d.dataArea(t)); !slices.Contains(got, "false") || !slices.Contains(got, "true") {
		t.Errorf("bool: x labels %q", got)
	}
}

// The README's drawings (docs/plot-*.png) are what its commands draw
// now: each is redrawn and compared pixel for pixel; -update rewrites
// them.
func TestPlotDocsImages(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(readme), "\n") {
		words := shellWords(line)
		if len(words) < 3 || words[0] != "odds" || words[len(words)-2] != "--plot" || !strings.HasPrefix(words[len(words)-1], "docs/plot-") {
			continue
		}
		n++
		doc := filepath.Join("..", "..", words[len(words)-1])
		path := filepath.Join(t.TempDir(), filepath.Base(doc))
		if code, _, errs := run(context.Background(), append(words[1:len(words)-1], path)...); code != 0 {
			t.Fatalf("%s: exit %d: %s", line, code, errs)
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if *update {
			if err := os.WriteFile(doc, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(doc)
		if err != nil {
			t.Fatalf("%s: %v (go test -run TestPlotDocsImages -update draws it)", line, err)
		}
		if !samePixels(t, got, want) {
			t.Errorf("%s no longer draws %s: look at the new drawing, then go test -run TestPlotDocsImages -update", line, doc)
		}
	}
	if n < 4 {
		t.Errorf("%d README commands draw docs/plot-*.png, want 4", n)
	}
}

// samePixels reports whether two PNGs decode to the same image.
func samePixels(t *testing.T, a, b []byte) bool {
	t.Helper()
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return false
	}
	if ia.Bounds() != ib.Bounds() {
		return false
	}
	r := ia.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if ia.At(x, y) != ib.At(x, y) {
				return false
			}
		}
	}
	return true
}

// Names too wide for their bar's slot wrap after their hyphens rather
// than run into their neighbours (melee's seven outcomes), and a --vs
// flag stays on one line with its value.
func TestPlotLongNamesWrap(t *testing.T) {
	d := drawSVG(t, "melee", "opposed", "melee", "--attacker-hesa", "3", "--defender-hesa", "2", "--vs", "--defender-hesa 3")
	all := d.all()
	if slices.Contains(all, "attacker-out-of-action") || !slices.Contains(all, "attacker-") || !slices.Contains(all, "action") {
		t.Errorf("attacker-out-of-action not wrapped: %q", all)
	}
	if !slices.ContainsFunc(all, func(s string) bool { return strings.Contains(s, "--defender-hesa\u00a03") }) {
		t.Errorf("the title breaks --defender-hesa from its value: %q", all)
	}
}

// A heat map's default figure is the action's headline outcome that can
// happen: rof fire at infantry teams cannot destroy a vehicle team, so
// the map is of target-team-killed, not of target-team-destroyed (0% in
// every cell, the first outcome).
func TestPlotHeatHeadline(t *testing.T) {
	d := drawSVG(t, "heat", "rof", "fire", "--rof", "1..6", "--target-teams", "1..3")
	all := strings.Join(d.all(), " ")
	if !strings.Contains(all, "P(target-team-killed)") || strings.Contains(all, "target-team-destroyed") {
		t.Errorf("heat map of the wrong figure: %q", all)
	}
}
