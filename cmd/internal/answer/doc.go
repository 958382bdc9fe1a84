// Package answer is the one door of the page's questions: a request's
// URL values (the JSON API's query string) turned into a typed query,
// run, and rendered as the CLI's --format json document; a matchup by
// name, as odds run --matchup answers it; a roll; a
// profile file validated with odds profiles validate's messages; and
// the catalog of systems, actions and parameters the page builds its
// controls from. odds serve's API, odds batch and the page's
// WebAssembly engine all call it, so their numbers and messages are
// the CLI's.
//
// answer imports query, render (not its plots), profiles, resolve and
// sim; never net/http (it is compiled into the page's WebAssembly,
// where every kilobyte is downloaded). It never prints.
package answer
