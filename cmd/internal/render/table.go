package render

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"odds/sim"

	"odds/cmd/internal/query"
)

// Bars are at most maxBar characters, and shrink to fit the width down to
// minBar.
const (
	maxBar = 30
	minBar = 8
)

// bar draws p as a bar scaled so that the likeliest outcome fills width.
func bar(p, top float64, width int) string {
	if top <= 0 || p <= 0 {
		return ""
	}
	eighths := int(math.Round(p / top * float64(width) * 8))
	parts := []string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}
	s := strings.Repeat("█", eighths/8) + parts[eighths%8]
	if s == "" {
		s = "▏"
	}
	return s
}

// Style is how output is laid out: table and markdown, and JSON's
// indentation.
type Style struct {
	Markdown  bool
	Width     int    // columns to fit
	Intervals bool   // sweeps show each probability's 95% interval
	Metric    string // the figure of a roster matrix ("": the first outcome)
	AllRows   bool   // a roll's table shows its negligible tails value by value
	// Compact writes a JSON document on one line, as json.Compact has
	// the indented one (no newline after it): odds batch's lines and the
	// page engine's replies, written so rather than indented and then
	// compacted.
	Compact bool
}

// renderText writes the reports as box tables fitted to width, or as
// markdown: a sweep (several results of one action in a row) as one
// compact table, a single result in full.
func renderText(ctx context.Context, w io.Writer, reports []*result, st Style) error {
	for i := 0; i < len(reports); {
		if err := ctx.Err(); err != nil {
			return err
		}
		if i > 0 {
			fmt.Fprintln(w)
		}
		j := i + 1
		for j < len(reports) && sameAction(reports[i], reports[j]) {
			j++
		}
		var err error
		m, isMatrix := matrixOf(reports[i:j])
		switch {
		case isMatrix:
			fig := defaultMetric(reports[i:j])
			if st.Metric != "" {
				fig = parseMetric(st.Metric)
			}
			err = renderMatrix(ctx, w, reports[i:j], m, fig, st)
		case j-i > 1:
			err = renderSweep(ctx, w, reports[i:j], st)
		default:
			err = renderResult(w, reports[i], st)
		}
		if err != nil {
			return err
		}
		i = j
	}
	return nil
}

// title names a result: its system, action, matchup and cards.
func Title(r *result) string {
	t := r.System + " " + r.Action
	if r.System == "roll" {
		t = "roll"
	}
	if r.Matchup != "" {
		t = "matchup " + r.Matchup + ": " + t
	}
	for _, c := range r.Cards {
		t += fmt.Sprintf(" %s=%v", c.Name, c.Value)
	}
	return t
}

// withParams is title t followed by r's parameters after a colon, when
// it has any: the heading of every single-result table and figure.
func withParams(t string, r *result) string {
	if ps := ParamLine(r.Params()); ps != "" {
		return t + ": " + ps
	}
	return t
}

// heading writes a table's title: a markdown heading, or wrapped to the
// width above a box table.
func heading(w io.Writer, t string, st Style) {
	if st.Markdown {
		fmt.Fprintf(w, "### %s\n\n", t)
	} else {
		fmt.Fprintln(w, Wrap(strings.Fields(t), " ", st.Width, "  "))
	}
}

// footnote writes a table's footer, its comma-separated parts wrapped to
// the width.
func footnote(w io.Writer, t string, st Style) {
	fmt.Fprintln(w, Wrap(strings.Split(t, ", "), ", ", st.Width, "  "))
}

