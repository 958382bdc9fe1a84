package main

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"odds/cmd/internal/render"
	"odds/resolve"
)

// fitHelp makes cobra's help fit the width: command summaries wrap, with
// their continuation lines indented under the text, and the flags are
// laid out by oddsFlags (helpFlags) instead of pflag's one wide column.
func (a *app) fitHelp(root *cobra.Command) {
	cobra.AddTemplateFunc("oddsShort", func(s string, pad int) string {
		return render.Wrap(strings.Fields(s), " ", a.width-pad-3, strings.Repeat(" ", pad+3))
	})
	cobra.AddTemplateFunc("oddsFlags", a.helpFlags)
	t := root.UsageTemplate()
	t = strings.ReplaceAll(t, "{{rpad .Name .NamePadding }} {{.Short}}", "{{rpad .Name .NamePadding }} {{oddsShort .Short .NamePadding}}")
	// Everything from "Flags:" to the help topics is the flags' part.
	start := strings.Index(t, "{{if .HasAvailableLocalFlags}}")
	end := strings.Index(t, "{{if .HasHelpSubCommands}}")
	if start < 0 || end < start {
		panic("odds: cobra's usage template changed: no flags part to replace")
	}
	t = t[:start] + "{{oddsFlags .}}" + t[end:]
	root.SetUsageTemplate(t)
}

// paragraphs wraps each paragraph of s to the width (render.Paragraphs).
func (a *app) paragraphs(s string) string { return render.Paragraphs(a.width, s) }

// globalShort are the global flags every command's help lists by name;
// 'odds help flags' describes them all.
var globalShort = []string{"trials", "seed", "method", "format", "out", "plot", "precision"}

// flagsTopic names the help topic of every global flag: 'odds help flags'.
const flagsTopic = "flags"

// helpFlags is the flags' part of a command's help: its own flags, an
// action's in the sheet's sections (resolve.Param.Section, as the page
// groups them), then the global flags by name with a pointer to 'odds
// help flags'. Each description wraps beside a narrow column.
func (a *app) helpFlags(cmd *cobra.Command) string {
	var b strings.Builder
	var own []*pflag.Flag
	cmd.NonInheritedFlags().VisitAll(func(f *pflag.Flag) {
		global := !cmd.HasParent() && cmd.PersistentFlags().Lookup(f.Name) != nil
		if !f.Hidden && f.Name != "help" && !global {
			own = append(own, f)
		}
	})
	groups := a.flagGroups(cmd, own)
	col := flagColumn(own)
	for _, g := range groups {
		fmt.Fprintf(&b, "\n\n%s:\n%s", g.title, a.flagLines(g.flags, col))
	}
	var names []string
	for _, n := range globalShort {
		if f := cmd.Root().PersistentFlags().Lookup(n); f != nil {
			names = append(names, flagName(f))
		}
		if n == "method" {
			names = append(names, "-h, --help") // where it fits: two lines at 80 columns
		}
	}
	fmt.Fprintf(&b, "\n\nGlobal flags (all of them: odds help %s):\n  %s", flagsTopic,
		render.Wrap(names, "   ", a.width-2, "  "))
	return b.String()
}

// flagGroup is a titled list of flags in help.
type flagGroup struct {
	title string
	flags []*pflag.Flag
}

// flagGroups splits an action's flags into the sheet's sections, in the
// order the action declares its parameters, then its cards and the
// questions beyond one roll; any other command's flags are one group.
func (a *app) flagGroups(cmd *cobra.Command, flags []*pflag.Flag) []flagGroup {
	act := a.helpAction(cmd)
	if act == nil {
		if len(flags) == 0 {
			return nil
		}
		return []flagGroup{{"Flags", flags}}
	}
	var groups []flagGroup
	add := func(title string, f *pflag.Flag) {
		for i := range groups {
			if groups[i].title == title {
				groups[i].flags = append(groups[i].flags, f)
				return
			}
		}
		groups = append(groups, flagGroup{title, []*pflag.Flag{f}})
	}
	byName := map[string]*pflag.Flag{}
	for _, f := range flags {
		byName[f.Name] = f
	}
	for _, p := range act.Params {
		if f := byName[p.Name]; f != nil {
			title := p.Section
			if title == "" {
				title = "Flags"
			}
			add(title, f)
			delete(byName, p.Name)
		}
	}
	for _, r := range act.Roles {
		if f := byName[r.Name]; f != nil {
			add("Unit cards (a card's stats fill the flags; a flag given overrides it)", f)
			delete(byName, r.Name)
		}
	}
	for _, name := range beyondFlags {
		if f := byName[name]; f != nil {
			add("Beyond one roll", f)
			delete(byName, name)
		}
	}
	for _, f := range flags {
		if byName[f.Name] != nil {
			add("Other", f)
		}
	}
	return groups
}

