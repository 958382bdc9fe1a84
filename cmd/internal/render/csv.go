package render

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"odds/sim"
)

func writeCSV(w io.Writer, rows [][]string) error {
	cw := csv.NewWriter(w)
	if err := cw.WriteAll(rows); err != nil {
		return err
	}
	return cw.Error()
}

func indentJSON(w io.Writer, data []byte) error {
	var b bytes.Buffer
	if err := json.Indent(&b, data, "", "  "); err != nil {
		return err
	}
	b.WriteByte('\n')
	_, err := w.Write(b.Bytes())
	return err
}

// renderCSV writes one row per result: system and action, the parameters,
// then p_, lo_ and hi_ per outcome, the numeric results, and the run.
func renderCSV(ctx context.Context, w io.Writer, reports []*report) error {
	if len(reports) == 1 && reports[0].System == "roll" {
		return rollCSV(ctx, w, reports[0])
	}
	cw := csv.NewWriter(w)
	var names, roles []string // unions of parameter names and card roles, in first-seen order
	seen, seenRole := map[string]bool{}, map[string]bool{}
	for _, r := range reports {
		for _, c := range r.Cards {
			if !seenRole[c.Name] {
				seenRole[c.Name] = true
				roles = append(roles, c.Name)
			}
		}
		for p := range r.EachParam() {
			if !seen[p.Name] {
				seen[p.Name] = true
				names = append(names, p.Name)
			}
		}
	}
	// Outcomes and stats differ between actions (odds run): the columns
	// are their union, in first-seen order, and a result leaves the
	// others empty.
	var outcomes, stats []string
	seenO, seenS := map[string]bool{}, map[string]bool{}
	numericO := map[string]bool{} // outcomes with ge_ and le_ columns
	countK := map[string]int{}    // counts: the largest k of their ge columns
	for _, r := range reports {
		for _, o := range r.Summary.Outcomes {
			if !seenO[o.Name] {
				seenO[o.Name] = true
				outcomes = append(outcomes, o.Name)
			}
			numericO[o.Name] = numericO[o.Name] || r.Summary.Numeric
		}
		for _, s := range r.Summary.Stats {
			if !seenS[s.Name] {
				seenS[s.Name] = true
				stats = append(stats, s.Name)
			}
			countK[s.Name] = max(countK[s.Name], len(s.AtLeast))
		}
	}
	head := []string{"system", "action"}
	if reports[0].Matchup != "" {
		head = append(head, "matchup")
	}
	head = append(head, roles...)
	head = append(head, names...)
	for _, o := range outcomes {
		head = append(head, "p_"+o, "lo_"+o, "hi_"+o)
		if numericO[o] {
			head = append(head, "ge_"+o, "le_"+o)
		}
	}
	for _, s := range stats {
		head = append(head, s+"_mean", s+"_sd", s+"_median", s+"_p5", s+"_p95")
		for k := 1; k <= countK[s]; k++ {
			head = append(head, fmt.Sprintf("%s_ge%d", s, k))
		}
	}
	head = append(head, "trials", "seed", "exact", "how")
	if err := cw.Write(head); err != nil {
		return err
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', 12, 64) }
	for _, r := range reports {
		if err := ctx.Err(); err != nil {
			return err
		}
		row := []string{r.System, r.Action}
		if reports[0].Matchup != "" {
			row = append(row, r.Matchup)
		}
		for _, role := range roles {
			v := ""
			if card, ok := paramNamed(r.Cards, role); ok {
				v = fmt.Sprint(card.Value)
			}
			row = append(row, v)
		}
		vals := map[string]string{}
		for p := range r.EachParam() {
			vals[p.Name] = fmt.Sprint(p.Value)
		}
		for _, n := range names {
			row = append(row, vals[n])
		}
		byName := map[string]sim.Outcome{}
		for _, o := range r.Summary.Outcomes {
			byName[o.Name] = o
		}
		for _, n := range outcomes {
			o, ok := byName[n]
			switch {
			case !ok:
				row = append(row, "", "", "")
			default:
				row = append(row, f(o.P), f(o.Lo), f(o.Hi))
			}
			switch {
			case !numericO[n]:
			case ok && r.Summary.Numeric:
				row = append(row, f(o.AtLeast.P), f(o.AtMost.P))
			default:
				row = append(row, "", "")
			}
		}
		statBy := map[string]sim.Stat{}
		for _, s := range r.Summary.Stats {
			statBy[s.Name] = s
		}
		for _, n := range stats {
			s, ok := statBy[n]
			if ok {
				row = append(row, f(s.Mean), f(s.SD), f(s.Median), f(s.P5), f(s.P95))
			} else {
				row = append(row, "", "", "", "", "")
			}
			for k := range countK[n] {
				if k < len(s.AtLeast) {
					row = append(row, f(s.AtLeast[k].P))
				} else {
					row = append(row, "")
				}
			}
		}
		row = append(row, strconv.FormatInt(r.Trials, 10), strconv.FormatUint(r.Seed, 10), strconv.FormatBool(r.Exact), r.How)
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// rollCSV is a roll's CSV: one row per value (a roll of many values was
// one row of hundreds of columns): the expression, the value, its
// probability and 95% interval, P(at least it) and P(at most it), then
// the run's trials, seed, exactness and method on every row.
func rollCSV(ctx context.Context, w io.Writer, r *report) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"expr", "value", "p", "lo", "hi", "ge", "le", "trials", "seed", "exact", "how"}); err != nil {
		return err
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', 12, 64) }
	expr := ""
	if p, ok := r.Param("expr"); ok {
		expr = fmt.Sprint(p.Value)
	}
	run := []string{strconv.FormatInt(r.Trials, 10), strconv.FormatUint(r.Seed, 10), strconv.FormatBool(r.Exact), r.How}
	for i, o := range r.Summary.Outcomes {
		if i%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		row := append([]string{expr, o.Name, f(o.P), f(o.Lo), f(o.Hi), f(o.AtLeast.P), f(o.AtMost.P)}, run...)
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
