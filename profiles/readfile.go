package profiles

import (
	"fmt"
	"io"
	"io/fs"
)

// ReadRegular reads the regular file name, of at most max bytes: the one
// bounded reader of input files (profile files here, shard documents in
// odds merge). It opens without waiting (openNoWait: a FIFO's open would
// wait for a writer, deaf to Ctrl-C) and refuses a FIFO, a device, a
// socket or a folder (a *NotRegularError) and a file over max bytes (a
// *TooLargeError) before reading any of it; the read is bounded too, for
// a file that grows. Other failures are the *fs.PathError of the open,
// stat or read. Callers word the refusals for their files.
func ReadRegular(name string, max int64) ([]byte, error) {
	f, err := openNoWait(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	switch {
	case err != nil:
		return nil, err
	case !st.Mode().IsRegular():
		return nil, &NotRegularError{Path: name, Mode: st.Mode()}
	case st.Size() > max:
		return nil, &TooLargeError{Path: name, Size: st.Size(), Max: max}
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	switch {
	case err != nil:
		return nil, err
	case int64(len(data)) > max:
		return nil, &TooLargeError{Path: name, Size: -1, Max: max}
	}
	return data, nil
}

// NotRegularError is a path ReadRegular refused as not a regular file.
type NotRegularError struct {
	Path string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string { return e.Path + ": " + notAFile(e.Mode) }

// TooLargeError is a file ReadRegular refused as over its bound: Size is
// its size as stat gave it, or -1 when it grew past the bound as read.
type TooLargeError struct {
	Path      string
	Size, Max int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s: more than %d bytes", e.Path, e.Max)
}
