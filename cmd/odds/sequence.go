package main

import (
	"strings"

	"github.com/spf13/cobra"

	"odds/cmd/internal/query"
	"odds/cmd/internal/question"
	"odds/resolve"
)

// thenUsage is --then's help, one line (opposed fire's help is under 80
// lines); the action's examples and docs/questions.md say the rest.
func thenUsage(s *resolve.System, act *resolve.Action) string {
	if act.Chain == nil {
		return "a sequence of attacks on one target: " + s.Name + " " + act.Name + " takes no part in one (docs/rules/" + s.Name + ".md says why)"
	}
	return "then `'ACTION FLAGS'` on the same target, once a step"
}

// setThen reads --then's steps and --until's goal into the query: a
// sequence of attacks on one target (query.Sequence); what it does not go
// with is refused by together first.
func (a *app) setThen(cmd *cobra.Command, q *query.Query, steps []string, until string) error {
	if cmd.Flags().Changed("until") && until == "" {
		return usagef("for example --until out-of-action", "--until: want an outcome or a state of the target")
	}
	isRun := func(name string) bool {
		return cmd.Root().PersistentFlags().Lookup(name) != nil || name == "until" || name == "attacks"
	}
	seq, err := query.NewSequence(q, steps, until, isRun, a.registry)
	if err != nil {
		return err
	}
	q.Then = seq
	return nil
}

// sequenceUntil sets a sequence matchup's goal from --until, refusing
// --attacks (a sequence's attacks are its steps).
func sequenceUntil(changed func(string) bool, q *query.Query, until string) error {
	if changed("attacks") {
		return usagef("a sequence's attacks are its steps", "--attacks: matchup %s is a sequence", q.Matchup)
	}
	if changed("until") {
		q.Then.Until = until
	}
	return nil
}

// sequences makes *k the sequence kind when the matchups are sequences
// (their files' then), refusing a run of sequences and single attacks
// together: their answers are of two kinds.
func sequences(qs []*query.Query, k *question.Kind) error {
	n := 0
	for _, q := range qs {
		if q.Then != nil {
			n++
		}
	}
	switch {
	case n == 0:
		return nil
	case n < len(qs):
		var names []string
		for _, q := range qs {
			if q.Then != nil {
				names = append(names, q.Matchup)
			}
		}
		return usagef("run the sequences with --matchup NAME", "%s: sequences of attacks (then) and single attacks answer apart", strings.Join(names, ", "))
	}
	*k = question.Sequence{Also: qs[1:]}
	return nil
}
