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
	"odds/resolve"
)

// A roster of two card roles (--attacker a,b --defender c,d) prints as a
// matrix of one figure, --metric: an outcome's probability (--metric
// eliminated) or a numeric result's mean (--metric mean:damage).

// metric is the figure of a matrix: query's Metric (an outcome's
// probability, or a numeric result's mean), read off a report.
type metric struct{ query.Metric }

func parseMetric(s string) metric { return metric{query.ParseMetric(s)} }

// check reports a metric the action cannot give as a usage error.
func (m metric) check(sys string, act *resolve.Action) error {
	if m.Mean && slices.Contains(act.Stats, m.Name) || !m.Mean && slices.Contains(act.Outcome, m.Name) {
		return nil
	}
	return flagErrorf("metric", "want one of "+strings.Join(query.MetricNames(act.Outcome, act.Stats), ", "), "--metric: %s %s has no %s %q", sys, act.Name, map[bool]string{false: "outcome", true: "numeric result"}[m.Mean], m.Name)
}

// of is the metric of one result, without its interval.
func (m metric) of(r *result) float64 {
	x, _, _ := m.Of(r)
	return x
}

func (m metric) text(x float64) string {
	if m.Mean {
		return Num(x)
	}
	return Pct(x)
}

// matrix is a two-card roster: rows by the first role's cards, columns
// by the second's.
type matrix struct {
	rowRole, colRole string
	rows, cols       []string
	at               [][]*result
	fixed            []param
}

// matrixOf reads a sweep as a matrix, if exactly its two card roles vary.
func matrixOf(rs []*result) (*matrix, bool) {
	if len(rs) < 2 || len(rs[0].Cards) < 2 {
		return nil, false // two roles' cards vary, or it is no matrix
	}
	vary, fixed, cards := dims(rs)
	if len(rs) < 2 || len(vary) != 2 || cards != 2 {
		return nil, false
	}
	m := &matrix{rowRole: vary[0].Name, colRole: vary[1].Name, fixed: fixed}
	card := func(r *result, role string) string {
		p, _ := paramNamed(r.Cards, role)
		return fmt.Sprint(p.Value)
	}
	for _, r := range rs {
		if name := card(r, m.rowRole); !slices.Contains(m.rows, name) {
			m.rows = append(m.rows, name)
			m.at = append(m.at, nil)
		}
		if name := card(r, m.colRole); !slices.Contains(m.cols, name) {
			m.cols = append(m.cols, name)
		}
	}
	for i := range m.at {
		m.at[i] = make([]*result, len(m.cols))
	}
	for _, r := range rs {
		m.at[slices.Index(m.rows, card(r, m.rowRole))][slices.Index(m.cols, card(r, m.colRole))] = r
	}
	return m, true
}

// defaultMetric is the action's headline outcome's probability (the
// first of its headline outcomes that can happen in rs: query.Headline),
// or where the outcomes are values (a roll's total) the first numeric
// result's mean.
func defaultMetric(rs []*result) metric {
	s := rs[0].Summary
	values := s.Numeric
	for _, o := range s.Outcomes {
		_, err := strconv.Atoi(o.Name)
		values = values || err == nil
	}
	if values && len(s.Stats) > 0 {
		return metric{query.Metric{Name: s.Stats[0].Name, Mean: true}}
	}
	if h := query.Headline(rs); h != "" {
		return metric{query.Metric{Name: h}}
	}
	return metric{query.Metric{Name: rs[0].Summary.Outcomes[0].Name}}
}

// renderMatrix writes a matrix as a table: a row per card of the first
// role, a column per card of the second.
func renderMatrix(ctx context.Context, w io.Writer, rs []*result, m *matrix, fig metric, st Style) error {
	t := sweepTitle(rs[0], m.fixed, fig.Label())
	heading(w, t, st)
	header := append([]string{m.rowRole + " \\ " + m.colRole}, m.cols...)
	var rows [][]string
	for i, name := range m.rows {
		if err := ctx.Err(); err != nil {
			return err
		}
		row := []string{name}
		for _, r := range m.at[i] {
			v := ""
			if r != nil {
				v = fig.text(fig.of(r))
			}
			row = append(row, v)
		}
		rows = append(rows, row)
	}
	if err := table(w, st.Markdown, st.Width, header, rows); err != nil {
		return err
	}
	if st.Markdown {
		fmt.Fprintln(w)
	}
	footer := sweepFooter(rs, st.Intervals) + ", --metric for another figure, --format csv for all"
	footnote(w, footer, st)
	return nil
}

// renderMatrixCSV writes the matrix of --metric as CSV: a header of the
// column cards, a row per row card.
func renderMatrixCSV(w io.Writer, m *matrix, fig metric) error {
	cw := csv.NewWriter(w)
	rows := [][]string{append([]string{m.rowRole + "\\" + m.colRole}, m.cols...)}
	for i, name := range m.rows {
		row := []string{name}
		for _, r := range m.at[i] {
			v := ""
			if r != nil {
				v = strconv.FormatFloat(fig.of(r), 'g', 12, 64)
			}
			row = append(row, v)
		}
		rows = append(rows, row)
	}
	if err := cw.WriteAll(rows); err != nil {
		return err
	}
	return cw.Error()
}

// jsonMatrix is the matrix of --metric in the JSON document.
type jsonMatrix struct {
	Metric  string      `json:"metric"`
	Rows    string      `json:"rows"`
	Columns string      `json:"columns"`
	RowKeys []string    `json:"row_cards"`
	ColKeys []string    `json:"column_cards"`
	Values  [][]float64 `json:"values"`
}

func newJSONMatrix(m *matrix, fig metric) *jsonMatrix {
	jm := &jsonMatrix{Metric: fig.String(), Rows: m.rowRole, Columns: m.colRole, RowKeys: m.rows, ColKeys: m.cols}
	for i := range m.rows {
		row := make([]float64, len(m.cols))
		for j, r := range m.at[i] {
			if r != nil {
				row[j] = round12(fig.of(r))
			}
		}
		jm.Values = append(jm.Values, row)
	}
	return jm
}

// checkRoster reports a query that --metric cannot show as a matrix: it
// needs exactly two card roles with lists and no other sweep.
func checkRoster(j *query.Query, fig metric, plotted bool) error {
	if err := fig.check(j.System.Name, j.Action); err != nil {
		return err
	}
	lists, dims := 0, 0
	for _, us := range j.Cards {
		if len(us) > 1 {
			lists++
			dims++
		}
	}
	swept := false
	for _, vs := range j.Values {
		if len(vs) > 1 {
			swept = true
			dims++
		}
	}
	switch {
	case lists == 2 && !swept: // a matrix
		return nil
	case plotted && dims == 2: // a heat map
		return nil
	case plotted:
		return flagErrorf("metric", "sweep two flags (or two card roles) for a heat map, or leave --metric out",
			"--metric: names the figure of a heat map, and this plot's grid has %d dimension(s)", dims)
	}
	return flagErrorf("metric", "for example --attacker a,b --defender c,d (or all), or two swept flags with --plot",
		"--metric: the matrix needs two card roles of several cards each and no swept flag")
}

// CheckRoster refuses, before any trial, a --metric (metricFlag, "" for
// the default) that its query's action does not have, or that names no
// figure of its answer: a roster matrix's, or with --plot (plotted) the
// heat map's of two swept flags.
func CheckRoster(j *query.Query, metricFlag string, plotted bool) error {
	return checkRoster(j, parseMetric(metricFlag), plotted)
}
