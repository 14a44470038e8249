#!/usr/bin/env bash
# npm test – every check CI runs, in the order that fails fastest: lint, types, unit and
# integration tests (sandbox conformance, client, KV on three drivers), the production build,
# then browser tests against `next start` (Playwright). Ends with one "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-test-tools.sh
mkdir -p test-results
rm -f test-results/*.json

status=0
run() { echo "▶ $*"; "$@" || status=1; }

run npx eslint .
run npx tsc --noEmit -p .
run npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/unit.json
run npx next build
# Browser tests on Playwright's runner (playwright.config.ts): desktop and phone projects; the
# HTML report is kept in test-results/e2e-report, traces of retried tests in e2e-artifacts.
# Among them tests/e2e/host-build.spec.ts runs its own `vercel build` in a copy of the checkout
# and serves the host's build output (docs/serverless-host.md).
run npx playwright test

node scripts/test-summary.mjs test-results/*.json || status=1
exit $status
