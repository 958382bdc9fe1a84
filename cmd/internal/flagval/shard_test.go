package flagval

import (
	"strings"
	"testing"
)

// --shard takes i from the environment a scheduler sets: auto reads
// Kubernetes' JOB_COMPLETION_INDEX (0-based) or Slurm's
// SLURM_ARRAY_TASK_ID (from SLURM_ARRAY_TASK_MIN), env:NAME a 1-based
// number; what is unset or not a number is an error naming it.
func TestShardIndex(t *testing.T) {
	for _, c := range []struct {
		i    string
		env  map[string]string
		want int
		err  string
	}{
		{"3", nil, 3, ""},
		{"auto", map[string]string{"JOB_COMPLETION_INDEX": "0"}, 1, ""},
		{"auto", map[string]string{"JOB_COMPLETION_INDEX": "19", "SLURM_ARRAY_TASK_ID": "4"}, 20, ""},
		{"auto", map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1"}, 1, ""},
		{"auto", map[string]string{"SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "0"}, 1, ""},
		{"auto", map[string]string{"SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "5"}, 3, ""},
		{"env:PARALLEL_SEQ", map[string]string{"PARALLEL_SEQ": "2"}, 2, ""},
		{"auto", nil, 0, "neither JOB_COMPLETION_INDEX"},
		{"auto", map[string]string{"JOB_COMPLETION_INDEX": "x"}, 0, `JOB_COMPLETION_INDEX="x" is not a number`},
		{"env:TASK", nil, 0, "env:TASK: the variable is not set"},
		{"x", nil, 0, "want i/n"},
	} {
		got, err := ShardIndex(c.i, func(k string) string { return c.env[k] })
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s %v: %v, want an error with %q", c.i, c.env, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%s %v: %d, %v; want %d", c.i, c.env, got, err, c.want)
		}
	}
}