// renderResult writes one result in full: its outcomes with intervals and
// bars, its numeric results, the counts' P(at least k), and the footer.
func renderResult(w io.Writer, r *result, st Style) error {
	markdown, width := st.Markdown, st.Width
	title := withParams(Title(r), r)
	heading(w, title, st)
	outcomes := r.Summary.Outcomes
	if r.System == "roll" {
		outcomes = rollRows(outcomes, r.Trials, r.Exact, !st.AllRows)
	} else if r.Exact {
		outcomes = possible(outcomes)
	}
	top := 0.0
	for _, o := range outcomes {
		top = max(top, o.P)
	}
	header := []string{"outcome", "p", "95% ci", ""}
	if r.Summary.Numeric {
		header = []string{"outcome", "p", "95% ci", "p ≥", "p ≤", ""}
	}

	rows := make([][]string, 0, len(outcomes))
	for _, o := range outcomes {
		ci := Pct(o.Lo) + " – " + Pct(o.Hi)
		if r.Exact {
			ci = "exact"
		}
		row := []string{o.Name, Pct(o.P), ci}
		if r.Summary.Numeric {
			row = append(row, Pct(o.AtLeast.P), Pct(o.AtMost.P))
		}
		rows = append(rows, row)
	}
	bw := maxBar
	if !markdown && len(rows) > 0 {
		bw = barFits(append(slices.Clip(rows), header[:len(header)-1]), width)
	}
	for i, o := range outcomes {
		rows[i] = append(rows[i], bar(o.P, top, bw))
	}
	if err := table(w, markdown, width, header, rows); err != nil {
		return err
	}
	writeNotes(w, r.Notes, r.Note, outcomes, markdown, width)
	var stats, events [][]string
	statHeader := "result"
	for _, s := range r.Summary.Stats {
		switch {
		case s.SD == 0 && (r.Exact || !s.Flag):
			continue // a constant (an input, as --uphill's DRM, or a flag that cannot be raised here)
		case s.Flag && len(s.AtLeast) > 0:
			continue // a count of at most 1: its "≥ 1" row below says it
		case s.Flag && isOutcome(s, outcomes, r.Summary.Numeric):
			continue // the outcomes are this 0/1 value ('(2d6+1)>=8'): its row "1" says it
		case s.Flag: // 0 or 1: its mean is its probability, the rest says nothing
			ci := "exact"
			if !r.Exact {
				iv := sim.WilsonInterval(uint64(math.Round(s.Mean*float64(r.Trials))), r.Trials)
				ci = Pct(iv.Lo) + " – " + Pct(iv.Hi)
			}
			events = append(events, []string{s.Name, Pct(s.Mean), ci})
		default:
			if s.Name == statHeader {
				statHeader = "number" // not "result │ result"
			}
			stats = append(stats, []string{s.Name, Num(s.Mean), Num(s.SD), Num(s.Median), Num(s.P5), Num(s.P95)})
		}
	}
	for _, t := range []struct {
		header []string
		rows   [][]string
	}{{[]string{statHeader, "mean", "sd", "median", "p5", "p95"}, stats}, {[]string{"event", "p", "95% ci"}, events}} {
		if len(t.rows) == 0 {
			continue
		}
		if markdown {
			fmt.Fprintln(w)
		}
		if err := table(w, markdown, width, t.header, t.rows); err != nil {
			return err
		}
	}
	if rows := atLeastRows(r); len(rows) > 0 {
		if markdown {
			fmt.Fprintln(w)
		}
		if err := table(w, markdown, width, []string{"at least", "p", "95% ci"}, rows); err != nil {
			return err
		}
	}
	if markdown {
		fmt.Fprintln(w)
	}
	footnote(w, footer(r), st)
	return nil
}

// isOutcome reports whether the 0/1 result s is what the numeric
// outcomes are: outcomes 0 and 1 only, the row "1" with s's probability.
func isOutcome(s sim.Stat, outs []sim.Outcome, numeric bool) bool {
	if !numeric {
		return false
	}
	p1 := 0.0
	for _, o := range outs {
		switch o.Name {
		case "0":
		case "1":
			p1 = o.P
		default:
			return false
		}
	}
	return math.Abs(p1-s.Mean) < 1e-12
}

