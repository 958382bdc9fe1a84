package benchmarks

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"

	"odds/dice"
	"odds/profiles"
	"odds/resolve"
	"odds/resolve/all"
	"odds/resolve/opposed"
	"odds/resolve/roll"
	"odds/resolve/symbol"
	"odds/sim"
	"odds/sim/simtest"
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

func BenchmarkThroughputD6(b *testing.B) {
	src := Wyrand(1)
	var sink uint64
	for b.Loop() {
		sink += ThroughputD6(&src, kernelBatch)
	}
	perTrial(b, kernelBatch)
	_ = sink
}

// BenchmarkLatencyD6 is FloorD6 alone, beside BenchmarkThroughputD6.
func BenchmarkLatencyD6(b *testing.B) {
	src := rand.NewPCG(1, 2)
	var sink uint64
	for b.Loop() {
		sink += FloorD6(src, kernelBatch)
	}
	perTrial(b, kernelBatch)
	_ = sink
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
	v["hesa"], v["def"] = resolve.Value{N: 3}, resolve.Value{N: 1}
	p, err := act.Compile(act.Args(v, nil))
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

// kernelOnce returns one batch of p's Monte Carlo kernel on a stream of
// its own.
func kernelOnce(p resolve.Plan) func() {
	s := dice.New(1, 0)
	counts := make([]uint64, p.Layout().Cells)
	return func() { p.Run(s, kernelBatch, counts) }
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

// BenchmarkStreamCountWith counts pools of d6 showing 4+ die by die
// (Count) and a group of dice at a time (CountWith), per pool.
func BenchmarkStreamCountWith(b *testing.B) {
	ctr := dice.NewCounter(6, 4, 6)
	for _, n := range []int{1, 3, 6, 20} {
		hist := make([]uint64, n+1)
		b.Run(fmt.Sprintf("Count/%dd6", n), func(b *testing.B) {
			s := dice.New(1, 0)
			for b.Loop() {
				for range kernelBatch {
					hist[s.Count(n, 6, 4, 6)]++
				}
			}
			perTrial(b, kernelBatch)
		})
		b.Run(fmt.Sprintf("CountWith/%dd6", n), func(b *testing.B) {
			s := dice.New(1, 0)
			for b.Loop() {
				for range kernelBatch {
					hist[s.CountWith(ctr, n)]++
				}
			}
			perTrial(b, kernelBatch)
		})
	}
}

// The 1e8-trial benchmarks run sim.Run end to end (chunks, seeding,
// histogram merge) against the floor over the same number of trials, on
// one worker and on two. Run them with -benchtime=3x (run.sh does).
const bigTrials = 100_000_000

func runMC(b *testing.B, p resolve.Plan, workers int) {
	for b.Loop() {
		if _, err := sim.Run(context.Background(), p, sim.Options{Method: sim.MC, Trials: bigTrials, Seed: 1, Workers: workers}); err != nil {
			b.Fatal(err)
		}
	}
	perTrial(b, bigTrials)
}

func BenchmarkRun1e8(b *testing.B) {
	b.Run("floor-opposed", func(b *testing.B) {
		src := rand.NewPCG(1, 2)
		var hist [19]uint64
		for b.Loop() {
			FloorOpposed(src, bigTrials, &hist)
		}
		perTrial(b, bigTrials)
	})
	b.Run("throughput-pairs", func(b *testing.B) {
		src := Wyrand(1)
		var hist [19]uint64
		for b.Loop() {
			ThroughputPairs(&src, bigTrials, &hist)
		}
		perTrial(b, bigTrials)
	})
	b.Run("opposed-fire/workers-1", func(b *testing.B) { runMC(b, mustFire(b), 1) })
	b.Run("opposed-fire/workers-2", func(b *testing.B) { runMC(b, mustFire(b), 2) })
	b.Run("floor-successes", func(b *testing.B) {
		src := rand.NewPCG(1, 2)
		var hist [7]uint64
		for b.Loop() {
			FloorSuccesses(src, bigTrials, &hist)
		}
		perTrial(b, bigTrials)
	})
	b.Run("throughput-coins", func(b *testing.B) {
		src := Wyrand(1)
		var hist [7]uint64
		for b.Loop() {
			ThroughputCoins(&src, bigTrials, &hist)
		}
		perTrial(b, bigTrials)
	})
	b.Run("throughput-d6", func(b *testing.B) { // six of them make a pool's digits
		src := Wyrand(1)
		var sink uint64
		for b.Loop() {
			sink += ThroughputD6(&src, bigTrials)
		}
		perTrial(b, bigTrials)
		_ = sink
	})
	b.Run("roll-6d6/workers-1", func(b *testing.B) { runMC(b, mustRoll(b, "6d6>=4"), 1) })
	b.Run("roll-6d6/workers-2", func(b *testing.B) { runMC(b, mustRoll(b, "6d6>=4"), 2) })
}

// BenchmarkSweep runs a Monte Carlo sweep of opposed fire over HESA 0..12
// and Def 0..12 (169 cells, 1e5 trials each, one worker) as the command
// line does: every cell on its own dice, or the cells sharing their dice
// (sim.Share: a duel's modifiers only relabel its histogram).
func BenchmarkSweep(b *testing.B) {
	var plans []resolve.Plan
	for hesa := range 13 {
		for def := range 13 {
			plans = append(plans, mustAction(b, "opposed", "fire", map[string]string{"hesa": strconv.Itoa(hesa), "def": strconv.Itoa(def)}))
		}
	}
	opts := sim.Options{Method: sim.MC, Trials: 100_000, Seed: 1, Workers: 1}
	b.Run("per-cell", func(b *testing.B) {
		for b.Loop() {
			for _, p := range plans {
				if _, err := sim.Run(context.Background(), p, opts); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("shared", func(b *testing.B) {
		for b.Loop() {
			share := sim.Share(plans)
			for i, p := range plans {
				if share.Lead[i] != i {
					continue // reads its lead's result
				}
				if _, err := sim.RunShared(context.Background(), p, share.Others[i], opts); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}

// BenchmarkExact times the exact answers: the enumeration driver for
// opposed fire (100 paths), convolution for roll 6d6>=4, symbol fire
// with 10, 20 and 30 attack dice against as many defence dice (the
// attack's tallies cancelled die by die), and symbol close combat's
// Markov chain at 6 and 15 dice a side.
func BenchmarkExact(b *testing.B) {
	for _, c := range []struct {
		name string
		plan resolve.Plan
	}{{"opposed-fire", mustFire(b)}, {"roll-6d6", mustRoll(b, "6d6>=4")}, {"roll-40d10", mustRoll(b, "40d10")},
		{"symbol-fire-10v10", mustSymbol(b, "red:4,green:3,blue:3", "red:3,green:4,blue:3")},
		{"symbol-close-combat-6v6", examplePlan(b, "symbol-close-combat")},
		{"rof-fire-30-dice-6-armoured-teams", mustAction(b, "rof", "fire", map[string]string{"rof": "10", "firing-teams": "3", "target-teams": "6", "team": "vehicle", "ar": "3", "at": "5"})},
		{"symbol-fire-20v20", mustSymbol(b, "red:7,green:7,blue:6", "red:6,green:7,blue:7")},
		{"symbol-fire-30v30", mustSymbol(b, "red:10,green:10,blue:10", "red:10,green:10,blue:10")},
		{"symbol-close-combat-15v15", mustCloseCombat(b, "red:5,green:5,blue:5")},
		{"cohesion-fire-8-rolls", mustAction(b, "cohesion", "fire", map[string]string{"sa-drm": "0+1+2+3", "mortar-drm": "0+1+2+3", "mv": "2", "cohesion": "7", "concealed": "true"})}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := sim.Run(context.Background(), c.plan, sim.Options{Method: sim.Exact}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// mustCloseCombat compiles symbol close combat of two infantry units with
// the same pool for each side's attack and defence, capacity 3, the
// attacker supported (sim.Exact lifts the path budget: 15v15 is over it).
func mustCloseCombat(b testing.TB, pool string) resolve.Plan {
	return mustAction(b, "symbol", "close-combat", map[string]string{"attacker-attack": pool, "attacker-defence": pool, "attacker-type": "infantry",
		"defender-attack": pool, "defender-defence": pool, "defender-type": "infantry",
		"attacker-capacity": "3", "defender-capacity": "3", "attacker-supported": "true"})
}

// BenchmarkExactVsMC pairs the enumeration driver with 1e6 Monte Carlo
// trials (one worker) on every action, from which sim.AutoPaths is set:
// per path, enumeration costs what a few Monte Carlo trials cost.
func BenchmarkExactVsMC(b *testing.B) {
	for _, ex := range examplePlans(b) {
		b.Run(ex.name+"/exact", func(b *testing.B) {
			var paths int64
			for b.Loop() {
				res, err := sim.Run(context.Background(), enumOnly{ex.plan}, sim.Options{Method: sim.Exact})
				if err != nil {
					b.Fatal(err)
				}
				paths = res.Trials
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(paths), "ns/path")
		})
		b.Run(ex.name+"/mc-1e6", func(b *testing.B) {
			for b.Loop() {
				if _, err := sim.Run(context.Background(), ex.plan, sim.Options{Method: sim.MC, Trials: 1e6, Seed: 1, Workers: 1}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// example is a compiled action, named system-action.
type example struct {
	name string
	plan resolve.Plan
}

// examplePlans compiles every action of every system with exampleValues,
// with the built-in dice and tables.
func examplePlans(b testing.TB) []example {
	reg, err := profiles.New(all.Systems())
	if err != nil {
		b.Fatal(err)
	}
	var out []example
	for _, s := range all.Systems() {
		env := reg.Env(s.Name)
		for _, act := range s.Actions {
			plan, err := act.Compile(simtest.Args(b, act, exampleValues[s.Name+" "+act.Name], env))
			if err != nil {
				b.Fatal(err)
			}
			out = append(out, example{s.Name + "-" + act.Name, plan})
		}
	}
	return out
}

// mustAction compiles one action of a system with flag-like settings.
func mustAction(b testing.TB, system, action string, set map[string]string) resolve.Plan {
	reg, err := profiles.New(all.Systems())
	if err != nil {
		b.Fatal(err)
	}
	for _, s := range all.Systems() {
		if s.Name == system {
			act := s.Action(action)
			p, err := act.Compile(simtest.Args(b, act, set, reg.Env(system)))
			if err != nil {
				b.Fatal(err)
			}
			return p
		}
	}
	b.Fatalf("no system %s", system)
	return nil
}

// examplePlan is the example plan of one action, by system-action.
func examplePlan(b testing.TB, name string) resolve.Plan {
	for _, ex := range examplePlans(b) {
		if ex.name == name {
			return ex.plan
		}
	}
	b.Fatalf("no example plan %s", name)
	return nil
}

// Every action compiles with its example values: the benchmarks cannot rot
// when an action starts to need a flag.
func TestExamplePlans(t *testing.T) {
	if len(examplePlans(t)) == 0 {
		t.Fatal("no example plans")
	}
}

// enumOnly hides a plan's own exact method so the enumeration driver runs.
type enumOnly struct{ resolve.Plan }

// exampleValues are the least parameters each action needs.
var exampleValues = map[string]map[string]string{
	"opposed fire":      {"hesa": "3", "def": "1"},
	"opposed tank-hunt": {"def": "3"},
	"rof rally":         {"quality": "4"},
	"opposed melee":     {"attacker-hesa": "3", "defender-hesa": "2"},
	"opposed overrun":   {"defender-hesa": "3"},
	"rof fire":          {"rof": "3", "target-teams": "2"},
	"rof rfc":           {"rfp": "3"},
	"rof artillery":     {"battery": "2", "turns": "2"},
	"rof assault":       {"assault": "4", "teams": "2"},
	"rof move":          {"quality": "4"},
	// 6 attack dice against 4 defence dice, a vehicle target.
	"symbol fire": {"attack": "red:2,green:2,blue:2", "defence": "red:1,green:2,blue:1", "target": "vehicle"},
	"symbol spot": {"attacker-type": "vehicle", "terrain-bonus": "true"},
	// Six dice a side, each way, capacity 2: a fight of a few rounds.
	"symbol close-combat": {"attacker-attack": "red:2,green:2,blue:2", "attacker-defence": "red:2,green:2,blue:2", "attacker-type": "infantry",
		"defender-attack": "red:2,green:2,blue:2", "defender-defence": "red:2,green:2,blue:2", "defender-type": "infantry",
		"attacker-capacity": "2", "defender-capacity": "2", "attacker-supported": "true"},
	// A TAS through AA fire at infantry in forest, friendly fire possible.
	"symbol air": {"aa-range": "close", "defence": "green:1,blue:1", "target": "infantry", "terrain": "light-forest",
		"friendly-defence": "blue:2", "friendly-type": "infantry"},
	"symbol barrage": {"defence": "green:1,blue:1", "target": "infantry", "terrain": "light-forest", "building": "true", "blast": "red:2"},
	// Two small-arms DRMs and a mortar DRM at a unit.
	"cohesion fire":    {"sa-drm": "2+1", "mortar-drm": "1", "mv": "2", "cohesion": "6"},
	"cohesion assault": {"drm": "1"},
}

// mustSymbol compiles symbol fire of attack against defence dice (built-in
// dice) at a vehicle.
func mustSymbol(b testing.TB, attack, defence string) resolve.Plan {
	reg, err := profiles.New(all.Systems())
	if err != nil {
		b.Fatal(err)
	}
	act := symbol.System().Action("fire")
	p, err := act.Compile(simtest.Args(b, act, map[string]string{"attack": attack, "defence": defence, "target": "vehicle"}, reg.Env("symbol")))
	if err != nil {
		b.Fatal(err)
	}
	return p
}

// BenchmarkCompileLargePool compiles symbol fire with large pools, 30
// attack dice against 30 defence dice (pools of up to 40 are timed with
// their exact answer by BenchmarkSymbolFireExact): every tally each pool
// can show and a cell for every outcome of every tally the attack can
// leave. This is paid before any trial, Monte Carlo or exact.
func BenchmarkCompileLargePool(b *testing.B) {
	const pool = "red:10,green:10,blue:10"
	for b.Loop() {
		mustSymbol(b, pool, pool)
	}
}

// BenchmarkFloorParallel runs the opposed floor on one and on two
// goroutines: the machine's own scaling limit for this kernel, against
// which the engine's two-worker speed-up is read.
func BenchmarkFloorParallel(b *testing.B) {
	for _, g := range []int{1, 2} {
		b.Run("goroutines-"+string(rune('0'+g)), func(b *testing.B) {
			for b.Loop() {
				done := make(chan struct{}, g)
				for i := range g {
					go func() {
						src := rand.NewPCG(uint64(i), 2)
						var hist [8 + 19 + 8]uint64 // padded against false sharing
						FloorOpposed(src, bigTrials/g, (*[19]uint64)(hist[8:27]))
						done <- struct{}{}
					}()
				}
				for range g {
					<-done
				}
			}
			perTrial(b, bigTrials)
		})
	}
}

// BenchmarkActions times the Monte Carlo kernel of every action (one
// worker), next to the floor cost of one d6, so that each action reads as
// a multiple of drawing a die (run.sh prints the table).
func BenchmarkActions(b *testing.B) {
	b.Run("floor-d6", func(b *testing.B) {
		src := rand.NewPCG(1, 2)
		var sink uint64
		for b.Loop() {
			sink += FloorD6(src, kernelBatch)
		}
		perTrial(b, kernelBatch)
		_ = sink
	})
	b.Run("throughput-d6", func(b *testing.B) {
		src := Wyrand(1)
		var sink uint64
		for b.Loop() {
			sink += ThroughputD6(&src, kernelBatch)
		}
		perTrial(b, kernelBatch)
		_ = sink
	})
	for _, ex := range examplePlans(b) {
		b.Run(ex.name, func(b *testing.B) { benchKernel(b, ex.plan) })
	}
}

// BenchmarkCompare times a paired comparison (--vs) against one run of
// the same trials, one worker each: the goal is at most 2.2x (two plans,
// and a stream reseeded per trial for each).
func BenchmarkCompare(b *testing.B) {
	const trials = 1 << 20
	for _, name := range []string{"opposed-fire", "symbol-fire", "rof-fire"} {
		plan := examplePlan(b, name)
		b.Run(name+"/one-run", func(b *testing.B) {
			for b.Loop() {
				if _, err := sim.Run(context.Background(), plan, sim.Options{Method: sim.MC, Trials: trials, Seed: 1, Workers: 1}); err != nil {
					b.Fatal(err)
				}
			}
			perTrial(b, trials)
		})
		b.Run(name+"/paired", func(b *testing.B) {
			for b.Loop() {
				if _, err := sim.RunPaired(context.Background(), plan, plan, sim.Options{Method: sim.MC, Trials: trials, Seed: 1, Workers: 1}); err != nil {
					b.Fatal(err)
				}
			}
			perTrial(b, trials)
		})
	}
}

// BenchmarkRollShapes times the dice language's common shapes against
// opposed fire's duel and the floors, per trial: an opposed roll (against
// the pair floor), keep highest, a plain sum, success pools (against the
// coin floor).
func BenchmarkRollShapes(b *testing.B) {
	b.Run("floor-d6", func(b *testing.B) {
		src := rand.NewPCG(1, 2)
		var sink uint64
		for b.Loop() {
			sink += FloorD6(src, kernelBatch)
		}
		perTrial(b, kernelBatch)
		_ = sink
	})
	b.Run("throughput-d6", func(b *testing.B) {
		src := Wyrand(1)
		var sink uint64
		for b.Loop() {
			sink += ThroughputD6(&src, kernelBatch)
		}
		perTrial(b, kernelBatch)
		_ = sink
	})
	b.Run("throughput-pairs", func(b *testing.B) {
		src := Wyrand(1)
		var hist [19]uint64
		for b.Loop() {
			ThroughputPairs(&src, kernelBatch, &hist)
		}
		perTrial(b, kernelBatch)
	})
	b.Run("throughput-coins", func(b *testing.B) {
		src := Wyrand(1)
		var hist [7]uint64
		for b.Loop() {
			ThroughputCoins(&src, kernelBatch, &hist)
		}
		perTrial(b, kernelBatch)
	})
	b.Run("opposed-fire", func(b *testing.B) { benchKernel(b, mustFire(b)) })
	for _, expr := range []string{"d10+3 vs d10+1", "4d6kh3", "10d10kh3", "3d6+2", "6d6>=4", "20d6>=4", "d6!", "5d6!", "4d6r1"} {
		b.Run(expr, func(b *testing.B) { benchKernel(b, mustRoll(b, expr)) })
	}
}
