package query

import (
	"context"
	"runtime"
	"runtime/metrics"

	"odds/resolve"
)

// MaxCompileBytes bounds the memory the compiled points of one run may
// hold before any trial runs: each point of a sweep is compiled and kept
// (a symbol fire point at 30 attack and 20 defence dice holds about 26 MB
// of tables), so a sweep of a few hundred such points ran the process
// out of memory before the trial budget or the time limit applied. A
// variable so that tests may lower it.
var MaxCompileBytes int64 = 1 << 30

// compileMemory bounds a run's compiled points twice.
//
// Before a point is compiled, it estimates: every point compiled so far
// holds its plan's size (planBytes, a function of its layout), and each
// point left is taken to be as large as the largest of its query so far;
// a run whose estimate passes MaxCompileBytes is refused then, after one
// point rather than after a gigabyte (a 360-point symbol sweep at 30
// dice: 26 MB and a tenth of a second instead of 1 GB and 3 s).
//
// After a point is compiled, it measures the heap: the growth since the
// run began is what its compiled points hold, plus garbage not yet
// collected (a collection settles which, once, when the bound is near).
// This catches what the estimate cannot see: tables that do not grow with
// the layout. Runs compiling at once on a server each see the others'
// growth: the bound is then on all of them together, which is what the
// process must survive.
type compileMemory struct {
	base   int64
	held   int64 // planBytes of the points compiled so far
	sample []metrics.Sample
	// The point being compiled: the points left (it included), the
	// run's results, and the largest point so far (expect reads them).
	left, results int
	largest       int64
}

func newCompileMemory() *compileMemory {
	m := &compileMemory{sample: []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}}
	m.base = m.heap()
	return m
}

// planBytes estimates what a compiled plan holds: its layout's outcome
// index and values (8 bytes each a cell), and a quarter more for the
// plan's own tables (measured: symbol fire at 30 red attack dice against
// 20 blue is 523,776 cells of 4 values, 21 MB of layout, 26 MB in all).
// The run's counts grow with the cells too, so the layout is the measure.
func planBytes(p resolve.Plan) int64 {
	l := p.Layout()
	return int64(l.Cells) * int64(8+8*len(l.Stats)) * 5 / 4
}

// points is a query's points, compiled in turn under the bound: before
// each, ctx is checked (Ctrl-C, a request's deadline: a point compiles
// in at most about a tenth of a second) and the run's size estimated;
// after each, the heap measured. compile compiles point i; a nil plan
// (a point skipped) holds nothing.
func (m *compileMemory) points(ctx context.Context, n, before int, compile func(i int) (resolve.Plan, error)) error {
	largest := int64(0)
	for i := range n {
		if err := ctx.Err(); err != nil {
			return err
		}
		m.left, m.results, m.largest = n-i, before+n, largest
		if err := m.expect(0); err != nil { // each point left as large as the largest
			return err
		}
		plan, err := compile(i)
		if err != nil {
			return err
		}
		size := int64(0)
		if plan != nil {
			size = planBytes(plan)
		}
		m.held += size
		largest = max(largest, size)
		if err := m.check(before + i + 1); err != nil {
			return err
		}
	}
	return nil
}

// expect refuses the point about to be compiled (by points' compile)
// when its action estimates, from its arguments, that its plan holds
// bytes, and the run's points so far, it and each point left as large
// as the largest would pass MaxCompileBytes: a point of 40 dice a side
// is weighed before its tables are made, the first point of a run too.
func (m *compileMemory) expect(bytes int64) error {
	if est := m.held + int64(m.left)*max(m.largest, bytes); est > MaxCompileBytes {
		return errorf("", "sweep fewer values or roll smaller pools at once",
			"the run's %d results would hold about %s MB of compiled tables, more than the %s MB one run may use",
			m.results, Group(est>>20), Group(MaxCompileBytes>>20))
	}
	return nil
}

// weigh is expect for a point of action act with arguments a, where act
// estimates its plan's size (resolve.Action.Bytes).
func (m *compileMemory) weigh(act *resolve.Action, a resolve.Args) error {
	if act.Bytes == nil {
		return nil
	}
	return m.expect(act.Bytes(a))
}

// room refuses a run whose compiled points leave no room for one more
// plan of size bytes beside them (a sensitivity's change, compiled and
// run one at a time).
func (m *compileMemory) room(size int64, points int) error {
	if est := m.held + size; est > MaxCompileBytes {
		return errorf("", "sweep fewer values or roll smaller pools at once",
			"the run's %d results and a change would hold about %s MB of compiled tables, more than the %s MB one run may use",
			points, Group(est>>20), Group(MaxCompileBytes>>20))
	}
	return nil
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
