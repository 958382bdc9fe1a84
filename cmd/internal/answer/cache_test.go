package answer

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"sync"
	"testing"
)

// cacheQuestions are opposed fire questions as query strings, and
// whether the engine keeps them compiled (one attack at a few points).
var cacheQuestions = []struct {
	query string
	kept  bool
}{
	{"hesa=3&def=1&method=exact&seed=1", true},
	{"def=1&seed=1&method=exact&hesa=3", true}, // the same question
	{"hesa=1..3&def=0,2&smoke=both&method=exact&seed=2", true},
	{"attacker=mg-team&defender=rifle-section&method=exact&seed=3", true},
	{"hesa=3&def=1&method=mc&trials=2000&seed=4", true},
	{"hesa=3&def=1&method=exact", true}, // a random seed every ask
	{"hesa=3&def=1&then=&method=exact&seed=1", true},
	{"hesa=3&def=1&vs=--smoke&method=exact&seed=6", false},
	{"hesa=3&def=1&until=out-of-action&attacks=3&method=exact&seed=7", false},
	{"hesa=3&def=1&sensitivity=first&method=exact&seed=7", false},
	{"hesa=0..12&def=0..12&method=exact&seed=8", false}, // 169 points
}

// timings are what differs between two runs of one question: the time
// taken, and the seed when none is given.
var timings = regexp.MustCompile(`"(elapsed_ms|seed)": ?[0-9.e+-]+`)

// TestQuestionCache: a question asked again of an engine is answered
// from its kept question and compiled points (for one attack at a few
// points), byte for byte as a fresh engine answers it, timings apart;
// other questions are not kept.
func TestQuestionCache(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	for _, c := range cacheQuestions {
		vals, err := ParseQuery(c.query)
		if err != nil {
			t.Fatal(err)
		}
		want, err := engine(t).Query(ctx, "opposed", "fire", vals, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.query, err)
		}
		for ask := range 3 {
			x, err := e.Question(vals, "opposed", "fire")
			if err != nil {
				t.Fatalf("%s: %v", c.query, err)
			}
			if ask > 0 && x.Plans.Kept() != c.kept {
				t.Errorf("%s: ask %d: kept %v, want %v", c.query, ask, x.Plans.Kept(), c.kept)
			}
			got, err := e.run(ctx, x, nil, new(bytes.Buffer), true)
			if err != nil {
				t.Fatalf("%s: %v", c.query, err)
			}
			if g, w := timings.ReplaceAllString(string(got.JSON), ""), timings.ReplaceAllString(string(want.JSON), ""); g != w {
				t.Errorf("%s: ask %d:\n%.500s\nfresh\n%.500s", c.query, ask, g, w)
			}
		}
	}
}

// TestQuestionCacheSeeds: a kept question without a seed is given a new
// random seed every ask, as every request is; with one, that one.
func TestQuestionCacheSeeds(t *testing.T) {
	e := engine(t)
	seeds := map[uint64]bool{}
	for range 4 {
		vals, _ := ParseQuery("hesa=3&def=1&method=exact")
		x, err := e.Question(vals, "opposed", "fire")
		if err != nil {
			t.Fatal(err)
		}
		seeds[x.Opts.Sim.Seed] = true
		vals, _ = ParseQuery("hesa=3&def=1&method=exact&seed=11")
		if x, err = e.Question(vals, "opposed", "fire"); err != nil || x.Opts.Sim.Seed != 11 {
			t.Fatalf("seed %d, %v; want 11", x.Opts.Sim.Seed, err)
		}
	}
	if len(seeds) != 4 {
		t.Errorf("4 asks without a seed were given %d seeds", len(seeds))
	}
}

