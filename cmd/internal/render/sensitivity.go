package render

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"odds/cmd/internal/query"
)

// SensitivityWriters write --sensitivity's changes (question.Sensitivity)
// in each format.
var SensitivityWriters = Writers[[]*sensitivity]{
	"table": func(ctx context.Context, w io.Writer, ss []*sensitivity, st Style) error {
		return sensitivityText(ctx, w, ss, Style{Width: st.Width})
	},
	"markdown": func(ctx context.Context, w io.Writer, ss []*sensitivity, st Style) error {
		return sensitivityText(ctx, w, ss, Style{Markdown: true, Width: st.Width})
	},
	"csv": func(_ context.Context, w io.Writer, ss []*sensitivity, _ Style) error { return sensitivityCSV(w, ss) },
	"json": func(ctx context.Context, w io.Writer, ss []*sensitivity, st Style) error {
		return sensitivityJSON(ctx, w, ss, st.Compact)
	},
}

// --sensitivity: a table per point, a row per change (largest first);
// CSV a row per change; JSON one record per point; --plot a tornado.

type sensitivity = query.Sensitivity

// changeText is a change as a reader reads it: "hesa 3→4", "cover
// none→hard", "smoke on".
func changeText(c query.Change) string {
	switch {
	case c.From == "false" && c.To == "true":
		return c.Param + " on"
	case c.From == "true" && c.To == "false":
		return c.Param + " off"
	}
	return c.Param + " " + c.From + "→" + c.To
}

// signedMetric is a change of metric m with its sign.
func signedMetric(m query.Metric, x float64) string {
	if m.Mean {
		return SignedNum(x)
	}
	return SignedPct(x)
}

func sensitivityTitle(s *sensitivity) string {
	t := withParams(Title(s.Base), s.Base)
	x, _, _ := s.Metric.Of(s.Base)
	return t + " — sensitivity of " + s.Metric.Label() + " (" + metricText(s.Metric, x) + ")"
}

func sensitivityFooter(s *sensitivity) string {
	if s.Exact {
		return "exact: each flag changed alone, * the change moves the figure"
	}
	return fmt.Sprintf("paired monte carlo: %s trials a side on common dice (the same seed), seed %d, * the interval excludes 0",
		query.Group(s.Trials), s.Base.Seed)
}

// sensitivityText writes a table per point.
func sensitivityText(ctx context.Context, w io.Writer, ss []*sensitivity, st Style) error {
	for i, s := range ss {
		if err := ctx.Err(); err != nil {
			return err
		}
		if i > 0 {
			fmt.Fprintln(w)
		}
		t := sensitivityTitle(s)
		heading(w, t, st)
		var rows [][]string
		var refused []string
		for _, c := range s.Changes {
			if c.Skipped != "" {
				refused = append(refused, changeText(c)+" ("+c.Skipped+")")
				continue
			}
			ci := "exact"
			if !s.Exact {
				ci = signedMetric(s.Metric, c.Lo) + " – " + signedMetric(s.Metric, c.Hi)
			}
			mark := ""
			if c.Significant {
				mark = "*"
			}
			rows = append(rows, []string{changeText(c), metricText(s.Metric, c.B), signedMetric(s.Metric, c.D), ci, mark})
		}
		if len(rows) == 0 {
			fmt.Fprintln(w, "no flag to change: the action has no modifier at this point")
		} else if err := table(w, st.Markdown, st.Width, []string{"change", s.Metric.Label(), "change in it", "95% ci", ""}, rows); err != nil {
			return err
		}
		if st.Markdown {
			fmt.Fprintln(w)
		}
		for _, r := range refused {
			fmt.Fprintln(w, Wrap(strings.Fields("does not apply: "+r), " ", st.Width, "  "))
		}
		footnote(w, sensitivityFooter(s), st)
	}
	return nil
}

// sensitivityCSV writes a row per change: the point's inputs, the change
// and its figures.
func sensitivityCSV(w io.Writer, ss []*sensitivity) error {
	cw := csv.NewWriter(w)
	first := ss[0].Base
	head := []string{"system", "action"}
	for _, c := range first.Cards {
		head = append(head, c.Name)
	}
	for p := range first.EachParam() {
		head = append(head, p.Name)
	}
	head = append(head, "metric", "flag", "from", "to", "a", "b", "d", "dlo", "dhi", "significant", "does_not_apply", "exact", "trials", "seed")
	if err := cw.Write(head); err != nil {
		return err
	}
	g := func(x float64) string { return strconv.FormatFloat(round12(x), 'g', 12, 64) }
	for _, s := range ss {
		pre := []string{s.Base.System, s.Base.Action}
		for _, c := range s.Base.Cards {
			pre = append(pre, fmt.Sprint(c.Value))
		}
		for p := range s.Base.EachParam() {
			pre = append(pre, fmt.Sprint(p.Value))
		}
		for _, c := range s.Changes {
			row := append(append([]string{}, pre...), s.Metric.String(), c.Param, c.From, c.To)
			if c.Skipped != "" {
				row = append(row, "", "", "", "", "", "", c.Skipped)
			} else {
				row = append(row, g(c.A), g(c.B), g(c.D), g(c.Lo), g(c.Hi), strconv.FormatBool(c.Significant), "")
			}
			row = append(row, strconv.FormatBool(s.Exact), strconv.FormatInt(s.Trials, 10), strconv.FormatUint(s.Base.Seed, 10))
			if err := cw.Write(row); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// sensitivityJSON writes {"sensitivities": [...]}: per point its result
// (as a run's JSON gives it), the metric and the changes, largest first.
func sensitivityJSON(ctx context.Context, w io.Writer, ss []*sensitivity, compact bool) error {
	type jsonChange struct {
		Flag        string      `json:"flag"`
		From        string      `json:"from"`
		To          string      `json:"to"`
		A           *float64    `json:"a,omitempty"`
		B           *float64    `json:"b,omitempty"`
		Diff        *float64    `json:"diff,omitempty"`
		CI95        *[2]float64 `json:"ci95,omitempty"`
		Significant bool        `json:"significant"`
		Skipped     string      `json:"does_not_apply,omitempty"`
	}
	type jsonSens struct {
		Metric  string       `json:"metric"`
		Exact   bool         `json:"exact"`
		Trials  int64        `json:"trials"`
		Result  jsonResult   `json:"result"`
		Changes []jsonChange `json:"changes"`
	}
	doc := struct {
		Kind          string     `json:"kind"`
		Sensitivities []jsonSens `json:"sensitivities"`
	}{Kind: "sensitivity"}
	for _, s := range ss {
		if err := ctx.Err(); err != nil {
			return err
		}
		js := jsonSens{Metric: s.Metric.String(), Exact: s.Exact, Trials: s.Trials, Result: newJSONResult(s.Base), Changes: []jsonChange{}}
		for _, c := range s.Changes {
			jc := jsonChange{Flag: c.Param, From: c.From, To: c.To, Skipped: c.Skipped}
			if c.Skipped == "" {
				a, b, d := round12(c.A), round12(c.B), round12(c.D)
				ci := [2]float64{round12(c.Lo), round12(c.Hi)}
				jc.A, jc.B, jc.Diff, jc.CI95, jc.Significant = &a, &b, &d, &ci, c.Significant
			}
			js.Changes = append(js.Changes, jc)
		}
		doc.Sensitivities = append(doc.Sensitivities, js)
	}
	return encodeJSON(w, doc, compact)
}
