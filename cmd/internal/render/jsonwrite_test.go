package render

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"odds/cmd/internal/query"
	"odds/resolve/roll"
	"odds/sim"
)

// encodedResult is newJSONResult(r) as encoding/json writes it inside the
// document, at depth 2: what renderJSON wrote before jsonw.
func encodedResult(t *testing.T, r *result) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("    ", "  ")
	if err := enc.Encode(newJSONResult(r)); err != nil {
		t.Fatal(err)
	}
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

// writtenResult is jsonw's encoding of r at depth 2, or compact.
func writtenResult(r *result, compact bool) (string, error) {
	w := jsonw{depth: 2, compact: compact}
	w.result(r)
	return string(w.b), w.err
}

// Floats and strings whose encodings differ between careless encoders.
var (
	edgeFloats = []float64{0, math.Copysign(0, -1), 1, -1, 0.1 + 0.2, 1e-7, 1e-6, 9.999999e-7, 1.5e-300, 5e-324,
		1e20, 1e21, 123456789012345678901234.0, 1e-21, 0.000001234, 2.5, 1.0 / 3, math.MaxFloat64, -math.MaxFloat64,
		1 << 53, 1<<53 + 2, 0.015625000000000007, 99.99999999999, 1e100, -2.5e-8}
	edgeStrings = []string{"", "rifle-squad", `a"b`, `a\b`, "d10 > 3 < 4 & é", "tab\t", "\b\f\n\r\x00\x01\x1f\x7f",
		"<script>&amp;</script>", "naïve ∑ 日本語 🎲", "\u2028\u2029", "bad \xff\xfe utf8 \xe2\x80", "–", "'single'", "/slash/"}
	edgeValues = []any{0, -3, 1 << 40, math.MaxInt64, math.MinInt64, true, false, 2.5, nil, []int{1, 2}, []string{"a<b", "c"},
		map[string]int{"z": 1, "a": 2}, int64(-7), uint64(math.MaxUint64), 1e21, struct{}{}, []int{}}
)

// TestJSONWriterEdgeCases: every edge-case float and string, in every
// place a result holds one, is written as encoding/json writes it.
func TestJSONWriterEdgeCases(t *testing.T) {
	base := rollResult(t)
	for i, f := range edgeFloats {
		s := edgeStrings[i%len(edgeStrings)]
		r := resultWithParams(t, base, paramsOf(edgeValues, edgeStrings))
		r.System, r.Action, r.How, r.Note, r.Matchup = s, s, s, s, s
		r.Leftover = f
		r.Elapsed = time.Duration(int64(i) * 1234567)
		iv := sim.Interval{P: f, Lo: -f, Hi: f / 3}
		r.Summary = sim.Summary{
			Outcomes: []sim.Outcome{{Name: s, Interval: iv, AtLeast: iv, AtMost: sim.Interval{P: f}}},
			Stats:    []sim.Stat{{Name: s, Mean: f, SD: f, Median: f, P5: -f, P95: f, AtLeast: []sim.Interval{iv, iv}}},
			Numeric:  i%2 == 0,
		}
		r.Notes = map[string]string{s: s}
		r.Cards = []query.Input{{Name: s, Value: s}}
		r.Chain = &query.Chain{Until: s, Attacks: i, ByAttack: []sim.Interval{iv, {P: f, Lo: f, Hi: f}, {P: f, Lo: f, Hi: -f}}, NotReached: iv, MeanIfReached: f,
			States: []query.StateShare{{Name: s, Interval: iv}}}
		compareResult(t, r)
	}
	// An empty result: no outcomes (null), no stats ({}), no parameters
	// ({}), no chain, and a chain that reached nothing.
	empty := resultWithParams(t, base, nil)
	empty.Summary, empty.Notes, empty.Cards = sim.Summary{}, nil, nil
	compareResult(t, empty)
	empty.Summary.Outcomes = []sim.Outcome{}
	empty.Chain = &query.Chain{MeanIfReached: math.NaN()}
	empty.SharedDice = true
	compareResult(t, empty)
}

