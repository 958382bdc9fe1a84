//go:build !(js && wasm)

package render

import (
	"fmt"
	"image/color"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"odds/sim"
)

// --plot FILE.svg|.png|.pdf draws the results with gonum/plot: one result
// as bars of its outcomes with interval whiskers; a sweep of one flag as
// lines over a swept number, one per outcome, with interval bands, or as
// grouped bars over swept words (true/false, choices, cards); two swept
// flags or a roster of two card roles as a heat map of --metric with a
// colour scale and the values printed in the cells; a comparison as A
// and B over B − A. Probabilities are in percent, as the tables print
// them; legends stand beside the data, never over it (plotfigure.go,
// plotaxes.go, plotsweep.go, plotheat.go).

// PlotFormat is the image format of a --plot path, or an error.
func PlotFormat(path string) (string, error) {
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".svg", ".png", ".pdf":
		return ext[1:], nil
	default:
		return "", usagef("for example --plot odds.svg", "--plot: want a .svg, .png or .pdf file, got %q", path)
	}
}

// The drawings' sizes: one panel, and a comparison's two.
const (
	plotW    = 16 * vg.Centimeter
	plotH    = 10 * vg.Centimeter
	compareH = 14 * vg.Centimeter
)

// colours are the series' colours: Okabe and Ito's set, which readers
// with any common colour blindness tell apart, its yellow last (pale on
// white).
var colours = []color.Color{
	color.NRGBA{0x00, 0x72, 0xB2, 0xFF}, // blue
	color.NRGBA{0xD5, 0x5E, 0x00, 0xFF}, // vermillion
	color.NRGBA{0x00, 0x9E, 0x73, 0xFF}, // bluish green
	color.NRGBA{0xE6, 0x9F, 0x00, 0xFF}, // orange
	color.NRGBA{0x56, 0xB4, 0xE9, 0xFF}, // sky blue
	color.NRGBA{0xCC, 0x79, 0xA7, 0xFF}, // reddish purple
	color.NRGBA{0x00, 0x00, 0x00, 0xFF}, // black
	color.NRGBA{0xF0, 0xE4, 0x42, 0xFF}, // yellow
}

// colourOf is the colour of series k (they repeat past eight).
func colourOf(k int) color.Color { return colours[k%len(colours)] }

// light is c mixed half with white: A beside B in a comparison's bars.
func light(c color.Color) color.Color {
	r, g, b, _ := c.RGBA()
	mix := func(v uint32) uint8 { return uint8((v>>8 + 255) / 2) }
	return color.NRGBA{mix(r), mix(g), mix(b), 0xFF}
}

// plotSubject names in words what a drawing is of, for its headline:
// "opposed fire", "roll 3d6", with a single result's cards "symbol fire
// (mg-team against rifle-squad)", a matchup's name first.
func plotSubject(r *result, cards bool) string {
	s := r.System + " " + r.Action
	if r.System == "roll" {
		s = "roll"
		if p, ok := r.Param("expr"); ok {
			s += " " + fmt.Sprint(p.Value)
		}
	}
	if cards && len(r.Cards) > 0 {
		names := make([]string, len(r.Cards))
		for i, c := range r.Cards {
			names[i] = fmt.Sprint(c.Value)
		}
		s += " (" + strings.Join(names, " against ") + ")"
	}
	if r.Matchup != "" {
		s = r.Matchup + ": " + s
	}
	return s
}

// PlotReports draws one result, one sweep or one roster.
func PlotReports(rs []*result, fig string, path string, opts ...PlotOption) ([]byte, error) {
	if chained(rs) {
		return chainPlot(rs, path, opts)
	}
	for i := 1; i < len(rs); i++ {
		if !sameAction(rs[0], rs[i]) {
			return nil, usagef("run one matchup or one sweep with --plot", "--plot: draws one result, sweep or roster; this run has several")
		}
	}
	first := rs[0]
	if len(rs) == 1 {
		t := withParams(Title(first), first)
		p := barPanel(outcomeBars(first), "P(outcome)", false)
		return (&figure{headline: plotSubject(first, true) + ": the chance of each outcome", title: t,
			panels: []*plot.Plot{p}, w: plotW, h: plotH}).encode(path, opts...)
	}
	vary, fixed, _ := dims(rs)
	switch len(vary) {
	case 1:
		f := sweepFigure(rs, vary[0].Name)
		f.headline = plotSubject(first, false) + ": each outcome's chance by " + vary[0].Name
		f.title = sweepTitle(first, fixed, "")
		return f.encode(path, opts...)
	case 2:
		m := defaultMetric(rs)
		if fig != "" {
			m = parseMetric(fig)
		}
		h := heatOf(rs, vary, func(r *result) float64 { return m.of(r) })
		h.format = m.text
		if !m.Mean {
			h.ticker = percentTicks{}
		}
		f := h.figure(sweepTitle(first, fixed, m.Label()))
		f.headline = plotSubject(first, false) + ": " + m.Label() + " by " + vary[0].Name + " and " + vary[1].Name
		return f.encode(path, opts...)
	}
	return nil, usagef("sweep at most two flags (or two card roles) for a plot",
		"--plot: %d flags vary; a plot shows one (lines or bars) or two (a heat map)", len(vary))
}

