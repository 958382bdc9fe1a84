//go:build unix

package main

import (
	"os"
	"syscall"
)

// openNoWait opens a file for reading without waiting: O_NONBLOCK makes
// the open of a FIFO return at once, not when a writer comes, so that
// readShardFile can refuse it (as profiles does for profile files).
func openNoWait(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
