//go:build !(js && wasm)

package question

import "odds/cmd/internal/render"

var _ Plotter = Sequences(nil)

func (ss Sequences) Plot(path, _, title string) ([]byte, error) {
	return render.SequencePlot(ss, path, render.PlotTitle(title))
}
