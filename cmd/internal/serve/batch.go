package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"

	"odds/cmd/internal/query"
)

// AnswerLine answers one line of odds batch: its JSON document on one
// line.
func (s *Server) AnswerLine(ctx context.Context, line []byte) ([]byte, error) {
	d, err := query.ParseDoc(line)
	if err != nil {
		return nil, err
	}
	if d.System == "roll" {
		return rollLine(ctx, d)
	}
	vals := url.Values{}
	for k, v := range d.Values() {
		vals.Set(k, v)
	}
	x, err := s.ask(vals, d.System, d.Action)
	if err != nil {
		return nil, err
	}
	rep, err := s.answer(ctx, x, false)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := json.Compact(&out, rep.body); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
