// Package cli is the command line's machinery that is not odds' own
// commands: help laid out to the terminal's width with an action's flags
// in its sheet's sections, man pages, did-you-mean for mistyped
// commands and flags, the progress bar, and the version. cmd/odds builds
// the commands and wires them to the question layer; what it shows
// around them is here.
package cli
