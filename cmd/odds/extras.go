package main

import (
	"fmt"
	"os"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"odds/resolve"
)

// version is the module version and VCS revision the binary was built
// from, as the Go toolchain records them.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := info.Main.Version
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value[:min(12, len(s.Value))]
		case "vcs.modified":
			if s.Value == "true" {
				modified = "+dirty"
			}
		}
	}
	if rev != "" {
		v += " (" + rev + modified + ")"
	}
	return v + " " + info.GoVersion
}

// versionCommand is "odds version": what --version prints.
func versionCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "print the version of odds (as --version)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := fmt.Fprintln(cmd.OutOrStdout(), "odds version "+version())
			return err
		},
	}
}

// manCommand writes a man page for every command into a folder, made if
// it is missing.
func (a *app) manCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "man DIR",
		Short: "write man pages for odds and all its commands into DIR",
		Example: "  odds man ./man && man ./man/odds-opposed-fire.1\n" +
			"  go run ./cmd/odds man /usr/local/share/man/man1",
		Args: exactlyOne("a folder to write the man pages into"),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := args[0]
			if st, err := os.Stat(dir); err == nil && !st.IsDir() {
				return usagef("name a folder, or a path where one can be made", "man: %s is not a folder", dir)
			}
			if err := os.MkdirAll(dir, 0o777); err != nil {
				return &ioError{fmt.Errorf("man: %v", err)}
			}
			if err := writeManTree(cmd.Root(), dir, "odds "+version()); err != nil {
				return &ioError{fmt.Errorf("man: %v", err)}
			}
			return nil
		},
	}
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
