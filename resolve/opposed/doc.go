// Package opposed models the opposed-d10 system of sheet 004: fire (HE/small
// arms and AP), tank hunting, hand-to-hand combat, tank overrun and
// recover/rally. Each action is one d10 per side plus modifiers, so a plan
// is the pair of dice and a table from the dice margin to the sheet's
// result band; every modifier is folded into that table at compile time.
//
// docs/rules/opposed.md maps each sheet line to this code.
package opposed
