package serve

import (
	"encoding/base64"
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"

	"odds/cmd/internal/flagval"
	"odds/cmd/internal/render"
	"odds/resolve"
	"odds/sim"

	"odds/cmd/internal/query"
)

// The page of odds serve: the systems and actions, and for an action a
// form built from its parameters (names, bounds, defaults, choices, usage,
// card pickers) with the answer below it. No page code knows a system.

// pages are parsed on the first page served, not when odds starts.
var pages = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("").Funcs(template.FuncMap{
		"pct": render.Pct, "num": render.Num, "signedPct": render.SignedPct, "signedNum": render.SignedNum, "width": func(p, top float64) string {
			if top <= 0 {
				return "0"
			}
			return strconv.FormatFloat(100*p/top, 'f', 1, 64)
		},
	}).ParseFS(webFiles, "web/templates/*.html"))
})

type indexView struct {
	Systems []*resolve.System
}

func (s *Server) index(w http.ResponseWriter, r *http.Request) {
	s.render(w, http.StatusOK, "index.html", indexView{Systems: s.systems})
}

func (s *Server) render(w http.ResponseWriter, status int, name string, v any) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	if err := pages().ExecuteTemplate(w, name, v); err != nil {
		fmt.Fprintf(s.stderr, "odds: serve: %v\n", err)
	}
}

// field is one input of the form.
type field struct {
	Name, Kind, Value, Usage, Default string
	Min, Max                          int
	Choices                           []string
	Error                             string
}

type actionView struct {
	System, Action, Short, Sheet string
	Roles, Params, Run           []field
	Asked                        bool   // the query asks a question
	Error, Hint                  string // an error no field names
	Link                         string // the answer's permalink (with its seed)
	Results                      []resultView
	Compare                      []compareView
	Plot                         template.URL // a data: URL of the SVG
	Table                        string       // a sweep or roster: the CLI's compact table
}

type resultView struct {
	Title    string
	Note     string // what holds whatever the outcome
	Outcomes []outcomeView
	Top      float64
	Stats    []sim.Stat
	Footer   string
}

type outcomeView struct {
	Name, Note, CI string
	P              float64
}

type compareView struct {
	Title string
	Rows  []sim.Diff
	Exact bool
}

