package benchmarks

import (
	"context"
	"testing"

	"odds/profiles"
	"odds/resolve/all"
	"odds/resolve/symbol"
	"odds/sim"
	"odds/sim/simtest"
)

// BenchmarkSymbolFireExact times what a user waits for in one exact symbol
// fire answer once the dice are loaded: compiling the plan (the pools'
// tally distributions and the tables of every tally the attack can leave)
// and the exact driver, at an infantry target. mixed-N: N dice a side of
// two colours (red and blue attack against blue and red defence);
// three-colours-40: red, green and blue; one colour: N dice of it a side.
// The goal (issue 36): mixed-40 under 1 s; read against mixed-30 it shows
// how the cost grows with the pools, and the one-colour pairs whether 15
// dice cost more than 20. Besides the wall clock it reports the process's
// CPU time an op (cpu-ns/op, the garbage collector's included): on a
// shared machine the wall clock also counts the time other processes held
// the cores, and ratios are read in CPU time.
func BenchmarkSymbolFireExact(b *testing.B) {
	reg, err := profiles.New(all.Systems())
	if err != nil {
		b.Fatal(err)
	}
	env := reg.Env("symbol")
	act := symbol.System().Action("fire")
	for _, c := range []struct{ name, attack, defence string }{
		{"mixed-30", "red:15,blue:15", "blue:15,red:15"},
		{"mixed-40", "red:20,blue:20", "blue:20,red:20"},
		{"three-colours-30", "red:10,green:10,blue:10", "red:10,green:10,blue:10"},
		{"three-colours-40", "red:14,green:13,blue:13", "red:13,green:13,blue:14"},
		{"red-15", "red:15", "red:15"},
		{"red-20", "red:20", "red:20"},
		{"green-15", "green:15", "green:15"},
		{"green-20", "green:20", "green:20"},
		{"blue-15", "blue:15", "blue:15"},
		{"blue-20", "blue:20", "blue:20"},
	} {
		b.Run(c.name, func(b *testing.B) {
			args := simtest.Args(b, act, map[string]string{"attack": c.attack, "defence": c.defence, "target": "infantry"}, env)
			cpu := processCPU()
			for b.Loop() {
				p, err := act.Compile(args)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := sim.Run(context.Background(), p, sim.Options{Method: sim.Exact}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(processCPU()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}
