// Package sim is the engine: it runs a resolve.Plan by Monte Carlo (fixed
// chunks of trials spread over workers, chunk k on a stream seeded from
// (seed, k), per-worker histograms summed) or exactly (the same Trial on an
// enumerating stream), and summarises the histogram: Wilson intervals for
// outcomes, gonum/stat moments and quantiles for numeric results.
//
// Because chunk boundaries and seeds do not depend on the number of workers
// and counts are summed as integers, the same seed gives the same numbers
// for any worker count on any machine.
//
// sim imports dice and resolve; it never prints, logs or exits.
package sim
