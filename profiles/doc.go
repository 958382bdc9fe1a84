// Package profiles loads unit cards, custom dice and named matchups from
// YAML: the built-ins embedded in the binary and the user's own files.
//
// Decoding is strict and positional: the YAML node tree is walked against
// each system's card schema (resolve.System.Card) and every problem of a
// file is reported as "file:line:col: path.to.field: what was expected,
// what was found". Nothing is used from a file with problems.
//
// profiles imports resolve (for the schemas) and go.yaml.in/yaml/v3, the
// maintained continuation of gopkg.in/yaml.v3, chosen because its Node
// type keeps the line and column of every value. It never prints or exits.
package profiles
