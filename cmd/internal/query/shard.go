package query

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"odds/resolve"
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
	Args    []string     `json:"args"` // the command line, for people and CheckShards: merge never runs it
	Run     *ShardRun    `json:"run,omitempty"`
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
// shards of one run, each once, and that each is well formed
// (CheckShape): a shard document is input, not trusted. A missing shard
// is refused, the error listing every one missing.
func CheckShards(docs []*ShardDoc, names []string) error {
	_, err := checkShards(docs, names, false)
	return err
}

// CheckPartialShards is CheckShards for a partial run (odds merge
// --allow-missing): shards may be missing, and it returns their numbers,
// as long as every result is in a shard given, its Monte Carlo trial
// ranges apart (not tiling 0..trials: the merged result has the trials
// of the shards given). A result held whole by a missing shard (a run of
// at least as many results as shards), or an exact answer in a missing
// first shard, is refused: nothing estimates it.
func CheckPartialShards(docs []*ShardDoc, names []string) (missing []int, err error) {
	return checkShards(docs, names, true)
}

func checkShards(docs []*ShardDoc, names []string, partial bool) ([]int, error) {
	first := docs[0]
	seen := map[int]string{}
	for i, d := range docs {
		if err := CheckShape(d, names[i]); err != nil {
			return nil, err
		}
		same := d.Version == first.Version && slices.Equal(d.Args, first.Args) && d.Seed == first.Seed &&
			d.Trials == first.Trials && d.Method == first.Method && d.Points == first.Points && d.Count == first.Count &&
			sameRun(d.Run, first.Run)
		if !same {
			return nil, errorf("", "merge the shards of one command, seed and odds version", "merge: %s and %s are shards of different runs", names[0], names[i])
		}
		if prev, dup := seen[d.Index]; dup {
			return nil, errorf("", "", "merge: %s and %s are both shard %d/%d", prev, names[i], d.Index, d.Count)
		}
		seen[d.Index] = names[i]
	}
	var missing []int
	for i := 1; i <= first.Count; i++ {
		if _, ok := seen[i]; !ok {
			missing = append(missing, i)
		}
	}
	if len(missing) > 0 && !partial {
		return missing, errorf("", "run the missing shards, or merge with --allow-missing for a partial Monte Carlo run",
			"merge: %d of the %d shards %s missing: %s", len(missing), first.Count, plural(len(missing), "is", "are"), intList(missing))
	}
	return missing, checkTiling(docs, names, partial)
}

// plural is one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// intList writes numbers as "3, 7, 12".
func intList(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ", ")
}

// MaxShardCells bounds a count's histogram cell in a shard document, so
// that a tampered index cannot make merge allocate without end; the
// run's own layout is checked when the result is used (Merged.Result).
const MaxShardCells = 1 << 20

// CheckShape checks one shard document on its own: its i/n, and every
// share's point, range, counts and probabilities. Errors name the file.
func CheckShape(d *ShardDoc, name string) error {
	bad := func(format string, args ...any) error {
		return errorf("", "merge reads the shard documents --shard i/n wrote, unchanged", "merge: %s: %s", name, fmt.Sprintf(format, args...))
	}
	switch {
	case d.Run == nil:
		return errorf("", "re-run the shards with this odds: merge rebuilds the run from the typed query a shard now records",
			"merge: %s: the shard records no typed query (written by an older odds)", name)
	case d.Count < 1 || d.Count > 100_000 || d.Index < 1 || d.Index > d.Count:
		return bad("shard %d/%d is not i/n with 1 <= i <= n <= 100000", d.Index, d.Count)
	case d.Points < 1 || d.Points > MaxShardCells:
		return bad("%d results is out of range", d.Points)
	case d.Trials < 0:
		return bad("%d trials is negative", d.Trials)
	}
	for _, c := range d.Results {
		if c.Point < 0 || c.Point >= d.Points {
			return bad("result %d is not one of its %d", c.Point+1, d.Points)
		}
		if c.Exact {
			if len(c.Counts) > 0 || c.From != 0 || c.To != 0 {
				return bad("result %d is exact and has counts", c.Point+1)
			}
			if len(c.Prob) == 0 || len(c.Prob) > MaxShardCells {
				return bad("result %d has %d probabilities", c.Point+1, len(c.Prob))
			}
			sum := 0.0
			for _, p := range c.Prob {
				if !(p >= 0 && p <= 1) {
					return bad("result %d has probability %v", c.Point+1, p)
				}
				sum += p
			}
			// An exact answer's probabilities sum to 1 less what it left
			// unexplored (at most sim.MaxLeftover), up to rounding.
			if !(c.Leftover >= 0 && c.Leftover <= sim.MaxLeftover) || math.Abs(sum+c.Leftover-1) > 1e-9 {
				return bad("result %d's probabilities sum to %v", c.Point+1, sum)
			}
			continue
		}
		if len(c.Prob) > 0 {
			return bad("result %d has probabilities and is not exact", c.Point+1)
		}
		if c.From < 0 || c.To < c.From || c.To > d.Trials { // empty: fewer chunks than shards
			return bad("result %d's trials %d..%d are not within 0..%d", c.Point+1, c.From, c.To, d.Trials)
		}
		var total uint64
		for j, x := range c.Counts {
			switch {
			case x[0] >= MaxShardCells:
				return bad("result %d counts cell %d, past any layout", c.Point+1, x[0])
			case j > 0 && x[0] <= c.Counts[j-1][0]:
				return bad("result %d counts cell %d twice or out of order", c.Point+1, x[0])
			case x[1] > uint64(c.To-c.From):
				return bad("result %d counts %d of %d trials in one cell", c.Point+1, x[1], c.To-c.From)
			}
			total += x[1] // no overflow: each at most To-From, at most 2^20 cells
		}
		if total != uint64(c.To-c.From) {
			return bad("result %d's counts sum to %d, its trials %d..%d are %d", c.Point+1, total, c.From, c.To, c.To-c.From)
		}
	}
	return nil
}

