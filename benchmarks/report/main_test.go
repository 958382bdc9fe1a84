package main

import (
	"strings"
	"testing"
)

// Three interleaved repeats: the ratio is taken within each repeat, and
// the median of the three is reported with its range.
func TestReport(t *testing.T) {
	in := `goos: linux
BenchmarkActions/floor-d6-2   	 100	 100 ns/op	 2.0 ns/trial
BenchmarkActions/throughput-d6-2   	 100	 100 ns/op	 0.5 ns/trial
BenchmarkActions/rof-fire-2   	 100	 100 ns/op	 40 ns/trial
BenchmarkActions/floor-d6-2   	 100	 100 ns/op	 1.0 ns/trial
BenchmarkActions/throughput-d6-2   	 100	 100 ns/op	 0.5 ns/trial
BenchmarkActions/rof-fire-2   	 100	 100 ns/op	 30 ns/trial
BenchmarkActions/floor-d6-2   	 100	 100 ns/op	 4.0 ns/trial
BenchmarkActions/throughput-d6-2   	 100	 100 ns/op	 1.0 ns/trial
BenchmarkActions/rof-fire-2   	 100	 100 ns/op	 44 ns/trial
BenchmarkExact/roll-6d6-2     	 100	 812 ns/op
PASS
`
	s, err := parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	// Ratios 20, 30, 11: median 20, range 11..30. Medians of ns/trial: 40.
	// Against the throughput floor 80, 60, 44: median 60, range 44..80.
	if got := s.ratio("BenchmarkActions/rof-fire", "BenchmarkActions/floor-d6"); got != (spread{20, 11, 30}) {
		t.Errorf("ratio = %+v, want {20 11 30}", got)
	}
	var b strings.Builder
	write(&b, s)
	for _, want := range []string{"| rof-fire | 40.0 ns (30.0–44.0) | 60.00x (44.00–80.00) | 20.00x (11.00–30.00) |", "| exact roll '6d6>=4' (convolution) | 812.0 ns (812.0–812.0) |"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, b.String())
		}
	}
}

// A kernel's per-die figure divides its CPU time a trial by the floor
// timed beside it in the same repeat (floor-ns/d6), not by the floor's own
// benchmark, then by the dice a trial: 4d6r1 at 4 dice a trial.
func TestReportKernelPairedFloor(t *testing.T) {
	in := `BenchmarkKernelCPU/throughput-d6-2   	 20	 100 ns/op	 0.5 ns/trial	 0.5 floor-ns/d6
BenchmarkKernelCPU/4d6r1-2   	 20	 100 ns/op	 4.0 ns/trial	 1.0 floor-ns/d6
BenchmarkKernelCPU/throughput-d6-2   	 20	 100 ns/op	 0.5 ns/trial	 0.5 floor-ns/d6
BenchmarkKernelCPU/4d6r1-2   	 20	 100 ns/op	 8.0 ns/trial	 1.0 floor-ns/d6
BenchmarkKernelCPU/throughput-d6-2   	 20	 100 ns/op	 0.5 ns/trial	 0.5 floor-ns/d6
BenchmarkKernelCPU/4d6r1-2   	 20	 100 ns/op	 6.0 ns/trial	 2.0 floor-ns/d6
`
	s, err := parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	// Ratios 4, 8, 3 a trial; a die: 1, 2, 0.75.
	var b strings.Builder
	write(&b, s)
	if want := "| 4d6r1 | 4 | 6.0 ns (4.0–8.0) | 1.00x (0.75–2.00) |"; !strings.Contains(b.String(), want) {
		t.Errorf("report lacks %q:\n%s", want, b.String())
	}
}

// A kernel against its own floor (the coin or pair floor) divides each by
// the d6 floor timed beside it before dividing the one by the other:
// 6d6>=4 at 2 ns beside a 0.5 ns d6 (4 d6) against the coin floor at 1 ns
// beside a 0.25 ns d6 (4 d6) is 1x, though 2x in raw time.
func TestReportFloorRatio(t *testing.T) {
	in := `BenchmarkKernelCPU/throughput-d6-2   	 20	 100 ns/op	 0.5 ns/trial	 0.5 floor-ns/d6
BenchmarkKernelCPU/throughput-coins-2   	 20	 100 ns/op	 1.0 ns/trial	 0.25 floor-ns/d6
BenchmarkKernelCPU/6d6>=4-2   	 20	 100 ns/op	 2.0 ns/trial	 0.5 floor-ns/d6
BenchmarkKernelCPU/throughput-d6-2   	 20	 100 ns/op	 0.5 ns/trial	 0.5 floor-ns/d6
BenchmarkKernelCPU/throughput-coins-2   	 20	 100 ns/op	 1.0 ns/trial	 0.5 floor-ns/d6
BenchmarkKernelCPU/6d6>=4-2   	 20	 100 ns/op	 3.0 ns/trial	 0.5 floor-ns/d6
`
	s, err := parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	// Repeats: (2/0.5)/(1/0.25) = 1, (3/0.5)/(1/0.5) = 3: median 2.
	var b strings.Builder
	write(&b, s)
	if want := "| 6d6>=4 against the coin floor | 2.00x (1.00–3.00) |"; !strings.Contains(b.String(), want) {
		t.Errorf("report lacks %q:\n%s", want, b.String())
	}
}

// BenchmarkStartup's cpu-ns/op is a sample of its own beside the wall
// time (ns/op): the CPU ratio is taken within each repeat as the wall
// one is.
func TestReportStartupCPU(t *testing.T) {
	in := `BenchmarkStartup/hello-2   	 100	 2000000 ns/op	 1000000 cpu-ns/op
BenchmarkStartup/odds-roll-3d6-2   	 100	 9000000 ns/op	 5000000 cpu-ns/op
BenchmarkStartup/hello-2   	 100	 3000000 ns/op	 1000000 cpu-ns/op
BenchmarkStartup/odds-roll-3d6-2   	 100	 9000000 ns/op	 4000000 cpu-ns/op
BenchmarkStartup/hello-2   	 100	 2000000 ns/op	 2000000 cpu-ns/op
BenchmarkStartup/odds-roll-3d6-2   	 100	 8000000 ns/op	 6000000 cpu-ns/op
`
	s, err := parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	// Wall: 4.5, 3, 4; CPU: 5, 4, 3.
	var b strings.Builder
	write(&b, s)
	for _, want := range []string{
		"| one-shot answer (odds roll 3d6, start to exit) against a Go hello-world | 4.00x (3.00–4.50) |",
		"| one-shot answer (odds roll 3d6), CPU time against a Go hello-world's | 4.00x (3.00–5.00) |",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, b.String())
		}
	}
}
