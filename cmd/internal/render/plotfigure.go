//go:build !(js && wasm)

package render

// A --plot drawing as a figure: its panels (one, or a comparison's A
// and B over B − A), the legend beside them and never over the data, a
// heat map's colour scale, a title wrapped to the width, in any of the
// formats gonum/plot writes (svg, png, pdf).

import (
	"bytes"
	"image/color"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// figure is one drawing.
type figure struct {
	// headline says in words what the drawing shows; title is then the
	// full question (every input), drawn smaller under it. Without a
	// headline the title is the heading.
	headline string
	title    string
	panels   []*plot.Plot  // stacked top to bottom, their data areas aligned
	notes    []legendEntry // the legend, drawn right of the panels' data, if any
	scale    *colourScale  // a heat map's colour scale, right of its cells
	w, h     vg.Length     // the drawing's size
}

// legendEntry is one line of a legend: a name and its sample (nil:
// none).
type legendEntry struct {
	name  string
	thumb plot.Thumbnailer
}

// margin is the white space kept at the drawing's edges and between the
// panels and what is beside them.
const margin = 6 // points

// legendFont is the size of a legend's and a colour scale's text.
const legendFont = 10 // points

// newPanel is a plot with the house's title spacing.
func newPanel() *plot.Plot {
	p := plot.New()
	p.Title.Padding = vg.Points(6)
	return p
}

// hGrid is a grid of horizontal lines only: bars need no vertical ones.
func hGrid() *plotter.Grid {
	g := plotter.NewGrid()
	g.Vertical.Color = nil
	return g
}

// PlotOption changes a drawing: PlotTitle.
type PlotOption func(*figure)

// PlotTitle sets a drawing's headline (--title); "" keeps its own.
func PlotTitle(t string) PlotOption {
	return func(f *figure) {
		if t != "" {
			f.headline = t
		}
	}
}

// subtitleFont is the size of the question under a drawing's headline.
const subtitleFont = 9 // points

// encode draws the figure in the format of path.
func (f *figure) encode(path string, opts ...PlotOption) ([]byte, error) {
	format, err := PlotFormat(path)
	if err != nil {
		return nil, err
	}
	for _, o := range opts {
		o(f)
	}
	// Lay out first: what stands right of the panels, and the title's
	// lines, which take their room from a taller drawing, not the data.
	right := vg.Length(0)
	var leg *plot.Legend
	if len(f.notes) > 0 {
		l := plot.NewLegend()
		l.TextStyle.Font.Size = vg.Points(legendFont)
		l.Left, l.Top = true, true
		l.ThumbnailWidth = vg.Points(18)
		l.Padding = vg.Points(2)
		for _, e := range f.notes {
			if e.thumb == nil {
				l.Add(e.name) // a line of words alone
				continue
			}
			l.Add(e.name, e.thumb)
		}
		leg = &l
		right = l.Rectangle(draw.Canvas{}).Size().X + margin*2
	}
	if f.scale != nil {
		right = f.scale.width() + margin*2
	}
	// The heading: the headline, and under it in smaller grey type the
	// full question; drawn here above the panels rather than as the top
	// panel's title, which has one style. The drawing grows by what it
	// takes past the one line a panel's title had.
	top := f.panels[0]
	sty := top.Title.TextStyle
	sty.XAlign, sty.YAlign = draw.XCenter, draw.YTop
	sub := sty
	sub.Font.Size, sub.Color = vg.Points(subtitleFont), color.Gray{0x50}
	width := f.w - 2*margin - right
	headline, question := f.headline, f.title
	if headline == "" {
		headline, question = f.title, ""
	}
	if question == headline {
		question = ""
	}
	headline = wrapTitle(headline, sty, width)
	head := lines(headline) * sty.Height("x")
	if question != "" {
		question = wrapTitle(question, sub, width)
		head += lines(question) * sub.Height("x")
	}
	head += top.Title.Padding
	h := f.h + head - (sty.Height("x") + top.Title.Padding)
	top.Title.Text = ""

	c, err := draw.NewFormattedCanvas(f.w, h, format)
	if err != nil {
		return nil, err
	}
	dc := draw.New(c)
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	dc = padded(dc, margin)
	area := dc
	area.Max.X -= right
	mid := (area.Min.X + area.Max.X) / 2
	dc.FillText(sty, vg.Point{X: mid, Y: dc.Max.Y}, headline)
	if question != "" {
		dc.FillText(sub, vg.Point{X: mid, Y: dc.Max.Y - lines(headline)*sty.Height("x")}, question)
	}
	area.Max.Y -= head
	dc.Max.Y -= head // the legend and scale stand beside the data, below the heading

	tiles := []draw.Canvas{area}
	if len(f.panels) > 1 {
		col := make([][]*plot.Plot, len(f.panels))
		for i, p := range f.panels {
			col[i] = []*plot.Plot{p}
		}
		tiles = tiles[:0]
		for _, row := range plot.Align(col, draw.Tiles{Rows: len(f.panels), Cols: 1, PadY: vg.Points(8)}, area) {
			tiles = append(tiles, row[0])
		}
	}
	for i, p := range f.panels {
		fitCategories(p, tiles[i])
		p.Draw(tiles[i])
	}
	data := top.DataCanvas(tiles[0])
	if leg != nil {
		lc := dc
		lc.Min.X = area.Max.X + margin*2
		lc.Max.Y = data.Max.Y
		leg.Draw(lc)
	}
	if f.scale != nil {
		f.scale.draw(dc, area.Max.X+margin*2, data.Min.Y, data.Max.Y)
	}

	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// lines is the number of lines of s.
func lines(s string) vg.Length { return vg.Length(strings.Count(s, "\n") + 1) }

// fitCategories wraps the names under bars or cells that are wider than
// their slot onto lines, breaking after hyphens and at spaces
// ("attacker-out-of-action" over two lines): side by side they ran into
// each other.
func fitCategories(p *plot.Plot, c draw.Canvas) {
	ticks, ok := p.X.Tick.Marker.(plot.ConstantTicks)
	if !ok || p.X.Max <= p.X.Min {
		return
	}
	slot := p.DataCanvas(c).Size().X / vg.Length(p.X.Max-p.X.Min) * 0.95
	sty := p.X.Tick.Label
	fitted := make(plot.ConstantTicks, len(ticks))
	for i, t := range ticks {
		fitted[i] = t
		if sty.Width(t.Label) <= slot {
			continue
		}
		var lines []string
		line := ""
		for _, piece := range breakable(t.Label) {
			if line != "" && sty.Width(line+piece) > slot {
				lines = append(lines, strings.TrimSpace(line))
				line = ""
			}
			line += piece
		}
		fitted[i].Label = strings.Join(append(lines, strings.TrimSpace(line)), "\n")
	}
	p.X.Tick.Marker = fitted
}

// breakable cuts a name after each hyphen and space: the places it may
// break between lines.
func breakable(s string) []string {
	var pieces []string
	for s != "" {
		i := strings.IndexAny(s, "- ")
		if i < 0 {
			return append(pieces, s)
		}
		pieces, s = append(pieces, s[:i+1]), s[i+1:]
	}
	return pieces
}

// padded is c less d points on every side.
func padded(c draw.Canvas, d vg.Length) draw.Canvas {
	c.Min.X += d
	c.Min.Y += d
	c.Max.X -= d
	c.Max.Y -= d
	return c
}

// wrapTitle breaks a title at its spaces into lines no wider than width
// (a word wider than that is a line of its own): long titles wrap
// rather than run off the drawing. A no-break space (keepTogether)
// does not break.
func wrapTitle(title string, sty text.Style, width vg.Length) string {
	var lines []string
	line := ""
	for _, w := range strings.Split(title, " ") {
		switch {
		case w == "":
		case line == "":
			line = w
		case sty.Width(line+" "+w) <= width:
			line += " " + w
		default:
			lines = append(lines, line)
			line = w
		}
	}
	return strings.Join(append(lines, line), "\n")
}

// keepTogether joins each flag of a --vs string to its value with a
// no-break space: a title wraps between flags, not inside one.
func keepTogether(flags string) string {
	words := strings.Fields(flags)
	for i := 1; i < len(words); i++ {
		if !strings.HasPrefix(words[i], "-") {
			words[i-1] += "\u00a0" + words[i]
			words = append(words[:i], words[i+1:]...)
			i--
		}
	}
	return strings.Join(words, " ")
}

// swatch is a legend sample: a filled square of a colour.
type swatch struct{ color.Color }

func (s swatch) Thumbnail(c *draw.Canvas) {
	side := min(c.Max.X-c.Min.X, c.Max.Y-c.Min.Y)
	mid := c.Center()
	r := vg.Rectangle{Min: vg.Point{X: mid.X - side/2, Y: mid.Y - side/2}, Max: vg.Point{X: mid.X + side/2, Y: mid.Y + side/2}}
	c.SetColor(s.Color)
	c.Fill(r.Path())
}

// box is one bar: x0..x1 by y0..y1 in data units.
type box struct {
	x0, x1, y0, y1 float64
	color          color.Color
}

// boxes draws bars with widths in data units, so bars of several series
// can stand side by side in a category and keep clear of the frame.
type boxes []box

func (bs boxes) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for _, b := range bs {
		x0, x1, y0, y1 := trX(b.x0), trX(b.x1), trY(b.y0), trY(b.y1)
		// Up the left side first: a bar's path starts at its base.
		pts := c.ClipPolygonXY([]vg.Point{{X: x0, Y: y0}, {X: x0, Y: y1}, {X: x1, Y: y1}, {X: x1, Y: y0}})
		c.FillPolygon(b.color, pts)
	}
}

func (bs boxes) DataRange() (xmin, xmax, ymin, ymax float64) {
	if len(bs) == 0 {
		return 0, 0, 0, 0
	}
	xmin, xmax, ymin, ymax = bs[0].x0, bs[0].x1, min(bs[0].y0, bs[0].y1), max(bs[0].y0, bs[0].y1)
	for _, b := range bs[1:] {
		xmin, xmax = min(xmin, b.x0), max(xmax, b.x1)
		ymin, ymax = min(ymin, b.y0, b.y1), max(ymax, b.y0, b.y1)
	}
	return xmin, xmax, ymin, ymax
}

// colourScale is a heat map's key: a bar of its colours from the lowest
// to the highest value, with ticks labelled as the cells are.
type colourScale struct {
	cm     colourMap
	ticker plot.Ticker
}

// scaleBar is the colour bar's width.
const scaleBar = 12 // points

func (s *colourScale) style() text.Style {
	return text.Style{Color: color.Black, Font: font.From(plot.DefaultFont, vg.Points(legendFont)), Handler: plot.DefaultTextHandler}
}

// width is the room the scale takes: its bar, ticks and widest label.
func (s *colourScale) width() vg.Length {
	sty := s.style()
	w := vg.Length(0)
	for _, t := range s.ticker.Ticks(s.cm.Min(), s.cm.Max()) {
		w = max(w, sty.Width(t.Label))
	}
	return scaleBar + 4 + w
}

// draw draws the scale from x, its bar spanning y0..y1.
func (s *colourScale) draw(c draw.Canvas, x, y0, y1 vg.Length) {
	const steps = 100
	lo, hi := s.cm.Min(), s.cm.Max()
	h := (y1 - y0) / steps
	for i := range steps {
		col, err := s.cm.At(lo + (hi-lo)*(float64(i)+0.5)/steps)
		if err != nil {
			continue
		}
		// Each step reaches the top and the next covers it: no seams.
		r := vg.Rectangle{Min: vg.Point{X: x, Y: y0 + vg.Length(i)*h}, Max: vg.Point{X: x + scaleBar, Y: y1}}
		c.SetColor(col)
		c.Fill(r.Path())
	}
	c.StrokeLines(draw.LineStyle{Color: color.Black, Width: vg.Points(0.5)},
		[]vg.Point{{X: x, Y: y0}, {X: x + scaleBar, Y: y0}, {X: x + scaleBar, Y: y1}, {X: x, Y: y1}, {X: x, Y: y0}})
	sty := s.style()
	sty.YAlign = draw.YCenter
	for _, t := range s.ticker.Ticks(lo, hi) {
		if t.Label == "" {
			continue
		}
		y := y0 + (y1-y0)*vg.Length((t.Value-lo)/(hi-lo))
		c.StrokeLine2(draw.LineStyle{Color: color.Black, Width: vg.Points(0.5)}, x+scaleBar, y, x+scaleBar+3, y)
		c.FillText(sty, vg.Point{X: x + scaleBar + 4, Y: y}, t.Label)
	}
}
