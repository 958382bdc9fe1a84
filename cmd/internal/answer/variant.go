package answer

import (
	"net/url"
	"slices"

	"odds/cmd/internal/question"
	"odds/resolve"
)

// Variant is what a question's --vs changes, as query.Variant reads it:
// B's parameter values and cards that differ from those A's flags and
// cards give, written as a flag takes them (a boolean "true", a
// choice's name, a card's name).
// The page's compare mode starts B from A and sets these, so that --vs
// has one parser, the engine's.
type Variant struct {
	Values map[string]string `json:"values"`
	Cards  map[string]string `json:"cards"`
}

// Variant reads a request's values (the question and its vs) as
// Question does and gives what its variant changes: nothing when no vs
// is given; the refusal of Question when the question or vs is bad.
func (e *Engine) Variant(q url.Values, system, action string) (*Variant, error) {
	x, err := e.Question(q, system, action)
	if err != nil {
		return nil, err
	}
	v := &Variant{Values: map[string]string{}, Cards: map[string]string{}}
	c, ok := x.Kind.(question.Compare)
	if !ok {
		return v, nil
	}
	a, b := x.Query, c.B
	for i := range a.Action.Params {
		p := &a.Action.Params[i]
		bv, given := b.Values[p.Name]
		if !given {
			continue
		}
		text := func(vals []resolve.Value) []string {
			out := make([]string, len(vals))
			for j, val := range vals {
				out[j] = p.Format(val)
			}
			return out
		}
		// A value vs gives is one (query.Variant refuses a sweep).
		if bt := text(bv); len(bt) == 1 && !slices.Equal(bt, text(a.Values[p.Name])) {
			v.Values[p.Name] = bt[0]
		}
	}
	for _, r := range a.Action.Roles {
		bu, au := b.Cards[r.Name], a.Cards[r.Name]
		if len(bu) == 1 && !slices.Equal(bu, au) {
			v.Cards[r.Name] = bu[0].Name
		}
	}
	return v, nil
}
