package main

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"odds/cmd/internal/cli"
	"odds/cmd/internal/dest"
	"odds/cmd/internal/query"
	"odds/cmd/internal/question"
)

// --shard i/n runs one share of a sweep, roster, run file, roll or
// engagement and writes a shard document with the raw results
// (question.Shard); odds merge combines the shards of one run into
// exactly the output the whole run gives.

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

// shardOf runs this shard's share of the question s (question.Shard)
// and writes its shard document, the run typed for odds merge.
func (a *app) shardOf(ctx context.Context, s *question.Settings) error {
	if err := a.checkShard(); err != nil {
		return err
	}
	opts, err := a.options()
	if err != nil {
		return err
	}
	s.Opts = query.Options{Sim: opts, TrialsGiven: a.run.Trials.Given, Check: a.rosterCheck()}
	run := &query.ShardRun{TrialsGiven: a.run.Trials.Given, MaxPaths: a.run.MaxPaths.N, Intervals: a.intervals, AllRows: a.allRows, Metric: a.metric}
	shares, points, err := question.Shard(ctx, s, run, a.shard.I, a.shard.N)
	if err != nil {
		return err
	}
	doc := query.ShardDoc{Kind: query.ShardKind, Version: cli.Version(), Args: query.RunArgs(a.args), Run: run, Seed: opts.Seed, Trials: opts.Trials,
		Method: a.run.Method.V, Points: points, Index: a.shard.I, Count: a.shard.N, Results: shares}
	out, err := json.Marshal(doc)
	if err != nil {
		return &dest.Error{Err: err}
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
