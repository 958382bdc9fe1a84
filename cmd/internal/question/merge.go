package question

import (
	"errors"
	"fmt"
	"strconv"

	"odds/cmd/internal/query"
	"odds/resolve"
)

// Merge is the question the shard documents of one run record (odds
// merge), typed: rebuilt from the queries, the roll's expression or the
// engagement the shards hold, never from their command line, with the
// shards' run settings and the merged results to answer it from.
type Merge struct {
	Settings *Settings // Opts.Merged set; the door adds its own options
	Run      Run       // the shards' method, trials, seed and path budget
	// The output settings the run was given: --intervals, --all-rows,
	// --metric.
	Intervals, AllRows bool
	Metric             string
}

// OfShards is the merged run of docs (read from the files names, each
// checked by query.ReadShards and query.CheckShardArgs); partial says
// shards are missing (merge --allow-missing), which an engagement
// refuses.
func OfShards(systems []*resolve.System, docs []*query.ShardDoc, names []string, partial bool) (*Merge, error) {
	first, run := docs[0], docs[0].Run
	bad := func(what string) error {
		return &query.Error{Hint: "merge reads the shard documents --shard i/n wrote, unchanged", Err: fmt.Errorf("merge: %s: %s", names[0], what)}
	}
	m := &Merge{Run: NewRun(), Intervals: run.Intervals, AllRows: run.AllRows, Metric: run.Metric}
	if err := m.Run.Method.Set(first.Method); err != nil {
		return nil, bad(fmt.Sprintf("method %q: %v", first.Method, err))
	}
	if err := m.Run.Trials.Set(strconv.FormatInt(first.Trials, 10)); err != nil {
		return nil, bad(fmt.Sprintf("trials %d: %v", first.Trials, err))
	}
	if err := m.Run.MaxPaths.Set(strconv.FormatInt(run.MaxPaths, 10)); err != nil {
		return nil, bad(fmt.Sprintf("max_paths %d: %v", run.MaxPaths, err))
	}
	m.Run.Trials.Given = run.TrialsGiven
	m.Run.Seed.V, m.Run.Seed.Given = first.Seed, true
	var err error
	switch {
	case run.Engage != nil && run.Roll == "" && len(run.Queries) == 0:
		if partial {
			return nil, &query.Error{Hint: "run the missing shards", Err: errors.New("merge: --allow-missing: an engagement's shards merge only whole")}
		}
		qa, qb, cards, spec, err := run.Engage.Engagement(systems, names[0])
		if err != nil {
			return nil, err
		}
		m.Settings = &Settings{Query: qa, Kind: Engage{B: qb, Cards: cards, Spec: spec}}
	case run.Engage != nil:
		return nil, bad("want an engagement or the run's queries, not both")
	case run.Roll != "" && len(run.Queries) == 0:
		if _, err := RollPlan("", run.Roll); err != nil {
			return nil, bad(err.Error())
		}
		m.Settings = &Settings{Kind: Roll{Expr: run.Roll, AllRows: run.AllRows}}
	case run.Roll != "" || len(run.Queries) == 0:
		return nil, bad("want a roll's expression or the run's queries")
	default:
		qs := make([]*query.Query, len(run.Queries))
		for i, sq := range run.Queries {
			if qs[i], err = sq.Query(systems, names[0]); err != nil {
				return nil, err
			}
		}
		if m.Settings, err = new(Asked).Settle(qs, nil); err != nil {
			return nil, err
		}
	}
	m.Settings.Opts.Merged = query.MergeShards(docs, names)
	return m, nil
}
