#!/usr/bin/env bash
# Reproduces the performance tables in benchmarks/README.md. The benchmarks run
# REPEATS times (default 5), interleaved: each repeat runs every benchmark
# once, so a noisy moment of the (shared) machine touches one sample of
# each, not every sample of one. Figures are ratios taken within a repeat;
# the report gives their median with the lowest and highest. benchstat
# summarises the raw samples on stderr. Takes about 2.5 minutes a repeat on
# two cores.
set -euo pipefail
cd "$(dirname "$0")/.."
repeats=${REPEATS:-5}
out=$(mktemp)
for i in $(seq "$repeats"); do
	echo "repeat $i of $repeats" >&2
	go test ./benchmarks -run '^$' -bench 'Run1e8|FloorParallel' -benchtime 5x -count 1
	go test ./benchmarks -run '^$' -bench '^BenchmarkSweep$' -benchtime 3x -count 1
	go test ./cmd/odds -run '^$' -bench '^BenchmarkSweepRender$' -benchtime 20x -count 1
	go test ./cmd/internal/query -run '^$' -bench '^BenchmarkSweep100k$|^BenchmarkSweep1M$' -benchtime 1x -count 1
	go test ./benchmarks -run '^$' -bench '^BenchmarkStartup$' -benchtime 100x -count 1
	go test ./benchmarks -run '^$' -bench '^BenchmarkCompare$|^BenchmarkRollShapes$' -benchtime 1s -count 1
	go test ./benchmarks -run '^$' -bench '^BenchmarkExact$|^BenchmarkCompileLargePool$|^BenchmarkSymbolFireExact$' -benchtime 1s -count 1
	go test ./benchmarks -run '^$' -bench '^BenchmarkActions$' -benchtime 1s -count 1
	go test ./benchmarks -run '^$' -bench '^BenchmarkKernelCPU$' -benchtime 200x -count 1
done >"$out"

# The raw samples, summarised (median and confidence interval of each).
go run golang.org/x/perf/cmd/benchstat@latest "$out" >&2 || echo "(benchstat could not run; the report below does not need it)" >&2

# Peak resident memory of a whole run, in MB.
go build -o "$out.odds" ./cmd/odds
peak() {
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f %M "$out.odds" "$@" 2>&1 >/dev/null | tail -n 1 | awk '{ printf "%.1f", $1 / 1024 }'
	else
		"$out.odds" "$@" >/dev/null & pid=$!; hwm=0
		while kill -0 $pid 2>/dev/null; do
			h=$(awk '/VmHWM/ { print $2 }' /proc/$pid/status 2>/dev/null || true); [ -n "$h" ] && hwm=$h; sleep 0.02
		done
		awk -v k="$hwm" 'BEGIN { printf "%.1f", k / 1024 }'
	fi
}
m6=$(peak opposed fire --hesa 3 --def 1 --method mc --trials 1e6 --seed 1)
m9=$(peak opposed fire --hesa 3 --def 1 --method mc --trials 1e9 --seed 1)
sweep=(opposed fire --hesa 0..12 --def 0..12 --firer-quality=-3..3 --target-quality=-3..3 --cover none,soft,hard --within-4=both --smoke=both --seed 1)
mt=$(peak "${sweep[@]}")
mc=$(peak "${sweep[@]}" --format csv)
mj=$(peak "${sweep[@]}" --format json)
sweep1m=(opposed fire --hesa 0..12 --def 0..12 --firer-quality=-3..3 --target-quality=-3..3 --cover none,soft --within-4=both --smoke=both
	--not-front=both --firer-moved=both --firer-suppressed=both --hull-down=both --seed 1)
m1c=$(peak "${sweep1m[@]}" --format csv)
m1j=$(peak "${sweep1m[@]}" --format json)

go run ./benchmarks/report <"$out"
echo
echo "| memory | peak resident |"
echo "|---|---|"
echo "| opposed fire, 1e6 trials | ${m6} MB |"
echo "| opposed fire, 1e9 trials | ${m9} MB |"
echo "| exact sweep of 99,372 points (opposed fire), as a table | ${mt} MB |"
echo "| exact sweep of 99,372 points (opposed fire), as CSV (17 MB of it) | ${mc} MB |"
echo "| exact sweep of 99,372 points (opposed fire), as JSON (169 MB of it) | ${mj} MB |"
echo "| exact sweep of 1,059,968 points (opposed fire), streamed as CSV (176 MB of it) | ${m1c} MB |"
echo "| exact sweep of 1,059,968 points (opposed fire), streamed as JSON (1.8 GB of it) | ${m1j} MB |"
rm -f "$out" "$out.odds"
