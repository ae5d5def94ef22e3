#!/usr/bin/env bash
# Runs every test: lint, typecheck, unit + integration (Vitest; PostgreSQL too when
# TEST_DATABASE_URL is set) and end-to-end (Playwright in Debian's Chromium against the built app).
# Sets itself up first, like start.sh, plus the packages the tests need (chromium, CJK fonts).
# At the end (pass or fail) it prints each step's wall time and the ten slowest test files.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
VOXWORK_APT_SET=test source scripts/bootstrap.sh
# Node's on-disk compile cache for every Node process of the run (Vitest and its workers, the servers
# and CLIs the tests start, their worker threads): a module graph loaded again (each test file's, each
# engine thread's) is not compiled again. Node checks each entry against the source it was made from.
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-${TMPDIR:-/tmp}/voxwork-node-compile-cache}"

mkdir -p test-results
rm -f test-results/vitest.json test-results/e2e.json test-results/steps.tsv
trap 'node scripts/ci/slowest-tests.ts || true' EXIT
# Each step's wall time and the machine's CPU times (`/proc/stat`'s first line) before and after it:
# slowest-tests.ts prints how busy the cores were (a step that leaves them idle can be overlapped with
# another, one that keeps them busy cannot), the kernel's part and the hypervisor's steal.
cpu_line() { head -n 1 /proc/stat 2>/dev/null || true; }
record() { # record NAME STARTED CPU_LINE_BEFORE
  printf '%s\t%s\t%s\t%s\n' "$1" "$((SECONDS - $2))" "$3" "$(cpu_line)" >> test-results/steps.tsv
}
step() {
  local name="$1"; shift
  printf '\n\033[1;36m== %s ==\033[0m\n' "$name"
  local started=$SECONDS before
  before="$(cpu_line)"
  "$@"
  record "$name" "$started" "$before"
}
# The static checks are independent and each runs on one core: side by side on the machine's
# cores (the CI machine has two), each one's output printed whole once it has ended, in this order.
# Each still records its own wall time; the run stops here when any of them failed.
logs="$(mktemp -d)"
background=()
step_in_background() { # step_in_background NAME COMMAND...: a step run in the background, its output kept for later
  local name="$1"; shift
  ( step "$name" "$@" ) > "$logs/${#background[@]}.log" 2>&1 &
  background+=("$!")
}
wait_for_background() { # prints each background step's output in the order started; fails when any failed
  local failed=0 index=0
  for pid in "${background[@]}"; do
    wait "$pid" || failed=1
    cat "$logs/$index.log"
    index=$((index + 1))
  done
  background=()
  return "$failed"
}
static_started=$SECONDS
static_cpu="$(cpu_line)"
step_in_background "lint"       npx --no-install eslint --max-warnings=0 .
step_in_background "typecheck"  npm run --silent typecheck
step_in_background "OpenAPI lint (Redocly, offline)"  npm run --silent lint:openapi
wait_for_background
record "static checks side by side (wall)" "$static_started" "$static_cpu"
rm -rf "$logs"
step "unit and integration tests (Vitest)" \
  npx --no-install vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
step "end-to-end tests (Playwright, Chromium)" \
  env PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/e2e.json npx --no-install playwright test --reporter=list,json