// ComparePlot draws a comparison: of one cell, bars of A and B over bars
// of B − A with the paired interval's whiskers; of a sweep of one flag,
// A and B over B − A for each outcome; of two, a heat map of B − A of the
// first outcome.
func ComparePlot(cs []*comparison, path string, opts ...PlotOption) ([]byte, error) {
	as := make([]*result, len(cs))
	for i, c := range cs {
		as[i] = c.A
	}
	first, vs := cs[0], keepTogether(cs[0].VS)
	if len(cs) == 1 {
		t := withParams(Title(first.A), first.A)
		f := compareCell(first)
		f.headline = plotSubject(first.A, true) + ": A against a variant B, and B − A"
		f.title = t + " — A, against B: " + vs
		return f.encode(path, opts...)
	}
	vary, fixed, _ := dims(as)
	switch len(vary) {
	case 1:
		f := compareSweep(cs, vary[0].Name)
		f.headline = plotSubject(first.A, false) + ": A against a variant B by " + vary[0].Name
		f.title = sweepTitle(first.A, fixed, "") + " — A, against B: " + vs
		return f.encode(path, opts...)
	case 2:
		name := defaultMetric(as).Name // --metric is refused with --vs
		at := map[*result]*comparison{}
		for _, c := range cs {
			at[c.A] = c
		}
		h := heatOf(as, vary, func(r *result) float64 { return diffNamed(at[r], name).D })
		h.signed, h.format, h.ticker = true, SignedPct, percentTicks{signed: true}
		f := h.figure(sweepTitle(first.A, fixed, "B − A of P("+name+")") + " — B: " + vs)
		f.headline = plotSubject(first.A, false) + ": B − A of P(" + name + ") by " + vary[0].Name + " and " + vary[1].Name
		return f.encode(path, opts...)
	}
	return nil, usagef("sweep at most two flags (or two card roles) for a plot",
		"--plot: %d flags vary; a comparison's plot shows one (A, B and B − A) or two (a heat map of B − A)", len(vary))
}

// plotBar is one bar of a bar chart: its height and interval.
type plotBar struct {
	name      string
	v, lo, hi float64
	whiskers  bool
}

// outcomeBars are a result's outcomes (those possible, if exact).
func outcomeBars(r *result) []plotBar {
	var bs []plotBar
	for _, o := range r.Summary.Outcomes {
		if r.Exact && o.P == 0 {
			continue
		}
		bs = append(bs, plotBar{name: o.Name, v: o.P, lo: o.Lo, hi: o.Hi, whiskers: !r.Exact})
	}
	return bs
}

// barPanel draws named bars in percent (signed: differences, from 0
// either way), each labelled with its figure as the tables print it.
func barPanel(bs []plotBar, ylabel string, signed bool) *plot.Plot {
	p := newPanel()
	p.Y.Label.Text = ylabel
	names := make([]string, len(bs))
	var bars boxes
	var errs plotterErrs
	lo, hi := 0.0, 0.0
	for i, b := range bs {
		names[i] = b.name
		x := float64(i)
		bars = append(bars, box{x0: x - 0.3, x1: x + 0.3, y1: b.v, color: colourOf(0)})
		lo, hi = min(lo, b.v), max(hi, b.v)
		if b.whiskers {
			errs = append(errs, plotterErr{x: x, y: b.v, lo: b.v - b.lo, hi: b.hi - b.v})
			lo, hi = min(lo, b.lo), max(hi, b.hi)
		}
	}
	p.Add(hGrid())
	p.Add(bars)
	addWhiskers(p, errs)
	addBarLabels(p, bs, 0, signed)
	categoryAxis(p, names)
	pctAxis(&p.Y, lo*1.1, hi*1.1, signed) // and room for the labels
	if signed {
		addZero(p)
	}
	return p
}

// addBarLabels prints each bar's figure above it (or, for a negative
// difference, below it), past its whisker; bar i stands at x0+i.
func addBarLabels(p *plot.Plot, bs []plotBar, x0 float64, signed bool) {
	if len(bs) > 12 {
		return // crowded: the axis says enough
	}
	var above, below plotter.XYLabels
	for i, b := range bs {
		text, top, bottom := Pct(b.v), b.v, b.v
		if signed {
			text = SignedPct(b.v)
		}
		if b.whiskers {
			top, bottom = b.hi, b.lo
		}
		if signed && b.v < 0 {
			below.XYs = append(below.XYs, plotter.XY{X: x0 + float64(i), Y: bottom})
			below.Labels = append(below.Labels, text)
			continue
		}
		above.XYs = append(above.XYs, plotter.XY{X: x0 + float64(i), Y: top})
		above.Labels = append(above.Labels, text)
	}
	_, _ = addLabels(p, above, draw.XCenter, draw.YBottom, vg.Point{Y: 2})
	_, _ = addLabels(p, below, draw.XCenter, draw.YTop, vg.Point{Y: -2})
}

