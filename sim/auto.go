package sim

import (
	"context"
	"errors"
	"math"

	"odds/dice"
	"odds/resolve"
)

// The auto method chooses by time, not by paths: the exact answer when
// its cost is within autoFactor times what the Monte Carlo run would cost.
// Both costs are modelled, not timed, so the same question gets the same
// method (and the same figures) on any machine and under any load.
//
// Monte Carlo: trials (with --precision, those the precision needs at
// p = 1/2, within the ceiling) on one worker, times the plan's
// cost a trial: TrialCost where the plan models it, else mcBaseNs plus
// mcDrawNs for each draw a trial makes (dice.Enumerator.MeanDraws: a die,
// or a kernel's whole distribution). Exact: pathNs a path of the
// enumeration (37 to 50 ns measured, issue 25), and a plan's own Exact
// (sim.Exacter) takes its budget in the same paths' worth of work.

const (
	autoFactor = 3    // exact when it costs at most this many Monte Carlo runs
	pathNs     = 40.0 // one enumerated path
	mcBaseNs   = 2.0  // one Monte Carlo trial, before its draws
	mcDrawNs   = 12.0 // one draw of a trial: 1 to 22 ns measured across the actions
	costProbes = 64   // descents behind MeanDraws
)

// TrialCoster is implemented by plans that model their own Monte Carlo
// cost: nanoseconds a trial on one worker.
type TrialCoster interface {
	TrialCost() float64
}

// trialNs models the Monte Carlo cost of one trial of plan.
func trialNs(plan resolve.Plan, depthCap int) float64 {
	if c, ok := plan.(TrialCoster); ok {
		return c.TrialCost()
	}
	draws := dice.NewEnumerator(depthOr(depthCap)).MeanDraws(costProbes, func(s *dice.Stream) { plan.Trial(s) })
	return mcBaseNs + mcDrawNs*draws
}

// mcTrials is the number of trials a Monte Carlo run would make.
func mcTrials(opts Options) float64 {
	n := float64(opts.Trials)
	if opts.Precision > 0 {
		z := 1.96 * 0.5 / opts.Precision // the widest outcome, p = 1/2
		n = min(n, z*z)
	}
	return max(n, 1)
}

// AutoBudget is the exact answer's budget, in enumerated paths, that the
// auto method allows plan: autoFactor times the modelled Monte Carlo cost,
// and never below AutoPaths.
func AutoBudget(plan resolve.Plan, opts Options) int64 {
	// One worker's cost, whatever --workers: the method, and so the
	// figures, must not depend on the worker count (the same seed gives the
	// same numbers for any --workers).
	mcNs := mcTrials(opts) * trialNs(plan, opts.DepthCap)
	b := autoFactor * mcNs / pathNs
	if b >= math.MaxInt64/2 {
		return math.MaxInt64 / 2
	}
	return max(AutoPaths, int64(b))
}

// tryAuto is the auto method's exact answer, or nil if Monte Carlo is the
// faster answer: first within AutoPaths (cheap, no cost model), then, if
// that was too small, within the time-based budget.
func tryAuto(ctx context.Context, plan resolve.Plan, opts Options) (*Histogram, error) {
	res, err := runExact(ctx, plan, AutoPaths, opts.DepthCap)
	if !tooLarge(err) {
		return res, err
	}
	if budget := AutoBudget(plan, opts); budget > AutoPaths {
		// runExact enumerates a tree estimated at up to 4x its budget
		// before refusing; here a refusal would waste up to autoFactor
		// Monte Carlo runs, so an estimate over the budget is Monte Carlo
		// at once.
		if _, ok := plan.(Exacter); !ok {
			if dice.NewEnumerator(depthOr(opts.DepthCap)).Estimate(estimateDescents, func(s *dice.Stream) { plan.Trial(s) }) > float64(budget) {
				return nil, nil
			}
		}
		res, err = runExact(ctx, plan, budget, opts.DepthCap)
		if !tooLarge(err) {
			return res, err
		}
	}
	return nil, nil
}

// tooLarge reports whether err refuses an exact answer as too large, in
// work or in memory: the auto method's cue for Monte Carlo.
func tooLarge(err error) bool {
	return errors.Is(err, ErrTooLarge) || errors.As(err, new(*resolve.MemoryError))
}
