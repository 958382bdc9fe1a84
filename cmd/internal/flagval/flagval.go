// Package flagval parses the run settings' values (--trials, --seed,
// --method, --precision) as the command line and odds serve's query
// strings both write them, with the same one-line messages; cmd/odds
// wraps them in its pflag Values.
package flagval

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
)

// ParseCount parses a whole number in min..max that may also be written 1e6
// or 1_000_000.
func ParseCount(s string, min, max int64) (int64, error) {
	t := strings.ReplaceAll(strings.TrimSpace(s), "_", "")
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil {
		f, ferr := strconv.ParseFloat(t, 64)
		if ferr != nil || f != math.Trunc(f) || math.IsInf(f, 0) || math.Abs(f) > 1e18 {
			return 0, fmt.Errorf("want a whole number such as 1000000 or 1e6, got %q", s)
		}
		n = int64(f)
	}
	if n < min || n > max {
		return 0, fmt.Errorf("want %d..%d, got %s", min, max, s)
	}
	return n, nil
}

// ParseSeed parses a uint64 seed.
func ParseSeed(v string) (uint64, error) {
	n, err := strconv.ParseUint(strings.TrimSpace(v), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("want a whole number 0..18446744073709551615, got %q", v)
	}
	return n, nil
}

// ParseChoice is the one of choices s names, ignoring case.
func ParseChoice(s string, choices []string) (string, error) {
	for _, ch := range choices {
		if strings.EqualFold(s, ch) {
			return ch, nil
		}
	}
	return "", fmt.Errorf("want one of %s, got %q", strings.Join(choices, ", "), s)
}

// ParseProb parses a probability half-width in (0, 0.5).
func ParseProb(s string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || !(v > 0 && v < 0.5) {
		return 0, fmt.Errorf("want a half-width between 0 and 0.5 such as 0.001, got %q", s)
	}
	return v, nil
}

// PrecisionCeiling is the most trials --precision runs without --trials:
// the footers say so (render's precision note), as the help does.
const PrecisionCeiling int64 = 10_000_000_000

// RandomSeed returns a random seed below 2^53, so that it survives a
// round trip through JSON in any language. It draws from the runtime's
// generator, seeded by the system when the process starts: crypto/rand
// would first set up its own (a tenth of a millisecond, every run that
// gives no --seed, and a tenth of a megabyte of ciphers in the page's
// engine), and a seed is no secret.
func RandomSeed() uint64 {
	return rand.Uint64() & (1<<53 - 1)
}
