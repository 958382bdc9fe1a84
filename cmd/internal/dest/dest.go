package dest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// Error is a failure to write output (not the user's input at fault):
// the command line exits 1 on it.
type Error struct{ Err error }

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// destError is a failure to write the file of a flag (--out, --plot),
// named by the flag and the path the user gave.
func destError(flag, path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err // the user's path, not a temporary file's
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		err = le.Err
	}
	return &Error{fmt.Errorf("--%s %s: %w", flag, path, err)}
}

// Out writes data to --out's path, whole or not at all where that can be had:
//   - a regular file (or a new one) is written to a temporary file beside
//     it and renamed over it, keeping the existing file's mode (a new file
//     gets 0666 less the umask); a symbolic link is followed, so the file
//     it names is replaced and the link stays;
//   - a file with other hard links is rewritten in place, so the links
//     keep seeing it;
//   - anything else (a device such as /dev/null, a pipe, /dev/stdout) is
//     written directly: it cannot be replaced, only written to.
func Out(path string, data []byte) error {
	return Write(context.Background(), "out", path, data)
}

// Write is Out for the file of any flag, whose errors name it; waiting
// for a reader of a FIFO ends when ctx does (Ctrl-C).
func Write(ctx context.Context, flag, path string, data []byte) error {
	return WriteFunc(ctx, flag, path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteFunc is Write of the output fill writes, with the same
// guarantees: a regular file's is streamed into the temporary file, which
// is renamed over it only once fill has returned nil (and ctx has not
// ended); anything written in place (a FIFO, a device, a hard-linked
// file) is rendered into memory first and written only once whole. An
// error of fill's that is not one of writing the file is returned as
// fill gave it.
func WriteFunc(ctx context.Context, flag, path string, fill func(io.Writer) error) error {
	outError := func(path string, err error) error { return destError(flag, path, err) }
	st, err := os.Stat(path) // through any links
	switch {
	case errors.Is(err, fs.ErrNotExist):
		target, err := resolveLinks(path) // a dangling link names the file to make
		if err != nil {
			return outError(path, err)
		}
		return writeReplace(ctx, flag, path, target, fill, 0o666, false)
	case err != nil:
		return outError(path, err)
	case st.IsDir():
		return outError(path, errors.New("is a folder"))
	case !st.Mode().IsRegular():
		return writeDirect(ctx, flag, path, fill, 0)
	case nlink(st) > 1:
		return writeDirect(ctx, flag, path, fill, os.O_TRUNC)
	}
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return outError(path, err)
	}
	return writeReplace(ctx, flag, path, target, fill, st.Mode().Perm(), true)
}

// fileWriter is a file that keeps its first write error, to tell a
// failure to write the file (named by its flag and path) from fill's own.
type fileWriter struct {
	f   *os.File
	err error
}

func (w *fileWriter) Write(p []byte) (int, error) {
	n, err := w.f.Write(p)
	if err != nil && w.err == nil {
		w.err = err
	}
	return n, err
}

// resolveLinks follows symbolic links to the file path names, which need
// not exist yet (a dangling link names the file to create).
func resolveLinks(path string) (string, error) {
	for range 40 {
		st, err := os.Lstat(path)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		path = link
	}
	return "", errors.New("too many levels of symbolic links")
}

func nlink(st fs.FileInfo) uint64 {
	if sys, ok := st.Sys().(*syscall.Stat_t); ok {
		return uint64(sys.Nlink)
	}
	return 1
}

func writeDirect(ctx context.Context, flag, path string, fill func(io.Writer) error, mode int) error {
	outError := func(path string, err error) error { return destError(flag, path, err) }
	var buf chunks // whole before the file is opened: nothing half-written
	if err := fill(&buf); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	f, err := openWriteNoWait(ctx, path, os.O_WRONLY|mode)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return outError(path, err)
	}
	_, err = buf.parts.WriteTo(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return outError(path, err)
	}
	return nil
}

