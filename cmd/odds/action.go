package main

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"odds/profiles"
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
	short := s.Short + " (sheet " + strings.Join(s.Sheets, ", ") + ")"
	cmd := &cobra.Command{
		Use:         s.Name + " <action> [flags]",
		Short:       short,
		Annotations: map[string]string{"system": s.Name},
		Long:        a.paragraphs(short),
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
	roles := map[string]*string{} // card flags by role
	cmd := &cobra.Command{
		Use:     act.Name + " [flags]",
		Short:   act.Short,
		Example: "  " + strings.Join(act.Examples, "\n  "),
		Long: a.paragraphs(act.Short + ".\n\nSheet " + act.Sheet + ".\n\nResults: " + strings.Join(act.Outcome, ", ") +
			".\n\nA numeric flag takes a list or range (0,2,4 or 1..6), a boolean takes =both; several make a grid with one result per cell."),
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return nil
			}
			return usagef("boolean flags take their value after '=': --smoke=both, --smoke=false",
				"unexpected argument %q", args[0])
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			j := &job{sys: s, act: act, cards: map[string]*profiles.Unit{}, given: map[string][]resolve.Value{}, givenBy: "flag"}
			for i, f := range flags {
				if len(f.vals) > 0 {
					j.given[act.Params[i].Name] = f.vals
				}
			}
			// Profiles are read only when a card is named: a run without
			// cards neither pays for them nor fails on a stale path.
			for _, r := range act.Roles { // in order: the first bad card is reported
				name := *roles[r.Name]
				switch {
				case cmd.Flags().Changed(r.Name) && strings.TrimSpace(name) == "":
					return usagef("'odds profiles list --system "+s.Name+"' lists the cards", "--%s: want a card name, got an empty one", r.Name)
				case name == "":
					continue
				}
				reg, err := a.registry()
				if err != nil {
					return err
				}
				u, err := reg.Unit(name, s.Name)
				if err != nil {
					return usagef("'odds profiles list --system "+s.Name+"' lists the cards", "--%s: %v", r.Name, err)
				}
				j.cards[r.Name] = u
			}
			if needsEnv(s) {
				reg, err := a.registry()
				if err != nil {
					return err
				}
				j.env = envOf(reg, s)
			}
			return a.runJobs(cmd.Context(), []*job{j})
		},
	}
	for _, r := range act.Roles {
		roles[r.Name] = cmd.Flags().String(r.Name, "", "`NAME` of the "+r.Usage+"; its stats fill the flags, and a flag given overrides the card")
		_ = cmd.RegisterFlagCompletionFunc(r.Name, a.completeCards(s.Name))
	}
	for i := range act.Params {
		p := &act.Params[i]
		flags[i] = &paramFlag{p: p}
		usage := p.Usage
		if p.Kind == resolve.Choice && long(p) {
			usage += " (one of " + strings.Join(p.Choices, ", ") + ")"
		}
		if p.Kind == resolve.Int && !p.Optional && p.Default == 0 {
			usage += " (default 0)" // pflag shows every default but a zero
		}
		cmd.Flags().Var(flags[i], p.Name, usage)
		if p.Kind == resolve.Bool {
			cmd.Flags().Lookup(p.Name).NoOptDefVal = "true"
		}
		_ = cmd.RegisterFlagCompletionFunc(p.Name, completeParam(p))
	}
	return cmd
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
