package symbol

import "odds/resolve"

// The plans of this package that compute their distribution directly
// (resolve.Exacter), checked at compile time: a changed signature would
// otherwise drop a plan silently back to enumeration.
var (
	_ resolve.Exacter = (*ccPlan)(nil)
	_ resolve.Exacter = (*supportPlan)(nil)
	_ resolve.Exacter = (*firePlan)(nil)

	_ resolve.ExactMethod = (*ccPlan)(nil) // a Markov chain, not a convolution
)
