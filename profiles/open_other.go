//go:build !unix

package profiles

import (
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
		return nil, &NotRegularError{Path: name, Mode: st.Mode()}
	}
	return os.Open(name)
}
