package main

import (
	"fmt"
	"os"
	"runtime/debug"

	"github.com/spf13/cobra"
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
