package benchmarks

import (
	"math/rand/v2"
	"testing"

	"odds/dice"
	"odds/resolve"
	"odds/resolve/opposed"
	"odds/resolve/roll"
)

// perTrial reports the cost per trial of a benchmark that runs
// trialsPerOp trials in each op.
func perTrial(b *testing.B, trialsPerOp int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(trialsPerOp), "ns/trial")
}

const kernelBatch = 1 << 16

func BenchmarkFloorOpposed(b *testing.B) {
	src := rand.NewPCG(1, 2)
	var hist [19]uint64
	for b.Loop() {
		FloorOpposed(src, kernelBatch, &hist)
	}
	perTrial(b, kernelBatch)
}

func BenchmarkFloorSuccesses(b *testing.B) {
	src := rand.NewPCG(1, 2)
	var hist [7]uint64
	for b.Loop() {
		FloorSuccesses(src, kernelBatch, &hist)
	}
	perTrial(b, kernelBatch)
}

func mustFire(b testing.TB) resolve.Plan {
	act := opposed.System().Action("fire")
	v := act.Defaults()
	v["hesa"], v["def"] = 3, 1
	p, err := act.Compile(v)
	if err != nil {
		b.Fatal(err)
	}
	return p
}

func mustRoll(b testing.TB, src string) resolve.Plan {
	e, err := roll.Parse(src)
	if err != nil {
		b.Fatal(err)
	}
	return roll.Compile(e)
}

func benchKernel(b *testing.B, p resolve.Plan) {
	s := dice.New(1, 0)
	counts := make([]uint64, p.Layout().Cells)
	for b.Loop() {
		p.Run(s, kernelBatch, counts)
	}
	perTrial(b, kernelBatch)
}

func BenchmarkKernelOpposedFire(b *testing.B) { benchKernel(b, mustFire(b)) }
func BenchmarkKernelRoll6d6(b *testing.B)     { benchKernel(b, mustRoll(b, "6d6>=4")) }

func BenchmarkStreamCount6d6(b *testing.B) {
	s := dice.New(1, 0)
	var hist [7]uint64
	for b.Loop() {
		for range kernelBatch {
			hist[s.Count(6, 6, 4, 6)]++
		}
	}
	perTrial(b, kernelBatch)
}
