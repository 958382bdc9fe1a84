package sim

import (
	"math"
	"slices"
	"strconv"
	"sync"

	"gonum.org/v1/gonum/stat"

	"odds/resolve"
)

// Outcome is the probability of one outcome with its 95% interval. For an
// exact result the interval is the point. When the outcomes are numbers
// (Summary.Numeric), AtLeast and AtMost are P(X >= v) and P(X <= v).
type Outcome struct {
	Name string
	Interval
	AtLeast, AtMost Interval
}

// Stat summarises one numeric result. For a count (Layout.Counts),
// AtLeast[k-1] is P(X >= k) for k = 1..the largest value possible.
type Stat struct {
	Name                      string
	Mean, SD, Median, P5, P95 float64
	AtLeast                   []Interval
	// Flag is true when the result is 0 or 1 in every cell (an event:
	// riders unload, a vehicle is hit): its mean is its probability, and
	// its sd, median and percentiles say nothing more.
	Flag bool
}

// Summary is what a result says to a reader.
type Summary struct {
	Outcomes []Outcome
	Stats    []Stat
	// Numeric is true when every outcome is an integer, in increasing
	// order (roll's values, move's inches): then the cumulative columns
	// mean something.
	Numeric bool
}

// Summarize folds the histogram of r into outcomes and numeric results.
func Summarize(l *resolve.Layout, r *Histogram) Summary {
	s := Summary{Outcomes: make([]Outcome, 0, len(l.Outcomes)), Stats: make([]Stat, 0, len(l.Stats))}
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	if r.Exact {
		p := sc.floats(len(l.Outcomes))
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
	s.Numeric = numericNames(l.Outcomes)
	if s.Numeric {
		cumulate(s.Outcomes, r)
	}
	for i, name := range l.Stats {
		st := summarizeStat(name, l.Values[i], r.Prob, sc)
		st.Flag = !slices.ContainsFunc(l.Values[i], func(v float64) bool { return v != 0 && v != 1 })
		if slices.Contains(l.Counts, name) {
			st.AtLeast = atLeast(l.Values[i], r)
		}
		s.Stats = append(s.Stats, st)
	}
	return s
}

// numericNames reports whether names are integers in increasing order.
func numericNames(names []string) bool {
	prev := math.MinInt
	for _, n := range names {
		v, err := strconv.Atoi(n)
		if err != nil || v <= prev {
			return false
		}
		prev = v
	}
	return len(names) > 0
}

// estimate is p with its 95% interval: the point when exact, else Wilson's
// interval of p's count.
func estimate(p float64, r *Histogram) Interval {
	if r.Exact {
		return Interval{p, p, p}
	}
	return WilsonInterval(uint64(math.Round(p*float64(r.Trials))), r.Trials)
}

// cumulate fills AtLeast and AtMost of numeric outcomes.
func cumulate(outs []Outcome, r *Histogram) {
	below := 0.0
	for i := range outs {
		below += outs[i].P
		outs[i].AtMost = estimate(min(1, below), r)
	}
	above := 0.0
	for i := len(outs) - 1; i >= 0; i-- {
		above += outs[i].P
		outs[i].AtLeast = estimate(min(1, above), r)
	}
}

// atLeast returns P(X >= k) for k = 1..max of a count whose value in cell
// c is values[c].
func atLeast(values []float64, r *Histogram) []Interval {
	top := 0
	for _, v := range values {
		top = max(top, int(v))
	}
	p := make([]float64, top+1)
	for c, v := range values {
		if v >= 1 {
			p[int(v)] += r.Prob[c]
		}
	}
	out := make([]Interval, top)
	above := 0.0
	for k := top; k >= 1; k-- {
		above += p[k]
		out[k-1] = estimate(min(1, above), r)
	}
	return out
}

// OutcomeCounts sums cell counts by outcome.
func OutcomeCounts(l *resolve.Layout, counts []uint64) []uint64 {
	out := make([]uint64, len(l.Outcomes))
	for c, n := range counts {
		out[l.Outcome[c]] += n
	}
	return out
}

// scratch is Summarize's working memory, kept between summaries (a
// server summarises every answer): nothing it holds outlives the call.
type scratch struct {
	pts  []vw
	x, w []float64
}

// vw is a value and its weight.
type vw struct{ v, w float64 }

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// floats is n zeros, in sc.x.
func (sc *scratch) floats(n int) []float64 {
	sc.x = slices.Grow(sc.x[:0], n)[:n]
	clear(sc.x)
	return sc.x
}

// summarizeStat computes the moments and quantiles of a numeric result whose
// value in cell c is values[c] with weight weights[c], working in sc.
func summarizeStat(name string, values, weights []float64, sc *scratch) Stat {
	pts := slices.Grow(sc.pts[:0], len(values))
	for c, v := range values {
		if weights[c] > 0 {
			pts = append(pts, vw{v, weights[c]})
		}
	}
	sc.pts = pts
	// The same sort as sort.Slice with v < v' (both are pdqsort of one
	// template), without its reflection: equal values keep the order
	// they had, and their weights sum as they did.
	slices.SortFunc(pts, func(a, b vw) int {
		switch {
		case a.v < b.v:
			return -1
		case a.v > b.v:
			return 1
		}
		return 0
	})
	x, w := sc.x[:0], sc.w[:0]
	defer func() { sc.x, sc.w = x, w }()
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

// Shape is the summary of a result of layout l without its figures
// (every probability and statistic zero): its outcomes and statistics by
// name, Numeric, and for a count as many AtLeast as Summarize gives it
// (one for each k up to the largest value a cell holds). It says what
// the result's columns will be before it runs.
func Shape(l *resolve.Layout) Summary {
	s := Summary{Outcomes: make([]Outcome, len(l.Outcomes)), Stats: make([]Stat, len(l.Stats)), Numeric: numericNames(l.Outcomes)}
	for i, name := range l.Outcomes {
		s.Outcomes[i].Name = name
	}
	for i, name := range l.Stats {
		s.Stats[i].Name = name
		if slices.Contains(l.Counts, name) {
			top := 0
			for _, v := range l.Values[i] {
				top = max(top, int(v))
			}
			s.Stats[i].AtLeast = make([]Interval, top)
		}
	}
	return s
}
