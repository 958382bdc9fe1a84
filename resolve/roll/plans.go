package roll

import "odds/resolve"

// The plans of this package that compute their distribution directly
// (resolve.Exacter), checked at compile time: a changed signature would
// otherwise drop a plan silently back to enumeration.
var (
	_ resolve.Exacter = (*Plan)(nil)
)
