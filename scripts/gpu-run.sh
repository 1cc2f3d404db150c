#!/usr/bin/env bash
# One command for a machine with a real GPU: the Full plan as JSON, the kernels' address trace, the
# peers table (npm run bench:peers) and a Llama-3.1-8B int4 whole-model decode, into one folder
# with each step's log and a manifest (manifest.tsv: step, exit status, seconds, the adapter the
# step ran on, software or not, the command).
#
#   bash scripts/gpu-run.sh [--quick] [--allow-cpu] [--check] [--no-limit] [--cli DIR] [FOLDER]
#
# First a preflight (preflight.txt): vulkaninfo --summary (where installed; Debian/Ubuntu:
# apt-get install vulkan-tools), nvidia-smi (where present), the Vulkan loader (libvulkan.so.1)
# and the Vulkan drivers' ICD files in /etc/vulkan/icd.d and /usr/share/vulkan/icd.d, NVIDIA's
# nvidia_icd.json and the library it names among them (CUDA containers often lack both: start
# them with NVIDIA_DRIVER_CAPABILITIES=all). Then the driver is chosen: VK_ICD_FILENAMES (or
# VK_DRIVER_FILES) as set; else NVIDIA's ICD where found; else the Vulkan loader's own choice; on
# Linux Dawn is held to its Vulkan backend (ROOFLINE_DAWN_BACKEND=vulkan). Then npm ci where
# node_modules is missing or older than package-lock.json, the CLI's build, and the adapter check:
# `bench.js --adapter --require-gpu` asks Dawn which adapter it picks. A software one (SwiftShader,
# lavapipe, llvmpipe — what Dawn falls back to without a GPU driver) stops the run there, in
# seconds, with exit status 3 and nothing measured, unless --allow-cpu. Every Dawn step runs with
# --experimental (Dawn's allow_unsafe_apis: where the driver has cooperative matrices, the
# subgroup-matrix GEMMs are verified and timed; the results record it) and --require-gpu too, and the peers' Chromium on the GPU (ROOFLINE_CHROMIUM_GPU=1: Vulkan, no
# SwiftShader); a peers page that still reports a software adapter has its output moved to
# software-adapter/ and the step fails.
#
#   --quick      the Quick plan, the peers' tiny shapes and SmolLM2-135M's decode instead: a check
#                that the script works (with --allow-cpu on lavapipe, a loaded 2-core machine:
#                13 minutes, 8 of them the trace)
#   --allow-cpu  go on with a software adapter: the folder is cpu-run-<time> (unless FOLDER is
#                given), the manifest says "run: cpu", CPU-RUN.txt says why, and the peers'
#                Chromium keeps SwiftShader (the tests' flags). The full set takes well over half
#                an hour on a 2-core machine (the default peers alone 31 minutes): add --quick
#   --check      stop after the adapter check (exit 0 where the run would go on)
#   --no-limit   no time limit per step (a slow GPU); see below
#   --cli DIR    use the CLI built in DIR (bench.js; inside this repository) instead of building
#                it into dist-cli (the tests pass theirs)
#   FOLDER       defaults to gpu-run-<UTC time> in the repository; it must be new or empty
#
# Time on one discrete GPU — estimated from the code, not measured (no GPU was at hand when this
# was written):
#   setup    ~10 s: preflight, the CLI's build, the adapter check (npm ci 1–2 min more, where
#            it runs)
#   plan     1.5–2.5 min: src/bench/estimate.ts puts the Full plan — 144 cases, 681 tuning
#            candidates, its Llama-3-8B int4 decodes at contexts 512, 2048 and 8192 — at ~84 s
#            at the datasheet rates of an RTX 3090, RTX 4090, RTX 4060, L4, T4 or H100, with
#            60 ms of setup a case or candidate (pipeline compiles may take more)
#   trace    20–40 s: small instrumented kernels (256×4096, 8 workgroups) read back and analysed
#            on the CPU (on a loaded 2-core machine 105 s on SwiftShader and 495 s on lavapipe,
#            which offers more variants, compiles and CPU-run kernels included)
#   peers    2–3 min: the pages' build, then a page load per peer (ORT WebGPU EP, JSEP, tfjs),
#            weights made and checked on the CPU, ours tuned on the first page; the default
#            shapes, which include Llama-3-8B's 4096×4096 and 14336×4096 GEMVs (--full, every 8B
#            matrix at M = 1, 128 and 512 with f64 references on the CPU, would not fit)
#   decode   ~45 s: the Quick plan (estimated at 18 s with the decode), then Llama-3.1-8B int4 on
#            its own: 6 of its 32 layers in the default 1 GiB, scaled to all, the first checked
#            on the CPU, 16 tokens at context 512
# About 5½–7 minutes in all. In a GPU run each step stops at its limit — plan 180 s, trace 60 s,
# peers 180 s, decode 75 s: 8¼ minutes together — and is recorded with exit status 124; the next
# one still runs (--no-limit lifts the limits).
#
# Exit status: 0 when every step passed; 1 when one failed (each is in manifest.tsv, and the
# next one still runs), or no adapter was found, or the build failed; 2 for a usage error;
# 3 when the adapter is a software one and --allow-cpu was not given (nothing measured).

