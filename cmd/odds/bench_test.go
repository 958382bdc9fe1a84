package main

import (
	"context"
	"testing"
)

// BenchmarkRosterMatrix times a whole roster as a user runs it: every
// symbol card against every one (36 exact results), read, compiled, run
// and printed as a matrix.
func BenchmarkRosterMatrix(b *testing.B) {
	for b.Loop() {
		if code, _, errs := run(context.Background(), "symbol", "fire", "--attacker", "all", "--defender", "all", "--range", "close", "--seed", "1"); code != 0 {
			b.Fatal(errs)
		}
	}
}

// BenchmarkCompareCLI times --vs as a user runs it, by paired Monte Carlo.
func BenchmarkCompareCLI(b *testing.B) {
	for b.Loop() {
		if code, _, errs := run(context.Background(), "symbol", "fire", "--attacker", "mg-team", "--defender", "rifle-squad", "--range", "close",
			"--vs", "--attacker tank", "--method", "mc", "--trials", "1e6", "--seed", "1", "--workers", "1"); code != 0 {
			b.Fatal(errs)
		}
	}
}

// BenchmarkSweepRender runs and prints an exact 169-cell sweep as a table
// and as CSV: the table's cost over CSV is the rendering (goal: within 3x).
func BenchmarkSweepRender(b *testing.B) {
	for _, format := range []string{"table", "csv"} {
		b.Run(format, func(b *testing.B) {
			for b.Loop() {
				if code, _, errs := run(context.Background(), "opposed", "fire", "--hesa", "0..12", "--def", "0..12", "--seed", "1", "--format", format); code != 0 {
					b.Fatal(errs)
				}
			}
		})
	}
}
