// Package resolve holds the rule systems. Each system is a package under
// resolve (resolve/opposed, …) that describes its actions declaratively
// (Action: parameters, outcomes, numeric results) and compiles validated
// parameter values into a Plan whose Trial resolves one attack on a
// dice.Stream.
//
// The registry of systems is built in one visible place, resolve/all.
//
// resolve imports dice and nothing else from this module; it never prints,
// logs or exits.
package resolve
