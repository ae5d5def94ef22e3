#!/usr/bin/env bash
# Runs every test: lint, typecheck, unit + integration (Vitest; PostgreSQL too when
# TEST_DATABASE_URL is set) and end-to-end (Playwright in Debian's Chromium against the built app).
# Sets itself up first, like start.sh, plus the packages the tests need (chromium, CJK fonts).
# At the end (pass or fail) it prints each step's wall time and the ten slowest test files.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
VOXWORK_APT_SET=test source scripts/bootstrap.sh

mkdir -p test-results
rm -f test-results/vitest.json test-results/e2e.json test-results/steps.tsv
trap 'node scripts/ci/slowest-tests.ts || true' EXIT
step() {
  local name="$1"; shift
  printf '\n\033[1;36m== %s ==\033[0m\n' "$name"
  local started=$SECONDS
  "$@"
  printf '%s\t%s\n' "$name" "$((SECONDS - started))" >> test-results/steps.tsv
}
step "lint"       npx --no-install eslint --max-warnings=0 .
step "typecheck"  npm run --silent typecheck
step "OpenAPI lint (Redocly, offline)"  npm run --silent lint:openapi
step "unit and integration tests (Vitest)" \
  npx --no-install vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
step "end-to-end tests (Playwright, Chromium)" \
  env PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/e2e.json npx --no-install playwright test --reporter=list,json