set -uo pipefail
# The whole script is read before any of it runs, so an edit of this file (a pull, a checkout)
# while a run is under way cannot change that run.
{

quick=0
allow_cpu=0
check_only=0
limits=1
cli=""
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --allow-cpu) allow_cpu=1 ;;
    --check) check_only=1 ;;
    --no-limit) limits=0 ;;
    --cli)
      [ $# -ge 2 ] || {
        echo "gpu-run.sh: --cli needs a folder holding bench.js" >&2
        exit 2
      }
      cli="$2"
      shift
      ;;
    -h | --help)
      awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
      exit 0
      ;;
    -*)
      echo "gpu-run.sh: unknown option $1 (see --help)" >&2
      exit 2
      ;;
    *) out="$1" ;;
  esac
  shift
done

say() { echo "gpu-run.sh: $*" >&2; }

# FOLDER and DIR as the caller meant them, then the repository root.
case "$out" in "" | /*) ;; *) out="$PWD/$out" ;; esac
case "$cli" in "" | /*) ;; *) cli="$PWD/$cli" ;; esac
cd "$(dirname "$0")/.." || exit 2

started="$(date -u +%Y%m%dT%H%M%SZ)"
named=1
[ -n "$out" ] || {
  out="gpu-run-$started"
  named=0
}
if [ -d "$out" ] && [ -n "$(ls -A "$out")" ]; then
  say "$out is not empty: name a new folder (an earlier run's numbers must not mix with this one's)"
  exit 2
fi
mkdir -p "$out" || exit 2
if [ -n "$cli" ] && [ ! -f "$cli/bench.js" ]; then
  say "--cli $cli: no bench.js there"
  exit 2
fi
command -v node >/dev/null || {
  say "node is not installed: Node.js 20 or newer is needed (https://nodejs.org, or apt-get install nodejs)"
  exit 1
}

manifest="$out/manifest.tsv"

# The library an ICD file names, and whether the dynamic linker finds it.
icd_library() { sed -n 's/.*"library_path"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p' "$1" | head -1; }
ldconfig_cmd() { command -v ldconfig || echo /sbin/ldconfig; }
library_found() {
  local lib="$1" dir="$2"
  case "$lib" in
    /*) [ -e "$lib" ] ;;
    */*) [ -e "$dir/$lib" ] ;;
    *) "$(ldconfig_cmd)" -p 2>/dev/null | awk -v l="$lib" '$1 == l { found = 1 } END { exit !found }' ;;
  esac
}

nvidia_icd=""
nvidia_icd_usable=0

