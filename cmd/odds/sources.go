package main

import (
	"errors"
	"fmt"
	"os"

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
	for _, p := range profiles.EnvPaths() {
		if _, err := os.Stat(p); err != nil {
			return nil, usagef("fix or unset ODDS_PROFILES", "ODDS_PROFILES: %s: %v", p, errors.Unwrap(err))
		}
	}
	if err := a.checkProfilePaths(); err != nil {
		return nil, err
	}
	if err := reg.LoadContext(a.ctx, a.profileSources()...); err != nil {
		if pe, ok := profileErrors(err); ok && pe.In(profiles.EnvPaths()) {
			return nil, &usageError{Err: err, Hint: "a file named by ODDS_PROFILES has problems: fix it or unset ODDS_PROFILES"}
		}
		return nil, err
	}
	for _, w := range reg.Warnings {
		fmt.Fprintf(a.stderr, "odds: warning: %s\n", w)
	}
	a.reg = reg
	return reg, nil
}

// profileSources are the profile paths given: ODDS_PROFILES, then
// --profiles.
func (a *app) profileSources() []string {
	return append(profiles.EnvPaths(), a.profilePaths...)
}

// profileFiles are the files the profile paths name: folders give their
// YAML files.
func (a *app) profileFiles() []string { return profiles.Files(a.profileSources()) }

// profileErrors reports whether err holds profile problems, one per line.
func profileErrors(err error) (profiles.Errors, bool) {
	var pe profiles.Errors
	ok := errors.As(err, &pe)
	return pe, ok
}
