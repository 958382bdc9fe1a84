package answer

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"testing"
)

// TestVariantOp: the page engine's variant op reads a link's vs as the
// command line's --vs does, in the command line's words (--attacker
// medium-tank) and in the page's own (--attacker=medium-tank
// --smoke=true) alike, and gives what B sets that A's values do not (a
// value A's flags or cards give alike is left out, a default given is
// kept); a bad vs is a 400 naming vs.
func TestVariantOp(t *testing.T) {
	o := &Ops{Base: engine(t), Version: "test"}
	a := "attacker=mg-team&defender=rifle-section&hesa=4"
	for _, c := range []struct {
		query         string
		values, cards map[string]string
	}{
		{a + "&vs=--smoke+--attacker+medium-tank", map[string]string{"smoke": "true"}, map[string]string{"attacker": "medium-tank"}},
		{a + "&vs=--attacker%3Dmedium-tank+--smoke%3Dtrue", map[string]string{"smoke": "true"}, map[string]string{"attacker": "medium-tank"}},
		{a + "&vs=--cover+hard+--def%3D3+--hesa+4", map[string]string{"cover": "hard", "def": "3"}, map[string]string{}},
		{a + "&vs=--defender+rifle-section+--smoke%3Dfalse", map[string]string{"smoke": "false"}, map[string]string{}},
		{a, map[string]string{}, map[string]string{}},
	} {
		req, _ := json.Marshal(map[string]any{"id": 1, "op": "variant", "system": "opposed", "action": "fire", "query": c.query})
		var rep struct {
			OK     bool
			Result Variant
			Error  *ErrorDoc
		}
		if err := json.Unmarshal(o.Handle(context.Background(), req, nil), &rep); err != nil || !rep.OK {
			t.Errorf("%s: %v %+v", c.query, err, rep.Error)
			continue
		}
		if !maps.Equal(rep.Result.Values, c.values) || !maps.Equal(rep.Result.Cards, c.cards) {
			t.Errorf("%s: %+v, want values %v cards %v", c.query, rep.Result, c.values, c.cards)
		}
	}
	for i, bad := range []string{a + "&vs=--nope+3", a + "&vs=--attacker+no-such-card", a + "&vs=--def+1..3"} {
		req := fmt.Sprintf(`{"id": %d, "op": "variant", "system": "opposed", "action": "fire", "query": %q}`, i+2, bad)
		var rep struct {
			OK    bool
			Error *ErrorDoc
		}
		if err := json.Unmarshal(o.Handle(context.Background(), []byte(req), nil), &rep); err != nil || rep.OK || rep.Error == nil || rep.Error.Flag != "vs" || rep.Error.Status != 400 {
			t.Errorf("%s: %v %+v, want a 400 naming vs", bad, err, rep.Error)
		}
	}
}
