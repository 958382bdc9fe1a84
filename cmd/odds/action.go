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
	vs := new(string)             // --vs
	bq := new(beyond)             // --find, --vary, --sensitivity
	until := new(string)          // --until
	attacks := new(int)           // --attacks
	then := new([]string)         // --then, a step each
	cmd := &cobra.Command{
		Use:     act.Name + " [flags]",
		Short:   act.Short,
		Example: "  " + strings.Join(act.Examples, "\n  "),
		Long: a.paragraphs(act.Short + ".\n\nSheet " + act.Sheet + ".\n\nResults: " + strings.Join(act.Outcome, ", ") +
			".\n\nA numeric flag takes a list or range (0,2,4 or 1..6), a boolean takes =both; several make a grid with one result per point."),
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 && bq.sensitivity == sensitivityFirst && cmd.Flags().Changed("sensitivity") {
				bq.sensitivity = args[0] // --sensitivity METRIC, its value a word apart
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
			changed := cmd.Flags().Changed
			if err := a.together(changed); err != nil {
				return err
			}
			if changed("then") {
				if err := a.setThen(cmd, j, *then, *until); err != nil {
					return err
				}
			} else if err := a.setUntil(cmd, j, *until, *attacks); err != nil {
				return err
			}
			s := &question.Settings{Query: j, Metric: a.metric}
			switch {
			case changed("then"):
				s.Kind = question.Sequence{}
			case changed("find"):
				if s.Kind, err = findKind(j, bq); err != nil {
					return err
				}
			case changed("sensitivity"):
				s.Kind = sensitivityKind(bq)
			case changed("vs"):
				b, err := query.Variant(j, *vs, func(name string) bool { return cmd.Root().PersistentFlags().Lookup(name) != nil }, a.registry)
				if err != nil {
					return err
				}
				s.Kind = question.Compare{B: b, Vs: *vs}
			default:
				return a.runJobs(cmd.Context(), []*query.Query{j})
			}
			return a.ask(cmd.Context(), s)
		},
	}
	cmd.Flags().StringVar(vs, "vs", "", "compare with a variant: `'FLAGS'` changed (or other cards), on the same dice: A, B and B-A with its paired 95% interval")
	cmd.Flags().StringVar(&bq.find, "find", "", "find the value of --vary at which `'OUTCOME>=P'` starts to hold (also <=, and mean:RESULT>=X): scanned over the flag's bounds, the figures either side shown")
	cmd.Flags().StringVar(&bq.vary, "vary", "", "the numeric `FLAG` --find scans (not given otherwise)")
	cmd.Flags().StringVar(&bq.sensitivity, "sensitivity", "", "what each modifier changes, one flag at a time (toggled, or a step either way): the change in `METRIC` (an outcome or mean:RESULT; default the headline outcome), largest first")
	cmd.Flags().Lookup("sensitivity").NoOptDefVal = sensitivityFirst
	completeBeyond(cmd, act)
	cmd.Flags().StringVar(until, "until", "", untilUsage(s, act))
	cmd.Flags().StringArrayVar(then, "then", nil, thenUsage(s, act))
	cmd.Flags().IntVar(attacks, "attacks", query.DefaultAttacks, "with --until: how many attacks the target takes at most, `N` in 1.."+strconv.Itoa(query.MaxAttacks))
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

// setUntil reads --until and --attacks into the query: repeated attacks
// on one target (query.Until); what they do not go with is refused by
// together first.
func (a *app) setUntil(cmd *cobra.Command, q *query.Query, until string, attacks int) error {
	f := cmd.Flags()
	switch {
	case !f.Changed("until"):
		return nil
	case until == "":
		return usagef("for example --until out-of-action", "--until: want an outcome of %s %s", q.System.Name, q.Action.Name)
	case attacks < 1 || attacks > query.MaxAttacks:
		return usagef("", "--attacks: want 1..%d, got %d", query.MaxAttacks, attacks)
	}
	q.Until = &query.Until{Outcome: until, Attacks: attacks}
	return nil
}
