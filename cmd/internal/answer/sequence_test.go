package answer

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"testing"

	"odds/cmd/internal/query"
	"odds/cmd/internal/question"
)

// TestSequenceDoor: the API's then= (once a step, in order) and until=
// ask a sequence; its JSON has each step's reached, the 0.28 and
// 0.28 + 0.72 × 0.21 = 0.4312. A bad step is bad input naming then.
func TestSequenceDoor(t *testing.T) {
	e := engine(t)
	q, err := ParseQuery("hesa=3&def=1&then=fire%20--hesa%202%20--def%201&until=out-of-action&method=exact")
	if err != nil {
		t.Fatal(err)
	}
	ans, err := e.Query(context.Background(), "opposed", "fire", q, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := ans.Of.(question.Sequences); !ok {
		t.Fatalf("answer of kind %s, want sequence", ans.Of.Kind())
	}
	var doc struct {
		Kind    string
		Results []struct {
			Sequence struct {
				Steps []struct {
					Step    string
					Reached struct{ P float64 }
				}
			}
		}
	}
	if err := json.Unmarshal(ans.JSON, &doc); err != nil {
		t.Fatal(err)
	}
	steps := doc.Results[0].Sequence.Steps
	if doc.Kind != "sequence" || len(steps) != 2 || math.Abs(steps[0].Reached.P-0.28) > 1e-12 || math.Abs(steps[1].Reached.P-0.4312) > 1e-12 {
		t.Errorf("%s: %+v, want steps reaching 0.28 and 0.4312", doc.Kind, steps)
	}
	for raw, flag := range map[string]string{
		"hesa=3&def=1&then=nosuch":                           "then",
		"hesa=3&def=1&then=fire%20--hesa%202&vs=--smoke":     "then",
		"hesa=3&def=1&then=fire%20--hesa%202&attacks=3":      "attacks",
		"hesa=3&def=1&then=fire%20--hesa%202%20--trials%201": "then",
	} {
		q, _ := ParseQuery(raw)
		_, err := e.Question(q, "opposed", "fire")
		var qe *query.Error
		if !errors.As(err, &qe) || qe.Flag != flag {
			t.Errorf("%s: %v, want bad input naming %s", raw, err, flag)
		}
	}
}
