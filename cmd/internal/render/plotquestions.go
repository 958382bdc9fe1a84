//go:build !(js && wasm)

package render

// The drawings of the questions past one result (a --until chain's are
// in plotchain.go): a --find scan's figure over
// the varied flag with its threshold and answer, a --sensitivity
// tornado of the changes. They keep the house's rules (plotfigure.go):
// the legend beside the data, probabilities in percent (signed for
// changes), whole numbers at integer ticks, room from the frame, 95%
// whiskers by Monte Carlo.

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"odds/cmd/internal/query"
)

// FindPlot draws one answer's scan: the metric over the varied flag's
// values (with 95% whiskers by Monte Carlo), the threshold as a dashed
// line, the answer ringed; the legend beside them names all three.
func FindPlot(f *found, path string, opts ...PlotOption) ([]byte, error) {
	m := f.Spec.Cond.Metric
	p := newPanel()
	p.X.Label.Text = f.Spec.Vary
	p.Y.Label.Text = m.Label()
	p.Add(plotter.NewGrid())
	var pts plotter.XYs
	var errs plotterErrs
	lo, hi := f.Spec.Cond.X, f.Spec.Cond.X
	for _, s := range f.Scan {
		if s.Skipped != "" {
			continue
		}
		pts = append(pts, plotter.XY{X: float64(s.Value), Y: s.X})
		lo, hi = min(lo, s.X), max(hi, s.X)
		if !f.Exact {
			errs = append(errs, plotterErr{x: float64(s.Value), y: s.X, lo: s.X - s.Lo, hi: s.Hi - s.X})
			lo, hi = min(lo, s.Lo), max(hi, s.Hi)
		}
	}
	if len(pts) == 0 {
		return nil, usagef("", "--plot: no value of --vary %s applies here: nothing to draw", f.Spec.Vary)
	}
	col, mark := colourOf(0), colourOf(1)
	th := plotter.NewFunction(func(float64) float64 { return f.Spec.Cond.X })
	th.LineStyle = draw.LineStyle{Color: mark, Width: vg.Points(1.5), Dashes: []vg.Length{vg.Points(5), vg.Points(3)}}
	p.Add(th)
	line, err := plotter.NewLine(pts)
	if err != nil {
		return nil, err
	}
	line.LineStyle = draw.LineStyle{Color: col, Width: vg.Points(1.5)}
	dots, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	dots.GlyphStyle = draw.GlyphStyle{Color: col, Radius: vg.Points(2.5), Shape: draw.CircleGlyph{}}
	p.Add(line, dots)
	addWhiskers(p, errs)
	notes := []legendEntry{
		{m.Label(), lineDot{line.LineStyle, dots.GlyphStyle}},
		{"threshold " + metricText(m, f.Spec.Cond.X), &plotter.Line{LineStyle: th.LineStyle}},
	}
	if f.At >= 0 {
		at := f.Scan[f.At]
		ring, err := plotter.NewScatter(plotter.XYs{{X: float64(at.Value), Y: at.X}})
		if err != nil {
			return nil, err
		}
		ring.GlyphStyle = draw.GlyphStyle{Color: mark, Radius: vg.Points(6), Shape: thickRing{}}
		p.Add(ring)
		notes = append(notes, legendEntry{fmt.Sprintf("answer: %s %d", f.Spec.Vary, at.Value), ring})
	} else {
		notes = append(notes, legendEntry{"no answer in " + scanRange(f), nil})
	}
	intAxis(&p.X, float64(f.Scan[0].Value), float64(f.Scan[len(f.Scan)-1].Value))
	if m.Mean {
		numAxis(&p.Y, lo, hi, false)
	} else {
		pctAxis(&p.Y, lo, hi, false)
	}
	headline := plotSubject(subject(f), true) + ": where " + condText(f.Spec.Cond) + " starts, by " + f.Spec.Vary
	return (&figure{headline: headline, title: findTitle(f, nil), panels: []*plot.Plot{p}, notes: notes, w: plotW, h: plotH}).encode(path, opts...)
}

