package main

import (
	"context"

	"github.com/spf13/cobra"

	"odds/cmd/internal/query"
	"odds/cmd/internal/question"
	"odds/resolve"
)

// The flags that ask a question beyond one attack at each point: --vs,
// --find and --vary, --sensitivity, --until and --attacks, --then.

// sensitivityFirst is --sensitivity given bare: the headline outcome.
const sensitivityFirst = " first outcome"

// asked completes the question the flags of cmd ask (question.Asked,
// whose flags cmd binds to its fields): Given is filled here from the
// flags given, as the other doors fill it from their values.
func (a *app) asked(cmd *cobra.Command, q *question.Asked) *question.Asked {
	changed := cmd.Flags().Changed
	q.Metric = a.metric
	q.Given = question.Given{
		Vs: changed("vs"), Metric: a.metric != "", Find: changed("find"), Vary: changed("vary"),
		Sensitivity: changed("sensitivity"), Until: changed("until"), Attacks: changed("attacks"), Shard: a.shard.Given,
		Then: changed("then"),
	}
	if q.Sensitivity == sensitivityFirst {
		q.Sensitivity = "" // the headline outcome
	}
	return q
}

// answer answers the question s, or with --shard runs its share.
func (a *app) answer(ctx context.Context, s *question.Settings) error {
	if a.shard.Given {
		return a.shardOf(ctx, s)
	}
	return a.ask(ctx, s)
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

// metricNames are the metrics --sensitivity takes of an action.
func metricNames(act *resolve.Action) []string { return query.MetricNames(act.Outcome, act.Stats) }
