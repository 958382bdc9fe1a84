//go:build !(js && wasm)

package render

// Two swept flags, or a roster of two card roles, as a heat map: a cell
// a pair, coloured by its figure on a scale drawn beside it, the figure
// printed in the cell in black or white, whichever its colour reads
// under. Probabilities run pale to dark; a comparison's B − A diverges
// from grey at 0, blue below and red above.

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// heat is a heat map's cells: rows by the first varying input (the
// first row on top), columns by the second.
type heat struct {
	rowName, colName string
	rows, cols       []string
	z                [][]float64 // z[row][col]; NaN where no cell is
	signed           bool        // differences: a scale symmetric about 0
	format           func(float64) string
	ticker           plot.Ticker // the scale's labels; nil: plain numbers
}

// heatOf lays a sweep of two inputs out as a heat map of f.
func heatOf(rs []*result, vary []param, f func(*result) float64) *heat {
	h := &heat{rowName: vary[0].Name, colName: vary[1].Name, format: Num}
	value := func(r *result, name string) string {
		s, _ := inputLabel(r, name)
		return s
	}
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
		cells[at{index(&h.rows, value(r, h.rowName)), index(&h.cols, value(r, h.colName))}] = f(r)
	}
	for i := range h.rows {
		row := make([]float64, len(h.cols))
		for j := range h.cols {
			v, ok := cells[at{i, j}]
			if !ok {
				v = math.NaN()
			}
			row[j] = v
		}
		h.z = append(h.z, row)
	}
	return h
}

// colourMap is what a heat map needs of a gonum colour map.
type colourMap interface {
	At(float64) (color.Color, error)
	Min() float64
	Max() float64
}

// sequential runs a luminance map the other way: pale at the lowest
// value, dark at the highest (more is darker, as readers expect).
type sequential struct{ cm palette.ColorMap }

func (s sequential) At(v float64) (color.Color, error) { return s.cm.At(s.cm.Max() + s.cm.Min() - v) }
func (s sequential) Min() float64                      { return s.cm.Min() }
func (s sequential) Max() float64                      { return s.cm.Max() }

// blues are ColorBrewer's Blues from dark to pale (rising luminance, as
// moreland.NewLuminance wants), the palest kept off white.
var blues = []color.Color{
	color.NRGBA{0x08, 0x30, 0x6B, 0xFF},
	color.NRGBA{0x21, 0x71, 0xB5, 0xFF},
	color.NRGBA{0x6B, 0xAE, 0xD6, 0xFF},
	color.NRGBA{0xC6, 0xDB, 0xEF, 0xFF},
	color.NRGBA{0xE4, 0xEE, 0xF8, 0xFF},
}

// scaleRange is the colour scale's range: the cells' lowest to highest
// value widened to round figures (symmetric about 0 if signed).
func (h *heat) scaleRange() (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, row := range h.z {
		for _, v := range row {
			if !math.IsNaN(v) {
				lo, hi = min(lo, v), max(hi, v)
			}
		}
	}
	if lo > hi {
		lo, hi = 0, 0
	}
	unit := 1.0
	if h.ticker != nil {
		unit = 100 // percent: round in percent
	}
	if h.signed {
		m := max(math.Abs(lo), math.Abs(hi))
		step := niceStep(2*m*unit, pctTicksWanted) / unit
		m = math.Max(step, math.Ceil(m/step-1e-9)*step)
		return -m, m
	}
	step := niceStep((hi-lo)*unit, pctTicksWanted) / unit
	lo, hi = math.Floor(lo/step+1e-9)*step, math.Ceil(hi/step-1e-9)*step
	if hi <= lo {
		hi = lo + step
	}
	return lo, hi
}

// figure draws the heat map under title.
func (h *heat) figure(title string) *figure {
	lo, hi := h.scaleRange()
	var cm colourMap
	if h.signed {
		d := moreland.SmoothBlueRed()
		d.SetMin(lo)
		d.SetMax(hi)
		cm = d
	} else {
		l, err := moreland.NewLuminance(blues)
		if err != nil {
			panic("render: " + err.Error()) // the controls above rise in luminance
		}
		l.SetMin(lo)
		l.SetMax(hi)
		cm = sequential{l}
	}
	ticker := h.ticker
	if ticker == nil {
		ticker = plot.DefaultTicks{}
	}

	p := newPanel()
	p.X.Label.Text, p.Y.Label.Text = h.colName, h.rowName
	var cells boxes
	var labels plotter.XYLabels
	var inks []color.Color
	const gap = 0.02 // white between cells
	nr := len(h.rows)
	for i, row := range h.z {
		y := float64(nr - 1 - i) // the first row on top
		for j, v := range row {
			if math.IsNaN(v) {
				continue
			}
			col, err := cm.At(math.Max(lo, math.Min(hi, v)))
			if err != nil {
				col = color.Gray{0x80}
			}
			x := float64(j)
			cells = append(cells, box{x0: x - 0.5 + gap, x1: x + 0.5 - gap, y0: y - 0.5 + gap, y1: y + 0.5 - gap, color: col})
			labels.XYs = append(labels.XYs, plotter.XY{X: x, Y: y})
			labels.Labels = append(labels.Labels, h.format(v))
			inks = append(inks, inkOn(col))
		}
	}
	p.Add(cells)
	if l, err := plotter.NewLabels(labels); err == nil {
		for i := range l.TextStyle {
			l.TextStyle[i].XAlign, l.TextStyle[i].YAlign = draw.XCenter, draw.YCenter
			l.TextStyle[i].Color = inks[i]
		}
		p.Add(l)
	}
	p.NominalX(h.cols...)
	top := make([]string, nr) // NominalY runs upwards
	for i, n := range h.rows {
		top[nr-1-i] = n
	}
	p.NominalY(top...)
	p.X.Min, p.X.Max = -0.5, float64(len(h.cols))-0.5
	p.Y.Min, p.Y.Max = -0.5, float64(nr)-0.5
	p.X.Padding, p.Y.Padding = 0, 0

	w := vg.Length(max(12, 3+2.2*float64(len(h.cols)))) * vg.Centimeter
	ht := vg.Length(max(8, 3+1.2*float64(nr))) * vg.Centimeter
	return &figure{title: title, panels: []*plot.Plot{p}, scale: &colourScale{cm: cm, ticker: ticker}, w: w + 1.5*vg.Centimeter, h: ht}
}

// inkOn is the text colour that reads on a cell of colour c: white on
// dark, black on light (by the cell's relative luminance).
func inkOn(c color.Color) color.Color {
	r, g, b, _ := c.RGBA()
	lum := (0.2126*float64(r) + 0.7152*float64(g) + 0.0722*float64(b)) / 0xFFFF
	if lum < 0.45 {
		return color.White
	}
	return color.Black
}
