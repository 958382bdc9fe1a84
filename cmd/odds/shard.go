package main

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"odds/cmd/internal/query"
	"odds/cmd/internal/question"
	"odds/cmd/internal/render"
	"odds/sim"
)

// --shard i/n runs one share of a sweep, roster or run file and writes a
// shard document with the raw results; odds merge combines the shards of
// one run into exactly the output the whole run gives. With at least n
// points a shard takes whole points (point k to shard k mod n + 1); with
// fewer, every point's Monte Carlo trials are split into n ranges of whole
// chunks. Chunk streams depend only on the seed and the chunk, so the
// merged counts are the whole run's.

// checkShard reports what a sharded run cannot do.
func (a *app) checkShard() error {
	switch {
	case !a.run.Seed.Given:
		return usagef("for example --seed 7 on every shard", "--shard: give --seed, so that every shard runs the same streams")
	case a.run.Precision.V > 0:
		return usagef("give --trials instead", "--shard: a precision target decides trials from all the counts; shards need fixed --trials")
	case a.plot != "":
		return usagef("draw when merging: odds merge --plot FILE …", "--shard: a shard has no plot")
	}
	return nil
}

// runShard runs this shard's share of the compiled points
// (query.RunShard) and writes the shard document, with the run typed
// (query.ShardRun): the queries of the points, or the roll's expression
// rollSrc, and the settings the output shows.
func (a *app) runShard(ctx context.Context, all []query.Compiled, opts sim.Options, rollSrc string) error {
	if err := a.checkShard(); err != nil {
		return err
	}
	run := &query.ShardRun{Roll: rollSrc, TrialsGiven: a.run.Trials.Given, MaxPaths: a.run.MaxPaths.N, Intervals: a.intervals, AllRows: a.allRows, Metric: a.metric}
	if rollSrc == "" {
		run.Queries = query.QueriesOf(all)
	}
	return a.writeShard(ctx, all, opts, run)
}

// engageShard runs this shard's share of an engagement's (or a sweep or
// roster of them) and writes the shard document, the run typed as the
// engagement (query.ShardEngage).
func (a *app) engageShard(ctx context.Context, qa, qb *query.Query, cards query.EngageCards, spec query.EngageSpec) error {
	if err := a.checkShard(); err != nil {
		return err
	}
	if render.IsPer100(a.metric) {
		if err := query.CheckEngagePoints("metric", a.metric, qa, qb, cards); err != nil {
			return err
		}
	}
	opts, err := a.options()
	if err != nil {
		return err
	}
	all, err := query.EngageCompiled(ctx, qa, qb, cards, spec, query.Options{Sim: opts, TrialsGiven: a.run.Trials.Given})
	if err != nil {
		return err
	}
	run := &query.ShardRun{TrialsGiven: a.run.Trials.Given, MaxPaths: a.run.MaxPaths.N, Intervals: a.intervals, Metric: a.metric,
		Engage: query.ShardEngageOf(qa, qb, cards, spec)}
	return a.writeShard(ctx, all, opts, run)
}

// writeShard runs this shard's share of the compiled points
// (query.RunShard) and writes the shard document of run.
func (a *app) writeShard(ctx context.Context, all []query.Compiled, opts sim.Options, run *query.ShardRun) error {
	shares, err := query.RunShard(ctx, all, opts, a.shard.I, a.shard.N)
	if err != nil {
		return err
	}
	doc := query.ShardDoc{Kind: query.ShardKind, Version: version(), Args: query.RunArgs(a.args), Run: run, Seed: opts.Seed, Trials: opts.Trials,
		Method: a.run.Method.V, Points: len(all), Index: a.shard.I, Count: a.shard.N, Results: shares}
	out, err := json.Marshal(doc)
	if err != nil {
		return &ioError{err}
	}
	return a.writeBytes(append(out, '\n'))
}

// mergeCommand is "odds merge SHARD...": the shards of one run combined.
func (a *app) mergeCommand() *cobra.Command {
	allowMissing := false
	cmd := &cobra.Command{
		Use:   "merge SHARD.json...",
		Short: "combine the shard documents of one run (--shard i/n) into its output",
		Long: a.paragraphs("merge reads the shard documents that the runs of one command with --shard 1/n … n/n wrote, checks that they are all the shards of one run, and prints that run's output as the whole run would (in any --format, with --out and --plot), timings apart.\n\n" +
			"A shard records its run as a typed query (the queries with their cards' stats and profile data, or a roll's expression): merge rebuilds the run from it, reads no profile file and runs no command line. Shards written by an older odds, without one, are refused: run them again.\n\n" +
			"A folder stands for the shard documents (*.json) in it. Missing shards are listed and refused; with --allow-missing, a run whose results each spread over all the shards (fewer results than shards) merges as a partial Monte Carlo run, marked so, each result with the trials of the shards given."),
		Example: "  odds opposed fire --hesa 1..6 --def 0..4 --seed 7 --shard 1/2 --out a.json\n" +
			"  odds opposed fire --hesa 1..6 --def 0..4 --seed 7 --shard 2/2 --out b.json\n  odds merge a.json b.json",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("for example odds merge a.json b.json", "merge: want the shard documents of one run")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			docs, args, missing, err := query.ReadShards(args, allowMissing)
			if err != nil {
				return err
			}
			if len(missing) > 0 {
				a.partial = query.PartialNote(missing, docs[0].Count)
				fmt.Fprintf(a.stderr, "odds: warning: %s\n", a.partial)
			}
			first := docs[0]
			if err := query.CheckShardArgs(a.systems, first.Args, args[0]); err != nil {
				return err
			}
			for _, p := range args {
				for flag, dest := range map[string]string{"out": a.out, "plot": a.plot} {
					if dest != "" && sameFile(dest, p) {
						return usagef("write the merged output to another file", "--%s %s: that is one of merge's inputs", flag, dest)
					}
				}
			}
			return a.mergeRun(cmd.Context(), docs, args)
		},
	}
	cmd.Flags().BoolVar(&allowMissing, "allow-missing", false, "merge the shards given though others are missing: a partial Monte Carlo run, marked so, each result with the trials merged")
	return cmd
}

// mergeRun renders the merged shards of one run: the question they
// record (question.OfShards), with the shards' seed, trials and method
// and merge's own output flags.
func (a *app) mergeRun(ctx context.Context, docs []*query.ShardDoc, names []string) error {
	m, err := question.OfShards(a.systems, docs, names, a.partial != "")
	if err != nil {
		return err
	}
	workers := a.run.Workers
	a.run, a.run.Workers = m.Run, workers
	a.intervals, a.allRows, a.quiet = a.intervals || m.Intervals, m.AllRows, true
	if a.metric == "" {
		a.metric = m.Metric
	}
	a.merged = m.Settings.Opts.Merged
	m.Settings.Metric = a.metric
	return a.ask(ctx, m.Settings)
}
