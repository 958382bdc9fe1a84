package render

import (
	"bytes"
	"fmt"
	"image/color"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// --plot FILE.svg|.png draws the results with gonum/plot: one result as
// bars of its outcomes with interval whiskers; a sweep of one flag as
// lines over the swept value, one per outcome, with interval bands; two
// swept flags or a roster of two card roles as a heat map of --metric
// with the values printed in the cells; a comparison as bars of B-A.

// plotFormat is the image format of a --plot path, or an error.
func PlotFormat(path string) (string, error) {
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".svg", ".png":
		return ext[1:], nil
	default:
		return "", usagef("for example --plot odds.svg", "--plot: want a .svg or .png file, got %q", path)
	}
}

// encodePlot renders p in the format of path.
func encodePlot(p *plot.Plot, w, h vg.Length, path string) ([]byte, error) {
	format, err := PlotFormat(path)
	if err != nil {
		return nil, err
	}
	wt, err := p.WriterTo(w, h, format)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if _, err := wt.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// plotReports draws one result, one sweep or one roster.
func PlotReports(rs []*report, fig string, path string) ([]byte, error) {
	if chained(rs) {
		return chainPlot(rs, path)
	}
	for i := 1; i < len(rs); i++ {
		if !sameAction(rs[0], rs[i]) {
			return nil, usagef("run one matchup or one sweep with --plot", "--plot: draws one result, sweep or roster; this run has several")
		}
	}
	first := rs[0]
	if len(rs) == 1 {
		t := Title(first)
		if ps := ParamLine(first.Params); ps != "" {
			t += ": " + ps
		}
		p := barPlot(t, "P(outcome)", outcomeBars(first))
		p.Y.Min = 0
		return encodePlot(p, 16*vg.Centimeter, 10*vg.Centimeter, path)
	}
	vary, fixed, _ := dims(rs)
	switch len(vary) {
	case 1:
		p, err := linePlot(rs, vary[0].Name, sweepTitle(first, fixed, ""))
		if err != nil {
			return nil, err
		}
		return encodePlot(p, 16*vg.Centimeter, 10*vg.Centimeter, path)
	case 2:
		m := defaultMetric(rs)
		if fig != "" {
			m = parseMetric(fig)
		}
		p, cols, rows, err := heatPlot(rs, vary, m, sweepTitle(first, fixed, m.label()))
		if err != nil {
			return nil, err
		}
		w := vg.Length(max(12, 3+2.2*float64(cols))) * vg.Centimeter
		h := vg.Length(max(8, 3+1.2*float64(rows))) * vg.Centimeter
		return encodePlot(p, w, h, path)
	}
	return nil, usagef("sweep at most two flags (or two card roles) for a plot",
		"--plot: %d flags vary; a plot shows one (lines) or two (a heat map)", len(vary))
}

// plotBar is one bar of a bar chart: its height and interval.
type plotBar struct {
	name       string
	v, lo, hi  float64
	whiskers   bool
	percentage bool
}

// outcomeBars are a result's outcomes (those possible, if exact).
func outcomeBars(r *report) []plotBar {
	var bs []plotBar
	for _, o := range r.Summary.Outcomes {
		if r.Exact && o.P == 0 {
			continue
		}
		bs = append(bs, plotBar{name: o.Name, v: o.P, lo: o.Lo, hi: o.Hi, whiskers: !r.Exact, percentage: true})
	}
	return bs
}

// rollPlot draws a roll's distribution: a bar a value, in value order,
// narrow enough to fit however many values there are, and a label on
// every value up to 25 of them, else on every k-th.
func RollPlot(r *report, path string) ([]byte, error) {
	bs := outcomeBars(r)
	width := vg.Points(min(24, 380/float64(max(1, len(bs)))))
	p := barPlotOf(Title(r)+": "+ParamLine(r.Params), "P(value)", bs, width, (len(bs)+24)/25)
	p.Y.Min = 0
	return encodePlot(p, 16*vg.Centimeter, 10*vg.Centimeter, path)
}

// barPlot draws bars with whiskers where they have them.
func barPlot(title, ylabel string, bs []plotBar) *plot.Plot {
	return barPlotOf(title, ylabel, bs, vg.Points(24), 1)
}

// barPlotOf is barPlot with bars of a width, labelled every labelEvery.
func barPlotOf(title, ylabel string, bs []plotBar, width vg.Length, labelEvery int) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Y.Label.Text = ylabel
	vals := make(plotter.Values, len(bs))
	names := make([]string, len(bs))
	var errs plotterErrs
	for i, b := range bs {
		vals[i] = b.v
		if i%labelEvery == 0 {
			names[i] = b.name
		}
		if b.whiskers {
			errs = append(errs, plotterErr{x: float64(i), y: b.v, lo: b.v - b.lo, hi: b.hi - b.v})
		}
	}
	chart, err := plotter.NewBarChart(vals, width)
	if err == nil {
		chart.Color = plotutil.Color(0)
		chart.LineStyle.Width = 0
		p.Add(chart)
	}
	if len(errs) > 0 {
		if eb, err := plotter.NewYErrorBars(errs); err == nil {
			p.Add(eb)
		}
	}
	p.NominalX(names...)
	p.Add(plotter.NewGrid())
	return p
}

// plotterErr is a point with its error below and above (whiskers).
type plotterErr struct{ x, y, lo, hi float64 }

type plotterErrs []plotterErr

func (e plotterErrs) Len() int                        { return len(e) }
func (e plotterErrs) XY(i int) (float64, float64)     { return e[i].x, e[i].y }
func (e plotterErrs) YError(i int) (float64, float64) { return e[i].lo, e[i].hi }

