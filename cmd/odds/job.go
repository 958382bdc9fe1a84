package main

import (
	"context"

	"odds/cmd/internal/query"
	"odds/cmd/internal/render"
)

// runJobs compiles every point of every query first, so bad input fails
// before any trial runs, then runs them in order (query.Run) and writes
// the output; --shard runs its share instead.
func (a *app) runJobs(ctx context.Context, qs []*query.Query) error {
	opts, err := a.options()
	if err != nil {
		return err
	}
	var check func(*query.Query) error
	if a.metric != "" {
		check = func(q *query.Query) error { return render.CheckRoster(q, a.metric) }
	}
	all, err := query.CompileChecked(ctx, qs, check)
	if err != nil {
		return err
	}
	if a.shard.set {
		return a.runShard(ctx, all, opts, "")
	}
	var bar *progress
	opts.Progress = func(n int64) { bar.add(n) }
	rep, err := query.RunCompiled(ctx, all, query.Options{Sim: opts, TrialsGiven: a.trials.Given,
		Merged: a.merged, MergedFrom: a.mergedFrom, MergedPoints: a.mergedCells, Start: func(trials int64) { bar = a.newProgress(trials) }})
	if bar != nil {
		bar.finish()
	}
	if err != nil {
		return err
	}
	reports := rep.Results
	a.markPartial(reports)
	if a.plot == "" {
		return a.write(ctx, reports)
	}
	img, err := render.PlotReports(reports, a.metric, a.plot, render.PlotTitle(a.title))
	if err != nil {
		return err
	}
	if err := a.write(ctx, reports); err != nil {
		return err
	}
	return a.writePlot(img)
}
