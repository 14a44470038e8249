// `npx tsx tests/support/host/build-ahead.ts <dir>`: the host's build that
// tests/e2e/host-build.spec.ts drives, made before the browser tests, into <dir>. npm test runs
// it beside lint, types and unit tests, which leave one of CI's two cores mostly idle, rather
// than inside the browser tests, which run one at a time; the spec then reuses it through
// HOST_BUILD_DIR. A failed build leaves no output there, so the spec builds again and fails
// with that build's log.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { DEMO_BUILD_SETTINGS, vercelBuild } from "./vercel-build";

const into = process.argv[2];
if (!into) {
  console.error("usage: npx tsx tests/support/host/build-ahead.ts <dir>");
  process.exit(2);
}
const log = join(into, "vercel-build.log");
try {
  const build = await vercelBuild(process.cwd(), into, log, DEMO_BUILD_SETTINGS);
  console.log(`[host-build] vercel build ahead took ${(build.ms / 1000).toFixed(0)} s (${log})`);
} catch (error) {
  // Whatever a broken build left in the project must not pass for output the spec can reuse.
  rmSync(join(into, "project"), { recursive: true, force: true });
  console.error(`[host-build] vercel build ahead failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
