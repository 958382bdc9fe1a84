package render

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"odds/cmd/internal/query"
	"odds/sim"
)

// A sequence of attacks on one target (--then): the target's state after
// each step, whether each step was made, with --until P(reached by step
// k) and not at all, and the steps used, in every format.

// SequenceWriters write the results of a sequence (question.Sequence),
// one a point, in each format.
var SequenceWriters = Writers[[]*result]{
	"table": func(ctx context.Context, w io.Writer, rs []*result, st Style) error {
		return sequenceText(ctx, w, rs, st)
	},
	"markdown": func(ctx context.Context, w io.Writer, rs []*result, st Style) error {
		st.Markdown = true
		return sequenceText(ctx, w, rs, st)
	},
	"csv": func(ctx context.Context, w io.Writer, rs []*result, _ Style) error {
		return sequenceCSV(ctx, w, rs)
	},
	"json": func(ctx context.Context, w io.Writer, rs []*result, st Style) error {
		return sequenceJSON(ctx, w, rs, st.Compact)
	},
}

// SequenceTitle names a sequence's result: its system, its steps' count
// and goal, its cards and the first step's parameters.
func SequenceTitle(r *result) string {
	s := r.Sequence
	t := fmt.Sprintf("%s: %d attacks on one target", r.System, len(s.Steps))
	if r.Matchup != "" {
		t = "matchup " + r.Matchup + ": " + t
	}
	for _, c := range r.Cards {
		if c.Name == "defender" || c.Name == "unit" {
			t += fmt.Sprintf(" (%v)", c.Value)
		}
	}
	if s.Until != "" {
		t += " until " + s.Until
	}
	return t
}

// seqStates are the names of the target's states any step of rs can
// leave it in, in the rules package's order.
func seqStates(rs []*result) []string {
	var cols columns
	for _, r := range rs {
		for _, after := range r.Sequence.After {
			for _, s := range after {
				cols.add(s.Name)
			}
		}
	}
	return cols.names
}

// seqCell is a probability as a sequence's table writes it: exact, or
// with its 95% interval's half-width.
func seqCell(r *result, iv sim.Interval) string {
	if r.Exact {
		return Pct(iv.P)
	}
	return Pct(iv.P) + " ±" + Pct((iv.Hi-iv.Lo)/2)
}

// sequenceText writes each result as its steps, then one table: a row a
// step, the target's state after it and whether it was made, and with a
// goal P(reached by it); then the steps used.
func sequenceText(ctx context.Context, w io.Writer, rs []*result, st Style) error {
	for i, r := range rs {
		if err := ctx.Err(); err != nil {
			return err
		}
		if i > 0 {
			fmt.Fprintln(w)
		}
		s := r.Sequence
		heading(w, SequenceTitle(r), st)
		for k, step := range s.Steps {
			line := fmt.Sprintf("step %d: %s", k+1, step)
			if st.Markdown {
				line = fmt.Sprintf("%d. `%s`", k+1, step)
			}
			fmt.Fprintln(w, Wrap(strings.Fields(line), " ", st.Width, "    "))
		}
		fmt.Fprintln(w)
		// A row a state, a column a step: a system's states are many
		// (symbol's marks), its steps few.
		states := seqStates([]*result{r})
		header := []string{"target's state"}
		for k := range s.After {
			header = append(header, "after "+strconv.Itoa(k+1))
		}
		var rows [][]string
		for _, name := range states {
			if seqNever(r, name) {
				continue
			}
			row := []string{name}
			for _, after := range s.After {
				j := slices.IndexFunc(after, func(x query.StateShare) bool { return x.Name == name })
				if j < 0 {
					row = append(row, "·")
					continue
				}
				row = append(row, seqCell(r, after[j].Interval))
			}
			rows = append(rows, row)
		}
		made := []string{"step made"}
		for k := range s.After {
			made = append(made, seqCell(r, s.Made[k]))
		}
		rows = append(rows, made)
		if s.Until != "" {
			reached := []string{"reached " + s.Until}
			for k := range s.After {
				reached = append(reached, seqCell(r, s.ByStep[k]))
			}
			rows = append(rows, reached)
		}
		if err := table(w, st.Markdown, st.Width, header, rows); err != nil {
			return err
		}
		if st.Markdown {
			fmt.Fprintln(w)
		}
		line := "steps made: " + Num(s.StepsUsed) + " on average (a step whose target is out of the fight is skipped)"
		if s.Until != "" {
			line = fmt.Sprintf("not reached within %d steps: %s; steps used, stopping once %s is reached: %s on average", len(s.Steps), seqCell(r, s.NotReached), s.Until, Num(s.StepsUsed))
		}
		fmt.Fprintln(w, Wrap(Phrases(line), " ", st.Width, "  "))
		if st.Markdown {
			fmt.Fprintln(w)
		}
		footnote(w, sequenceFooter(r), st)
	}
	return nil
}

// seqNever reports whether the target is never in state name after any
// step of r (an exact 0, or never seen).
func seqNever(r *result, name string) bool {
	for _, after := range r.Sequence.After {
		for _, x := range after {
			if x.Name == name && x.P > 0 {
				return false
			}
		}
	}
	return true
}

// sequenceFooter is footer's, an exact answer saying its chain.
func sequenceFooter(r *result) string {
	if r.Exact {
		return fmt.Sprintf("exact: a Markov chain over the target's states, step by step, %s", Elapsed(r.Elapsed))
	}
	return footer(r)
}

