package render

import (
	"context"
	"io"
	"slices"
)

// Format is one output format (--format NAME) and how it writes what is
// not an answer to a question: listings (systems, profiles list) and
// profiles. Each is in its own file (format_NAME.go). The answers of
// each kind of question are written by that kind's Writers, in the
// kind's own file (Results, Comparisons, Finds, Sensitivities).
type Format struct {
	Name string
	// Listing writes a listing: doc whole (JSON), or header and rows.
	Listing func(w io.Writer, st Style, doc any, header []string, rows [][]string) error
	// Profiles writes profiles shown by odds profiles show.
	Profiles func(w io.Writer, st Style, ps []Profile) error
}

// Writers are one kind of answer's writers, one a format by its name:
// every format of Formats has one (a test checks each kind's).
type Writers[T any] map[string]func(ctx context.Context, w io.Writer, v T, st Style) error

// Write writes v in the format of that name (the default if none is:
// --format's parser lets no other through).
func (ws Writers[T]) Write(ctx context.Context, w io.Writer, format string, v T, st Style) error {
	f, ok := ws[format]
	if !ok {
		f = ws[Formats[0].Name]
	}
	return f(ctx, w, v, st)
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
