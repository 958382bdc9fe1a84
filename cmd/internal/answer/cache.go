package answer

import (
	"encoding/binary"
	"sync"

	"odds/cmd/internal/question"
)

// questionCache keeps the questions an engine was asked most recently,
// read and settled, with their compiled points (question.Plans): a
// server, a batch or the page asked the same question again (a refresh,
// a toggled modifier toggled back, a repeated line) reads none of its
// values again and compiles nothing. It is keyed by the canonical
// question (questionKey: what the door gave, by name, in the order of
// the names), bounded in entries, and holds only questions of one attack
// at a few points (Once, at most question.MaxKeptPoints): what they keep
// is small. Its zero value is empty and ready; it is safe for concurrent
// use.
type questionCache struct {
	mu      sync.Mutex
	entries map[string]*cachedQuestion
	order   []string // the keys, oldest first from next: a ring
	next    int
}

// maxCachedQuestions bounds the cache: the oldest question is dropped
// for a new one.
const maxCachedQuestions = 128

// cachedQuestion is a question as read and settled, and its run settings
// as read: each ask settles them anew (a seed not given is random for
// every ask, as it is for every request).
type cachedQuestion struct {
	x   Question
	run question.Run
}

// get is the question of key, settled for this ask, or nil.
func (c *questionCache) get(key []byte) *Question {
	c.mu.Lock()
	cq := c.entries[string(key)]
	c.mu.Unlock()
	if cq == nil {
		return nil
	}
	opts, err := cq.run.Options()
	if err != nil { // settled once without error: never
		return nil
	}
	x := cq.x
	x.Opts.Sim = opts
	return &x
}

// put keeps x, settled from run, as the question of key, if it is one
// the cache holds (cacheable); x then keeps its compiled points.
func (c *questionCache) put(key []byte, x *Question, run question.Run) {
	if !cacheable(x) {
		return
	}
	x.Plans = new(question.Plans)
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.entries[string(key)]; ok {
		return
	}
	if c.entries == nil {
		c.entries = make(map[string]*cachedQuestion, maxCachedQuestions)
	}
	k := string(key)
	if len(c.order) < maxCachedQuestions {
		c.order = append(c.order, k)
	} else {
		delete(c.entries, c.order[c.next])
		c.order[c.next] = k
		c.next = (c.next + 1) % maxCachedQuestions
	}
	c.entries[k] = &cachedQuestion{x: *x, run: run}
}

// cacheable reports whether x is a question the cache holds: one attack
// (Once: no variant, find, sensitivity, repeated attacks or sequence)
// at a few points.
func cacheable(x *Question) bool {
	q := x.Query
	if once, ok := x.Kind.(question.Once); (x.Kind != nil && (!ok || len(once.Also) > 0)) || q == nil || q.Until != nil || q.Then != nil {
		return false
	}
	// Its points (query.Count: the sweep's and the roster's cells).
	return q.Count(question.MaxKeptPoints) <= question.MaxKeptPoints
}

// questionKey appends to b the canonical question a door gave: the
// system and action, then the values named by keys (sorted) and what
// the settings took as a door gives them (settings.beyond: find, vary,
// sensitivity, then, whether each was given and whether attacks were),
// each text with its length: two questions have one key when every
// value question reads is the same.
func questionKey(b []byte, system, action string, keys []string, value func(k string) string, s *settings) []byte {
	text := func(t string) {
		b = binary.AppendUvarint(b, uint64(len(t)))
		b = append(b, t...)
	}
	flag := func(f bool) {
		if f {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
	}
	text(system)
	text(action)
	b = binary.AppendUvarint(b, uint64(len(keys)))
	for _, k := range keys {
		text(k)
		text(value(k))
	}
	a := &s.asked
	text(a.Find)
	text(a.Vary)
	text(a.Sensitivity)
	b = binary.AppendUvarint(b, uint64(len(a.Then)))
	for _, t := range a.Then {
		text(t)
	}
	g := a.Given
	flag(g.Find)
	flag(g.Vary)
	flag(g.Sensitivity)
	flag(g.Then)
	flag(g.Attacks)
	return b
}