// TestJSONWriterRandom: random results, written by jsonw and encoded by
// encoding/json, agree byte for byte.
func TestJSONWriterRandom(t *testing.T) {
	base := rollResult(t)
	rng := rand.New(rand.NewPCG(7, 25))
	float := func() float64 {
		switch rng.IntN(6) {
		case 0:
			return edgeFloats[rng.IntN(len(edgeFloats))]
		case 1:
			for { // any finite bit pattern
				if f := math.Float64frombits(rng.Uint64()); !math.IsNaN(f) && !math.IsInf(f, 0) {
					return f
				}
			}
		case 2:
			return float64(rng.IntN(2000)-1000) / float64(1+rng.IntN(64))
		case 3:
			return rng.NormFloat64() * math.Pow(10, float64(rng.IntN(60)-30))
		default:
			return rng.Float64()
		}
	}
	str := func() string {
		if rng.IntN(3) == 0 {
			return edgeStrings[rng.IntN(len(edgeStrings))]
		}
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		return string(b)
	}
	interval := func() sim.Interval { return sim.Interval{P: float(), Lo: float(), Hi: float()} }
	for range 2000 {
		var params []query.Input
		for range rng.IntN(8) {
			var v any
			switch rng.IntN(4) {
			case 0:
				v = rng.IntN(1<<20) - 1<<19
			case 1:
				v = rng.IntN(2) == 0
			case 2:
				v = str()
			default:
				v = edgeValues[rng.IntN(len(edgeValues))]
			}
			src := ""
			if rng.IntN(3) == 0 {
				src = str()
			}
			params = append(params, query.Input{Name: str(), Value: v, Source: src})
		}
		r := resultWithParams(t, base, params)
		r.System, r.Action, r.How = str(), str(), str()
		if rng.IntN(2) == 0 {
			r.Matchup, r.Note = str(), str()
		}
		r.Trials, r.Seed, r.Exact = rng.Int64(), rng.Uint64(), rng.IntN(2) == 0
		r.Leftover = 0
		if rng.IntN(2) == 0 {
			r.Leftover = float()
		}
		r.Elapsed = time.Duration(rng.Int64N(1 << 50))
		r.SharedDice = rng.IntN(2) == 0
		r.Cards = nil
		for range rng.IntN(3) {
			r.Cards = append(r.Cards, query.Input{Name: str(), Value: str()})
		}
		r.Summary = sim.Summary{Numeric: rng.IntN(2) == 0}
		r.Notes = map[string]string{}
		if rng.IntN(5) > 0 {
			r.Summary.Outcomes = []sim.Outcome{}
			for range rng.IntN(5) {
				o := sim.Outcome{Name: str(), Interval: interval(), AtLeast: interval(), AtMost: interval()}
				if rng.IntN(2) == 0 {
					r.Notes[o.Name] = str()
				}
				r.Summary.Outcomes = append(r.Summary.Outcomes, o)
			}
		}
		for range rng.IntN(3) {
			s := sim.Stat{Name: str(), Mean: float(), SD: float(), Median: float(), P5: float(), P95: float()}
			for range rng.IntN(3) {
				s.AtLeast = append(s.AtLeast, interval())
			}
			r.Summary.Stats = append(r.Summary.Stats, s)
		}
		r.Chain = nil
		if rng.IntN(4) == 0 {
			c := &query.Chain{Until: str(), Attacks: rng.IntN(10), NotReached: interval(), MeanIfReached: float()}
			if rng.IntN(3) == 0 {
				c.MeanIfReached = math.NaN()
			}
			for range rng.IntN(4) {
				c.ByAttack = append(c.ByAttack, interval())
			}
			for range rng.IntN(4) {
				c.States = append(c.States, query.StateShare{Name: str(), Interval: interval()})
			}
			r.Chain = c
		}
		compareResult(t, r)
	}
}

// TestJSONWriterUnsupported: a NaN or an infinity is an error, as
// encoding/json's, not a document that no reader accepts.
func TestJSONWriterUnsupported(t *testing.T) {
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		r := resultWithParams(t, rollResult(t), nil)
		r.Summary.Stats = []sim.Stat{{Name: "x", Mean: 1, SD: f}}
		if _, err := writtenResult(r, false); err == nil {
			t.Errorf("%v: no error", f)
		}
		var b bytes.Buffer
		if err := renderJSON(context.Background(), &b, []*result{r}, "", false); err == nil {
			t.Errorf("%v: renderJSON: no error", f)
		}
	}
}

func compareResult(t *testing.T, r *result) {
	t.Helper()
	want := encodedResult(t, r)
	got, err := writtenResult(r, false)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Fatalf("jsonw wrote\n%s\nencoding/json\n%s", got, want)
	}
	var compacted bytes.Buffer
	if err := json.Compact(&compacted, []byte(want)); err != nil {
		t.Fatal(err)
	}
	if got, err = writtenResult(r, true); err != nil {
		t.Fatal(err)
	}
	if got != compacted.String() {
		t.Fatalf("jsonw wrote compact\n%s\njson.Compact\n%s", got, compacted.String())
	}
}

// rollResult is a real result (an exact d6) to vary.
func rollResult(t *testing.T) *result {
	t.Helper()
	e, err := roll.Parse("d6")
	if err != nil {
		t.Fatal(err)
	}
	plan := roll.Compile(e)
	opts := sim.Options{Method: sim.Exact, Seed: 1, Trials: 1000}
	res, err := sim.Run(context.Background(), plan, opts)
	if err != nil {
		t.Fatal(err)
	}
	return query.NewResult("roll", "roll", []query.Input{{Name: "expr", Value: "d6"}}, plan, res, opts)
}

// resultWithParams is a copy of base with the given parameters.
func resultWithParams(t *testing.T, base *result, params []query.Input) *result {
	t.Helper()
	e, _ := roll.Parse("d6")
	plan := roll.Compile(e)
	opts := sim.Options{Method: sim.Exact, Seed: 1, Trials: 1000}
	res, err := sim.Run(context.Background(), plan, opts)
	if err != nil {
		t.Fatal(err)
	}
	r := query.NewResult(base.System, base.Action, params, plan, res, opts)
	return r
}

// paramsOf is a parameter of every value, named by the strings in turn,
// every other one with a source.
func paramsOf(values []any, names []string) []query.Input {
	var ps []query.Input
	for i, v := range values {
		n := names[i%len(names)]
		src := ""
		if i%2 == 1 {
			src = names[(i+3)%len(names)]
		}
		ps = append(ps, query.Input{Name: n, Value: v, Source: src})
	}
	return ps
}
