//go:build !(js && wasm)

package render

// A sweep of one flag: lines over a swept number (integers at every
// whole number), grouped bars over swept words (false/true, a choice, a
// card) whose order says nothing of distance; and a comparison's A and
// B over B − A, for a sweep or one cell.

import (
	"cmp"
	"fmt"
	"image/color"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// sweptAxis is the swept values of a sweep, in the sweep's order.
type sweptAxis struct {
	name    string
	labels  []string
	xs      []float64
	numeric bool // every value a number: lines over a numeric axis
	integer bool // and every one whole
}

func sweptOf(rs []*result, swept string) sweptAxis {
	a := sweptAxis{name: swept, numeric: true, integer: true}
	for _, r := range rs {
		label, v := inputLabel(r, swept)
		x, err := strconv.ParseFloat(label, 64)
		if _, isBool := v.(bool); isBool || err != nil {
			a.numeric, a.integer = false, false
		}
		a.integer = a.integer && x == float64(int64(x))
		a.labels, a.xs = append(a.labels, label), append(a.xs, x)
	}
	return a
}

// inputLabel is a result's value of a swept input as a plot labels it,
// and the value: "–" where the result has none (a card that gives --ap
// where others give --hesa).
func inputLabel(r *result, name string) (string, any) {
	v, ok := paramNamed(r.Inputs(), name)
	if !ok {
		return "–", nil
	}
	return fmt.Sprint(v.Value), v.Value
}

// series is one figure over the swept values: an outcome's probability
// (of A or B), or its B − A.
type series struct {
	name      string
	col       color.Color
	dashed    bool // B beside A, as lines
	pale      bool // A beside B, as bars
	band      bool // draw the 95% interval (Monte Carlo)
	v, lo, hi []float64
}

func (s *series) add(v, lo, hi float64) {
	s.v, s.lo, s.hi = append(s.v, v), append(s.lo, lo), append(s.hi, hi)
}

// sweepPanel draws series over a swept axis in percent (signed: B − A),
// as lines over numbers or grouped bars over words.
func sweepPanel(ax sweptAxis, ss []series, ylabel string, signed bool) *plot.Plot {
	p := newPanel()
	p.X.Label.Text = ax.name
	p.Y.Label.Text = ylabel
	if ax.numeric {
		p.Add(plotter.NewGrid())
	} else {
		p.Add(hGrid())
	}
	lo, hi := 0.0, 0.0
	for _, s := range ss {
		for i := range s.v {
			lo, hi = min(lo, s.v[i]), max(hi, s.v[i])
			if s.band {
				lo, hi = min(lo, s.lo[i]), max(hi, s.hi[i])
			}
		}
	}
	if signed {
		addZero(p)
	}
	if ax.numeric {
		sweepLines(p, ax, ss)
	} else {
		sweepBars(p, ax, ss)
	}
	pctAxis(&p.Y, lo, hi, signed)
	return p
}

// sweepLines draws each series as a line through a dot at each swept
// value, in the values' order, over its interval's band.
func sweepLines(p *plot.Plot, ax sweptAxis, ss []series) {
	order := make([]int, len(ax.xs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(ax.xs[a], ax.xs[b]) })
	for _, s := range ss {
		line := make(plotter.XYs, len(order))
		for j, i := range order {
			line[j] = plotter.XY{X: ax.xs[i], Y: s.v[i]}
		}
		if s.band {
			band := make(plotter.XYs, 0, 2*len(order))
			for _, i := range order {
				band = append(band, plotter.XY{X: ax.xs[i], Y: s.hi[i]})
			}
			for j := len(order) - 1; j >= 0; j-- {
				band = append(band, plotter.XY{X: ax.xs[order[j]], Y: s.lo[order[j]]})
			}
			if poly, err := plotter.NewPolygon(band); err == nil {
				r, g, b, _ := s.col.RGBA()
				poly.Color = color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: 50}
				poly.LineStyle.Width = 0
				p.Add(poly)
			}
		}
		l, err := plotter.NewLine(line)
		if err != nil {
			continue // a NaN: nothing to draw
		}
		l.LineStyle = lineStyle(s)
		p.Add(l)
		if len(line) <= 40 {
			if dots, err := plotter.NewScatter(line); err == nil {
				dots.GlyphStyle = draw.GlyphStyle{Color: s.col, Radius: vg.Points(2), Shape: draw.CircleGlyph{}}
				p.Add(dots)
			}
		}
	}
	first, last := slices.Min(ax.xs), slices.Max(ax.xs)
	if ax.integer {
		intAxis(&p.X, first, last)
		p.X.Min, p.X.Max = first-0.25, last+0.25
		return
	}
	pad := (last - first) * 0.03
	p.X.Min, p.X.Max = first-pad, last+pad
}

// lineStyle is a series' line: solid, or dashed for B.
func lineStyle(s series) draw.LineStyle {
	ls := draw.LineStyle{Color: s.col, Width: vg.Points(1.5)}
	if s.dashed {
		ls.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
	}
	return ls
}

