package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"sync"

	"github.com/spf13/cobra"

	"odds/cmd/internal/answer"
	"odds/cmd/internal/dest"
	"odds/cmd/internal/query"
)

// odds batch: questions as JSON lines on stdin (a query object, or the
// command's words as a JSON array), one JSON document per line on
// stdout, in order, each with its line number (and the question's id).
// Lines run concurrently on --workers goroutines, at most a few lines
// ahead of the one being written (bounded memory); each answer is written
// and flushed as soon as it and every line before it are answered, so
// that a script may use odds batch as a co-process.

// maxBatchLine is the longest line odds batch reads; a longer one is
// refused by its number, and not held in memory.
const maxBatchLine = 1 << 20

func (a *app) batchCommand() *cobra.Command {
	var keepGoing bool
	cmd := &cobra.Command{
		Use:   "batch < QUESTIONS.jsonl",
		Short: "answer questions given as JSON lines on stdin, one JSON document per line",
		Long: a.paragraphs("batch reads one question per line of stdin: a query object ({\"system\": \"opposed\", \"action\": \"fire\", \"params\": {\"hesa\": 3, \"def\": 1}}, described in docs/batch.md) or the command's own words as a JSON array ([\"opposed\", \"fire\", \"--hesa\", \"3\", \"--def\", \"1\"]). It writes one JSON document per line, in the order of the questions: what --format json prints for that command, on one line, with the line's number first ({\"line\": 1, \"results\": …}) and the query object's \"id\", if it has one.\n\n" +
			"A line may name a matchup instead ({\"matchup\": \"tank-duel\", \"seed\": 7}, or [\"run\", \"--matchup\", \"tank-duel\", \"--seed\", \"7\"]): the answer is what odds run --matchup NAME --format json prints. The matchups are the built-ins and those of the files the batch started with (--profiles); a line never names a file.\n\n" +
			"Questions run concurrently (--workers at once, each on one core); each answer is written as soon as it and the answers before it are ready, so a script may write a question and read its answer. A bad line (or one over 1 MiB) stops the batch with its line number, after the answers before it; with --keep-going its line is {\"line\": N, \"error\": …} and the batch goes on (exit 2 at the end). One process answers thousands of questions: the way for scripts to sweep what a grid cannot express."),
		Example: "  printf '%s\\n' '[\"opposed\",\"fire\",\"--hesa\",\"3\",\"--def\",\"1\"]' | odds batch\n" +
			"  printf '%s\\n' '{\"matchup\":\"mg-on-rifles-in-cover\",\"seed\":7,\"id\":\"a\"}' | odds batch\n" +
			"  odds batch --keep-going < questions.jsonl > answers.jsonl",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			reg, err := a.registry()
			if err != nil {
				return err
			}
			e := &answer.Engine{Systems: a.systems, Reg: reg}
			return a.runBatch(cmd.Context(), e, cmd.InOrStdin(), int(a.workers.N), keepGoing)
		},
	}
	cmd.Flags().BoolVar(&keepGoing, "keep-going", false, "answer a bad line with {\"line\": N, \"error\": …} and go on")
	return cmd
}

// batchLine is one line of the input, and where its answer goes.
type batchLine struct {
	n    int
	text []byte
	out  chan batchAnswer
}

// batchAnswer is one line's answer: its document, or its error, and the
// line's id if it has one.
type batchAnswer struct {
	doc []byte
	id  json.RawMessage
	err error
}

