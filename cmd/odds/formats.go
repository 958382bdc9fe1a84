package main

import (
	"context"
	"io"
	"slices"
)

// format is one output format (--format NAME): how it writes results,
// comparisons, listings (systems, profiles list) and profiles. Each is
// in its own file (format_NAME.go); every command, odds merge and the
// page render through it.
type format struct {
	name string
	// results writes the results of a run: one, a sweep, a roster.
	results func(ctx context.Context, w io.Writer, rs []*report, st textStyle) error
	// compare writes --vs comparisons.
	compare func(ctx context.Context, w io.Writer, cs []*comparison, st textStyle) error
	// listing writes a listing: doc whole (JSON), or header and rows.
	listing func(w io.Writer, st textStyle, doc any, header []string, rows [][]string) error
	// profiles writes profiles shown by odds profiles show.
	profiles func(a *app, w io.Writer, st textStyle, ps []any) error
}

// formats is the registry of output formats, in the order --format's
// help lists them; the first is the default.
var formats = []*format{&tableFormat, &csvFormat, &jsonFormat, &markdownFormat}

// formatNames are the registry's names, for --format's choices.
func formatNames() []string {
	names := make([]string, len(formats))
	for i, f := range formats {
		names[i] = f.name
	}
	return names
}

// formatNamed is the registered format of that name (the default if none
// is: --format's parser lets no other through).
func formatNamed(name string) *format {
	if i := slices.IndexFunc(formats, func(f *format) bool { return f.name == name }); i >= 0 {
		return formats[i]
	}
	return formats[0]
}

// style is the text style the global flags ask for.
func (a *app) style() textStyle {
	return textStyle{width: a.width, intervals: a.intervals, metric: a.metric, allRows: a.allRows}
}
