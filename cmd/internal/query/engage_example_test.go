package query_test

import (
	"context"
	"fmt"

	"odds/cmd/internal/query"
	"odds/resolve/all"
	"odds/sim"
)

// Issue 32's engagement: A's fire puts B out of action with 0.28 an
// attack, B's puts A out with 0.15; over three rounds A wins
// 0.28 (1 − 0.612³) / 0.388.
func ExampleEngage() {
	systems := all.Systems()
	var qs [2]*query.Query
	for i, text := range []string{"opposed fire --hesa 3 --def 1", "opposed fire --hesa 2 --def 2"} {
		sp, err := query.AttackSpec("ab"[i:i+1], text, systems, nil)
		if err != nil {
			panic(err)
		}
		if qs[i], _, err = query.New(sp, nil); err != nil {
			panic(err)
		}
	}
	spec, _ := query.NewEngageSpec("a", false, 3, "", nil)
	es, err := query.Engage(context.Background(), qs[0], qs[1], query.EngageCards{}, spec,
		query.Options{Sim: sim.Options{Method: sim.Exact, Trials: 1, Workers: 1}})
	if err != nil {
		panic(err)
	}
	e := es[0]
	fmt.Printf("A wins %.5f, B wins %.5f, neither %.5f, %s\n", e.AWins.P, e.BWins.P, e.Neither.P, e.How)
	// Output: A wins 0.55623, B wins 0.21455, neither 0.22922, markov-chain
}
