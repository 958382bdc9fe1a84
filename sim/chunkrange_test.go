package sim

import "testing"

// TestChunkRange: 1,000,000 trials are 16 chunks of 65,536 (15 whole and
// one of 16,960); three shares take chunks 0-4, 5-9 and 10-15 (16*i/3
// rounded down: 0, 5, 10, 16), so trials [0, 327,680), [327,680, 655,360)
// and [655,360, 1,000,000). Counted by hand.
func TestChunkRange(t *testing.T) {
	want := [][2]int64{{0, 327_680}, {327_680, 655_360}, {655_360, 1_000_000}}
	for i, w := range want {
		if from, to := ChunkRange(1_000_000, i, 3); from != w[0] || to != w[1] {
			t.Errorf("share %d/3: [%d, %d), want [%d, %d)", i, from, to, w[0], w[1])
		}
	}
	// More shares than chunks: the first shares are empty, none is lost.
	var covered int64
	for i := range 5 {
		from, to := ChunkRange(100_000, i, 5) // 2 chunks
		covered += to - from
	}
	if covered != 100_000 {
		t.Errorf("5 shares of 100,000 trials cover %d", covered)
	}
}
