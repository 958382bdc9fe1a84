package main

import (
	"context"
	"strings"

	"odds/cmd/internal/query"
	"odds/cmd/internal/render"
)

// --vs '<flags>' compares the matchup with a variant of it: the same
// action with those flags changed (or other cards), on the same trials.

// comparison is query.Comparison: the renderers' name for it.
type comparison = query.Comparison

// runCompare compares every point of both queries (query.Compare) and
// writes the comparisons.
func (a *app) runCompare(ctx context.Context, ja, jb *query.Query, vs string) error {
	opts, err := a.options()
	if err != nil {
		return err
	}
	if a.shard.set {
		return usagef("compare in one run", "--shard: not with --vs")
	}
	var bar *progress
	opts.Progress = func(n int64) { bar.add(n) }
	out, err := query.Compare(ctx, ja, jb, vs, query.Options{Sim: opts, TrialsGiven: a.trials.Given,
		Start: func(trials int64) { bar = a.newProgress(trials) }})
	if bar != nil {
		bar.finish()
	}
	if err != nil {
		return err
	}
	if a.plot == "" {
		return a.writeCompare(ctx, out)
	}
	img, err := render.ComparePlot(out, a.plot, render.PlotTitle(a.title))
	if err != nil {
		return err
	}
	if err := a.writeCompare(ctx, out); err != nil {
		return err
	}
	return a.writePlot(img)
}

func (a *app) writeCompare(ctx context.Context, cs []*comparison) error {
	var b strings.Builder
	err := render.Named(a.format.V).Compare(ctx, &b, cs, a.style())
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		return &ioError{err}
	}
	return a.writeBytes([]byte(b.String()))
}
