package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"odds/cmd/internal/cli"
	"odds/cmd/internal/dest"
)

// versionCommand is "odds version": what --version prints.
func versionCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "print the version of odds (as --version)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := fmt.Fprintln(cmd.OutOrStdout(), "odds version "+cli.Version())
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
				return &dest.Error{Err: fmt.Errorf("man: %v", err)}
			}
			if err := cli.WriteMan(cmd.Root(), dir, "odds "+cli.Version()); err != nil {
				return &dest.Error{Err: fmt.Errorf("man: %v", err)}
			}
			return nil
		},
	}
}
