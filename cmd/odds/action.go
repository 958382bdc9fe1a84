package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"odds/cmd/internal/query"
	"odds/cmd/internal/question"
	"odds/resolve"
)

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
			hint := fmt.Sprintf("'odds %s --help' lists them", s.Name)
			if near := resolve.Nearest(args[0], strings.Split(actionNames(s), ", "), 3); len(near) > 0 {
				hint = "did you mean " + strings.Join(near, " or ") + "?"
			}
			return usagef(hint, "unknown action %q for %s: want one of %s", args[0], s.Name, actionNames(s))
		},
	}
	if !a.reaches(s) {
		return cmd
	}
	for _, act := range s.Actions {
		cmd.AddCommand(a.actionCommand(s, act))
	}
	return cmd
}

// reaches reports whether this command line may need s's action
// commands: it names s, or a command that walks every command (help,
// man, completion), or it is empty (tests build the whole tree). The
// others (odds roll 3d6, another system's action) skip building them.
func (a *app) reaches(s *resolve.System) bool {
	if len(a.args) == 0 {
		return true
	}
	for _, arg := range a.args {
		switch {
		case arg == s.Name, arg == "help", arg == "man", arg == "completion", strings.HasPrefix(arg, "__complete"):
			return true
		}
	}
	return false
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
	q := new(question.Asked)      // --vs, --find, --vary, --sensitivity, --until, --attacks, --then
	cmd := &cobra.Command{
		Use:     act.Name + " [flags]",
		Short:   act.Short,
		Example: "  " + strings.Join(act.Examples, "\n  "),
		Long: a.paragraphs(act.Short + ".\n\nSheet " + act.Sheet + ".\n\nResults: " + strings.Join(act.Outcome, ", ") +
			".\n\nA numeric flag takes a list or range (0,2,4 or 1..6), a boolean takes =both; several make a grid with one result per point."),
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 && q.Sensitivity == sensitivityFirst && cmd.Flags().Changed("sensitivity") {
				q.Sensitivity = args[0] // --sensitivity METRIC, its value a word apart
				return nil
			}
			if len(args) == 0 {
				return nil
			}
			return usagef("boolean flags take their value after '=': --smoke=both, --smoke=false",
				"unexpected argument %q", args[0])
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			sp := query.Spec{System: s, Action: act, Values: map[string][]resolve.Value{}, Cards: map[string]string{}}
			for i, f := range flags {
				if len(f.vals) > 0 {
					sp.Values[act.Params[i].Name] = f.vals
				}
			}
			for _, r := range act.Roles {
				if cmd.Flags().Changed(r.Name) {
					sp.Cards[r.Name] = *roles[r.Name]
				}
			}
			j, warnings, err := query.New(sp, a.registry)
			if err != nil {
				return err
			}
			for _, w := range warnings {
				fmt.Fprintf(a.stderr, "odds: %s\n", w)
			}
			s, err := a.asked(cmd, q).Settle([]*query.Query{j}, a.registry)
			if err != nil {
				return err
			}
			return a.answer(cmd.Context(), s)
		},
	}
	cmd.Flags().StringVar(&q.Vs, "vs", "", "compare with a variant: `'FLAGS'` changed (or other cards), on the same dice: A, B and B-A with its paired 95% interval")
	cmd.Flags().StringVar(&q.Find, "find", "", "find the value of --vary at which `'OUTCOME>=P'` starts to hold (also <=, and mean:RESULT>=X): scanned over the flag's bounds, the figures either side shown")
	cmd.Flags().StringVar(&q.Vary, "vary", "", "the numeric `FLAG` --find scans (not given otherwise)")
	cmd.Flags().StringVar(&q.Sensitivity, "sensitivity", "", "what each modifier changes, one flag at a time (toggled, or a step either way): the change in `METRIC` (an outcome or mean:RESULT; default the headline outcome), largest first")
	cmd.Flags().Lookup("sensitivity").NoOptDefVal = sensitivityFirst
	completeBeyond(cmd, act)
	cmd.Flags().StringVar(&q.Until, "until", "", untilUsage(s, act))
	cmd.Flags().StringArrayVar(&q.Then, "then", nil, thenUsage(s, act))
	cmd.Flags().IntVar(&q.Attacks, "attacks", query.DefaultAttacks, "with --until: how many attacks the target takes at most, `N` in 1.."+strconv.Itoa(query.MaxAttacks))
	for _, r := range act.Roles {
		roles[r.Name] = cmd.Flags().String(r.Name, "", "`NAME` of the "+r.Usage+" (a,b,c or all: one result per card)")
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

// untilUsage is --until's help: the outcomes it accepts, most severe
// first, or, for an action that does not repeat, that it refuses.
func untilUsage(s *resolve.System, act *resolve.Action) string {
	if act.Chain == nil {
		return "repeated attacks: not chained for " + s.Name + " " + act.Name + " (docs/rules/" + s.Name + ".md says why); `OUTCOME` is refused"
	}
	return "repeat the attack on the same target, its state carried, until an attack's result is `OUTCOME` or worse (" +
		strings.Join(act.Chain.Severity, ", ") + ", most severe first): P(reached by attack k) and the target's state after --attacks"
}

// thenUsage is --then's help, one line (opposed fire's help is under 80
// lines); the action's examples and docs/questions.md say the rest.
func thenUsage(s *resolve.System, act *resolve.Action) string {
	if act.Chain == nil {
		return "a sequence of attacks on one target: " + s.Name + " " + act.Name + " takes no part in one (docs/rules/" + s.Name + ".md says why)"
	}
	return "then `'ACTION FLAGS'` on the same target, once a step"
}
