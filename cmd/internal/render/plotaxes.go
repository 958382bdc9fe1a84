//go:build !(js && wasm)

package render

// The axes of --plot drawings: probabilities in percent as the tables
// print them, swept integers at whole numbers, and room between the
// data and the frame.

import (
	"math"
	"strconv"

	"gonum.org/v1/plot"
)

// niceStep is the round step (1, 2 or 5 times a power of ten) that cuts
// span into at most about n parts.
func niceStep(span float64, n int) float64 {
	if span <= 0 || math.IsNaN(span) || math.IsInf(span, 0) {
		return 1
	}
	raw := span / float64(n)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5} {
		if m*mag >= raw*(1-1e-9) {
			return m * mag
		}
	}
	return 10 * mag
}

// percentTicks labels a probability axis in percent ("0%", "25%", as
// the tables print probabilities) at a round step; signed labels a
// difference of probabilities ("+10%", "0%", "−10%", as tables print
// B − A).
type percentTicks struct {
	signed bool
	step   float64 // between labels, as a probability; 0: a round step for the axis
}

// pctTicksWanted is about how many labelled ticks an axis gets.
const pctTicksWanted = 7

func (t percentTicks) Ticks(lo, hi float64) []plot.Tick {
	step := t.step
	if step <= 0 {
		step = niceStep(100*(hi-lo), pctTicksWanted) / 100
	}
	var ticks []plot.Tick
	for k := math.Ceil(lo/step - 1e-9); k*step <= hi+step*1e-9; k++ {
		v := k * step
		ticks = append(ticks, plot.Tick{Value: v, Label: pctTick(v, t.signed)})
		if mid := v + step/2; mid <= hi {
			ticks = append(ticks, plot.Tick{Value: mid}) // a minor tick between
		}
	}
	return ticks
}

// pctTick writes v (a probability) as a tick label: as few decimals as
// the value has, with a sign if signed and not zero.
func pctTick(v float64, signed bool) string {
	x := math.Round(v*100*1e6) / 1e6
	s := strconv.FormatFloat(math.Abs(x), 'f', -1, 64) + "%"
	switch {
	case !signed || x == 0:
		if x < 0 {
			return "−" + s
		}
		return s
	case x > 0:
		return "+" + s
	}
	return "−" + s
}

// pctAxis sets a probability axis to run from 0 (or, signed, from below
// the lowest value) to a round figure above the highest, at most 100%,
// labelled in percent: bars and lines never reach the frame.
func pctAxis(a *plot.Axis, lo, hi float64, signed bool) {
	lo, hi = min(lo, 0), max(hi, 0)
	if !signed {
		lo = 0
	}
	if hi-lo <= 0 {
		hi = lo + 0.01
	}
	step := niceStep(100*(hi-lo)*1.04, pctTicksWanted) / 100
	a.Min, a.Max = lo, hi
	if signed && lo < 0 {
		a.Min = math.Floor((lo-0.005*(hi-lo))/step) * step
	}
	if hi > 0 {
		a.Max = math.Ceil((hi+0.005*(hi-lo))/step) * step
	}
	if !signed && a.Max > 1 {
		a.Max = 1 + 0.04 // room over a bar of 100%, no tick past it
	}
	a.Tick.Marker = percentTicks{signed: signed, step: step}
}

// integerTicks ticks every whole number of an axis of integers (a swept
// count, a roll's values) and labels each, or where there are too many to
// read, every k-th (k 2, 5, 10, 20, …): never a fraction, and none
// outside first..last, the values there are (the axis runs past them).
type integerTicks struct{ first, last float64 }

// maxIntLabels is the most integer labels an axis gets.
const maxIntLabels = 20

func (t integerTicks) Ticks(lo, hi float64) []plot.Tick {
	first, last := math.Ceil(max(lo, t.first)-1e-9), math.Floor(min(hi, t.last)+1e-9)
	if last < first {
		return nil
	}
	step := 1.0
	if last-first+1 > maxIntLabels {
		step = niceStep(last-first, maxIntLabels-1) // ≥ 1: the span is ≥ 20
	}
	minor := 1.0
	if step >= 10 {
		minor = step / 5 // a minor tick at every value would be a comb
	}
	var ticks []plot.Tick
	for v := math.Ceil(first/minor) * minor; v <= last; v += minor {
		t := plot.Tick{Value: v}
		if math.Mod(v, step) == 0 {
			t.Label = strconv.FormatInt(int64(v), 10) // never "-0"
		}
		ticks = append(ticks, t)
	}
	return ticks
}

// intAxis sets an axis of the integers lo..hi: a tick each (labelled as
// integerTicks says) and half a step of room at each end.
func intAxis(a *plot.Axis, lo, hi float64) {
	a.Min, a.Max = lo-0.5, hi+0.5
	a.Tick.Marker = integerTicks{first: lo, last: hi}
}

// categoryAxis sets an axis of n named categories at 0..n-1, each
// labelled, with room beyond the first and the last for their bars.
func categoryAxis(p *plot.Plot, names []string) {
	p.NominalX(names...)
	p.X.Min, p.X.Max = -0.6, float64(len(names))-0.4
}
