package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"odds/cmd/internal/cli"
	"odds/cmd/internal/dest"
	"odds/cmd/internal/flagval"
	"odds/cmd/internal/query"
	"odds/cmd/internal/question"
	"odds/cmd/internal/render"
	"odds/profiles"
	"odds/resolve"
	"odds/resolve/all"
	"odds/sim"
)

// Exit statuses.
const (
	exitOK          = 0
	exitFailure     = 1   // the run could not finish (a write failed)
	exitUsage       = 2   // bad input: flags, expressions, files
	exitInterrupted = 130 // Ctrl-C (SIGINT); SIGTERM is 143: stopSignal.status
	// exitBrokenPipe: the reader of the output went away. main dies of
	// SIGPIPE, as a well-behaved filter does, instead of printing an error.
	exitBrokenPipe = 128 + int(syscall.SIGPIPE)
)

// app holds what every command shares: the global flags and the streams.
type app struct {
	ctx            context.Context // the run's: cancelled by Ctrl-C or SIGTERM (its cause a *stopSignal)
	stdout, stderr io.Writer
	width          int    // columns that tables and help fit in
	intervals      bool   // --intervals
	allRows        bool   // roll --all-rows
	metric         string // --metric: the figure of a roster matrix
	plot           string // --plot: the image to draw
	title          string // --title: the drawing's headline
	quiet          bool   // --quiet: no progress bar
	shard          flagval.Shard
	args           []string      // the command line, for a shard document
	merged         *query.Merged // odds merge: the shards' results
	partial        string        // odds merge --allow-missing: what the merged run lacks, "" when whole
	systems        []*resolve.System

	run    question.Run // --trials, --seed, --workers, --method, --precision, --max-paths
	format flagval.Choice
	out    string

	profilePaths []string
	reg          *profiles.Registry
}

// maxProfileErrors is the most profile problems printed for one run.
const maxProfileErrors = 100

// usageError is bad input (cli.UsageError); usagef makes one.
type usageError = cli.UsageError

var usagef = cli.Usagef

// Main runs odds with args and returns the exit status. It is main without
// the process: tests call it directly.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	a := &app{ctx: ctx, stdout: stdout, stderr: stderr, systems: all.Systems(), width: cli.Width(stdout)}
	return a.main(args)
}

// main runs one command line on a's streams and returns the exit status:
// Main for the process, and each request of odds serve.
func (a *app) main(args []string) int {
	ctx, stdout, stderr := a.ctx, a.stdout, a.stderr
	args = rollArgs(args)
	a.args = args
	root := a.rootCommand()
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := cli.CheckCommand(root, args)
	if err == nil {
		err = root.ExecuteContext(ctx)
	}
	if err == nil && ctx.Err() == nil {
		return exitOK
	}
	code, hint := exitUsage, ""
	var ue *usageError
	var qe *query.Error
	var de *dest.Error
	switch {
	case errors.Is(err, syscall.EPIPE):
		return exitBrokenPipe
	case ctx.Err() != nil || errors.Is(err, context.Canceled):
		s := stopped(ctx)
		fmt.Fprintf(stderr, "odds: %s\n", s.stopWord())
		return s.status()
	case errors.As(err, &ue):
		hint = ue.Hint
	case errors.As(err, &qe):
		hint = qe.Hint
	case errors.As(err, &de): // a write failed: not the user's input at fault
		code = exitFailure
	}
	msgs := []string{strings.ReplaceAll(err.Error(), "\n", " ")}
	if pe, ok := profileErrors(err); ok { // a problem a line, at most maxProfileErrors
		code, msgs = exitUsage, nil
		for i, e := range pe {
			if i == maxProfileErrors {
				msgs = append(msgs, fmt.Sprintf("and %d more problems", len(pe)-i))
				break
			}
			msgs = append(msgs, e.Error())
		}
	} else if strings.HasPrefix(err.Error(), "unknown command") && hint == "" {
		hint = "'odds systems' lists the rule systems; 'odds --help' the commands"
	}
	for _, m := range msgs {
		fmt.Fprintf(stderr, "odds: error: %s\n", m)
	}
	if hint != "" {
		fmt.Fprintf(stderr, "odds: hint: %s\n", hint)
	}
	return code
}

// rollArgs lets a dice expression start with a minus ("odds roll -1d6"):
// after the word roll, an argument that reads as a negative expression
// rather than a flag gets a leading space, which no flag parser takes for
// a flag and the roll command trims.
func rollArgs(args []string) []string {
	isRoll := false
	out := slices.Clone(args)
	for i, arg := range args {
		switch {
		case arg == "--":
			return out
		case arg == "roll":
			isRoll = true
		case isRoll && len(arg) > 1 && arg[0] == '-' && strings.ContainsRune("0123456789dD(", rune(arg[1])):
			out[i] = " " + arg
		}
	}
	return out
}

