package render

import (
	"slices"
	"testing"
	"time"
)

// A run under a microsecond (a convolution of two dice) is not "0 µs".
func TestElapsedUnderMicrosecond(t *testing.T) {
	for d, want := range map[time.Duration]string{400 * time.Nanosecond: "under 1 µs", 27 * time.Microsecond: "27 µs", 1500 * time.Microsecond: "1.5 ms"} {
		if got := Elapsed(d); got != want {
			t.Errorf("Elapsed(%v) = %q, want %q", d, got, want)
		}
	}
}

// Phrases keeps a parenthesis one piece for Wrap.
func TestPhrases(t *testing.T) {
	got := Phrases("mean attacks when reached within 4 (E[T | T <= 4]): 2.101 (a (nested) one)")
	want := []string{"mean", "attacks", "when", "reached", "within", "4", "(E[T | T <= 4]):", "2.101", "(a (nested) one)"}
	if !slices.Equal(got, want) {
		t.Errorf("Phrases = %q, want %q", got, want)
	}
}
