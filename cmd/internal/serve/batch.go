package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"

	"odds/cmd/internal/answer"
	"odds/cmd/internal/query"
)

// AnswerLine answers one line of odds batch: its JSON document on one
// line.
func (s *Server) AnswerLine(ctx context.Context, line []byte) ([]byte, error) {
	d, err := query.ParseDoc(line)
	if err != nil {
		return nil, err
	}
	var ans *answer.Answer
	switch {
	case d.Matchup != "":
		ans, err = s.engine.MatchupDoc(ctx, d, nil)
	case d.System == "roll":
		ans, err = answer.RollDoc(ctx, d, nil)
	default:
		vals := url.Values{}
		for k, v := range d.Values() {
			vals.Set(k, v)
		}
		ans, err = s.engine.Query(ctx, d.System, d.Action, vals, nil)
	}
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := json.Compact(&out, ans.JSON); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