// addLabels adds a bar chart's figures to p in 9 pt, aligned by xa and ya
// to their points and moved by off, and returns the widest one's width
// (0 when there are none).
func addLabels(p *plot.Plot, xy plotter.XYLabels, xa text.XAlignment, ya text.YAlignment, off vg.Point) (vg.Length, error) {
	if len(xy.XYs) == 0 {
		return 0, nil
	}
	labels, err := plotter.NewLabels(xy)
	if err != nil {
		return 0, err
	}
	widest := vg.Length(0)
	for i := range labels.TextStyle {
		labels.TextStyle[i].XAlign, labels.TextStyle[i].YAlign = xa, ya
		labels.TextStyle[i].Font.Size = vg.Points(9)
		widest = max(widest, labels.TextStyle[i].Width(xy.Labels[i]))
	}
	labels.Offset = off
	p.Add(labels)
	return widest, nil
}

// addWhiskers draws the 95% intervals of bars, if they have them.
func addWhiskers(p *plot.Plot, errs plotterErrs) {
	if len(errs) == 0 {
		return
	}
	if eb, err := plotter.NewYErrorBars(errs); err == nil {
		eb.CapWidth = vg.Points(5)
		p.Add(eb)
	}
}

// addZero draws the line of no difference.
func addZero(p *plot.Plot) {
	zero := plotter.NewFunction(func(float64) float64 { return 0 })
	zero.Color, zero.Width = color.Gray{0x40}, vg.Points(0.75)
	p.Add(zero)
}

// plotterErr is a point with its error below and above (whiskers).
type plotterErr struct{ x, y, lo, hi float64 }

type plotterErrs []plotterErr

func (e plotterErrs) Len() int                        { return len(e) }
func (e plotterErrs) XY(i int) (float64, float64)     { return e[i].x, e[i].y }
func (e plotterErrs) YError(i int) (float64, float64) { return e[i].lo, e[i].hi }

// RollPlot draws a roll's distribution: a bar a value on an axis of its
// values (a bar a range of k values where there are more than
// maxRollBars), its far tails (under 0.005% each, as the table folds
// them) left off the scale unless allRows, the axis saying so.
func RollPlot(r *result, path string, allRows bool, opts ...PlotOption) ([]byte, error) {
	outs, lo, hi := rollTails(r.Summary.Outcomes, !allRows)
	var off []string
	for _, part := range [][]sim.Outcome{outs[:lo], outs[hi:]} {
		if len(part) > 0 {
			off = append(off, part[0].Name+".."+part[len(part)-1].Name)
		}
	}
	outs = outs[lo:hi]
	vals := make([]int, len(outs))
	for i, o := range outs {
		v, err := strconv.Atoi(o.Name)
		if err != nil {
			return nil, fmt.Errorf("roll plot: value %q is not a number", o.Name)
		}
		vals[i] = v
	}
	first, last := vals[0], vals[len(vals)-1]
	k := (last - first + maxRollBars) / maxRollBars // values a bar
	p := newPanel()
	p.Y.Label.Text = "P(value)"
	if k > 1 {
		p.Y.Label.Text = fmt.Sprintf("P(value in a bar's %d)", k)
	}
	p.X.Label.Text = "value"
	if len(off) > 0 {
		p.X.Label.Text += " (" + strings.Join(off, " and ") + " off the scale: under 0.01% in all)"
	}
	var bars boxes
	var errs plotterErrs
	top := 0.0
	for i, o := range outs {
		bin := first + (vals[i]-first)/k*k
		if n := len(bars); n > 0 && bars[n-1].x0 == float64(bin)-0.4 {
			bars[n-1].y1 += o.P
		} else {
			bars = append(bars, box{x0: float64(bin) - 0.4, x1: float64(bin+k-1) + 0.4, y1: o.P, color: colourOf(0)})
		}
		top = max(top, bars[len(bars)-1].y1)
		if k == 1 && !r.Exact && len(outs) <= 60 {
			errs = append(errs, plotterErr{x: float64(vals[i]), y: o.P, lo: o.P - o.Lo, hi: o.Hi - o.P})
			top = max(top, o.Hi)
		}
	}
	p.Add(hGrid())
	p.Add(bars)
	addWhiskers(p, errs)
	intAxis(&p.X, float64(first), float64(last))
	p.X.Min, p.X.Max = float64(first)-1, float64(last+k) // a free slot beyond each end
	pctAxis(&p.Y, 0, top, false)
	return (&figure{headline: plotSubject(r, false) + ": the chance of each value", panels: []*plot.Plot{p}, w: plotW, h: plotH}).encode(path, opts...)
}

// maxRollBars is the most bars a roll's plot draws.
const maxRollBars = 300

// diffNamed is the difference of an outcome in a comparison.
func diffNamed(c *comparison, name string) sim.Diff {
	for _, d := range c.Diffs {
		if !d.Mean && d.Name == name {
			return d
		}
	}
	return sim.Diff{Name: name}
}
