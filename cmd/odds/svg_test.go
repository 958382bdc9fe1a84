package main

import (
	"encoding/xml"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// A drawn SVG read back as what a reader sees: its texts where they
// stand and its marks' boxes and colours, in points with y upwards (as
// gonum/plot draws them).

type drawnText struct {
	s       string
	x, y    float64 // the start of its baseline
	size    float64 // font size
	fill    string  // "" (black) or #RRGGBB
	rotated bool    // an axis name drawn upwards
}

type drawnMark struct {
	x0, y0, x1, y1 float64
	fill, stroke   string // #RRGGBB or ""
	dashed         bool
}

type drawing struct {
	w, h  float64
	texts []drawnText
	marks []drawnMark
}

func readSVG(t *testing.T, path string) *drawing {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc := &drawing{}
	d := xml.NewDecoder(f)
	var cur *drawnText
	rotated := 0
	attr := func(e xml.StartElement, name string) string {
		for _, a := range e.Attr {
			if a.Name.Local == name {
				return a.Value
			}
		}
		return ""
	}
	num := func(s string) float64 {
		v, _ := strconv.ParseFloat(strings.TrimSuffix(s, "pt"), 64)
		return v
	}
	for {
		tok, err := d.Token()
		if err != nil {
			break
		}
		switch e := tok.(type) {
		case xml.StartElement:
			style := styleOf(attr(e, "style"))
			switch e.Name.Local {
			case "svg":
				doc.w, doc.h = num(attr(e, "width")), num(attr(e, "height"))
			case "g":
				if strings.Contains(attr(e, "transform"), "rotate") {
					rotated++
				}
			case "text":
				size, _ := strconv.ParseFloat(strings.TrimSuffix(style["font-size"], "px"), 64)
				cur = &drawnText{x: num(attr(e, "x")), y: -num(attr(e, "y")), size: size, fill: style["fill"], rotated: rotated > 0}
			case "path":
				m, ok := pathBox(attr(e, "d"))
				if !ok {
					continue
				}
				if f := style["fill"]; f != "none" {
					m.fill = f
				}
				m.stroke, m.dashed = style["stroke"], style["stroke-dasharray"] != ""
				doc.marks = append(doc.marks, m)
			}
		case xml.EndElement:
			switch e.Name.Local {
			case "g":
				rotated = max(0, rotated-1)
			case "text":
				if cur != nil {
					cur.s = strings.TrimSpace(cur.s)
					doc.texts = append(doc.texts, *cur)
					cur = nil
				}
			}
		case xml.CharData:
			if cur != nil {
				cur.s += string(e)
			}
		}
	}
	return doc
}

func styleOf(s string) map[string]string {
	m := map[string]string{}
	for _, kv := range strings.Split(s, ";") {
		if k, v, ok := strings.Cut(kv, ":"); ok {
			m[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	return m
}

// pathBox is the bounding box of a path's points (its M, L, C and A end
// points: enough for the straight marks and dots a plot draws).
func pathBox(d string) (drawnMark, bool) {
	m := drawnMark{x0: math.Inf(1), y0: math.Inf(1), x1: math.Inf(-1), y1: math.Inf(-1)}
	fields := strings.FieldsFunc(d, func(r rune) bool { return r == ',' || r == ' ' })
	var nums []float64
	flush := func(cmd rune) {
		take := map[rune]int{'M': 2, 'L': 2, 'C': 6, 'A': 7}[cmd]
		for i := 0; take > 0 && i+take <= len(nums); i += take {
			x, y := nums[i+take-2], nums[i+take-1]
			m.x0, m.x1, m.y0, m.y1 = min(m.x0, x), max(m.x1, x), min(m.y0, y), max(m.y1, y)
		}
		nums = nums[:0]
	}
	cmd := rune(0)
	for _, f := range fields {
		for f != "" {
			if r := rune(f[0]); unicode.IsLetter(r) {
				flush(cmd)
				cmd, f = r, f[1:]
				continue
			}
			end := strings.IndexFunc(f[1:], unicode.IsLetter) + 1
			if end == 0 {
				end = len(f)
			}
			v, err := strconv.ParseFloat(f[:end], 64)
			if err == nil {
				nums = append(nums, v)
			}
			f = f[end:]
		}
	}
	flush(cmd)
	return m, !math.IsInf(m.x0, 0)
}

// isColour reports whether #RRGGBB is a colour and not a grey.
func isColour(c string) bool {
	if len(c) != 7 || c[0] != '#' {
		return false
	}
	return c[1:3] != c[3:5] || c[3:5] != c[5:7]
}

// luminance is the relative luminance of #RRGGBB, 0 (black) to 1.
func luminance(c string) float64 {
	v, _ := strconv.ParseUint(strings.TrimPrefix(c, "#"), 16, 32)
	r, g, b := float64(v>>16&0xFF), float64(v>>8&0xFF), float64(v&0xFF)
	return (0.2126*r + 0.7152*g + 0.0722*b) / 255
}

// dataArea is the box the grid spans: the horizontal grid lines' extent
// across, from the lowest to the highest.
func (d *drawing) dataArea(t *testing.T) drawnMark {
	t.Helper()
	a := drawnMark{x0: math.Inf(1), y0: math.Inf(1), x1: math.Inf(-1), y1: math.Inf(-1)}
	for _, m := range d.marks {
		if m.fill == "" && m.stroke != "" && !isColour(m.stroke) && m.stroke != "#000000" && m.y0 == m.y1 {
			a.x0, a.x1, a.y0, a.y1 = min(a.x0, m.x0), max(a.x1, m.x1), min(a.y0, m.y0), max(a.y1, m.y1)
		}
	}
	if math.IsInf(a.x0, 0) {
		t.Fatal("no grid lines in the drawing")
	}
	return a
}

// text is the first text s, if drawn.
func (d *drawing) text(s string) (drawnText, bool) {
	for _, x := range d.texts {
		if x.s == s {
			return x, true
		}
	}
	return drawnText{}, false
}

// all lists the texts' strings.
func (d *drawing) all() []string {
	var s []string
	for _, x := range d.texts {
		s = append(s, x.s)
	}
	return s
}

// xLabels are the texts under the data area, left to right, that are
// not rotated and smaller than a title (tick labels).
func (d *drawing) xLabels(area drawnMark) []string {
	var s []string
	for _, x := range d.texts {
		if !x.rotated && x.y < area.y0 && x.size <= 10 && x.x >= area.x0-20 && x.x <= area.x1 {
			s = append(s, x.s)
		}
	}
	return s
}

// yLabels are the texts left of the data area (tick labels), bottom up.
func (d *drawing) yLabels(area drawnMark) []string {
	var s []string
	for _, x := range d.texts {
		if !x.rotated && x.x < area.x0 && x.y >= area.y0-10 && x.y <= area.y1+10 {
			s = append(s, x.s)
		}
	}
	return s
}
