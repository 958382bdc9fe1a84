//go:build !unix

package query_test

// cpuTime is 0 where the process's CPU time is not read (the page's
// engine, built for the browser): BenchmarkSweep100k's cpu-ms/op is 0.
func cpuTime() int64 { return 0 }
