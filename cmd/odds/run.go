package main

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"odds/cmd/internal/query"
	"odds/cmd/internal/question"
	"odds/profiles"
)

func (a *app) runCommand() *cobra.Command {
	var only string
	q := new(question.Asked) // --find, --vary, --sensitivity, --until, --attacks
	tookMetric := false      // Args took the last argument as --sensitivity's METRIC
	cmd := &cobra.Command{
		Use:   "run [FILE.yaml] [--matchup NAME]",
		Short: "run the matchups of a profile file (or one by name)",
		Long: `run runs the matchups of FILE, one result each (a matchup whose set holds
lists or ranges gives one result per grid point), in any output format. FILE's
unit cards are loaded too. Without FILE, --matchup names any matchup in force,
built-in or loaded with --profiles.

--until OUTCOME --attacks N repeats each matchup's attack on its target (every
matchup must be of an action that repeats, and OUTCOME one of its outcomes).
--find/--vary and --sensitivity ask of one matchup: a FILE holding one, or
--matchup NAME.

A matchup may be an engagement (engage: [A's attack, B's attack]): it runs
alone, as odds engage with its cards and flags (--matchup rifles-trade-fire).

  odds run profiles/builtin/opposed.yaml
  odds run --matchup mg-on-rifles-in-cover --format json
  odds run --matchup mg-on-rifles-in-cover --sensitivity`,
		Args: func(cmd *cobra.Command, args []string) error {
			if metricApart(cmd, q, args, only) {
				q.Sensitivity, args, tookMetric = args[len(args)-1], args[:len(args)-1], true // --sensitivity METRIC, its value a word apart
			}
			switch {
			case len(args) > 1:
				return usagef("", "run: want one FILE, got %d", len(args))
			case len(args) == 0 && only == "":
				return usagef("'odds profiles list' lists the built-in matchups", "run: want a FILE, or --matchup NAME")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if tookMetric {
				args = args[:len(args)-1]
			}
			var file *profiles.File
			if len(args) == 1 {
				a.profilePaths = append(a.profilePaths, args[0])
			}
			reg, err := a.registry()
			if err != nil {
				return err
			}
			var names []string
			if len(args) == 1 {
				file = reg.File(args[0])
				for _, m := range file.Matchups {
					names = append(names, m.Name)
				}
				if len(names) == 0 {
					return usagef("a matchup names a system, an action and its cards", "%s: holds no matchups", args[0])
				}
			}
			if only != "" {
				if file != nil && !slices.Contains(names, only) {
					return usagef("", "--matchup: %s has no matchup %q; it has %s", args[0], only, strings.Join(names, ", "))
				}
				names = []string{only}
			}
			changed := cmd.Flags().Changed
			if (changed("find") || changed("sensitivity")) && len(names) > 1 {
				flag := map[bool]string{true: "find", false: "sensitivity"}[changed("find")]
				return usagef("pick one with --matchup NAME", "--%s: asks of one matchup; %s has %d (%s)", flag, args[0], len(names), strings.Join(names, ", "))
			}
			names, eng, note, err := query.Engagements(a.systems, reg, names, file != nil && only == "")
			if err != nil {
				return err
			}
			if note != "" {
				fmt.Fprintf(a.stderr, "odds: %s\n", note)
			}
			if eng != nil { // run as odds engage would, with the run's settings
				s, err := a.asked(cmd, q).Engagement(eng)
				if err != nil {
					return err
				}
				for _, w := range eng.Warnings {
					fmt.Fprintf(a.stderr, "odds: %s\n", w)
				}
				return a.answer(cmd.Context(), s)
			}
			jobs := make([]*query.Query, len(names))
			for i, n := range names {
				if jobs[i], err = query.OfMatchup(a.systems, reg, n); err != nil {
					return err
				}
			}
			s, err := a.asked(cmd, q).Settle(jobs, a.registry)
			if err != nil {
				return err
			}
			return a.answer(cmd.Context(), s)
		},
	}
	cmd.Flags().StringVar(&only, "matchup", "", "run only the matchup with this `NAME`")
	cmd.Flags().StringVar(&q.Find, "find", "", "of one matchup: the value of --vary at which `'OUTCOME>=P'` starts to hold (also <=, and mean:RESULT>=X), as an action's --find")
	cmd.Flags().StringVar(&q.Vary, "vary", "", "the numeric `FLAG` --find scans (not given otherwise)")
	cmd.Flags().StringVar(&q.Sensitivity, "sensitivity", "", "of one matchup: what each modifier changes, the change in `METRIC` (an outcome or mean:RESULT; default the action's headline outcome), largest first")
	cmd.Flags().Lookup("sensitivity").NoOptDefVal = sensitivityFirst
	cmd.Flags().StringVar(&q.Until, "until", "", "repeat each matchup's attack on its target, its state carried, until an attack's result is `OUTCOME` or worse (odds systems marks the actions that repeat)")
	cmd.Flags().IntVar(&q.Attacks, "attacks", query.DefaultAttacks, "with --until: the most attacks (1.."+strconv.Itoa(query.MaxAttacks)+")")
	return cmd
}

// metricApart says whether the last argument is --sensitivity's METRIC
// given a word apart (its value optional): after FILE, or, with
// --matchup and no FILE, a word that names no file.
func metricApart(cmd *cobra.Command, q *question.Asked, args []string, only string) bool {
	if q.Sensitivity != sensitivityFirst || !cmd.Flags().Changed("sensitivity") {
		return false
	}
	switch len(args) {
	case 2:
		return true
	case 1:
		_, err := os.Stat(args[0])
		return only != "" && err != nil
	}
	return false
}
