package main

import (
	"context"

	"odds/resolve"
	"odds/sim"
)

// resultShared is cell i's result: run for its group of cells with the
// same dice when it leads one (sim.Share), else the histogram its group's
// lead found, with no time of its own; merged shards give theirs.
func (a *app) resultShared(ctx context.Context, s sim.Sharing, i int, done []*sim.Result, plan resolve.Plan, opts sim.Options) (res *sim.Result, shared bool, err error) {
	if a.merged != nil {
		res, err = a.mergedResult(i, plan)
		return res, false, err
	}
	if k := s.Lead[i]; k != i {
		r := *done[k]
		r.Elapsed = 0
		return &r, true, nil
	}
	res, err = a.run(ctx, plan, opts, s.Others[i]...)
	return res, false, err
}