// checkTiling checks that, over the shards of one run, every point is
// either one exact answer or Monte Carlo ranges that tile 0..trials
// exactly once; partial (shards missing), ranges that do not overlap,
// and every point in a shard given.
func checkTiling(docs []*ShardDoc, names []string, partial bool) error {
	type span struct {
		from, to int64
		name     string
	}
	exact := map[int]string{}
	spans := map[int][]span{}
	for i, d := range docs {
		for _, c := range d.Results {
			if c.Exact {
				if prev, dup := exact[c.Point]; dup {
					return errorf("", "", "merge: %s and %s both hold result %d", prev, names[i], c.Point+1)
				}
				exact[c.Point] = names[i]
				continue
			}
			spans[c.Point] = append(spans[c.Point], span{c.From, c.To, names[i]})
		}
	}
	trials := docs[0].Trials
	for k, ss := range spans {
		if name, ok := exact[k]; ok {
			return errorf("", "", "merge: %s: result %d is exact in one shard and counted in another (%s)", name, k+1, ss[0].name)
		}
		slices.SortFunc(ss, func(a, b span) int { return cmp.Or(cmp.Compare(a.from, b.from), cmp.Compare(a.to, b.to)) }) // an empty range first
		at := int64(0)
		for _, s := range ss {
			if s.from != at && !(partial && s.from > at) {
				return errorf("", "", "merge: %s: result %d's trials %d..%d do not follow on from %d (ranges must tile 0..%d once)", s.name, k+1, s.from, s.to, at, trials)
			}
			at = s.to
		}
		if at != trials && !partial {
			return errorf("", "merge every shard of the run", "merge: result %d's trials stop at %d of %d", k+1, at, trials)
		}
	}
	first := docs[0]
	for k := range first.Points {
		if _, ok := exact[k]; ok || len(spans[k]) > 0 {
			continue
		}
		holder := k%first.Count + 1 // a run of at least as many results as shards: whole results
		if first.Points < first.Count {
			holder = 1 // fewer: the first shard answers what is exact
		}
		return errorf("", "run shard "+strconv.Itoa(holder)+": --allow-missing merges the trials of the shards given, and no shard given holds this result",
			"merge: result %d is only in shard %d/%d, which is missing", k+1, holder, first.Count)
	}
	return nil
}

// Merged are the results of a run merged from its shards (odds merge):
// a run given them runs no trial.
type Merged struct {
	Results map[int]*sim.Histogram // by point
	From    map[int]string         // the shard file of each point (for errors about it)
	Points  int                    // how many points the shards' run had
}

// Result is point i's result taken from the merged shards. A result that
// does not fit the run's layout (a tampered shard) is refused, naming the
// file it came from.
func (m *Merged) Result(i int, plan resolve.Plan) (*sim.Histogram, error) {
	merged, from := m.Results, m.From
	res, ok := merged[i]
	if !ok {
		return nil, errorf("", "", "merge: no shard holds result %d", i+1)
	}
	cells := plan.Layout().Cells
	switch {
	case res.Exact && len(res.Prob) != cells:
		return nil, errorf("", "merge reads the shard documents --shard i/n wrote, unchanged", "merge: %s: result %d has %d probabilities, the run's layout %d", from[i], i+1, len(res.Prob), cells)
	case !res.Exact && len(res.Counts) > cells:
		return nil, errorf("", "merge reads the shard documents --shard i/n wrote, unchanged", "merge: %s: result %d counts cell %d, the run's layout has %d", from[i], i+1, len(res.Counts)-1, cells)
	case !res.Exact && len(res.Counts) < cells:
		res.Counts = append(res.Counts, make([]uint64, cells-len(res.Counts))...)
		res = sim.MCResult(res.Counts, res.Trials)
		res.Elapsed = merged[i].Elapsed
	}
	return res, nil
}

// MergeShards combines the shards' points: exact answers as they are,
// Monte Carlo counts summed over the trial ranges. Check the docs first
// (CheckShards).
func MergeShards(docs []*ShardDoc, names []string) *Merged {
	out, from := mergeShards(docs, names)
	return &Merged{Results: out, From: from, Points: docs[0].Points}
}

// mergeShards is MergeShards' results by point, and the file each point
// came from.
func mergeShards(docs []*ShardDoc, names []string) (out map[int]*sim.Histogram, from map[int]string) {
	counts := map[int][]uint64{}
	trials := map[int]int64{}
	elapsed := map[int]time.Duration{}
	out, from = map[int]*sim.Histogram{}, map[int]string{}
	for i, d := range docs {
		for _, c := range d.Results {
			// from names the file with the highest cell of a point (the
			// one at fault when that cell is past the run's layout).
			if _, ok := from[c.Point]; i < len(names) && (!ok || len(c.Counts) > 0 && c.Counts[len(c.Counts)-1][0] >= uint64(len(counts[c.Point]))) {
				from[c.Point] = names[i]
			}
			elapsed[c.Point] += time.Duration(c.ElapsedNS)
			if c.Exact {
				out[c.Point] = &sim.Histogram{Exact: true, How: c.How, Prob: c.Prob, Trials: c.Paths, Leftover: c.Leftover}
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
	return out, from
}

// String is the shard's i/n.
func (d *ShardDoc) String() string { return fmt.Sprintf("%d/%d", d.Index, d.Count) }

// sameRun reports whether two shards record the same run.
func sameRun(a, b *ShardRun) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && bytes.Equal(ja, jb)
}
