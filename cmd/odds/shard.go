package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"odds/cmd/internal/query"
	"odds/sim"
)

// --shard i/n runs one share of a sweep, roster or run file and writes a
// shard document with the raw results; odds merge combines the shards of
// one run into exactly the output the whole run gives. With at least n
// cells a shard takes whole cells (cell k to shard k mod n + 1); with
// fewer, every cell's Monte Carlo trials are split into n ranges of whole
// chunks. Chunk streams depend only on the seed and the chunk, so the
// merged counts are the whole run's.

// shardValue is --shard i/n (1 <= i <= n).
type shardValue struct {
	i, n int
	set  bool
}

func (s *shardValue) String() string {
	if !s.set {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.i, s.n)
}

func (s *shardValue) Type() string { return "i/n" }

func (s *shardValue) Set(v string) error {
	a, b, ok := strings.Cut(v, "/")
	i, errI := strconv.Atoi(a)
	n, errN := strconv.Atoi(b)
	if !ok || errI != nil || errN != nil || n < 1 || i < 1 || i > n || n > 100_000 {
		return fmt.Errorf("want i/n with 1 <= i <= n (shard i of n), got %q", v)
	}
	s.i, s.n, s.set = i, n, true
	return nil
}

// shardDoc is a shard's output: what run it belongs to and its results.
type shardDoc struct {
	Kind    string      `json:"kind"`
	Version string      `json:"version"`
	Args    []string    `json:"args"`
	Seed    uint64      `json:"seed"`
	Trials  int64       `json:"trials"`
	Method  string      `json:"method"`
	Cells   int         `json:"cells"`
	Index   int         `json:"shard"`
	Count   int         `json:"shards"`
	Results []shardCell `json:"results"`
}

const shardKind = "odds-shard"

// shardCell is one cell's share: an exact answer, or the counts of a
// range of Monte Carlo trials (as cell, count pairs).
type shardCell struct {
	Cell      int         `json:"cell"`
	Exact     bool        `json:"exact,omitempty"`
	How       string      `json:"how,omitempty"`
	Prob      []float64   `json:"prob,omitempty"`
	Paths     int64       `json:"paths,omitempty"`
	Leftover  float64     `json:"unexplored,omitempty"`
	From      int64       `json:"from"`
	To        int64       `json:"to"`
	Counts    [][2]uint64 `json:"counts,omitempty"`
	ElapsedNS int64       `json:"elapsed_ns"`
}

// runArgs are the command line without the flags that only say where and
// how the output goes (and --shard itself): what identifies the run.
func runArgs(args []string) []string {
	skip := map[string]bool{"--shard": true, "--out": true, "--format": true, "--plot": true, "--workers": true, "--quiet": false}
	var out []string
	for i := 0; i < len(args); i++ {
		name, _, hasValue := strings.Cut(args[i], "=")
		takesValue, ok := skip[name]
		switch {
		case !ok:
			out = append(out, args[i])
		case takesValue && !hasValue:
			i++ // and its value
		}
	}
	return out
}

// checkShard reports what a sharded run cannot do.
func (a *app) checkShard() error {
	switch {
	case !a.seed.set:
		return usagef("for example --seed 7 on every shard", "--shard: give --seed, so that every shard runs the same streams")
	case a.precision.v > 0:
		return usagef("give --trials instead", "--shard: a precision target decides trials from all the counts; shards need fixed --trials")
	case a.plot != "":
		return usagef("draw when merging: odds merge --plot FILE …", "--shard: a shard has no plot")
	}
	return nil
}

// runShard runs this shard's share of the compiled cells and writes the
// shard document.
func (a *app) runShard(ctx context.Context, plans []query.Compiled, opts sim.Options) error {
	if err := a.checkShard(); err != nil {
		return err
	}
	doc := shardDoc{Kind: shardKind, Version: version(), Args: runArgs(a.args), Seed: opts.Seed, Trials: opts.Trials,
		Method: a.method.v, Cells: len(plans), Index: a.shard.i, Count: a.shard.n}
	n, me := int64(a.shard.n), int64(a.shard.i-1)
	whole := int64(len(plans)) >= n
	chunks := (opts.Trials + sim.ChunkSize - 1) / sim.ChunkSize
	for k, c := range plans {
		if whole && int64(k)%n != me {
			continue
		}
		start := time.Now()
		res, err := sim.TryExact(ctx, c.Plan, opts)
		if err != nil {
			return query.RunError(ctx, err)
		}
		sc := shardCell{Cell: k}
		switch {
		case res != nil && (whole || me == 0):
			sc.Exact, sc.How, sc.Prob, sc.Paths, sc.Leftover = true, res.How, res.Prob, res.Trials, res.Leftover
		case res != nil:
			continue // the first shard records a cell exact for all
		default:
			sc.From, sc.To = 0, opts.Trials
			if !whole { // chunks [lo, hi) of this cell
				lo, hi := chunks*me/n, chunks*(me+1)/n
				sc.From, sc.To = lo*sim.ChunkSize, min(opts.Trials, hi*sim.ChunkSize)
			}
			counts, err := sim.RunRange(ctx, c.Plan, opts, sc.From, sc.To)
			if err != nil {
				return query.RunError(ctx, err)
			}
			for cell, x := range counts {
				if x > 0 {
					sc.Counts = append(sc.Counts, [2]uint64{uint64(cell), x})
				}
			}
		}
		sc.ElapsedNS = time.Since(start).Nanoseconds()
		doc.Results = append(doc.Results, sc)
	}
	out, err := json.Marshal(doc)
	if err != nil {
		return &ioError{err}
	}
	return a.writeBytes(append(out, '\n'))
}

