package main

import (
	"context"
	"strings"

	"github.com/spf13/cobra"

	"odds/cmd/internal/query"
	"odds/cmd/internal/question"
	"odds/cmd/internal/render"
	"odds/resolve/roll"
	"odds/sim"
)

func (a *app) rollCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "roll '<dice expression>'",
		Short: "roll a dice expression: 6d6>=4, 2d6+1, 4d6kh3, d10+3 vs d10+1",
		Long: `roll answers for any dice expression; the outcomes are its values.

  NdS            N dice with S sides, summed (d6 is 1d6)
  +k, -k, A+B    constants and sums of terms
  NdS>=T         success count: dice showing T or more (also >, <=, <, =)
  NdSkhK, NdSklK keep the K highest / lowest dice (k alone means kh)
  NdS!           exploding: a die showing its highest face rolls again and
                 adds (at most 9 times: the tenth roll stands)
  NdSrK          re-roll once each die showing K or less (d6r1: re-roll 1s)
  (A)>=T         a comparison on a group: 1 if it holds, else 0
  A vs B         an opposed roll: A's total minus B's

A comparison applies to the term on its left: 'd20+5>=15' compares the 5;
write '(d20+5)>=15' to compare the sum. A leading minus works: odds roll -1d6.
Quote the expression so the shell leaves >, <, ! and parentheses alone.`,
		Example: "  odds roll '6d6>=4'\n  odds roll '2d6kh1+2'\n  odds roll '(d20+5)>=15'\n  odds roll '3d6!' --format csv\n  odds roll 'd10+3 vs d10+1' --format json",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("for example: odds roll '6d6>=4'", "roll: want a dice expression")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.runRoll(cmd.Context(), strings.TrimSpace(strings.Join(args, " ")))
		},
	}
	cmd.Flags().BoolVar(&a.allRows, "all-rows", false, "table and markdown: show every value of the far tails, which otherwise fold into one row each (under 0.01% together)")
	return cmd
}

// runRoll answers odds roll src: its expression parsed and compiled (the
// one validation of a roll, for the command, batch and merge), then run,
// sharded (--shard) or taken from merged shards (odds merge).
func (a *app) runRoll(ctx context.Context, src string) error {
	e, err := roll.Parse(src)
	if err != nil {
		return &usageError{err: err, hint: "'odds roll --help' describes the expressions"}
	}
	if a.metric != "" {
		return usagef("a roll is one result; --metric picks the figure of a roster of two card roles",
			"--metric: odds roll has no roster to show as a matrix")
	}
	opts, err := a.options()
	if err != nil {
		return err
	}
	plan := roll.Compile(e)
	if err := query.CheckRollRows("", src, len(plan.Layout().Outcomes)); err != nil {
		return err
	}
	var res *sim.Result
	switch {
	case a.shard.set: // one cell: its Monte Carlo trials are split in chunk ranges
		return a.runShard(ctx, []query.Compiled{{Plan: plan}}, opts, src)
	case a.merged != nil && a.mergedCells != 1:
		return usagef("merge the shards of one run", "merge: the shards hold %d results, a roll has one", a.mergedCells)
	case a.merged != nil:
		res, err = query.MergedResult(a.merged, a.mergedFrom, 0, plan)
	default:
		if res, err = sim.Run(ctx, plan, opts); err != nil {
			err = query.RunError(ctx, err)
		}
	}
	if err != nil {
		return err
	}
	r := query.NewResult("roll", "roll", []param{{Name: "expr", Value: src}}, plan, res, opts)
	a.markPartial([]*query.Result{r})
	if a.plot == "" {
		return a.write(ctx, question.Results{r})
	}
	img, err := render.RollPlot(r, a.plot, a.allRows, render.PlotTitle(a.title))
	if err != nil {
		return err
	}
	if err := a.write(ctx, question.Results{r}); err != nil {
		return err
	}
	return a.writePlot(img)
}
