package symbol

import (
	"fmt"
	"slices"
	"strings"

	"odds/dice"
	"odds/resolve"
)

// tallyOf is a face's symbols as a dice.Tally.
func tallyOf(face []string) dice.Tally {
	var t dice.Tally
	for _, sym := range face {
		k := slices.Index(symbolNames, sym)
		t = t.With(k, t.Count(k)+1)
	}
	return t
}

// colourDie is one die of a pool: its colour's strength and faces.
type colourDie struct {
	colour   string
	strength int
	faces    dice.Die
}

// colourPool is the dice of one roll, as the steps of a sequence build it.
type colourPool []colourDie

// buildPool looks the dice of p up in the dice in force (env) for a role;
// an unknown colour is an error naming flag.
func buildPool(env *resolve.Env, role string, p resolve.PoolSpec, flag string) (colourPool, error) {
	var out colourPool
	for _, d := range p {
		rd := env.Die(role, d.Colour)
		if rd == nil {
			var have []string
			if env != nil {
				for _, x := range env.Dice {
					if x.Role == role {
						have = append(have, x.Colour)
					}
				}
			}
			return nil, resolve.Errorf(flag, "no %s die of colour %s (the %s dice in force: %s)", role, d.Colour, role, strings.Join(have, ", "))
		}
		faces := make(dice.Die, len(rd.Faces))
		for i, f := range rd.Faces {
			faces[i] = tallyOf(f)
		}
		for range d.N {
			out = append(out, colourDie{colour: d.Colour, strength: rd.Strength, faces: faces})
		}
	}
	return out, nil
}

// add returns the pool with the dice of q added.
func (p colourPool) add(q colourPool) colourPool { return append(slices.Clip(p), q...) }

// dropWeakest removes one die of the weakest colour; keep is the fewest
// dice it may leave (the defender always keeps one).
func (p colourPool) dropWeakest(keep int) colourPool {
	if len(p) <= keep || len(p) == 0 {
		return p
	}
	w := 0
	for i, d := range p {
		if d.strength < p[w].strength {
			w = i
		}
	}
	return slices.Delete(slices.Clone(p), w, w+1)
}

// halfStrength counts each double face once, by its strongest symbol
// (10.8.1: a half-strength attacker treats double successes as single).
func (p colourPool) halfStrength() colourPool {
	out := slices.Clone(p)
	for i, d := range out {
		faces := make(dice.Die, len(d.faces))
		for j, f := range d.faces {
			faces[j] = strongestOnly(f)
		}
		out[i].faces = faces
	}
	return out
}

// strongestOnly keeps one of a tally's strongest symbol.
func strongestOnly(t dice.Tally) dice.Tally {
	if k := strongest(t); k < kinds {
		return dice.Tally(0).With(k, 1)
	}
	return 0
}

// strongest is the strongest symbol kind a tally shows, or kinds if none.
func strongest(t dice.Tally) int {
	for k := range kinds {
		if t.Count(k) > 0 {
			return k
		}
	}
	return kinds
}

// compile turns the pool into a dice.Pool; more than MaxPool dice is an
// error naming flag.
func (p colourPool) compile(flag string) (*dice.Pool, error) {
	if len(p) > resolve.MaxPool {
		return nil, resolve.Errorf(flag, "%d dice in one roll; at most %d", len(p), resolve.MaxPool)
	}
	return dice.NewPool(p.dice()), nil
}

// dice is the pool's dice, their faces only.
func (p colourPool) dice() []dice.Die {
	dd := make([]dice.Die, len(p))
	for i, d := range p {
		dd[i] = d.faces
	}
	return dd
}

// oneDie is a pool of one die of a colour, or an error if none is in force.
func oneDie(env *resolve.Env, role, colour, why string) (colourPool, error) {
	p, err := buildPool(env, role, resolve.PoolSpec{{Colour: colour, N: 1}}, "")
	if err != nil {
		return nil, fmt.Errorf("%s needs a %s %s die, and no profile gives one", why, colour, role)
	}
	return p, nil
}

// tablePool reads a table cell that is a pool of dice.
func tablePool(env *resolve.Env, table, row, col string) (resolve.PoolSpec, error) {
	t := env.Tables[table]
	if t == nil {
		return nil, fmt.Errorf("no %s table in force", table)
	}
	r, ok := t.Rows[row]
	if !ok {
		return nil, fmt.Errorf("the %s table has no row %q%s", table, row, nearestRows(t, row))
	}
	return resolve.ParsePool(r[col])
}

func nearestRows(t *resolve.Table, row string) string {
	var names []string
	for k := range t.Rows {
		names = append(names, k)
	}
	return resolve.Closest(row, names, "rows")
}
