package cli

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

// Help lays cobra's help out to a width: command summaries wrap, with
// their continuation lines indented under the text, and a command's own
// flags are grouped (an action's in its sheet's sections) and wrapped
// beside a narrow column, then the global flags by name.
type Help struct {
	Width int
	// Action is the action a command runs, or nil for any other command:
	// its flags are grouped by the action's sections.
	Action func(cmd *cobra.Command) *resolve.Action
	// Global are the global flags every command's help lists by name;
	// Topic the help topic that describes them all (odds help flags).
	Global []string
	Topic  string
}

// Install sets root's usage template to lay its help out so.
func (h *Help) Install(root *cobra.Command) {
	cobra.AddTemplateFunc("oddsShort", func(s string, pad int) string {
		return render.Wrap(strings.Fields(s), " ", h.Width-pad-3, strings.Repeat(" ", pad+3))
	})
	cobra.AddTemplateFunc("oddsFlags", h.flags)
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

// Paragraphs wraps each paragraph of s to the width (render.Paragraphs).
func (h *Help) Paragraphs(s string) string { return render.Paragraphs(h.Width, s) }

// flags is the flags' part of a command's help: its own flags in
// groups, then the global flags by name with a pointer to the topic.
func (h *Help) flags(cmd *cobra.Command) string {
	var b strings.Builder
	var own []*pflag.Flag
	cmd.NonInheritedFlags().VisitAll(func(f *pflag.Flag) {
		global := !cmd.HasParent() && cmd.PersistentFlags().Lookup(f.Name) != nil
		if !f.Hidden && f.Name != "help" && !global {
			own = append(own, f)
		}
	})
	var act *resolve.Action
	if h.Action != nil {
		act = h.Action(cmd)
	}
	col := flagColumn(own)
	for _, g := range groups(act, own) {
		fmt.Fprintf(&b, "\n\n%s:\n%s", g.title, h.FlagLines(g.flags, col))
	}
	var names []string
	for _, n := range h.Global {
		if f := cmd.Root().PersistentFlags().Lookup(n); f != nil {
			names = append(names, flagName(f))
		}
		if n == "method" {
			names = append(names, "-h, --help") // where it fits: two lines at 80 columns
		}
	}
	fmt.Fprintf(&b, "\n\nGlobal flags (all of them: odds help %s):\n  %s", h.Topic,
		render.Wrap(names, "   ", h.Width-2, "  "))
	return b.String()
}

// flagGroup is a titled list of flags in help.
type flagGroup struct {
	title string
	flags []*pflag.Flag
}

// BeyondFlags are an action's questions beyond one roll, in the order
// help lists them.
var BeyondFlags = []string{"vs", "until", "attacks", "then", "find", "vary", "sensitivity"}

// groups splits an action's flags into the sheet's sections, in the
// order the action declares its parameters, then its cards and the
// questions beyond one roll; any other command's flags are one group.
func groups(act *resolve.Action, flags []*pflag.Flag) []flagGroup {
	if act == nil {
		if len(flags) == 0 {
			return nil
		}
		return []flagGroup{{"Flags", flags}}
	}
	var gs []flagGroup
	add := func(title string, f *pflag.Flag) {
		for i := range gs {
			if gs[i].title == title {
				gs[i].flags = append(gs[i].flags, f)
				return
			}
		}
		gs = append(gs, flagGroup{title, []*pflag.Flag{f}})
	}
	byName := map[string]*pflag.Flag{}
	for _, f := range flags {
		byName[f.Name] = f
	}
	take := func(name, title string) {
		if f := byName[name]; f != nil {
			add(title, f)
			delete(byName, name)
		}
	}
	for _, p := range act.Params {
		title := p.Section
		if title == "" {
			title = "Flags"
		}
		take(p.Name, title)
	}
	for _, r := range act.Roles {
		take(r.Name, "Unit cards (a card's stats fill the flags; a flag given overrides it)")
	}
	for _, name := range BeyondFlags {
		take(name, "Beyond one roll")
	}
	for _, f := range flags {
		if byName[f.Name] != nil {
			add("Other", f)
		}
	}
	return gs
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

// FlagLines lays flags out two columns wide: the flag and its value's
// name in col columns (0: as wide as they need, up to 24), then the
// description wrapped beside it. A flag wider than the column puts its
// description on the next line.
func (h *Help) FlagLines(flags []*pflag.Flag, col int) string {
	if col == 0 {
		col = flagColumn(flags)
	}
	const indent, gap = 2, 2
	descCol := indent + col + gap
	pad := strings.Repeat(" ", descCol)
	width := max(h.Width, descCol+30)
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
	case varname == "" || f.Value.Type() == "bool" || f.NoOptDefVal == "true": // an action's boolean: =both, =false after '='
	case f.NoOptDefVal != "":
		name += " [" + varname + "]"
	default:
		name += " " + varname
	}
	return name
}

// flagUsage is a flag's description with its default, when it has one
// worth saying (pflag's rule: not a zero value).
func flagUsage(f *pflag.Flag) string {
	_, usage := pflag.UnquoteUsage(f)
	if !slices.Contains([]string{"", "0", "false", "[]"}, f.DefValue) {
		usage += " (default " + f.DefValue + ")"
	}
	return usage
}

// TopicCommand is the help topic of every global flag of root (odds
// help flags), described. Every command line builds it and few show it:
// its text is laid out when it is.
func (h *Help) TopicCommand(root *cobra.Command) *cobra.Command {
	cmd := &cobra.Command{
		Use:   h.Topic,
		Short: "the global flags, which every command takes",
	}
	cmd.SetHelpFunc(func(c *cobra.Command, args []string) {
		var flags []*pflag.Flag
		root.PersistentFlags().VisitAll(func(f *pflag.Flag) { flags = append(flags, f) })
		c.Long = h.Paragraphs("The global flags: every command takes them, before or after its own. "+
			"An action's own flags are in its help (odds opposed fire --help).") +
			"\n\n" + h.FlagLines(flags, 0)
		root.HelpFunc()(c, args)
	})
	return cmd
}
