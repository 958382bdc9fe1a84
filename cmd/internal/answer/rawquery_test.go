package answer

import (
	"bytes"
	"context"
	"math/rand/v2"
	"strings"
	"testing"
)

// valuesKey is the key Question computes from ParseQuery(raw).
func valuesKey(t *testing.T, raw string) []byte {
	t.Helper()
	q, err := ParseQuery(raw)
	if err != nil {
		t.Fatal(err)
	}
	s := newSettings()
	s.fromURL(q)
	return questionKey(nil, "opposed", "fire", givenKeys(q), func(k string) string { return q[k][len(q[k])-1] }, s)
}

// TestRawKey: the key read straight from a query string is the key of
// the question Question reads from its url.Values: repeats (the last
// value, but find, vary, sensitivity and attacks their first, then
// every one), empty values, bare names, escapes, any order; and a part
// that does not decode, or too many parts, are left to the long way.
func TestRawKey(t *testing.T) {
	raws := []string{
		"", "&&", "hesa=3&def=1&method=exact&seed=1", "def=1&seed=1&method=exact&hesa=3",
		"hesa=3&hesa=4&def=&def=2", "hesa=3&def=2&def=", "smoke&leader=&hesa", "hesa=1..3&def=0%2C2&smoke=both",
		"find=a&find=b&vary=hesa&vary=def&sensitivity=&sensitivity=first", "attacks=&attacks=3&until=out-of-action",
		"attacks=3&attacks=", "then=fire+--hesa+2&then=&then=fire%20--def%3D1", "then=", "then",
		"expr=6d6%3E%3D4&x=a&x=b", "a=b=c&%3D=%26", "vs=--smoke+--attacker+x", "metric=suppressed&attacker=all&defender=all",
	}
	// Random queries of those names and values, in any order.
	rng := rand.New(rand.NewPCG(3, 6))
	names := []string{"hesa", "def", "find", "vary", "sensitivity", "attacks", "then", "smoke", "seed", "a%20b"}
	values := []string{"", "1", "2", "x+y", "%3E%3D", "both"}
	for range 300 {
		var parts []string
		for range rng.IntN(8) {
			p := names[rng.IntN(len(names))]
			if rng.IntN(5) > 0 {
				p += "=" + values[rng.IntN(len(values))]
			}
			parts = append(parts, p)
		}
		raws = append(raws, strings.Join(parts, "&"))
	}
	for _, raw := range raws {
		got, ok := rawKey(nil, raw, "opposed", "fire")
		if !ok {
			t.Errorf("%q: not read", raw)
			continue
		}
		if want := valuesKey(t, raw); !bytes.Equal(got, want) {
			t.Errorf("%q: key %q, Question's %q", raw, got, want)
		}
	}
	for _, raw := range []string{"hesa=%zz", "%=1", strings.Repeat("a=1&", maxRawPairs+1)} {
		if _, ok := rawKey(nil, raw, "opposed", "fire"); ok {
			t.Errorf("%q: read, want it left to ParseQuery", raw)
		}
	}
}

// TestQueryQuestion: a question asked by query string is Question's,
// kept or not, and its refusals are ParseQuery's and Question's.
func TestQueryQuestion(t *testing.T) {
	e := engine(t)
	for ask := range 2 {
		x, err := e.QueryQuestion("hesa=3&def=1&method=exact&seed=1", "opposed", "fire")
		if err != nil || x.Opts.Sim.Seed != 1 || len(x.Query.Values["hesa"]) != 1 || x.Query.Values["hesa"][0].N != 3 {
			t.Fatalf("%+v, %v", x, err)
		}
		if x.Plans.Kept() != (ask == 1) {
			t.Errorf("ask %d: kept %v", ask, x.Plans.Kept())
		}
		if _, err := e.Run(context.Background(), x, nil); err != nil {
			t.Fatal(err)
		}
	}
	for _, raw := range []string{"hesa=%zz", "hesa=x", "nope=1"} {
		_, err := e.QueryQuestion(raw, "opposed", "fire")
		vals, perr := ParseQuery(raw)
		var werr error
		if werr = perr; perr == nil {
			_, werr = e.Question(vals, "opposed", "fire")
		}
		if err == nil || werr == nil || err.Error() != werr.Error() {
			t.Errorf("%q: %v, want %v", raw, err, werr)
		}
	}
}

// TestRawKeyAllocates: a kept question's key is read from its query
// string without allocating.
func TestRawKeyAllocates(t *testing.T) {
	var buf [256]byte
	if n := testing.AllocsPerRun(100, func() {
		if _, ok := rawKey(buf[:0], "hesa=3&def=1&method=exact&seed=1", "opposed", "fire"); !ok {
			t.Fatal("not read")
		}
	}); n != 0 {
		t.Errorf("rawKey allocates %v times, want 0", n)
	}
}
