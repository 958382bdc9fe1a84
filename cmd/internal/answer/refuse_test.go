//go:build !(js && wasm)

package answer

import (
	"context"
	"net/url"
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

// TestMatchupRefusesThen: a matchup asked by name takes no then, as odds
// run takes no --then (runHint): the API's run refuses it, naming it,
// as a batch line does, rather than answering another question (a
// sequence) or dropping it. An unfilled then field is left out.
func TestMatchupRefusesThen(t *testing.T) {
	e := engine(t)
	for _, m := range []string{"tank-duel", "rifles-trade-fire"} {
		for _, then := range [][]string{{"fire --hesa 2"}, {"fire --hesa 2", ""}, {"", "fire --hesa 2"}} {
			_, err := e.MatchupQuestion(url.Values{"matchup": {m}, "then": then, "seed": {"7"}})
			if !refusedThen(err) {
				t.Errorf("API %s then=%q: %v, want then refused", m, then, err)
			}
		}
		for _, line := range []string{
			`{"matchup":"` + m + `","then":["fire --hesa 2"],"seed":7}`,
			`["run","--matchup","` + m + `","--then","fire --hesa 2","--seed","7"]`,
		} {
			_, _, err := answerLine(context.Background(), e, []byte(line))
			if !refusedThen(err) {
				t.Errorf("%s: %v, want then refused", line, err)
			}
		}
		if _, err := e.MatchupQuestion(url.Values{"matchup": {m}, "then": {""}, "seed": {"7"}}); err != nil {
			t.Errorf("API %s then= (unfilled): %v", m, err)
		}
	}
}

// refusedThen reports whether err is bad input naming then.
func refusedThen(err error) bool {
	if err == nil || !IsBadInput(err) {
		return false
	}
	_, _, flag := Fields(err)
	return flag == "then"
}
