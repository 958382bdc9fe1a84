package benchmarks

import "math/bits"

// The throughput floors are the fastest ways found on this machine to make
// the same dice as the engine and tally them, with no rules at all. Each
// obeys the engine's bias bound, dice.MaxProduct = 2^24: the sides of the
// dice read from one 64-bit word multiply to at most 2^24, so every joint
// outcome is within 2^-40 of its probability, relatively (dice.Stream's
// digit budget: 9 d6 a word, 7 d10, so three pairs of d10). Coins carry
// no bias at all: a die counted at exactly half its faces (a d6 at 4+) is
// a fair coin, one bit of a word, 64 a word.
//
// The generator is wyrand, as dice.Stream's: a 64-bit counter through one
// 64x64->128 multiply, so the next word does not wait on the dice of the
// one before and the CPU overlaps them. The latency floors in floor.go
// draw each die after the one before it, bound by multiply latency.
//
// - The d6 floor (ThroughputD6): a word is one digit of 6^6 and one of 6^3
//   (6^9 <= 2^24), each looked up in a table of its dice's sum: nine d6 in
//   two multiplies, where unrolling them digit by digit took nine (and ran
//   at three times the cost).
// - The pair floor (ThroughputPairs): a word is three digits of 100 (10^6
//   <= 2^24; a fourth pair would be 10^8), each one pair of d10; the
//   pairs are tallied as 100 cells, folded into the 19 differences at the
//   end, so that neighbouring pairs rarely wait on one cell's store (a
//   difference's cell is hit by up to a tenth of them, and looking it up
//   cost 1.3x).
// - The coin floor (ThroughputCoins): six d6 counted at 4+ are six bits,
//   a byte of the word each, eight pools a word; the bytes are tallied as
//   256 cells and folded into the counts by the popcount of their six
//   bits at the end (a popcount a pool into the seven counts ran at 2.7x,
//   ten pools a word as 64 cells of six bits at 1.06x).
//
// wyrand passes BigCrush and PractRand to 2^45 (its authors' figures),
// ample for a floor.

// The digits a word gives each floor, within dice.MaxProduct (checked in
// throughput_test.go against the engine's own budget).
const (
	d6PerWord    = 9 // d6 a word: 6^9 <= 2^24 < 6^10
	pairsPerWord = 3 // pairs of d10 a word: 10^6 <= 2^24 < 10^8
	coinsPerPool = 6 // bits a pool of six d6 counted at 4+
	poolsPerWord = 8 // pools of six coins a word, a byte each
)

// Wyrand is the wyrand generator (Wang Yi's wyhash family).
type Wyrand uint64

// Uint64 returns the next word.
func (s *Wyrand) Uint64() uint64 {
	*s += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(uint64(*s), uint64(*s)^0xe7037ed1a0b428db)
	return hi ^ lo
}

// sumTable is the sum of the 0-based faces of the d6 digits of each
// outcome of a digit of 6^k (k dice, the first most significant).
func sumTable(k int) []uint8 {
	t := []uint8{0}
	for range k {
		next := make([]uint8, len(t)*6)
		for x := range next {
			next[x] = t[x/6] + uint8(x%6)
		}
		t = next
	}
	return t
}

var (
	sums6 = sumTable(6) // 46,656 outcomes of six d6
	sums3 = sumTable(3) // 216 of three
)

// ThroughputD6 draws n d6 (0-based) and sums them: the d6 floor, the
// unit in which BenchmarkActions reads every action. Nine d6 a word, as
// a digit of 6^6 and a digit of 6^3 looked up; the dice beyond a multiple
// of nine from one more word, digit by digit.
func ThroughputD6(src *Wyrand, n int) uint64 {
	var sum uint64
	t6, t3 := sums6[:46656], sums3[:216]
	for ; n >= d6PerWord; n -= d6PerWord {
		a, f := bits.Mul64(src.Uint64(), 46656)
		b, _ := bits.Mul64(f, 216)
		sum += uint64(t6[a]) + uint64(t3[b])
	}
	f := src.Uint64()
	for range n {
		var d uint64
		d, f = bits.Mul64(f, 6)
		sum += d
	}
	return sum
}

// ThroughputPairs draws n pairs of d10 and tallies their difference a-b
// in hist[a-b+9]: the pair floor of an opposed roll. Three pairs a word,
// each a digit of 100 whose digits are the two dice.
func ThroughputPairs(src *Wyrand, n int, hist *[19]uint64) {
	var cells [100]uint64
	for ; n >= pairsPerWord; n -= pairsPerWord {
		f := src.Uint64()
		d0, f := bits.Mul64(f, 100)
		d1, f := bits.Mul64(f, 100)
		d2, _ := bits.Mul64(f, 100)
		cells[d0]++
		cells[d1]++
		cells[d2]++
	}
	f := src.Uint64()
	for range n {
		var d uint64
		d, f = bits.Mul64(f, 100)
		cells[d]++
	}
	for x, c := range cells {
		hist[x/10-x%10+9] += c
	}
}

// ThroughputCoins tallies n pools of six d6 counted at 4 or more in
// hist[count]: the coin floor. A d6 shows 4+ with probability exactly
// 1/2, so a pool is six random bits: a byte each, eight pools a word.
func ThroughputCoins(src *Wyrand, n int, hist *[7]uint64) {
	var cells [256]uint64
	for ; n >= poolsPerWord; n -= poolsPerWord {
		w := src.Uint64()
		cells[uint8(w)]++
		cells[uint8(w>>8)]++
		cells[uint8(w>>16)]++
		cells[uint8(w>>24)]++
		cells[uint8(w>>32)]++
		cells[uint8(w>>40)]++
		cells[uint8(w>>48)]++
		cells[uint8(w>>56)]++
	}
	w := src.Uint64()
	for range n {
		cells[uint8(w)]++
		w >>= 8
	}
	for x, c := range cells {
		hist[bits.OnesCount64(uint64(x)&(1<<coinsPerPool-1))] += c
	}
}
