package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"odds/resolve"
	"odds/sim"
)

// sameAction reports whether two results belong to one sweep: the same
// action, matchup and cards, so that only their parameters differ.
func sameAction(a, b *report) bool {
	return a.System != "roll" && title(a) == title(b) // the title names all four
}

// renderSweep writes the results of one sweep as one table: a row per
// cell, the parameters that vary as the first columns, then each outcome's
// probability (its interval too with --intervals) and each numeric result's
// mean. Outcomes no cell can have are left out (exact answers only).
func renderSweep(ctx context.Context, w io.Writer, rs []*report, st textStyle) error {
	markdown, width := st.markdown, st.width
	first := rs[0]
	var vary, fixed []param
	for _, p := range first.Params {
		same := true
		for _, r := range rs[1:] {
			if q, ok := paramNamed(r.Params, p.Name); !ok || fmt.Sprint(q.Value) != fmt.Sprint(p.Value) {
				same = false
				break
			}
		}
		if same {
			fixed = append(fixed, p)
		} else {
			vary = append(vary, p)
		}
	}
	// Parameters some cells have and the first lacks vary too.
	for _, r := range rs[1:] {
		for _, p := range r.Params {
			if _, ok := paramNamed(first.Params, p.Name); !ok {
				if _, seen := paramNamed(vary, p.Name); !seen {
					vary = append(vary, p)
				}
			}
		}
	}
	t := title(first)
	if ps := paramLine(fixed); ps != "" {
		t += ": " + ps
	}
	t += fmt.Sprintf(" (%d results)", len(rs))
	if markdown {
		fmt.Fprintf(w, "### %s\n\n", t)
	} else {
		fmt.Fprintln(w, wrap(strings.Fields(t), " ", width, "  "))
	}

	var outcomes []string
	for i, o := range first.Summary.Outcomes {
		possible := !first.Exact
		for _, r := range rs {
			possible = possible || !r.Exact || r.Summary.Outcomes[i].P > 0
		}
		if possible {
			outcomes = append(outcomes, o.Name)
		}
	}
	// Headers wrap at spaces: kebab-case names are shown with spaces.
	spaced := func(name string) string { return strings.ReplaceAll(name, "-", " ") }
	header := make([]string, 0, len(vary)+len(outcomes)+len(first.Summary.Stats))
	for _, p := range vary {
		header = append(header, spaced(p.Name))
	}
	for _, o := range outcomes {
		header = append(header, spaced(o))
	}
	for _, s := range first.Summary.Stats {
		header = append(header, "mean "+spaced(s.Name))
	}
	rows := make([][]string, 0, len(rs))
	for _, r := range rs {
		if err := ctx.Err(); err != nil {
			return err
		}
		row := make([]string, 0, len(header))
		for _, p := range vary {
			v := ""
			if q, ok := paramNamed(r.Params, p.Name); ok {
				v = fmt.Sprint(q.Value)
			}
			row = append(row, v)
		}
		for _, name := range outcomes {
			o := outcomeNamed(r.Summary.Outcomes, name)
			cell := pct(o.P)
			if st.intervals && !r.Exact {
				cell += " (" + pct(o.Lo) + "–" + pct(o.Hi) + ")"
			}
			row = append(row, cell)
		}
		for _, s := range r.Summary.Stats {
			row = append(row, num(s.Mean))
		}
		rows = append(rows, row)
	}
	if err := table(w, markdown, width, header, rows); err != nil {
		return err
	}
	if markdown {
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w, wrap(strings.Split(sweepFooter(rs, st.intervals), ", "), ", ", width, "  "))
	return nil
}

func paramNamed(ps []param, name string) (param, bool) {
	for _, p := range ps {
		if p.Name == name {
			return p, true
		}
	}
	return param{}, false
}

func outcomeNamed(os []sim.Outcome, name string) sim.Outcome {
	for _, o := range os {
		if o.Name == name {
			return o
		}
	}
	return sim.Outcome{}
}

// sweepFooter says how the sweep's results were found, once for all.
func sweepFooter(rs []*report, intervals bool) string {
	var total time.Duration
	exact := 0
	for _, r := range rs {
		total += r.Elapsed
		exact += resolve.B2I(r.Exact)
	}
	first := rs[0]
	ci := "95% intervals with --intervals"
	if intervals {
		ci = "95% intervals in brackets"
	}
	switch {
	case exact == len(rs):
		return fmt.Sprintf("exact: all %d results, seed %d, %s in all", len(rs), first.Seed, elapsed(total))
	case exact == 0:
		return fmt.Sprintf("monte carlo: %s trials a result, %s, seed %d, %d workers, %s in all",
			group(first.Trials), ci, first.Seed, first.Workers, elapsed(total))
	}
	return fmt.Sprintf("%d results exact, %d by monte carlo, %s, seed %d, %s in all", exact, len(rs)-exact, ci, first.Seed, elapsed(total))
}
