package render

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"unicode"
	"unicode/utf8"

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
	// Parameters and card roles, outcomes and stats differ between
	// actions (odds run): the columns are their union, in first-seen
	// order, and a result leaves the others empty.
	var paramCols, roleCols, outcomeCols, statCols columns
	numericO := map[string]bool{} // outcomes with ge_ and le_ columns
	countK := map[string]int{}    // counts: the largest k of their ge columns
	for _, r := range reports {
		for _, c := range r.Cards {
			roleCols.add(c.Name)
		}
		for p := range r.EachParam() {
			paramCols.add(p.Name)
		}
		for _, o := range r.Summary.Outcomes {
			outcomeCols.add(o.Name)
			numericO[o.Name] = numericO[o.Name] || r.Summary.Numeric
		}
		for _, s := range r.Summary.Stats {
			statCols.add(s.Name)
			countK[s.Name] = max(countK[s.Name], len(s.AtLeast))
		}
	}
	names, roles, outcomes, stats := paramCols.names, roleCols.names, outcomeCols.names, statCols.names
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
	if err := writeCSV(w, [][]string{head}); err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	var line csvLine
	// The columns of a parameter, an outcome and a stat by name, and a
	// row's values in them: no map a row (two a row, and fmt.Sprint of
	// every value, took most of a 99,372-row sweep's time).
	paramCol, outcomeCol, statCol := paramCols.at, outcomeCols.at, statCols.at
	vals, set := make([]any, len(names)), make([]bool, len(names))
	byName := make([]*sim.Outcome, len(outcomes))
	statBy := make([]*sim.Stat, len(stats))
	for _, r := range reports {
		if err := ctx.Err(); err != nil {
			return err
		}
		line.b = line.b[:0]
		line.str(r.System)
		line.str(r.Action)
		if reports[0].Matchup != "" {
			line.str(r.Matchup)
		}
		for _, role := range roles {
			if card, ok := paramNamed(r.Cards, role); ok {
				line.value(card.Value)
			} else {
				line.str("")
			}
		}
		clear(set)
		for p := range r.EachParam() {
			i := paramCol[p.Name]
			vals[i], set[i] = p.Value, true
		}
		for i, v := range vals {
			if set[i] {
				line.value(v)
			} else {
				line.str("")
			}
		}
		clear(byName)
		for i := range r.Summary.Outcomes {
			byName[outcomeCol[r.Summary.Outcomes[i].Name]] = &r.Summary.Outcomes[i]
		}
		for i, n := range outcomes {
			o := byName[i]
			if o == nil {
				line.blank(3)
			} else {
				line.float(o.P)
				line.float(o.Lo)
				line.float(o.Hi)
			}
			switch {
			case !numericO[n]:
			case o != nil && r.Summary.Numeric:
				line.float(o.AtLeast.P)
				line.float(o.AtMost.P)
			default:
				line.blank(2)
			}
		}
		clear(statBy)
		for i := range r.Summary.Stats {
			statBy[statCol[r.Summary.Stats[i].Name]] = &r.Summary.Stats[i]
		}
		for i, n := range stats {
			s := statBy[i]
			if s != nil {
				line.float(s.Mean)
				line.float(s.SD)
				line.float(s.Median)
				line.float(s.P5)
				line.float(s.P95)
			} else {
				s = &sim.Stat{}
				line.blank(5)
			}
			for k := range countK[n] {
				if k < len(s.AtLeast) {
					line.float(s.AtLeast[k].P)
				} else {
					line.str("")
				}
			}
		}
		line.int(r.Trials)
		line.uint(r.Seed)
		line.bool(r.Exact)
		line.str(r.How)
		line.b[len(line.b)-1] = '\n' // the last field's comma
		if _, err := bw.Write(line.b); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// columns is a union of names in first-seen order, and each one's index
// in it.
type columns struct {
	names []string
	at    map[string]int
}

func (c *columns) add(name string) {
	if _, ok := c.at[name]; ok {
		return
	}
	if c.at == nil {
		c.at = map[string]int{}
	}
	c.at[name] = len(c.names)
	c.names = append(c.names, name)
}

// csvLine is a CSV row written as encoding/csv's Writer writes one
// (comma-separated, LF-terminated, a field quoted where it must be), a
// field at a time, each followed by a comma: the caller turns the last
// into the newline.
type csvLine struct{ b []byte }

func (l *csvLine) str(s string) {
	if !csvNeedsQuotes(s) {
		l.b = append(l.b, s...)
	} else {
		l.b = append(l.b, '"')
		for i := 0; i < len(s); i++ {
			if s[i] == '"' {
				l.b = append(l.b, '"')
			}
			l.b = append(l.b, s[i])
		}
		l.b = append(l.b, '"')
	}
	l.b = append(l.b, ',')
}

// float is a probability or statistic to 12 significant digits
// (strconv's 'g' form: never quoted).
func (l *csvLine) float(x float64) {
	l.b = append(strconv.AppendFloat(l.b, x, 'g', 12, 64), ',')
}

// blank writes n empty fields: the columns a row has no figure for.
func (l *csvLine) blank(n int) {
	for range n {
		l.b = append(l.b, ',')
	}
}

func (l *csvLine) int(x int64)   { l.b = append(strconv.AppendInt(l.b, x, 10), ',') }
func (l *csvLine) uint(x uint64) { l.b = append(strconv.AppendUint(l.b, x, 10), ',') }
func (l *csvLine) bool(x bool)   { l.b = append(strconv.AppendBool(l.b, x), ',') }

// value is a parameter's value as fmt.Sprint writes it.
func (l *csvLine) value(v any) {
	switch x := v.(type) {
	case string:
		l.str(x)
	case int:
		l.int(int64(x))
	case bool:
		l.bool(x)
	default:
		l.str(fmt.Sprint(v))
	}
}

// csvNeedsQuotes is encoding/csv's rule with a comma: a field holding a
// comma, quote, CR or LF, or starting with a space, or `\.`.
func csvNeedsQuotes(s string) bool {
	if s == "" {
		return false
	}
	if s == `\.` {
		return true
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '\n' || c == '\r' || c == '"' || c == ',' {
			return true
		}
	}
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsSpace(r)
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
