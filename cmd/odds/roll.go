package main

import (
	"context"
	"strings"

	"github.com/spf13/cobra"

	"odds/cmd/internal/question"
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

// runRoll answers odds roll src (question.Roll, which merge asks too),
// or with --shard runs its share: one point, whose Monte Carlo trials
// are split in chunk ranges.
func (a *app) runRoll(ctx context.Context, src string) error {
	return a.answer(ctx, &question.Settings{Metric: a.metric, Kind: question.Roll{Expr: src, AllRows: a.allRows}})
}
