//go:build unix

package benchmarks

import "syscall"

// processCPU is the process's CPU time in nanoseconds, user and system,
// every thread's (the garbage collector's too).
func processCPU() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
