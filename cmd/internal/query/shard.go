package query

import (
	"context"
	"fmt"
	"slices"
	"time"

	"odds/sim"
)

// A shard runs one share of a run's compiled points and records the raw
// results; merging the shards of one run gives exactly the whole run's
// results. With at least n points a shard takes whole points (point k to
// shard k mod n + 1); with fewer, every point's Monte Carlo trials are
// split into n ranges of whole chunks (sim.ChunkRange). Chunk streams
// depend only on the seed and the chunk, so the merged counts are the
// whole run's.

// ShardDoc is a shard's output: what run it belongs to and its results.
type ShardDoc struct {
	Kind    string       `json:"kind"`
	Version string       `json:"version"`
	Args    []string     `json:"args"`
	Seed    uint64       `json:"seed"`
	Trials  int64        `json:"trials"`
	Method  string       `json:"method"`
	Points  int          `json:"cells"`
	Index   int          `json:"shard"`
	Count   int          `json:"shards"`
	Results []ShardShare `json:"results"`
}

// ShardKind is a shard document's kind.
const ShardKind = "odds-shard"

// ShardShare is one point's share: an exact answer, or the counts of a
// range of Monte Carlo trials (as histogram cell, count pairs).
type ShardShare struct {
	Point     int         `json:"cell"`
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

// RunShard runs shard i of n (1 <= i <= n) of the compiled points: its
// shares, in point order.
func RunShard(ctx context.Context, all []Compiled, opts sim.Options, i, n int) ([]ShardShare, error) {
	me := i - 1
	whole := len(all) >= n
	var out []ShardShare
	for k, c := range all {
		if whole && k%n != me {
			continue
		}
		start := time.Now()
		res, err := sim.TryExact(ctx, c.Plan, opts)
		if err != nil {
			return nil, RunError(ctx, err)
		}
		sc := ShardShare{Point: k}
		switch {
		case res != nil && (whole || me == 0):
			sc.Exact, sc.How, sc.Prob, sc.Paths, sc.Leftover = true, res.How, res.Prob, res.Trials, res.Leftover
		case res != nil:
			continue // the first shard records a point exact for all
		default:
			sc.From, sc.To = 0, opts.Trials
			if !whole {
				sc.From, sc.To = sim.ChunkRange(opts.Trials, me, n)
			}
			counts, err := sim.RunRange(ctx, c.Plan, opts, sc.From, sc.To)
			if err != nil {
				return nil, RunError(ctx, err)
			}
			for cell, x := range counts {
				if x > 0 {
					sc.Counts = append(sc.Counts, [2]uint64{uint64(cell), x})
				}
			}
		}
		sc.ElapsedNS = time.Since(start).Nanoseconds()
		out = append(out, sc)
	}
	return out, nil
}

// CheckShards checks that docs (read from the files named) are the n
// shards of one run, each once.
func CheckShards(docs []*ShardDoc, names []string) error {
	first := docs[0]
	seen := map[int]string{}
	for i, d := range docs {
		same := d.Version == first.Version && slices.Equal(d.Args, first.Args) && d.Seed == first.Seed &&
			d.Trials == first.Trials && d.Method == first.Method && d.Points == first.Points && d.Count == first.Count
		if !same {
			return errorf("", "merge the shards of one command, seed and odds version", "merge: %s and %s are shards of different runs", names[0], names[i])
		}
		if prev, dup := seen[d.Index]; dup {
			return errorf("", "", "merge: %s and %s are both shard %d/%d", prev, names[i], d.Index, d.Count)
		}
		seen[d.Index] = names[i]
	}
	for i := 1; i <= first.Count; i++ {
		if _, ok := seen[i]; !ok {
			return errorf("", "merge every shard of the run", "merge: shard %d/%d is missing", i, first.Count)
		}
	}
	return nil
}

// MergeShards combines the shards' points: exact answers as they are,
// Monte Carlo counts summed over the trial ranges.
func MergeShards(docs []*ShardDoc) map[int]*sim.Result {
	counts := map[int][]uint64{}
	trials := map[int]int64{}
	elapsed := map[int]time.Duration{}
	out := map[int]*sim.Result{}
	for _, d := range docs {
		for _, c := range d.Results {
			elapsed[c.Point] += time.Duration(c.ElapsedNS)
			if c.Exact {
				out[c.Point] = &sim.Result{Exact: true, How: c.How, Prob: c.Prob, Trials: c.Paths, Leftover: c.Leftover}
				continue
			}
			for _, x := range c.Counts {
				for uint64(len(counts[c.Point])) <= x[0] {
					counts[c.Point] = append(counts[c.Point], 0)
				}
				counts[c.Point][x[0]] += x[1]
			}
			trials[c.Point] += c.To - c.From
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

// String is the shard's i/n.
func (d *ShardDoc) String() string { return fmt.Sprintf("%d/%d", d.Index, d.Count) }
