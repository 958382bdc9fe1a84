// Package question is the one question behind every door: a query (the
// action, its cards and values, which may sweep), how to run it
// (query.Options: method, trials, seed, precision, budgets, progress)
// and the kind of question asked of it (Once, Compare, Find,
// Sensitivity), answered by Ask. Each kind checks its budget before it
// runs and looks at the context between units of work; each answer
// writes itself in every output format (Answer.Write) and, outside the
// page's WebAssembly engine, draws itself (Plotter).
//
// The command line (cmd/odds), the JSON API and odds batch (serve,
// answer) and the page's engine (answer, cmd/odds-wasm) fill Settings
// and call Ask; none of them switches over kinds.
//
// question imports query and render; it never prints, logs or exits.
package question
