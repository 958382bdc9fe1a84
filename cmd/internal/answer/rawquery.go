package answer

import (
	"slices"
	"strings"
)

// QueryQuestion is Question of a query string as ParseQuery reads it
// (the JSON API's, the page's): a question the engine keeps is found by
// its key (rawKey) without building its url.Values; any other is read
// by ParseQuery and Question, with their refusals.
func (e *Engine) QueryQuestion(raw, system, action string) (*Question, error) {
	var buf [256]byte
	key, ok := rawKey(buf[:0], raw, system, action)
	return e.queryQuestion(key, ok, raw, system, action)
}

// queryQuestion is QueryQuestion with raw's key read (ok: rawKey read it).
func (e *Engine) queryQuestion(key []byte, ok bool, raw, system, action string) (*Question, error) {
	if ok {
		if x := e.questions.get(key); x != nil {
			return x, nil
		}
	}
	vals, err := ParseQuery(raw)
	if err != nil {
		return nil, err
	}
	return e.Question(vals, system, action)
}

// maxRawPairs is the most values rawKey reads without url.Values.
const maxRawPairs = 32

// rawKey is the key (questionKey) of the question Question reads from
// ParseQuery(raw): the same values (the last of each name, those empty
// left out), the same settings (find, vary, sensitivity and attacks'
// first values, every then, as fromURL takes them). ok is false, and the caller reads raw the
// long way, for a part that does not decode or more than maxRawPairs
// parts. A test holds the two keys equal.
func rawKey(b []byte, raw, system, action string) (key []byte, ok bool) {
	type pair struct{ k, v string }
	var store [maxRawPairs]pair
	pairs := store[:0]
	for part := range strings.SplitSeq(raw, "&") {
		if part == "" {
			continue
		}
		if len(pairs) == maxRawPairs {
			return b, false
		}
		k, v, err := queryPart(part)
		if err != nil {
			return b, false
		}
		pairs = append(pairs, pair{k, v})
	}
	// url.Values keeps each name's values in order: a stable sort by name.
	slices.SortStableFunc(pairs, func(a, b pair) int { return strings.Compare(a.k, b.k) })
	var keyStore [maxRawPairs]string
	keys := keyStore[:0]
	var find, vary, sensitivity string
	var then []string
	attacks := false
	for i := 0; i < len(pairs); {
		j := i + 1
		for j < len(pairs) && pairs[j].k == pairs[i].k {
			j++
		}
		first, last := pairs[i].v, pairs[j-1].v
		switch k := pairs[i].k; k {
		case "find":
			find = first
		case "vary":
			vary = first
		case "sensitivity":
			sensitivity = first
		case "attacks":
			attacks = first != ""
		case "then":
			for _, p := range pairs[i:j] {
				then = append(then, p.v)
			}
		}
		if last != "" {
			keys = append(keys, pairs[i].k)
		}
		i = j
	}
	var s settings // as Question's fromURL takes them
	s.beyond(find, vary, sensitivity, then, attacks)
	value := func(k string) string {
		v := ""
		for _, p := range pairs {
			if p.k == k {
				v = p.v
			}
		}
		return v
	}
	return questionKey(b, system, action, keys, value, &s), true
}
