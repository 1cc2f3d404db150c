#!/usr/bin/env bash
# npm start: install packages if needed, build the page, and serve it on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
npx vite build --logLevel warn
echo "Open http://127.0.0.1:${PORT:-4173}/ in a browser with WebGPU (Chrome/Edge 113+, Safari 26+, Firefox 141+)."
exec npx vite preview --host 127.0.0.1 --port "${PORT:-4173}" --strictPort
