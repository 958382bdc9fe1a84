//go:build !(js && wasm)

package question

import (
	"odds/cmd/internal/render"
)

// Every answer draws itself outside the page's engine.
var (
	_ Plotter = Results(nil)
	_ Plotter = Comparisons(nil)
	_ Plotter = Founds(nil)
	_ Plotter = Sensitivities(nil)
)

func (rs Results) Plot(path, metric, title string) ([]byte, error) {
	return render.PlotReports(rs, metric, path, render.PlotTitle(title))
}

func (cs Comparisons) Plot(path, _, title string) ([]byte, error) {
	return render.ComparePlot(cs, path, render.PlotTitle(title))
}

// Plot draws the one point's scan (a sweep's find has one plot a point:
// the doors refuse --plot for it before it runs, OnePlot).
func (fs Founds) Plot(path, _, title string) ([]byte, error) {
	if len(fs) != 1 {
		return nil, onePlot(Find{}.plotsOne(), len(fs))
	}
	return render.FindPlot(fs[0], path, render.PlotTitle(title))
}

// Plot draws the one point's tornado (see Founds.Plot).
func (ss Sensitivities) Plot(path, _, title string) ([]byte, error) {
	if len(ss) != 1 {
		return nil, onePlot(Sensitivity{}.plotsOne(), len(ss))
	}
	return render.SensitivityPlot(ss[0], path, render.PlotTitle(title))
}

var _ Plotter = Engagements(nil)

// Plot draws one engagement by round, or a roster's heat map of metric.
func (es Engagements) Plot(path, metric, title string) ([]byte, error) {
	return render.EngagePlot(es, metric, path, render.PlotTitle(title))
}

var _ Plotter = Rolled{}

// Plot draws the roll's values as bars, the far tails folded unless
// AllRows.
func (r Rolled) Plot(path, _, title string) ([]byte, error) {
	return render.RollPlot(r.Results[0], path, r.AllRows, render.PlotTitle(title))
}

var _ Plotter = Streamed{}

// Plot refuses: a streamed sweep is too large to draw (CheckPlot
// refuses it before it runs).
func (a Streamed) Plot(string, string, string) ([]byte, error) { return nil, tooManyToPlot(a.S.Points) }
