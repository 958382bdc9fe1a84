package render

// The rows a table shows of a result's outcomes: the possible ones, the
// "at least" rows of a count, and a roll's values with its far tails
// folded and wide ranges binned.

import (
	"fmt"
	"math"

	"odds/sim"
)

// possible leaves out the outcomes an exact answer shows cannot happen
// (AP fire's fall-back, a 0" move for infantry): tables show what can.
// JSON and CSV keep every outcome, so their columns stay stable.
func possible(outs []sim.Outcome) []sim.Outcome {
	var out []sim.Outcome
	for _, o := range outs {
		if o.P > 0 {
			out = append(out, o)
		}
	}
	return out
}

// atLeastRows are "teams-killed ≥ 2" rows for the counts of a result.
func atLeastRows(r *result) [][]string {
	var rows [][]string
	for _, s := range r.Summary.Stats {
		for k, iv := range s.AtLeast {
			if r.Exact && iv.P == 0 {
				break // and so are all higher k
			}
			ci := "exact"
			if !r.Exact {
				ci = Pct(iv.Lo) + " – " + Pct(iv.Hi)
			}
			rows = append(rows, []string{fmt.Sprintf("%s ≥ %d", s.Name, k+1), Pct(iv.P), ci})
			if iv.P < negligible && (r.Exact || iv.Hi < negligible) {
				break // one row says the tail is negligible; the rest would repeat it
			}
		}
	}
	return rows
}

// negligible is a probability the tables print as "<0.01%".
const negligible = 0.00005

// maxRows is the most value rows a table shows for a roll.
const maxRows = 40

// rollRows readies a roll's values for a table: values that cannot occur
// are dropped; with fold, each far tail (the longest run at either end
// whose values together have under negligible probability) is one row
// "lo..hi" ('3d6!' showed 26 of its 36 rows as "<0.01%"; --all-rows shows
// them); then, if more than maxRows values remain between the tails, they
// are merged into equal ranges (binValues).
func rollRows(outs []sim.Outcome, trials int64, exact, fold bool) []sim.Outcome {
	outs, lo, hi := rollTails(outs, fold)
	tail := func(part []sim.Outcome) []sim.Outcome {
		if len(part) == 0 {
			return nil
		}
		return []sim.Outcome{merged(part, trials, exact)}
	}
	rows := append(tail(outs[:lo]), binValues(outs[lo:hi], trials, exact)...)
	return append(rows, tail(outs[hi:])...)
}

// rollTails drops a roll's impossible values at either end and, with
// fold, finds its far tails: outs[:lo] and outs[hi:].
func rollTails(outs []sim.Outcome, fold bool) (_ []sim.Outcome, lo, hi int) {
	first, last := 0, len(outs)-1
	for first < last && outs[first].P == 0 {
		first++
	}
	for last > first && outs[last].P == 0 {
		last--
	}
	outs = outs[first : last+1]
	lo, hi = 0, len(outs)
	if fold {
		for sum := 0.0; lo < len(outs)-1 && sum+outs[lo].P < negligible; lo++ {
			sum += outs[lo].P
		}
		for sum := 0.0; hi > lo+1 && sum+outs[hi-1].P < negligible; hi-- {
			sum += outs[hi-1].P
		}
	}
	return outs, lo, hi
}

// merged is one row for a run of a roll's values: "lo..hi", the sum of
// their probabilities (a Monte Carlo interval from the summed count), the
// first's p ≥ and the last's p ≤.
func merged(part []sim.Outcome, trials int64, exact bool) sim.Outcome {
	if len(part) == 1 {
		return part[0] // a range of one value is that value's row
	}
	p := 0.0
	for _, o := range part {
		p += o.P
	}
	iv := sim.Interval{P: p, Lo: p, Hi: p}
	if !exact {
		iv = sim.WilsonInterval(uint64(math.Round(p*float64(trials))), trials)
	}
	last := len(part) - 1
	return sim.Outcome{Name: part[0].Name + ".." + part[last].Name, Interval: iv,
		AtLeast: part[0].AtLeast, AtMost: part[last].AtMost}
}

// binValues merges a roll's values into equal ranges "lo..hi" if there
// are more than maxRows of them. Monte Carlo intervals of a merged range
// are recomputed from its count. Names are the integer values.
func binValues(outs []sim.Outcome, trials int64, exact bool) []sim.Outcome {
	if len(outs) <= maxRows {
		return outs
	}
	width := (len(outs) + maxRows - 1) / maxRows
	var binned []sim.Outcome
	for i := 0; i < len(outs); i += width {
		binned = append(binned, merged(outs[i:min(i+width, len(outs))], trials, exact))
	}
	return binned
}
