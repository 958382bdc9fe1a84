package main

import (
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"odds/cmd/internal/query"
	"odds/cmd/internal/question"
	"odds/cmd/internal/render"
	"odds/resolve"
)

// engageCommand is "odds engage 'A ATTACK' 'B ATTACK'": two sides
// exchange attacks until one breaks (question.Engage).
func (a *app) engageCommand() *cobra.Command {
	var (
		first, ends, cardsA, cardsB string
		simultaneous                bool
		rounds                      int
		readings                    = map[string]*bool{} // by name, of every system
	)
	cmd := &cobra.Command{
		Use:   "engage 'A ATTACK' 'B ATTACK' [flags]",
		Short: "two sides exchange attacks until one breaks: P(A wins), rounds, states, points traded",
		Long: a.paragraphs("Two sides exchange attacks until one breaks. The first argument is A's attack on B " +
			"(with B's target values), the second B's attack on A; each is 'SYSTEM ACTION FLAGS', as the action's own command takes them " +
			"(lists and ranges sweep). They take turns, A first (--first b: B first; --simultaneous where the sheet resolves both at once), " +
			"for at most --rounds rounds, until a side is out of the fight or an attack's result is --ends OUTCOME or worse. " +
			"Each side's state carries and changes both how it is hit and how it attacks, as docs/rules/SYSTEM.md says.\n\n" +
			"Answers P(A wins), P(B wins), P(both out) where simultaneous, P(neither within the rounds), the mean rounds of the exchanges that end, " +
			"the rounds one by one and each side's state at the end: exact, as a Markov chain over both sides' states, wherever each attack has an exact answer. " +
			"--a CARD --b CARD fill each side's attacker and the other's defender from unit cards (a,b,c or all: every pair); " +
			"cards with points add the points each side expects to lose and the points traded. " +
			"A roster (several cards a side) is a matrix of --metric: a-wins (the default), b-wins, both-out, neither, mean-rounds, points-traded, " +
			"or an outcome per 100 points where every card has points (a-wins-per-100: P(A wins) per 100 of A's points; b-wins-per-100 of B's; both-out-per-100 and neither-per-100 of both sides' together).\n\n" +
			"--shard i/n --seed S runs one share of a sweep or roster of engagements (or of one engagement's exchanges); odds merge combines the shards into the single run's output. " +
			"A profile file's matchup may be an engagement: odds run --matchup NAME runs it (docs/profiles.md)."),
		Example: "  odds engage 'opposed fire --hesa 3 --def 1' 'opposed fire --hesa 2 --def 2'\n" +
			"  odds engage 'opposed fire --within-4' 'opposed fire --within-4 --cover soft' \\\n" +
			"      --a rifle-section --b veteran-rifle-section\n" +
			"  odds engage 'opposed fire --within-4' 'opposed fire --within-4' \\\n" +
			"      --a rifle-section,mg-team --b all --metric mean-rounds\n" +
			"  odds engage 'opposed fire --hesa 3 --def 1' 'opposed fire --hesa 2 --def 2' \\\n" +
			"      --rounds 3 --ends fall-back",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 2 {
				return usagef("for example odds engage 'opposed fire --hesa 3 --def 1' 'opposed fire --hesa 2 --def 2'",
					"engage: want two attacks, A's on B and B's on A, got %d argument(s)", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			var rd resolve.Readings
			for name, on := range readings {
				if cmd.Flags().Changed(name) {
					if rd == nil {
						rd = resolve.Readings{}
					}
					rd[name] = *on
				}
			}
			if !cmd.Flags().Changed("first") {
				first = ""
			}
			eng := query.EngageInput{Attacks: [2]string{args[0], args[1]}, First: first, Simultaneous: simultaneous,
				Rounds: rounds, Ends: ends, Readings: rd, CardsA: cardsA, CardsB: cardsB}
			qs, cards, spec, warnings, err := eng.Build(a.systems, question.IsRunFlag, a.registry, func() error { return render.CheckEngageMetric(a.metric) })
			if err != nil {
				return err
			}
			for _, w := range warnings {
				fmt.Fprintf(a.stderr, "odds: %s\n", w)
			}
			return a.answer(cmd.Context(), &question.Settings{Query: qs[0], Metric: a.metric, Kind: question.Engage{B: qs[1], Cards: cards, Spec: spec}})
		},
	}
	f := cmd.Flags()
	f.StringVar(&first, "first", "a", "the side that attacks first in each round: `a` or b")
	f.BoolVar(&simultaneous, "simultaneous", false, "both sides attack at once, from the states before the round (where the sheet resolves the action so, as close combat)")
	f.IntVar(&rounds, "rounds", query.DefaultRounds, "rounds at most, `N` in 1.."+strconv.Itoa(query.MaxRounds)+" (a round: each side's attack)")
	f.StringVar(&ends, "ends", "", "end the exchange when an attack's result is `OUTCOME` or worse (default: when a side is out of the fight)")
	f.StringVar(&cardsA, "a", "", "A's unit `CARD`s: A's attacker and B's defender (a,b,c or all: one engagement per pair of cards)")
	f.StringVar(&cardsB, "b", "", "B's unit `CARD`s: B's attacker and A's defender")
	for _, r := range query.EngageReadings(a.systems) {
		readings[r.Name] = f.Bool(r.Name, false, r.Usage)
	}
	_ = cmd.RegisterFlagCompletionFunc("first", cobra.FixedCompletions([]string{"a", "b"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}
