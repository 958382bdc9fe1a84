package render

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"

	"odds/cmd/internal/query"
	"odds/sim"
)

// Engagements (odds engage, question.Engage): P(A wins), P(B wins),
// P(both out), P(neither within the rounds), the mean rounds of the
// exchanges that end, by round, each side's state at the end and, with
// points, the points each side expects to lose and the points traded.

type engagement = query.Engagement

// EngageWriters write engagements in each format.
var EngageWriters = Writers[[]*engagement]{
	"table": func(ctx context.Context, w io.Writer, es []*engagement, st Style) error {
		if len(es) > 1 {
			return engageMany(ctx, w, es, Style{Width: st.Width, Metric: st.Metric})
		}
		return engageText(ctx, w, es, Style{Width: st.Width, Metric: st.Metric})
	},
	"markdown": func(ctx context.Context, w io.Writer, es []*engagement, st Style) error {
		if len(es) > 1 {
			return engageMany(ctx, w, es, Style{Markdown: true, Width: st.Width, Metric: st.Metric})
		}
		return engageText(ctx, w, es, Style{Markdown: true, Width: st.Width, Metric: st.Metric})
	},
	"csv": func(ctx context.Context, w io.Writer, es []*engagement, _ Style) error { return engageCSV(ctx, w, es) },
	"json": func(ctx context.Context, w io.Writer, es []*engagement, st Style) error {
		return engageJSON(ctx, w, es, st.Compact)
	},
}

// SideTitle is a side's attack as titles show it: system, action, cards
// and the parameters given.
func SideTitle(s query.Side) string {
	t := s.System + " " + s.Action
	for _, c := range s.Cards {
		t += fmt.Sprintf(" %s=%v", c.Name, c.Value)
	}
	if ps := ParamLine(s.Params); ps != "" {
		t += ": " + ps
	}
	return t
}

// EngageOrder says how the sides take their turns and how the exchange
// ends, as titles show it.
func EngageOrder(e *engagement) string {
	turns := "A first"
	switch {
	case e.Spec.Simultaneous:
		turns = "simultaneous"
	case e.Spec.First == 1:
		turns = "B first"
	}
	ends := "until a side is out of the fight"
	if e.Spec.Ends != "" {
		ends = "until " + e.Spec.Ends + " or out of the fight"
	}
	rounds := "rounds"
	if e.Spec.Rounds == 1 {
		rounds = "round"
	}
	out := fmt.Sprintf("%s, %s, up to %d %s", turns, ends, e.Spec.Rounds, rounds)
	for _, r := range readingsOf(e) {
		out += ", " + r
	}
	return out
}

// readingsOf are the readings chosen, by name, sorted.
func readingsOf(e *engagement) []string {
	var rs []string
	for name, on := range e.Spec.Readings {
		if on {
			rs = append(rs, name)
		}
	}
	slices.Sort(rs)
	return rs
}

// engageRows are the engagement's outcomes as table rows: both-out only
// where it can happen (simultaneous).
func engageRows(e *engagement) ([]string, []sim.Interval) {
	names := []string{"A wins", "B wins", "both out", fmt.Sprintf("neither within %d", e.Spec.Rounds)}
	ivs := []sim.Interval{e.AWins, e.BWins, e.Both, e.Neither}
	if !e.Spec.Simultaneous {
		names = append(names[:2], names[3])
		ivs = append(ivs[:2], ivs[3])
	}
	return names, ivs
}

// shownRounds is how many rounds a table lists: up to the round by which
// all but 0.5% of the exchanges that end have ended, at least 3.
func shownRounds(e *engagement) int {
	last := len(e.ByRound)
	total := 1 - e.Neither.P
	for k, r := range e.ByRound {
		if k+1 >= 3 && r.CumA+r.CumB+r.CumBoth >= total-0.005 {
			return k + 1
		}
	}
	return last
}

