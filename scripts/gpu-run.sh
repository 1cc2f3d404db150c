#!/usr/bin/env bash
# One command for a machine with a real GPU (any WebGPU adapter works): the Full plan as JSON, the
# GEMV address trace, the peers table and the Llama-3.1-8B int4 whole-model decode, everything in
# one folder with each step's log and exit status. Aims at under 8 minutes on a discrete GPU.
#
#   bash scripts/gpu-run.sh [--quick] [FOLDER]
#
# --quick: the Quick plan, the peers' tiny shapes and SmolLM2-135M's decode instead (a check that
# the script works, in a few minutes even on a software adapter). FOLDER defaults to
# gpu-run-<UTC time>. A failed step is recorded in summary.txt and the next one still runs; the
# exit status is non-zero if any step failed.

set -uo pipefail
cd "$(dirname "$0")/.."

quick=0
out=""
for arg in "$@"; do
  case "$arg" in
    --quick) quick=1 ;;
    -h | --help)
      sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    -*)
      echo "gpu-run.sh: unknown option $arg (only --quick)" >&2
      exit 2
      ;;
    *) out="$arg" ;;
  esac
done
out="${out:-gpu-run-$(date -u +%Y%m%dT%H%M%SZ)}"
mkdir -p "$out" || exit 2

if [ "$quick" = 1 ]; then
  plan=--quick
  peers=(--tiny)
  decode=smollm2-135m:int4
else
  plan=--full
  peers=()
  decode=llama-3.1-8b:int4
fi

failed=0
summary="$out/summary.txt"
: >"$summary"

# step NAME STDOUT-FILE COMMAND…: runs it, its stderr to NAME.log, and notes status and seconds.
step() {
  local name="$1" stdout="$2"
  shift 2
  local start=$SECONDS
  echo "== $name: $*" >&2
  "$@" >"$out/$stdout" 2>"$out/$name.log"
  local status=$?
  [ "$status" = 0 ] || failed=1
  printf '%-8s exit %s  %4d s  %s\n' "$name" "$status" $((SECONDS - start)) "$*" >>"$summary"
}

npm run --silent build:cli >"$out/build.log" 2>&1 || {
  echo "gpu-run.sh: the CLI did not build (see $out/build.log)" >&2
  exit 1
}
step plan results.json node dist-cli/bench.js "$plan" --json
step trace trace.txt node dist-cli/bench.js --trace --out "$out/trace.json"
step peers peers.txt npm run --silent bench:peers -- "${peers[@]}"
step decode decode.txt node dist-cli/bench.js --decode "$decode" --out "$out/decode.json"

cat "$summary" >&2
echo "gpu-run.sh: everything is in $out/" >&2
exit "$failed"
