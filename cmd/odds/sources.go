package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"odds/profiles"
)

// registry returns the profiles in force: built-ins, then ODDS_PROFILES,
// then --profiles, loaded once. Shadowing is reported on stderr.
func (a *app) registry() (*profiles.Registry, error) {
	if a.reg != nil {
		return a.reg, nil
	}
	reg, err := profiles.New(a.systems)
	if err != nil {
		return nil, err
	}
	for _, p := range envProfiles() {
		if _, err := os.Stat(p); err != nil {
			return nil, usagef("fix or unset ODDS_PROFILES", "ODDS_PROFILES: %s: %v", p, errors.Unwrap(err))
		}
	}
	if err := a.checkProfilePaths(); err != nil {
		return nil, err
	}
	if err := reg.LoadContext(a.ctx, a.profileSources()...); err != nil {
		if pe, ok := profileErrors(err); ok && fromEnv(pe) {
			return nil, &usageError{err: err, hint: "a file named by ODDS_PROFILES has problems: fix it or unset ODDS_PROFILES"}
		}
		return nil, err
	}
	for _, w := range reg.Warnings {
		fmt.Fprintf(a.stderr, "odds: warning: %s\n", w)
	}
	a.reg = reg
	return reg, nil
}

// envProfiles are the paths ODDS_PROFILES names.
func envProfiles() []string {
	var paths []string
	for _, p := range filepath.SplitList(os.Getenv("ODDS_PROFILES")) {
		if p != "" {
			paths = append(paths, p)
		}
	}
	return paths
}

// fromEnv reports whether any of the problems is in a file that
// ODDS_PROFILES names (or one in a folder it names).
func fromEnv(pe profiles.Errors) bool {
	for _, e := range pe {
		for _, p := range envProfiles() {
			if e.Pos.File == p || strings.HasPrefix(e.Pos.File, filepath.Join(p, "")+string(filepath.Separator)) {
				return true
			}
		}
	}
	return false
}

// profileSources are the profile paths given: ODDS_PROFILES, then
// --profiles.
func (a *app) profileSources() []string {
	return append(envProfiles(), a.profilePaths...)
}

// profileFiles are the files the profile paths name: folders give their
// YAML files.
func (a *app) profileFiles() []string {
	var files []string
	for _, p := range a.profileSources() {
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			for _, pat := range []string{"*.yaml", "*.yml"} {
				m, _ := filepath.Glob(filepath.Join(p, pat))
				files = append(files, m...)
			}
			continue
		}
		files = append(files, p)
	}
	return files
}

// profileErrors reports whether err holds profile problems, one per line.
func profileErrors(err error) (profiles.Errors, bool) {
	var pe profiles.Errors
	ok := errors.As(err, &pe)
	return pe, ok
}