// beyondFlags are an action's questions beyond one roll, in the order
// help lists them.
var beyondFlags = []string{"vs", "until", "attacks", "then", "find", "vary", "sensitivity"}

// helpAction is the action cmd runs, or nil for any other command.
func (a *app) helpAction(cmd *cobra.Command) *resolve.Action {
	p := cmd.Parent()
	if p == nil {
		return nil
	}
	s := a.system(p.Annotations["system"])
	if s == nil {
		return nil
	}
	for _, act := range s.Actions {
		if act.Name == cmd.Name() {
			return act
		}
	}
	return nil
}

// flagColumn is the width of the flags' column: the widest flag up to
// 24 columns, so that descriptions keep most of an 80-column line.
func flagColumn(flags []*pflag.Flag) int {
	const widest = 24
	col := 0
	for _, f := range flags {
		if n := utf8.RuneCountInString(flagName(f)); n <= widest {
			col = max(col, n)
		}
	}
	return col
}

// flagLines lays flags out two columns wide: the flag and its value's
// name in col columns, then the description wrapped beside it. A flag
// wider than the column puts its description on the next line.
func (a *app) flagLines(flags []*pflag.Flag, col int) string {
	const indent, gap = 2, 2
	descCol := indent + col + gap
	pad := strings.Repeat(" ", descCol)
	width := max(a.width, descCol+30)
	var b strings.Builder
	for _, f := range flags {
		name := flagName(f)
		words := strings.Fields(flagUsage(f))
		words[0] = pad + words[0] // Wrap counts the first line from column 0
		desc := strings.TrimPrefix(render.Wrap(words, " ", width, pad), pad)
		n := utf8.RuneCountInString(name)
		if n > col {
			fmt.Fprintf(&b, "%*s%s\n%s%s\n", indent, "", name, pad, desc)
			continue
		}
		fmt.Fprintf(&b, "%*s%s%*s%s\n", indent, "", name, col-n+gap, "", desc)
	}
	return strings.TrimRight(b.String(), "\n")
}

// flagName is a flag as help shows it: "--cover none|soft|hard", "-h,
// --help", "--sensitivity [METRIC]" for a value that may be left out.
func flagName(f *pflag.Flag) string {
	name := "--" + f.Name
	if f.Shorthand != "" {
		name = "-" + f.Shorthand + ", " + name
	}
	varname, _ := pflag.UnquoteUsage(f)
	switch {
	case varname == "" || f.Value.Type() == "bool" || isBoolParam(f):
	case f.NoOptDefVal != "":
		name += " [" + varname + "]"
	default:
		name += " " + varname
	}
	return name
}

// isBoolParam reports whether f is an action's boolean parameter, which
// takes =both or =false after an '='.
func isBoolParam(f *pflag.Flag) bool { return f.NoOptDefVal == "true" }

// flagUsage is a flag's description with its default, when it has one
// worth saying (pflag's rule: not a zero value).
func flagUsage(f *pflag.Flag) string {
	_, usage := pflag.UnquoteUsage(f)
	if !slices.Contains([]string{"", "0", "false", "[]"}, f.DefValue) {
		usage += " (default " + f.DefValue + ")"
	}
	return usage
}

// flagsTopicCommand is 'odds help flags': every global flag, described.
// Every command line builds it and few show it: its text is laid out
// when it is.
func (a *app) flagsTopicCommand(root *cobra.Command) *cobra.Command {
	cmd := &cobra.Command{
		Use:   flagsTopic,
		Short: "the global flags, which every command takes",
	}
	cmd.SetHelpFunc(func(c *cobra.Command, args []string) {
		var flags []*pflag.Flag
		root.PersistentFlags().VisitAll(func(f *pflag.Flag) { flags = append(flags, f) })
		c.Long = a.paragraphs("The global flags: every command takes them, before or after its own. "+
			"An action's own flags are in its help (odds opposed fire --help).") +
			"\n\n" + a.flagLines(flags, flagColumn(flags))
		root.HelpFunc()(c, args)
	})
	return cmd
}
