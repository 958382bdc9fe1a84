package question

import (
	"sync/atomic"

	"odds/cmd/internal/query"
	"odds/sim"
)

// Plans keeps a question's compiled points between asks of the same
// question (Settings.Plans): the first ask of Once that compiles them
// keeps them, if they are few and small, and later asks run them as
// they are, exact answers from the distributions the first run found
// (sim.Kept: no enumeration again; their elapsed time is then next to
// nothing). Compiled plans are never changed by a run (Monte Carlo runs
// one plan on several goroutines at once), nor are a query's points, so
// asks on several goroutines share them. Its zero value is empty and
// ready; a nil *Plans keeps nothing.
type Plans struct {
	compiled atomic.Pointer[[]query.Compiled]
	exact    sim.Kept // their exact results, once run (sim.Options.Kept)
}

// What Plans keeps at most: a few dozen points, their layouts'
// cells a few thousand in all (what a compiled point holds grows with its
// layout: query.MaxCompileBytes), so that a cache of a hundred questions
// holds a few megabytes at most.
const (
	MaxKeptPoints = 64
	maxKeptCells  = 4096
)

// load is the kept points, or nil.
func (p *Plans) load() []query.Compiled {
	if p == nil {
		return nil
	}
	if all := p.compiled.Load(); all != nil {
		return *all
	}
	return nil
}

// keep keeps all, if they are few and small enough.
func (p *Plans) keep(all []query.Compiled) {
	if p == nil || len(all) == 0 || len(all) > MaxKeptPoints {
		return
	}
	cells := 0
	for _, c := range all {
		if c.Plan == nil {
			return
		}
		cells += c.Plan.Layout().Cells
	}
	if cells <= maxKeptCells {
		p.compiled.Store(&all)
	}
}

// Kept reports whether the plans are kept.
func (p *Plans) Kept() bool { return p.load() != nil }
