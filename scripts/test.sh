#!/usr/bin/env bash
# Runs every test: lint, typecheck, unit + integration (Vitest; PostgreSQL too when
# TEST_DATABASE_URL is set) and end-to-end (Playwright in Debian's Chromium against the built app).
# Sets itself up first, like start.sh, plus the packages the tests need (chromium, CJK fonts).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
VOXWORK_APT_SET=test source scripts/bootstrap.sh

step() { printf '\n\033[1;36m== %s ==\033[0m\n' "$*"; }
step "lint";       npx --no-install eslint --max-warnings=0 .
step "typecheck";  npm run --silent typecheck
step "OpenAPI lint (Redocly, offline)"; npm run --silent lint:openapi
step "unit and integration tests (Vitest)"; npx --no-install vitest run
step "end-to-end tests (Playwright, Chromium)"; npx --no-install playwright test
