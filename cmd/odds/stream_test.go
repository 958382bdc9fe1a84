package main

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"odds/cmd/internal/query"
)

// streamAbove lowers query.StreamAbove for the test: its sweeps stream.
func streamAbove(t *testing.T, n int) {
	t.Helper()
	old := query.StreamAbove
	query.StreamAbove = n
	t.Cleanup(func() { query.StreamAbove = old })
}

// A streamed sweep writes what the same sweep held writes: the CSV byte
// for byte (its columns are the union of every point's, counts' ge
// columns too), the JSON but for elapsed times and shared_dice (points
// share dice within a batch of 4,096 when streamed, within the run when
// held). The opposed grid is 8,281 points, nine batches; the rof roster
// reads cards at each point; the last rof sweep's first batch of 1,024
// points has targets of 1 or 2 teams, its second of 3 or 4, so two of
// its teams-killed_ge columns are found only in the second.
func TestStreamMatchesHeld(t *testing.T) {
	sweeps := [][]string{
		{"opposed", "fire", "--hesa", "0..12", "--def", "0..12", "--firer-quality=-3..3", "--target-quality=-3..3", "--method", "exact", "--seed", "1", "--workers", "3"},
		{"rof", "fire", "--attacker", "all", "--defender", "all", "--rof", "1..3", "--method", "mc", "--trials", "200", "--seed", "3"},
		{"opposed", "fire", "--hesa", "0..2", "--def", "1", "--smoke=both", "--seed", "5"},
		{"rof", "fire", "--rof", "2", "--target-teams", "1..4", "--at", "0..7", "--ar", "0..3", "--moving=both", "--suppressed=both",
			"--open-topped=both", "--cover", "open,hard", "--method", "mc", "--trials", "50", "--seed", "4", "--workers", "2"},
	}
	shared := regexp.MustCompile(`(?m)^ *"(elapsed_ms|shared_dice)": .*\n`)
	for _, sweep := range sweeps {
		for _, format := range []string{"csv", "json"} {
			args := append(append([]string{}, sweep...), "--format", format)
			code, held, errs := run(context.Background(), args...)
			if code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, errs)
			}
			streamAbove(t, 0)
			code, streamed, errs := run(context.Background(), args...)
			query.StreamAbove = query.MaxPoints
			if code != 0 {
				t.Fatalf("%v streamed: exit %d: %s", args, code, errs)
			}
			if format == "json" {
				held, streamed = shared.ReplaceAllString(held, ""), shared.ReplaceAllString(streamed, "")
			}
			if held != streamed {
				t.Errorf("%v: streamed %d bytes differ from held %d bytes", args, len(streamed), len(held))
			}
			if len(held) < 1000 {
				t.Errorf("%v: only %d bytes", args, len(held))
			}
		}
	}
}

// A sweep of more than query.StreamAbove results is refused before it
// runs, in one line and exit 2, where it cannot stream: a table, a plot,
// a matrix, repeated attacks, more Monte Carlo trials than a run may
// count (198,744 points of a million trials), more points than
// query.MaxStreamPoints.
func TestStreamRefusals(t *testing.T) {
	big := []string{"opposed", "fire", "--hesa", "0..12", "--def", "0..12", "--firer-quality=-3..3", "--target-quality=-3..3",
		"--cover", "none,soft,hard", "--within-4=both", "--smoke=both", "--hull-down=both"}
	huge := append(append([]string{}, big...), "--not-front=both", "--firer-moved=both", "--firer-suppressed=both", "--over-half-range=both", "--target", "soft")
	for _, c := range []struct {
		args []string
		want string
	}{
		{append(big, "--method", "exact"), "--format table: 198,744 results are more than the 100,000 a table shows"},
		{append(big, "--method", "exact", "--format", "markdown"), "--format markdown: 198,744 results are more than"},
		{append(big, "--method", "exact", "--format", "csv", "--plot", "x.svg"), "--plot: 198,744 results are more than the 100,000 a plot draws"},
		{append(big, "--method", "exact", "--format", "csv", "--metric", "out-of-action"), "--metric: a matrix of 198,744 results"},
		{append(big, "--method", "exact", "--format", "csv", "--until", "suppressed"), "the grid would have more than 100000 cells"},
		{append(big, "--method", "mc", "--format", "csv"), "about 198,744 results by monte carlo of 1,000,000 trials each is more than the 100,000,000,000 trials"},
		{append(huge, "--method", "exact", "--format", "csv", "--ap", "0..3"), "the grid would have more than 10000000 cells"},
	} {
		code, out, errs := run(context.Background(), c.args...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "error:") != 1 {
			t.Errorf("%v: exit %d, %d bytes out, %q; want %q", c.args[len(c.args)-4:], code, len(out), errs, c.want)
		}
	}
}

// A streamed sweep stops when its run is interrupted (the context Ctrl-C
// ends): a million points take seconds, the run ends with 130 long
// before, what it printed so far cut short.
func TestStreamInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	args := []string{"opposed", "fire", "--hesa", "0..12", "--def", "0..12", "--firer-quality=-3..3", "--target-quality=-3..3",
		"--cover", "none,soft", "--within-4=both", "--smoke=both", "--not-front=both", "--firer-moved=both", "--firer-suppressed=both", "--hull-down=both",
		"--method", "exact", "--seed", "1", "--format", "csv"}
	code, out, _ := run(ctx, args...)
	if rows := strings.Count(out, "\n"); code != 130 || rows >= 1_059_968 {
		t.Errorf("exit %d, %d rows", code, rows)
	}
}

// A streamed point whose tables alone would pass the run's memory bound
// (lowered here to 1 MB: symbol fire at 30 red dice against 20 blue holds
// about 26 MB) is refused before it compiles, in one line.
func TestStreamPointBound(t *testing.T) {
	streamAbove(t, 0)
	defer func(old int64) { query.MaxCompileBytes = old }(query.MaxCompileBytes)
	query.MaxCompileBytes = 1 << 20
	code, out, errs := run(context.Background(), "symbol", "fire", "--attack", "red:30", "--defence", "blue:20", "--target", "infantry",
		"--damage-capacity", "1..2", "--method", "mc", "--trials", "1", "--seed", "1", "--format", "csv")
	if code != 2 || out != "" || !strings.Contains(errs, "a point would hold about") || strings.Count(errs, "error:") != 1 {
		t.Errorf("exit %d, %d bytes out, %q", code, len(out), errs)
	}
}
