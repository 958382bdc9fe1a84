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
)

// FindWriters write --find answers (question.Find) in each format.
var FindWriters = Writers[[]*found]{
	"table": func(ctx context.Context, w io.Writer, fs []*found, st Style) error {
		return findText(ctx, w, fs, Style{Width: st.Width})
	},
	"markdown": func(ctx context.Context, w io.Writer, fs []*found, st Style) error {
		return findText(ctx, w, fs, Style{Markdown: true, Width: st.Width})
	},
	"csv": func(_ context.Context, w io.Writer, fs []*found, _ Style) error { return findCSV(w, fs) },
	"json": func(ctx context.Context, w io.Writer, fs []*found, st Style) error {
		return findJSON(ctx, w, fs, st.Compact)
	},
}

// --find answers: one point's whole scan as a table, several points'
// answers as one table with a row each; CSV and JSON one record each.

type found = query.Found

// metricText is a figure of metric m as a reader reads it.
func metricText(m query.Metric, x float64) string {
	if m.Mean {
		return Num(x)
	}
	return Pct(x)
}

// figureText is a scanned value's figure, with its interval by Monte
// Carlo.
func figureText(f *found, s query.Scan) string {
	t := metricText(f.Spec.Cond.Metric, s.X)
	if !f.Exact {
		t += " (" + metricText(f.Spec.Cond.Metric, s.Lo) + " – " + metricText(f.Spec.Cond.Metric, s.Hi) + ")"
	}
	return t
}

// condText is the condition as a reader reads it: P(out-of-action) ≥ 50%.
func condText(c query.Condition) string {
	op := "≥"
	if c.AtMost {
		op = "≤"
	}
	return c.Metric.Label() + " " + op + " " + metricText(c.Metric, c.X)
}

// answerText is one point's answer in a sentence.
func answerText(f *found) string {
	v := f.Spec.Vary
	if f.At < 0 {
		t := "none in range: " + condText(f.Spec.Cond) + " holds at no " + v + " in " + scanRange(f) + "; the closest is " + closestText(f)
		if !f.Sure {
			t += " surely (some intervals straddle the threshold: raise --trials)"
		}
		return t
	}
	at := f.Scan[f.At]
	t := fmt.Sprintf("%s %d: %s %s", v, at.Value, f.Spec.Cond.Metric.Label(), figureText(f, at))
	if f.Before >= 0 {
		b := f.Scan[f.Before]
		t += fmt.Sprintf("; at %s %d: %s", v, b.Value, figureText(f, b))
	} else {
		t += " (it holds from the end of the range)"
	}
	if !f.Sure {
		t += "; not sure: a value before it has an interval across the threshold (raise --trials)"
	}
	if !f.Monotone {
		t += "; the figure is not monotone in " + v + ": it holds at " + valueRuns(f.Holding)
	}
	return t
}

// closestText is the figure nearest to holding, where none holds: the
// highest for >=, the lowest for <=, and its value ("15.00% at 0").
func closestText(f *found) string {
	best := -1
	for i, s := range f.Scan {
		switch {
		case s.Skipped != "":
		case best < 0, f.Spec.Cond.AtMost && s.X < f.Scan[best].X, !f.Spec.Cond.AtMost && s.X > f.Scan[best].X:
			best = i
		}
	}
	return figureText(f, f.Scan[best]) + " at " + strconv.Itoa(f.Scan[best].Value)
}

// scanRange is the scanned values, low..high.
func scanRange(f *found) string {
	return fmt.Sprintf("%d..%d", f.Scan[0].Value, f.Scan[len(f.Scan)-1].Value)
}

