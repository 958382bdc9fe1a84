package question

import (
	"errors"
	"strings"
	"testing"

	"odds/cmd/internal/query"
)

// TestSettle: what a door asks becomes one kind with its parameters set
// on the query, or one refusal naming the flag at fault.
func TestSettle(t *testing.T) {
	base := map[string]string{"hesa": "3", "def": "1"}
	for _, c := range []struct {
		name  string
		asked Asked
		kind  string
		flag  string // the refusal's flag; "" for an answer
	}{
		{"nothing", Asked{}, "once", ""},
		{"until", Asked{Given: Given{Until: true}, Until: "out-of-action"}, "until", ""},
		{"until empty", Asked{Given: Given{Until: true}}, "", "until"},
		{"attacks 0", Asked{Given: Given{Until: true, Attacks: true}, Until: "out-of-action"}, "", "attacks"},
		{"attacks alone", Asked{Given: Given{Attacks: true}, Attacks: 3}, "", "attacks"},
		{"then", Asked{Given: Given{Then: true}, Then: []string{"fire --hesa 2 --def 1"}}, "sequence", ""},
		{"then empty until", Asked{Given: Given{Then: true, Until: true}, Then: []string{"fire --hesa 2"}}, "", "until"},
		{"then's run flag", Asked{Given: Given{Then: true}, Then: []string{"fire --until out-of-action"}}, "", "then"},
		{"sensitivity", Asked{Given: Given{Sensitivity: true}}, "sensitivity", ""},
		{"find", Asked{Given: Given{Find: true, Vary: true}, Find: "out-of-action>=0.5", Vary: "hesa"}, "find", ""},
		{"find bad", Asked{Given: Given{Find: true, Vary: true}, Find: "out-of-action 0.5", Vary: "hesa"}, "", "find"},
		{"vs", Asked{Given: Given{Vs: true}, Vs: "--smoke"}, "compare", ""},
		{"vs run flag", Asked{Given: Given{Vs: true}, Vs: "--trials 5"}, "", "vs"},
		{"vs and until", Asked{Given: Given{Vs: true, Until: true}, Vs: "--smoke", Until: "out-of-action"}, "", "until"},
	} {
		q := fire(t, base)
		if c.asked.Given.Find {
			q = fire(t, map[string]string{"def": "1"}) // --vary's flag left free
		}
		s, err := c.asked.Settle([]*query.Query{q}, nil)
		var qe *query.Error
		switch {
		case c.flag != "" && (!errors.As(err, &qe) || qe.Flag != c.flag):
			t.Errorf("%s: %v, want a refusal naming --%s", c.name, err, c.flag)
		case c.flag == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.flag == "" && KindOf(s).Name() != c.kind:
			t.Errorf("%s: kind %s, want %s", c.name, KindOf(s).Name(), c.kind)
		}
		if c.kind == "until" && (q.Until == nil || q.Until.Attacks != query.DefaultAttacks) {
			t.Errorf("%s: the query's until %+v, want %d attacks", c.name, q.Until, query.DefaultAttacks)
		}
	}
}

// TestSettleMatchups: a run's matchups answer as one kind; sequences
// and single attacks together are refused, naming the sequences.
func TestSettleMatchups(t *testing.T) {
	single, seq := fire(t, map[string]string{"hesa": "3"}), fire(t, map[string]string{"hesa": "3"})
	seq.Matchup = "two-volleys"
	step, err := query.Step(seq, "fire --hesa 2", func(string) bool { return false }, nil)
	if err != nil {
		t.Fatal(err)
	}
	seq.Then = &query.Sequence{Steps: []*query.Query{step}}
	_, err = new(Asked).Settle([]*query.Query{seq, single}, nil)
	if err == nil || !strings.Contains(err.Error(), "two-volleys: sequences of attacks") {
		t.Errorf("sequence and single attack together: %v", err)
	}
	s, err := (&Asked{Given: Given{Until: true}, Until: "out-of-action"}).Settle([]*query.Query{seq}, nil)
	if err != nil || KindOf(s).Name() != "sequence" || seq.Then.Until != "out-of-action" {
		t.Errorf("a sequence matchup's --until: %v, kind %v, goal %q", err, s, seq.Then.Until)
	}
	_, err = (&Asked{Given: Given{Attacks: true, Until: true}, Until: "x", Attacks: 2}).Settle([]*query.Query{seq}, nil)
	var qe *query.Error
	if !errors.As(err, &qe) || qe.Flag != "attacks" {
		t.Errorf("a sequence matchup's --attacks: %v, want a refusal naming --attacks", err)
	}
}
