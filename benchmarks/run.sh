#!/usr/bin/env bash
# Reproduces the performance table in README.md. Figures are ratios measured
# in this one run (the machines are shared and noisy), plus peak memory.
# Takes about two minutes on two cores.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp)
{
	go test ./benchmarks -run '^$' -bench 'Run1e8|FloorParallel' -benchtime 5x
	go test ./benchmarks -run '^$' -bench '^BenchmarkExact$' -benchtime 1s
	go test ./benchmarks -run '^$' -bench '^BenchmarkActions$' -benchtime 1s
} | tee "$out" >&2

# ns/trial (or ns/op) of a benchmark, by name without the -GOMAXPROCS suffix.
get() { awk -v n="$1" '{ name = $1; sub(/-[0-9]+$/, "", name) } name == n { for (i = 2; i < NF; i++) if ($(i+1) == "ns/trial") v = $i; if (v == "") v = $3 } END { print v }' "$out"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; }

fo=$(get BenchmarkRun1e8/floor-opposed); f1=$(get BenchmarkRun1e8/opposed-fire/workers-1); f2=$(get BenchmarkRun1e8/opposed-fire/workers-2)
fs=$(get BenchmarkRun1e8/floor-successes); r1=$(get BenchmarkRun1e8/roll-6d6/workers-1); r2=$(get BenchmarkRun1e8/roll-6d6/workers-2)
p1=$(get BenchmarkFloorParallel/goroutines-1); p2=$(get BenchmarkFloorParallel/goroutines-2)

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

cat <<TABLE
| figure | measured |
|---|---|
| opposed fire, 1 worker, 1e8 trials, against its floor | $(ratio "$f1" "$fo") |
| roll '6d6>=4', 1 worker, 1e8 trials, against its floor | $(ratio "$r1" "$fs") |
| opposed fire, 2 workers against 1 (speed-up) | $(ratio "$f1" "$f2") |
| roll '6d6>=4', 2 workers against 1 (speed-up) | $(ratio "$r1" "$r2") |
| the floor itself, 2 goroutines against 1 (the machine's limit) | $(ratio "$p1" "$p2") |
| exact opposed fire (100 paths) | $(get BenchmarkExact/opposed-fire) ns |
| exact roll '6d6>=4' (convolution) | $(get BenchmarkExact/roll-6d6) ns |
| exact roll '40d10' (convolution) | $(get BenchmarkExact/roll-40d10) ns |
| exact symbol fire, 10 attack dice vs 10 defence dice | $(get BenchmarkExact/symbol-fire-10v10) ns |
| peak memory, opposed fire, 1e6 trials | ${m6} MB |
| peak memory, opposed fire, 1e9 trials | ${m9} MB |
TABLE

# Every action's Monte Carlo kernel, one worker, as a multiple of one d6.
d6=$(get BenchmarkActions/floor-d6)
echo
echo "| action (benchmarks/bench_test.go exampleValues) | ns/trial | in d6 draws |"
echo "|---|---|---|"
awk '$1 ~ /^BenchmarkActions\// && $1 !~ /floor-d6/ { name = $1; sub(/^BenchmarkActions\//, "", name); sub(/-[0-9]+$/, "", name); for (i = 2; i < NF; i++) if ($(i+1) == "ns/trial") print name, $i }' "$out" |
	while read -r name ns; do printf '| %s | %s | %s |\n' "$name" "$ns" "$(ratio "$ns" "$d6")"; done
rm -f "$out" "$out.odds"