// valueRuns writes values as runs: 3..5, 9.
func valueRuns(vs []int) string {
	var parts []string
	for i := 0; i < len(vs); {
		j := i
		for j+1 < len(vs) && vs[j+1] == vs[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, fmt.Sprintf("%d..%d", vs[i], vs[j]))
		} else {
			parts = append(parts, strconv.Itoa(vs[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// subject is a result of the answer's point: its system, action and
// cards (some value of the flag applies at every answered point).
func subject(f *found) *result {
	for _, s := range f.Scan {
		if s.Result != nil {
			return s.Result
		}
	}
	return nil
}

// findTitle names the answers' action, the inputs all of them share
// (but those in leave out) and the question.
func findTitle(f *found, leave []string) string {
	r := subject(f)
	title := Title(r)
	for _, c := range r.Cards {
		if slices.Contains(leave, c.Name) { // the cards differ: the table says which
			title = r.System + " " + r.Action
		}
	}
	var ps []param
	for _, p := range f.Params {
		if !slices.Contains(leave, p.Name) {
			ps = append(ps, p)
		}
	}
	if line := ParamLine(ps); line != "" {
		title += ": " + line
	}
	return title + " — find " + condText(f.Spec.Cond) + " varying " + f.Spec.Vary + " over " + scanRange(f)
}

func findFooter(f *found) string {
	if f.Exact {
		return fmt.Sprintf("exact, every %s in %s scanned", f.Spec.Vary, scanRange(f))
	}
	return fmt.Sprintf("monte carlo: %s trials per value, seed %d; a value holds when its 95%% interval is wholly past the threshold, unsure when it straddles it",
		query.Group(f.Trials), f.Seed)
}

// findText writes the answers: one with its scan, several as one table.
func findText(ctx context.Context, w io.Writer, fs []*found, st Style) error {
	if len(fs) == 1 {
		f := fs[0]
		heading(w, findTitle(f, nil), st)
		fmt.Fprintln(w, Wrap(strings.Fields("answer: "+answerText(f)), " ", st.Width, "  "))
		if st.Markdown {
			fmt.Fprintln(w)
		}
		var rows [][]string
		for i, s := range f.Scan {
			mark := ""
			if i == f.At {
				mark = "◀ answer"
			}
			if s.Skipped != "" {
				rows = append(rows, []string{strconv.Itoa(s.Value), "", "does not apply: " + s.Skipped, ""})
				continue
			}
			rows = append(rows, []string{strconv.Itoa(s.Value), figureText(f, s), s.Verdict.String(), mark})
		}
		if err := table(w, st.Markdown, st.Width, []string{f.Spec.Vary, f.Spec.Cond.Metric.Label(), "holds", ""}, rows); err != nil {
			return err
		}
		if st.Markdown {
			fmt.Fprintln(w)
		}
		footnote(w, findFooter(f), st)
		return nil
	}
	// Several points: the inputs that differ between them, then each answer.
	f0 := fs[0]
	vary := differing(fs)
	heading(w, findTitle(f0, vary), st)
	header := append(append([]string{}, vary...), f0.Spec.Vary, f0.Spec.Cond.Metric.Label(), "a step before")
	var rows [][]string
	for _, f := range fs {
		if err := ctx.Err(); err != nil {
			return err
		}
		var row []string
		for _, name := range vary {
			row = append(row, inputText(f, name))
		}
		switch {
		case f.At < 0:
			row = append(row, "none in range", "closest "+closestText(f), "")
		default:
			at := f.Scan[f.At]
			v := strconv.Itoa(at.Value)
			if !f.Sure {
				v += " (not sure)"
			}
			before := ""
			if f.Before >= 0 {
				b := f.Scan[f.Before]
				before = figureText(f, b) + " at " + strconv.Itoa(b.Value)
			}
			row = append(row, v, figureText(f, at), before)
		}
		rows = append(rows, row)
	}
	if err := table(w, st.Markdown, st.Width, header, rows); err != nil {
		return err
	}
	if st.Markdown {
		fmt.Fprintln(w)
	}
	footnote(w, findFooter(f0), st)
	return nil
}

// differing are the inputs (cards, then parameters) whose values differ
// between the answers: what the sweep varies.
func differing(fs []*found) []string {
	var names []string
	for _, in := range append(append([]param{}, fs[0].Cards...), fs[0].Params...) {
		for _, f := range fs[1:] {
			if inputText(f, in.Name) != fmt.Sprint(in.Value) {
				names = append(names, in.Name)
				break
			}
		}
	}
	return names
}

// inputText is the value of an answer's input by name.
func inputText(f *found, name string) string {
	for _, in := range append(append([]param{}, f.Cards...), f.Params...) {
		if in.Name == name {
			return fmt.Sprint(in.Value)
		}
	}
	return ""
}

// findCSV writes a row per answer: the inputs, the question, the answer
// and the figures at it and a step before.
func findCSV(w io.Writer, fs []*found) error {
	cw := csv.NewWriter(w)
	f0 := fs[0]
	head := []string{"system", "action"}
	for _, in := range f0.Cards {
		head = append(head, in.Name)
	}
	for _, in := range f0.Params {
		head = append(head, in.Name)
	}
	head = append(head, "vary", "find", "found", f0.Spec.Vary, "sure", "x", "lo", "hi",
		"before_"+f0.Spec.Vary, "before_x", "before_lo", "before_hi", "monotone", "exact", "trials", "seed")
	if err := cw.Write(head); err != nil {
		return err
	}
	g := func(x float64) string { return strconv.FormatFloat(round12(x), 'g', 12, 64) }
	for _, f := range fs {
		r := subject(f)
		row := []string{r.System, r.Action}
		for _, in := range f.Cards {
			row = append(row, fmt.Sprint(in.Value))
		}
		for _, in := range f.Params {
			row = append(row, fmt.Sprint(in.Value))
		}
		row = append(row, f.Spec.Vary, f.Spec.Cond.String(), strconv.FormatBool(f.At >= 0))
		if f.At >= 0 {
			s := f.Scan[f.At]
			row = append(row, strconv.Itoa(s.Value), strconv.FormatBool(f.Sure), g(s.X), g(s.Lo), g(s.Hi))
		} else {
			row = append(row, "", strconv.FormatBool(f.Sure), "", "", "")
		}
		if f.Before >= 0 {
			s := f.Scan[f.Before]
			row = append(row, strconv.Itoa(s.Value), g(s.X), g(s.Lo), g(s.Hi))
		} else {
			row = append(row, "", "", "", "")
		}
		row = append(row, strconv.FormatBool(f.Monotone), strconv.FormatBool(f.Exact), strconv.FormatInt(f.Trials, 10), strconv.FormatUint(f.Seed, 10))
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// jsonScan is one scanned value in JSON.
type jsonScan struct {
	Value   int        `json:"value"`
	X       float64    `json:"x"`
	CI95    [2]float64 `json:"ci95"`
	Holds   string     `json:"holds"` // yes, no or unsure
	Skipped string     `json:"does_not_apply,omitempty"`
}

func newJSONScan(s query.Scan) jsonScan {
	if s.Skipped != "" {
		return jsonScan{Value: s.Value, Holds: "no", Skipped: s.Skipped}
	}
	return jsonScan{Value: s.Value, X: round12(s.X), CI95: [2]float64{round12(s.Lo), round12(s.Hi)}, Holds: s.Verdict.String()}
}

// findJSON writes {"finds": [...]}: per answer its inputs, the
// question, the answer (null: none in range) and every scanned value.
func findJSON(ctx context.Context, w io.Writer, fs []*found, compact bool) error {
	type jsonFind struct {
		System   string     `json:"system"`
		Action   string     `json:"action"`
		Cards    jsonParams `json:"cards,omitempty"`
		Params   jsonParams `json:"params"`
		Vary     string     `json:"vary"`
		Find     string     `json:"find"`
		Metric   string     `json:"metric"`
		Op       string     `json:"op"`
		X        float64    `json:"threshold"`
		Found    bool       `json:"found"`
		At       *jsonScan  `json:"at"`
		Before   *jsonScan  `json:"before"`
		Sure     bool       `json:"sure"`
		Monotone bool       `json:"monotone"`
		Holding  []int      `json:"holding"`
		Scan     []jsonScan `json:"scan"`
		Exact    bool       `json:"exact"`
		Trials   int64      `json:"trials"`
		Seed     uint64     `json:"seed"`
	}
	doc := struct {
		Kind  string     `json:"kind"`
		Finds []jsonFind `json:"finds"`
	}{Kind: "find"}
	for _, f := range fs {
		if err := ctx.Err(); err != nil {
			return err
		}
		r := subject(f)
		c := f.Spec.Cond
		jf := jsonFind{System: r.System, Action: r.Action, Cards: jsonParams(f.Cards), Params: jsonParams(f.Params),
			Vary: f.Spec.Vary, Find: c.String(), Metric: c.Metric.String(), Op: c.Op(), X: c.X,
			Found: f.At >= 0, Sure: f.Sure, Monotone: f.Monotone, Holding: append([]int{}, f.Holding...),
			Exact: f.Exact, Trials: f.Trials, Seed: f.Seed}
		if f.At >= 0 {
			s := newJSONScan(f.Scan[f.At])
			jf.At = &s
		}
		if f.Before >= 0 {
			s := newJSONScan(f.Scan[f.Before])
			jf.Before = &s
		}
		for _, s := range f.Scan {
			jf.Scan = append(jf.Scan, newJSONScan(s))
		}
		doc.Finds = append(doc.Finds, jf)
	}
	return encodeJSON(w, doc, compact)
}
