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
