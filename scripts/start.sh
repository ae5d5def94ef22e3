#!/usr/bin/env bash
# Starts Voxwork on http://localhost:3000 (PORT to change): the embedded default, one process
# (web + api + worker) on PGlite in ./data (DATA_DIR to change). Sets itself up first: Node,
# Debian packages, npm dependencies and the web build, each only when missing or out of date.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
VOXWORK_APT_SET=runtime source scripts/bootstrap.sh
# glibc keeps a malloc arena per thread and returns little of it: V8's compiler threads (PGlite's
# WebAssembly is compiled in the background) left ~50 MB behind (decision 059, npm run bench:memory).
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}" MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-131072}"
# V8 sizes the young generation from the machine's memory (64 MB semi-spaces on 24 GB): touched once,
# its pages stay resident. 16 MB (V8's former default) cut the idle app by ~140 MB (decision 071).
exec node --max-semi-space-size=16 apps/server/src/main.ts "$@"
