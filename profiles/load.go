package profiles

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Loading profile files into a registry: read bounded (sizes and counts
// before any parse), parsed, checked as a whole, kept only without a
// problem.

// Load parses the files at paths (a file, or a folder whose *.yaml and
// *.yml files are read in name order) into the registry. It reports every
// problem of every file in one pass, including cards that matchups name
// and no file has (at most MaxErrors a file, then a count), and adds
// nothing if there is one.
func (r *Registry) Load(paths ...string) error { return r.LoadContext(context.Background(), paths...) }

// LoadContext is Load that stops when ctx is done (Ctrl-C), between files
// and every few thousand entries, and returns ctx.Err().
func (r *Registry) LoadContext(ctx context.Context, paths ...string) error {
	files, errs := listFiles(paths)
	var srcs []Source
	total := 0
	for _, name := range files {
		if err := ctx.Err(); err != nil {
			return err
		}
		data, err := readLimited(name)
		if err != nil {
			errs = append(errs, &Error{Pos: Pos{File: name, Line: 1, Col: 1}, Msg: err.Error()})
			continue
		}
		if total += len(data); total > MaxTotalSize {
			errs = append(errs, &Error{Pos: Pos{File: name, Line: 1, Col: 1}, Msg: fmt.Sprintf("the profile files come to more than %d MiB", MaxTotalSize>>20)})
			break
		}
		srcs = append(srcs, Source{Name: name, Data: data})
	}
	return r.load(ctx, srcs, errs)
}

// Source is a profile file's name and contents, read already (the
// page's own cards, kept in the browser).
type Source struct {
	Name string
	Data []byte
}

// LoadSources is LoadContext for files already read: the same checks,
// the same messages, and the same bounds on their sizes.
func (r *Registry) LoadSources(ctx context.Context, srcs ...Source) error {
	var errs Errors
	var keep []Source
	total := 0
	for _, s := range srcs {
		at := Pos{File: s.Name, Line: 1, Col: 1}
		if len(keep) >= MaxFiles {
			errs = append(errs, &Error{Pos: at, Msg: fmt.Sprintf("more than %d profile files", MaxFiles)})
			break
		}
		if len(s.Data) > MaxFileSize {
			errs = append(errs, &Error{Pos: at, Msg: fmt.Sprintf("larger than %d MiB: not a profile file", MaxFileSize>>20)})
			continue
		}
		if total += len(s.Data); total > MaxTotalSize {
			errs = append(errs, &Error{Pos: at, Msg: fmt.Sprintf("the profile files come to more than %d MiB", MaxTotalSize>>20)})
			break
		}
		keep = append(keep, s)
	}
	return r.load(ctx, keep, errs)
}

// load parses srcs into the registry, with errs the problems found
// reading them, and keeps nothing if there is any problem.
func (r *Registry) load(ctx context.Context, srcs []Source, errs Errors) error {
	next := r.clone()
	more := map[string]int{} // problems past those each parser keeps
	for _, s := range srcs {
		if err := ctx.Err(); err != nil {
			return err
		}
		f, ferrs, n := parseFile(ctx, s.Name, s.Data, r.systems)
		if err := ctx.Err(); err != nil {
			return err
		}
		errs, more[s.Name] = append(errs, ferrs...), n
		if f != nil {
			next.add(f, false)
		}
	}
	kept := map[string]int{}
	for _, e := range errs {
		kept[e.Pos.File]++
	}
	cerrs, err := next.check(ctx, kept, more)
	if err != nil {
		return err
	}
	if errs = append(errs, cerrs...); len(errs) > 0 {
		return capErrors(errs, more)
	}
	*r = *next
	return nil
}

// listFiles expands folders into their YAML files.
func listFiles(paths []string) ([]string, Errors) {
	var files []string
	var errs Errors
	for _, p := range paths {
		st, err := os.Stat(p)
		switch {
		case err != nil:
			errs = append(errs, &Error{Pos: Pos{File: p, Line: 1, Col: 1}, Msg: "cannot read: " + strings.TrimPrefix(err.Error(), "stat "+p+": ")})
		case !st.IsDir():
			files = append(files, p)
		default:
			for _, pat := range []string{"*.yaml", "*.yml"} {
				m, _ := filepath.Glob(filepath.Join(p, pat))
				sort.Strings(m)
				files = append(files, m...)
			}
		}
		if len(files) > MaxFiles {
			errs = append(errs, &Error{Pos: Pos{File: p, Line: 1, Col: 1}, Msg: fmt.Sprintf("more than %d profile files", MaxFiles)})
			return nil, errs
		}
	}
	return files, errs
}

// readLimited reads a regular file of at most MaxFileSize bytes. It opens
// without waiting and refuses a FIFO, a device or a socket (a FIFO's open
// waited for a writer, deaf to Ctrl-C; /dev/zero was read up to the
// bound), and refuses a file whose size is over the bound before reading
// any of it; the read is bounded too, for a file that grows.
func readLimited(name string) ([]byte, error) {
	data, err := ReadRegular(name, MaxFileSize)
	var nr *NotRegularError
	var tl *TooLargeError
	switch {
	case errors.As(err, &nr):
		return nil, fmt.Errorf("cannot read: %s", notAFile(nr.Mode))
	case errors.As(err, &tl):
		return nil, fmt.Errorf("larger than %d MiB: not a profile file", MaxFileSize>>20)
	case err != nil:
		return nil, fmt.Errorf("cannot read: %v", errors.Unwrap(err))
	}
	return data, nil
}

// notAFile says what a path that is not a regular file is.
func notAFile(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO), not a file"
	case m&fs.ModeDevice != 0:
		return "a device, not a file"
	case m&fs.ModeSocket != 0:
		return "a socket, not a file"
	case m.IsDir():
		return "a folder, not a file"
	}
	return "not a regular file"
}
