package main

import (
	"github.com/spf13/cobra"

	"odds/cmd/internal/query"
	"odds/cmd/internal/question"
	"odds/resolve"
)

// --find 'OUTCOME>=P' --vary FLAG and --sensitivity [METRIC]: questions
// that run several queries (query.Find, query.Sensitivities) and make one
// report.

// beyond are an action command's --find, --vary and --sensitivity.
type beyond struct {
	find, vary, sensitivity string
}

// sensitivityFirst is --sensitivity given bare: the first outcome.
const sensitivityFirst = " first outcome"

// together refuses the question flags that do not go together
// (question.Together); changed says whether a flag was given (false for
// one the command lacks).
func (a *app) together(changed func(flag string) bool) error {
	return question.Together(question.Given{
		Vs: changed("vs"), Metric: a.metric != "", Find: changed("find"), Vary: changed("vary"),
		Sensitivity: changed("sensitivity"), Until: changed("until"), Attacks: changed("attacks"), Shard: a.shard.Given,
		Then: changed("then"),
	})
}

// findKind is the question --find and --vary ask of q.
func findKind(q *query.Query, b *beyond) (question.Kind, error) {
	fs, err := query.ParseFind(q, b.find, b.vary)
	if err != nil {
		return nil, err
	}
	return question.Find{Spec: fs}, nil
}

// sensitivityKind is the question --sensitivity [METRIC] asks.
func sensitivityKind(b *beyond) question.Kind {
	metric := b.sensitivity
	if metric == sensitivityFirst {
		metric = "" // the headline outcome
	}
	return question.Sensitivity{Metric: metric}
}

// completeBeyond completes --vary with the action's numeric flags and
// --sensitivity with its outcomes and numeric results.
func completeBeyond(cmd *cobra.Command, act *resolve.Action) {
	_ = cmd.RegisterFlagCompletionFunc("vary", func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return varyNames(act), cobra.ShellCompDirectiveNoFileComp
	})
	_ = cmd.RegisterFlagCompletionFunc("sensitivity", func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return metricNames(act), cobra.ShellCompDirectiveNoFileComp
	})
}

// varyNames are the flags --vary takes of an action: its numeric ones.
func varyNames(act *resolve.Action) []string {
	var names []string
	for _, p := range act.Params {
		if p.Kind == resolve.Int {
			names = append(names, p.Name)
		}
	}
	return names
}

// metricNames are the metrics --sensitivity takes of an action: its
// outcomes and mean:RESULT of its numeric results.
func metricNames(act *resolve.Action) []string {
	names := append([]string{}, act.Outcome...)
	for _, s := range act.Stats {
		names = append(names, "mean:"+s)
	}
	return names
}
