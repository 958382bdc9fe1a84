package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"

	"odds/resolve"
	"odds/sim"
)

// param is one input of a result, after cards and defaults.
type param struct {
	Name   string
	Value  any    // int, bool or string
	Source string // default, flag, "attacker card NAME", "matchup NAME"
}

// report is one result (one grid cell) ready to render.
type report struct {
	System, Action string
	Matchup        string  // the matchup run, if any
	Cards          []param // unit card names by role
	Params         []param
	Trials         int64
	Seed           uint64
	Exact          bool
	How            string
	Leftover       float64
	Workers        int
	Elapsed        time.Duration
	Summary        sim.Summary
}

func newReport(system, action string, params []param, plan resolve.Plan, res *sim.Result, opts sim.Options) *report {
	return &report{
		System: system, Action: action, Params: params,
		Trials: res.Trials, Seed: opts.Seed, Exact: res.Exact, How: res.How, Leftover: res.Leftover,
		Workers: opts.Workers, Elapsed: res.Elapsed,
		Summary: sim.Summarize(plan.Layout(), res),
	}
}

// write renders the reports in the chosen format to stdout or --out. The
// output is rendered whole before anything is written, and --out is
// written to a temporary file renamed into place, so an interrupted or
// failed run leaves no partial file.
func (a *app) write(reports []*report) error {
	var buf bytes.Buffer
	var err error
	switch a.format.v {
	case "json":
		err = renderJSON(&buf, reports)
	case "csv":
		err = renderCSV(&buf, reports)
	case "markdown":
		err = renderText(&buf, reports, true)
	default:
		err = renderText(&buf, reports, false)
	}
	if err != nil {
		return &ioError{err}
	}
	return a.writeBytes(buf.Bytes())
}

// writeListing renders a listing (systems, profiles): JSON as doc, CSV and
// the tables as header and rows.
func (a *app) writeListing(doc any, header []string, rows [][]string) error {
	var b bytes.Buffer
	var err error
	switch a.format.v {
	case "json":
		var out []byte
		if out, err = marshal(doc); err == nil {
			err = indentJSON(&b, out)
		}
	case "csv":
		err = writeCSV(&b, append([][]string{header}, rows...))
	default:
		err = table(&b, a.format.v == "markdown", header, rows)
	}
	if err != nil {
		return &ioError{err}
	}
	return a.writeBytes(b.Bytes())
}

// writeBytes writes finished output to stdout or --out.
func (a *app) writeBytes(data []byte) error {
	if a.out == "" {
		if _, err := a.stdout.Write(data); err != nil {
			return &ioError{err}
		}
		return nil
	}
	return writeFileAtomic(a.out, data)
}

func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return &usageError{err: fmt.Errorf("--out: %v", err)}
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), path)
	}
	if werr != nil {
		os.Remove(tmp.Name())
		return &ioError{fmt.Errorf("--out: %v", werr)}
	}
	return nil
}

// --- table and markdown ---

const barWidth = 30

// bar draws p as a bar scaled so that the likeliest outcome fills barWidth.
func bar(p, top float64) string {
	if top <= 0 || p <= 0 {
		return ""
	}
	eighths := int(math.Round(p / top * barWidth * 8))
	parts := []string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}
	s := strings.Repeat("█", eighths/8) + parts[eighths%8]
	if s == "" {
		s = "▏"
	}
	return s
}

// pct formats a probability as a percentage that never rounds a possible
// outcome to zero or a certain one to a hundred.
func pct(p float64) string {
	switch {
	case p == 0:
		return "0%"
	case p == 1:
		return "100%"
	case p < 0.00005:
		return "<0.01%"
	case p > 0.99995:
		return ">99.99%"
	}
	return fmt.Sprintf("%.2f%%", 100*p)
}

// round12 rounds x to 12 significant digits: the float noise of exact
// sums (0.015625000000000007) is not part of the answer.
func round12(x float64) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 12, 64), 64)
	return r
}

