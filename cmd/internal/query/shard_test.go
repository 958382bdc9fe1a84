package query

import (
	"context"
	"slices"
	"testing"

	"odds/sim"
)

// TestShardsMergeToTheWholeRun: one Monte Carlo point split in 3 shards
// of whole chunks (sim.ChunkRange) and merged has exactly the counts of
// the whole run with the same seed, since chunk k's stream depends only on
// (seed, k); three points in 2 shards take whole points.
func TestShardsMergeToTheWholeRun(t *testing.T) {
	ctx := context.Background()
	opts := sim.Options{Method: sim.MC, Seed: 7, Trials: 200_000}
	for _, sweep := range []string{"3", "1..3"} {
		all, err := CompileAll([]*Query{fire(t, map[string]string{"hesa": sweep, "def": "1"})})
		if err != nil {
			t.Fatal(err)
		}
		n := 3
		if len(all) > 1 {
			n = 2
		}
		var docs []*ShardDoc
		var names []string
		for i := 1; i <= n; i++ {
			shares, err := RunShard(ctx, all, opts, i, n)
			if err != nil {
				t.Fatal(err)
			}
			docs = append(docs, &ShardDoc{Kind: ShardKind, Run: &ShardRun{Queries: QueriesOf(all)}, Trials: opts.Trials, Points: len(all), Index: i, Count: n, Results: shares})
			names = append(names, string(rune('a'+i-1))+".json")
		}
		if err := CheckShards(docs, names); err != nil {
			t.Fatal(err)
		}
		merged, _ := mergeShards(docs, names)
		for k, c := range all {
			whole, err := sim.Run(ctx, c.Plan, opts)
			if err != nil {
				t.Fatal(err)
			}
			got := merged[k]
			if got.Trials != whole.Trials || !slices.Equal(got.Counts, whole.Counts) {
				t.Errorf("%s point %d: merged %d trials %v, whole run %d %v", sweep, k, got.Trials, got.Counts, whole.Trials, whole.Counts)
			}
		}
		if err := CheckShards(docs[1:], names[1:]); err == nil {
			t.Errorf("%s: shards without the first passed the check", sweep)
		}
	}
}
