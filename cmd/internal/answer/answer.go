package answer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"odds/cmd/internal/query"
	"odds/cmd/internal/question"
	"odds/cmd/internal/render"
	"odds/profiles"
	"odds/resolve"
)

// Engine answers questions with the systems and profiles it holds.
type Engine struct {
	Systems []*resolve.System
	Reg     *profiles.Registry
	// Load, when Reg is nil, gives the registry when a question first
	// needs it (a card, a system's dice): the page's engine answers a
	// question without cards before parsing the built-in profiles.
	// Callers make it run once (sync.OnceValues).
	Load      func() (*profiles.Registry, error)
	MaxTrials int64 // Monte Carlo trials one question may run in all (0: no bound)

	questions questionCache // the questions asked most recently, compiled
}

// registry is the engine's profiles: Reg, or what Load gives.
func (e *Engine) registry() (*profiles.Registry, error) {
	if e.Reg != nil || e.Load == nil {
		return e.Reg, nil
	}
	return e.Load()
}

// Question is a request's question, typed: the question layer's
// settings, read from the request's values.
type Question = question.Settings

// Answer is a question's answer: the CLI's --format json document and
// the typed answer it renders (odds serve draws it).
type Answer struct {
	JSON []byte
	Of   question.Answer
}

// Progress is told of a Monte Carlo run's trials: done of total (total
// -1 when a precision target leaves it unknown).
type Progress func(done, total int64)

// System is the engine's system of that name, or nil.
func (e *Engine) System(name string) *resolve.System {
	return resolve.Named(e.Systems, name)
}

// Question reads a request's URL values as a question: every action
// parameter and card role by name and the run settings of runDocs, nothing
// that names a file or changes where output goes, in the order of their
// names (the first bad one is reported). Empty values are left out (an
// unfilled form field). Everything that can be checked without running
// is checked here.
func (e *Engine) Question(q url.Values, system, action string) (*Question, error) {
	s := newSettings()
	s.fromURL(q)
	return e.question(system, action, givenKeys(q), func(k string) string { return q[k][len(q[k])-1] }, s)
}

// LineQuestion reads a query object of odds batch as Question reads the
// same values from a URL, with the same refusals: the doc's settings are
// taken as they are typed, its parameters' and cards' texts (Line.Values)
// parsed as flags are.
func (e *Engine) LineQuestion(d *query.Line) (*Question, error) {
	s := newSettings()
	s.beyond(d.Find, d.Vary, d.Sensitivity, d.Then, d.Attacks != "")
	vals := d.Values()
	return e.question(d.System, d.Action, lineKeys(vals), func(k string) string { return vals[k] }, s)
}