func (a *app) rootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:   "odds",
		Short: "odds calculator for tactical wargames",
		Long: `odds answers "what happens if I do this?" for wargame matchups, exactly where
the dice allow it and by Monte Carlo otherwise.

  odds opposed fire --hesa 3 --def 1 --cover soft
  odds roll '6d6>=4'
  odds systems

Any numeric action flag takes a list or range (--def 0,2,4, --hesa 1..6) and a
boolean takes =both (--smoke=both); several make a grid, one result per point.`,
		SilenceErrors: true,
		SilenceUsage:  true,
		Args:          cobra.NoArgs,
		Version:       cli.Version(),
		RunE: func(cmd *cobra.Command, args []string) error {
			return cmd.Help()
		},
	}
	a.run = question.NewRun()
	a.format = flagval.Choice{V: render.Formats[0].Name, Choices: render.Names()}
	f := root.PersistentFlags()
	f.Var(&a.run.Trials, "trials", "Monte Carlo trials per result (with --precision: the most it may run, by default "+query.Group(flagval.PrecisionCeiling)+")")
	f.Var(&a.run.Seed, "seed", "seed of the random streams; the same seed gives the same numbers for any --workers")
	f.Var(&a.run.Workers, "workers", "parallel workers")
	f.Var(&a.run.Method, "method", "auto: exact when enumeration is cheap, else Monte Carlo; exact; mc")
	f.Var(&a.run.Precision, "precision", "run Monte Carlo until every 95% interval half-width is at most P, up to --trials trials (without --trials: up to "+query.Group(flagval.PrecisionCeiling)+")")
	f.Var(&a.format, "format", "output format")
	f.StringVar(&a.out, "out", "", "write the output to `FILE` (written whole, or not at all)")
	f.BoolVar(&a.intervals, "intervals", false, "sweep tables: show each Monte Carlo probability's 95% interval (single results always do)")
	f.StringVar(&a.metric, "metric", "", "the `FIGURE` of a roster matrix (--attacker a,b --defender c,d) or of --plot's heat map of two swept flags: an outcome, or mean:RESULT (default: the action's headline outcome)")
	f.StringVar(&a.plot, "plot", "", "also draw the results to `FILE` (.svg, .png or .pdf): bars, lines (or bars) over one swept flag, a heat map of two; with --vs, A and B over B-A")
	f.StringVar(&a.title, "title", "", "with --plot: the drawing's headline, in place of the one it makes (the full question stays under it)")
	f.BoolVar(&a.quiet, "quiet", false, "no progress bar on stderr (shown for runs over a second when stderr is a terminal)")
	f.Var(&a.shard, "shard", "run only share `i/n` of the results and write a shard document for odds merge (needs --seed); i may be auto (Kubernetes' JOB_COMPLETION_INDEX, Slurm's SLURM_ARRAY_TASK_ID) or env:NAME (docs/scale.md)")
	f.Var(&a.run.MaxPaths, "max-paths", "the most dice paths --method exact may enumerate")
	f.StringArrayVar(&a.profilePaths, "profiles", nil, "load unit cards, dice and matchups from `PATH` (a YAML file or a folder; repeatable; also $ODDS_PROFILES)")
	root.Flag("workers").DefValue = "all cores"
	for _, name := range []string{"method", "format"} {
		choices := root.Flag(name).Value.(*flagval.Choice).Choices
		_ = root.RegisterFlagCompletionFunc(name, cobra.FixedCompletions(choices, cobra.ShellCompDirectiveNoFileComp))
	}
	root.SetFlagErrorFunc(cli.FlagError)

	a.fitHelp(root)
	root.AddCommand(a.systemsCommand(), a.rollCommand(), a.profilesCommand(), a.runCommand(), a.mergeCommand(), a.serveCommand(), a.pageCommand(), a.batchCommand(), a.manCommand(), a.engageCommand(), versionCommand())
	for _, s := range a.systems {
		root.AddCommand(a.systemCommand(s))
	}
	a.completions(root)
	return root
}

// options returns the engine options from the global flags
// (question.Run), having checked the files the run reads and writes.
func (a *app) options() (sim.Options, error) {
	opts, err := a.run.Options()
	if err != nil {
		return opts, err
	}
	if err := a.checkProfilePaths(); err != nil {
		return opts, err
	}
	return opts, a.checkOut()
}

// checkProfilePaths refuses a --profiles path that is empty or missing,
// even when the run uses no card and so never parses it.
func (a *app) checkProfilePaths() error {
	for _, p := range a.profilePaths {
		if strings.TrimSpace(p) == "" {
			return usagef("", "--profiles: want a file or folder, got an empty path")
		}
		if _, err := os.Stat(p); err != nil {
			return usagef("", "--profiles %s: %v", p, errors.Unwrap(err))
		}
	}
	return nil
}

// checkOut fails fast on an --out that cannot be written, before any
// trial runs, and refuses to overwrite a profile file being read.
func (a *app) checkOut() error {
	if a.title != "" && a.plot == "" {
		return usagef("give --plot FILE too", "--title: names a --plot drawing, and this run draws none")
	}
	if a.plot != "" {
		if _, err := render.PlotFormat(a.plot); err != nil {
			return err
		}
		if a.out != "" && filepath.Clean(a.out) == filepath.Clean(a.plot) {
			return usagef("give --out and --plot different files", "--plot %s: that is the --out file", a.plot)
		}
		if err := a.checkDest("plot", a.plot); err != nil {
			return err
		}
	}
	return a.checkDest("out", a.out)
}

// checkDest checks that a file to write (--out, --plot) can be written
// before any trial runs, and that it is no profile file this run reads.
func (a *app) checkDest(flag, path string) error {
	target, err := dest.Check(flag, path)
	if err != nil {
		return err
	}
	for _, p := range a.profileFiles() {
		if sameFile(p, target) {
			return usagef("write the output somewhere else", "--%s %s: that is a profile file this run reads", flag, path)
		}
	}
	return nil
}

// sameFile reports whether a and b name one existing file.
func sameFile(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(sa, sb)
}