// runBatch answers the lines of in on workers goroutines and writes the
// answers in order to stdout (or --out, whole). It returns as soon as ctx
// ends, even while a line is being read: the reader is then left blocked
// on in, which the process's exit ends.
func (a *app) runBatch(ctx context.Context, e *answer.Engine, in io.Reader, workers int, keepGoing bool) error {
	ctx, cancel := context.WithCancel(ctx)
	jobs := make(chan batchLine)
	order := make(chan batchLine, 4*workers) // lines read ahead of the one written
	readErr := make(chan error, 1)
	go func() { // the reader
		defer close(order)
		defer close(jobs)
		readErr <- readLines(in, maxBatchLine, func(n int, text []byte, tooLong bool) bool {
			j := batchLine{n: n, text: text, out: make(chan batchAnswer, 1)}
			if tooLong { // answered here: no worker reads it
				j.out <- batchAnswer{err: &query.Error{Hint: "split the question, or sweep with a grid of values (--def 0..12)",
					Err: fmt.Errorf("longer than %s bytes, the most a line may hold", query.Group(maxBatchLine))}}
			}
			select {
			case order <- j:
			case <-ctx.Done():
				return false
			}
			if tooLong {
				return true
			}
			select {
			case jobs <- j:
				return true
			case <-ctx.Done():
				return false
			}
		})
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case j, ok := <-jobs:
					if !ok {
						return
					}
					doc, id, err := answerLine(ctx, e, j.text)
					j.out <- batchAnswer{doc, id, err}
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	defer func() {
		cancel()
		wg.Wait() // the workers stop with ctx; the reader may be blocked on in
	}()
	w := a.stdout
	var file bytes.Buffer
	if a.out != "" {
		w = &file
	}
	bw := bufio.NewWriter(w)
	flush := func() error {
		if err := bw.Flush(); err != nil {
			return &ioError{err}
		}
		return nil
	}
	failed, total := 0, 0
	for {
		j, ok, err := receive(ctx, order, flush)
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		ans, _, err := receive(ctx, j.out, flush)
		if err != nil {
			return err
		}
		total++
		doc := ans.doc
		if ans.err != nil {
			if ctx.Err() != nil && !errors.As(ans.err, new(*query.Error)) {
				return ctx.Err()
			}
			failed++
			if !keepGoing {
				cancel()
				if err := flush(); err != nil {
					return err
				}
				return lineError(j.n, ans.err)
			}
			msg, hint, flag := answer.Fields(ans.err)
			doc, _ = json.Marshal(struct {
				Line  int             `json:"line"`
				ID    json.RawMessage `json:"id,omitempty"`
				Error string          `json:"error"`
				Hint  string          `json:"hint,omitempty"`
				Flag  string          `json:"flag,omitempty"`
			}{j.n, ans.id, msg, hint, flag})
		} else {
			doc = lined(j.n, ans.id, doc)
		}
		if _, err := bw.Write(append(doc, '\n')); err != nil {
			return &ioError{err}
		}
	}
	if err := flush(); err != nil {
		return err
	}
	if err := <-readErr; err != nil {
		return usagef("", "batch: stdin: %v", err)
	}
	if a.out != "" {
		if err := dest.Out(a.out, file.Bytes()); err != nil {
			return err
		}
	}
	if failed > 0 {
		return usagef("", "batch: %d of %d lines failed", failed, total)
	}
	return ctx.Err()
}

// receive is the next value of c. When none is ready it flushes first,
// so that what is written so far is read while the batch waits (for a
// line to be answered, or for the next line of input); err is ctx's if
// it ends first, or the flush's.
func receive[T any](ctx context.Context, c <-chan T, flush func() error) (v T, ok bool, err error) {
	select {
	case v, ok = <-c:
		return v, ok, nil
	default:
	}
	if err := flush(); err != nil {
		return v, false, err
	}
	select {
	case v, ok = <-c:
		return v, ok, nil
	case <-ctx.Done():
		return v, false, ctx.Err()
	}
}

// readLines reads in line by line and calls line with each line that is
// not blank: its number (counting every line), its text, and whether it
// was longer than limit bytes (then its text is nil: the rest of the line
// is read and dropped, never held). It stops when line returns false, at
// the end of in (nil), or at a read error.
func readLines(in io.Reader, limit int, line func(n int, text []byte, tooLong bool) bool) error {
	br := bufio.NewReaderSize(in, 64<<10)
	for n := 1; ; n++ {
		var text []byte
		tooLong := false
		var err error
		for {
			var chunk []byte
			chunk, err = br.ReadSlice('\n')
			chunk = bytes.TrimSuffix(chunk, []byte("\n"))
			if !tooLong {
				if len(text)+len(chunk) > limit {
					tooLong, text = true, nil
				} else {
					text = append(text, chunk...)
				}
			}
			if err != bufio.ErrBufferFull {
				break
			}
		}
		if tooLong || len(bytes.TrimSpace(text)) > 0 {
			if !line(n, text, tooLong) {
				return nil
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// answerLine answers one line of odds batch through the answer engine:
// its JSON document on one line, and the query object's id, if it has
// one (also when the line is refused).
func answerLine(ctx context.Context, e *answer.Engine, line []byte) (doc []byte, id json.RawMessage, err error) {
	d, err := query.ParseDoc(line)
	if err != nil {
		return nil, query.DocID(line), err
	}
	var ans *answer.Answer
	switch {
	case d.Matchup != "":
		ans, err = e.MatchupDoc(ctx, d, nil)
	case len(d.Engage) > 0:
		ans, err = e.EngageDoc(ctx, d, nil)
	case d.System == "roll":
		ans, err = answer.RollDoc(ctx, d, nil)
	default:
		vals := url.Values{}
		for k, v := range d.Values() {
			vals.Set(k, v)
		}
		ans, err = e.Query(ctx, d.System, d.Action, vals, nil)
	}
	if err != nil {
		return nil, d.ID, err
	}
	var out bytes.Buffer
	if err := json.Compact(&out, ans.JSON); err != nil {
		return nil, d.ID, err
	}
	return out.Bytes(), d.ID, nil
}

// lined is an answer's document (a JSON object on one line) with the
// line's number, and its id if it has one, as its first fields:
// {"line":3,"id":"a","results":…}.
func lined(n int, id json.RawMessage, doc []byte) []byte {
	out := fmt.Appendf(nil, `{"line":%d`, n)
	if id != nil {
		out = append(append(out, `,"id":`...), id...)
	}
	rest := bytes.TrimPrefix(doc, []byte("{"))
	if len(rest) > 0 && rest[0] != '}' {
		out = append(out, ',')
	}
	return append(out, rest...)
}

// lineError is a bad line's error, with its line number in front and its
// hint and flag kept.
func lineError(line int, err error) error {
	var qe *query.Error
	if errors.As(err, &qe) {
		return &query.Error{Flag: qe.Flag, Hint: qe.Hint, Err: fmt.Errorf("line %d: %w", line, err)}
	}
	var ue *usageError
	if errors.As(err, &ue) {
		return &usageError{err: fmt.Errorf("line %d: %w", line, err), hint: ue.hint}
	}
	return fmt.Errorf("line %d: %w", line, err)
}