func num(x float64) string {
	x = round12(x)
	if x == math.Trunc(x) && math.Abs(x) < 1e15 {
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	return strconv.FormatFloat(x, 'f', 3, 64)
}

func renderText(w io.Writer, reports []*report, markdown bool) error {
	for i, r := range reports {
		if i > 0 {
			fmt.Fprintln(w)
		}
		title := r.System + " " + r.Action
		if r.System == "roll" {
			title = "roll"
		}
		if r.Matchup != "" {
			title = "matchup " + r.Matchup + ": " + title
		}
		for _, c := range r.Cards {
			title += fmt.Sprintf(" %s=%v", c.Name, c.Value)
		}
		if ps := paramLine(r.Params); ps != "" {
			title += ": " + ps
		}
		if markdown {
			fmt.Fprintf(w, "### %s\n\n", title)
		} else {
			fmt.Fprintln(w, title)
		}
		outcomes := r.Summary.Outcomes
		if r.System == "roll" {
			outcomes = binValues(outcomes, r.Trials, r.Exact)
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
			ci := pct(o.Lo) + " – " + pct(o.Hi)
			if r.Exact {
				ci = "exact"
			}
			row := []string{o.Name, pct(o.P), ci}
			if r.Summary.Numeric {
				row = append(row, pct(o.AtLeast.P), pct(o.AtMost.P))
			}
			rows = append(rows, append(row, bar(o.P, top)))
		}
		if err := table(w, markdown, header, rows); err != nil {
			return err
		}
		if len(r.Summary.Stats) > 0 {
			rows = rows[:0]
			for _, s := range r.Summary.Stats {
				rows = append(rows, []string{s.Name, num(s.Mean), num(s.SD), num(s.Median), num(s.P5), num(s.P95)})
			}
			if markdown {
				fmt.Fprintln(w)
			}
			if err := table(w, markdown, []string{"result", "mean", "sd", "median", "p5", "p95"}, rows); err != nil {
				return err
			}
		}
		if rows := atLeastRows(r); len(rows) > 0 {
			if markdown {
				fmt.Fprintln(w)
			}
			if err := table(w, markdown, []string{"at least", "p", "95% ci"}, rows); err != nil {
				return err
			}
		}
		if markdown {
			fmt.Fprintln(w)
		}
		fmt.Fprintln(w, footer(r))
	}
	return nil
}

// possible leaves out the outcomes an exact answer shows cannot happen
// (AP fire's fall-back, a 0" move for infantry): tables show what can.
// JSON and CSV keep every outcome, so their columns stay stable.
func possible(outs []sim.Outcome) []sim.Outcome {
	var out []sim.Outcome
	for _, o := range outs {
		if o.P > 0 {
			out = append(out, o)
		}
	}
	return out
}

// atLeastRows are "teams-killed ≥ 2" rows for the counts of a result.
func atLeastRows(r *report) [][]string {
	var rows [][]string
	for _, s := range r.Summary.Stats {
		for k, iv := range s.AtLeast {
			if r.Exact && iv.P == 0 {
				break // and so are all higher k
			}
			ci := "exact"
			if !r.Exact {
				ci = pct(iv.Lo) + " – " + pct(iv.Hi)
			}
			rows = append(rows, []string{fmt.Sprintf("%s ≥ %d", s.Name, k+1), pct(iv.P), ci})
		}
	}
	return rows
}

// maxRows is the most value rows a table shows for a roll.
const maxRows = 40

// binValues readies a roll's values for a table: values outside the range
// that can occur are dropped, and if more than maxRows remain they are
// merged into equal ranges "lo..hi". Monte Carlo intervals of a merged
// range are recomputed from its count. Names are the integer values.
func binValues(outs []sim.Outcome, trials int64, exact bool) []sim.Outcome {
	first, last := 0, len(outs)-1
	for first < last && outs[first].P == 0 {
		first++
	}
	for last > first && outs[last].P == 0 {
		last--
	}
	outs = outs[first : last+1]
	if len(outs) <= maxRows {
		return outs
	}
	width := (len(outs) + maxRows - 1) / maxRows
	var binned []sim.Outcome
	for i := 0; i < len(outs); i += width {
		j := min(i+width, len(outs)) - 1
		p := 0.0
		for _, o := range outs[i : j+1] {
			p += o.P
		}
		iv := sim.Interval{P: p, Lo: p, Hi: p}
		if !exact {
			iv = sim.WilsonInterval(uint64(math.Round(p*float64(trials))), trials)
		}
		binned = append(binned, sim.Outcome{Name: outs[i].Name + ".." + outs[j].Name, Interval: iv,
			AtLeast: outs[i].AtLeast, AtMost: outs[j].AtMost})
	}
	return binned
}

// paramLine lists the parameters that differ from their defaults.
func paramLine(ps []param) string {
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

func footer(r *report) string {
	secs := r.Elapsed.Seconds()
	if r.Exact && r.How == "convolution" {
		return fmt.Sprintf("exact: by convolution, seed %d, %s", r.Seed, elapsed(r.Elapsed))
	}
	if r.Exact {
		s := fmt.Sprintf("exact: %s dice paths enumerated, seed %d, %s", group(r.Trials), r.Seed, elapsed(r.Elapsed))
		if r.Leftover > 0 {
			s += fmt.Sprintf(", %.2g of the probability unexplored (depth cap)", r.Leftover)
		}
		return s
	}
	rate := ""
	if secs > 0 {
		rate = fmt.Sprintf(", %s trials/s", si(float64(r.Trials)/secs))
	}
	return fmt.Sprintf("monte carlo: %s trials, seed %d, %d workers, %s%s", group(r.Trials), r.Seed, r.Workers, elapsed(r.Elapsed), rate)
}

func elapsed(d time.Duration) string {
	if d < time.Millisecond {
		return fmt.Sprintf("%d µs", d.Microseconds())
	}
	if d < time.Second {
		return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000)
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

// group writes n with thousands separators.
func group(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
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

// table renders one table with tablewriter: box-drawn for the terminal,
// pipes for markdown.
func table(w io.Writer, markdown bool, header []string, rows [][]string) error {
	opts := []tablewriter.Option{
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: alignments(header)}),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
	}
	if markdown {
		opts = append(opts, tablewriter.WithRenderer(renderer.NewMarkdown()))
	}
	t := tablewriter.NewTable(w, opts...)
	t.Header(header)
	if err := t.Bulk(rows); err != nil {
		return err
	}
	return t.Render()
}

// numeric are the columns that hold numbers: right-aligned, the rest left.
var numeric = map[string]bool{"p": true, "95% ci": true, "p ≥": true, "p ≤": true, "mean": true, "sd": true, "median": true, "p5": true, "p95": true}

func alignments(header []string) []tw.Align {
	a := make([]tw.Align, len(header))
	for i, h := range header {
		a[i] = tw.AlignLeft
		if numeric[h] {
			a[i] = tw.AlignRight
		}
	}
	return a
}

// --- JSON ---

// jsonParams keeps the parameters in the action's order.
type jsonParams []param

func (ps jsonParams) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, p := range ps {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := marshal(p.Name)
		v, err := marshal(p.Value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// marshal is json.Marshal without HTML escaping: expressions hold > and <.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

type jsonOutcome struct {
	Name    string     `json:"name"`
	P       float64    `json:"p"`
	CI95    [2]float64 `json:"ci95"`
	AtLeast *jsonP     `json:"at_least,omitempty"` // numeric outcomes: P(X >= name)
	AtMost  *jsonP     `json:"at_most,omitempty"`  // and P(X <= name)
}

// jsonP is a probability with its interval.
type jsonP struct {
	K    int        `json:"k,omitempty"`
	P    float64    `json:"p"`
	CI95 [2]float64 `json:"ci95"`
}

func newJSONP(k int, iv sim.Interval) jsonP {
	return jsonP{K: k, P: round12(iv.P), CI95: [2]float64{round12(iv.Lo), round12(iv.Hi)}}
}

type jsonStat struct {
	Mean    float64 `json:"mean"`
	SD      float64 `json:"sd"`
	Median  float64 `json:"median"`
	P5      float64 `json:"p5"`
	P95     float64 `json:"p95"`
	AtLeast []jsonP `json:"at_least,omitempty"` // counts: P(X >= k), k = 1..
}

type jsonStats []sim.Stat

func (ss jsonStats) MarshalJSON() ([]byte, error) {
	ps := make(jsonParams, len(ss))
	for i, s := range ss {
		js := jsonStat{Mean: round12(s.Mean), SD: round12(s.SD), Median: s.Median, P5: s.P5, P95: s.P95}
		for k, iv := range s.AtLeast {
			js.AtLeast = append(js.AtLeast, newJSONP(k+1, iv))
		}
		ps[i] = param{Name: s.Name, Value: js}
	}
	return ps.MarshalJSON()
}

type jsonResult struct {
	System    string        `json:"system"`
	Action    string        `json:"action"`
	Matchup   string        `json:"matchup,omitempty"`
	Cards     jsonParams    `json:"cards,omitempty"`
	Params    jsonParams    `json:"params"`
	Sources   jsonParams    `json:"sources,omitempty"`
	Trials    int64         `json:"trials"`
	Seed      uint64        `json:"seed"`
	Exact     bool          `json:"exact"`
	How       string        `json:"how"`
	Leftover  float64       `json:"unexplored,omitempty"`
	Outcomes  []jsonOutcome `json:"outcomes"`
	Stats     jsonStats     `json:"stats"`
	ElapsedMS float64       `json:"elapsed_ms"`
}

func renderJSON(w io.Writer, reports []*report) error {
	doc := struct {
		Results []jsonResult `json:"results"`
	}{Results: make([]jsonResult, len(reports))}
	for i, r := range reports {
		var sources jsonParams
		for _, p := range r.Params {
			if p.Source != "" {
				sources = append(sources, param{Name: p.Name, Value: p.Source})
			}
		}
		jr := jsonResult{
			System: r.System, Action: r.Action, Matchup: r.Matchup, Cards: jsonParams(r.Cards),
			Params: jsonParams(r.Params), Sources: sources,
			Trials: r.Trials, Seed: r.Seed, Exact: r.Exact, How: r.How, Leftover: r.Leftover,
			Stats:     jsonStats(r.Summary.Stats),
			ElapsedMS: float64(r.Elapsed.Microseconds()) / 1000,
		}
		for _, o := range r.Summary.Outcomes {
			jo := jsonOutcome{Name: o.Name, P: round12(o.P), CI95: [2]float64{round12(o.Lo), round12(o.Hi)}}
			if r.Summary.Numeric {
				ge, le := newJSONP(0, o.AtLeast), newJSONP(0, o.AtMost)
				jo.AtLeast, jo.AtMost = &ge, &le
			}
			jr.Outcomes = append(jr.Outcomes, jo)
		}
		doc.Results[i] = jr
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

// --- CSV ---

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
func renderCSV(w io.Writer, reports []*report) error {
	cw := csv.NewWriter(w)
	var names []string // union of parameter names, in first-seen order
	seen := map[string]bool{}
	for _, r := range reports {
		for _, p := range r.Params {
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
	head = append(head, "trials", "seed", "exact")
	if err := cw.Write(head); err != nil {
		return err
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', 12, 64) }
	for _, r := range reports {
		row := []string{r.System, r.Action}
		if reports[0].Matchup != "" {
			row = append(row, r.Matchup)
		}
		vals := map[string]string{}
		for _, p := range r.Params {
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
		row = append(row, strconv.FormatInt(r.Trials, 10), strconv.FormatUint(r.Seed, 10), strconv.FormatBool(r.Exact))
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
