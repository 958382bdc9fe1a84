package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

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
	return &ioError{fmt.Errorf("--%s %s: %w", flag, path, err)}
}

// writeOut writes data to path, whole or not at all where that can be had:
//   - a regular file (or a new one) is written to a temporary file beside
//     it and renamed over it, keeping the existing file's mode (a new file
//     gets 0666 less the umask); a symbolic link is followed, so the file
//     it names is replaced and the link stays;
//   - a file with other hard links is rewritten in place, so the links
//     keep seeing it;
//   - anything else (a device such as /dev/null, a pipe, /dev/stdout) is
//     written directly: it cannot be replaced, only written to.
func writeOut(path string, data []byte) error {
	return writeDest(context.Background(), "out", path, data)
}

// writeDest is writeOut for the file of any flag, whose errors name it;
// waiting for a reader of a FIFO ends when ctx does (Ctrl-C).
func writeDest(ctx context.Context, flag, path string, data []byte) error {
	return writeDestFunc(ctx, flag, path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// writeDestFunc is writeDest of the output fill writes, with the same
// guarantees: a regular file's is streamed into the temporary file, which
// is renamed over it only once fill has returned nil (and ctx has not
// ended); anything written in place (a FIFO, a device, a hard-linked
// file) is rendered into memory first and written only once whole. An
// error of fill's that is not one of writing the file is returned as
// fill gave it.
func writeDestFunc(ctx context.Context, flag, path string, fill func(io.Writer) error) error {
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

// writePlot writes a drawn plot to --plot, whole or not at all, unless
// the run was interrupted.
func (a *app) writePlot(data []byte) error {
	if err := a.ctx.Err(); err != nil {
		return err
	}
	return writeDest(a.ctx, "plot", a.plot, data)
}
