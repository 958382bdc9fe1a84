// Package benchmarks measures every kernel and system against the raw-RNG
// floor: the bare cost of drawing the same dice from PCG words and tallying
// them branch-free. Figures are reported as ratios to the floor measured in
// the same run (README, "Performance"), because the machines are shared.
//
// Run ./benchmarks/run.sh to reproduce the README's performance table.
package benchmarks
