package render

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"odds/cmd/internal/query"
	"odds/profiles"
	"odds/resolve"
	"odds/resolve/all"
	"odds/sim"
)

// TestWriteJSONValue: the fast path writes what marshal writes.
func TestWriteJSONValue(t *testing.T) {
	for _, v := range []any{"", "rifle-squad", `a"b`, `a\b`, "d10 > 3 < 4 & é", "tab\t", 0, -3, 1 << 40, true, false, 2.5, nil, []int{1, 2}} {
		var b bytes.Buffer
		if err := writeJSONValue(&b, v); err != nil {
			t.Fatal(err)
		}
		want, _ := marshal(v)
		if b.String() != string(want) {
			t.Errorf("%#v: %s, marshal %s", v, b.String(), want)
		}
	}
}

// TestJSONStreamed: renderJSON, writing a result at a time, writes the
// bytes of the whole document encoded at once (as it was before it
// streamed): a sweep, and a roster matrix with its --metric; compact,
// the bytes json.Compact makes of them.
func TestJSONStreamed(t *testing.T) {
	reg, err := profiles.New(all.Systems())
	if err != nil {
		t.Fatal(err)
	}
	var opposed *resolve.System
	for _, s := range all.Systems() {
		if s.Name == "opposed" {
			opposed = s
		}
	}
	act := opposed.Action("fire")
	for _, c := range []struct {
		values map[string]string
		cards  map[string]string
		metric string
	}{
		{values: map[string]string{"hesa": "0..3", "def": "1,2", "cover": "none,hard"}},
		{cards: map[string]string{"attacker": "all", "defender": "all"}, metric: "suppressed"},
		{values: map[string]string{"hesa": "4", "def": "1"}},
	} {
		sp := query.Spec{System: opposed, Action: act, Values: map[string][]resolve.Value{}, Cards: c.cards}
		for name, text := range c.values {
			if sp.Values[name], err = query.ParseValue(act, name, text); err != nil {
				t.Fatal(err)
			}
		}
		q, _, err := query.New(sp, func() (*profiles.Registry, error) { return reg, nil })
		if err != nil {
			t.Fatal(err)
		}
		rep, err := query.Run(context.Background(), []*query.Query{q}, query.Options{Sim: sim.Options{Method: sim.Exact, Seed: 1, Trials: 1000}})
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if err := renderJSON(context.Background(), &got, rep, c.metric, false); err != nil {
			t.Fatal(err)
		}
		var compact bytes.Buffer
		if err := renderJSON(context.Background(), &compact, rep, c.metric, true); err != nil {
			t.Fatal(err)
		}
		doc := struct {
			Kind    string       `json:"kind"`
			Matrix  *jsonMatrix  `json:"matrix,omitempty"`
			Results []jsonResult `json:"results"`
		}{Kind: "once"}
		if m, ok := matrixOf(rep); ok && c.metric != "" {
			doc.Matrix = newJSONMatrix(m, parseMetric(c.metric))
		}
		for _, r := range rep {
			doc.Results = append(doc.Results, newJSONResult(r))
		}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(doc); err != nil {
			t.Fatal(err)
		}
		if c.metric != "" && doc.Matrix == nil {
			t.Errorf("%v: no matrix", c.cards)
		}
		if got.String() != want.String() {
			t.Errorf("%v %v: streamed\n%s\nwhole\n%s", c.values, c.cards, got.String(), want.String())
		}
		var wantCompact bytes.Buffer
		if err := json.Compact(&wantCompact, want.Bytes()); err != nil {
			t.Fatal(err)
		}
		if compact.String() != wantCompact.String() || bytes.ContainsRune(compact.Bytes(), '\n') {
			t.Errorf("%v %v: compact\n%s\njson.Compact\n%s", c.values, c.cards, compact.String(), wantCompact.String())
		}
	}
}
