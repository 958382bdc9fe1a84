package answer

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"odds/cmd/internal/query"
	"odds/cmd/internal/render"
)

// TestCompactAnswers: every kind of answer written compact (a batch
// line, the page's reply) is byte for byte json.Compact of the indented
// document the command line and the API write, with no newline: once,
// a sweep and a matrix, until, a sequence, compare, find, sensitivity,
// a matchup, an engagement and a roll.
func TestCompactAnswers(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	for _, line := range []string{
		`{"system":"opposed","action":"fire","params":{"hesa":3,"def":1},"method":"exact","seed":7}`,
		`{"system":"opposed","action":"fire","params":{"hesa":[1,3],"def":"0..2","smoke":true},"method":"exact","seed":7}`,
		`{"system":"opposed","action":"fire","cards":{"attacker":"all","defender":"all"},"metric":"suppressed","method":"exact","seed":7}`,
		`{"system":"opposed","action":"fire","cards":{"attacker":"mg-team","defender":"rifle-section"},"vs":"--smoke --attacker medium-tank","method":"exact","seed":7}`,
		`{"system":"opposed","action":"fire","params":{"hesa":3,"def":1},"until":"out-of-action","attacks":3,"method":"exact","seed":7}`,
		`{"system":"opposed","action":"fire","params":{"hesa":3,"def":1},"then":["fire --hesa 2 --def 1"],"until":"out-of-action","method":"exact","seed":7}`,
		`{"system":"opposed","action":"fire","params":{"def":1},"find":"out-of-action>=0.5","vary":"hesa","method":"exact","seed":7}`,
		`{"system":"opposed","action":"fire","params":{"hesa":3,"def":1},"sensitivity":"first","method":"exact","seed":7}`,
		`{"system":"opposed","action":"fire","params":{"hesa":3,"def":1},"trials":1000,"method":"mc","seed":7}`,
		`{"matchup":"mg-on-rifles-in-cover","method":"exact","seed":7}`,
		`{"matchup":"rifles-trade-fire","method":"exact","seed":7}`,
		`{"engage":["opposed fire --hesa 3 --def 1","opposed fire --hesa 2 --def 2"],"rounds":3,"first":"a","method":"exact","seed":7}`,
		`["roll","3d6>=4","--method","exact"]`,
	} {
		d, err := query.ParseLine([]byte(line))
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		var ans *Answer
		var x *Question
		switch {
		case d.System == "roll":
			if x, err = e.rollLine(d); err == nil {
				ans, err = e.run(ctx, x, nil, new(bytes.Buffer), true)
			}
		case d.Matchup != "":
			if x, err = e.matchupLine(d); err == nil {
				ans, err = e.run(ctx, x, nil, new(bytes.Buffer), true)
			}
		case len(d.Engage) > 0:
			if x, err = e.engageLine(d); err == nil {
				ans, err = e.run(ctx, x, nil, new(bytes.Buffer), true)
			}
		default:
			if x, err = e.LineQuestion(d); err == nil {
				ans, err = e.run(ctx, x, nil, new(bytes.Buffer), true)
			}
		}
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		// The same answer indented, as the API writes it, then compacted.
		var indented, want bytes.Buffer
		if err := ans.Of.Write(ctx, &indented, "json", render.Style{Metric: x.Metric}); err != nil {
			t.Fatal(err)
		}
		if err := json.Compact(&want, indented.Bytes()); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(ans.JSON, want.Bytes()) || bytes.ContainsRune(ans.JSON, '\n') {
			t.Errorf("%s: compact\n%.600s\njson.Compact of the indented\n%.600s", line, ans.JSON, want.Bytes())
		}
	}
}

// TestOKReply: a reply written by hand (okReply) is what encoding the
// reply's document writes, for every op's result and every kind of id.
func TestOKReply(t *testing.T) {
	o := &Ops{Base: engine(t), Version: "test"}
	ctx := context.Background()
	for _, req := range []string{
		`{"id":1,"op":"query","system":"opposed","action":"fire","query":"hesa=3&def=1&method=exact&seed=1"}`,
		`{"id":"12","op":"query","system":"opposed","action":"fire","query":"def=1&find=out-of-action%3E%3D0.5&vary=hesa&method=exact&seed=1"}`,
		`{"op":"query","system":"opposed","action":"fire","query":"hesa=3&def=1&vs=--smoke&method=exact&seed=1"}`,
		`{"id":-2.5e3,"op":"variant","system":"opposed","action":"fire","query":"hesa=3&def=1&vs=--smoke"}`,
		`{"id":3,"op":"engage","query":"a-attack=opposed+fire+--hesa+3+--def+1&b-attack=opposed+fire+--hesa+2+--def+2&rounds=2&method=exact&seed=1"}`,
		`{"id":4,"op":"roll","query":"expr=3d6%3E%3D4&method=exact"}`,
		`{"id":5,"op":"describe"}`,
		`{"id":6,"op":"validate","name":"a.yaml","text":"units: [{name: x}]"}`,
	} {
		var r Request
		if err := json.Unmarshal([]byte(req), &r); err != nil {
			t.Fatal(err)
		}
		result, err := o.do(ctx, &r, nil)
		if err != nil {
			t.Fatalf("%s: %v", req, err)
		}
		want := marshalReply(replyDoc{ID: r.ID, OK: true, Result: result})
		if got := okReply(r.ID, result); !bytes.Equal(got, want) || len(want) == 0 {
			t.Errorf("%s: written\n%.300s\nencoded\n%.300s", req, got, want)
		}
	}
}
