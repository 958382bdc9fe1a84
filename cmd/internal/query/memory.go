package query

import (
	"runtime"
	"runtime/metrics"
)

// MaxCompileBytes bounds the memory the compiled points of one run may
// hold before any trial runs: each point of a sweep is compiled and kept
// (a symbol fire point at 30 attack and 20 defence dice holds about 50 MB
// of tables), so a sweep of a few hundred such points ran the process
// out of memory before the trial budget or the time limit applied. A
// variable so that tests may lower it.
var MaxCompileBytes int64 = 1 << 30

// compileMemory measures the heap as points are compiled: the growth
// since the run began is what its compiled points hold, plus garbage not
// yet collected (a collection settles which, once, when the bound is
// near). Runs compiling at once on a server each see the others' growth:
// the bound is then on all of them together, which is what the process
// must survive.
type compileMemory struct {
	base   int64
	sample []metrics.Sample
}

func newCompileMemory() *compileMemory {
	m := &compileMemory{sample: []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}}
	m.base = m.heap()
	return m
}

func (m *compileMemory) heap() int64 {
	metrics.Read(m.sample)
	if m.sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(m.sample[0].Value.Uint64())
}

// check refuses the run when the points compiled so far hold more than
// MaxCompileBytes.
func (m *compileMemory) check(points int) error {
	if m.heap()-m.base <= MaxCompileBytes {
		return nil
	}
	runtime.GC() // garbage, or the points' own tables?
	grown := m.heap() - m.base
	if grown <= MaxCompileBytes {
		return nil
	}
	return errorf("", "sweep fewer values or roll smaller pools at once",
		"the run's first %d results already hold %s MB of compiled tables, more than the %s MB one run may use", points, Group(grown>>20), Group(MaxCompileBytes>>20))
}
