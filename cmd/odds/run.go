package main

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"odds/cmd/internal/query"
	"odds/profiles"
)

func (a *app) runCommand() *cobra.Command {
	var only string
	cmd := &cobra.Command{
		Use:   "run [FILE.yaml] [--matchup NAME]",
		Short: "run the matchups of a profile file (or one by name)",
		Long: `run runs the matchups of FILE, one result each (a matchup whose set holds
lists or ranges gives one result per grid cell), in any output format. FILE's
unit cards are loaded too. Without FILE, --matchup names any matchup in force,
built-in or loaded with --profiles.

  odds run profiles/builtin/opposed.yaml
  odds run --matchup mg-on-rifles-in-cover --format json`,
		Args: func(cmd *cobra.Command, args []string) error {
			switch {
			case len(args) > 1:
				return usagef("", "run: want one FILE, got %d", len(args))
			case len(args) == 0 && only == "":
				return usagef("'odds profiles list' lists the built-in matchups", "run: want a FILE, or --matchup NAME")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
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
			var jobs []*query.Query
			for _, n := range names {
				m, err := reg.Matchup(n)
				if err != nil {
					return usagef("'odds profiles list' lists the matchups", "--matchup: %v", err)
				}
				jobs = append(jobs, a.matchupJob(reg, m))
			}
			return a.runJobs(cmd.Context(), jobs)
		},
	}
	cmd.Flags().StringVar(&only, "matchup", "", "run only the matchup with this `NAME`")
	return cmd
}

// matchupJob turns a checked matchup into a job; its cards were verified
// when the registry was loaded.
func (a *app) matchupJob(reg *profiles.Registry, m *profiles.Matchup) *query.Query {
	sys := a.system(m.System)
	j := &query.Query{System: sys, Action: sys.Action(m.Action), Cards: map[string][]*profiles.Unit{}, Values: m.Set, GivenBy: "matchup " + m.Name, Matchup: m.Name,
		Env: envOf(reg, sys)}
	for role, card := range m.Cards {
		u, _ := reg.Unit(card, m.System)
		j.Cards[role] = []*profiles.Unit{u}
	}
	return j
}
