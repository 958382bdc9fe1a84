package main

import (
	"bufio"
	"context"
	"io"

	"odds/cmd/internal/cli"
	"odds/cmd/internal/dest"
	"odds/cmd/internal/query"
	"odds/cmd/internal/question"
	"odds/cmd/internal/render"
)

// ask answers a question of any kind (question.Ask) with the command
// line's run settings and progress bar, then writes its answer in the
// chosen format to stdout or --out, and with --plot draws it.
func (a *app) ask(ctx context.Context, s *question.Settings) error {
	if a.plot != "" {
		if err := question.CheckPlot(s); err != nil {
			return err
		}
	}
	opts, err := a.options()
	if err != nil {
		return err
	}
	var bar *cli.Progress
	opts.Progress = func(n int64) { bar.Add(n) }
	s.Opts = query.Options{Sim: opts, TrialsGiven: a.run.Trials.Given,
		Merged: a.merged,
		Start:  func(trials int64) { bar = cli.NewProgress(a.stderr, a.quiet, trials) }}
	s.Opts.Check = a.rosterCheck()
	if a.merged == nil {
		s.Stream = a.format.V // a sweep too large to hold streams to the output
	}
	ans, err := question.Ask(ctx, s)
	_, streamed := ans.(question.Streamed)
	if bar != nil && !streamed {
		bar.Finish()
	}
	if err != nil {
		return err
	}
	if p, ok := ans.(interface{ Note(string) }); ok && a.partial != "" {
		p.Note(a.partial) // odds merge --allow-missing
	}
	var img []byte
	if a.plot != "" {
		if img, err = ans.(question.Plotter).Plot(a.plot, a.metric, a.title); err != nil {
			return err
		}
	}
	err = a.write(ctx, ans) // a streamed answer runs as it is written
	if bar != nil && streamed {
		bar.Finish()
	}
	if err != nil {
		return err
	}
	if img != nil {
		return a.writePlot(img)
	}
	return nil
}

// rosterCheck refuses, before any trial, a query whose points --metric
// cannot show (render.CheckRoster); nil without --metric.
func (a *app) rosterCheck() func(*query.Query) error {
	if a.metric == "" {
		return nil
	}
	metric, plotted := a.metric, a.plot != ""
	return func(q *query.Query) error { return render.CheckRoster(q, metric, plotted) }
}

// write renders an answer in the chosen format to stdout or --out,
// streamed: a 99,372-point sweep's 169 MB of JSON is never held whole.
// To stdout it is written as it is rendered. --out keeps its guarantee
// (writeDest): a file is written to a temporary file renamed into place
// only once the rendering is done, and a FIFO, device or hard-linked file
// is written only after the rendering, so an interrupted or failed run
// leaves no partial file.
func (a *app) write(ctx context.Context, ans question.Answer) error {
	fill := func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 64<<10)
		// Renderers look at ctx between results: a Ctrl-C during the
		// rendering of a large grid stops it.
		err := ans.Write(ctx, bw, a.format.V, a.style())
		if err == nil {
			err = bw.Flush()
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			return &dest.Error{Err: err}
		}
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if a.out == "" {
		return fill(a.stdout)
	}
	return dest.WriteFunc(ctx, "out", a.out, fill)
}
