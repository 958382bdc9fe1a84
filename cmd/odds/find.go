package main

import (
	"bytes"
	"context"
	"io"

	"github.com/spf13/cobra"

	"odds/cmd/internal/query"
	"odds/cmd/internal/render"
	"odds/resolve"
)

// --find 'OUTCOME>=P' --vary FLAG and --sensitivity [METRIC]: questions
// that run several queries (query.Find, query.Sensitivities) and make one
// report.

// beyond are an action command's --find, --vary and --sensitivity.
type beyond struct {
	find, vary, sensitivity string
}

// sensitivityFirst is --sensitivity given bare: the first outcome.
const sensitivityFirst = " first outcome"

// checkBeyond refuses the flags --find and --sensitivity do not go with,
// naming them: the rest of the command line is the question. changed
// says whether a flag was given (false for one the command lacks).
func (a *app) checkBeyond(changed func(flag string) bool) error {
	findGiven, varyGiven, sensGiven := changed("find"), changed("vary"), changed("sensitivity")
	switch {
	case varyGiven && !findGiven:
		return usagef("for example --find 'out-of-action>=0.5' --vary hesa", "--vary: give it with --find")
	case findGiven && sensGiven:
		return usagef("ask one question a run", "--sensitivity: not with --find")
	case !findGiven && !sensGiven:
		return nil
	}
	flag := map[bool]string{true: "find", false: "sensitivity"}[findGiven]
	switch {
	case changed("vs"):
		return usagef("ask one question a run", "--%s: not with --vs", flag)
	case a.metric != "":
		return usagef("--sensitivity METRIC names the figure", "--%s: not with --metric", flag)
	case a.shard.set:
		return usagef("run it whole", "--%s: not with --shard", flag)
	case changed("until"):
		return usagef("ask one question a run", "--until: not with --find or --sensitivity")
	}
	return nil
}

// runFind answers --find at every point of q and writes the answers.
func (a *app) runFind(ctx context.Context, q *query.Query, b *beyond) error {
	fs, err := query.ParseFind(q, b.find, b.vary)
	if err != nil {
		return err
	}
	return runQuestion(ctx, a, q, "the scan of one answer",
		func(opts query.Options) ([]*query.Found, error) { return query.Find(ctx, q, fs, opts) },
		render.FindPlot, render.Named(a.format.V).Find)
}

// runSensitivity answers --sensitivity at every point of q and writes
// the changes (and with --plot, one point's tornado).
func (a *app) runSensitivity(ctx context.Context, q *query.Query, b *beyond) error {
	metric := b.sensitivity
	if metric == sensitivityFirst {
		metric = ""
	}
	return runQuestion(ctx, a, q, "the tornado of one point",
		func(opts query.Options) ([]*query.Sensitivity, error) {
			return query.Sensitivities(ctx, q, metric, opts)
		},
		render.SensitivityPlot, render.Named(a.format.V).Sensitivity)
}

// runQuestion runs a question over q's points (--find, --sensitivity)
// with the run settings and progress bar of any run, then writes its
// answers, and with --plot draws the one point's (a sweep's --plot is
// refused before anything runs: plotWhat says what it would draw).
func runQuestion[T any](ctx context.Context, a *app, q *query.Query, plotWhat string,
	answer func(query.Options) ([]T, error),
	plot func(T, string, ...render.PlotOption) ([]byte, error),
	write func(context.Context, io.Writer, []T, render.Style) error) error {
	if err := a.onePlot(q, plotWhat); err != nil {
		return err
	}
	opts, err := a.options()
	if err != nil {
		return err
	}
	var bar *progress
	opts.Progress = func(n int64) { bar.add(n) }
	out, err := answer(query.Options{Sim: opts, TrialsGiven: a.trials.Given, Start: func(trials int64) { bar = a.newProgress(trials) }})
	if bar != nil {
		bar.finish()
	}
	if err != nil {
		return err
	}
	var img []byte
	if a.plot != "" {
		if img, err = plot(out[0], a.plot, render.PlotTitle(a.title)); err != nil {
			return err
		}
	}
	var buf bytes.Buffer
	err = write(ctx, &buf, out, a.style())
	if err := a.written(ctx, buf.Bytes(), err); err != nil {
		return err
	}
	if img != nil {
		return a.writePlot(img)
	}
	return nil
}

// onePlot refuses --plot, before anything runs, when q has more than
// one point (a sweep or roster): the plot draws one answer.
func (a *app) onePlot(q *query.Query, what string) error {
	if a.plot == "" {
		return nil
	}
	pts, err := q.Points()
	if err != nil {
		return err
	}
	if len(pts) != 1 {
		return usagef("fix the other flags to one value each", "--plot: draws %s; this run has %d", what, len(pts))
	}
	return nil
}

// written writes rendered output, unless rendering failed or the run
// was interrupted.
func (a *app) written(ctx context.Context, data []byte, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		return &ioError{err}
	}
	return a.writeBytes(data)
}

// completeBeyond completes --vary with the action's numeric flags and
// --sensitivity with its outcomes and numeric results.
func completeBeyond(cmd *cobra.Command, act *resolve.Action) {
	_ = cmd.RegisterFlagCompletionFunc("vary", func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return varyNames(act), cobra.ShellCompDirectiveNoFileComp
	})
	_ = cmd.RegisterFlagCompletionFunc("sensitivity", func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return metricNames(act), cobra.ShellCompDirectiveNoFileComp
	})
}

// varyNames are the flags --vary takes of an action: its numeric ones.
func varyNames(act *resolve.Action) []string {
	var names []string
	for _, p := range act.Params {
		if p.Kind == resolve.Int {
			names = append(names, p.Name)
		}
	}
	return names
}

// metricNames are the metrics --sensitivity takes of an action: its
// outcomes and mean:RESULT of its numeric results.
func metricNames(act *resolve.Action) []string {
	names := append([]string{}, act.Outcome...)
	for _, s := range act.Stats {
		names = append(names, "mean:"+s)
	}
	return names
}