// TestQuestionCacheBounded: the cache keeps at most maxCachedQuestions
// questions however many are asked, the newest kept.
func TestQuestionCacheBounded(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	n := maxCachedQuestions + 40
	for i := range n {
		vals, _ := ParseQuery(fmt.Sprintf("hesa=%d&def=%d&method=exact&seed=%d", i%7, i%5, i))
		x, err := e.Question(vals, "opposed", "fire")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.Run(ctx, x, nil); err != nil {
			t.Fatal(err)
		}
	}
	if len(e.questions.entries) != maxCachedQuestions || len(e.questions.order) != maxCachedQuestions {
		t.Errorf("%d questions kept (%d in order), want %d", len(e.questions.entries), len(e.questions.order), maxCachedQuestions)
	}
	vals, _ := ParseQuery(fmt.Sprintf("hesa=%d&def=%d&method=exact&seed=%d", (n-1)%7, (n-1)%5, n-1))
	if x, _ := e.Question(vals, "opposed", "fire"); !x.Plans.Kept() {
		t.Error("the newest question is not kept")
	}
	vals, _ = ParseQuery("hesa=0&def=0&method=exact&seed=0")
	if x, _ := e.Question(vals, "opposed", "fire"); x.Plans.Kept() {
		t.Error("the oldest question is still kept")
	}
}

// TestQuestionKey: keys tell apart questions whose texts run together.
func TestQuestionKey(t *testing.T) {
	key := func(keys []string, vals map[string]string, s *settings) string {
		return string(questionKey(nil, "opposed", "fire", keys, func(k string) string { return vals[k] }, s))
	}
	with := func(find, vary, sensitivity string, then []string, attacks bool) *settings {
		s := newSettings()
		s.beyond(find, vary, sensitivity, then, attacks)
		return s
	}
	s := newSettings()
	seen := map[string]string{}
	for name, k := range map[string]string{
		"ab=c":              key([]string{"ab"}, map[string]string{"ab": "c"}, s),
		"a=bc":              key([]string{"a"}, map[string]string{"a": "bc"}, s),
		"a=b&c=":            key([]string{"a", "c"}, map[string]string{"a": "b", "c": ""}, s),
		"a=b, find=c":       key([]string{"a"}, map[string]string{"a": "b"}, with("c", "", "", nil, false)),
		"a=b, vary=c":       key([]string{"a"}, map[string]string{"a": "b"}, with("", "c", "", nil, false)),
		"a=b, then=c":       key([]string{"a"}, map[string]string{"a": "b"}, with("", "", "", []string{"c"}, false)),
		"a=b, then=&then=c": key([]string{"a"}, map[string]string{"a": "b"}, with("", "", "", []string{"", "c"}, false)),
		"a=b, sensitivity":  key([]string{"a"}, map[string]string{"a": "b"}, with("", "", "first", nil, false)),
		"a=b":               key([]string{"a"}, map[string]string{"a": "b"}, s),
		"a=b, attacks":      key([]string{"a"}, map[string]string{"a": "b"}, with("", "", "", nil, true)),
	} {
		if other, ok := seen[k]; ok {
			t.Errorf("%s and %s have one key", name, other)
		}
		seen[k] = name
	}
}

// TestQuestionCacheConcurrent: goroutines asking kept and new questions
// of one engine at once get the answers a fresh engine gives (run with
// -race: the kept questions and plans are shared, never written).
func TestQuestionCacheConcurrent(t *testing.T) {
	e := engine(t)
	ctx := context.Background()
	want := map[string]string{}
	for _, c := range cacheQuestions[:5] {
		vals, _ := ParseQuery(c.query)
		ans, err := engine(t).Query(ctx, "opposed", "fire", vals, nil)
		if err != nil {
			t.Fatal(err)
		}
		want[c.query] = timings.ReplaceAllString(string(ans.JSON), "")
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 30 {
				c := cacheQuestions[(g+i)%5]
				vals, _ := ParseQuery(c.query)
				ans, err := e.Query(ctx, "opposed", "fire", vals, nil)
				if err == nil && timings.ReplaceAllString(string(ans.JSON), "") != want[c.query] {
					err = fmt.Errorf("%s: %.300s", c.query, ans.JSON)
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
