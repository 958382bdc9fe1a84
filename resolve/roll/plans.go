package roll

import "odds/resolve"

// The plans of this package that compute their distribution directly
// (resolve.Exacter, here also sizing its tables beforehand:
// resolve.ExactSizer), checked at compile time: a changed signature
// would otherwise drop a plan silently back to enumeration.
var (
	_ resolve.ExactSizer = (*Plan)(nil)
)
