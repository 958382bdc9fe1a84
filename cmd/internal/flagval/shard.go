package flagval

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Shard is --shard i/n (1 <= i <= n), i given or read from the
// environment a scheduler sets (ShardIndex): auto/n, env:NAME/n; Given
// says one was given.
type Shard struct {
	I, N  int
	Given bool
}

func (s *Shard) String() string {
	if !s.Given {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.I, s.N)
}

func (s *Shard) Type() string { return "i/n" }

func (s *Shard) Set(v string) error {
	a, b, ok := strings.Cut(v, "/")
	n, errN := strconv.Atoi(b)
	if !ok || errN != nil || n < 1 || n > 100_000 {
		return fmt.Errorf("%w, got %q", errShardForm, v)
	}
	i, err := ShardIndex(a, os.Getenv)
	if errors.Is(err, errShardForm) {
		return fmt.Errorf("%w, got %q", err, v)
	} else if err != nil {
		return err
	}
	if i < 1 || i > n {
		return fmt.Errorf("want i/n with 1 <= i <= n (shard i of n), got %q (shard %d of %d)", v, i, n)
	}
	s.I, s.N, s.Given = i, n, true
	return nil
}

// ShardIndex is the i of --shard i/n: a number, or read from the
// environment (getenv) where a scheduler runs each task with its index:
//
//   - auto: Kubernetes Indexed Jobs' JOB_COMPLETION_INDEX (0-based: i is
//     the index + 1), else Slurm job arrays' SLURM_ARRAY_TASK_ID, counted
//     from SLURM_ARRAY_TASK_MIN (i is ID − MIN + 1, so --array=0-19 and
//     --array=1-20 both give shards 1..20);
//   - env:NAME: the shard number i (1-based) in the variable NAME.
func ShardIndex(s string, getenv func(string) string) (int, error) {
	num := func(name, v string) (int, error) {
		i, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return 0, fmt.Errorf("%s=%q is not a number", name, v)
		}
		return i, nil
	}
	switch name, isEnv := strings.CutPrefix(s, "env:"); {
	case isEnv:
		v := getenv(name)
		if name == "" || v == "" {
			return 0, fmt.Errorf("env:%s: the variable is not set (want the shard number 1..n in it)", name)
		}
		return num(name, v)
	case s == "auto":
		if v := getenv("JOB_COMPLETION_INDEX"); v != "" {
			i, err := num("JOB_COMPLETION_INDEX", v)
			return i + 1, err
		}
		if v := getenv("SLURM_ARRAY_TASK_ID"); v != "" {
			id, err := num("SLURM_ARRAY_TASK_ID", v)
			if err != nil {
				return 0, err
			}
			lo := 0
			if m := getenv("SLURM_ARRAY_TASK_MIN"); m != "" {
				if lo, err = num("SLURM_ARRAY_TASK_MIN", m); err != nil {
					return 0, err
				}
			}
			return id - lo + 1, nil
		}
		return 0, errors.New("auto: neither JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (a Slurm job array) is set; give the shard number i, or env:NAME")
	}
	i, err := strconv.Atoi(s)
	if err != nil {
		return 0, errShardForm
	}
	return i, nil
}

var errShardForm = errors.New("want i/n with 1 <= i <= n (shard i of n; i may be auto or env:NAME)")
