package benchmarks

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkStartup times one-shot answers from process start to exit,
// `odds roll 3d6` and `odds opposed fire --hesa 3 --def 1` (exact, two
// tables each), against a Go hello-world built on the same machine by
// the same toolchain: the ratio is the cost of odds' start-up (package
// initialisation, the command tree, loading a larger binary) over the
// least any Go program pays.
func BenchmarkStartup(b *testing.B) {
	dir := b.TempDir()
	hello := filepath.Join(dir, "hello")
	src := filepath.Join(dir, "src")
	must(b, os.MkdirAll(src, 0o755))
	must(b, os.WriteFile(filepath.Join(src, "go.mod"), []byte("module hello\n\ngo 1.22\n"), 0o644))
	must(b, os.WriteFile(filepath.Join(src, "main.go"), []byte("package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello, world\") }\n"), 0o644))
	build(b, src, hello, ".")
	odds := filepath.Join(dir, "odds")
	build(b, "..", odds, "./cmd/odds")
	for _, c := range []struct {
		name string
		cmd  []string
	}{
		{"hello", []string{hello}},
		{"odds-roll-3d6", []string{odds, "roll", "3d6"}},
		{"odds-opposed-fire", []string{odds, "opposed", "fire", "--hesa", "3", "--def", "1"}},
		{"odds-version", []string{odds, "--version"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var cpu time.Duration
			for b.Loop() {
				cmd := exec.Command(c.cmd[0], c.cmd[1:]...)
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("%v: %v\n%s", c.cmd, err, out)
				}
				cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
			}
			// The process's CPU time (all its threads, user and system):
			// on a loaded machine the wall time also counts the waits for
			// a core, which fall on a short process's run unevenly.
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
}

// maxOwnInitBytes bounds what odds' own packages allocate in package
// initialisation, which every run pays before it starts: small tables
// (the systems' sections, a dice counter, the renderers' maps), 15.3 KB
// in all on linux/amd64. A compiled regular expression costs 4 to 5 KB
// and a parsed embedded file far more: such a value belongs behind
// sync.OnceValue, built when first used.
const maxOwnInitBytes = 18_000

// initLine is one package's line of GODEBUG=inittrace=1.
var initLine = regexp.MustCompile(`^init (\S+) @\S+ \S+, \S+ ms clock, (\d+) bytes, (\d+) allocs$`)

// TestOwnInitAllocations runs odds with GODEBUG=inittrace=1 and adds up
// the bytes that its own packages (odds/...) allocate while initialising.
// Allocations are the same on every run of one binary, so the bound is
// exact where a timed one would flake; the time itself is BenchmarkStartup's.
func TestOwnInitAllocations(t *testing.T) {
	if testing.Short() {
		t.Skip("builds odds")
	}
	odds := filepath.Join(t.TempDir(), "odds")
	build(t, "..", odds, "./cmd/odds")
	cmd := exec.Command(odds, "--version")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("odds --version: %v\n%s", err, out)
	}
	own, total, lines := map[string]int{}, 0, 0
	for _, line := range strings.Split(string(out), "\n") {
		m := initLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		lines++
		if strings.HasPrefix(m[1], "odds/") {
			n, _ := strconv.Atoi(m[2])
			own[m[1]] += n
			total += n
		}
	}
	if lines == 0 {
		t.Fatalf("no package's initialisation traced: GODEBUG=inittrace=1 printed\n%s", out)
	}
	if total > maxOwnInitBytes {
		var each []string
		for pkg, n := range own {
			each = append(each, fmt.Sprintf("%s %d", pkg, n))
		}
		sort.Strings(each)
		t.Errorf("odds' packages allocate %d bytes initialising, want at most %d (build the new value on first use):\n%s",
			total, maxOwnInitBytes, strings.Join(each, "\n"))
	}
}

func build(tb testing.TB, dir, out, pkg string) {
	tb.Helper()
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Dir = dir
	if msg, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("go build %s: %v\n%s", pkg, err, msg)
	}
}

func must(b *testing.B, err error) {
	if err != nil {
		b.Fatal(err)
	}
}
