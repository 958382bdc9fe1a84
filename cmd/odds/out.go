package main

import "odds/cmd/internal/dest"

// writePlot writes a drawn plot to --plot, whole or not at all, unless
// the run was interrupted.
func (a *app) writePlot(data []byte) error {
	if err := a.ctx.Err(); err != nil {
		return err
	}
	return dest.Write(a.ctx, "plot", a.plot, data)
}
