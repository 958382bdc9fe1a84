package render

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"odds/resolve"
	"odds/sim"

	"odds/cmd/internal/query"
)

// sameAction reports whether two results belong to one sweep: the same
// action and matchup with cards in the same roles, so that only their
// parameters and card names differ (a roster of cards is a sweep).
func sameAction(a, b *result) bool {
	if a.System == "roll" || a.System != b.System || a.Action != b.Action || a.Matchup != b.Matchup || len(a.Cards) != len(b.Cards) {
		return false
	}
	for i := range a.Cards {
		if a.Cards[i].Name != b.Cards[i].Name {
			return false
		}
	}
	return true
}

// sweepTitle names a sweep: its action, matchup and the cards all its
// results share, then what (a matrix's figure) and the fixed parameters.
func sweepTitle(first *result, fixed []param, what string) string {
	t := first.System + " " + first.Action
	if first.Matchup != "" {
		t = "matchup " + first.Matchup + ": " + t
	}
	var ps []param
	for _, p := range fixed {
		if _, ok := paramNamed(first.Cards, p.Name); ok {
			t += fmt.Sprintf(" %s=%v", p.Name, p.Value)
		} else {
			ps = append(ps, p)
		}
	}
	rest := ParamLine(ps)
	switch {
	case what != "" && rest != "":
		return t + ": " + what + ", " + rest
	case what != "":
		return t + ": " + what
	case rest != "":
		return t + ": " + rest
	}
	return t
}

// fromCards reports whether a parameter comes from a card in every cell.
func fromCards(rs []*result, name string) bool {
	for _, r := range rs {
		if q, ok := r.Param(name); ok && !strings.Contains(q.Source, " card ") {
			return false
		}
	}
	return true
}

// dims splits a sweep's cards and parameters into those that vary from
// cell to cell (the first role or parameter varies slowest) and those
// that are the same in all; cards come first.
func dims(rs []*result) (vary, fixed []param, cards int) {
	first := rs[0].Inputs()
	for i, p := range first {
		same := true
		for _, r := range rs[1:] {
			if q, ok := r.Input(p.Name); !ok || !sameValue(q.Value, p.Value) {
				same = false
				break
			}
		}
		switch {
		case same:
			fixed = append(fixed, p)
		case i >= len(rs[0].Cards) && fromCards(rs, p.Name):
			// Read off the cards that vary: their columns stand for it.
		default:
			vary = append(vary, p)
			if i < len(rs[0].Cards) {
				cards++
			}
		}
	}
	// Parameters some cells have and the first lacks vary too.
	for _, r := range rs[1:] {
		for p := range r.EachParam() {
			if _, ok := paramNamed(first, p.Name); !ok && !fromCards(rs, p.Name) {
				if _, seen := paramNamed(vary, p.Name); !seen {
					vary = append(vary, p)
				}
			}
		}
	}
	return vary, fixed, cards
}

// sweepTables draws a sweep's header and rows (the varying parameters,
// then nOut outcome columns, then the means) as one table, or, where that
// is wider than the terminal even with its headers wrapped, as two: the
// outcomes, then the means, each beside the varying parameters.
func sweepTables(w io.Writer, markdown bool, width, nVary, nOut int, header []string, rows [][]string) error {
	split := nVary + nOut
	if markdown || split == len(header) || boxWidth(fitHeader(header, rows), rows) <= width {
		return table(w, markdown, width, header, rows)
	}
	cols := func(cells []string, from int) []string {
		return append(append([]string{}, cells[:nVary]...), cells[from:]...)
	}
	// A part's rows are the varying columns and those of lo..hi: the
	// first part's are a prefix of each row, the second's are copied into
	// one slab.
	part := func(lo, hi int) ([]string, [][]string) {
		h := cols(header[:hi], lo)
		rs := make([][]string, len(rows))
		if lo == nVary {
			for i, r := range rows {
				rs[i] = r[:hi:hi]
			}
			return h, rs
		}
		n := nVary + hi - lo
		slab := make([]string, 0, len(rows)*n)
		for i, r := range rows {
			slab = append(append(slab, r[:nVary]...), r[lo:hi]...)
			rs[i] = slab[len(slab)-n : len(slab) : len(slab)]
		}
		return h, rs
	}
	h, rs := part(nVary, split)
	if err := table(w, markdown, width, h, rs); err != nil {
		return err
	}
	h, rs = part(split, len(header))
	return table(w, markdown, width, h, rs)
}

