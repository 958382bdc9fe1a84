// Package benchmarks measures every kernel and system against the floors:
// the bare cost of drawing the same dice and tallying them, within the
// engine's bias bound (dice.MaxProduct), the fastest way found (the d6,
// pair and coin floors, throughput.go) and one die after another (the
// latency floors, floor.go). Figures are reported as ratios to a floor
// measured in the same run (benchmarks/README.md), because the machines
// are shared.
//
// Run ./benchmarks/run.sh to reproduce the performance tables of
// benchmarks/README.md.
package benchmarks