// writeNotes says, under the outcome table, what each outcome shown means
// when its name cannot say it (a table row named by its range), then,
// once, what holds whatever the outcome (note).
func writeNotes(w io.Writer, notes map[string]string, note string, outs []sim.Outcome, markdown bool, width int) {
	if len(notes) == 0 && note == "" {
		return
	}
	if markdown {
		fmt.Fprintln(w)
	}
	for _, o := range outs {
		if n := notes[o.Name]; n != "" {
			line := o.Name + ": " + n
			if markdown {
				fmt.Fprintf(w, "- **%s**: %s\n", o.Name, n)
				continue
			}
			fmt.Fprintln(w, Wrap(strings.Fields(line), " ", width, "    "))
		}
	}
	if note != "" {
		fmt.Fprintln(w, Wrap(strings.Fields(note), " ", width, ""))
	}
}

// paramLine lists the parameters that differ from their defaults.
func ParamLine(ps []param) string {
	var s []string
	for _, p := range ps {
		if p.Source == "default" {
			continue
		}
		switch v := p.Value.(type) {
		case bool:
			if v {
				s = append(s, p.Name)
			} else {
				s = append(s, p.Name+"=false")
			}
		default:
			s = append(s, fmt.Sprintf("%s=%v", p.Name, v))
		}
	}
	return strings.Join(s, " ")
}

func footer(r *result) string {
	secs := r.Elapsed.Seconds()
	// An exact answer rolls no dice: its footer has no seed.
	if r.Exact && r.Chain != nil {
		return fmt.Sprintf("exact: a Markov chain over %d target states, %s", len(r.Chain.States), Elapsed(r.Elapsed))
	}
	if r.Exact && r.How == "markov-chain" {
		return "exact: by a Markov chain over the units' states, " + Elapsed(r.Elapsed)
	}
	if r.Exact && r.How == "convolution" {
		return "exact: by convolution, " + Elapsed(r.Elapsed)
	}
	if r.Exact {
		s := fmt.Sprintf("exact: %s dice paths enumerated, %s", query.Group(r.Trials), Elapsed(r.Elapsed))
		if r.Leftover > 0 {
			s += fmt.Sprintf(", %.2g of the probability unexplored (depth cap)", r.Leftover)
		}
		return s
	}
	if r.SharedDice {
		return fmt.Sprintf("monte carlo: %s trials, seed %d, dice shared with an earlier result", query.Group(r.Trials), r.Seed)
	}
	rate := ""
	if secs > 0 {
		rate = fmt.Sprintf(", %s trials/s", si(float64(r.Trials)/secs))
	}
	return fmt.Sprintf("monte carlo: %s trials, seed %d, %d workers, %s%s", query.Group(r.Trials), r.Seed, r.Workers, Elapsed(r.Elapsed), rate) +
		PrecisionNote(r.Precision, r.Ceiling, r.Trials)
}

// precisionNote tells a --precision run's target and its trial ceiling
// (--trials, or flagval.PrecisionCeiling without it), and whether the ceiling
// stopped the run first: "" without --precision.
func PrecisionNote(precision float64, ceiling, trials int64) string {
	if precision <= 0 {
		return ""
	}
	p := strconv.FormatFloat(precision, 'g', -1, 64)
	if trials >= ceiling {
		return fmt.Sprintf(", --trials ceiling %s reached before 95%% half-widths of %s (--precision)", query.Group(ceiling), p)
	}
	return fmt.Sprintf(", 95%% half-widths at most %s (--precision; --trials ceiling %s)", p, query.Group(ceiling))
}

func Elapsed(d time.Duration) string {
	if d < time.Microsecond {
		return "under 1 µs" // a convolution of a few dice: "0 µs" read as not timed
	}
	if d < time.Millisecond {
		return fmt.Sprintf("%d µs", d.Microseconds())
	}
	if d < time.Second {
		return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000)
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

func si(x float64) string {
	switch {
	case x >= 1e9:
		return fmt.Sprintf("%.2f G", x/1e9)
	case x >= 1e6:
		return fmt.Sprintf("%.1f M", x/1e6)
	case x >= 1e3:
		return fmt.Sprintf("%.1f k", x/1e3)
	}
	return fmt.Sprintf("%.0f", x)
}
