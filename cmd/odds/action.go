package main

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"odds/cmd/internal/query"
	"odds/profiles"
	"odds/resolve"
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
	if a.only != "" && a.only != s.Name && a.system(a.only) != nil {
		return cmd // another system was named: its actions are all this run needs
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
	vs := new(string)             // --vs
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
			j := &query.Query{System: s, Action: act, Cards: map[string][]*profiles.Unit{}, Values: map[string][]resolve.Value{}, GivenBy: "flag"}
			for i, f := range flags {
				if len(f.vals) > 0 {
					j.Values[act.Params[i].Name] = f.vals
				}
			}
			// Profiles are read only when a card is named: a run without
			// cards neither pays for them nor fails on a stale path.
			var all []string              // roles given as all
			for _, r := range act.Roles { // in order: the first bad card is reported
				list := *roles[r.Name]
				switch {
				case cmd.Flags().Changed(r.Name) && strings.TrimSpace(list) == "":
					return usagef("'odds profiles list --system "+s.Name+"' lists the cards", "--%s: want a card name, got an empty one", r.Name)
				case list == "":
					continue
				}
				reg, err := a.registry()
				if err != nil {
					return err
				}
				if strings.TrimSpace(list) == "all" {
					all = append(all, r.Name)
					for _, e := range reg.List(s.Name) {
						if e.Kind == "unit" {
							u, _ := reg.Unit(e.Name, s.Name)
							j.Cards[r.Name] = append(j.Cards[r.Name], u)
						}
					}
					if len(j.Cards[r.Name]) == 0 {
						return usagef("'odds profiles list --system "+s.Name+"' lists the cards", "--%s all: the %s system has no unit cards", r.Name, s.Name)
					}
					continue
				}
				for _, name := range strings.Split(list, ",") {
					u, err := reg.Unit(strings.TrimSpace(name), s.Name)
					if err != nil {
						return usagef("'odds profiles list --system "+s.Name+"' lists the cards", "--%s: %v", r.Name, err)
					}
					j.Cards[r.Name] = append(j.Cards[r.Name], u)
				}
			}
			if needsEnv(s) {
				reg, err := a.registry()
				if err != nil {
					return err
				}
				j.Env = envOf(reg, s)
			}
			for _, role := range all {
				if err := a.fitting(j, role); err != nil {
					return err
				}
			}
			if cmd.Flags().Changed("vs") {
				if a.metric != "" {
					return usagef("compare one figure by reading it in the comparison", "--vs: give --metric without --vs")
				}
				b, err := a.variant(cmd, j, *vs)
				if err != nil {
					return err
				}
				return a.runCompare(cmd.Context(), j, b, *vs)
			}
			return a.runJobs(cmd.Context(), []*query.Query{j})
		},
	}
	cmd.Flags().StringVar(vs, "vs", "", "compare with a variant: `'FLAGS'` changed (or other cards), on the same dice: A, B and B-A with its paired 95% interval")
	for _, r := range act.Roles {
		roles[r.Name] = cmd.Flags().String(r.Name, "", "`NAME` of the "+r.Usage+"; its stats fill the flags, and a flag given overrides the card (a,b,c or all: one result per card)")
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

// fitting keeps, of the cards --ROLE all named, those the action takes:
// every cell of the job compiles with the card in that role (and the
// first of each other role's cards). The rest are named on stderr; none
// left is an error.
func (a *app) fitting(j *query.Query, role string) error {
	var keep []*profiles.Unit
	var left []string
	for _, u := range j.Cards[role] {
		probe := *j
		probe.Cards = map[string][]*profiles.Unit{}
		for r, us := range j.Cards {
			probe.Cards[r] = us[:1]
		}
		probe.Cards[role] = []*profiles.Unit{u}
		points, err := probe.Points()
		fits := err == nil
		for _, pt := range points {
			if !fits {
				break
			}
			_, err := j.Action.Compile(j.Action.Args(pt.Values, j.Env))
			fits = err == nil
		}
		if fits {
			keep = append(keep, u)
		} else {
			left = append(left, u.Name)
		}
	}
	if len(keep) == 0 {
		return usagef("'odds profiles list --system "+j.System.Name+"' lists the cards",
			"--%s all: no %s card fits %s %s as the %s", role, j.System.Name, j.System.Name, j.Action.Name, role)
	}
	if len(left) > 0 {
		fmt.Fprintf(a.stderr, "odds: --%s all: left out %s (not fit for %s %s)\n", role, strings.Join(left, ", "), j.System.Name, j.Action.Name)
	}
	j.Cards[role] = keep
	return nil
}
