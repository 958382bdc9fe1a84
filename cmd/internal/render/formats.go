package render

import (
	"context"
	"io"
	"slices"

	"odds/cmd/internal/query"
)

// Format is one output format (--format NAME): how it writes results,
// comparisons, listings (systems, profiles list) and profiles. Each is
// in its own file (format_NAME.go); every command, odds merge and the
// page render through it.
type Format struct {
	Name string
	// Results writes the results of a run: one, a sweep, a roster.
	Results func(ctx context.Context, w io.Writer, rs []*query.Result, st Style) error
	// Compare writes --vs comparisons.
	Compare func(ctx context.Context, w io.Writer, cs []*query.Comparison, st Style) error
	// Listing writes a listing: doc whole (JSON), or header and rows.
	Listing func(w io.Writer, st Style, doc any, header []string, rows [][]string) error
	// Profiles writes profiles shown by odds profiles show.
	Profiles func(w io.Writer, st Style, ps []Profile) error
	// Find writes --find answers; Sensitivity --sensitivity's changes.
	Find        func(ctx context.Context, w io.Writer, fs []*query.Found, st Style) error
	Sensitivity func(ctx context.Context, w io.Writer, ss []*query.Sensitivity, st Style) error
}

// Formats is the registry of output formats, in the order --format's
// help lists them; the first is the default.
var Formats = []*Format{&tableFormat, &csvFormat, &jsonFormat, &markdownFormat}

// Names are the registry's names, for --format's choices.
func Names() []string {
	names := make([]string, len(Formats))
	for i, f := range Formats {
		names[i] = f.Name
	}
	return names
}

// Named is the registered format of that name (the default if none
// is: --format's parser lets no other through).
func Named(name string) *Format {
	if i := slices.IndexFunc(Formats, func(f *Format) bool { return f.Name == name }); i >= 0 {
		return Formats[i]
	}
	return Formats[0]
}