// sweepBars draws the series as bars side by side at each swept word,
// with whiskers for intervals.
func sweepBars(p *plot.Plot, ax sweptAxis, ss []series) {
	const group = 0.8 // of a category's width
	w := group / float64(len(ss))
	var bars boxes
	var errs plotterErrs
	for k, s := range ss {
		col := s.col
		if s.pale {
			col = light(col)
		}
		for i, v := range s.v {
			x := float64(i) - group/2 + (float64(k)+0.5)*w
			bars = append(bars, box{x0: x - 0.45*w, x1: x + 0.45*w, y1: v, color: col})
			if s.band {
				errs = append(errs, plotterErr{x: x, y: v, lo: v - s.lo[i], hi: s.hi[i] - v})
			}
		}
	}
	p.Add(bars)
	addWhiskers(p, errs)
	categoryAxis(p, ax.labels)
}

// legendOf is the legend of series: a line or a swatch each, by name,
// each name once.
func legendOf(ax sweptAxis, ss []series) []legendEntry {
	var es []legendEntry
	for _, s := range ss {
		if slices.ContainsFunc(es, func(e legendEntry) bool { return e.name == s.name }) {
			continue
		}
		es = append(es, legendEntry{s.name, sample(ax.numeric, s)})
	}
	return es
}

// sample is a legend's sample of a series: its line, or its bar.
func sample(lines bool, s series) plot.Thumbnailer {
	if lines {
		return &plotter.Line{LineStyle: lineStyle(s)}
	}
	if s.pale {
		return swatch{light(s.col)}
	}
	return swatch{s.col}
}

// abLegend are the legend's entries for A and B.
func abLegend(lines bool) []legendEntry {
	grey := color.Gray{0x50}
	return []legendEntry{
		{"A", sample(lines, series{col: grey, pale: true})},
		{"B", sample(lines, series{col: grey, dashed: true})},
	}
}

// sweepFigure draws a sweep of one flag: a series per outcome that some
// cell can have.
func sweepFigure(rs []*result, swept string) *figure {
	ax := sweptOf(rs, swept)
	var ss []series
	for k, o := range rs[0].Summary.Outcomes {
		s := series{name: o.Name, col: colourOf(k), band: !rs[0].Exact}
		possible := false
		for _, r := range rs {
			oo := outcomeNamed(r.Summary.Outcomes, o.Name)
			s.add(oo.P, oo.Lo, oo.Hi)
			possible = possible || oo.P > 0 || !r.Exact
		}
		if possible {
			ss = append(ss, s)
		}
	}
	return &figure{panels: []*plot.Plot{sweepPanel(ax, ss, "P(outcome)", false)}, notes: legendOf(ax, ss), w: plotW, h: plotH}
}

// compareSweep draws a comparison over a sweep of one flag: A (solid
// lines, or pale bars) and B (dashed, or full) of each outcome over its
// B − A with the paired interval.
func compareSweep(cs []*comparison, swept string) *figure {
	as := make([]*result, len(cs))
	for i, c := range cs {
		as[i] = c.A
	}
	ax := sweptOf(as, swept)
	exact := cs[0].Exact
	var ab, diffs []series
	for k, o := range cs[0].A.Summary.Outcomes {
		a := series{name: o.Name, col: colourOf(k), pale: true}
		b := series{name: o.Name, col: colourOf(k), dashed: true}
		d := series{name: o.Name, col: colourOf(k), band: !exact}
		possible := false
		for _, c := range cs {
			oa, ob, dd := outcomeNamed(c.A.Summary.Outcomes, o.Name), outcomeNamed(c.B.Summary.Outcomes, o.Name), diffNamed(c, o.Name)
			a.add(oa.P, oa.Lo, oa.Hi)
			b.add(ob.P, ob.Lo, ob.Hi)
			d.add(dd.D, dd.Lo, dd.Hi)
			possible = possible || oa.P > 0 || ob.P > 0 || !exact
		}
		if possible {
			ab, diffs = append(ab, a, b), append(diffs, d)
		}
	}
	top := sweepPanel(ax, ab, "P(outcome)", false)
	bottom := sweepPanel(ax, diffs, "B − A", true)
	top.X.Label.Text = "" // the bottom panel's axis names it
	notes := append(legendOf(ax, diffs), abLegend(ax.numeric)...)
	return &figure{panels: []*plot.Plot{top, bottom}, notes: notes, w: plotW, h: compareH}
}

// compareCell draws the comparison of one cell: A and B of each outcome
// side by side, over B − A with the paired interval's whiskers.
func compareCell(c *comparison) *figure {
	ax := sweptAxis{}
	a := series{name: "A", col: colourOf(0), pale: true}
	b := series{name: "B", col: colourOf(0)}
	var bs []plotBar
	for _, d := range c.Diffs {
		if d.Mean || c.Exact && d.A == 0 && d.B == 0 {
			continue
		}
		ax.labels = append(ax.labels, d.Name)
		a.add(d.A, d.A, d.A)
		b.add(d.B, d.B, d.B)
		bs = append(bs, plotBar{name: d.Name, v: d.D, lo: d.Lo, hi: d.Hi, whiskers: !c.Exact})
	}
	top := sweepPanel(ax, []series{a, b}, "P(outcome)", false)
	bottom := barPanel(bs, "B − A", true)
	return &figure{panels: []*plot.Plot{top, bottom}, notes: legendOf(ax, []series{a, b}), w: plotW, h: compareH}
}