// linePlot draws a sweep of one flag: a line per outcome over the swept
// values (numbers on a numeric axis, words evenly spaced), with a band
// of its 95% interval for Monte Carlo results.
func linePlot(rs []*report, swept, title string) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = swept
	p.Y.Label.Text = "P(outcome)"
	labels := make([]string, len(rs))
	xs := make([]float64, len(rs))
	numeric := true
	for i, r := range rs {
		v, _ := paramNamed(r.Inputs(), swept)
		labels[i] = fmt.Sprint(v.Value)
		x, err := strconv.ParseFloat(labels[i], 64)
		numeric = numeric && err == nil
		xs[i] = x
	}
	if !numeric {
		for i := range xs {
			xs[i] = float64(i)
		}
		p.NominalX(labels...)
	}
	for k, o := range rs[0].Summary.Outcomes {
		line, band := make(plotter.XYs, len(rs)), make(plotter.XYs, 0, 2*len(rs))
		possible := false
		for i, r := range rs {
			oo := outcomeNamed(r.Summary.Outcomes, o.Name)
			line[i] = plotter.XY{X: xs[i], Y: oo.P}
			possible = possible || oo.P > 0 || !r.Exact
		}
		if !possible {
			continue
		}
		col := plotutil.Color(k)
		if !rs[0].Exact {
			for i, r := range rs {
				band = append(band, plotter.XY{X: xs[i], Y: outcomeNamed(r.Summary.Outcomes, o.Name).Hi})
			}
			for i := len(rs) - 1; i >= 0; i-- {
				band = append(band, plotter.XY{X: xs[i], Y: outcomeNamed(rs[i].Summary.Outcomes, o.Name).Lo})
			}
			if poly, err := plotter.NewPolygon(band); err == nil {
				r, g, b, _ := col.RGBA()
				poly.Color = color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: 60}
				poly.LineStyle.Width = 0
				p.Add(poly)
			}
		}
		l, err := plotter.NewLine(line)
		if err != nil {
			return nil, err
		}
		l.Color = col
		l.Width = vg.Points(1.5)
		p.Add(l)
		p.Legend.Add(o.Name, l)
	}
	p.Legend.Top = true
	p.Y.Min = 0
	p.Add(plotter.NewGrid())
	return p, nil
}

// grid is a heat map's values: rows by the first swept dimension.
type grid struct {
	z          [][]float64
	rows, cols int
}

func (g grid) Dims() (c, r int)   { return g.cols, g.rows }
func (g grid) Z(c, r int) float64 { return g.z[g.rows-1-r][c] } // the first row on top
func (g grid) X(c int) float64    { return float64(c) }
func (g grid) Y(r int) float64    { return float64(r) }

// heatPlot draws two swept dimensions as a heat map of m, the values
// printed in the cells.
func heatPlot(rs []*report, vary []param, m metric, title string) (*plot.Plot, int, int, error) {
	value := func(r *report, name string) string {
		v, _ := paramNamed(r.Inputs(), name)
		return fmt.Sprint(v.Value)
	}
	var rowNames, colNames []string
	index := func(list *[]string, s string) int {
		for i, x := range *list {
			if x == s {
				return i
			}
		}
		*list = append(*list, s)
		return len(*list) - 1
	}
	type at struct{ r, c int }
	cells := map[at]float64{}
	for _, r := range rs {
		cells[at{index(&rowNames, value(r, vary[0].Name)), index(&colNames, value(r, vary[1].Name))}] = m.of(r)
	}
	g := grid{rows: len(rowNames), cols: len(colNames)}
	var labels plotter.XYLabels
	for i := range rowNames {
		row := make([]float64, len(colNames))
		for j := range colNames {
			row[j] = cells[at{i, j}]
			labels.XYs = append(labels.XYs, plotter.XY{X: float64(j), Y: float64(g.rows - 1 - i)})
			labels.Labels = append(labels.Labels, m.text(row[j]))
		}
		g.z = append(g.z, row)
	}
	pal := moreland.SmoothBlueRed().Palette(255)
	h := plotter.NewHeatMap(g, pal)
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = vary[1].Name
	p.Y.Label.Text = vary[0].Name
	p.Add(h)
	l, err := plotter.NewLabels(labels)
	if err != nil {
		return nil, 0, 0, err
	}
	for i := range l.TextStyle {
		l.TextStyle[i].XAlign, l.TextStyle[i].YAlign = -0.5, -0.5
	}
	p.Add(l)
	p.NominalX(colNames...)
	top := make([]string, len(rowNames)) // NominalY runs upwards
	for i, n := range rowNames {
		top[len(rowNames)-1-i] = n
	}
	p.NominalY(top...)
	return p, len(colNames), len(rowNames), nil
}

// comparePlot draws a comparison of one cell: bars of B-A for each
// outcome, with the paired interval's whiskers.
func ComparePlot(c *comparison, path string) ([]byte, error) {
	var bs []plotBar
	for _, d := range c.Diffs {
		if d.Mean || c.Exact && d.A == 0 && d.B == 0 {
			continue
		}
		bs = append(bs, plotBar{name: d.Name, v: d.D, lo: d.Lo, hi: d.Hi, whiskers: !c.Exact})
	}
	p := barPlot(Title(c.A)+": B − A, B: "+c.VS, "P(B) − P(A)", bs)
	return encodePlot(p, 16*vg.Centimeter, 10*vg.Centimeter, path)
}
