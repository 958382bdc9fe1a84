package question

import (
	"errors"
	"fmt"
	"runtime"
	"slices"

	"odds/cmd/internal/flagval"
	"odds/cmd/internal/query"
	"odds/sim"
)

// Run are a question's run settings as every door takes them: the
// command line's global flags (each field is a flag's value), a URL's
// values and a batch line's fields (Set). Options turns them into the
// engine's.
type Run struct {
	Trials    flagval.Count
	Method    flagval.Choice
	Seed      flagval.Seed
	Precision flagval.Prob
	Workers   flagval.Count
	MaxPaths  flagval.Count
}

// NewRun are the defaults: a million trials, auto, a random seed, every
// core, the exact driver's path budget.
func NewRun() Run {
	return Run{
		Trials:   flagval.Count{N: 1_000_000, Min: 1, Max: 1e12},
		Method:   flagval.Choice{V: "auto", Choices: sim.Methods},
		Workers:  flagval.Count{N: int64(runtime.NumCPU()), Min: 1, Max: 1024},
		MaxPaths: flagval.Count{N: sim.MaxPaths, Min: 1, Max: 1e12},
	}
}

// RunSettings are the names Set takes: those a request may give (a
// request runs on one core with the default path budget).
var RunSettings = []string{"method", "precision", "seed", "trials"}

// Set reads text as run setting name (RunSettings), its error naming
// the flag.
func (r *Run) Set(name, text string) error {
	var err error
	switch name {
	case "trials":
		err = r.Trials.Set(text)
	case "method":
		err = r.Method.Set(text)
	case "seed":
		err = r.Seed.Set(text)
	case "precision":
		err = r.Precision.Set(text)
	default:
		return &query.Error{Err: fmt.Errorf("no run setting %q", name)}
	}
	if err != nil {
		return &query.Error{Flag: name, Err: fmt.Errorf("--%s: %v", name, err)}
	}
	return nil
}

// Options are the engine's options of r: a random seed if none is
// given, and a precision target's trial ceiling; a precision target on
// exact answers is refused.
func (r *Run) Options() (sim.Options, error) {
	opts := sim.Options{Trials: r.Trials.N, Seed: r.Seed.V, Workers: int(r.Workers.N), Precision: r.Precision.V, MaxPaths: r.MaxPaths.N}
	opts.Method = sim.Method(slices.Index(sim.Methods, r.Method.V))
	if r.Precision.V > 0 && !r.Trials.Given {
		opts.Trials = flagval.PrecisionCeiling
	}
	if !r.Seed.Given {
		opts.Seed = flagval.RandomSeed()
	}
	if opts.Precision > 0 && opts.Method == sim.Exact {
		return opts, &query.Error{Flag: "precision", Err: errors.New("--precision: exact answers need no precision target (drop --precision or use --method auto|mc)")}
	}
	return opts, nil
}
