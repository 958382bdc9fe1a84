package sim

import "odds/resolve"

// Sharing says, for each plan of a run, whose dice answer it: plans with
// the same dice key (resolve.Shared: the opposed duels, whose modifiers
// only relabel the dice histogram) run once, as the first of them, for the
// layouts of all. Run the leads with RunShared(plan, Others[i]) and give
// every other plan its lead's result.
type Sharing struct {
	Lead   []int                     // Lead[i]: the plan that runs for plan i (i itself if it runs)
	Others map[int][]*resolve.Layout // Others[i]: the layouts plan i runs for besides its own
}

// Share groups plans by dice key.
func Share(plans []resolve.Plan) Sharing {
	s := Sharing{Lead: make([]int, len(plans)), Others: map[int][]*resolve.Layout{}}
	first := map[string]int{}
	for i, p := range plans {
		s.Lead[i] = i
		sp, ok := p.(resolve.Shared)
		if !ok {
			continue
		}
		k, seen := first[sp.DiceKey()]
		if !seen {
			first[sp.DiceKey()] = i
			continue
		}
		s.Lead[i] = k
		s.Others[k] = append(s.Others[k], p.Layout())
	}
	return s
}
