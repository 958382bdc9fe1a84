package question

import (
	"context"
	"fmt"
	"io"

	"odds/cmd/internal/query"
	"odds/cmd/internal/render"
)

// Sequence is several attacks on one target in order (--then '<action>
// FLAGS' …, with --until OUTCOME): the queries' Then says the steps and
// the goal, since it changes what their points compile to (the Markov
// chain of the target's states through the steps). Its budget is
// query.Run's: points times trials, and each state's plans' memory.
type Sequence struct{ Also []*query.Query }

func (Sequence) Name() string { return "sequence" }

func (k Sequence) ask(ctx context.Context, s *Settings) (Answer, error) {
	qs := append([]*query.Query{s.Query}, k.Also...)
	for _, q := range qs {
		if q.Then == nil {
			return nil, &query.Error{Flag: "then", Err: fmt.Errorf("--then: %s %s asks for no sequence", q.System.Name, q.Action.Name)}
		}
	}
	rep, err := query.Run(ctx, qs, s.Opts)
	if err != nil {
		return nil, err
	}
	return Sequences(rep), nil
}

// Sequences are the answer of Sequence, a result a point.
type Sequences []*query.Result

func (Sequences) Kind() string { return "sequence" }

func (ss Sequences) Write(ctx context.Context, w io.Writer, format string, st render.Style) error {
	return render.SequenceWriters.Write(ctx, w, format, ss, st)
}

// plotsOne: a sequence's drawing is one point's (CheckPlot refuses a
// sweep's before it runs).
func (Sequence) plotsOne() string { return "the steps of one sequence" }
