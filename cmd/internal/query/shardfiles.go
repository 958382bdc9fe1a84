package query

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"odds/profiles"
	"odds/resolve"
)

// The files of odds merge: reading shard documents (bounded, regular
// files only, a folder standing for its *.json), what a shard's command
// may be, and what identifies a run.

// RunArgs are the command line without the flags that only say where and
// how the output goes (and --shard itself): what identifies the run.
func RunArgs(args []string) []string {
	skip := map[string]bool{"--shard": true, "--out": true, "--format": true, "--plot": true, "--workers": true, "--quiet": false}
	var out []string
	for i := 0; i < len(args); i++ {
		name, _, hasValue := strings.Cut(args[i], "=")
		takesValue, ok := skip[name]
		switch {
		case !ok:
			out = append(out, args[i])
		case takesValue && !hasValue:
			i++ // and its value
		}
	}
	return out
}

// PartialNote marks the output of a merge with shards missing.
func PartialNote(missing []int, n int) string {
	s := make([]string, len(missing))
	for i, m := range missing {
		s[i] = strconv.Itoa(m)
	}
	noun := "shards"
	if len(missing) == 1 {
		noun = "shard"
	}
	return fmt.Sprintf("a partial run: %s %s of %d missing (odds merge --allow-missing); each result has the Monte Carlo trials of the %d shards merged",
		noun, strings.Join(s, ", "), n, n-len(missing))
}

// shardFiles are merge's arguments with each folder replaced by the
// shard documents in it (its *.json files that are shard documents, in
// name order): a job merges a shared folder without a shell's glob.
func shardFiles(args []string) ([]string, error) {
	var out []string
	for _, p := range args {
		st, err := os.Stat(p)
		if err != nil || !st.IsDir() {
			out = append(out, p) // readShards names what is wrong with it
			continue
		}
		files, err := filepath.Glob(filepath.Join(p, "*.json"))
		if err != nil {
			return nil, shardErrorf("", "merge: %s: %v", p, err)
		}
		n := 0
		for _, f := range files {
			if data, err := readShardFile(f); err == nil && isShard(data) {
				out, n = append(out, f), n+1
			}
		}
		if n == 0 {
			return nil, shardErrorf("merge reads what --shard i/n wrote", "merge: %s: no shard document (*.json) in the folder", p)
		}
	}
	return out, nil
}

// isShard reports whether data is a shard document.
func isShard(data []byte) bool {
	var d struct {
		Kind string `json:"kind"`
	}
	return json.Unmarshal(data, &d) == nil && d.Kind == ShardKind
}

// MaxShardBytes bounds a shard document: a run's shard holds at most a
// few numbers per histogram cell of each result.
const MaxShardBytes = 64 << 20

// readShards reads shard documents and checks that they are the n
// shards of one run, each once, each well formed. A shard is input like
// any other: what is not a regular file (a FIFO, /dev/zero) is refused
// without waiting, and so is a file over MaxShardBytes, before reading.
// With allowMissing, shards may be missing: their numbers are returned
// (CheckPartialShards).
func readShards(paths []string, allowMissing bool) (docs []*ShardDoc, missing []int, err error) {
	for _, p := range paths {
		data, err := readShardFile(p)
		if err != nil {
			return nil, nil, err
		}
		d := &ShardDoc{}
		if err := json.Unmarshal(data, d); err != nil || d.Kind != ShardKind {
			return nil, nil, shardErrorf("merge reads what --shard i/n wrote", "merge: %s: not a shard document", p)
		}
		docs = append(docs, d)
	}
	if allowMissing {
		missing, err = CheckPartialShards(docs, paths)
		return docs, missing, err
	}
	return docs, nil, CheckShards(docs, paths)
}

// readShardFile reads one shard file, bounded (profiles.ReadRegular):
// opened without waiting, refused unless a regular file of at most
// MaxShardBytes.
func readShardFile(p string) ([]byte, error) {
	data, err := profiles.ReadRegular(p, MaxShardBytes)
	var nr *profiles.NotRegularError
	var tl *profiles.TooLargeError
	switch {
	case errors.As(err, &nr):
		return nil, shardErrorf("merge reads what --shard i/n wrote", "merge: %s: not a regular file", p)
	case errors.As(err, &tl) && tl.Size >= 0:
		return nil, shardErrorf("merge reads what --shard i/n wrote", "merge: %s: %d bytes is more than a shard's %d", p, tl.Size, MaxShardBytes)
	case errors.As(err, &tl):
		return nil, shardErrorf("merge reads what --shard i/n wrote", "merge: %s: more than a shard's %d bytes", p, MaxShardBytes)
	case err != nil:
		return nil, shardErrorf("", "merge: %v", err)
	}
	return data, nil
}

// checkShardArgs  refuses a shard whose command is not a compute command
// (a system's action, run or roll) or whose words name an output, a
// listener or a profile file: merge runs only what computes the figures,
// and where the output goes comes from merge's own flags.
func CheckShardArgs(systems []*resolve.System, words []string, name string) error {
	bad := func(what string) error {
		return shardErrorf("merge reads the shard documents --shard i/n wrote, unchanged", "merge: %s: %s", name, what)
	}
	if len(words) == 0 {
		return bad("the shard names no command")
	}
	compute := words[0] == "run" || words[0] == "roll" || words[0] == "engage" || resolve.Named(systems, words[0]) != nil
	if !compute {
		return bad(fmt.Sprintf("%q is not a command that computes odds", words[0]))
	}
	for _, w := range words[1:] {
		flag, _, _ := strings.Cut(w, "=")
		switch flag {
		case "--out", "--plot", "--profiles", "--addr", "--shard", "--format", "--help", "-h", "--version":
			return bad(fmt.Sprintf("the command's %s is not merge's to take from a shard", flag))
		}
	}
	return nil
}

// ReadShards reads the shard documents merge is given, each folder
// standing for the shard documents (*.json) in it, and checks that they
// are the n shards of one run (or, with allowMissing, some of them: the
// missing shards' numbers are returned).
func ReadShards(args []string, allowMissing bool) (docs []*ShardDoc, files []string, missing []int, err error) {
	if files, err = shardFiles(args); err != nil {
		return nil, nil, nil, err
	}
	docs, missing, err = readShards(files, allowMissing)
	return docs, files, missing, err
}

// shardErrorf is a shard file that merge refuses: bad input, with a hint.
func shardErrorf(hint, format string, args ...any) error {
	return &Error{Hint: hint, Err: fmt.Errorf(format, args...)}
}
