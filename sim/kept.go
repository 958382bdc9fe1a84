package sim

import (
	"sync"

	"odds/resolve"
)

// Kept keeps the exact results of plans between runs of the same plans
// (Options.Kept): an exact distribution is a function of its plan alone,
// so a plan run again, exact or auto, is answered from it without
// enumerating anew; its Elapsed is then the time the answer took, next
// to nothing. The caller bounds what it keeps: one result a plan of the
// plans it runs (a server's kept question). Results are shared and never
// written once kept. Its zero value is empty and ready; a nil *Kept
// keeps nothing. It is safe for concurrent use.
type Kept struct {
	results sync.Map // resolve.Plan -> *Histogram
}

// load is plan's kept result, or nil.
func (k *Kept) load(plan resolve.Plan) *Histogram {
	if k == nil {
		return nil
	}
	if r, ok := k.results.Load(plan); ok {
		return r.(*Histogram)
	}
	return nil
}

// keep keeps a copy of res, if it is exact, as plan's.
func (k *Kept) keep(plan resolve.Plan, res *Histogram) {
	if k == nil || !res.Exact {
		return
	}
	c := *res
	k.results.Store(plan, &c)
}