// actionPage shows the form of an action and, when the query asks, its
// answer.
func (s *Server) actionPage(w http.ResponseWriter, r *http.Request) {
	sys := s.system(r.PathValue("system"))
	if sys == nil || sys.Action(r.PathValue("action")) == nil {
		s.render(w, http.StatusNotFound, "index.html", indexView{Systems: s.systems})
		return
	}
	act := sys.Action(r.PathValue("action"))
	q := r.URL.Query()
	v := actionView{System: sys.Name, Action: act.Name, Short: act.Short, Sheet: act.Sheet}
	for _, vals := range q {
		v.Asked = v.Asked || slices.ContainsFunc(vals, func(x string) bool { return x != "" })
	}
	cards := s.cardsOf(sys.Name)
	for _, role := range act.Roles {
		v.Roles = append(v.Roles, field{Name: role.Name, Kind: "card", Value: q.Get(role.Name), Usage: role.Usage, Choices: cards})
	}
	for i := range act.Params {
		v.Params = append(v.Params, paramField(&act.Params[i], q.Get(act.Params[i].Name)))
	}
	v.Run = []field{
		{Name: "method", Kind: "choice", Value: q.Get("method"), Choices: sim.Methods, Default: "auto", Usage: "exact where cheap, else Monte Carlo"},
		{Name: "trials", Kind: "text", Value: q.Get("trials"), Default: "1000000", Usage: "Monte Carlo trials per result"},
		{Name: "seed", Kind: "text", Value: q.Get("seed"), Usage: "the same seed gives the same answer"},
		{Name: "precision", Kind: "text", Value: q.Get("precision"), Usage: "Monte Carlo until every 95% half-width is at most this"},
		{Name: "vs", Kind: "text", Value: q.Get("vs"), Usage: "compare with a variant: flags changed, e.g. --smoke or --attacker tank"},
		{Name: "find", Kind: "text", Value: q.Get("find"), Usage: "the value of vary at which this starts to hold, e.g. out-of-action>=0.5"},
		{Name: "vary", Kind: "text", Value: q.Get("vary"), Usage: "the numeric flag find scans, e.g. hesa"},
		{Name: "sensitivity", Kind: "text", Value: q.Get("sensitivity"), Usage: "what each modifier changes in this figure: first (the first outcome), an outcome, or mean:RESULT"},
	}
	status := http.StatusOK
	if v.Asked {
		if q.Get("seed") == "" { // the link reproduces the answer: fix the seed first
			q.Set("seed", strconv.FormatUint(flagval.RandomSeed(), 10))
			http.Redirect(w, r, r.URL.Path+"?"+q.Encode(), http.StatusFound)
			return
		}
		rep := s.run(r, sys.Name, act.Name, true) // a shape with no plot answers without one
		status = rep.status
		scheme := "http"
		if r.TLS != nil {
			scheme = "https"
		}
		v.Link = scheme + "://" + r.Host + r.URL.RequestURI()
		if rep.status != http.StatusOK {
			v.Error, v.Hint = rep.err, rep.hint
			for _, fs := range [][]field{v.Roles, v.Params, v.Run} {
				for i := range fs {
					if fs[i].Name == rep.flag {
						fs[i].Error, v.Error = rep.err, ""
					}
				}
			}
			if rep.status == http.StatusTooManyRequests {
				w.Header().Set("Retry-After", "2")
			}
		}
		if len(rep.reports) > 1 { // a sweep or roster reads best as the CLI's one table
			var b strings.Builder
			if err := render.Named("table").Results(r.Context(), &b, rep.reports, render.Style{Width: 100}); err == nil {
				v.Table = b.String()
			}
		} else {
			for _, r := range rep.reports {
				v.Results = append(v.Results, resultOf(r))
			}
		}
		for _, c := range rep.compare {
			v.Compare = append(v.Compare, compareView{Title: render.Title(c.A) + " — B: " + c.VS, Rows: c.Diffs, Exact: c.Exact})
		}
		var b strings.Builder
		switch {
		case rep.finds != nil:
			if err := render.Named("table").Find(r.Context(), &b, rep.finds, render.Style{Width: 100}); err == nil {
				v.Table = b.String()
			}
		case rep.sens != nil:
			if err := render.Named("table").Sensitivity(r.Context(), &b, rep.sens, render.Style{Width: 100}); err == nil {
				v.Table = b.String()
			}
		}
		if rep.plot != nil && (len(rep.reports) > 1 || len(rep.compare) > 0 || rep.finds != nil || rep.sens != nil) {
			v.Plot = template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(rep.plot))
		}
	}
	s.render(w, status, "action.html", v)
}

// paramField is the form field of a parameter.
func paramField(p *resolve.Param, value string) field {
	f := field{Name: p.Name, Value: value, Usage: p.Usage, Min: p.Min, Max: p.Max}
	switch p.Kind {
	case resolve.Bool:
		f.Kind = "bool"
	case resolve.Choice:
		f.Kind, f.Choices = "choice", p.Choices
	case resolve.Int:
		f.Kind = "int"
		if p.Terms {
			f.Kind = "text" // 4+2+2
		}
	default:
		f.Kind = "text"
	}
	if !p.Optional {
		f.Default = p.Format(resolve.Value{N: p.Default})
	}
	return f
}

// cardsOf lists the unit cards of a system the server holds.
func (s *Server) cardsOf(system string) []string {
	var names []string
	for _, e := range s.reg.List(system) {
		if e.Kind == "unit" {
			names = append(names, e.Name)
		}
	}
	return names
}

// resultOf is one result as the page shows it, as the CLI's table does.
func resultOf(r *report) resultView {
	v := resultView{Title: render.Title(r), Stats: r.Summary.Stats, Note: r.Note}
	if ps := render.ParamLine(r.Params); ps != "" {
		v.Title += ": " + ps
	}
	for _, o := range r.Summary.Outcomes {
		if r.Exact && o.P == 0 {
			continue
		}
		ci := "exact"
		if !r.Exact {
			ci = render.Pct(o.Lo) + " – " + render.Pct(o.Hi)
		}
		v.Outcomes = append(v.Outcomes, outcomeView{Name: o.Name, Note: r.Notes[o.Name], CI: ci, P: o.P})
		v.Top = max(v.Top, o.P)
	}
	how := "exact (" + r.How + ")"
	if !r.Exact {
		how = "monte carlo, " + query.Group(r.Trials) + " trials" + render.PrecisionNote(r.Precision, r.Ceiling, r.Trials)
	}
	v.Footer = strings.Join([]string{how, "seed " + strconv.FormatUint(r.Seed, 10), render.Elapsed(r.Elapsed)}, ", ")
	return v
}
