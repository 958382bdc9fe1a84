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
}

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
	return r
}

// check rolls a d6 for each of n RFPs and returns the worst result. The
// killed dice are counted first; the rest are uniform over the faces that
// are not killed, among which the suppressed faces are counted. That is
// the same distribution as rolling each die, with far fewer paths to
// enumerate: (n+1)^2 instead of 6^n.
func (r rfc) check(s *dice.Stream, n int) int {
	if n == 0 {
		return ready
	}
	k := s.Count(n, 6, 1, r.killFaces)
	switch {
	case k >= 2 || (k == 1 && !r.needTwo):
		return killed
	case k == 1:
		return suppressed // one killed result: not enough, but no better than suppressed
	}
	if s.Count(n, 6-r.killFaces, 1, r.supFaces) > 0 {
		return suppressed
	}
	return ready
}
