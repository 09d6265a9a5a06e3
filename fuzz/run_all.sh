#!/usr/bin/env bash
# Long coverage-guided fuzzing of every parser, one after the other, in the background:
#   nohup fuzz/run_all.sh 100000 > build/fuzz-logs/run_all.log 2>&1 &
# Per target: libFuzzer's log in build/fuzz-logs/TARGET.log, the harness's counts in
# build/fuzz-stats/TARGET.json, failing inputs in build/fuzz-failures/TARGET/.
# A summary line per target (runs, parsed, failures, libFuzzer exit code, seconds) is appended
# to build/fuzz-logs/summary.tsv. Exit code 0 from libFuzzer = no crash, no hang past -timeout.
set -uo pipefail
cd "$(dirname "$0")/.."
runs="${1:-100000}"
shift || true
mkdir -p build/fuzz-logs
targets=$(python fuzz/atheris_fuzz.py --list)
for target in ${FUZZ_TARGETS:-$targets}; do
  start=$(date +%s)
  mkdir -p "build/fuzz-artifacts/$target"
  python fuzz/atheris_fuzz.py "$target" -runs="$runs" -max_len=2000 -timeout=60 -rss_limit_mb=4096 \
    -artifact_prefix="build/fuzz-artifacts/$target/" \
    -print_final_stats=1 "$@" > "build/fuzz-logs/$target.log" 2>&1
  code=$?
  end=$(date +%s)
  python - "$target" "$code" "$((end - start))" <<'PY' >> build/fuzz-logs/summary.tsv
import json, sys
target, code, seconds = sys.argv[1:]
stats = json.load(open(f"build/fuzz-stats/{target}.json"))
print(f"{target}\t{stats['inputs']}\t{stats['parsed']}\t{stats['failures']}\t{code}\t{seconds}\t"
      f"{';'.join(stats['failure_kinds'])}")
PY
done