// SensitivityPlot draws one point's changes as a tornado: a horizontal
// bar per change from 0 to its change in the metric, the largest on top,
// each labelled with its change (signed, as the table prints it) past
// the paired interval's whiskers by Monte Carlo. Changes that move
// nothing (nor their interval) are left out, the axis saying how many:
// a row of "+0%" each made half a card's tornado blank.
func SensitivityPlot(s *sensitivity, path string, opts ...PlotOption) ([]byte, error) {
	var cs, none []query.Change
	for _, c := range s.Changes {
		switch {
		case c.Skipped != "":
		case nothing(c.D) && nothing(c.Lo) && nothing(c.Hi):
			none = append(none, c)
		default:
			cs = append(cs, c)
		}
	}
	if len(cs) == 0 {
		cs, none = none, nil // nothing moves it: the rows say so
	}
	if len(cs) == 0 {
		return nil, usagef("", "--plot: no change to draw: the action has no modifier at this point")
	}
	n := len(cs)
	names := make([]string, n)
	var bars boxes
	var errs plotterXErrs
	var right, left plotter.XYLabels
	lo, hi := 0.0, 0.0
	for i, c := range cs {
		y := float64(n - 1 - i) // the largest on top
		names[n-1-i] = changeText(c)
		bars = append(bars, box{x0: 0, x1: c.D, y0: y - 0.3, y1: y + 0.3, color: colourOf(0)})
		end, start := c.D, c.D // where the bar's label stands
		lo, hi = min(lo, c.D), max(hi, c.D)
		if !s.Exact {
			errs = append(errs, plotterErr{x: c.D, y: y, lo: c.D - c.Lo, hi: c.Hi - c.D})
			end, start = c.Hi, c.Lo
			lo, hi = min(lo, c.Lo), max(hi, c.Hi)
		}
		label := signedMetric(s.Metric, c.D)
		if strings.HasPrefix(label, "−") { // under 1e-12 is no change: "+0%" stands right
			left.XYs, left.Labels = append(left.XYs, plotter.XY{X: start, Y: y}), append(left.Labels, label)
		} else {
			right.XYs, right.Labels = append(right.XYs, plotter.XY{X: end, Y: y}), append(right.Labels, label)
		}
	}
	p := newPanel()
	p.X.Label.Text = "change in " + s.Metric.Label()
	if len(none) > 0 {
		p.X.Label.Text += "\n" + map[bool]string{true: "1 change that moves nothing is", false: fmt.Sprint(len(none), " changes that move nothing are")}[len(none) == 1] +
			" left out (the table lists them)"
	}
	p.Add(plotter.NewGrid())
	p.Add(bars)
	if len(errs) > 0 {
		if eb, err := plotter.NewXErrorBars(errs); err == nil {
			eb.CapWidth = vg.Points(5)
			p.Add(eb)
		}
	}
	zero, err := plotter.NewLine(plotter.XYs{{X: 0, Y: -0.6}, {X: 0, Y: float64(n) - 0.4}})
	if err != nil {
		return nil, err
	}
	zero.Color, zero.Width = color.Gray{0x40}, vg.Points(0.75)
	p.Add(zero)
	labelW := vg.Length(0) // the widest bar label, and its gap from the bar
	for _, l := range []struct {
		xy    plotter.XYLabels
		align text.XAlignment
		off   vg.Length
	}{{right, draw.XLeft, 3}, {left, draw.XRight, -3}} {
		widest, err := addLabels(p, l.xy, l.align, draw.YCenter, vg.Point{X: l.off})
		if err != nil {
			return nil, err
		}
		if len(l.xy.XYs) > 0 {
			labelW = max(labelW, widest+vg.Points(6))
		}
	}
	p.NominalY(names...)
	p.Y.Min, p.Y.Max = -0.6, float64(n)-0.4
	// Room past the longest bars for their labels: the labels' width as
	// a share of the data's, which is the drawing's less the names.
	nameW := vg.Length(0)
	for _, name := range names {
		nameW = max(nameW, p.Y.Tick.Label.Width(name))
	}
	sides := 0
	if len(left.XYs) > 0 {
		sides++
	}
	if len(right.XYs) > 0 {
		sides++
	}
	share := float64(labelW / max(plotW-2*margin-nameW-vg.Points(30), vg.Points(100)))
	share = min(share, 0.3) // a drawing too narrow to fit them keeps its bars
	span := max(hi-lo, 1e-9)
	room := span * share / (1 - float64(sides)*share)
	if len(left.XYs) > 0 {
		lo -= room
	}
	if len(right.XYs) > 0 {
		hi += room
	}
	// The axis ends at the next half step past the room, not a whole
	// one: the room is the padding.
	half := niceStep(hi-lo, pctTicksWanted) / 2
	if s.Metric.Mean {
		numAxis(&p.X, lo, hi, true)
	} else {
		pctAxis(&p.X, lo, hi, true)
		half = p.X.Tick.Marker.(percentTicks).step / 2
	}
	p.X.Min, p.X.Max = math.Floor(lo/half+1e-9)*half, math.Ceil(hi/half-1e-9)*half
	h := max(plotH, vg.Length(n)*vg.Points(18)+4*vg.Centimeter)
	headline := plotSubject(s.Base, true) + ": what each change does to " + s.Metric.Label()
	return (&figure{headline: headline, title: sensitivityTitle(s), panels: []*plot.Plot{p}, w: plotW, h: h}).encode(path, opts...)
}

