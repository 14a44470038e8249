// Adds up the JSON reports of vitest (unit and integration) and Playwright (browser) into the
// one closing line CI reads: "N passed, N failed, N skipped". Tests that passed only on a retry
// count as passed, and are named on a line of their own so that nobody mistakes them for green.
import { readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
const flaky = [];

for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, "utf8"));
  if (report.stats) addPlaywright(report);
  else addVitest(report);
}
if (process.argv.length <= 2) failed += 1;

function addVitest(report) {
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  if (report.success === false && !report.numFailedTests) failed += 1;
}

function addPlaywright(report) {
  const { expected = 0, unexpected = 0, flaky: retried = 0, skipped: notRun = 0 } = report.stats;
  passed += expected + retried;
  failed += unexpected;
  skipped += notRun;
  // A global error (the shop did not start, no browser) fails the run with no test to blame.
  if ((report.errors ?? []).length > 0) failed += 1;
  if (retried > 0) collectFlaky(report.suites ?? [], []);
}

function collectFlaky(suites, path) {
  for (const suite of suites) {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const run of spec.tests ?? []) {
        if (run.status === "flaky") flaky.push(`${[...here, spec.title].join(" › ")} [${run.projectName}]`);
      }
    }
    collectFlaky(suite.suites ?? [], here);
  }
}

if (flaky.length > 0) console.log(`passed only on a retry (flaky):\n  ${flaky.join("\n  ")}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
