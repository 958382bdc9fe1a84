// Package rof models the d6 rate-of-fire system of sheet 002: firing (RoF
// dice, to-hit 4+ with modifiers, even allocation, ping and pen dice for
// armoured targets), received-fire checks, movement with road bonus and
// terrain checks, order points and the hero die, artillery ranging and
// barrages, assault checks and rally checks.
//
// The sheet gives no numbers for quality or assault checks: they are card
// stats or flags, passed on a d6 roll of at least N.
//
// docs/rules/rof.md maps each sheet line to this code and lists every
// reading chosen.
package rof
