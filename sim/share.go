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

// Share groups plans by dice key. A layout is listed once however many
// plans read it (a sweep's points may share their plans).
func Share(plans []resolve.Plan) Sharing {
	s := Sharing{Lead: make([]int, len(plans)), Others: map[int][]*resolve.Layout{}}
	first := map[string]int{}
	listed := map[*resolve.Layout]bool{}
	for i, p := range plans {
		s.Lead[i] = i
		sp, ok := p.(resolve.Shared)
		if !ok {
			continue
		}
		k, seen := first[sp.DiceKey()]
		if !seen {
			first[sp.DiceKey()] = i
			listed[p.Layout()] = true
			continue
		}
		s.Lead[i] = k
		if l := p.Layout(); !listed[l] {
			listed[l] = true
			s.Others[k] = append(s.Others[k], l)
		}
	}
	return s
}

// sameDice reports whether a and b draw the same dice into the same cells.
func sameDice(a, b resolve.Plan) bool {
	sa, okA := a.(resolve.Shared)
	sb, okB := b.(resolve.Shared)
	return okA && okB && sa.DiceKey() == sb.DiceKey()
}

// readBoth adds a histogram of shared cells to both sides of a paired run:
// each side's cell counts, the joint outcome counts through both layouts,
// and the squared differences of the numeric results (values by stat,
// then cell, side by side).
func readBoth(cells []uint64, la, lb *resolve.Layout, a, b, joint []uint64, va, vb [][]float64, sq []float64) {
	nb := len(lb.Outcomes)
	for c, n := range cells {
		if n == 0 {
			continue
		}
		a[c] += n
		b[c] += n
		joint[la.Outcome[c]*nb+lb.Outcome[c]] += n
		for x := range sq {
			d := vb[x][c] - va[x][c]
			sq[x] += float64(n) * d * d
		}
	}
}
