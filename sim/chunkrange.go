package sim

// ChunkRange is share i (0-based) of n of a run of trials split in whole
// chunks: trials [from, to), the chunks spread as evenly as they go
// (share i holds chunks [c*i/n, c*(i+1)/n) of the c chunks). The shares
// of i = 0..n-1 cover [0, trials) once; from is a multiple of ChunkSize,
// as RunRange wants. A shard of a run (odds --shard i/n) is one.
func ChunkRange(trials int64, i, n int) (from, to int64) {
	if n < 1 || i < 0 || i >= n || trials < 0 {
		panic("sim: ChunkRange wants 0 <= i < n and trials >= 0")
	}
	chunks := (trials + ChunkSize - 1) / ChunkSize
	lo, hi := chunks*int64(i)/int64(n), chunks*int64(i+1)/int64(n)
	return lo * ChunkSize, min(trials, hi*ChunkSize)
}