// engageText writes each engagement as tables: the outcomes, the rounds,
// the states at the end, then the points and the footer.
func engageText(ctx context.Context, w io.Writer, es []*engagement, st Style) error {
	for i, e := range es {
		if err := ctx.Err(); err != nil {
			return err
		}
		if i > 0 {
			fmt.Fprintln(w)
		}
		heading(w, "engagement: A "+SideTitle(e.A)+" — B "+SideTitle(e.B)+" — "+EngageOrder(e), st)
		names, ivs := engageRows(e)
		rows := make([][]string, len(names))
		for k, n := range names {
			rows[k] = []string{n, Pct(ivs[k].P), ciText(e.Exact, ivs[k])}
		}
		if err := barTable(w, st, []string{"outcome", "p", "95% ci", ""}, rows, ivs); err != nil {
			return err
		}
		if st.Markdown {
			fmt.Fprintln(w)
		}
		line := "mean rounds of the exchanges that end: " + meanText(e.MeanRounds)
		if !math.IsNaN(e.Lost[0]) && !math.IsNaN(e.Lost[1]) {
			line += fmt.Sprintf("; points lost: A %s of %s, B %s of %s; points traded (B's lost − A's): %s",
				Num(e.Lost[0]), Num(e.A.Points), Num(e.Lost[1]), Num(e.B.Points), SignedNum(e.Traded))
		}
		if IsPer100(st.Metric) {
			line += "; " + st.Metric + ": " + engageFigureText(engageFigure(e, st.Metric), st.Metric)
		}
		fmt.Fprintln(w, Wrap(Phrases(line), " ", st.Width, "  "))
		if st.Markdown {
			fmt.Fprintln(w)
		}
		n := shownRounds(e)
		rows = nil
		for _, r := range e.ByRound[:n] {
			row := []string{strconv.Itoa(r.Round), Pct(r.CumA), Pct(r.CumB)}
			if e.Spec.Simultaneous {
				row = append(row, Pct(r.CumBoth))
			}
			rows = append(rows, append(row, Pct(r.CumN)))
		}
		head := []string{"by round", "A won", "B won"}
		if e.Spec.Simultaneous {
			head = append(head, "both out")
		}
		if err := table(w, st.Markdown, st.Width, append(head, "going on"), rows); err != nil {
			return err
		}
		if st.Markdown {
			fmt.Fprintln(w)
		}
		if n < len(e.ByRound) {
			fmt.Fprintf(w, "rounds %d to %d: csv and json list them\n", n+1, len(e.ByRound))
			if st.Markdown {
				fmt.Fprintln(w)
			}
		}
		rows = nil
		sa, sb := endStates(e.StatesA), endStates(e.StatesB)
		for k := range max(len(sa), len(sb)) {
			row := []string{"", "", "", ""}
			if k < len(sa) {
				row[0], row[1] = sa[k].Name, Pct(sa[k].P)
			}
			if k < len(sb) {
				row[2], row[3] = sb[k].Name, Pct(sb[k].P)
			}
			rows = append(rows, row)
		}
		if err := table(w, st.Markdown, st.Width, []string{"A at the end", "p", "B at the end", "p"}, rows); err != nil {
			return err
		}
		if st.Markdown {
			fmt.Fprintln(w)
		}
		footnote(w, engageFooter(e), st)
	}
	return nil
}

// endStates are the states a side ends in with some probability (exact:
// reachable; Monte Carlo: seen).
func endStates(ss []query.StateShare) []query.StateShare {
	var out []query.StateShare
	for _, s := range ss {
		if s.P > 0 {
			out = append(out, s)
		}
	}
	return out
}

func engageFooter(e *engagement) string {
	if e.Exact {
		return fmt.Sprintf("exact: a Markov chain over %d×%d states of the two sides, %s", e.States[0], e.States[1], Elapsed(e.Elapsed))
	}
	rate := ""
	if s := e.Elapsed.Seconds(); s > 0 {
		rate = fmt.Sprintf(", %s engagements/s", si(float64(e.Trials)/s))
	}
	return fmt.Sprintf("monte carlo: %s engagements, seed %d, %d workers, %s%s", query.Group(e.Trials), e.Seed, e.Workers, Elapsed(e.Elapsed), rate) +
		PrecisionNote(e.Precision, e.Ceiling, e.Trials)
}

