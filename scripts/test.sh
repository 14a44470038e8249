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

# The host's build for tests/e2e/host-build.spec.ts (a whole `vercel build`, minutes) is made
# now, in the background: lint, types and unit tests leave one of CI's two cores mostly idle,
# while the browser tests run one at a time. At the lowest priority, because the unit tests'
# manual clocks move on real time and a starved test can run out of it. The spec reuses the
# build from HOST_BUILD_DIR, or builds again if this one failed. A HOST_BUILD_DIR given by the
# caller is left to the spec, which reuses the build kept there.
host_build=""
if [ -z "${HOST_BUILD_DIR:-}" ]; then
  export HOST_BUILD_DIR
  HOST_BUILD_DIR=$(mktemp -d "${TMPDIR:-/tmp}/host-build-ahead-XXXXXX")
  trap 'rm -rf "$HOST_BUILD_DIR"' EXIT
  echo "▶ npx tsx tests/support/host/build-ahead.ts (in the background; log in test-results/host-build-ahead.log)"
  nice -n 19 npx tsx tests/support/host/build-ahead.ts "$HOST_BUILD_DIR" > test-results/host-build-ahead.log 2>&1 &
  host_build=$!
fi

run npx eslint .
run npx tsc --noEmit -p .
run npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/unit.json
# Types were checked by tsc above; Next's own pass over them would only repeat it.
run env SHOP_BUILD_SKIP_TYPECHECK=1 npx next build
# Browser tests on Playwright's runner (playwright.config.ts): desktop and phone projects; the
# HTML report is kept in test-results/e2e-report, traces of retried tests in e2e-artifacts.
# Among them tests/e2e/host-build.spec.ts serves the host's build output (docs/serverless-host.md)
# of the `vercel build` made above in a copy of the checkout.
if [ -n "$host_build" ]; then
  wait "$host_build"
  cat test-results/host-build-ahead.log
fi
run npx playwright test

node scripts/test-summary.mjs test-results/*.json || status=1
exit $status
