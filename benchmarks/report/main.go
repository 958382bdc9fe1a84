// Command report turns the output of interleaved benchmark runs (go test
// -bench, repeated; see benchmarks/run.sh) into benchmarks/README.md's performance
// tables: each figure is the median over the repeats of a ratio taken
// within one repeat, with the lowest and highest of those ratios, so that
// one noisy repeat cannot swing it.
//
//	go run ./benchmarks/report < bench.txt
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

func main() {
	s, err := parse(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		os.Exit(1)
	}
	write(os.Stdout, s)
}

// samples holds each benchmark's figures (ns/trial when it reports one,
// else ns/op) in the order of the repeats.
type samples map[string][]float64

// pairedFloor names, after a benchmark's name, the floor timed beside it
// (BenchmarkKernelCPU's floor-ns/d6).
const pairedFloor = "#floor"

// cpuTime marks a benchmark's CPU time an op (cpu-ns/op), beside its
// wall time.
const cpuTime = "#cpu"

var gomaxprocs = regexp.MustCompile(`-\d+$`)

// parse reads go test -bench output.
func parse(r io.Reader) (samples, error) {
	s := samples{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		name := gomaxprocs.ReplaceAllString(f[0], "")
		v, floor, cpu := -1.0, -1.0, -1.0
		for i := 2; i+1 < len(f); i++ {
			x, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			switch f[i+1] {
			case "ns/trial":
				v = x
			case "floor-ns/d6":
				floor = x
			case "cpu-ns/op":
				cpu = x
			case "ns/op":
				if v < 0 {
					v = x
				}
			}
		}
		if v >= 0 {
			s[name] = append(s[name], v)
		}
		if floor >= 0 {
			s[name+pairedFloor] = append(s[name+pairedFloor], floor)
		}
		if cpu >= 0 {
			s[name+cpuTime] = append(s[name+cpuTime], cpu)
		}
	}
	return s, sc.Err()
}

// spread is a median with the lowest and highest value around it.
type spread struct{ med, lo, hi float64 }

func spreadOf(x []float64) spread {
	if len(x) == 0 {
		return spread{}
	}
	y := slices.Sorted(slices.Values(x))
	med := y[len(y)/2]
	if len(y)%2 == 0 {
		med = (y[len(y)/2-1] + y[len(y)/2]) / 2
	}
	return spread{med, y[0], y[len(y)-1]}
}

// ratio is a/b repeat by repeat.
func (s samples) ratio(a, b string) spread {
	n := min(len(s[a]), len(s[b]))
	r := make([]float64, 0, n)
	for i := range n {
		if s[b][i] > 0 {
			r = append(r, s[a][i]/s[b][i])
		}
	}
	return spreadOf(r)
}

// kernelRatio is a kernel's CPU time a trial against the d6 floor timed
// beside it (in turn with its batches), or against the floor's own
// benchmark in the same repeat where the output has no paired floor.
func (s samples) kernelRatio(name string) spread {
	if len(s[name+pairedFloor]) > 0 {
		return s.ratio(name, name+pairedFloor)
	}
	return s.ratio(name, "BenchmarkKernelCPU/throughput-d6")
}

// floorRatio is a kernel's CPU time a trial against another floor's
// (BenchmarkKernelCPU's pair or coin floor), repeat by repeat, each first
// divided by the d6 floor timed beside it: the two were timed at
// different moments of the machine, the d6 floor beside each.
func (s samples) floorRatio(kernel, floor string) spread {
	k, kd, f, fd := s[kernel], s[kernel+pairedFloor], s[floor], s[floor+pairedFloor]
	n := min(len(k), len(kd), len(f), len(fd))
	r := make([]float64, 0, n)
	for i := range n {
		if kd[i] > 0 && f[i] > 0 && fd[i] > 0 {
			r = append(r, k[i]/kd[i]/(f[i]/fd[i]))
		}
	}
	return spreadOf(r)
}

// scale multiplies a spread by k (a per-trial ratio made per die).
func (x spread) scale(k float64) spread { return spread{x.med * k, x.lo * k, x.hi * k} }

func (x spread) times() string {
	if x.med == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.2fx (%.2f–%.2f)", x.med, x.lo, x.hi)
}

