package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/spf13/cobra"

	"odds/cmd/internal/answer"
	"odds/cmd/internal/dest"
	"odds/cmd/internal/query"
	"odds/cmd/internal/serve"
)

// odds batch: questions as JSON lines on stdin (a query object, or the
// command's words as a JSON array), one JSON document per line on
// stdout, in order. Lines run concurrently on --workers goroutines, at
// most a few lines ahead of the one being written (bounded memory).

// maxBatchLine is the longest line odds batch reads.
const maxBatchLine = 1 << 20

func (a *app) batchCommand() *cobra.Command {
	var keepGoing bool
	cmd := &cobra.Command{
		Use:   "batch < QUESTIONS.jsonl",
		Short: "answer questions given as JSON lines on stdin, one JSON document per line",
		Long: a.paragraphs("batch reads one question per line of stdin: a query object ({\"system\": \"opposed\", \"action\": \"fire\", \"params\": {\"hesa\": 3, \"def\": 1}}, described in docs/batch.md) or the command's own words as a JSON array ([\"opposed\", \"fire\", \"--hesa\", \"3\", \"--def\", \"1\"]). It writes one JSON document per line, in the order of the questions: what --format json prints for that command, on one line.\n\n" +
			"A line may name a matchup instead ({\"matchup\": \"tank-duel\", \"seed\": 7}, or [\"run\", \"--matchup\", \"tank-duel\", \"--seed\", \"7\"]): the answer is what odds run --matchup NAME --format json prints. The matchups are the built-ins and those of the files the batch started with (--profiles); a line never names a file.\n\n" +
			"Questions run concurrently (--workers at once, each on one core). A bad line stops the batch with its line number, after the answers before it; with --keep-going its line is {\"line\": N, \"error\": …} and the batch goes on (exit 2 at the end). One process answers thousands of questions: the way for scripts to sweep what a grid cannot express."),
		Example: "  printf '%s\\n' '[\"opposed\",\"fire\",\"--hesa\",\"3\",\"--def\",\"1\"]' | odds batch\n" +
			"  printf '%s\\n' '{\"matchup\":\"mg-on-rifles-in-cover\",\"seed\":7}' | odds batch\n" +
			"  odds batch --keep-going < questions.jsonl > answers.jsonl",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			reg, err := a.registry()
			if err != nil {
				return err
			}
			s := serve.New(a.systems, reg, 0, a.stdout, a.stderr)
			in := cmd.InOrStdin()
			return a.runBatch(cmd.Context(), s, in, int(a.workers.N), keepGoing)
		},
	}
	cmd.Flags().BoolVar(&keepGoing, "keep-going", false, "answer a bad line with {\"line\": N, \"error\": …} and go on")
	return cmd
}

// batchAnswer is one line's answer: its document, or its error.
type batchAnswer struct {
	doc []byte
	err error
}

// runBatch answers the lines of in on workers goroutines and writes the
// answers in order to stdout (or --out, whole).
func (a *app) runBatch(ctx context.Context, s *serve.Server, in io.Reader, workers int, keepGoing bool) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type job struct {
		line int
		text []byte
		out  chan batchAnswer
	}
	jobs := make(chan job)
	order := make(chan job, 4*workers) // lines read ahead of the one written
	var readErr error
	go func() { // the reader
		defer close(order)
		defer close(jobs)
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64<<10), maxBatchLine)
		for n := 1; sc.Scan(); n++ {
			if len(bytes.TrimSpace(sc.Bytes())) == 0 {
				continue
			}
			j := job{line: n, text: bytes.Clone(sc.Bytes()), out: make(chan batchAnswer, 1)}
			select {
			case order <- j:
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- j:
			case <-ctx.Done():
				return
			}
		}
		readErr = sc.Err()
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				doc, err := s.AnswerLine(ctx, j.text)
				j.out <- batchAnswer{doc, err}
			}
		}()
	}
	defer wg.Wait()
	w := a.stdout
	var file bytes.Buffer
	if a.out != "" {
		w = &file
	}
	bw := bufio.NewWriter(w)
	failed, total := 0, 0
	for j := range order {
		ans := <-j.out
		total++
		if ans.err != nil {
			if ctx.Err() != nil && !errors.As(ans.err, new(*query.Error)) {
				return ctx.Err()
			}
			failed++
			if !keepGoing {
				cancel()
				if err := bw.Flush(); err != nil {
					return &ioError{err}
				}
				return lineError(j.line, ans.err)
			}
			msg, hint, flag := answer.Fields(ans.err)
			ans.doc, _ = json.Marshal(struct {
				Line  int    `json:"line"`
				Error string `json:"error"`
				Hint  string `json:"hint,omitempty"`
				Flag  string `json:"flag,omitempty"`
			}{j.line, msg, hint, flag})
		}
		if _, err := bw.Write(append(ans.doc, '\n')); err != nil {
			cancel()
			return &ioError{err}
		}
	}
	if err := bw.Flush(); err != nil {
		return &ioError{err}
	}
	if readErr != nil {
		return usagef("", "batch: stdin: %v", readErr)
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
