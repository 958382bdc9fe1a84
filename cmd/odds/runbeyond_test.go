package main

import (
	"context"
	"strings"
	"testing"
)

// odds run takes --until, --find/--vary and --sensitivity as an action
// does. mg-on-rifles-in-cover is hesa 4 within 4 (+1) against def 2 in soft
// cover (+1): the same dice as opposed fire --hesa 3 --def 1, whose answers
// the issue counts by hand: out of action 28% an attack (independent:
// 1-0.72^k), no effect 36% and 55% in smoke, and out of action at least
// half from hesa 6 (here 7, the card's +1 kept) with 45% a step below.
func TestRunQuestions(t *testing.T) {
	const m = "mg-on-rifles-in-cover"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--until", "out-of-action", "--attacks", "2"}, ",out-of-action,2,0.28,0.28,0.28,0.4816,0.4816,0.4816,0.5184,"},
		{[]string{"--sensitivity"}, ",out-of-action,smoke,false,true,0.28,0.15,-0.13,-0.13,-0.13,true,"}, // the headline
		{[]string{"--sensitivity", "suppressed"}, ",suppressed,"},
		{[]string{"--find", "out-of-action>=0.5", "--vary", "hesa"}, ",hesa,out-of-action>=0.5,true,7,true,0.55,0.55,0.55,6,0.45,0.45,0.45,"},
	} {
		args := append([]string{"run", "--matchup", m, "--format", "csv", "--seed", "1"}, c.args...)
		code, out, errs := run(context.Background(), args...)
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("odds %v: exit %d, stderr %q, want a line holding %q in:\n%s", args, code, errs, c.want, out)
		}
	}
	// after FILE, the word after a bare --sensitivity is its METRIC
	args := []string{"run", "../../profiles/builtin/opposed.yaml", "--matchup", m, "--format", "csv", "--sensitivity", "out-of-action"}
	if code, out, errs := run(context.Background(), args...); code != 0 || !strings.Contains(out, ",out-of-action,smoke,false,true,0.28,0.15,") {
		t.Errorf("odds %v: exit %d, stderr %q, want smoke to take out of action from 0.28 to 0.15 in:\n%s", args, code, errs, out)
	}
}

// Where a question cannot apply to a run's matchups it is refused, naming
// why: --find and --sensitivity ask of one matchup; --until of matchups
// whose action repeats.
func TestRunQuestionsRefused(t *testing.T) {
	file := "../../profiles/builtin/opposed.yaml"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", file, "--sensitivity"}, "--sensitivity: asks of one matchup; " + file + " has 6 (mg-on-rifles-in-cover, tank-duel,"},
		{[]string{"run", file, "--find", "out-of-action>=0.5", "--vary", "hesa"}, "--find: asks of one matchup;"},
		{[]string{"run", file, "--until", "out-of-action"}, "--until: matchup rally-after-losses is opposed rally, which does not repeat"},
		{[]string{"run", "--matchup", "tank-duel", "--vary", "hesa"}, "--vary: give it with --find"},
		{[]string{"run", "--matchup", "tank-duel", "--until", "out-of-action", "--sensitivity"}, "--until: not with --find or --sensitivity"},
		{[]string{"run", "--matchup", "tank-duel", "--attacks", "3"}, "--attacks: give --until OUTCOME too"},
		{[]string{"run", "--matchup", "tank-duel", "--until", "nosuch"}, `--until: want an outcome of opposed fire`},
	} {
		code, _, errs := run(context.Background(), c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("odds %v: exit %d, stderr %q, want 2 and %q", c.args, code, errs, c.want)
		}
	}
}
