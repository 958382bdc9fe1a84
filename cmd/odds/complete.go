package main

import (
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"odds/profiles"
	"odds/resolve"
)

// completions wires shell completion over the command tree. Cobra offers
// files wherever a command or flag says nothing; odds offers them only
// where files are taken (run's FILE, profiles validate, merge, --out,
// --plot, --profiles) and names where names are: profiles show and
// export, run --matchup, card flags, choice flags, profiles list --system,
// and run's --vary and --sensitivity from the matchup's action.
func (a *app) completions(root *cobra.Command) {
	noFiles := cobra.ShellCompDirectiveNoFileComp
	root.CompletionOptions.DefaultShellCompDirective = &noFiles
	files := func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return nil, cobra.ShellCompDirectiveDefault
	}
	for _, name := range []string{"out", "plot", "profiles"} {
		_ = root.RegisterFlagCompletionFunc(name, files)
	}
	yaml := func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return []cobra.Completion{"yaml", "yml"}, cobra.ShellCompDirectiveFilterFileExt
	}
	for _, c := range root.Commands() {
		switch c.Name() {
		case "merge":
			c.ValidArgsFunction = func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
				return []cobra.Completion{"json"}, cobra.ShellCompDirectiveFilterFileExt
			}
		case "man":
			c.ValidArgsFunction = func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
				if len(args) > 0 {
					return nil, noFiles
				}
				return nil, cobra.ShellCompDirectiveFilterDirs
			}
		case "run":
			c.ValidArgsFunction = func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
				if len(args) > 0 {
					return nil, noFiles
				}
				return yaml(cmd, args, toComplete)
			}
			_ = c.RegisterFlagCompletionFunc("matchup", a.completeMatchups)
			_ = c.RegisterFlagCompletionFunc("vary", a.completeOfMatchup(varyNames))
			_ = c.RegisterFlagCompletionFunc("sensitivity", a.completeOfMatchup(metricNames))
		case "profiles":
			for _, sub := range c.Commands() {
				switch sub.Name() {
				case "validate":
					sub.ValidArgsFunction = yaml
				case "show":
					sub.ValidArgsFunction = func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
						if len(args) > 0 {
							return nil, noFiles
						}
						return a.completeProfiles(cmd, args, toComplete)
					}
				case "export":
					sub.ValidArgsFunction = a.completeProfiles
				case "list":
					_ = sub.RegisterFlagCompletionFunc("system", cobra.FixedCompletions(resolve.Names(a.systems), noFiles))
				}
			}
		}
	}
}

// completeProfiles completes the names profiles show and export take:
// every unit card, die, table and matchup in force (the built-ins and the
// files of ODDS_PROFILES and --profiles), each once, none already given.
func (a *app) completeProfiles(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return a.completeEntries(toComplete, args, func(profiles.Entry) bool { return true })
}

// completeMatchups completes run --matchup: the matchups of the FILE
// given as run's argument, or without one every matchup in force.
func (a *app) completeMatchups(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) == 0 {
		return a.completeEntries(toComplete, nil, func(e profiles.Entry) bool { return e.Kind == "matchup" })
	}
	a.profilePaths = append(a.profilePaths, args[0])
	reg, err := a.registry()
	if err != nil {
		return nil, cobra.ShellCompDirectiveError
	}
	var names []cobra.Completion
	for _, m := range reg.File(args[0]).Matchups {
		if strings.HasPrefix(m.Name, toComplete) {
			names = append(names, m.Name)
		}
	}
	return names, cobra.ShellCompDirectiveNoFileComp
}

// completeOfMatchup completes run's --vary and --sensitivity with the
// names of the action of the matchup the run would ask of: --matchup
// NAME (in FILE, if given), or FILE's one matchup. A FILE of several
// matchups without --matchup offers nothing, as the run refuses --find
// and --sensitivity there; so does a file that is missing or bad (the
// run will say what is wrong, completion never does).
func (a *app) completeOfMatchup(names func(*resolve.Action) []string) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		act := a.matchupAction(cmd, args)
		if act == nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []cobra.Completion
		for _, n := range names(act) {
			if strings.HasPrefix(n, toComplete) {
				out = append(out, n)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// matchupAction is the action of the matchup odds run would ask of, or
// nil where there is none, or no one, or the profiles do not load (their
// warnings unsaid: a completion prints nothing but names).
func (a *app) matchupAction(cmd *cobra.Command, args []string) *resolve.Action {
	if len(args) > 1 {
		return nil
	}
	file := ""
	if len(args) == 1 {
		file = args[0]
		a.profilePaths = append(a.profilePaths, file)
	}
	stderr := a.stderr
	a.stderr = io.Discard
	reg, err := a.registry()
	a.stderr = stderr
	if err != nil {
		return nil
	}
	only, _ := cmd.Flags().GetString("matchup")
	m := reg.RunMatchup(file, only)
	if m == nil {
		return nil
	}
	if sys := a.system(m.System); sys != nil {
		return sys.Action(m.Action)
	}
	return nil
}

// completeEntries lists the names of the profiles in force that keep
// selects and start with toComplete, sorted, each once, none in given.
func (a *app) completeEntries(toComplete string, given []string, keep func(profiles.Entry) bool) ([]cobra.Completion, cobra.ShellCompDirective) {
	reg, err := a.registry()
	if err != nil {
		return nil, cobra.ShellCompDirectiveError
	}
	var names []cobra.Completion
	for _, e := range reg.List("") {
		if keep(e) && strings.HasPrefix(e.Name, toComplete) && !slices.Contains(given, e.Name) {
			names = append(names, e.Name)
		}
	}
	slices.Sort(names)
	return slices.Compact(names), cobra.ShellCompDirectiveNoFileComp
}

// completeParam completes the values of an action parameter: its choices,
// or true, false and both.
func completeParam(p *resolve.Param) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		switch p.Kind {
		case resolve.Choice:
			return append(append([]string{}, p.Choices...), "all"), cobra.ShellCompDirectiveNoFileComp
		case resolve.Bool:
			return []string{"true", "false", "both"}, cobra.ShellCompDirectiveNoFileComp
		}
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
}

// completeCards completes card names of a system: the built-ins and the
// files given by ODDS_PROFILES or --profiles.
func (a *app) completeCards(system string) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		reg, err := a.registry()
		if err != nil {
			return nil, cobra.ShellCompDirectiveError
		}
		var names []string
		for _, e := range reg.List(system) {
			if e.Kind == "unit" && strings.HasPrefix(e.Name, toComplete) {
				names = append(names, e.Name)
			}
		}
		return names, cobra.ShellCompDirectiveNoFileComp
	}
}
