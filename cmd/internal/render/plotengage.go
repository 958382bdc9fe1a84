//go:build !(js && wasm)

package render

import (
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
)

// EngagePlot draws one engagement: P(A has won) and P(B has won) by
// round k, as lines over the rounds; or a roster of cards (only the two
// sides' cards varying) as a heat map of metric ("": P(A wins)), A's
// cards down and B's across.
func EngagePlot(es []*engagement, metric, path string, opts ...PlotOption) ([]byte, error) {
	if len(es) != 1 {
		if vary := varying(es); len(vary) == 2 && vary[0] == "a:attacker" && vary[1] == "b:attacker" {
			return engageHeat(es, metric, path, opts)
		}
		return nil, flagErrorf("plot", "fix each side's flags to one value each, or give a roster of cards (--a x,y --b z,w)", "--plot: draws one engagement by round, or a roster's heat map; this run has %d engagements", len(es))
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

// engageHeat draws a roster's metric as a heat map.
func engageHeat(es []*engagement, metric, path string, opts []PlotOption) ([]byte, error) {
	if metric == "" {
		metric = EngageMetrics[0]
	}
	h := &heat{rowName: "A's card", colName: "B's card", format: Pct, ticker: percentTicks{}}
	switch {
	case metric == "mean-rounds" || IsPer100(metric):
		h.format, h.ticker = Num, nil
	case metric == "points-traded":
		h.format, h.ticker, h.signed = SignedNum, nil, true
	}
	index := func(list *[]string, s string) int {
		if i := slices.Index(*list, s); i >= 0 {
			return i
		}
		*list = append(*list, s)
		return len(*list) - 1
	}
	type at struct{ r, c int }
	cells := map[at]float64{}
	for _, e := range es {
		cells[at{index(&h.rows, inputOf(e, "a:attacker")), index(&h.cols, inputOf(e, "b:attacker"))}] = engageFigure(e, metric)
	}
	for i := range h.rows {
		row := make([]float64, len(h.cols))
		for j := range row {
			v, ok := cells[at{i, j}]
			if !ok {
				v = math.NaN()
			}
			row[j] = v
		}
		h.z = append(h.z, row)
	}
	f := h.figure("A " + es[0].A.System + " " + es[0].A.Action + " — B " + es[0].B.System + " " + es[0].B.Action + " — " + EngageOrder(es[0]))
	f.headline = "engagements: " + metric + ", A's card down, B's across"
	return f.encode(path, opts...)
}
