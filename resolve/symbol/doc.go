// Package symbol is the custom symbol-dice system of sheets 000 and 001:
// coloured six-sided dice whose faces show critical hits, damage points,
// suppressions and X suppressions. An attack pool is rolled against a
// defence pool, the defence symbols cancel attack symbols, and what remains
// is resolved against the target (ranged fire, critical hit comparison
// rolls); the spotting roll decides whether a shot is spotted.
//
// The dice and the tables whose cells were pictures on the sheets (the
// terrain defence bonus, the ranged fire modifications, the spotting
// table) are data: illustrative built-ins in profiles/builtin/symbol*.yaml
// that users replace with their printed dice and charts.
//
// Files follow the sheets: symbol.go (the system, its dice and cards),
// pools.go (the dice a step adds or removes), fire.go (the attacker's and
// defender's sequences), crit.go (critical hits, 10.7.5 and 10.7.6),
// spot.go (the spotting roll, 10.5), exact.go (the exact answer by
// convolution of tally distributions).
//
// symbol imports dice and resolve, nothing else from this module.
package symbol
