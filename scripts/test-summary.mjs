// Adds up the JSON reports of vitest (unit and integration) and Playwright (browser) into the
// one closing line CI reads: "N passed, N failed, N skipped". Tests that passed only on a retry
// count as passed, and are named on a line of their own so that nobody mistakes them for green.
// Failed tests, and files that failed without a test to blame, are named just above that line:
// CI may keep only the tail of a long log, and a failure far up in it would be lost.
import { readFileSync } from "node:fs";
import { relative } from "node:path";

let passed = 0;
let failed = 0;
let skipped = 0;
const flaky = [];
const failures = [];

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
  const named = failures.length;
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failedTests) {
      failures.push(`${relative(process.cwd(), file.name)} › ${test.fullName ?? test.title}\n    ${firstLine(test.failureMessages)}`);
    }
    // A file that could not load, or an error outside any test, fails with no test to name.
    if (file.status === "failed" && failedTests.length === 0) {
      failures.push(`${relative(process.cwd(), file.name)}\n    ${firstLine([file.message])}`);
    }
  }
  if (report.success === false && !report.numFailedTests && failures.length === named) {
    failures.push("vitest: an error outside any test file (see the vitest output above)");
  }
}

function addPlaywright(report) {
  const { expected = 0, unexpected = 0, flaky: retried = 0, skipped: notRun = 0 } = report.stats;
  passed += expected + retried;
  failed += unexpected;
  skipped += notRun;
  // A global error (the shop did not start, no browser) fails the run with no test to blame.
  const errors = report.errors ?? [];
  if (errors.length > 0) failed += 1;
  for (const error of errors) failures.push(`playwright: ${firstLine([error.message])}`);
  collectByStatus(report.suites ?? [], []);
}

function collectByStatus(suites, path) {
  for (const suite of suites) {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const run of spec.tests ?? []) {
        const name = `${[...here, spec.title].join(" › ")} [${run.projectName}]`;
        if (run.status === "flaky") flaky.push(name);
        if (run.status === "unexpected") {
          const error = (run.results ?? []).at(-1)?.error?.message;
          failures.push(`${name}\n    ${firstLine([error])}`);
        }
      }
    }
    collectByStatus(suite.suites ?? [], here);
  }
}

// The first line of a failure's message, without terminal colours: enough to tell failures apart.
function firstLine(messages) {
  const text = (messages ?? []).find((message) => typeof message === "string" && message.length > 0);
  if (!text) return "(no message)";
  return text.replace(/\u001b\[[0-9;]*m/g, "").split("\n")[0].slice(0, 300);
}

if (failures.length > 0) console.log(`failed:\n  ${failures.join("\n  ")}`);
if (flaky.length > 0) console.log(`passed only on a retry (flaky):\n  ${flaky.join("\n  ")}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
