package main

import (
	"fmt"
	"os"
	"path/filepath"
)

func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return &usageError{err: fmt.Errorf("--out: %v", err)}
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), path)
	}
	if werr != nil {
		os.Remove(tmp.Name())
		return &ioError{fmt.Errorf("--out: %v", werr)}
	}
	return nil
}
