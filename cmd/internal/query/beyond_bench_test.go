package query

import (
	"context"
	"testing"
)

// What --find and --sensitivity cost against the one result they
// start from (opposed fire, exact): compare the three in one run.
func BenchmarkOneResult(b *testing.B) {
	q := fire(b, map[string]string{"hesa": "3", "def": "1"})
	for b.Loop() {
		if _, err := Run(context.Background(), []*Query{q}, exactOpts()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFind(b *testing.B) {
	q := fire(b, map[string]string{"def": "1"})
	fs, err := ParseFind(q, "out-of-action>=0.5", "hesa")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Find(context.Background(), q, fs, exactOpts()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSensitivity(b *testing.B) {
	q := fire(b, map[string]string{"hesa": "3", "def": "1"})
	for b.Loop() {
		if _, err := Sensitivities(context.Background(), q, "", exactOpts()); err != nil {
			b.Fatal(err)
		}
	}
}
