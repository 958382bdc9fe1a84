package render

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"odds/cmd/internal/query"
	"odds/resolve"
)

// Several engagements (a sweep of either side's flags, a roster of
// cards): one compact table, a row an engagement, or, when only the two
// sides' cards vary, a matrix of one figure (--metric), A's cards down
// and B's across: the heat map designers balance with.

// EngageMetrics are the figures --metric may name for engagements, the
// first the default: an outcome, mean rounds, points traded, or an
// outcome per 100 points (Per100).
var EngageMetrics = []string{"a-wins", "b-wins", "both-out", "neither", "mean-rounds", "points-traded",
	"a-wins" + Per100, "b-wins" + Per100, "both-out" + Per100, "neither" + Per100}

// Per100 ends the name of an outcome per 100 points: P(A wins) per 100
// of A's points (a-wins-per-100), P(B wins) per 100 of B's, both out and
// neither per 100 of the two sides' points together. Every engagement's
// two cards need points (query.CheckEngagePoints).
const Per100 = "-per-100"

// IsPer100 says whether metric is an outcome per 100 points.
func IsPer100(metric string) bool { return strings.HasSuffix(metric, Per100) }

// CheckEngageMetric refuses a --metric engagements do not have.
func CheckEngageMetric(metric string) error {
	if metric == "" || slices.Contains(EngageMetrics, metric) {
		return nil
	}
	return flagErrorf("metric", "", "--metric: an engagement's figures are %v, got %q", EngageMetrics, metric)
}

// engageFigure is the figure named metric of e.
func engageFigure(e *engagement, metric string) float64 {
	if base, ok := strings.CutSuffix(metric, Per100); ok {
		points := e.A.Points + e.B.Points
		switch base {
		case "a-wins":
			points = e.A.Points
		case "b-wins":
			points = e.B.Points
		}
		return 100 * engageFigure(e, base) / points
	}
	switch metric {
	case "b-wins":
		return e.BWins.P
	case "both-out":
		return e.Both.P
	case "neither":
		return e.Neither.P
	case "mean-rounds":
		return e.MeanRounds
	case "points-traded":
		return e.Traded
	}
	return e.AWins.P
}

func engageFigureText(x float64, metric string) string {
	switch {
	case math.IsNaN(x):
		return "–"
	case metric == "mean-rounds" || IsPer100(metric):
		return Num(x)
	case metric == "points-traded":
		return SignedNum(x)
	}
	return Pct(x)
}

// sideInputs are a side's cards and parameters, prefixed with its name.
func sideInputs(prefix string, s query.Side) []query.Input {
	var out []query.Input
	for _, in := range append(slices.Clip(s.Cards), s.Params...) {
		in.Name = prefix + in.Name
		out = append(out, in)
	}
	return out
}

// varying are the inputs of the engagements that differ between them, in
// order (A's first): flags and each side's own card (its attacker); the
// values its cards fill and its defender card, the other side's own,
// follow from them.
func varying(es []*engagement) []string {
	var names []string
	first := map[string]string{}
	differs := map[string]bool{}
	for _, e := range es {
		for _, in := range append(sideInputs("a:", e.A), sideInputs("b:", e.B)...) {
			if strings.Contains(in.Source, " card ") || strings.HasSuffix(in.Name, ":defender") {
				continue
			}
			v := fmt.Sprint(in.Value)
			if old, ok := first[in.Name]; !ok {
				first[in.Name] = v
				names = append(names, in.Name)
			} else if old != v {
				differs[in.Name] = true
			}
		}
	}
	var out []string
	for _, n := range names {
		if differs[n] {
			out = append(out, n)
		}
	}
	return out
}

func inputOf(e *engagement, name string) string {
	for _, in := range append(sideInputs("a:", e.A), sideInputs("b:", e.B)...) {
		if in.Name == name {
			return fmt.Sprint(in.Value)
		}
	}
	return ""
}

// engageMany writes several engagements as one table (or a matrix).
func engageMany(ctx context.Context, w io.Writer, es []*engagement, st Style) error {
	vary := varying(es)
	metric := st.Metric
	if metric == "" {
		metric = EngageMetrics[0]
	}
	title := "engagements: A " + es[0].A.System + " " + es[0].A.Action + " — B " + es[0].B.System + " " + es[0].B.Action + " — " + EngageOrder(es[0])
	if len(vary) == 2 && vary[0] == "a:attacker" && vary[1] == "b:attacker" {
		heading(w, title+": "+metric+", A's card down, B's across", st)
		var rows, cols []string
		cell := map[[2]string]string{}
		for _, e := range es {
			r, c := inputOf(e, "a:attacker"), inputOf(e, "b:attacker")
			if !slices.Contains(rows, r) {
				rows = append(rows, r)
			}
			if !slices.Contains(cols, c) {
				cols = append(cols, c)
			}
			cell[[2]string{r, c}] = engageFigureText(engageFigure(e, metric), metric)
		}
		var body [][]string
		for _, r := range rows {
			row := []string{r}
			for _, c := range cols {
				row = append(row, cell[[2]string{r, c}])
			}
			body = append(body, row)
		}
		if err := table(w, st.Markdown, st.Width, append([]string{"A \\ B"}, cols...), body); err != nil {
			return err
		}
	} else {
		heading(w, title, st)
		head := slices.Clone(vary)
		head = append(head, "A wins", "B wins")
		simul := es[0].Spec.Simultaneous
		if simul {
			head = append(head, "both out")
		}
		head = append(head, "neither", "mean rounds")
		points := !math.IsNaN(es[0].Traded)
		if points {
			head = append(head, "points traded")
		}
		per100 := IsPer100(metric)
		if per100 {
			head = append(head, metric)
		}
		var body [][]string
		for _, e := range es {
			if err := ctx.Err(); err != nil {
				return err
			}
			var row []string
			for _, n := range vary {
				row = append(row, inputOf(e, n))
			}
			row = append(row, Pct(e.AWins.P), Pct(e.BWins.P))
			if simul {
				row = append(row, Pct(e.Both.P))
			}
			row = append(row, Pct(e.Neither.P), meanText(e.MeanRounds))
			if points {
				row = append(row, engageFigureText(e.Traded, "points-traded"))
			}
			if per100 {
				row = append(row, engageFigureText(engageFigure(e, metric), metric))
			}
			body = append(body, row)
		}
		if err := table(w, st.Markdown, st.Width, head, body); err != nil {
			return err
		}
	}
	if st.Markdown {
		fmt.Fprintln(w)
	}
	exact := 0
	for _, e := range es {
		exact += resolve.B2I(e.Exact)
	}
	foot := fmt.Sprintf("%d engagements, each exact: a Markov chain over both sides' states", len(es))
	if exact < len(es) {
		foot = fmt.Sprintf("%d engagements, %d of them by monte carlo: %s engagements each, seed %d; csv and json give every interval", len(es), len(es)-exact, query.Group(es[0].Trials), es[0].Seed)
	}
	footnote(w, foot, st)
	return nil
}
