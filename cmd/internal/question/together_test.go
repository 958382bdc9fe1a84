package question

import (
	"errors"
	"strings"
	"testing"

	"odds/cmd/internal/query"
)

// TestTogether: each pair that does not go together is refused with
// one message naming the flag at fault; a question of one kind passes.
func TestTogether(t *testing.T) {
	for _, c := range []struct {
		g         Given
		flag, msg string
	}{
		{Given{Vary: true}, "vary", "--vary: give it with --find"},
		{Given{Attacks: true}, "attacks", "--attacks: give --until OUTCOME too"},
		{Given{Find: true, Vary: true, Sensitivity: true}, "sensitivity", "--sensitivity: not with --find"},
		{Given{Sensitivity: true, Until: true}, "until", "--until: not with --find or --sensitivity"},
		{Given{Find: true, Vary: true, Vs: true}, "find", "--find: not with --vs"},
		{Given{Sensitivity: true, Metric: true}, "sensitivity", "--sensitivity: not with --metric"},
		{Given{Sensitivity: true, Shard: true}, "sensitivity", "--sensitivity: not with --shard"},
		{Given{Until: true, Vs: true}, "until", "--until: not with --vs"},
		{Given{Until: true, Metric: true}, "metric", "--metric: not with --until"},
		{Given{Until: true, Attacks: true, Shard: true}, "shard", "--shard: not with --until"},
		{Given{Vs: true, Metric: true}, "vs", "--vs: give --metric without --vs"},
		{Given{Vs: true, Shard: true}, "shard", "--shard: not with --vs"},
		{Given{Then: true, Until: true, Attacks: true}, "attacks", "--attacks: not with --then"},
		{Given{Then: true, Sensitivity: true}, "then", "--then: not with --sensitivity"},
		{Given{Then: true, Vs: true}, "then", "--then: not with --vs"},
		{Given{Then: true, Metric: true}, "metric", "--metric: not with --then"},
		{Given{Then: true, Shard: true}, "shard", "--shard: not with --then"},
	} {
		err := Together(c.g)
		var qe *query.Error
		if !errors.As(err, &qe) || qe.Flag != c.flag || qe.Hint == "" || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%+v: %v, want %q naming %s with a hint", c.g, err, c.msg, c.flag)
		}
	}
	for _, g := range []Given{{}, {Vs: true}, {Find: true, Vary: true}, {Sensitivity: true}, {Until: true, Attacks: true}, {Metric: true, Shard: true}, {Then: true, Until: true}} {
		if err := Together(g); err != nil {
			t.Errorf("%+v: %v, want none", g, err)
		}
	}
}
