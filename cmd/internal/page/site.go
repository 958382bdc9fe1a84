package page

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Marker is the file odds page writes beside the page's files: the list
// of the files it wrote, one per line. A folder with it is odds page's
// to update (files of others there, a host's CNAME, are left alone); a
// folder without it must be empty or new.
const Marker = ".odds-page"

// ForeignError is a folder that holds files odds page did not write:
// it writes nothing there rather than mix the page with them.
type ForeignError struct {
	Dir  string
	File string // one of them
}

func (e *ForeignError) Error() string {
	return fmt.Sprintf("%s holds %s, which odds page did not write", e.Dir, e.File)
}

// Write writes the page as a static site into dir, made if missing:
// every file of Files as it is (the engine compressed, as odds.wasm.gz:
// any static host sends it whole) and Marker. In a folder it wrote before it replaces its own files and
// removes those the page no longer has; it refuses a folder that holds
// other files (ForeignError), and writes each file whole (a temporary
// file renamed), so that an interrupted run leaves no half file.
func Write(dir string) (written []string, err error) {
	files, err := Files()
	if err != nil {
		return nil, err
	}
	old, err := previous(dir)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	for _, f := range files {
		if err := writeFile(dir, f.Name, f.Data); err != nil {
			return written, err
		}
		written = append(written, f.Name)
	}
	for _, name := range old {
		if !slices.Contains(written, name) {
			if err := os.Remove(filepath.Join(dir, name)); err != nil && !errors.Is(err, os.ErrNotExist) {
				return written, err
			}
		}
	}
	return written, writeFile(dir, Marker, []byte(strings.Join(written, "\n")+"\n"))
}

// previous is the files odds page wrote in dir before (its Marker), or
// a ForeignError if dir holds files and no Marker.
func previous(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil, nil
	case err != nil:
		return nil, err
	case len(entries) == 0:
		return nil, nil
	}
	list, err := os.ReadFile(filepath.Join(dir, Marker))
	if err != nil {
		return nil, &ForeignError{Dir: dir, File: entries[0].Name()}
	}
	var names []string
	for _, n := range strings.Split(strings.TrimSpace(string(list)), "\n") {
		// Only plain names of this folder: a hand-edited marker must not
		// make odds page remove files elsewhere.
		if n != "" && n == filepath.Base(n) && n != "." && n != ".." && n != Marker {
			names = append(names, n)
		}
	}
	return names, nil
}

// writeFile writes data to dir/name whole: a temporary file renamed.
func writeFile(dir, name string, data []byte) error {
	tmp, err := os.CreateTemp(dir, "."+name+".*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), filepath.Join(dir, name))
}
