package dice

import "math/bits"

// Coins: a die counted at faces that are exactly half of its sides (a d6
// at 4 or more, a d10 at 6 or more, a d2 at 2) succeeds with probability
// exactly 1/2, whichever faces they are, so a pool of n such dice counts
// like n fair coins, and each coin is one bit of a random word. A word
// then gives 64 dice, where it gives 9 d6 as digits, and the count of a
// pool is a popcount. The bits of a word are exactly uniform, so coins
// carry no bias at all (MaxProduct's bound does not enter): the stream
// keeps them apart from the word its digits are read from (coin, coins),
// and a coin never takes from the digits' budget, nor a digit from the
// coins.

// coin reports whether counting faces lo..hi of a die with the given
// sides is a fair coin.
func coin(sides, lo, hi int) bool {
	return 2*(hi-lo+1) == sides
}

// Coin reports whether c counts fair coins: its dice succeed with
// probability exactly 1/2, so the stream draws them as bits.
func (c *Counter) Coin() bool { return c.coin }

// coins draws n fair coins (n >= 0) and returns how many came up: the
// lowest bits of the coins word, a fresh word when too few are left. A
// pool of up to 8 coins takes a byte of the word (its lowest n bits), so
// that tallyCoins reads eight pools a word at fixed places; a longer pool
// takes n bits, 64 at a time. No coins take nothing.
func (s *Stream) coins(n int) int {
	c := 0
	for n > 64 {
		c += s.coins(64)
		n -= 64
	}
	if n == 0 {
		return c
	}
	take := uint(max(n, 8))
	if take > s.coinLeft {
		s.coinBits, s.coinLeft = s.src.Uint64(), 64
	}
	c += bits.OnesCount64(s.coinBits & (1<<uint(n) - 1)) // n = 64: all of it
	s.coinBits >>= take                                  // take = 64: none left
	s.coinLeft -= take
	return c
}

// tallyCoins is TallyCount for a pool of n fair coins: the same pools as
// coins draws trials times, in the same order. Pools of up to 8 coins are
// a byte each, eight a word at fixed places; their bytes are tallied as
// 256 cells and the cells folded into the counts by popcount of the
// pool's bits at the end, so that neighbouring pools rarely wait on one
// cell's store (six coins count 3 in 20 of 64 pools; a popcount a pool
// into the counts ran at 2x the coin floor, pools at variable bit places
// at 1.8x, bytes masked to the pool's 2^n cells at 1.4x). Longer pools of
// up to 64 coins are counted by popcount, floor(64/n) a word.
func (s *Stream) tallyCoins(trials, n int, counts []uint64) {
	switch {
	case n == 0:
		counts[0] += uint64(trials)
	case n <= 8 && trials >= minByteTally:
		s.tallyBytes(trials, n, counts)
	case n <= 64:
		s.tallyWords(trials, n, counts)
	default:
		for range trials {
			counts[s.coins(n)]++
		}
	}
}

// minByteTally is the fewest pools tallyBytes counts: below it, clearing
// and folding its cells costs more than it saves.
const minByteTally = 64

// tallyBytes is tallyCoins for pools of 1 to 8 coins, a byte each.
func (s *Stream) tallyBytes(trials, n int, counts []uint64) {
	var cells [256]uint64
	// Pools from the word already begun, a byte each as coins takes them.
	w, left := s.coinBits, s.coinLeft
	for ; trials > 0 && left >= 8; trials-- {
		cells[uint8(w)]++
		w >>= 8
		left -= 8
	}
	if trials > 0 { // the begun word is done: fewer than a byte left
		w, left = 0, 0
	}
	src := s.src
	for ; trials >= 8; trials -= 8 {
		src += wyInc
		w := wymix(uint64(src))
		cells[uint8(w)]++
		cells[uint8(w>>8)]++
		cells[uint8(w>>16)]++
		cells[uint8(w>>24)]++
		cells[uint8(w>>32)]++
		cells[uint8(w>>40)]++
		cells[uint8(w>>48)]++
		cells[uint8(w>>56)]++
	}
	if trials > 0 { // the last pools begin a word that the next pool goes on with
		src += wyInc
		w, left = wymix(uint64(src)), 64
		for ; trials > 0; trials-- {
			cells[uint8(w)]++
			w >>= 8
			left -= 8
		}
	}
	s.src, s.coinBits, s.coinLeft = src, w, left
	// The cells that differ only above the pool's bits are summed first,
	// in a register: adding all 256 into the counts would chain them
	// through the few counts' stores.
	step := 1 << n
	for x := range step {
		c := uint64(0)
		for y := x; y < len(cells); y += step {
			c += cells[y]
		}
		counts[bits.OnesCount64(uint64(x))] += c
	}
}

// tallyWords is tallyCoins for pools of 1 to 64 coins, floor(64/take) a
// word, each counted by popcount.
func (s *Stream) tallyWords(trials, n int, counts []uint64) {
	take := max(n, 8)
	// Pools from the word already begun, as coins draws them.
	for ; trials > 0 && uint(take) <= s.coinLeft; trials-- {
		counts[s.coins(n)]++
	}
	if trials == 0 {
		return
	}
	k := 64 / take                 // pools a word
	full := (trials - 1) / k       // whole words; the last word's pools are left to coins
	mask := uint64(1)<<uint(n) - 1 // n = 64: all of it
	src := s.src
	for range full {
		src += wyInc
		w := wymix(uint64(src))
		for range k {
			counts[bits.OnesCount64(w&mask)]++
			w >>= uint(take) & 63
		}
	}
	s.src, s.coinLeft = src, 0
	for range trials - full*k {
		counts[s.coins(n)]++
	}
}
