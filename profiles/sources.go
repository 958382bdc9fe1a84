package profiles

import (
	"os"
	"path/filepath"
	"strings"
)

// EnvPaths are the profile paths the ODDS_PROFILES path list names, in
// order, none empty.
func EnvPaths() []string {
	var paths []string
	for _, p := range filepath.SplitList(os.Getenv("ODDS_PROFILES")) {
		if p != "" {
			paths = append(paths, p)
		}
	}
	return paths
}

// Files are the files the profile paths name, as Load reads them: a
// folder gives its YAML files; a path that cannot be read is left out.
func Files(paths []string) []string {
	var files []string
	for _, p := range paths {
		fs, _ := listFiles([]string{p})
		files = append(files, fs...)
	}
	return files
}

// In reports whether any of the problems is in a file of paths, or in a
// folder of paths.
func (es Errors) In(paths []string) bool {
	for _, e := range es {
		for _, p := range paths {
			if e.Pos.File == p || strings.HasPrefix(e.Pos.File, filepath.Join(p, "")+string(filepath.Separator)) {
				return true
			}
		}
	}
	return false
}
