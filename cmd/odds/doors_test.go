package main

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"odds/cmd/internal/serve"
)

// TestDoorsAgree: one question of each kind, asked through every door
// (the command line, the JSON API, odds batch as words and as a query
// object, the page's engine), gives the same JSON document, timings
// apart: one question layer behind them all.
func TestDoorsAgree(t *testing.T) {
	ts := testServer(t, serve.DefaultMaxTrials)
	ops := pageOps(t)
	for _, c := range []struct {
		kind  string
		args  []string   // the command line's words after the system and action
		query url.Values // the same question as URL values
		doc   string     // and as a batch query object
	}{
		{"once", []string{"--hesa", "3", "--def", "1", "--seed", "7"},
			url.Values{"hesa": {"3"}, "def": {"1"}, "seed": {"7"}},
			`{"system":"opposed","action":"fire","params":{"hesa":3,"def":1},"seed":7}`},
		{"once", []string{"--hesa", "1..3", "--def", "1", "--smoke=both", "--method", "mc", "--trials", "20000", "--seed", "7"},
			url.Values{"hesa": {"1..3"}, "def": {"1"}, "smoke": {"both"}, "method": {"mc"}, "trials": {"20000"}, "seed": {"7"}},
			`{"system":"opposed","action":"fire","params":{"hesa":"1..3","def":1,"smoke":"both"},"method":"mc","trials":20000,"seed":7}`},
		{"until", []string{"--hesa", "3", "--def", "1", "--until", "out-of-action", "--attacks", "3", "--seed", "7"},
			url.Values{"hesa": {"3"}, "def": {"1"}, "until": {"out-of-action"}, "attacks": {"3"}, "seed": {"7"}},
			`{"system":"opposed","action":"fire","params":{"hesa":3,"def":1},"until":"out-of-action","attacks":3,"seed":7}`},
		{"compare", []string{"--hesa", "3", "--def", "1", "--vs", "--smoke", "--method", "mc", "--trials", "20000", "--seed", "7"},
			url.Values{"hesa": {"3"}, "def": {"1"}, "vs": {"--smoke"}, "method": {"mc"}, "trials": {"20000"}, "seed": {"7"}},
			`{"system":"opposed","action":"fire","params":{"hesa":3,"def":1},"vs":"--smoke","method":"mc","trials":20000,"seed":7}`},
		{"find", []string{"--def", "1", "--find", "out-of-action>=0.5", "--vary", "hesa", "--seed", "7"},
			url.Values{"def": {"1"}, "find": {"out-of-action>=0.5"}, "vary": {"hesa"}, "seed": {"7"}},
			`{"system":"opposed","action":"fire","params":{"def":1},"find":"out-of-action>=0.5","vary":"hesa","seed":7}`},
		{"sensitivity", []string{"--hesa", "3", "--def", "1", "--sensitivity", "--seed", "7"},
			url.Values{"hesa": {"3"}, "def": {"1"}, "sensitivity": {"first"}, "seed": {"7"}},
			`{"system":"opposed","action":"fire","params":{"hesa":3,"def":1},"sensitivity":"first","seed":7}`},
	} {
		args := append([]string{"opposed", "fire"}, c.args...)
		code, cli, errs := run(context.Background(), append(args, "--format", "json")...)
		if code != 0 {
			t.Fatalf("%v: exit %d, %s", args, code, errs)
		}
		var head struct{ Kind string }
		if err := json.Unmarshal([]byte(cli), &head); err != nil || head.Kind != c.kind {
			t.Errorf("%v: kind %q, want %q", args, head.Kind, c.kind)
		}
		want := compactJSON(t, cli)
		status, api, _ := get(t, ts.URL+"/api/v1/opposed/fire?"+c.query.Encode())
		words, _ := json.Marshal(args)
		out, err := batch(t, string(words)+"\n"+c.doc+"\n", false)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		page := askPage(t, ops, map[string]any{"op": "query", "system": "opposed", "action": "fire", "query": c.query.Encode(), "id": 1}, nil)
		switch {
		case status != 200 || compactJSON(t, api) != want:
			t.Errorf("%s: the API (%d) says\n%.300s\nthe CLI\n%.300s", c.kind, status, api, want)
		case err != nil || len(lines) != 2 || compactJSON(t, unlined(t, lines[0], 1)) != want || compactJSON(t, unlined(t, lines[1], 2)) != want:
			t.Errorf("%s: batch (%v) says\n%.600s\nthe CLI\n%.300s", c.kind, err, out, want)
		case !page.OK || compactJSON(t, string(page.Result)) != want:
			t.Errorf("%s: the page's engine says\n%.300s\nthe CLI\n%.300s", c.kind, page.Result, want)
		}
	}
}
