package render

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
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
func renderCSV(ctx context.Context, w io.Writer, reports []*result) error {
	if len(reports) == 1 && reports[0].System == "roll" {
		return rollCSV(ctx, w, reports[0])
	}
	cols := csvColumns{matchup: reports[0].Matchup != ""}
	for _, r := range reports {
		cols.add(r)
	}
	rows, err := cols.start(w)
	if err != nil {
		return err
	}
	for _, r := range reports {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := rows.write(r); err != nil {
			return err
		}
	}
	return rows.bw.Flush()
}

// csvColumns are the columns of a CSV of results. Parameters and card
// roles, outcomes and stats differ between actions (odds run): the
// columns are their union, in first-seen order, and a result leaves the
// others empty.
type csvColumns struct {
	matchup                                    bool // a matchup column (the first result's is named)
	paramCols, roleCols, outcomeCols, statCols columns
	numericO                                   map[string]bool // outcomes with ge_ and le_ columns
	countK                                     map[string]int  // counts: the largest k of their ge columns
}

// add makes room for r's columns: only its names and shape are read (a
// stream's shapes have no figures).
func (c *csvColumns) add(r *result) {
	if c.numericO == nil {
		c.numericO, c.countK = map[string]bool{}, map[string]int{}
	}
	for _, card := range r.Cards {
		c.roleCols.add(card.Name)
	}
	for p := range r.EachParam() {
		c.paramCols.add(p.Name)
	}
	for _, o := range r.Summary.Outcomes {
		c.outcomeCols.add(o.Name)
		c.numericO[o.Name] = c.numericO[o.Name] || r.Summary.Numeric
	}
	for _, s := range r.Summary.Stats {
		c.statCols.add(s.Name)
		c.countK[s.Name] = max(c.countK[s.Name], len(s.AtLeast))
	}
}

// merge adds o's columns after c's: the union in first-seen order when o
// saw results after c's.
func (c *csvColumns) merge(o *csvColumns) {
	if c.numericO == nil {
		c.numericO, c.countK = map[string]bool{}, map[string]int{}
	}
	for _, n := range o.roleCols.names {
		c.roleCols.add(n)
	}
	for _, n := range o.paramCols.names {
		c.paramCols.add(n)
	}
	for _, n := range o.outcomeCols.names {
		c.outcomeCols.add(n)
		c.numericO[n] = c.numericO[n] || o.numericO[n]
	}
	for _, n := range o.statCols.names {
		c.statCols.add(n)
		c.countK[n] = max(c.countK[n], o.countK[n])
	}
}

// header is the CSV's first row.
func (c *csvColumns) header() []string {
	head := []string{"system", "action"}
	if c.matchup {
		head = append(head, "matchup")
	}
	head = append(head, c.roleCols.names...)
	head = append(head, c.paramCols.names...)
	for _, o := range c.outcomeCols.names {
		head = append(head, "p_"+o, "lo_"+o, "hi_"+o)
		if c.numericO[o] {
			head = append(head, "ge_"+o, "le_"+o)
		}
	}
	for _, s := range c.statCols.names {
		head = append(head, s+"_mean", s+"_sd", s+"_median", s+"_p5", s+"_p95")
		for k := 1; k <= c.countK[s]; k++ {
			head = append(head, fmt.Sprintf("%s_ge%d", s, k))
		}
	}
	return append(head, "trials", "seed", "exact", "how")
}

// csvRows writes the rows of results in columns c.
type csvRows struct {
	c    *csvColumns
	bw   *bufio.Writer
	line csvLine
	// A row's values by column: no map a row (two a row, and fmt.Sprint
	// of every value, took most of a 99,372-row sweep's time).
	vals   []any
	set    []bool
	byName []*sim.Outcome
	statBy []*sim.Stat
}

// start writes the header to w and returns the writer of the rows:
// flush its bw when they are written.
func (c *csvColumns) start(w io.Writer) (*csvRows, error) {
	if err := writeCSV(w, [][]string{c.header()}); err != nil {
		return nil, err
	}
	rows := c.newRows()
	rows.bw = bufio.NewWriterSize(w, 64<<10)
	return rows, nil
}

// newRows writes rows in columns c (with no header), to bw if set.
func (c *csvColumns) newRows() *csvRows {
	n := len(c.paramCols.names)
	return &csvRows{c: c, vals: make([]any, n), set: make([]bool, n),
		byName: make([]*sim.Outcome, len(c.outcomeCols.names)), statBy: make([]*sim.Stat, len(c.statCols.names))}
}

// write writes r's row to bw.
func (w *csvRows) write(r *result) error {
	_, err := w.bw.Write(w.row(r))
	return err
}

// row is r's row, valid until the next; r has no column c lacks
// (c.add(r) was called, or for one of its shape).
func (w *csvRows) row(r *result) []byte {
	c, line := w.c, &w.line
	line.b = line.b[:0]
	line.str(r.System)
	line.str(r.Action)
	if c.matchup {
		line.str(r.Matchup)
	}
	for _, role := range c.roleCols.names {
		if card, ok := paramNamed(r.Cards, role); ok {
			line.value(card.Value)
		} else {
			line.str("")
		}
	}
	clear(w.set)
	for p := range r.EachParam() {
		i := c.paramCols.at[p.Name]
		w.vals[i], w.set[i] = p.Value, true
	}
	for i, v := range w.vals {
		if w.set[i] {
			line.value(v)
		} else {
			line.str("")
		}
	}
	clear(w.byName)
	for i := range r.Summary.Outcomes {
		w.byName[c.outcomeCols.at[r.Summary.Outcomes[i].Name]] = &r.Summary.Outcomes[i]
	}
	for i, n := range c.outcomeCols.names {
		o := w.byName[i]
		if o == nil {
			line.blank(3)
		} else {
			line.float(o.P)
			line.float(o.Lo)
			line.float(o.Hi)
		}
		switch {
		case !c.numericO[n]:
		case o != nil && r.Summary.Numeric:
			line.float(o.AtLeast.P)
			line.float(o.AtMost.P)
		default:
			line.blank(2)
		}
	}
	clear(w.statBy)
	for i := range r.Summary.Stats {
		w.statBy[c.statCols.at[r.Summary.Stats[i].Name]] = &r.Summary.Stats[i]
	}
	for i, n := range c.statCols.names {
		s := w.statBy[i]
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
		for k := range c.countK[n] {
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
	return line.b
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
type csvLine struct {
	b    []byte
	memo map[uint64][]byte // float's digits by bits (-0 is not 0), where kept: a sweep's figures repeat
}

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
	if l.memo == nil {
		l.memo = map[uint64][]byte{}
	}
	bits := math.Float64bits(x)
	if s, ok := l.memo[bits]; ok {
		l.b = append(append(l.b, s...), ',')
		return
	}
	n := len(l.b)
	l.b = strconv.AppendFloat(l.b, x, 'g', 12, 64)
	if len(l.memo) < 1<<14 {
		l.memo[bits] = slices.Clone(l.b[n:])
	}
	l.b = append(l.b, ',')
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
func rollCSV(ctx context.Context, w io.Writer, r *result) error {
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
