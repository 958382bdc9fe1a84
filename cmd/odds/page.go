package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"odds/cmd/internal/dest"
	"odds/cmd/internal/page"
)

// pageCommand is "odds page DIR": the page as a static site.
func (a *app) pageCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "page DIR",
		Short: "write the page as a static, offline site into DIR (the engine runs in the browser)",
		Long: a.paragraphs("page writes the page that odds serve serves into DIR, made if missing: a static site whose engine is odds compiled to WebAssembly, so any static web host serves it and it answers in the browser, offline after the first visit. Open it over http(s), not as a file.\n\n" +
			"DIR must be new, empty, or a folder odds page wrote before (it keeps a list of its files in DIR/" + page.Marker + "): then it replaces its own files, removes those the page no longer has and leaves any others (a CNAME) alone; it refuses any other folder that holds files."),
		Example: "  odds page ./site && python3 -m http.server -d ./site 8000\n" +
			"  odds page ./public    # then publish ./public on any static host",
		Args: exactlyOne("a folder to write the page into"),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := args[0]
			if dir == "" {
				return usagef("name a folder, or a path where one can be made", "page: give a folder")
			}
			if st, err := os.Stat(dir); err == nil && !st.IsDir() {
				return usagef("name a folder, or a path where one can be made", "page: %s is not a folder", dir)
			}
			written, err := page.Write(dir)
			var fe *page.ForeignError
			switch {
			case errors.As(err, &fe):
				return usagef("name a new or empty folder, or one odds page wrote", "page: %v", err)
			case err != nil:
				return &dest.Error{Err: fmt.Errorf("page: %v", err)}
			}
			fmt.Fprintf(a.stderr, "odds: wrote the page (%d files) to %s\n", len(written), dir)
			return nil
		},
	}
}
