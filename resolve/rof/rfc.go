package rof

import "odds/dice"

// Received fire check results, worst first.
const (
	killed = iota
	suppressed
	ready
)

// rfc is a compiled received-fire check: which table it is read on and
// whether two killed results are needed.
type rfc struct {
	killFaces int  // faces that roll killed: 1-2 in open ground, 1 in hard cover
	supFaces  int  // faces that roll suppressed: 3 in open ground, 2-3 in hard cover
	needTwo   bool // suppressed non-vehicle team occupying hard cover

	// odds[n] is the check of n dice as one pick (killed, suppressed,
	// ready), for every n whose 6^n outcomes fit one digit; larger checks
	// count their killed and suppressed dice (kill, sup).
	odds      []*dice.Odds
	kill, sup *dice.Counter
}

// sixes counts the dice showing 6: ping and pen dice.
var sixes = dice.NewCounter(6, 6, 6)

// Team types.
const (
	infantry = iota
	gun
	vehicle
)

var teamChoices = []string{"infantry", "gun", "vehicle"}

// Cover choices.
const (
	open = iota
	hard
)

var coverChoices = []string{"open", "hard"}

// target describes the team taking the check.
type target struct {
	team       int
	cover      int
	moving     bool // ordered to move
	suppressed bool
	openTopped bool // an open-topped vehicle in contact: as in open ground
}

// newRFC chooses the table the sheet says the team reads:
//   - hard cover is the hard cover table;
//   - infantry in open ground that was not ordered to move reads hard cover;
//   - suppressed non-vehicle teams in open ground read hard cover;
//   - suppressed non-vehicle teams occupying hard cover need two killed;
//   - an open-topped vehicle in contact reads open ground.
func newRFC(t target) rfc {
	hardTable := t.cover == hard ||
		(t.team == infantry && !t.moving) ||
		(t.suppressed && t.team != vehicle)
	if t.openTopped {
		hardTable = false
	}
	r := rfc{killFaces: 2, supFaces: 1}
	if hardTable {
		r = rfc{killFaces: 1, supFaces: 2}
	}
	r.needTwo = t.suppressed && t.team != vehicle && t.cover == hard && !t.openTopped
	r.kill = dice.NewCounter(6, 1, r.killFaces)
	r.sup = dice.NewCounter(6-r.killFaces, 1, r.supFaces)
	r.odds = []*dice.Odds{nil}
	for n := 1; ; n++ {
		o, ok := dice.NewOdds(r.weights(n)...)
		if !ok {
			break
		}
		r.odds = append(r.odds, o)
	}
	return r
}

// weights are the ways n dice (6^n in all) roll killed, suppressed and
// ready: ready needs every die above the suppressed faces; killed needs a
// killed face, or two when two are needed (one is then suppressed).
func (r rfc) weights(n int) []uint64 {
	all, notKilled, none := ipow(6, n), ipow(uint64(6-r.killFaces), n), ipow(uint64(6-r.killFaces-r.supFaces), n)
	killed := all - notKilled
	if r.needTwo {
		killed -= uint64(n) * uint64(r.killFaces) * ipow(uint64(6-r.killFaces), n-1)
	}
	return []uint64{killed, all - killed - none, none}
}

func ipow(b uint64, e int) uint64 {
	r := uint64(1)
	for range e {
		r *= b
	}
	return r
}

// check rolls a d6 for each of n RFPs and returns the worst result: up to
// nine dice as one pick over the three results (three paths to enumerate).
// Past that the killed dice are counted first; the rest are uniform over
// the faces that are not killed, among which the suppressed faces are
// counted. That is the same distribution as rolling each die, with far
// fewer paths to enumerate: (n+1)^2 instead of 6^n.
func (r *rfc) check(s *dice.Stream, n int) int {
	if n < len(r.odds) {
		if n == 0 {
			return ready
		}
		return s.Pick(r.odds[n])
	}
	k := s.CountWith(r.kill, n)
	switch {
	case k >= 2 || (k == 1 && !r.needTwo):
		return killed
	case k == 1:
		return suppressed // one killed result: not enough, but no better than suppressed
	}
	if s.CountWith(r.sup, n) > 0 {
		return suppressed
	}
	return ready
}
