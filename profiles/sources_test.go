package profiles

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"odds/resolve/all"
)

// Files already read (the page's own cards) load as the same files on
// disk do: the same problems, the same cards; a file over MaxFileSize is
// refused with LoadContext's words, and nothing is kept when any file
// has a problem.
func TestLoadSources(t *testing.T) {
	dir := t.TempDir()
	good := "units:\n  - name: my-mg\n    system: opposed\n    element: inf\n    hesa: 4\n    def: 2\n"
	bad := "units:\n  - name: x\n    system: opposed\n    hesa: 99\nmatchups:\n  - name: m\n    system: opposed\n    action: fire\n    attacker: nosuch\n"
	var srcs []Source
	var paths []string
	for name, text := range map[string]string{"good.yaml": good, "bad.yaml": bad} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		srcs, paths = append(srcs, Source{Name: p, Data: []byte(text)}), append(paths, p)
	}
	fromDisk, _ := New(all.Systems())
	fromMemory, _ := New(all.Systems())
	diskErr := fromDisk.LoadContext(context.Background(), paths...)
	memErr := fromMemory.LoadSources(context.Background(), srcs...)
	if diskErr == nil || memErr == nil || diskErr.Error() != memErr.Error() {
		t.Errorf("problems differ:\ndisk:   %v\nmemory: %v", diskErr, memErr)
	}
	if _, err := fromMemory.Unit("my-mg", "opposed"); err == nil {
		t.Errorf("a file had problems, yet my-mg was kept")
	}
	fromDisk, _ = New(all.Systems())
	fromMemory, _ = New(all.Systems())
	if err := fromDisk.LoadContext(context.Background(), paths[slicesIndex(paths, "good.yaml")]); err != nil {
		t.Fatal(err)
	}
	if err := fromMemory.LoadSources(context.Background(), srcs[slicesIndex(paths, "good.yaml")]); err != nil {
		t.Fatal(err)
	}
	a, _ := fromDisk.Unit("my-mg", "opposed")
	b, _ := fromMemory.Unit("my-mg", "opposed")
	if a == nil || !reflect.DeepEqual(a, b) {
		t.Errorf("my-mg from disk %+v, from memory %+v", a, b)
	}
	huge := Source{Name: "huge.yaml", Data: []byte(strings.Repeat("#", MaxFileSize+1))}
	if err := fromMemory.LoadSources(context.Background(), huge); err == nil || !strings.Contains(err.Error(), "huge.yaml:1:1: larger than 4 MiB: not a profile file") {
		t.Errorf("a file over MaxFileSize: %v", err)
	}
}

func slicesIndex(paths []string, base string) int {
	for i, p := range paths {
		if filepath.Base(p) == base {
			return i
		}
	}
	return -1
}
