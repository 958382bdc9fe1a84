package answer

import (
	"context"
	"strings"
	"testing"
)

// TestRollLineRefuses: a roll line takes its expression and the run
// settings only, as odds roll and the page's roll op do (their unknown
// flag, their "roll takes no such parameter"): a line's until, attacks,
// then or an engagement's settings are refused, never silently dropped.
func TestRollLineRefuses(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	for _, line := range []string{
		`{"system":"roll","expr":"3d6","until":"x"}`,
		`{"system":"roll","expr":"3d6","attacks":3}`,
		`{"system":"roll","expr":"3d6","then":["fire"]}`,
		`{"system":"roll","expr":"3d6","a":"rifle-section"}`,
		`{"system":"roll","expr":"3d6","b":"rifle-section"}`,
		`{"system":"roll","expr":"3d6","first":"b"}`,
		`{"system":"roll","expr":"3d6","simultaneous":true}`,
		`{"system":"roll","expr":"3d6","rounds":3}`,
		`{"system":"roll","expr":"3d6","ends":"x"}`,
		`{"system":"roll","expr":"3d6","readings":["x"]}`,
		`["roll","3d6","--until","x"]`,
		`["roll","3d6","--attacks","3"]`,
		`["roll","3d6","--then","fire"]`,
	} {
		_, _, err := answerLine(ctx, e, []byte(line))
		if err == nil || !IsBadInput(err) || !strings.Contains(err.Error(), "roll") {
			t.Errorf("%s: %v, want a roll's refusal", line, err)
		}
	}
	// Still answered: the expression and the run settings.
	if _, _, err := answerLine(ctx, e, []byte(`{"system":"roll","expr":"3d6","method":"mc","trials":1000,"seed":1,"precision":0.01}`)); err != nil {
		t.Errorf("a roll with its run settings: %v", err)
	}
}
