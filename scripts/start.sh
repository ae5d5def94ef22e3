#!/usr/bin/env bash
# Starts Voxwork on http://localhost:3000 (PORT to change): the embedded default, one process
# (web + api + worker) on PGlite in ./data (DATA_DIR to change). Sets itself up first: Node,
# Debian packages, npm dependencies and the web build, each only when missing or out of date.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
VOXWORK_APT_SET=runtime source scripts/bootstrap.sh
exec node apps/server/src/main.ts "$@"
