package question

import (
	"fmt"

	"odds/cmd/internal/query"
)

// Given says which question settings a door was given (flags, URL
// values, a batch line's fields) before its question is built.
type Given struct {
	Vs, Metric, Find, Vary, Sensitivity, Until, Attacks, Shard, Then bool
}

// Together refuses question settings that do not go together: one
// check for every door, one message for each pair, naming the flag
// at fault and how to ask instead.
func Together(g Given) error {
	beyond := ""
	switch {
	case g.Find:
		beyond = "find"
	case g.Sensitivity:
		beyond = "sensitivity"
	}
	switch {
	case g.Vary && !g.Find:
		return refuse("vary", "for example --find 'out-of-action>=0.5' --vary hesa", "--vary: give it with --find")
	case g.Attacks && !g.Until:
		return refuse("attacks", "for example --until out-of-action --attacks 4", "--attacks: give --until OUTCOME too")
	case g.Then && g.Attacks:
		return refuse("attacks", "a sequence's attacks are its steps: give --then once a step", "--attacks: not with --then")
	case g.Then && beyond != "":
		return refuse("then", "ask one question at a time", "--then: not with --%s", beyond)
	case g.Then && g.Vs:
		return refuse("then", "run each variant's sequence on its own", "--then: not with --vs")
	case g.Then && g.Metric:
		return refuse("metric", "a sequence's figures are its steps': read them in the table", "--metric: not with --then")
	case g.Then && g.Shard:
		return refuse("shard", "run a sequence in one run", "--shard: not with --then")
	case g.Find && g.Sensitivity:
		return refuse("sensitivity", "ask one question at a time", "--sensitivity: not with --find")
	case beyond != "" && g.Until:
		return refuse("until", "ask one question at a time", "--until: not with --find or --sensitivity")
	case beyond != "" && g.Vs:
		return refuse(beyond, "ask one question at a time", "--%s: not with --vs", beyond)
	case beyond != "" && g.Metric:
		return refuse(beyond, "--sensitivity METRIC names the figure", "--%s: not with --metric", beyond)
	case beyond != "" && g.Shard:
		return refuse(beyond, "run it whole", "--%s: not with --shard", beyond)
	case g.Until && g.Vs:
		return refuse("until", "compare single attacks, or run each variant with --until", "--until: not with --vs")
	case g.Until && g.Metric:
		return refuse("metric", "a chain's figures are P(reached by attack k): read them in the table", "--metric: not with --until")
	case g.Until && g.Shard:
		return refuse("shard", "run repeated attacks in one run", "--shard: not with --until")
	case g.Vs && g.Metric:
		return refuse("vs", "compare one figure by reading it in the comparison", "--vs: give --metric without --vs")
	case g.Vs && g.Shard:
		return refuse("shard", "compare in one run", "--shard: not with --vs")
	}
	return nil
}

func refuse(flag, hint, format string, args ...any) error {
	return &query.Error{Flag: flag, Hint: hint, Err: fmt.Errorf(format, args...)}
}
