package symbol

import (
	"errors"

	"odds/resolve"
)

// The friendly unit of TAS and OAS friendly fire (12.3, 12.4): it
// "receives all the normal defense dice set out in 10.9-10.9.8 except the
// failed spotting roll 10.9.5".

// friendlyFlags are the friendly unit's defence flags: each is symbol
// fire's flag of; in defencePool's terms.
var friendlyFlags = []struct{ name, of, usage string }{
	{"friendly-terrain", "terrain", "the friendly unit's terrain: a row of the terrain table (its defence dice by unit type)"},
	{"friendly-experience", "defender-experience", "the friendly unit's experience: hardened, veteran and elite add a blue defence die"},
	{"friendly-status", "target-status", "the friendly unit's status before the attack (suppressed infantry and artillery add a green defence die)"},
	{"friendly-half-strength", "target-half-strength", "the friendly unit is already at half strength"},
	{"friendly-digging-in", "digging-in", "the friendly unit is digging in: loses its weakest defence die (keeps one)"},
	{"friendly-dug-in", "dug-in", "the friendly unit is dug in: a green defence die"},
	{"friendly-fast-action", "fast-action", "the friendly unit has a fast action marker: infantry and artillery lose their weakest defence die (keep one)"},
	{"friendly-hidden", "hidden", "the friendly unit has a hidden (or ambush) marker: a blue defence die"},
	{"friendly-hide-action", "hide-action", "the friendly unit has a hide action marker: a blue defence die (one with --friendly-hidden)"},
	{"friendly-extra-defence", "extra-defence", "defence dice a command card adds to the friendly unit"},
}

// friendlyArgs is v seen as the friendly unit's defence: defencePool's
// names read from the friendly flags.
func friendlyArgs(v resolve.Args) resolve.Args {
	from := []string{"defence", "friendly-defence"}
	names := []string{"defence"}
	for _, f := range friendlyFlags {
		from = append(from, f.of, f.name)
		names = append(names, f.of)
	}
	return reread(v, names, nil, from...)
}

// asFriendly renames a flag error of defencePool read through
// friendlyArgs to the friendly flag the user gave.
func asFriendly(err error) error {
	var fe *resolve.FlagError
	if !errors.As(err, &fe) {
		return err
	}
	name := fe.Flag
	if name == "defence" {
		name = "friendly-defence"
	}
	for _, f := range friendlyFlags {
		if f.of == fe.Flag {
			name = f.name
		}
	}
	return resolve.Errorf(name, "%s", fe.Msg)
}

// compileFriendly reads the friendly unit: its defence pool as a target's
// (defencePool through friendlyArgs), type, capacity and starting state.
func (p *supportPlan) compileFriendly(v resolve.Args) error {
	fk := v.Int("friendly-type")
	fd, err := defencePool(friendlyArgs(v), fk)
	if err != nil {
		return asFriendly(err)
	}
	if p.friendly, err = fd.compile("friendly-defence"); err != nil {
		return err
	}
	p.friendlyTgt = target{kind: fk, capacity: v.Int("friendly-capacity"), suppressedAgain: p.tgt.suppressedAgain}
	p.friendlyStart, err = p.friendlyTgt.startState(v, "friendly-status", "friendly-half-strength")
	return err
}

// noFriendly refuses a friendly unit's flag without a friendly unit.
func noFriendly(v resolve.Args) error {
	fire := fireTemplate()
	for _, f := range friendlyFlags {
		given := false
		switch p := fire.Param(f.of); p.Kind {
		case resolve.Word, resolve.DicePool:
			given = v.Has(f.name)
		default:
			given = v.Has(f.name) && v.Int(f.name) != p.Default
		}
		if given {
			return resolve.Errorf(f.name, "no friendly unit: give --friendly CARD or --friendly-defence POOL with --friendly-type")
		}
	}
	return nil
}

// supportTargetParams are the flags of the target that support shares
// with symbol fire.
var supportTargetParams = []string{"defence", "target", "defender-experience", "terrain", "digging-in", "dug-in", "fast-action",
	"hidden", "hide-action", "extra-defence", "target-status", "target-half-strength", "damage-capacity", "cancel", "suppressed-again"}

// reread is v seen through symbol fire's parameters names (whose values
// are v's), with the values in set put in: for building a defence pool
// again for another status or another unit. from maps a name to the flag
// of v that gives its value (the name itself unless mapped).
func reread(v resolve.Args, names []string, set map[string]resolve.Value, from ...string) resolve.Args {
	src := map[string]string{}
	for i := 0; i+1 < len(from); i += 2 {
		src[from[i]] = from[i+1]
	}
	fire := fireTemplate()
	var params []resolve.Param
	vals := resolve.Values{}
	for _, name := range names {
		p := *fire.Param(name)
		params = append(params, p)
		s, ok := src[name]
		if !ok {
			s = name
		}
		if !v.Takes(s) || !v.Has(s) {
			continue
		}
		switch p.Kind {
		case resolve.DicePool:
			vals[name] = resolve.Value{Pool: v.Pool(s)}
		case resolve.Word:
			vals[name] = resolve.Value{Word: v.Word(s)}
		default:
			vals[name] = resolve.Value{N: v.Int(s)}
		}
	}
	for k, x := range set {
		vals[k] = x
	}
	return (&resolve.Action{Params: params}).Args(vals, v.Env)
}