func (x spread) dur() string {
	switch {
	case x.med == 0:
		return "n/a"
	case x.med >= 1e6:
		return fmt.Sprintf("%.2f ms (%.2f–%.2f)", x.med/1e6, x.lo/1e6, x.hi/1e6)
	case x.med >= 1e3:
		return fmt.Sprintf("%.1f µs (%.1f–%.1f)", x.med/1e3, x.lo/1e3, x.hi/1e3)
	}
	return fmt.Sprintf("%.1f ns (%.1f–%.1f)", x.med, x.lo, x.hi)
}

func write(w io.Writer, s samples) {
	fmt.Fprintln(w, "| figure | median (lowest–highest) |")
	fmt.Fprintln(w, "|---|---|")
	rows := []struct {
		name string
		v    spread
		dur  bool
	}{
		{"the latency floor (one PCG die after another) against the d6 floor (wyrand, a digit of 6^6 and one of 6^3 a word, looked up), per d6", s.ratio("BenchmarkActions/floor-d6", "BenchmarkActions/throughput-d6"), false},
		{"opposed fire, 1 worker, 1e8 trials, against the pair floor (goal: 1.5x)", s.ratio("BenchmarkRun1e8/opposed-fire/workers-1", "BenchmarkRun1e8/throughput-pairs"), false},
		{"opposed fire, 1 worker, 1e8 trials, against its latency floor", s.ratio("BenchmarkRun1e8/opposed-fire/workers-1", "BenchmarkRun1e8/floor-opposed"), false},
		{"roll '6d6>=4', 1 worker, 1e8 trials, against the coin floor (goal: 1.5x)", s.ratio("BenchmarkRun1e8/roll-6d6/workers-1", "BenchmarkRun1e8/throughput-coins"), false},
		{"roll '6d6>=4', 1 worker, 1e8 trials, against six d6 of the d6 floor", s.ratio("BenchmarkRun1e8/roll-6d6/workers-1", "BenchmarkRun1e8/throughput-d6").scale(1.0 / 6), false},
		{"roll '6d6>=4', 1 worker, 1e8 trials, against its latency floor", s.ratio("BenchmarkRun1e8/roll-6d6/workers-1", "BenchmarkRun1e8/floor-successes"), false},
		{"opposed fire, 2 workers against 1 (speed-up)", s.ratio("BenchmarkRun1e8/opposed-fire/workers-1", "BenchmarkRun1e8/opposed-fire/workers-2"), false},
		{"roll '6d6>=4', 2 workers against 1 (speed-up)", s.ratio("BenchmarkRun1e8/roll-6d6/workers-1", "BenchmarkRun1e8/roll-6d6/workers-2"), false},
		{"the floor itself, 2 goroutines against 1 (the machine's limit)", s.ratio("BenchmarkFloorParallel/goroutines-1", "BenchmarkFloorParallel/goroutines-2"), false},
		{"Monte Carlo sweep, opposed fire 13x13, 1e5 trials a cell: each cell on its own dice against the cells sharing them", s.ratio("BenchmarkSweep/per-cell", "BenchmarkSweep/shared"), false},
		{"exact sweep, opposed fire 13x13, run and printed: table against CSV", s.ratio("BenchmarkSweepRender/table", "BenchmarkSweepRender/csv"), false},
		{"exact sweep of 99,372 points (opposed fire), run and printed as a table", spreadOf(s["BenchmarkSweep100k/table"]), true},
		{"exact sweep of 99,372 points (opposed fire), run and printed as CSV", spreadOf(s["BenchmarkSweep100k/csv"]), true},
		{"exact sweep of 99,372 points (opposed fire), run and printed as JSON", spreadOf(s["BenchmarkSweep100k/json"]), true},
		{"exact sweep of 1,059,968 points (opposed fire), streamed as CSV, 1 worker", spreadOf(s["BenchmarkSweep1M/csv/workers-1"]), true},
		{"exact sweep of 1,059,968 points (opposed fire), streamed as JSON, 1 worker", spreadOf(s["BenchmarkSweep1M/json/workers-1"]), true},
		{"exact sweep of 1,059,968 points (opposed fire), streamed as CSV, 2 workers", spreadOf(s["BenchmarkSweep1M/csv/workers-2"]), true},
		{"exact sweep of 1,059,968 points (opposed fire), streamed as JSON, 2 workers", spreadOf(s["BenchmarkSweep1M/json/workers-2"]), true},
		{"1,059,968 points streamed as CSV (1 worker) against 99,372 held (10.7x the points)", s.ratio("BenchmarkSweep1M/csv/workers-1", "BenchmarkSweep100k/csv"), false},
		{"1,059,968 points streamed as JSON (1 worker) against 99,372 held (10.7x the points)", s.ratio("BenchmarkSweep1M/json/workers-1", "BenchmarkSweep100k/json"), false},
		{"a streamed sweep, 2 workers against 1 (speed-up), CSV", s.ratio("BenchmarkSweep1M/csv/workers-1", "BenchmarkSweep1M/csv/workers-2"), false},
		{"one-shot answer (odds roll 3d6, start to exit) against a Go hello-world", s.ratio("BenchmarkStartup/odds-roll-3d6", "BenchmarkStartup/hello"), false},
		{"one-shot answer (odds opposed fire, start to exit) against a Go hello-world", s.ratio("BenchmarkStartup/odds-opposed-fire", "BenchmarkStartup/hello"), false},
		{"one-shot answer (odds roll 3d6), CPU time against a Go hello-world's", s.ratio("BenchmarkStartup/odds-roll-3d6"+cpuTime, "BenchmarkStartup/hello"+cpuTime), false},
		{"one-shot answer (odds opposed fire), CPU time against a Go hello-world's", s.ratio("BenchmarkStartup/odds-opposed-fire"+cpuTime, "BenchmarkStartup/hello"+cpuTime), false},
		{"--vs paired Monte Carlo against one run: opposed fire (shared dice)", s.ratio("BenchmarkCompare/opposed-fire/paired", "BenchmarkCompare/opposed-fire/one-run"), false},
		{"--vs paired Monte Carlo against one run: symbol fire", s.ratio("BenchmarkCompare/symbol-fire/paired", "BenchmarkCompare/symbol-fire/one-run"), false},
		{"--vs paired Monte Carlo against one run: rof fire", s.ratio("BenchmarkCompare/rof-fire/paired", "BenchmarkCompare/rof-fire/one-run"), false},
		{"roll 'd10+3 vs d10+1' against opposed fire", s.ratio("BenchmarkRollShapes/d10+3_vs_d10+1", "BenchmarkRollShapes/opposed-fire"), false},
		{"roll 'd10+3 vs d10+1' against the pair floor (goal: 1.5x)", s.ratio("BenchmarkRollShapes/d10+3_vs_d10+1", "BenchmarkRollShapes/throughput-pairs"), false},
		{"opposed fire's kernel against the pair floor (goal: 1.5x)", s.ratio("BenchmarkRollShapes/opposed-fire", "BenchmarkRollShapes/throughput-pairs"), false},
		{"roll '6d6>=4' against the coin floor (goal: 1.5x)", s.ratio("BenchmarkRollShapes/6d6>=4", "BenchmarkRollShapes/throughput-coins"), false},
		{"roll '20d6>=4' per die against the coin floor per coin (goal: 1.5x)", s.ratio("BenchmarkRollShapes/20d6>=4", "BenchmarkRollShapes/throughput-coins").scale(6.0 / 20), false},
		{"roll '4d6kh3' per die against the d6 throughput floor", s.ratio("BenchmarkRollShapes/4d6kh3", "BenchmarkRollShapes/throughput-d6").scale(0.25), false},
		{"roll '10d10kh3' per die against the d6 throughput floor", s.ratio("BenchmarkRollShapes/10d10kh3", "BenchmarkRollShapes/throughput-d6").scale(0.1), false},
		{"roll '20d6>=4' (counted as coins) per die against the d6 throughput floor", s.ratio("BenchmarkRollShapes/20d6>=4", "BenchmarkRollShapes/throughput-d6").scale(0.05), false},
		{"roll 'd6!' per trial against the d6 throughput floor", s.ratio("BenchmarkRollShapes/d6!", "BenchmarkRollShapes/throughput-d6"), false},
		{"roll 'd6!' per roll (6/5 rolls a trial) against the d6 throughput floor", s.ratio("BenchmarkRollShapes/d6!", "BenchmarkRollShapes/throughput-d6").scale(5.0 / 6), false},
		{"roll '5d6!' per roll (6 rolls a trial) against the d6 throughput floor", s.ratio("BenchmarkRollShapes/5d6!", "BenchmarkRollShapes/throughput-d6").scale(1.0 / 6), false},
		{"roll '4d6r1' (re-rolled once on a 1) per die against the d6 throughput floor", s.ratio("BenchmarkRollShapes/4d6r1", "BenchmarkRollShapes/throughput-d6").scale(0.25), false},
		{"symbol fire (exampleValues: 10 dice a trial) per die against the d6 throughput floor", s.ratio("BenchmarkActions/symbol-fire", "BenchmarkActions/throughput-d6").scale(0.1), false},
		{"compile symbol fire, 30 attack dice against 30 defence dice", spreadOf(s["BenchmarkCompileLargePool"]), true},
		{"exact opposed fire (100 paths)", spreadOf(s["BenchmarkExact/opposed-fire"]), true},
		{"exact roll '6d6>=4' (convolution)", spreadOf(s["BenchmarkExact/roll-6d6"]), true},
		{"exact roll '40d10' (convolution)", spreadOf(s["BenchmarkExact/roll-40d10"]), true},
		{"exact symbol fire, 10 attack dice vs 10 defence dice", spreadOf(s["BenchmarkExact/symbol-fire-10v10"]), true},
		{"exact symbol close combat, 6 dice a side each way, to the 20-round cap", spreadOf(s["BenchmarkExact/symbol-close-combat-6v6"]), true},
		{"exact symbol fire, 20 attack dice vs 20 defence dice", spreadOf(s["BenchmarkExact/symbol-fire-20v20"]), true},
		{"exact symbol fire, 30 attack dice vs 30 defence dice", spreadOf(s["BenchmarkExact/symbol-fire-30v30"]), true},
		{"compiled and exact symbol fire, 40 dice a side (red and blue), under the 1 s goal", spreadOf(s["BenchmarkSymbolFireExact/mixed-40"]), true},
		{"compiled and exact symbol fire, 40 dice a side against 30 (red and blue)", s.ratio("BenchmarkSymbolFireExact/mixed-40", "BenchmarkSymbolFireExact/mixed-30"), false},
		{"compiled and exact symbol fire, one colour, 15 dice a side against 20 (red)", s.ratio("BenchmarkSymbolFireExact/red-15", "BenchmarkSymbolFireExact/red-20"), false},
		{"compiled and exact symbol fire, one colour, 15 dice a side against 20 (blue)", s.ratio("BenchmarkSymbolFireExact/blue-15", "BenchmarkSymbolFireExact/blue-20"), false},
		{"exact symbol close combat, 15 dice a side each way, supported, to the 20-round cap", spreadOf(s["BenchmarkExact/symbol-close-combat-15v15"]), true},
		{"exact rof fire, RoF 10 x 3 teams at 6 armoured teams (DP)", spreadOf(s["BenchmarkExact/rof-fire-30-dice-6-armoured-teams"]), true},
		{"exact cohesion fire, 8 DRM rolls (closed form)", spreadOf(s["BenchmarkExact/cohesion-fire-8-rolls"]), true},
	}
	for _, r := range rows {
		v := r.v.times()
		if r.dur {
			v = r.v.dur()
		}
		fmt.Fprintf(w, "| %s | %s |\n", r.name, v)
	}
	// Every action's Monte Carlo kernel against the same repeat's d6
	// floors: the throughput floor (the fastest dice this machine makes)
	// and the latency floor (one die after another, as dice.Stream draws).
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| action (benchmarks/bench_test.go exampleValues) | ns/trial | in d6 draws (throughput floor) | in d6 draws (latency floor) |")
	fmt.Fprintln(w, "|---|---|---|---|")
	var names []string
	for name := range s {
		if strings.HasPrefix(name, "BenchmarkActions/") && name != "BenchmarkActions/floor-d6" && name != "BenchmarkActions/throughput-d6" {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	for _, name := range names {
		fmt.Fprintf(w, "| %s | %s | %s | %s |\n", strings.TrimPrefix(name, "BenchmarkActions/"),
			spreadOf(s[name]).dur(), s.ratio(name, "BenchmarkActions/throughput-d6").times(), s.ratio(name, "BenchmarkActions/floor-d6").times())
	}
	// The kernels issue 25 sets goals for, in the thread's CPU time
	// (BenchmarkKernelCPU), per die rolled: an exploding d6 rolls 6/5 dice
	// on average, a re-rolled die counts once.
	if len(s["BenchmarkKernelCPU/throughput-d6"]) == 0 {
		return
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| kernel (thread CPU time) | dice a trial | CPU ns/trial | per die against the d6 throughput floor |")
	fmt.Fprintln(w, "|---|---|---|---|")
	for _, k := range cpuKernels {
		name := "BenchmarkKernelCPU/" + strings.ReplaceAll(k.name, " ", "_") // as go test names it
		if len(s[name]) == 0 {
			continue
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s |\n", k.name, k.dice, spreadOf(s[name]).dur(),
			s.kernelRatio(name).scale(1/k.perTrial).times())
	}
	// The questions with floors of their own: success pools counted as
	// coins against the coin floor (six coins a pool; 20d6>=4 per coin),
	// opposed rolls against the pair floor, in the same CPU time.
	if len(s["BenchmarkKernelCPU/throughput-coins"]) == 0 {
		return
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| kernel (thread CPU time) | against its floor (goal: 1.5x) |")
	fmt.Fprintln(w, "|---|---|")
	for _, r := range []struct {
		name, kernel, floor string
		k                   float64
	}{{"6d6>=4 against the coin floor", "6d6>=4", "throughput-coins", 1}, {"20d6>=4 per coin against the coin floor", "20d6>=4", "throughput-coins", 6.0 / 20},
		{"d10+3 vs d10+1 against the pair floor", "d10+3_vs_d10+1", "throughput-pairs", 1}, {"opposed-fire against the pair floor", "opposed-fire", "throughput-pairs", 1}} {
		fmt.Fprintf(w, "| %s | %s |\n", r.name, s.floorRatio("BenchmarkKernelCPU/"+r.kernel, "BenchmarkKernelCPU/"+r.floor).scale(r.k).times())
	}
}

// cpuKernels are BenchmarkKernelCPU's kernels with the dice a trial rolls.
var cpuKernels = []struct {
	name, dice string
	perTrial   float64
}{
	{"d6!", "6/5 (rolls)", 1.2}, {"5d6!", "6 (rolls)", 6}, {"4d6r1", "4", 4}, {"3d6r1>=4", "3", 3}, {"10d10kh3", "10", 10},
	{"4d6kh3", "4", 4}, {"3d6+2", "3", 3}, {"20d6>=4", "20", 20}, {"2d6!+d4", "3.4 (rolls)", 3.4}, {"4d6r2kh3", "4", 4},
	{"3d6+2d8-d4+2", "6", 6}, {"3d6r1>=4+2d6>=5", "5", 5}, {"4d6r1kh3+d6-1", "5", 5}, {"2d6!+1 vs d10r1", "3.4 (rolls)", 3.4}, {"d10+3 vs d10+1", "2", 2},
	{"d6!>=4", "6/5 (rolls)", 1.2}, {"3d10!", "10/3 (rolls)", 10.0 / 3}, {"d8!+d6!+d4!", "3.68 (rolls)", 8.0/7 + 6.0/5 + 4.0/3},
	{"3d6r2", "3", 3}, {"2d10r1>=8", "2", 2}, {"6d6r1kh3+2", "6", 6}, {"4d6!kh3", "4.8 (rolls)", 4.8},
	{"6d6>=4", "6", 6}, {"opposed-fire", "2", 2}, {"symbol-fire", "10", 10}, {"rof-fire", "a trial", 1}, {"cohesion-fire", "a trial", 1}, {"symbol-close-combat", "a trial", 1},
}