// lineKeys are the names of a Line's values (Line.Values) but those empty,
// sorted, as givenKeys are a request's.
func lineKeys(vals map[string]string) []string {
	keys := make([]string, 0, len(vals))
	for k, v := range vals {
		if v != "" {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// question reads the values a door gives by name (keys, sorted: the
// first bad one is reported; value gives each one's text) as a question
// of system's action: a parameter's value parsed as its flag's, a card
// role's card, or a run setting into s; then the query is built and
// settled with s.
func (e *Engine) question(system, action string, keys []string, value func(k string) string, s *settings) (*Question, error) {
	var buf [256]byte
	key := questionKey(buf[:0], system, action, keys, value, s)
	if x := e.questions.get(key); x != nil {
		return x, nil
	}
	sys := e.System(system)
	if sys == nil {
		return nil, &query.Error{Err: fmt.Errorf("no system %q", system)}
	}
	act := sys.Action(action)
	if act == nil {
		return nil, &query.Error{Err: fmt.Errorf("%s has no action %q", system, action)}
	}
	isRole := func(k string) bool {
		return slices.ContainsFunc(act.Roles, func(r resolve.Role) bool { return r.Name == k })
	}
	for _, k := range keys {
		if act.Param(k) == nil && !isRunSetting(k) && !isRole(k) {
			return nil, &query.Error{Flag: k, Err: fmt.Errorf("--%s: %s %s takes no such parameter", k, system, action)}
		}
	}
	sp := query.Spec{System: sys, Action: act, Values: map[string][]resolve.Value{}, Cards: map[string]string{}}
	for _, k := range keys {
		v := value(k)
		var err error
		switch {
		case isRole(k):
			sp.Cards[k] = v
		case act.Param(k) != nil:
			var vals []resolve.Value
			if vals, err = query.ParseValue(act, k, v); err == nil {
				sp.Values[k] = vals // keys are distinct: nothing to append to
			}
		default:
			err = s.read(k, v)
		}
		if err != nil {
			return nil, err
		}
	}
	qq, _, err := query.New(sp, e.registry)
	if err != nil {
		return nil, err
	}
	x, err := e.settle(qq, s)
	if err != nil {
		return nil, err
	}
	e.questions.put(key, x, s.run)
	return x, nil
}

// newRun are a request's run settings before its values are read: the
// command line's defaults on one core (a request has one).
func newRun() question.Run {
	r := question.NewRun()
	r.Workers.N = 1
	return r
}

// Run runs a question and renders it as the CLI's --format json does,
// telling progress (if not nil) of its Monte Carlo trials.
func (e *Engine) Run(ctx context.Context, x *Question, progress Progress) (*Answer, error) {
	return e.RunInto(ctx, x, progress, new(bytes.Buffer))
}

// RunInto is Run rendering into buf, whose bytes the answer's JSON then
// is: a server keeps one buffer a request between answers rather than
// growing a new one for every document.
func (e *Engine) RunInto(ctx context.Context, x *Question, progress Progress, buf *bytes.Buffer) (*Answer, error) {
	return e.run(ctx, x, progress, buf, false)
}

// run is RunInto, its document compact (render.Style.Compact: a batch
// line, the page's reply) or indented.
func (e *Engine) run(ctx context.Context, x *Question, progress Progress, buf *bytes.Buffer, compact bool) (*Answer, error) {
	s := x
	if progress != nil { // watched on a copy: x is the caller's (or the cache's)
		c := *x
		watch(&c.Opts, progress)
		s = &c
	}
	ans, err := question.Ask(ctx, s)
	if err != nil {
		return nil, err
	}
	if err := ans.Write(ctx, buf, "json", render.Style{Metric: x.Metric, Compact: compact}); err != nil {
		return nil, err
	}
	return &Answer{JSON: buf.Bytes(), Of: ans}, nil
}

// Query is Question then Run: the page's query op (its document compact,
// as the page's reply carries it).
func (e *Engine) Query(ctx context.Context, system, action string, q url.Values, progress Progress) (*Answer, error) {
	x, err := e.Question(q, system, action)
	if err != nil {
		return nil, err
	}
	return e.run(ctx, x, progress, new(bytes.Buffer), true)
}

// watch sets opts to tell progress of the run's trials as they finish,
// at most ten times a second (and at the end).
func watch(opts *query.Options, progress Progress) {
	if progress == nil {
		return
	}
	var mu sync.Mutex
	var total, done int64
	var last time.Time
	opts.Start = func(trials int64) { total = trials }
	opts.Sim.Progress = func(n int64) {
		mu.Lock()
		defer mu.Unlock()
		done += n
		if now := time.Now(); now.Sub(last) >= 100*time.Millisecond || done == total {
			last = now
			progress(done, total)
		}
	}
}

// Fields are bad input's message (on one line), hint and flag, as the
// API reports them and odds batch writes a failed line.
func Fields(err error) (msg, hint, flag string) {
	msg = strings.ReplaceAll(err.Error(), "\n", " ")
	var qe *query.Error
	if errors.As(err, &qe) {
		hint, flag = qe.Hint, qe.Flag
	}
	return msg, hint, flag
}

// IsBadInput reports whether err is the asker's fault (HTTP 400), not
// the engine's.
func IsBadInput(err error) bool {
	var qe *query.Error
	return errors.As(err, &qe)
}
