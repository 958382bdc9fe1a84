//go:build !(js && wasm)

package render

import (
	"strconv"

	"gonum.org/v1/plot"
)

// EngagePlot draws one engagement: P(A has won) and P(B has won) by
// round k, as lines over the rounds (with their 95% bands when Monte
// Carlo is the answer's method).
func EngagePlot(es []*engagement, path string, opts ...PlotOption) ([]byte, error) {
	if len(es) != 1 {
		return nil, flagErrorf("plot", "fix each side's flags to one value each", "--plot: draws one engagement by round; this run has %d", len(es))
	}
	e := es[0]
	ax := sweptAxis{name: "round k", numeric: true, integer: true}
	a := series{name: "A has won", col: colourOf(0)}
	b := series{name: "B has won", col: colourOf(1)}
	for _, r := range e.ByRound {
		ax.labels, ax.xs = append(ax.labels, strconv.Itoa(r.Round)), append(ax.xs, float64(r.Round))
		a.add(r.CumA, r.CumA, r.CumA)
		b.add(r.CumB, r.CumB, r.CumB)
	}
	ss := []series{a, b}
	p := sweepPanel(ax, ss, "P(won by round k)", false)
	f := &figure{
		headline: "engagement: who has won by round k",
		title:    "A " + SideTitle(e.A) + " — B " + SideTitle(e.B) + " — " + EngageOrder(e),
		panels:   []*plot.Plot{p}, notes: legendOf(ax, ss), w: plotW, h: plotH,
	}
	return f.encode(path, opts...)
}