// jsonSide is a side in JSON.
type jsonSide struct {
	System string     `json:"system"`
	Action string     `json:"action"`
	Cards  jsonParams `json:"cards,omitempty"`
	Params jsonParams `json:"params"`
	Points *float64   `json:"points,omitempty"`
}

func newJSONSide(s query.Side) jsonSide {
	js := jsonSide{System: s.System, Action: s.Action, Cards: jsonParams(s.Cards), Params: jsonParams(s.Params)}
	if !math.IsNaN(s.Points) {
		p := s.Points
		js.Points = &p
	}
	return js
}

// jsonRound is one round of an engagement in JSON: the share of
// exchanges that end in it, by winner.
type jsonRound struct {
	Round int     `json:"round"`
	A     float64 `json:"a"`
	B     float64 `json:"b"`
	Both  float64 `json:"both"`
}

// jsonEngagement is an engagement in JSON (docs/reference.md lists the
// keys).
type jsonEngagement struct {
	A            jsonSide      `json:"a"`
	B            jsonSide      `json:"b"`
	First        string        `json:"first"` // a, b, or simultaneous
	Rounds       int           `json:"rounds"`
	Ends         string        `json:"ends"`     // out-of-the-fight, or an outcome
	Readings     []string      `json:"readings"` // where a sheet is silent: the readings chosen
	Exact        bool          `json:"exact"`
	How          string        `json:"how"`
	Trials       int64         `json:"trials"`
	Seed         uint64        `json:"seed"`
	States       [2]int        `json:"states"`
	Outcomes     []jsonOutcome `json:"outcomes"`
	MeanRounds   *float64      `json:"mean_rounds"` // null when no exchange ends
	ByRound      []jsonRound   `json:"by_round"`
	StatesA      []jsonOutcome `json:"states_a"`
	StatesB      []jsonOutcome `json:"states_b"`
	PointsLost   *[2]float64   `json:"points_lost,omitempty"` // A's, B's: with both sides' points
	PointsTraded *float64      `json:"points_traded,omitempty"`
}

// engageFirst is --first as documents name it.
func engageFirst(e *engagement) string {
	switch {
	case e.Spec.Simultaneous:
		return "simultaneous"
	case e.Spec.First == 1:
		return "b"
	}
	return "a"
}

func engageEnds(e *engagement) string {
	if e.Spec.Ends == "" {
		return "out-of-the-fight"
	}
	return e.Spec.Ends
}

func engageJSON(ctx context.Context, w io.Writer, es []*engagement, compact bool) error {
	doc := struct {
		Kind        string           `json:"kind"`
		Engagements []jsonEngagement `json:"engagements"`
	}{Kind: "engage", Engagements: []jsonEngagement{}}
	for _, e := range es {
		if err := ctx.Err(); err != nil {
			return err
		}
		je := jsonEngagement{A: newJSONSide(e.A), B: newJSONSide(e.B), First: engageFirst(e), Rounds: e.Spec.Rounds, Ends: engageEnds(e), Readings: append([]string{}, readingsOf(e)...),
			Exact: e.Exact, How: e.How, Trials: e.Trials, Seed: e.Seed, States: e.States}
		for k, iv := range []sim.Interval{e.AWins, e.BWins, e.Both, e.Neither} {
			je.Outcomes = append(je.Outcomes, outcomeJSON(query.EngageOutcomes[k], iv))
		}
		if !math.IsNaN(e.MeanRounds) {
			m := round12(e.MeanRounds)
			je.MeanRounds = &m
		}
		for _, r := range e.ByRound {
			je.ByRound = append(je.ByRound, jsonRound{Round: r.Round, A: round12(r.A), B: round12(r.B), Both: round12(r.Both)})
		}
		for _, s := range e.StatesA {
			je.StatesA = append(je.StatesA, outcomeJSON(s.Name, s.Interval))
		}
		for _, s := range e.StatesB {
			je.StatesB = append(je.StatesB, outcomeJSON(s.Name, s.Interval))
		}
		if !math.IsNaN(e.Traded) {
			lost, traded := [2]float64{round12(e.Lost[0]), round12(e.Lost[1])}, round12(e.Traded)
			je.PointsLost, je.PointsTraded = &lost, &traded
		}
		doc.Engagements = append(doc.Engagements, je)
	}
	return encodeJSON(w, doc, compact)
}

