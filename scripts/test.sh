#!/usr/bin/env bash
# The one test command (npm test): installs what is missing, checks format, lint and types,
# then runs every layer — unit, GPU in Node (Dawn), browser (headless Chromium) and end-to-end.
set -euo pipefail
cd "$(dirname "$0")/.."

# Playwright must use Debian's chromium; never download a browser.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
mkdir -p test-results
rm -f test-results/vitest.json # a crash must not leave the last run's summary to be read
export DRIVERS_FILE=test-results/drivers.txt
bash scripts/system-deps.sh
# lavapipe=required: vite.config.ts refuses to run the suite without it; otherwise the summary
# says which feature paths did not run.
drivers=$(cat "$DRIVERS_FILE" 2>/dev/null || echo "lavapipe=unavailable: scripts/system-deps.sh gave no verdict")
if [ "$drivers" = lavapipe=required ]; then export ROOFLINE_REQUIRE_LAVAPIPE=1; else
  export ROOFLINE_LAVAPIPE_ABSENT="${drivers#lavapipe=}"; fi

echo "== format, lint (biome), types (tsc) and layers (dependency-cruiser)"
npx biome check --error-on-warnings .
npx tsc --noEmit -p tsconfig.json
npx depcruise src server bench test scripts --config .dependency-cruiser.cjs

echo "== tests: unit, gpu (Dawn in Node), server (the gallery on PGlite and PostgreSQL), browser (Chromium), e2e"
rm -f test-results/postgres.json
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json || status=$?
node scripts/test-summary.mjs test-results/vitest.json || status=1
exit "$status"
