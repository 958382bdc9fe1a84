package main

import (
	"bytes"
	"context"
	"io"

	"github.com/spf13/cobra"

	"odds/cmd/internal/answer"
	"odds/cmd/internal/dest"
)

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
			return a.runBatch(cmd.Context(), e, cmd.InOrStdin(), int(a.run.Workers.N), keepGoing)
		},
	}
	cmd.Flags().BoolVar(&keepGoing, "keep-going", false, "answer a bad line with {\"line\": N, \"error\": …} and go on")
	return cmd
}

// runBatch answers the lines of in (answer.Batch) and writes the answers
// in order to stdout, or to --out whole once all are answered.
func (a *app) runBatch(ctx context.Context, e *answer.Engine, in io.Reader, workers int, keepGoing bool) error {
	w := a.stdout
	var file bytes.Buffer
	if a.out != "" {
		w = &file
	}
	failed, total, err := answer.Batch(ctx, e, in, w, workers, keepGoing)
	if err != nil {
		return err
	}
	if a.out != "" {
		if err := dest.Out(a.out, file.Bytes()); err != nil {
			return err
		}
	}
	if failed > 0 {
		return usagef("", "batch: %d of %d lines failed", failed, total)
	}
	return nil
}
