// Package query is the matchup pipeline as a library, outside package
// main: a typed Query (a system's action, cards by role, values per
// parameter that may sweep), its expansion into the points of a sweep or
// roster with each value's source, and the compile-all-first step, with
// errors as types (Error names the flag and carries the hint) so that no
// caller parses text.
//
// A point is one combination of a sweep (or roster); a cell is a
// histogram cell of a plan's layout: the two are not the same word.
//
// query imports profiles, resolve and sim; it never prints, logs or exits.
package query