// mergeCommand is "odds merge SHARD...": the shards of one run combined.
func (a *app) mergeCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "merge SHARD.json...",
		Short: "combine the shard documents of one run (--shard i/n) into its output",
		Long: a.paragraphs("merge reads the shard documents that the runs of one command with --shard 1/n … n/n wrote, checks that they are all the shards of one run, and prints that run's output as the whole run would (in any --format, with --out and --plot), timings apart.\n\n" +
			"The command is run again without trials: files it names (odds run FILE, --profiles) must be where they were."),
		Example: "  odds opposed fire --hesa 1..6 --def 0..4 --seed 7 --shard 1/2 --out a.json\n" +
			"  odds opposed fire --hesa 1..6 --def 0..4 --seed 7 --shard 2/2 --out b.json\n  odds merge a.json b.json",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("for example odds merge a.json b.json", "merge: want the shard documents of one run")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			docs, err := readShards(args)
			if err != nil {
				return err
			}
			first := docs[0]
			sub := &app{ctx: a.ctx, stdout: a.stdout, stderr: a.stderr, systems: a.systems, width: a.width, merged: map[int]*sim.Result{}}
			for k, res := range mergeShards(docs) {
				sub.merged[k] = res
			}
			sub.mergedCells = first.Cells
			rerun := append(slices.Clone(first.Args), "--format", a.format.v, "--quiet")
			if a.out != "" {
				rerun = append(rerun, "--out", a.out)
			}
			if a.plot != "" {
				rerun = append(rerun, "--plot", a.plot)
			}
			if a.intervals {
				rerun = append(rerun, "--intervals")
			}
			if a.metric != "" {
				rerun = append(rerun, "--metric", a.metric)
			}
			root := sub.rootCommand()
			root.SetArgs(rerun)
			root.SetOut(a.stdout)
			root.SetErr(a.stderr)
			root.SilenceErrors, root.SilenceUsage = true, true
			return root.ExecuteContext(cmd.Context())
		},
	}
}

// readShards reads shard documents and checks that they are the n
// shards of one run, each once.
func readShards(paths []string) ([]*shardDoc, error) {
	var docs []*shardDoc
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, usagef("", "merge: %v", err)
		}
		d := &shardDoc{}
		if err := json.Unmarshal(data, d); err != nil || d.Kind != shardKind {
			return nil, usagef("merge reads what --shard i/n wrote", "merge: %s: not a shard document", p)
		}
		docs = append(docs, d)
	}
	first := docs[0]
	seen := map[int]string{}
	for i, d := range docs {
		same := d.Version == first.Version && slices.Equal(d.Args, first.Args) && d.Seed == first.Seed &&
			d.Trials == first.Trials && d.Method == first.Method && d.Cells == first.Cells && d.Count == first.Count
		if !same {
			return nil, usagef("merge the shards of one command, seed and odds version", "merge: %s and %s are shards of different runs", paths[0], paths[i])
		}
		if prev, dup := seen[d.Index]; dup {
			return nil, usagef("", "merge: %s and %s are both shard %d/%d", prev, paths[i], d.Index, d.Count)
		}
		seen[d.Index] = paths[i]
	}
	for i := 1; i <= first.Count; i++ {
		if _, ok := seen[i]; !ok {
			return nil, usagef("merge every shard of the run", "merge: shard %d/%d is missing", i, first.Count)
		}
	}
	return docs, nil
}

// mergeShards combines the shards' cells: exact answers as they are,
// Monte Carlo counts summed over the trial ranges.
func mergeShards(docs []*shardDoc) map[int]*sim.Result {
	counts := map[int][]uint64{}
	trials := map[int]int64{}
	elapsed := map[int]time.Duration{}
	out := map[int]*sim.Result{}
	for _, d := range docs {
		for _, c := range d.Results {
			elapsed[c.Cell] += time.Duration(c.ElapsedNS)
			if c.Exact {
				out[c.Cell] = &sim.Result{Exact: true, How: c.How, Prob: c.Prob, Trials: c.Paths, Leftover: c.Leftover}
				continue
			}
			for _, x := range c.Counts {
				for uint64(len(counts[c.Cell])) <= x[0] {
					counts[c.Cell] = append(counts[c.Cell], 0)
				}
				counts[c.Cell][x[0]] += x[1]
			}
			trials[c.Cell] += c.To - c.From
		}
	}
	for k, cs := range counts {
		out[k] = sim.MCResult(cs, trials[k])
	}
	for k, r := range out {
		r.Elapsed = elapsed[k]
	}
	return out
}
