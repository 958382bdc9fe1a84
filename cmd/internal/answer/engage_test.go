package answer

import (
	"context"
	"encoding/json"
	"math"
	"testing"
)

// TestEngageOp: the page engine's engage op answers issue 32's figure
// (3 rounds: P(A wins) = 0.28 (1 − 0.612³) / 0.388) with odds engage's
// JSON document, and a bad value fails naming its key.
func TestEngageOp(t *testing.T) {
	o := &Ops{Base: engine(t), Version: "test"}
	req := `{"id": 1, "op": "engage", "query": "a-attack=opposed+fire+--hesa+3+--def+1&b-attack=opposed+fire+--hesa+2+--def+2&rounds=3"}`
	var rep struct {
		OK     bool
		Result struct {
			Kind        string
			Engagements []struct {
				Outcomes []struct {
					Name string
					P    float64
				}
			}
		}
		Error *ErrorDoc
	}
	if err := json.Unmarshal(o.Handle(context.Background(), []byte(req), nil), &rep); err != nil || !rep.OK {
		t.Fatalf("%v %+v", err, rep.Error)
	}
	e := rep.Result.Engagements[0]
	if want := 0.28 * (1 - 0.612*0.612*0.612) / 0.388; rep.Result.Kind != "engage" || e.Outcomes[0].Name != "a-wins" || math.Abs(e.Outcomes[0].P-want) > 1e-9 {
		t.Errorf("%+v, want a-wins %v", rep.Result, want)
	}
	bad := `{"id": 2, "op": "engage", "query": "a-attack=opposed+fire+--hesa+3+--def+1&b-attack=opposed+fire+--hesa+2+--def+2&first=c"}`
	rep.Error = nil
	if err := json.Unmarshal(o.Handle(context.Background(), []byte(bad), nil), &rep); err != nil || rep.Error == nil || rep.Error.Flag != "first" || rep.Error.Status != 400 {
		t.Errorf("%v %+v, want a 400 naming first", err, rep.Error)
	}
}
