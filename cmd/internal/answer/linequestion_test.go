package answer

import (
	"context"
	"net/url"
	"regexp"
	"testing"

	"odds/cmd/internal/query"
)

// TestDocQuestion: a batch query object read as a question straight from
// its Line (an action's, a matchup's, an engagement's) gives what its
// values read as a URL request (Question, MatchupQuestion,
// EngageQuestion) give,
// byte for byte: each answer's JSON (timings apart) and each refusal,
// the first bad value in the order of their names as Question reports it.
func TestDocQuestion(t *testing.T) {
	e := engine(t)
	elapsed := regexp.MustCompile(`"elapsed_ms": [0-9.e+-]+`)
	for _, line := range []string{
		`{"system":"opposed","action":"fire","params":{"hesa":3,"def":1},"method":"exact","seed":7}`,
		`{"system":"opposed","action":"fire","params":{"hesa":[1,3],"def":"0..2","smoke":true},"method":"exact","seed":7}`,
		`{"system":"opposed","action":"fire","cards":{"attacker":"mg-team","defender":"rifle-section"},"vs":"--smoke --attacker medium-tank","method":"exact","seed":7}`,
		`{"system":"opposed","action":"fire","params":{"hesa":3,"def":1},"until":"out-of-action","attacks":3,"method":"exact","seed":7}`,
		`{"system":"opposed","action":"fire","params":{"hesa":3,"def":1},"then":["fire --hesa 2 --def 1"],"until":"out-of-action","method":"exact","seed":7}`,
		`{"system":"opposed","action":"fire","params":{"def":1},"find":"out-of-action>=0.5","vary":"hesa","method":"exact","seed":7}`,
		`{"system":"opposed","action":"fire","params":{"hesa":3,"def":1},"sensitivity":"first","method":"exact","seed":7}`,
		`{"system":"opposed","action":"fire","params":{"hesa":3,"def":1,"seed":7},"trials":1000,"method":"mc"}`,
		`{"system":"opposed","action":"fire","params":{"hesa":3,"def":1},"then":[""],"method":"exact","seed":7}`,
		// Refusals.
		`{"system":"opposed","action":"fire","params":{"hesa":3,"def":"x"},"trials":"y"}`,
		`{"system":"opposed","action":"fire","params":{"hesa":3,"def":1,"nope":2},"trials":"y"}`,
		`{"system":"opposed","action":"fire","params":{"hesa":3,"def":1},"attacks":0,"until":"out-of-action"}`,
		`{"system":"opposed","action":"fire","params":{"hesa":3,"def":1},"find":"out-of-action>=0.5","vary":"hesa","vs":"--smoke"}`,
		`{"system":"opposed","action":"fire","params":{"hesa":3,"def":1},"vs":"--nope 3"}`,
		`{"system":"opposed","action":"fire","params":{"hesa":3,"def":1},"rounds":3}`,
		`{"system":"opposed","action":"fire","params":{"hesa":3,"def":1},"readings":["x"]}`,
		`{"system":"opposed","action":"shout","params":{"hesa":3}}`,
		`{"system":"nope","action":"fire"}`,
		// Matchups and engagements.
		`{"matchup":"mg-on-rifles-in-cover","method":"exact","seed":7}`,
		`{"matchup":"mg-on-rifles-in-cover","until":"out-of-action","attacks":3,"method":"exact","seed":7}`,
		`{"matchup":"mg-on-rifles-in-cover","sensitivity":"first","method":"exact","seed":7}`,
		`{"matchup":"rifles-trade-fire","method":"exact","seed":7}`,
		`{"engage":["opposed fire --hesa 3 --def 1","opposed fire --hesa 2 --def 2"],"rounds":3,"first":"a","method":"exact","seed":7}`,
		`{"matchup":"mg-on-rifles-in-cover","vs":"--smoke","trials":"x"}`,
		`{"matchup":"rifles-trade-fire","until":"out-of-action"}`,
		`{"matchup":"mg-on-rifles-in-cover","attacks":200,"until":"out-of-action"}`,
		`{"engage":["opposed fire --hesa 3 --def 1","opposed fire --hesa 2 --def 2"],"rounds":"x","first":"c"}`,
		`{"engage":["opposed fire --hesa 3 --def 1","opposed fire --hesa 2 --def 2"],"readings":["nope"]}`,
	} {
		d, err := query.ParseLine([]byte(line))
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		vals := lineValues(d) // the values as a request gives them
		var want, got *Answer
		var werr, gerr error
		switch {
		case d.Matchup != "":
			var x *Question
			if x, werr = e.MatchupQuestion(vals); werr == nil {
				want, werr = e.Run(context.Background(), x, nil)
			}
			got, gerr = e.MatchupLine(context.Background(), d, nil)
		case len(d.Engage) > 0:
			var x *Question
			if x, werr = e.EngageQuestion(vals); werr == nil {
				want, werr = e.Run(context.Background(), x, nil)
			}
			got, gerr = e.EngageLine(context.Background(), d, nil)
		default:
			vals["then"] = d.Then
			var x *Question
			if x, werr = e.Question(vals, d.System, d.Action); werr == nil {
				want, werr = e.Run(context.Background(), x, nil)
			}
			if x, gerr = e.LineQuestion(d); gerr == nil {
				got, gerr = e.Run(context.Background(), x, nil)
			}
		}
		switch {
		case werr != nil || gerr != nil:
			if werr == nil || gerr == nil || werr.Error() != gerr.Error() || IsBadInput(werr) != IsBadInput(gerr) {
				t.Errorf("%s:\nfrom the doc %v\nas a request %v", line, gerr, werr)
			}
			w1, h1, f1 := Fields(werr)
			g1, h2, f2 := Fields(gerr)
			if w1 != g1 || h1 != h2 || f1 != f2 {
				t.Errorf("%s: refusal fields %q %q %q, want %q %q %q", line, g1, h2, f2, w1, h1, f1)
			}
		case elapsed.ReplaceAllString(string(got.JSON), "") != elapsed.ReplaceAllString(string(want.JSON), ""):
			t.Errorf("%s:\nfrom the doc\n%.400s\nas a request\n%.400s", line, got.JSON, want.JSON)
		}
	}
}

// lineValues are a Line's values as a request's: how odds batch read a
// query object before LineQuestion, kept as the reference its answers and
// refusals must match.
func lineValues(d *query.Line) url.Values {
	vals := url.Values{}
	for k, v := range d.Values() {
		vals.Set(k, v)
	}
	return vals
}
