package answer

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"net/url"
	"strings"
	"testing"

	"odds/cmd/internal/query"
	"odds/cmd/internal/question"
	"odds/profiles"
	"odds/resolve/all"
)

// engine is an engine of the built-in systems and profiles.
func engine(t *testing.T) *Engine {
	t.Helper()
	systems := all.Systems()
	reg, err := profiles.New(systems)
	if err != nil {
		t.Fatal(err)
	}
	return &Engine{Systems: systems, Reg: reg, MaxTrials: 100_000_000}
}

// TestParseQuery: a bare name is true, an empty value is kept empty (an
// unfilled form field), repeats are kept in order, and a part that does
// not decode is bad input naming its key.
func TestParseQuery(t *testing.T) {
	v, err := ParseQuery("rof=4&leader&concealed&cover=&x=a&x=b&expr=6d6%3E%3D4")
	if err != nil {
		t.Fatal(err)
	}
	want := url.Values{"rof": {"4"}, "leader": {"true"}, "concealed": {"true"}, "cover": {""}, "x": {"a", "b"}, "expr": {"6d6>=4"}}
	if len(v) != len(want) {
		t.Fatalf("%v, want %v", v, want)
	}
	for k, w := range want {
		if strings.Join(v[k], "|") != strings.Join(w, "|") {
			t.Errorf("%s: %q, want %q", k, v[k], w)
		}
	}
	_, err = ParseQuery("hesa=3&def=%zz")
	var qe *query.Error
	if !errors.As(err, &qe) || qe.Flag != "def" {
		t.Errorf("a bad escape: %v, want an error naming def", err)
	}
}

// TestQuestionKinds: a request's values become the question of each
// kind, as the command line's flags do.
func TestQuestionKinds(t *testing.T) {
	e := engine(t)
	for _, c := range []struct {
		query, kind string
	}{
		{"hesa=3&def=1", "once"},
		{"hesa=3&def=1&vs=--smoke", "compare"},
		{"def=1&find=out-of-action>=0.5&vary=hesa", "find"},
		{"hesa=3&def=1&sensitivity=first", "sensitivity"},
		{"hesa=3&def=1&until=out-of-action&attacks=3", "until"},
	} {
		v, err := ParseQuery(c.query)
		if err != nil {
			t.Fatal(err)
		}
		x, err := e.Question(v, "opposed", "fire")
		if err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		if k := question.KindOf(x).Name(); k != c.kind {
			t.Errorf("%s: kind %s, want %s", c.query, k, c.kind)
		}
		if x.Opts.Sim.Workers != 1 {
			t.Errorf("%s: %d workers, want 1 (a request has one core)", c.query, x.Opts.Sim.Workers)
		}
	}
}

// TestRunExact: Run answers opposed fire at --hesa 3 --def 1 exactly, the
// figures counted over the 100 pairs of d10s (out of action at a margin
// a+3-b-1 of 5 or more: 28 pairs), as the CLI's JSON document.
func TestRunExact(t *testing.T) {
	e := engine(t)
	ans, err := e.Query(context.Background(), "opposed", "fire", url.Values{"hesa": {"3"}, "def": {"1"}, "seed": {"1"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Kind    string
		Results []struct {
			Exact    bool
			Outcomes []struct {
				Name string
				P    float64
			}
		}
	}
	if err := json.Unmarshal(ans.JSON, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Kind != "once" || len(doc.Results) != 1 || !doc.Results[0].Exact {
		t.Fatalf("%s", ans.JSON)
	}
	for _, o := range doc.Results[0].Outcomes {
		want := map[string]float64{"no-effect": 0.36, "fall-back": 0.19, "suppressed": 0.17, "out-of-action": 0.28}[o.Name]
		if math.Abs(o.P-want) > 1e-12 {
			t.Errorf("%s: %v, want %v", o.Name, o.P, want)
		}
	}
	if ans.Of.Kind() != "once" {
		t.Errorf("the typed answer is of kind %s", ans.Of.Kind())
	}
}

// TestQuestionRefusals: what a request gets wrong is bad input naming
// its flag, found before anything runs.
func TestQuestionRefusals(t *testing.T) {
	e := engine(t)
	for _, c := range []struct {
		query, flag, want string
	}{
		{"hesa=99&def=1", "hesa", "--hesa: want 0..12"},
		{"hesa=3&def=1&nosuch=1", "nosuch", "takes no such parameter"},
		{"hesa=3&def=1&trials=0", "trials", "--trials"},
		{"hesa=3&def=1&method=exact&precision=0.01", "precision", "exact answers need no precision target"},
		{"hesa=3&def=1&vary=hesa", "vary", "--vary: give it with --find"},
		{"hesa=3&def=1&vs=--smoke&metric=out-of-action", "vs", "--vs: give --metric without --vs"},
		{"hesa=3&def=1&attacks=3", "attacks", "--attacks: give --until OUTCOME too"},
	} {
		v, err := ParseQuery(c.query)
		if err != nil {
			t.Fatal(err)
		}
		_, err = e.Question(v, "opposed", "fire")
		msg, _, flag := Fields(err)
		if !IsBadInput(err) || flag != c.flag || !strings.Contains(msg, c.want) {
			t.Errorf("%s: %v (flag %q), want %q naming %s", c.query, err, flag, c.want, c.flag)
		}
	}
}
