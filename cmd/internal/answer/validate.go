package answer

import (
	"context"
	"errors"
	"strings"

	"odds/profiles"
)

// Problem is one problem of a profile file, as odds profiles validate
// reports it: Text is its whole line (file:line:col: message), Message
// the part after the position.
type Problem struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Message string `json:"message"`
	Text    string `json:"text"`
}

// Validation is a validate op's result: no problems means the file is
// sound (odds profiles validate's "ok").
type Validation struct {
	Problems []Problem `json:"problems"`
}

// Validate checks a profile file, given by name and contents, with the
// built-ins and the other files given (the user's cards, which it may
// refer to), as odds profiles validate checks files: every problem, with
// the same words.
func (e *Engine) Validate(ctx context.Context, file profiles.Source, others ...profiles.Source) (*Validation, error) {
	reg, err := profiles.New(e.Systems)
	if err != nil {
		return nil, err
	}
	v := &Validation{Problems: []Problem{}}
	// Files with problems of their own are left out (LoadSources keeps
	// nothing then): the file is checked with the built-ins alone.
	_ = reg.LoadSources(ctx, others...)
	err = reg.LoadSources(ctx, file)
	var pe profiles.Errors
	if err != nil && !errors.As(err, &pe) {
		return nil, err
	}
	for _, p := range pe {
		text := p.Error()
		v.Problems = append(v.Problems, Problem{File: p.Pos.File, Line: p.Pos.Line, Col: p.Pos.Col, Text: text,
			Message: strings.TrimPrefix(text, p.Pos.String()+": ")})
	}
	return v, nil
}

// WithProfiles is an engine whose registry also holds the files given
// (the page's own cards, added to the built-ins), or their problems.
func (e *Engine) WithProfiles(ctx context.Context, files ...profiles.Source) (*Engine, error) {
	if len(files) == 0 {
		return e, nil
	}
	reg, err := profiles.New(e.Systems)
	if err != nil {
		return nil, err
	}
	if err := reg.LoadSources(ctx, files...); err != nil {
		return nil, err
	}
	return &Engine{Systems: e.Systems, Reg: reg, MaxTrials: e.MaxTrials}, nil
}
