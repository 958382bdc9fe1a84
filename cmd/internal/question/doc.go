// Package question is the one question behind every door: a query (the
// action, its cards and values, which may sweep), how to run it
// (query.Options: method, trials, seed, precision, budgets, progress)
// and the kind of question asked of it (the registry Kinds: Once, Until,
// Compare, Find, Sensitivity, Sequence, Engage, Roll), answered by Ask.
// Each kind checks its budget before it runs and looks at the context
// between units of work; each answer writes itself in every output
// format (Answer.Write) and, outside the page's WebAssembly engine,
// draws itself (Plotter).
//
// A door fills an Asked (what it was asked beyond the query's own
// flags: --vs, --find, --sensitivity, --until, --then, --metric, with
// which were given) and Settle makes the Settings: every "not with"
// rule (Together), the repeated attacks or sequence set on each query,
// the kind chosen and its parameters checked. The command line
// (cmd/odds), the JSON API and odds batch (serve, answer) and the page's
// engine (answer, cmd/odds-wasm) do so and call Ask; none of them
// switches over kinds. Shard runs a share of the kinds that shard, and
// OfShards rebuilds the question the shards of one run record (odds
// merge).
//
// A new kind is its own file here (the Kind, its ask, its Answer with
// Write and, in plot.go, Plot), its writers and drawing in render, one
// line in Kinds, its parameters in Asked if a door asks it by a flag,
// tests, and the page.
//
// question imports query and render; it never prints, logs or exits.
package question
