// Package dice owns the random streams and dice kernels every rule system
// rolls on.
//
// A Stream runs in one of two modes behind one concrete type:
//
//   - Monte Carlo: a wyrand generator seeded from (seed, chunk). Several
//     dice are taken from one 64-bit word by mixed-radix extraction (see
//     MaxProduct for the bias bound); a die counted at exactly half its
//     faces is a fair coin, drawn as one bit of a word kept apart from the
//     digits' (coins.go: no bias at all). No call allocates.
//   - Enumerating: every draw is a branch point; the exact driver replays the
//     same trial code once per path, walking every dice outcome with its
//     probability (see Enumerator).
//
// Rules code calls the same methods in both modes, so the exact answer and
// the Monte Carlo estimate come from one model of the rules.
//
// dice imports nothing from this module.
package dice