// writeReplace streams fill into a temporary file beside target and
// renames it over target once fill is done (the temporary file is
// removed on any failure or interruption). keepMode sets perm exactly
// (the replaced file's); otherwise perm is subject to the umask, as for
// any new file.
func writeReplace(ctx context.Context, flag, path, target string, fill func(io.Writer) error, perm fs.FileMode, keepMode bool) error {
	outError := func(path string, err error) error { return destError(flag, path, err) }
	var suffix [6]byte
	_, _ = rand.Read(suffix[:])
	tmp := filepath.Join(filepath.Dir(target), "."+filepath.Base(target)+"."+hex.EncodeToString(suffix[:])+".tmp")
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return outError(path, err)
	}
	fw := &fileWriter{f: f}
	err = fill(fw)
	if err == nil {
		err = ctx.Err()
	}
	if err != nil && fw.err == nil { // fill's own error, or Ctrl-C
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err == nil && keepMode {
		err = f.Chmod(perm)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, target)
	}
	if err != nil {
		os.Remove(tmp)
		if fw.err != nil {
			err = fw.err
		}
		return outError(path, err)
	}
	return nil
}

// writable reports, without writing, whether path (a file, or a folder
// to create files in) may be written by this process: access(2) with
// W_OK, which also reports a read-only file system.
func writable(path string) error {
	if err := syscall.Access(path, 2 /* W_OK */); err != nil {
		return err
	}
	return nil
}

// openWriteNoWait opens path for writing without blocking in open(2): a FIFO
// with no reader yet is opened with O_NONBLOCK, which fails with ENXIO
// until a reader comes, so it is tried again every 20 ms until then or
// until ctx ends (Ctrl-C). A blocking open could not be interrupted:
// only a second Ctrl-C ended odds. Once open, writes block as usual
// (Go's poller waits on the descriptor).
func openWriteNoWait(ctx context.Context, path string, flag int) (*os.File, error) {
	for {
		f, err := os.OpenFile(path, flag|syscall.O_NONBLOCK, 0)
		if !errors.Is(err, syscall.ENXIO) {
			return f, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// chunks holds output in pieces, each up to maxChunk bytes: a large
// document is never copied to grow one buffer (a 99,372-point sweep is
// 21 MB as a table, 169 MB as JSON; a doubling buffer held up to twice
// that and copied it on every growth).
type chunks struct{ parts net.Buffers }

const minChunk, maxChunk = 4 << 10, 1 << 20

func (c *chunks) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		if k := len(c.parts); k == 0 || len(c.parts[k-1]) == cap(c.parts[k-1]) {
			size := minChunk
			if k > 0 {
				size = min(maxChunk, 2*cap(c.parts[k-1]))
			}
			c.parts = append(c.parts, make([]byte, 0, size))
		}
		last := &c.parts[len(c.parts)-1]
		k := min(len(p), cap(*last)-len(*last))
		*last = append(*last, p[:k]...)
		p = p[k:]
	}
	return n, nil
}

// Check checks, before any trial runs, that the file of a flag (--out,
// --plot) can be written: a folder, a missing or read-only folder, a
// file that cannot be written is an Error naming the flag and path.
// target is the file path names, its links followed ("" for a device or
// pipe, written directly).
func Check(flag, path string) (target string, err error) {
	if path == "" {
		return "", nil
	}
	bad := func(err error) error { return destError(flag, path, err) }
	st, err := os.Stat(path)
	switch {
	case err == nil && st.IsDir():
		return "", bad(errors.New("is a folder"))
	case err == nil && !st.Mode().IsRegular():
		return "", nil // a device or pipe: written directly
	case err == nil && writable(path) != nil:
		return "", bad(writable(path))
	}
	target, err = resolveLinks(path)
	if err != nil {
		return "", bad(err)
	}
	dir := filepath.Dir(target)
	if st, err := os.Stat(dir); err != nil {
		return "", bad(err)
	} else if !st.IsDir() {
		return "", bad(fmt.Errorf("%s is not a folder", dir))
	} else if err := writable(dir); err != nil { // the file is made there
		return "", bad(fmt.Errorf("cannot write in %s: %w", dir, err))
	}
	return target, nil
}
