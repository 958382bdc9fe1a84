package query

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"odds/resolve"
)

// Metric is the figure --find and --sensitivity read of a result: an
// outcome's probability (its name) or a numeric result's mean
// (mean:NAME).
type Metric struct {
	Name string
	Mean bool
}

// ParseMetric reads OUTCOME or mean:RESULT; it checks no names (the
// plan's layout does, in check).
func ParseMetric(s string) Metric {
	if name, ok := strings.CutPrefix(s, "mean:"); ok {
		return Metric{Name: name, Mean: true}
	}
	return Metric{Name: s}
}

// String is the metric as written: "out-of-action" or "mean:margin".
func (m Metric) String() string {
	if m.Mean {
		return "mean:" + m.Name
	}
	return m.Name
}

// Label is the metric as a reader reads it: "P(out-of-action)" or
// "mean margin".
func (m Metric) Label() string {
	if m.Mean {
		return "mean " + m.Name
	}
	return "P(" + m.Name + ")"
}

// check refuses, naming flag, a metric the plan's layout has not (the
// layout, not the action's listing: rof move's outcomes are distances
// its flags choose).
func (m Metric) check(flag string, l *resolve.Layout) error {
	if m.Mean && slices.Contains(l.Stats, m.Name) || !m.Mean && slices.Contains(l.Outcomes, m.Name) {
		return nil
	}
	choices := MetricNames(l.Outcomes, l.Stats)
	what := map[bool]string{false: "outcome", true: "numeric result"}[m.Mean]
	return errorf(flag, "want one of "+strings.Join(choices, ", "), "no %s %q here", what, m.Name)
}

// Of is the metric of a result with its 95% interval: Wilson's for a
// probability, the normal one (1.96 standard errors) for a mean; an exact
// result's interval is its point.
func (m Metric) Of(r *Result) (x, lo, hi float64) {
	if !m.Mean {
		for _, o := range r.Summary.Outcomes {
			if o.Name == m.Name {
				return o.P, o.Lo, o.Hi
			}
		}
		return 0, 0, 0
	}
	for _, s := range r.Summary.Stats {
		if s.Name == m.Name {
			if r.Exact || r.Trials <= 0 {
				return s.Mean, s.Mean, s.Mean
			}
			h := 1.959963984540054 * s.SD / math.Sqrt(float64(r.Trials))
			return s.Mean, s.Mean - h, s.Mean + h
		}
	}
	return 0, 0, 0
}

// Condition is --find's question: the metric at least (or at most) X.
type Condition struct {
	Metric Metric
	AtMost bool // <=, not >=
	X      float64
}

// ParseCondition reads --find's text: OUTCOME>=P, OUTCOME<=P (P a
// probability, 0.5 or 50%), mean:RESULT>=X or mean:RESULT<=X.
func ParseCondition(text string) (Condition, error) {
	hint := "for example --find 'out-of-action>=0.5' or --find 'mean:margin<=2'"
	var c Condition
	name, val, ok := strings.Cut(text, ">=")
	if !ok {
		name, val, ok = strings.Cut(text, "<=")
		c.AtMost = true
	}
	name, val = strings.TrimSpace(name), strings.TrimSpace(val)
	if !ok || name == "" || val == "" || name == "mean:" {
		return c, errorf("find", hint, "want OUTCOME>=P, OUTCOME<=P, mean:RESULT>=X or mean:RESULT<=X, got %q", text)
	}
	c.Metric = ParseMetric(name)
	pct := strings.HasSuffix(val, "%")
	x, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(val, "%")), 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return c, errorf("find", hint, "want a number after %s, got %q", c.Op(), val)
	}
	if pct {
		x /= 100
	}
	if !c.Metric.Mean && (x < 0 || x > 1) {
		return c, errorf("find", hint, "a probability is 0..1 (or 0%%..100%%), got %s", val)
	}
	if c.Metric.Mean && pct {
		return c, errorf("find", hint, "a mean is a number, not a percentage: got %s", val)
	}
	c.X = x
	return c, nil
}

// String is the condition as written: out-of-action>=0.5.
func (c Condition) String() string {
	return c.Metric.String() + c.Op() + fmt.Sprint(c.X)
}

// Op is ">=" or "<=".
func (c Condition) Op() string {
	if c.AtMost {
		return "<="
	}
	return ">="
}

// Verdict is whether a condition holds at one value: surely (an exact
// figure, or a 95% interval wholly on the holding side), surely not, or
// unsure (the interval straddles the threshold).
type Verdict int

const (
	Fails Verdict = iota
	Holds
	Unsure
)

func (v Verdict) String() string { return [...]string{"no", "yes", "unsure"}[v] }

// verdict is the condition's verdict on a figure x with interval
// [lo, hi]. Exact figures within 1e-12 of the threshold count as on it
// (their sums carry float noise), which >= and <= both accept.
func (c Condition) verdict(x, lo, hi float64, exact bool) Verdict {
	if exact {
		lo, hi = x, x
	}
	const eps = 1e-12
	t := c.X
	if c.AtMost { // x <= t is -x >= -t
		lo, hi, t = -hi, -lo, -t
	}
	switch {
	case lo >= t-eps:
		return Holds
	case hi < t-eps:
		return Fails
	}
	return Unsure
}

// MetricNames are the metrics of these outcomes and numeric results:
// each outcome, then mean:RESULT of each numeric result.
func MetricNames(outcomes, stats []string) []string {
	names := slices.Clone(outcomes)
	for _, s := range stats {
		names = append(names, "mean:"+s)
	}
	return names
}