# The preflight: what this machine offers Vulkan, printed and kept in preflight.txt.
preflight() {
  echo "== preflight $(date -u +%FT%TZ) on $(uname -srm)"
  if command -v vulkaninfo >/dev/null; then
    timeout 30 vulkaninfo --summary >"$out/vulkaninfo.txt" 2>&1
    echo "vulkaninfo --summary (exit $?, all of it in vulkaninfo.txt):"
    grep -E '^GPU[0-9]+:|deviceType|deviceName|driverName|driverInfo' "$out/vulkaninfo.txt" | sed 's/^/  /'
  else
    echo "vulkaninfo: not installed (Debian/Ubuntu: apt-get install vulkan-tools); Dawn's own answer follows below"
  fi
  local nvidia_smi=0
  if command -v nvidia-smi >/dev/null; then
    nvidia_smi=1
    echo "nvidia-smi:"
    timeout 30 nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader 2>&1 | sed 's/^/  /'
  else
    echo "nvidia-smi: not present (no NVIDIA driver here, or no NVIDIA GPU)"
  fi
  local loader
  loader="$("$(ldconfig_cmd)" -p 2>/dev/null | awk '$1 == "libvulkan.so.1" { print $NF; exit }')"
  if [ -n "$loader" ]; then
    echo "Vulkan loader: $loader"
  else
    echo "Vulkan loader: libvulkan.so.1 not in the linker's cache (Debian/Ubuntu: apt-get install libvulkan1); Dawn reaches no Vulkan driver without it"
  fi
  echo "Vulkan ICD files:"
  local dir file lib kind any=0
  for dir in /etc/vulkan/icd.d /usr/share/vulkan/icd.d /usr/local/share/vulkan/icd.d; do
    for file in "$dir"/*.json; do
      [ -e "$file" ] || continue
      any=1
      lib="$(icd_library "$file")"
      case "$(basename "$file")" in
        nvidia_icd*) kind="NVIDIA" ;;
        lvp_icd* | *swiftshader*) kind="software" ;;
        *) kind="other" ;;
      esac
      if library_found "$lib" "$dir"; then lib="$lib (found)"; else lib="$lib (NOT FOUND)"; fi
      echo "  $file [$kind] → $lib"
      if [ "$kind" = NVIDIA ] && [ -z "$nvidia_icd" ]; then
        nvidia_icd="$file"
        case "$lib" in *"(found)") nvidia_icd_usable=1 ;; esac
      fi
    done
  done
  [ "$any" = 1 ] || echo "  none in /etc/vulkan/icd.d, /usr/share/vulkan/icd.d or /usr/local/share/vulkan/icd.d"
  if [ "$nvidia_smi" = 1 ] && [ -z "$nvidia_icd" ]; then
    echo "NVIDIA: the driver is here but not its Vulkan ICD (nvidia_icd.json): in a container, start it with NVIDIA_DRIVER_CAPABILITIES=all (graphics brings the ICD and libGLX_nvidia); on a host, install the driver's Vulkan part (Debian: nvidia-vulkan-icd; Ubuntu: libnvidia-gl-<version>)"
  elif [ -n "$nvidia_icd" ] && [ "$nvidia_icd_usable" = 0 ]; then
    echo "NVIDIA: $nvidia_icd names a library the linker does not find: in a container, start it with NVIDIA_DRIVER_CAPABILITIES=all; on a host, install the driver's GL/Vulkan libraries (Ubuntu: libnvidia-gl-<version>)"
  fi
  local chromium="${CHROMIUM_PATH:-}" candidate
  if [ -z "$chromium" ]; then
    for candidate in /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome; do
      if [ -x "$candidate" ]; then
        chromium="$candidate"
        break
      fi
    done
  fi
  if [ -n "$chromium" ] && [ -x "$chromium" ]; then
    echo "Chromium (the peers): $chromium"
  else
    echo "Chromium (the peers): not found (Debian/Ubuntu: apt-get install chromium, or set CHROMIUM_PATH); the peers step will fail"
  fi

  # The driver: as the caller set it; else NVIDIA's ICD; else the loader's choice. Never a
  # software one picked here: only Dawn's fallback does that, and the adapter check sees it.
  if [ -n "${VK_ICD_FILENAMES:-}${VK_DRIVER_FILES:-}" ]; then
    echo "Vulkan driver: as set, VK_ICD_FILENAMES=${VK_ICD_FILENAMES:-} VK_DRIVER_FILES=${VK_DRIVER_FILES:-}"
  elif [ "$nvidia_icd_usable" = 1 ]; then
    export VK_ICD_FILENAMES="$nvidia_icd"
    echo "Vulkan driver: NVIDIA's, VK_ICD_FILENAMES=$nvidia_icd"
  else
    echo "Vulkan driver: the loader's own choice (no usable NVIDIA ICD; VK_ICD_FILENAMES picks another GPU's)"
  fi
  if [ "$(uname -s)" = Linux ]; then
    export ROOFLINE_DAWN_BACKEND=vulkan
    echo "Dawn backend: vulkan (ROOFLINE_DAWN_BACKEND)"
  fi
}
# In this shell (its exports count), then shown.
preflight >"$out/preflight.txt" 2>&1
cat "$out/preflight.txt" >&2

{
  echo "# scripts/gpu-run.sh $started, commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "# VK_ICD_FILENAMES=${VK_ICD_FILENAMES:-} VK_DRIVER_FILES=${VK_DRIVER_FILES:-} ROOFLINE_DAWN_BACKEND=${ROOFLINE_DAWN_BACKEND:-}"
  printf 'step\texit\tseconds\tsoftware\tadapter\tcommand\n'
} >"$manifest"

# adapter_of FILE: "NAME<tab>yes|no|?" (a software adapter or not) from what a step wrote: the
# adapter check's document, a results, trace or decode document, or the peers' document.
adapter_of() {
  [ -s "$1" ] || {
    printf '—\t?\n'
    return
  }
  node -e '
    const fs = require("node:fs");
    let doc;
    try { doc = JSON.parse(fs.readFileSync(process.argv[1], "utf8")); } catch { doc = {}; }
    const name = (a) => {
      const id = [a.vendor, a.architecture].filter((s) => s && s.trim()).join(" ");
      const d = (a.description || "").trim();
      if (id === "") return d || "unknown adapter";
      return d === "" || d.toLowerCase() === id.toLowerCase() ? id : `${id} — ${d}`;
    };
    let names = [], soft = null;
    if (typeof doc.name === "string") [names, soft] = [[doc.name], doc.software === true];
    else if (doc.adapter) [names, soft] = [[name(doc.adapter)], doc.adapter.isSoftware === true];
    else if (Array.isArray(doc.pages)) {
      for (const p of doc.pages) names.push(`${p.peer}: ours ${p.adapter?.ours}, peer ${p.adapter?.peer}`);
      soft = doc.pages.some((p) => p.adapter?.isSoftware === true);
    }
    console.log(`${names.join("; ").replace(/\s+/g, " ") || "—"}\t${soft === null ? "?" : soft ? "yes" : "no"}`);
  ' "$1"
}

tab=$'\t'
failed=0
# record NAME STATUS SECONDS ADAPTER-LINE COMMAND…: a line of the manifest.
record() {
  local name="$1" status="$2" seconds="$3" adapter="$4"
  shift 4
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$status" "$seconds" "${adapter#*"$tab"}" "${adapter%%"$tab"*}" "$*" >>"$manifest"
}

# step NAME LIMIT STDOUT DOC COMMAND…: runs it (stdout to STDOUT, or with its stderr where STDOUT
# is NAME.log; stderr to NAME.log; in a GPU run at most LIMIT seconds), reads the adapter from
# DOC and records the step. A software adapter in a GPU run is refused: its output goes to
# software-adapter/.
step() {
  local name="$1" limit="$2" stdout="$3" doc="$4"
  shift 4
  local start=$SECONDS status adapter
  say "$name: $*"
  local limited=()
  [ "$run" = gpu ] && [ "$limits" = 1 ] && limited=(timeout --kill-after=15 "$limit")
  if [ "$stdout" = "$name.log" ]; then
    "${limited[@]}" "$@" >"$out/$name.log" 2>&1
  else
    "${limited[@]}" "$@" >"$out/$stdout" 2>"$out/$name.log"
  fi
  status=$?
  [ "$status" = 124 ] && echo "gpu-run.sh: stopped at its limit of $limit s (--no-limit lifts it)" >>"$out/$name.log"
  adapter="$(adapter_of "$out/$doc")"
  if [ "$run" = gpu ] && [ "${adapter#*"$tab"}" = yes ]; then
    mkdir -p "$out/software-adapter"
    mv "$out/$stdout" "$out/$doc" "$out/software-adapter/" 2>/dev/null
    echo "gpu-run.sh: a software adapter in a GPU run; its output is in software-adapter/" >>"$out/$name.log"
    status=3
  fi
  # A refusal measured nothing: leave no empty results behind.
  [ "$status" = 3 ] && [ ! -s "$out/$stdout" ] && rm -f "$out/$stdout"
  [ "$status" = 0 ] || failed=1
  record "$name" "$status" $((SECONDS - start)) "$adapter" "$@"
  say "$name: exit $status, $((SECONDS - start)) s"
}

run=setup
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 # Debian's chromium; never a downloaded browser
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step npm-ci 0 npm-ci.log - npm ci --no-audit --no-fund
  [ "$failed" = 0 ] || {
    say "npm ci failed (see $out/npm-ci.log)"
    exit 1
  }
fi
if [ -z "$cli" ]; then
  step build 0 build.log - npm run --silent build:cli
  [ "$failed" = 0 ] || {
    say "the CLI did not build (see $out/build.log)"
    exit 1
  }
  cli=dist-cli
fi

# The adapter check: which adapter Dawn picks, before anything is measured.
start=$SECONDS
node "$cli/bench.js" --adapter --json --require-gpu --experimental >"$out/adapter.json" 2>"$out/adapter.log"
status=$?
adapter="$(adapter_of "$out/adapter.json")"
record adapter "$status" $((SECONDS - start)) "$adapter" node "$cli/bench.js" --adapter --json --require-gpu --experimental
case "$status" in
  0)
    run=gpu
    say "adapter: ${adapter%%"$tab"*} (hardware): measuring"
    ;;
  3)
    if [ "$allow_cpu" = 0 ]; then
      echo "# run: refused — a software adapter and no --allow-cpu; nothing was measured" >>"$manifest"
      say "REFUSED: the adapter Dawn picks is a software one (${adapter%%"$tab"*}): its numbers would be a CPU's, not a GPU's. Nothing was measured (see $out/preflight.txt for the drivers found). Install the GPU's Vulkan driver, or run with --allow-cpu to measure the CPU anyway."
      exit 3
    fi
    run=cpu
    if [ "$named" = 0 ]; then
      mv "$out" "cpu-run-$started" && out="cpu-run-$started" && manifest="$out/manifest.tsv"
      say "the folder is $out: a CPU run"
    fi
    echo "A CPU run (--allow-cpu): the adapter is ${adapter%%"$tab"*}, a software one; these are a CPU's numbers, not a GPU's." >"$out/CPU-RUN.txt"
    say "adapter: ${adapter%%"$tab"*} (software): a CPU run, as --allow-cpu asks; $out/ says so"
    ;;
  *)
    echo "# run: none — no adapter" >>"$manifest"
    say "no WebGPU adapter: $(tail -1 "$out/adapter.log") (see $out/preflight.txt); nothing was measured"
    exit 1
    ;;
esac
if [ "$run" = gpu ]; then
  echo "# run: gpu" >>"$manifest"
else
  echo "# run: cpu (--allow-cpu; a software adapter: a CPU's numbers, not a GPU's)" >>"$manifest"
fi
if [ "$check_only" = 1 ]; then
  say "--check: the run would go on ($run run); everything is in $out/"
  exit 0
fi

if [ "$quick" = 1 ]; then
  plan=--quick
  peers=(--tiny)
  decode=smollm2-135m:int4
else
  plan=--full
  peers=()
  decode=llama-3.1-8b:int4
fi
require=()
if [ "$run" = gpu ]; then
  require=(--require-gpu)
  export ROOFLINE_CHROMIUM_GPU=1
fi

step plan 180 results.json results.json node "$cli/bench.js" "$plan" --json --experimental "${require[@]}"
step trace 60 trace.txt trace.json node "$cli/bench.js" --trace --experimental --out "$out/trace.json" "${require[@]}"
# The driver's build (npm run bench:peers's first half) logs to stdout: here to peers.log.
step peers 180 peers.json peers.json bash -c \
  'npx vite build --config bench/peers/vite.driver.config.ts >&2 && exec node node_modules/.cache/bench-peers/driver/run.js --json "$@"' \
  peers "${peers[@]}"
[ -s "$out/peers.json" ] && node node_modules/.cache/bench-peers/driver/run.js --from "$out/peers.json" >"$out/peers.txt" 2>>"$out/peers.log"
step decode 75 decode.txt decode.json node "$cli/bench.js" --decode "$decode" --experimental --out "$out/decode.json" "${require[@]}"

awk -F '\t' '!/^#/ { printf "%-8s %-5s %-8s %-9s %s\n", $1, $2, $3, $4, $5 }' "$manifest" >&2
say "everything is in $out/ ($run run)"
exit "$failed"
}
