package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"odds/cmd/internal/dest"
	"odds/cmd/internal/render"
	"odds/profiles"
	"odds/resolve"
)

func (a *app) profilesCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "profiles",
		Short: "unit cards, dice and matchups: list, show, validate, export",
		Long: `Profiles are unit cards, custom dice and named matchups kept in YAML. The
built-ins come with odds; your own files are loaded with --profiles PATH (a
file or a folder, repeatable) or the ODDS_PROFILES path list, and a card
with a built-in's name replaces it.

  odds profiles list --system opposed
  odds profiles show mg-team
  odds profiles validate my-cards.yaml
  odds profiles export mg-team > my-cards.yaml
  odds opposed fire --attacker mg-team --defender rifle-section --cover soft`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	var system string
	list := &cobra.Command{
		Use:   "list",
		Short: "list the profiles in force",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			known := resolve.Names(a.systems)
			if system != "" && !slices.Contains(known, system) {
				return usagef("", "--system: want one of %s, got %q", strings.Join(known, ", "), system)
			}
			reg, err := a.registry()
			if err != nil {
				return err
			}
			return a.writeList(reg.List(system))
		},
	}
	list.Flags().StringVar(&system, "system", "", "only this system's profiles")
	show := &cobra.Command{
		Use:   "show NAME",
		Short: "show one unit card, die or matchup",
		Args:  exactlyOne("a profile name, such as mg-team"),
		RunE: func(cmd *cobra.Command, args []string) error {
			reg, err := a.registry()
			if err != nil {
				return err
			}
			found, err := reg.Find(args[0])
			if err != nil {
				return usagef("'odds profiles list' lists them", "%v", err)
			}
			return a.writeProfiles(found)
		},
	}
	validate := &cobra.Command{
		Use:   "validate FILE...",
		Short: "check profile files and report every problem",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("for example: odds profiles validate my-cards.yaml", "profiles validate: want one or more files")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			reg, err := profiles.New(a.systems)
			if err != nil {
				return err
			}
			if err := reg.LoadContext(a.ctx, args...); err != nil {
				return err
			}
			var b strings.Builder
			for _, f := range args {
				fmt.Fprintf(&b, "%s: ok\n", f)
			}
			return a.writeBytes([]byte(b.String()))
		},
	}
	export := &cobra.Command{
		Use:   "export [NAME...]",
		Short: "write profiles as YAML: a template to copy and edit (all built-ins without names)",
		Example: "  odds profiles export mg-team rifle-section > my-cards.yaml\n" +
			"  odds profiles export --out all-built-ins.yaml",
		RunE: func(cmd *cobra.Command, args []string) error {
			if cmd.Flags().Changed("format") {
				return usagef("", "--format: profiles export always writes YAML")
			}
			reg, err := a.registry()
			if err != nil {
				return err
			}
			var entries []any
			if len(args) == 0 {
				entries = reg.BuiltinEntries()
			}
			for _, name := range args {
				found, err := reg.Find(name)
				if err != nil {
					return usagef("'odds profiles list' lists them", "%v", err)
				}
				entries = append(entries, found...)
			}
			data, err := reg.Export(entries)
			if err != nil {
				return &dest.Error{Err: err}
			}
			return a.writeBytes(data)
		},
	}
	cmd.AddCommand(list, show, validate, export)
	return cmd
}

func exactlyOne(what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != 1 {
			return usagef("", "%s: want %s, got %d arguments", cmd.CommandPath(), what, len(args))
		}
		return nil
	}
}

func (a *app) writeList(entries []profiles.Entry) error {
	if entries == nil {
		entries = []profiles.Entry{} // JSON: [], not null
	}
	rows := make([][]string, len(entries))
	for i, e := range entries {
		rows[i] = []string{e.Name, e.System, e.Kind, e.Source, e.Note}
	}
	return a.writeListing(entries, []string{"name", "system", "kind", "source", "note"}, rows)
}

func (a *app) system(name string) *resolve.System { return resolve.Named(a.systems, name) }

// writeProfiles shows profiles in the chosen format: JSON a list of
// {name, system, kind, fields}, CSV rows of name, system, kind, field,
// value, tables one each.
func (a *app) writeProfiles(ps []any) error {
	var b strings.Builder
	docs := make([]render.Profile, len(ps))
	for i, p := range ps {
		docs[i] = render.ProfileOf(a.systems, p)
	}
	if err := render.Named(a.format.V).Profiles(&b, a.style(), docs); err != nil {
		return &dest.Error{Err: err}
	}
	return a.writeBytes([]byte(b.String()))
}
