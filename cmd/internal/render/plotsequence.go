//go:build !(js && wasm)

package render

// The drawing of a sequence (--then): the target's state after each step
// as stacked bars, a colour a state (the first state, the target
// unharmed or in action, at the bottom), each bar summing to 1; with a
// goal, P(reached by step k) in the legend.

import (
	"fmt"
	"image/color"
	"slices"
	"strconv"

	"gonum.org/v1/plot"

	"odds/cmd/internal/query"
)

// SequencePlot draws one sequence's result; a sweep's several are
// refused (read them in the table).
func SequencePlot(rs []*result, path string, opts ...PlotOption) ([]byte, error) {
	if len(rs) != 1 {
		return nil, usagef("fix the other flags to one value each", "--plot: draws one sequence; this run has %d", len(rs))
	}
	r := rs[0]
	s := r.Sequence
	var states []string // those the target is ever in, a colour each
	for _, name := range seqStates(rs) {
		if !seqNever(r, name) {
			states = append(states, name)
		}
	}
	colour := func(i int) color.Color {
		if i < len(colours) {
			return colourOf(i)
		}
		return light(colourOf(i)) // past the palette: its lighter shades
	}
	var bars boxes
	for k, after := range s.After {
		x, y := float64(k+1), 0.0
		for i, name := range states {
			j := slices.IndexFunc(after, func(x query.StateShare) bool { return x.Name == name })
			if j < 0 || after[j].P <= 0 {
				continue
			}
			bars = append(bars, box{x0: x - 0.35, x1: x + 0.35, y0: y, y1: y + after[j].P, color: colour(i)})
			y += after[j].P
		}
	}
	p := newPanel()
	p.X.Label.Text = "after step k"
	p.Y.Label.Text = "the target's state"
	p.Add(hGrid())
	p.Add(bars)
	n := len(s.After)
	intAxis(&p.X, 1, float64(n))
	p.X.Min, p.X.Max = 0.35, float64(n)+0.65
	pctAxis(&p.Y, 0, 1, false)
	var notes []legendEntry
	for i := len(states) - 1; i >= 0; i-- { // top down, as the bars stand
		notes = append(notes, legendEntry{states[i], swatch{colour(i)}})
	}
	if s.Until != "" {
		for k, iv := range s.ByStep {
			notes = append(notes, legendEntry{fmt.Sprintf("%s by step %s: %s", s.Until, strconv.Itoa(k+1), Pct(iv.P)), nil})
		}
	}
	title := SequenceTitle(r)
	for k, step := range s.Steps {
		title += fmt.Sprintf("; %d: %s", k+1, step)
	}
	headline := plotSubject(r, true) + ": the target's state step by step"
	return (&figure{headline: headline, title: title, panels: []*plot.Plot{p}, notes: notes, w: plotW, h: plotH}).encode(path, opts...)
}
