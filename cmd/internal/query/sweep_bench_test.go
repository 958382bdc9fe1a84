package query_test

import (
	"context"
	"fmt"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"odds/cmd/internal/query"
	"odds/cmd/internal/render"
	"odds/resolve"
	"odds/resolve/all"
	"odds/sim"
)

// sweep100k is opposed fire over HESA 0..12, Def 0..12, both troop
// qualities -3..3, the three covers, within-4 and smoke both ways:
// 13 x 13 x 7 x 7 x 3 x 2 x 2 = 99,372 points, each exact.
var sweep100k = map[string]string{
	"hesa": "0..12", "def": "0..12", "firer-quality": "-3..3", "target-quality": "-3..3",
	"cover": "none,soft,hard", "within-4": "both", "smoke": "both",
}

// BenchmarkSweep100k runs a 99,372-point exact sweep through Run and
// renders it as a table, as CSV and as JSON, as odds opposed fire does with those
// flags (the output is counted, not kept). Beside ns/op and B/op it
// reports cpu-ms/op, the process's CPU time (user and system, every
// thread: the collector's too) an iteration, which a machine loaded by
// other work inflates less than ns/op; peak-heap-MB, the most heap in use
// seen while an iteration ran (sampled every millisecond, so a little
// under the true peak); and out-MB, the size of the output. The goal (issue 25) is under 1 s and
// 200 MB in every format.
func BenchmarkSweep100k(b *testing.B) {
	for _, format := range []string{"table", "csv", "json"} {
		b.Run(format, func(b *testing.B) {
			q := sweepQuery(b, sweep100k)
			opts := query.Options{Sim: sim.Options{Method: sim.Exact, Seed: 1, Trials: 1_000_000, Workers: 1}}
			var out countWriter
			peak := watchHeap()
			cpu := cpuTime()
			b.ReportAllocs()
			for b.Loop() {
				out = 0
				rep, err := query.Run(context.Background(), []*query.Query{q}, opts)
				if err != nil {
					b.Fatal(err)
				}
				if err := render.ResultWriters.Write(context.Background(), &out, format, rep, render.Style{Width: 80}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpuTime()-cpu)/1e6/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(peak())/1e6, "peak-heap-MB")
			b.ReportMetric(float64(out)/1e6, "out-MB")
		})
	}
}

// sweep1M is sweep100k with cover none or soft and six more flags
// both ways (not-front, firer-moved, firer-suppressed, hull-down):
// 13 x 13 x 7 x 7 x 2 x 2^6 = 1,059,968 points, each exact.
var sweep1M = map[string]string{
	"hesa": "0..12", "def": "0..12", "firer-quality": "-3..3", "target-quality": "-3..3",
	"cover": "none,soft", "within-4": "both", "smoke": "both", "not-front": "both",
	"firer-moved": "both", "firer-suppressed": "both", "hull-down": "both",
}

// BenchmarkSweep1M streams a 1,059,968-point exact sweep (query.Stream)
// as CSV and as JSON, its batches on one worker and on two, as odds opposed fire does with those flags and
// --format csv or json (the output is counted, not kept), with the
// metrics of BenchmarkSweep100k and ns/point. The goal (issue 36) is
// under 5 s and 200 MB; its peak heap against BenchmarkSweep100k's
// says whether memory stays flat.
func BenchmarkSweep1M(b *testing.B) {
	for _, run := range []struct {
		format  string
		workers int
	}{{"csv", 1}, {"json", 1}, {"csv", 2}, {"json", 2}} {
		b.Run(fmt.Sprintf("%s/workers-%d", run.format, run.workers), func(b *testing.B) {
			format := run.format
			q := sweepQuery(b, sweep1M)
			opts := query.Options{Sim: sim.Options{Method: sim.Exact, Seed: 1, Trials: 1_000_000, Workers: run.workers}}
			var out countWriter
			points := 0
			peak := watchHeap()
			cpu := cpuTime()
			b.ReportAllocs()
			for b.Loop() {
				out = 0
				s, err := query.NewStream(context.Background(), q, opts)
				if err != nil {
					b.Fatal(err)
				}
				points = s.Points
				write := render.StreamCSV
				if format == "json" {
					write = render.StreamJSON
				}
				if err := write(context.Background(), &out, s); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpuTime()-cpu)/1e6/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(peak())/1e6, "peak-heap-MB")
			b.ReportMetric(float64(out)/1e6, "out-MB")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(points), "ns/point")
		})
	}
}

// sweepQuery is opposed fire with the given flag values.
func sweepQuery(tb testing.TB, values map[string]string) *query.Query {
	tb.Helper()
	var sp query.Spec
	for _, s := range all.Systems() {
		if s.Name == "opposed" {
			sp = query.Spec{System: s, Action: s.Action("fire"), Values: map[string][]resolve.Value{}}
		}
	}
	for name, text := range values {
		vals, err := query.ParseValue(sp.Action, name, text)
		if err != nil {
			tb.Fatal(err)
		}
		sp.Values[name] = vals
	}
	q, _, err := query.New(sp, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return q
}

// countWriter counts what is written to it.
type countWriter int64

func (c *countWriter) Write(p []byte) (int, error) { *c += countWriter(len(p)); return len(p), nil }

// watchHeap samples the heap in use (live and not yet swept objects)
// every millisecond until the returned function is called, which stops
// the sampling and returns the most seen.
func watchHeap() func() uint64 {
	runtime.GC()
	var (
		mu   sync.Mutex
		most uint64
		done = make(chan struct{})
		wg   sync.WaitGroup
	)
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(sample)
			mu.Lock()
			most = max(most, sample[0].Value.Uint64())
			mu.Unlock()
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return func() uint64 {
		close(done)
		wg.Wait()
		return most
	}
}
