package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// odds batch answers a sequence (its then, a step each) as the command
// line does: the words of the command and the query object give the
// command line's JSON, with the sequence's steps.
func TestBatchSequence(t *testing.T) {
	c := []string{"rof", "fire", "--rof", "3", "--rally-quality", "4", "--then", "assault --assault 4 --enemy-quality 4", "--until", "target-team-destroyed", "--method", "mc", "--trials", "20000", "--seed", "1"}
	code, out, errs := run(context.Background(), append(c, "--format", "json")...)
	if code != 0 {
		t.Fatalf("%v: %s", c, errs)
	}
	want := compactJSON(t, out)
	words, _ := json.Marshal(c)
	in := string(words) + "\n" +
		`{"system": "rof", "action": "fire", "params": {"rof": 3, "rally-quality": 4}, "then": ["assault --assault 4 --enemy-quality 4"], "until": "target-team-destroyed", "method": "mc", "trials": 20000, "seed": 1}` + "\n"
	got, err := batch(t, in, false)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
		if compactJSON(t, unlined(t, l, i+1)) != want || !strings.Contains(l, `"sequence":{"until":"target-team-destroyed"`) {
			t.Errorf("line %d:\n got %.300s\nwant %.300s", i+1, l, want)
		}
	}
}

// A sequence's bad input is one line naming the flag, exit 2; every
// format and the plot are written.
func TestSequenceCommand(t *testing.T) {
	base := []string{"opposed", "fire", "--hesa", "3", "--def", "1"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--then", "nosuch"}, "--then: opposed has no action \"nosuch\""},
		{[]string{"--then", "fire --hesa"}, "--then: --hesa needs a value"},
		{[]string{"--then", "fire --hesa 1,2"}, "--then: --hesa: want one value, got 2"},
		{[]string{"--then", "fire --defender rifle-section"}, "--then: --defender: the target's card is the sequence's"},
		{[]string{"--then", "rally"}, "--then: opposed rally: does not take part in sequences"},
		{[]string{"--then", "fire --hesa 2 --def 1", "--until", "nosuch"}, "--until: want an outcome of a step or a state of the target"},
		{[]string{"--then", "fire --hesa 2", "--until", "out-of-action", "--attacks", "3"}, "--attacks: not with --then"},
		{[]string{"--then", "fire --hesa 2", "--vs", "--smoke"}, "--then: not with --vs"},
	} {
		code, out, errs := run(context.Background(), append(append([]string{}, base...), c.args...)...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "odds: error:") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errs, c.want)
		}
	}
	seq := append(append([]string{}, base...), "--then", "fire --hesa 2 --def 1", "--until", "out-of-action")
	for _, f := range []string{"table", "markdown", "csv", "json"} {
		code, out, errs := run(context.Background(), append(seq, "--format", f)...)
		if code != 0 || !strings.Contains(out, "0.4312") && !strings.Contains(out, "43.12%") {
			t.Errorf("--format %s: exit %d, %q (stderr %q), want 0.4312", f, code, out, errs)
		}
	}
	svg := filepath.Join(t.TempDir(), "seq.svg")
	if code, _, errs := run(context.Background(), append(seq, "--plot", svg)...); code != 0 {
		t.Errorf("--plot: exit %d: %s", code, errs)
	}
}

// A matchup may list steps (then) and a goal (until): odds run answers
// it as the command line with --then answers the same steps.
func TestMatchupSequence(t *testing.T) {
	file := filepath.Join(t.TempDir(), "seq.yaml")
	yaml := `matchups:
  - name: fire-then-assault
    system: rof
    action: fire
    attacker: mg-team
    defender: rifle-team
    set: {rally-quality: 4}
    then: ["assault --attacker rifle-team --enemy-quality 4"]
    until: target-team-destroyed
`
	if err := os.WriteFile(file, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	sequenceOf := func(args ...string) string {
		t.Helper()
		code, out, errs := run(context.Background(), append(args, "--format", "json")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var doc struct {
			Kind    string
			Results []struct{ Sequence json.RawMessage }
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil || doc.Kind != "sequence" {
			t.Fatalf("%v: %v, kind %q", args, err, doc.Kind)
		}
		return compactJSON(t, string(doc.Results[0].Sequence))
	}
	got := sequenceOf("--profiles", file, "run", "--matchup", "fire-then-assault")
	want := sequenceOf("rof", "fire", "--attacker", "mg-team", "--defender", "rifle-team", "--rally-quality", "4",
		"--then", "assault --attacker rifle-team --enemy-quality 4", "--until", "target-team-destroyed")
	if got != want {
		t.Errorf("matchup's sequence:\n%s\nwant the command line's:\n%s", got, want)
	}
	code, _, errs := run(context.Background(), "--profiles", file, "run", "--matchup", "fire-then-assault", "--until", "target-team-killed", "--attacks", "3")
	if code != 2 || !strings.Contains(errs, "--attacks: matchup fire-then-assault is a sequence") {
		t.Errorf("--attacks with a sequence matchup: exit %d, %q", code, errs)
	}
}