// sequenceCSV writes one row per result: the first step's inputs, each
// step as given (step_k), the goal, then per step k p_made_k and per
// state p_after_k_<state> (each with lo_ and hi_), p_by_k with a goal,
// p_not_reached, steps_used, trials, seed, exact.
func sequenceCSV(ctx context.Context, w io.Writer, rs []*result) error {
	var nameCols columns
	steps := 0
	for _, r := range rs {
		for _, p := range r.Inputs() {
			nameCols.add(p.Name)
		}
		steps = max(steps, len(r.Sequence.Steps))
	}
	names, states := nameCols.names, seqStates(rs)
	until := rs[0].Sequence.Until
	header := slices.Clone(names)
	for k := 1; k <= steps; k++ {
		header = append(header, fmt.Sprintf("step_%d", k))
	}
	header = append(header, "until")
	triple := func(p string) []string { return []string{"p_" + p, "lo_" + p, "hi_" + p} }
	for k := 1; k <= steps; k++ {
		header = append(header, triple(fmt.Sprintf("made_%d", k))...)
		for _, s := range states {
			header = append(header, triple(fmt.Sprintf("after_%d_%s", k, s))...)
		}
		if until != "" {
			header = append(header, triple(fmt.Sprintf("by_%d", k))...)
		}
	}
	if until != "" {
		header = append(header, triple("not_reached")...)
	}
	header = append(header, "steps_used", "trials", "seed", "exact")
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return err
	}
	f := func(x float64) string { return strconv.FormatFloat(round12(x), 'g', -1, 64) }
	ivText := func(iv sim.Interval) []string { return []string{f(iv.P), f(iv.Lo), f(iv.Hi)} }
	for _, r := range rs {
		if err := ctx.Err(); err != nil {
			return err
		}
		s := r.Sequence
		vals := map[string]string{}
		for _, p := range r.Inputs() {
			vals[p.Name] = fmt.Sprint(p.Value)
		}
		row := make([]string, 0, len(header))
		for _, name := range names {
			row = append(row, vals[name])
		}
		for k := range steps {
			text := ""
			if k < len(s.Steps) {
				text = s.Steps[k]
			}
			row = append(row, text)
		}
		row = append(row, s.Until)
		for k := range steps {
			if k >= len(s.After) {
				row = append(row, make([]string, 3*(1+len(states)+len(s.ByStep[:min(1, len(s.ByStep))])))...)
				continue
			}
			row = append(row, ivText(s.Made[k])...)
			for _, name := range states {
				j := slices.IndexFunc(s.After[k], func(x query.StateShare) bool { return x.Name == name })
				if j < 0 {
					row = append(row, "0", "0", "0")
					continue
				}
				row = append(row, ivText(s.After[k][j].Interval)...)
			}
			if until != "" {
				row = append(row, ivText(s.ByStep[k])...)
			}
		}
		if until != "" {
			row = append(row, ivText(s.NotReached)...)
		}
		row = append(row, f(s.StepsUsed), strconv.FormatInt(r.Trials, 10), strconv.FormatUint(r.Seed, 10), strconv.FormatBool(r.Exact))
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// jsonSequence is a sequence's figures in its JSON result ("sequence").
type jsonSequence struct {
	Until      string     `json:"until,omitempty"`
	Steps      []jsonStep `json:"steps"`
	NotReached *jsonP     `json:"not_reached,omitempty"` // with until
	StepsUsed  float64    `json:"steps_used"`
}

// jsonStep is one step: as given, P(made), the target's state after it,
// and with until P(reached by it).
type jsonStep struct {
	Step    string        `json:"step"`
	Made    jsonP         `json:"made"`
	States  []jsonOutcome `json:"states"`
	Reached *jsonP        `json:"reached,omitempty"`
}

// jsonSequenceResult is a result's JSON with its sequence.
type jsonSequenceResult struct {
	jsonResult
	Sequence *jsonSequence `json:"sequence"`
}

func newJSONSequence(r *result) *jsonSequence {
	s := r.Sequence
	js := &jsonSequence{Until: s.Until, StepsUsed: round12(s.StepsUsed)}
	for k, text := range s.Steps {
		step := jsonStep{Step: text, Made: newJSONP(0, s.Made[k])}
		for _, x := range s.After[k] {
			step.States = append(step.States, outcomeJSON(x.Name, x.Interval))
		}
		if s.Until != "" {
			p := newJSONP(0, s.ByStep[k])
			step.Reached = &p
		}
		js.Steps = append(js.Steps, step)
	}
	if s.Until != "" {
		p := newJSONP(0, s.NotReached)
		js.NotReached = &p
	}
	return js
}

// sequenceJSON writes {"kind": "sequence", "results": […]}, each result
// as once's with its "sequence".
func sequenceJSON(ctx context.Context, w io.Writer, rs []*result, compact bool) error {
	doc := struct {
		Kind    string               `json:"kind"`
		Results []jsonSequenceResult `json:"results"`
	}{Kind: "sequence", Results: []jsonSequenceResult{}}
	for _, r := range rs {
		if err := ctx.Err(); err != nil {
			return err
		}
		jr := newJSONResult(r)
		if r.Exact {
			jr.Trials, jr.Paths, jr.States = 0, 0, len(seqStates([]*result{r}))
		}
		doc.Results = append(doc.Results, jsonSequenceResult{jsonResult: jr, Sequence: newJSONSequence(r)})
	}
	return encodeJSON(w, doc, compact)
}
