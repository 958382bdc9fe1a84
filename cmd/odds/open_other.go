//go:build !unix

package main

import (
	"errors"
	"os"
)

// openNoWait opens a file for reading, refusing first what is not a
// regular file (no O_NONBLOCK here).
func openNoWait(name string) (*os.File, error) {
	st, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &os.PathError{Op: "open", Path: name, Err: errors.New(notAFile(st.Mode()))}
	}
	return os.Open(name)
}