// renderSweep writes the results of one sweep as one table: a row per
// cell, the parameters that vary as the first columns, then each outcome's
// probability (its interval too with --intervals) and each numeric result's
// mean. Outcomes no cell can have are left out (exact answers only).
func renderSweep(ctx context.Context, w io.Writer, rs []*result, st Style) error {
	markdown, width := st.Markdown, st.Width
	first := rs[0]
	vary, fixed, _ := dims(rs)
	t := sweepTitle(first, fixed, "") + fmt.Sprintf(" (%d results)", len(rs))
	heading(w, t, st)

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
	// The rows' cells are carved from one slab; a sweep's cells repeat
	// (its points share summaries), so each distinct figure is written once.
	rows := make([][]string, 0, len(rs))
	cells := make([]string, 0, len(rs)*len(header))
	pct, num := memo(Pct), memo(Num)
	for i, r := range rs {
		if i%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		from := len(cells)
		for _, p := range vary {
			v := ""
			if q, ok := r.Input(p.Name); ok {
				v = show(q.Value)
			}
			cells = append(cells, v)
		}
		for _, name := range outcomes {
			o := outcomeNamed(r.Summary.Outcomes, name)
			cell := pct(o.P)
			if st.Intervals && !r.Exact {
				cell += " (" + pct(o.Lo) + "–" + pct(o.Hi) + ")"
			}
			cells = append(cells, cell)
		}
		for _, s := range r.Summary.Stats {
			cells = append(cells, num(s.Mean))
		}
		rows = append(rows, cells[from:len(cells):len(cells)])
	}
	if err := sweepTables(w, markdown, width, len(vary), len(outcomes), header, rows); err != nil {
		return err
	}
	if markdown {
		fmt.Fprintln(w)
	}
	footnote(w, sweepFooter(rs, st.Intervals), st)
	return nil
}

// sameValue reports whether two inputs' values print alike.
func sameValue(a, b any) bool {
	switch a.(type) {
	case int, bool, string:
		if a == b {
			return true
		}
	}
	return fmt.Sprint(a) == fmt.Sprint(b)
}

// show prints an input's value as fmt.Sprint does.
func show(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int:
		return strconv.Itoa(x)
	case bool:
		return strconv.FormatBool(x)
	}
	return fmt.Sprint(v)
}

// memo is f remembering its answers, up to a bound: a sweep's figures
// repeat from row to row.
func memo(f func(float64) string) func(float64) string {
	seen := map[float64]string{}
	return func(x float64) string {
		if s, ok := seen[x]; ok {
			return s
		}
		s := f(x)
		if len(seen) < 1<<14 {
			seen[x] = s
		}
		return s
	}
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
func sweepFooter(rs []*result, intervals bool) string {
	var total time.Duration
	exact := 0
	least, most := int64(0), int64(0) // the Monte Carlo results' trials
	for _, r := range rs {
		total += r.Elapsed
		exact += resolve.B2I(r.Exact)
		if !r.Exact {
			if least == 0 || r.Trials < least {
				least = r.Trials
			}
			most = max(most, r.Trials)
		}
	}
	first := rs[0]
	ci := "95% intervals with --intervals"
	if intervals {
		ci = "95% intervals in brackets"
	}
	trials := query.Group(most) + " trials a result"
	if least != most { // --precision runs each result as long as it needs
		trials = query.Group(least) + " to " + query.Group(most) + " trials a result"
	}
	note := PrecisionNote(first.Precision, first.Ceiling, most)
	switch {
	case exact == len(rs):
		return fmt.Sprintf("exact: all %d results, %s in all", len(rs), Elapsed(total))
	case exact == 0:
		return fmt.Sprintf("monte carlo: %s, %s, seed %d, %d workers, %s in all%s",
			trials, ci, first.Seed, first.Workers, Elapsed(total), note)
	}
	return fmt.Sprintf("%d results exact, %d by monte carlo, %s, seed %d, %s in all%s", exact, len(rs)-exact, ci, first.Seed, Elapsed(total), note)
}