// nothing reports whether x is no change (under 1e-12, as the tables
// print it: "+0%").
func nothing(x float64) bool { return math.Abs(x) < 1e-12 }

// plotterXErrs are points with errors left and right (the tornado's
// whiskers).
type plotterXErrs []plotterErr

func (e plotterXErrs) Len() int                        { return len(e) }
func (e plotterXErrs) XY(i int) (float64, float64)     { return e[i].x, e[i].y }
func (e plotterXErrs) XError(i int) (float64, float64) { return e[i].lo, e[i].hi }

// numAxis sets an axis of means from lo to hi (with 0, if signed) with
// room either side, labelled in plain numbers at a round step (signed:
// with their sign, as the tables print changes).
func numAxis(a *plot.Axis, lo, hi float64, signed bool) {
	if signed {
		lo, hi = min(lo, 0), max(hi, 0)
	}
	pad := (hi - lo) * 0.05
	if pad <= 0 {
		pad = max(math.Abs(hi)*0.05, 0.5)
	}
	a.Min, a.Max = lo-pad, hi+pad
	a.Tick.Marker = numTicks{signed: signed}
}

// numTicks label an axis of means at a round step (1, 2 or 5 times a
// power of ten), a minor tick between: "−2", "0", "+2" if signed.
type numTicks struct{ signed bool }

func (t numTicks) Ticks(lo, hi float64) []plot.Tick {
	step := niceStep(hi-lo, pctTicksWanted)
	var ticks []plot.Tick
	for k := math.Ceil(lo/step - 1e-9); k*step <= hi+step*1e-9; k++ {
		v := k * step
		x := math.Round(v*1e9) / 1e9
		label := strconv.FormatFloat(math.Abs(x), 'f', -1, 64)
		switch {
		case x < 0:
			label = "−" + label
		case x > 0 && t.signed:
			label = "+" + label
		}
		ticks = append(ticks, plot.Tick{Value: v, Label: label})
		if mid := v + step/2; mid <= hi {
			ticks = append(ticks, plot.Tick{Value: mid})
		}
	}
	if k := math.Ceil(lo/step-1e-9) * step; k-step/2 >= lo {
		ticks = append(ticks, plot.Tick{Value: k - step/2})
	}
	return ticks
}

// lineDot is a legend's sample of a line through dots.
type lineDot struct {
	line draw.LineStyle
	dot  draw.GlyphStyle
}

func (s lineDot) Thumbnail(c *draw.Canvas) {
	y := c.Center().Y
	c.StrokeLine2(s.line, c.Min.X, y, c.Max.X, y)
	c.DrawGlyph(s.dot, c.Center())
}

// thickRing is a ring glyph drawn thicker than plot's: the answer's
// mark, around the figure's dot.
type thickRing struct{}

func (thickRing) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: vg.Points(2)})
	var p vg.Path
	p.Move(vg.Point{X: pt.X + sty.Radius, Y: pt.Y})
	p.Arc(pt, sty.Radius, 0, 2*math.Pi)
	p.Close()
	c.Stroke(p)
}
