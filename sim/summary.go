package sim

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/stat"

	"odds/resolve"
)

// Outcome is the probability of one outcome with its 95% interval. For an
// exact result the interval is the point.
type Outcome struct {
	Name string
	Interval
}

// Stat summarises one numeric result.
type Stat struct {
	Name                      string
	Mean, SD, Median, P5, P95 float64
}

// Summary is what a result says to a reader.
type Summary struct {
	Outcomes []Outcome
	Stats    []Stat
}

// Summarize folds the histogram of r into outcomes and numeric results.
func Summarize(l *resolve.Layout, r *Result) Summary {
	var s Summary
	if r.Exact {
		p := make([]float64, len(l.Outcomes))
		for c, q := range r.Prob {
			p[l.Outcome[c]] += q
		}
		for i, name := range l.Outcomes {
			s.Outcomes = append(s.Outcomes, Outcome{Name: name, Interval: Interval{p[i], p[i], p[i]}})
		}
	} else {
		for i, w := range Wilson(OutcomeCounts(l, r.Counts), r.Trials) {
			s.Outcomes = append(s.Outcomes, Outcome{Name: l.Outcomes[i], Interval: w})
		}
	}
	for i, name := range l.Stats {
		s.Stats = append(s.Stats, summarizeStat(name, l.Values[i], r.Prob))
	}
	return s
}

// OutcomeCounts sums cell counts by outcome.
func OutcomeCounts(l *resolve.Layout, counts []uint64) []uint64 {
	out := make([]uint64, len(l.Outcomes))
	for c, n := range counts {
		out[l.Outcome[c]] += n
	}
	return out
}

// summarizeStat computes the moments and quantiles of a numeric result whose
// value in cell c is values[c] with weight weights[c].
func summarizeStat(name string, values, weights []float64) Stat {
	type vw struct{ v, w float64 }
	pts := make([]vw, 0, len(values))
	for c, v := range values {
		if weights[c] > 0 {
			pts = append(pts, vw{v, weights[c]})
		}
	}
	sort.Slice(pts, func(i, j int) bool { return pts[i].v < pts[j].v })
	var x, w []float64
	for _, p := range pts {
		if n := len(x); n > 0 && x[n-1] == p.v {
			w[n-1] += p.w
			continue
		}
		x = append(x, p.v)
		w = append(w, p.w)
	}
	st := Stat{Name: name}
	if len(x) == 0 {
		return st
	}
	st.Mean, st.SD = stat.PopMeanStdDev(x, w)
	// Exact sums carry float noise: a mean of 2.8e-17 on a spread of 4 is 0.
	if math.Abs(st.Mean) < 1e-12*max(1, st.SD) {
		st.Mean = 0
	}
	st.Median = stat.Quantile(0.5, stat.Empirical, x, w)
	st.P5 = stat.Quantile(0.05, stat.Empirical, x, w)
	st.P95 = stat.Quantile(0.95, stat.Empirical, x, w)
	return st
}
