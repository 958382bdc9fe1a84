package benchmarks

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// BenchmarkStartup times a one-shot answer from process start to exit,
// `odds opposed fire --hesa 3 --def 1` (exact, one table), against a Go
// hello-world built on the same machine by the same toolchain: the ratio
// is the cost of odds' start-up (package initialisation, the command
// tree, loading a larger binary) over the least any Go program pays.
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
		{"odds-opposed-fire", []string{odds, "opposed", "fire", "--hesa", "3", "--def", "1"}},
		{"odds-version", []string{odds, "--version"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if out, err := exec.Command(c.cmd[0], c.cmd[1:]...).CombinedOutput(); err != nil {
					b.Fatalf("%v: %v\n%s", c.cmd, err, out)
				}
			}
		})
	}
}

func build(b *testing.B, dir, out, pkg string) {
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Dir = dir
	if msg, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go build %s: %v\n%s", pkg, err, msg)
	}
}

func must(b *testing.B, err error) {
	if err != nil {
		b.Fatal(err)
	}
}
