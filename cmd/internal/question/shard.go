package question

import (
	"context"
	"fmt"

	"odds/cmd/internal/query"
	"odds/cmd/internal/render"
)

// Shard runs share i of n of the points of the question s (--shard i/n:
// one attack at each point of its queries, a roll, or engagements; the
// doors refuse the other kinds with it, Together) and records in run
// what it asked, typed, for odds merge to rebuild: the queries of the
// points, the roll's expression or the engagement. It returns the
// share's results and how many points the whole run has. With at least
// n points a shard takes whole points (point k to shard k mod n + 1);
// with fewer, every point's Monte Carlo trials are split into n ranges
// of whole chunks; chunk streams depend only on the seed and the chunk,
// so the merged counts are the whole run's.
func Shard(ctx context.Context, s *Settings, run *query.ShardRun, i, n int) ([]query.ShardShare, int, error) {
	var all []query.Compiled
	var err error
	switch k := KindOf(s).(type) {
	case Once:
		all, err = query.CompileChecked(ctx, append([]*query.Query{s.Query}, k.Also...), s.Opts.Check)
		run.Queries = query.QueriesOf(all)
	case Roll:
		var plan query.Compiled
		plan.Plan, err = k.Plan(s.Metric)
		all, run.Roll = []query.Compiled{plan}, k.Expr
	case Engage:
		if render.IsPer100(s.Metric) {
			if err := query.CheckEngagePoints("metric", s.Metric, s.Query, k.B, k.Cards); err != nil {
				return nil, 0, err
			}
		}
		all, err = query.EngageCompiled(ctx, s.Query, k.B, k.Cards, k.Spec, s.Opts)
		run.Engage = query.ShardEngageOf(s.Query, k.B, k.Cards, k.Spec)
	default:
		return nil, 0, &query.Error{Flag: "shard", Hint: "run it whole", Err: fmt.Errorf("--shard: not with a question of kind %s", k.Name())}
	}
	if err != nil {
		return nil, 0, err
	}
	shares, err := query.RunShard(ctx, all, s.Opts.Sim, i, n)
	return shares, len(all), err
}
