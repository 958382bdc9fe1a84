package serve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"odds/cmd/internal/flagval"
	"odds/cmd/internal/query"
	"odds/cmd/internal/render"
	"odds/profiles"
	"odds/resolve"
	"odds/sim"
)

// runFlags are the run flags a request may give besides its action's.
var runFlags = []string{"method", "trials", "seed", "precision", "vs", "metric", "find", "vary", "sensitivity", "until", "attacks"}

// reply is what running one request gave: the JSON document, or the
// error read from its type.
type reply struct {
	status int // 200, 400, 429, 500 or 503
	body   []byte
	plot   []byte
	// The results themselves, for the page.
	reports []*report
	compare []*comparison
	finds   []*query.Found
	sens    []*query.Sensitivity
	err     string // the one-line message
	hint    string
	flag    string // the flag the message names, if any
}

// ask is a request's question, typed: the query, how to run it, and
// its variant and metric, if any.
type ask struct {
	q      *query.Query
	b      *query.Query // the --vs variant, if any
	opts   query.Options
	vs     string
	metric string
	// find=OUTCOME>=P&vary=FLAG, or sensitivity=METRIC (first: the
	// first outcome), as the CLI's --find, --vary and --sensitivity.
	find        *query.FindSpec
	sensitivity string
}

// ask reads a request's URL values as a question: every action
// parameter and card role by name and the run flags of runFlags, nothing
// that names a file or changes where output goes, in the order of their
// names (the first bad one is reported). Empty values are left out (an
// unfilled form field).
func (s *Server) ask(q url.Values, system, action string) (*ask, error) {
	sys := s.system(system)
	if sys == nil {
		return nil, &query.Error{Err: fmt.Errorf("no system %q", system)}
	}
	act := sys.Action(action)
	if act == nil {
		return nil, &query.Error{Err: fmt.Errorf("%s has no action %q", system, action)}
	}
	keys := make([]string, 0, len(q))
	for k := range q {
		if q[k][len(q[k])-1] != "" {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	isRole := func(k string) bool {
		return slices.ContainsFunc(act.Roles, func(r resolve.Role) bool { return r.Name == k })
	}
	for _, k := range keys {
		if act.Param(k) == nil && !slices.Contains(runFlags, k) && !isRole(k) {
			return nil, &query.Error{Err: fmt.Errorf("--%s: %s %s takes no such parameter", k, system, action)}
		}
	}
	sp := query.Spec{System: sys, Action: act, Values: map[string][]resolve.Value{}, Cards: map[string]string{}}
	trials := flagval.Count{N: 1_000_000, Min: 1, Max: 1e12}
	method := flagval.Choice{V: "auto", Choices: sim.Methods}
	var seed flagval.Seed
	var precision flagval.Prob
	var x ask
	until, attacks := "", query.DefaultAttacks
	for _, k := range keys {
		v := q[k][len(q[k])-1]
		var err error
		switch {
		case isRole(k):
			sp.Cards[k] = v
		case act.Param(k) != nil:
			var vals []resolve.Value
			if vals, err = query.ParseValue(act, k, v); err == nil {
				sp.Values[k] = append(sp.Values[k], vals...)
			}
		case k == "trials":
			err = trials.Set(v)
		case k == "method":
			err = method.Set(v)
		case k == "seed":
			err = seed.Set(v)
		case k == "precision":
			err = precision.Set(v)
		case k == "vs":
			x.vs = v
		case k == "metric":
			x.metric = v
		case k == "find", k == "vary", k == "sensitivity":
			// read once the query is built
		case k == "until":
			until = v
		case k == "attacks":
			if attacks, err = strconv.Atoi(v); err != nil || attacks < 1 || attacks > query.MaxAttacks {
				err = &query.Error{Flag: k, Err: fmt.Errorf("--attacks: want 1..%d, got %q", query.MaxAttacks, v)}
			}
		}
		var qe *query.Error
		if err != nil && !errors.As(err, &qe) {
			err = &query.Error{Flag: k, Err: fmt.Errorf("--%s: %v", k, err)}
		}
		if err != nil {
			return nil, err
		}
	}
	qq, _, err := query.New(sp, func() (*profiles.Registry, error) { return s.reg, nil })
	if err != nil {
		return nil, err
	}
	x.q = qq
	switch {
	case until == "" && q.Has("attacks"):
		return nil, &query.Error{Flag: "attacks", Err: errors.New("--attacks: give until=OUTCOME too")}
	case until != "" && (q.Has("find") || q.Has("sensitivity")):
		return nil, &query.Error{Flag: "until", Err: errors.New("--until: not with find or sensitivity")}
	case until != "" && (x.vs != "" || x.metric != ""):
		return nil, &query.Error{Flag: "until", Err: errors.New("--until: not with vs or metric")}
	case until != "":
		qq.Until = &query.Until{Outcome: until, Attacks: attacks}
	}
	opts := sim.Options{Trials: trials.N, Seed: seed.V, Workers: 1, Precision: precision.V, MaxPaths: sim.MaxPaths}
	opts.Method = sim.Method(slices.Index(sim.Methods, method.V))
	if precision.V > 0 && !trials.Given {
		opts.Trials = flagval.PrecisionCeiling
	}
	if !seed.Given {
		opts.Seed = flagval.RandomSeed()
	}
	x.opts = query.Options{Sim: opts, TrialsGiven: trials.Given, MaxTrials: s.maxTrials}
	// Everything that can be checked without running is checked here,
	// before the request waits for a core: bad input is answered 400 at
	// once, never 429.
	if err := checkPrecision(opts); err != nil {
		return nil, err
	}
	if err := x.beyond(q); err != nil {
		return nil, err
	}
	if x.vs != "" {
		if x.metric != "" {
			return nil, &query.Error{Flag: "vs", Hint: "compare one figure by reading it in the comparison", Err: errors.New("--vs: give --metric without --vs")}
		}
		if x.b, err = query.Variant(x.q, x.vs, isRunFlag, func() (*profiles.Registry, error) { return s.reg, nil }); err != nil {
			return nil, err
		}
	}
	return &x, nil
}

// answer runs a question and renders it as the CLI's --format json
// does; with plot, also its drawing (none for a shape that has none).
func (s *Server) answer(ctx context.Context, x *ask, plot bool) (reply, error) {
	rep := reply{status: http.StatusOK}
	var buf bytes.Buffer
	if x.b != nil {
		cs, err := query.Compare(ctx, x.q, x.b, x.vs, x.opts)
		if err != nil {
			return rep, err
		}
		if err := render.Named("json").Compare(ctx, &buf, cs, render.Style{}); err != nil {
			return rep, err
		}
		rep.compare, rep.body = cs, buf.Bytes()
		if plot {
			rep.plot, _ = render.ComparePlot(cs, "odds.svg")
		}
		return rep, nil
	}
	switch {
	case x.find != nil:
		fs, err := query.Find(ctx, x.q, *x.find, x.opts)
		if err != nil {
			return rep, err
		}
		if err := render.Named("json").Find(ctx, &buf, fs, render.Style{}); err != nil {
			return rep, err
		}
		rep.finds, rep.body = fs, buf.Bytes()
		if plot && len(fs) == 1 {
			rep.plot, _ = render.FindPlot(fs[0], "odds.svg")
		}
		return rep, nil
	case x.sensitivity != "":
		metric := x.sensitivity
		if metric == "first" {
			metric = ""
		}
		ss, err := query.Sensitivities(ctx, x.q, metric, x.opts)
		if err != nil {
			return rep, err
		}
		if err := render.Named("json").Sensitivity(ctx, &buf, ss, render.Style{}); err != nil {
			return rep, err
		}
		rep.sens, rep.body = ss, buf.Bytes()
		if plot && len(ss) == 1 {
			rep.plot, _ = render.SensitivityPlot(ss[0], "odds.svg")
		}
		return rep, nil
	}
	if x.metric != "" {
		x.opts.Check = func(q *query.Query) error { return render.CheckRoster(q, x.metric) }
	}
	res, err := query.Run(ctx, []*query.Query{x.q}, x.opts)
	if err != nil {
		return rep, err
	}
	if err := render.Named("json").Results(ctx, &buf, res.Results, render.Style{Metric: x.metric}); err != nil {
		return rep, err
	}
	rep.reports, rep.body = res.Results, buf.Bytes()
	if plot {
		rep.plot, _ = render.PlotReports(res.Results, x.metric, "odds.svg")
	}
	return rep, nil
}

// beyond reads find, vary and sensitivity of a request's values, and
// refuses what they do not go with, as the CLI does.
func (x *ask) beyond(q url.Values) error {
	find, vary, sens := q.Get("find"), q.Get("vary"), q.Get("sensitivity")
	flag := ""
	switch {
	case vary != "" && find == "":
		return flagErrorf("vary", "for example find=out-of-action>=0.5&vary=hesa", "--vary: give it with --find")
	case find != "" && sens != "":
		return flagErrorf("sensitivity", "ask one question a request", "--sensitivity: not with --find")
	case find != "":
		flag = "find"
	case sens != "":
		flag = "sensitivity"
	default:
		return nil
	}
	switch {
	case x.vs != "":
		return flagErrorf(flag, "ask one question a request", "--%s: not with --vs", flag)
	case x.metric != "":
		return flagErrorf(flag, "sensitivity=METRIC names the figure", "--%s: not with --metric", flag)
	}
	if find != "" {
		fs, err := query.ParseFind(x.q, find, vary)
		if err != nil {
			return err
		}
		x.find = &fs
	}
	x.sensitivity = sens
	return nil
}

// checkPrecision refuses a precision target on exact answers, as the
// CLI's options do.
func checkPrecision(opts sim.Options) error {
	if opts.Precision > 0 && opts.Method == sim.Exact {
		return flagErrorf("precision", "", "--precision: exact answers need no precision target (drop --precision or use --method auto|mc)")
	}
	return nil
}

// run answers the request's question on one core, waiting for a free
// one at most QueueWait.
func (s *Server) run(r *http.Request, system, action string, plot bool) reply {
	x, err := s.ask(r.URL.Query(), system, action)
	if err != nil {
		return errorReply(http.StatusBadRequest, err)
	}
	wait := time.NewTimer(QueueWait)
	defer wait.Stop()
	select {
	case s.slots <- struct{}{}:
		defer func() { <-s.slots }()
	case <-wait.C:
		return reply{status: http.StatusTooManyRequests, err: "busy: every core is running a request; try again shortly"}
	case <-r.Context().Done():
		return reply{status: http.StatusServiceUnavailable, err: "the request was cancelled"}
	}
	ctx, cancel := context.WithTimeout(r.Context(), runLimit)
	defer cancel()
	rep, err := s.answer(ctx, x, plot)
	switch {
	case err == nil:
		return rep
	case ctx.Err() != nil:
		return reply{status: http.StatusServiceUnavailable, err: fmt.Sprintf("the run took longer than %s, or the client went away", runLimit)}
	}
	var qe *query.Error
	if errors.As(err, &qe) {
		return errorReply(http.StatusBadRequest, err)
	}

	return reply{status: http.StatusInternalServerError, err: err.Error()}
}

// errorReply is bad input as the API reports it: the message, its hint
// and the flag it names, read from the error's type.
func errorReply(status int, err error) reply {
	rep := reply{status: status, err: oneLine(err.Error())}
	var qe *query.Error
	if errors.As(err, &qe) {
		rep.hint, rep.flag = qe.Hint, qe.Flag
	}
	return rep
}

// flagErrorf is bad input that names its flag (a query.Error): the
// server reports the flag beside the form's field.
func flagErrorf(flag, hint, format string, args ...any) error {
	return &query.Error{Flag: flag, Hint: hint, Err: fmt.Errorf(format, args...)}
}

// oneLine is a message on one line, as odds prints errors.
func oneLine(msg string) string { return strings.ReplaceAll(msg, "\n", " ") }

// isRunFlag reports whether name is a flag of the run (the root's
// persistent flags), which --vs refuses: a test checks the list against
// the root command.
func isRunFlag(name string) bool { return slices.Contains(PersistentFlags, name) }

var PersistentFlags = []string{"trials", "seed", "workers", "method", "precision", "format", "out", "intervals", "metric", "plot", "quiet", "shard", "max-paths", "profiles"}

// ErrorFields are bad input's message (on one line), hint and flag, as
// the API reports them and odds batch writes a failed line.
func ErrorFields(err error) (msg, hint, flag string) {
	rep := errorReply(0, err)
	return rep.err, rep.hint, rep.flag
}