// engageCSV writes a row per engagement: each side's system, action,
// cards and parameters (a_, b_), the order, then p_, lo_, hi_ of each
// outcome, the mean rounds, A's and B's won-by-round k, each side's
// states at the end, the points, trials, seed, exact.
func engageCSV(ctx context.Context, w io.Writer, es []*engagement) error {
	var aCols, bCols, saCols, sbCols columns
	rounds := 0
	for _, e := range es {
		for _, p := range append(e.A.Cards, e.A.Params...) {
			aCols.add(p.Name)
		}
		for _, p := range append(e.B.Cards, e.B.Params...) {
			bCols.add(p.Name)
		}
		for _, s := range e.StatesA {
			saCols.add(s.Name)
		}
		for _, s := range e.StatesB {
			sbCols.add(s.Name)
		}
		rounds = max(rounds, e.Spec.Rounds)
	}
	head := []string{"a_system", "a_action"}
	for _, n := range aCols.names {
		head = append(head, "a_"+n)
	}
	head = append(head, "b_system", "b_action")
	for _, n := range bCols.names {
		head = append(head, "b_"+n)
	}
	head = append(head, "first", "rounds", "ends")
	for _, o := range query.EngageOutcomes {
		head = append(head, "p_"+o, "lo_"+o, "hi_"+o)
	}
	head = append(head, "mean_rounds")
	for k := 1; k <= rounds; k++ {
		head = append(head, fmt.Sprintf("p_a_by_%d", k), fmt.Sprintf("p_b_by_%d", k))
	}
	for _, s := range saCols.names {
		head = append(head, "p_a_state_"+s)
	}
	for _, s := range sbCols.names {
		head = append(head, "p_b_state_"+s)
	}
	head = append(head, "a_points", "b_points", "a_points_lost", "b_points_lost", "points_traded", "trials", "seed", "exact")
	cw := csv.NewWriter(w)
	if err := cw.Write(head); err != nil {
		return err
	}
	f := func(x float64) string {
		if math.IsNaN(x) {
			return ""
		}
		return strconv.FormatFloat(round12(x), 'g', -1, 64)
	}
	values := func(cols []string, ins []query.Input) []string {
		by := map[string]string{}
		for _, p := range ins {
			by[p.Name] = fmt.Sprint(p.Value)
		}
		out := make([]string, len(cols))
		for i, c := range cols {
			out[i] = by[c]
		}
		return out
	}
	states := func(cols []string, ss []query.StateShare) []string {
		by := map[string]float64{}
		for _, s := range ss {
			by[s.Name] = s.P
		}
		out := make([]string, len(cols))
		for i, c := range cols {
			out[i] = f(by[c])
		}
		return out
	}
	for _, e := range es {
		if err := ctx.Err(); err != nil {
			return err
		}
		row := append([]string{e.A.System, e.A.Action}, values(aCols.names, append(e.A.Cards, e.A.Params...))...)
		row = append(row, e.B.System, e.B.Action)
		row = append(row, values(bCols.names, append(e.B.Cards, e.B.Params...))...)
		row = append(row, engageFirst(e), strconv.Itoa(e.Spec.Rounds), engageEnds(e))
		for _, iv := range []sim.Interval{e.AWins, e.BWins, e.Both, e.Neither} {
			row = append(row, f(iv.P), f(iv.Lo), f(iv.Hi))
		}
		row = append(row, f(e.MeanRounds))
		for k := range rounds {
			if k < len(e.ByRound) {
				row = append(row, f(e.ByRound[k].CumA), f(e.ByRound[k].CumB))
			} else {
				row = append(row, "", "")
			}
		}
		row = append(row, states(saCols.names, e.StatesA)...)
		row = append(row, states(sbCols.names, e.StatesB)...)
		row = append(row, f(e.A.Points), f(e.B.Points), f(e.Lost[0]), f(e.Lost[1]), f(e.Traded),
			strconv.FormatInt(e.Trials, 10), strconv.FormatUint(e.Seed, 10), strconv.FormatBool(e.Exact))
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
