#!/usr/bin/env bash
# npm start: install packages if needed, build the page and the server, and serve both on one
# origin (127.0.0.1, port 4173 or PORT / --port). Runs are stored in ./data/gallery (PGlite), or
# in the PostgreSQL server at DATABASE_URL when it is set.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
npx vite build --logLevel warn
npx vite build --config vite.server.config.ts
exec node dist-server/server.js "$@"
