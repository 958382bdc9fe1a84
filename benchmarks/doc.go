// Package benchmarks measures every kernel and system against the raw-RNG
// floor: the bare cost of drawing the same dice from PCG words and tallying
// them branch-free. Figures are reported as ratios to the floor measured in
// the same run (benchmarks/README.md), because the machines are shared.
//
// Run ./benchmarks/run.sh to reproduce the performance tables of
// benchmarks/README.md.
package benchmarks
