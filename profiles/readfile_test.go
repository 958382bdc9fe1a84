package profiles

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestReadRegular: a file of exactly max bytes is read whole; one byte
// more is a *TooLargeError with the size stat gave (11 bytes written by
// the test); a folder is a *NotRegularError; a missing file the open's
// *fs.PathError.
func TestReadRegular(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "f")
	if err := os.WriteFile(name, []byte("hello world"), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadRegular(name, 11); err != nil || string(data) != "hello world" {
		t.Errorf("max 11: %q, %v", data, err)
	}
	var tl *TooLargeError
	if _, err := ReadRegular(name, 10); !errors.As(err, &tl) || tl.Size != 11 || tl.Max != 10 {
		t.Errorf("max 10: %v, want a TooLargeError of 11 bytes", err)
	}
	var nr *NotRegularError
	if _, err := ReadRegular(dir, 10); !errors.As(err, &nr) || !nr.Mode.IsDir() {
		t.Errorf("folder: %v, want a NotRegularError", err)
	}
	var pe *os.PathError
	if _, err := ReadRegular(filepath.Join(dir, "none"), 10); !errors.As(err, &pe) {
		t.Errorf("missing: %v, want a PathError", err)
	}
}
