package main

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"odds/resolve"
	"odds/sim"
)

// randomSeed returns a random seed below 2^53, so that it survives a round
// trip through JSON in any language.
func randomSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:]) & (1<<53 - 1)
}

// systemCommand is "odds <system>": a group of actions.
func (a *app) systemCommand(s *resolve.System) *cobra.Command {
	cmd := &cobra.Command{
		Use:   s.Name + " <action> [flags]",
		Short: s.Short + " (sheet " + strings.Join(s.Sheets, ", ") + ")",
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return cmd.Help()
			}
			return usagef(fmt.Sprintf("'odds %s --help' lists them", s.Name),
				"unknown action %q for %s: want one of %s", args[0], s.Name, actionNames(s))
		},
	}
	for _, act := range s.Actions {
		cmd.AddCommand(a.actionCommand(s, act))
	}
	return cmd
}

func actionNames(s *resolve.System) string {
	names := make([]string, len(s.Actions))
	for i, act := range s.Actions {
		names[i] = act.Name
	}
	return strings.Join(names, ", ")
}

// actionCommand is "odds <system> <action>": one flag per parameter.
func (a *app) actionCommand(s *resolve.System, act *resolve.Action) *cobra.Command {
	flags := make([]*paramFlag, len(act.Params))
	cmd := &cobra.Command{
		Use:   act.Name + " [flags]",
		Short: act.Short,
		Long: act.Short + "\nSheet " + act.Sheet + ".\nResults: " + strings.Join(act.Outcome, ", ") +
			".\n\nA numeric flag takes a list or range (0,2,4 or 1..6), a boolean takes =both;\nseveral make a grid with one result per cell.",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return nil
			}
			return usagef("boolean flags take their value after '=': --smoke=both, --smoke=false",
				"unexpected argument %q", args[0])
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			grid, err := expandGrid(act, flags)
			if err != nil {
				return err
			}
			return a.runGrid(cmd.Context(), s, act, flags, grid)
		},
	}
	for i := range act.Params {
		p := &act.Params[i]
		flags[i] = &paramFlag{p: p}
		cmd.Flags().Var(flags[i], p.Name, p.Usage)
		if p.Kind == resolve.Bool {
			cmd.Flags().Lookup(p.Name).NoOptDefVal = "true"
		}
	}
	return cmd
}

// expandGrid returns one Values per cell of the grid the flags describe,
// the first parameter varying slowest.
func expandGrid(act *resolve.Action, flags []*paramFlag) ([]resolve.Values, error) {
	grid := []resolve.Values{{}}
	for i, p := range act.Params {
		vals := flags[i].vals
		if len(vals) == 0 {
			if p.Optional {
				continue
			}
			vals = []int{p.Default}
		}
		if len(grid)*len(vals) > maxCells {
			return nil, usagef("sweep fewer values at once", "--%s: the grid would have more than %d cells", p.Name, maxCells)
		}
		next := make([]resolve.Values, 0, len(grid)*len(vals))
		for _, g := range grid {
			for _, v := range vals {
				c := make(resolve.Values, len(g)+1)
				for k, x := range g {
					c[k] = x
				}
				c[p.Name] = v
				next = append(next, c)
			}
		}
		grid = next
	}
	return grid, nil
}

// maxCells bounds a sweep.
const maxCells = 100_000

// runGrid compiles every cell first, so bad input fails before any trial
// runs, then runs them in order and writes the output.
func (a *app) runGrid(ctx context.Context, s *resolve.System, act *resolve.Action, flags []*paramFlag, grid []resolve.Values) error {
	opts, err := a.options()
	if err != nil {
		return err
	}
	plans := make([]resolve.Plan, len(grid))
	for i, v := range grid {
		if plans[i], err = act.Compile(v); err != nil {
			return &usageError{err: err}
		}
	}
	results := make([]*report, len(grid))
	for i, plan := range plans {
		res, err := a.run(ctx, plan, opts)
		if err != nil {
			return err
		}
		results[i] = newReport(s.Name, act.Name, paramsOf(act, flags, grid[i]), plan, res, opts)
	}
	return a.write(results)
}

// run runs one plan, turning the engine's size refusal into a usage error
// that names the flag to change.
func (a *app) run(ctx context.Context, plan resolve.Plan, opts sim.Options) (*sim.Result, error) {
	res, err := sim.Run(ctx, plan, opts)
	if err != nil && ctx.Err() == nil {
		return nil, usagef("raise --max-paths, or use --method mc", "--method exact: %v", err)
	}
	return res, err
}

// paramsOf lists the values of a cell in the action's parameter order,
// marking those the user left at their defaults.
func paramsOf(act *resolve.Action, flags []*paramFlag, v resolve.Values) []param {
	var ps []param
	for i := range act.Params {
		p := &act.Params[i]
		x, ok := v[p.Name]
		if !ok {
			continue
		}
		var val any = x
		switch p.Kind {
		case resolve.Bool:
			val = x != 0
		case resolve.Choice:
			val = p.Choices[x]
		}
		ps = append(ps, param{Name: p.Name, Value: val, Default: len(flags[i].vals) == 0})
	}
	return ps
}
