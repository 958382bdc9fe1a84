package render

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"

	"odds/sim"
)

// Repeated attacks (--until OUTCOME --attacks N): P(OUTCOME reached by
// attack k), the mean attacks of the chains that reach it, and the
// target's state after the attacks, in every format.

// chained reports whether the results are repeated attacks.
func chained(rs []*result) bool { return len(rs) > 0 && rs[0].Chain != nil }

// meanLabel names the conditional mean in every format.
const meanLabel = "mean attacks when reached within %d (E[T | T <= %d])"

// ciText is an interval as tables write it: "exact" for an exact
// answer's.
func ciText(exact bool, iv sim.Interval) string {
	if exact {
		return "exact"
	}
	return Pct(iv.Lo) + " – " + Pct(iv.Hi)
}

// meanText is the conditional mean, or "never" when no chain reaches.
func meanText(x float64) string {
	if math.IsNaN(x) {
		return "never reached"
	}
	return Num(x)
}

// chainText writes each chained result as two tables (box or markdown):
// P(reached by attack k), then the state after the attacks.
func chainText(ctx context.Context, w io.Writer, rs []*result, st Style) error {
	for i, r := range rs {
		if err := ctx.Err(); err != nil {
			return err
		}
		if i > 0 {
			fmt.Fprintln(w)
		}
		c := r.Chain
		title := withParams(Title(r)+fmt.Sprintf(" until %s, up to %d attacks", c.Until, c.Attacks), r)
		heading(w, title, st)
		var rows [][]string
		for k, iv := range c.ByAttack {
			rows = append(rows, []string{"by attack " + strconv.Itoa(k+1), Pct(iv.P), ciText(r.Exact, iv)})
		}
		if err := barTable(w, st, []string{"reached " + c.Until, "p", "95% ci", ""}, rows, c.ByAttack); err != nil {
			return err
		}
		if st.Markdown {
			fmt.Fprintln(w)
		}
		line := fmt.Sprintf("not reached within %d: %s; "+meanLabel+": %s", c.Attacks, Pct(c.NotReached.P), c.Attacks, c.Attacks, meanText(c.MeanIfReached))
		fmt.Fprintln(w, Wrap(Phrases(line), " ", st.Width, "  "))
		if st.Markdown {
			fmt.Fprintln(w)
		}
		rows, ivs := nil, []sim.Interval(nil)
		for _, s := range c.States {
			if s.P == 0 { // unreachable (exact) or never seen (Monte Carlo)
				continue
			}
			rows = append(rows, []string{s.Name, Pct(s.P), ciText(r.Exact, s.Interval)})
			ivs = append(ivs, s.Interval)
		}
		if err := barTable(w, st, []string{fmt.Sprintf("state after %d attacks", c.Attacks), "p", "95% ci", ""}, rows, ivs); err != nil {
			return err
		}
		if st.Markdown {
			fmt.Fprintln(w)
		}
		footnote(w, footer(r), st)
	}
	return nil
}

// barTable writes rows with a bar each, scaled to the largest p.
func barTable(w io.Writer, st Style, header []string, rows [][]string, ivs []sim.Interval) error {
	top := 0.0
	for _, iv := range ivs {
		top = max(top, iv.P)
	}
	bw := maxBar
	if !st.Markdown && len(rows) > 0 {
		bw = barFits(append(slices.Clip(rows), header[:len(header)-1]), st.Width)
	}
	for i := range rows {
		rows[i] = append(rows[i], bar(ivs[i].P, top, bw))
	}
	return table(w, st.Markdown, st.Width, header, rows)
}

// chainCSV writes one row per result: its inputs, then per attack k
// by_k (with lo_by_k, hi_by_k), not_reached, the conditional mean, and
// per state state_<name> (the union of the results' states).
func chainCSV(ctx context.Context, w io.Writer, rs []*result) error {
	var nameCols, stateCols columns
	for _, r := range rs {
		for _, p := range r.Inputs() {
			nameCols.add(p.Name)
		}
		for _, s := range r.Chain.States {
			stateCols.add(s.Name)
		}
	}
	names, states := nameCols.names, stateCols.names
	n := rs[0].Chain.Attacks
	header := append(slices.Clone(names), "until", "attacks")
	for k := 1; k <= n; k++ {
		header = append(header, fmt.Sprintf("p_by_%d", k), fmt.Sprintf("lo_by_%d", k), fmt.Sprintf("hi_by_%d", k))
	}
	header = append(header, "p_not_reached", "mean_attacks_if_reached")
	for _, s := range states {
		header = append(header, "p_state_"+s, "lo_state_"+s, "hi_state_"+s)
	}
	header = append(header, "trials", "seed", "exact")
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return err
	}
	f := func(x float64) string { return strconv.FormatFloat(round12(x), 'g', -1, 64) }
	for _, r := range rs {
		if err := ctx.Err(); err != nil {
			return err
		}
		vals := map[string]string{}
		for _, p := range r.Inputs() {
			vals[p.Name] = fmt.Sprint(p.Value)
		}
		row := make([]string, 0, len(header))
		for _, name := range names {
			row = append(row, vals[name])
		}
		c := r.Chain
		row = append(row, c.Until, strconv.Itoa(c.Attacks))
		for _, iv := range c.ByAttack {
			row = append(row, f(iv.P), f(iv.Lo), f(iv.Hi))
		}
		mean := ""
		if !math.IsNaN(c.MeanIfReached) {
			mean = f(c.MeanIfReached)
		}
		row = append(row, f(c.NotReached.P), mean)
		byName := map[string]sim.Interval{}
		for _, s := range c.States {
			byName[s.Name] = s.Interval
		}
		for _, s := range states {
			iv := byName[s]
			row = append(row, f(iv.P), f(iv.Lo), f(iv.Hi))
		}
		row = append(row, strconv.FormatInt(r.Trials, 10), strconv.FormatUint(r.Seed, 10), strconv.FormatBool(r.Exact))
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// jsonChain is a chained result's figures in its JSON result ("chain").
type jsonChain struct {
	Until      string        `json:"until"`
	Attacks    int           `json:"attacks"`
	ByAttack   []jsonP       `json:"by_attack"` // P(reached by attack k), k = 1..attacks
	NotReached jsonP         `json:"not_reached"`
	Mean       *float64      `json:"mean_attacks_if_reached"` // E[T | T <= attacks]; null if never reached
	States     []jsonOutcome `json:"states"`                  // after the attacks
}

func newJSONChain(r *result) *jsonChain {
	c := r.Chain
	if c == nil {
		return nil
	}
	jc := &jsonChain{Until: c.Until, Attacks: c.Attacks, NotReached: newJSONP(0, c.NotReached)}
	for k, iv := range c.ByAttack {
		jc.ByAttack = append(jc.ByAttack, newJSONP(k+1, iv))
	}
	if !math.IsNaN(c.MeanIfReached) {
		m := round12(c.MeanIfReached)
		jc.Mean = &m
	}
	for _, s := range c.States {
		jc.States = append(jc.States, outcomeJSON(s.Name, s.Interval))
	}
	return jc
}
