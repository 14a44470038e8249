// npx tsx bench/page-weight.ts – only the page-weight line of `npm run bench`: first-load JS of
// the catalogue and product pages over the framework floor (goal ≤ 10 kB gzip over it), measured
// the same way (bench/lib/first-load-js.ts), without the load and checkout runs around it.
// With --files it also lists every script each page loads that the floor does not, largest
// first, so that a change to a page's weight can be traced to a file.
// Uses the build in .next (run `npx next build` first); builds the floor if it has none.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { firstLoadJs } from "./lib/first-load-js";
import { frameworkFloor } from "./lib/framework-floor";
import { spawnServer } from "../tests/support/spawn-server";

// One port for both: the floor's server is stopped before the shop's starts.
const PORT = Number(process.env.WEIGHT_PORT ?? 3212);
const kB = (bytes: number) => (bytes / 1024).toFixed(1);

/** A server already on the port would answer for ours, and its pages would be measured. */
async function assertPortFree(): Promise<void> {
  const answered = await fetch(`http://127.0.0.1:${PORT}/`).then(
    () => true,
    () => false,
  );
  if (answered) throw new Error(`port ${PORT} is in use: stop what runs there, or set WEIGHT_PORT`);
}

async function main(): Promise<void> {
  const listFiles = process.argv.includes("--files");
  await assertPortFree();
  const floor = await frameworkFloor(PORT, false);
  await assertPortFree();
  const dataDir = mkdtempSync(join(tmpdir(), "page-weight-"));
  // The shop on its defaults (the bundled upstream sandbox), as the browser tests start it.
  const shop = await spawnServer("npx", ["next", "start", "-p", String(PORT)], {
    url: `http://127.0.0.1:${PORT}`,
    env: { NODE_ENV: "production", KV_DATA_DIR: dataDir, OUTBOX_DIR: join(dataDir, "outbox"), PORT: String(PORT) },
  });
  try {
    const pages = { catalogue: `${shop.url}/`, product: `${shop.url}/products/432/starfall-legends-crystals` };
    console.log(`first-load JS of an empty App Router page (the framework floor): ${kB(floor.gzipBytes)} kB gzip in ${floor.files} files`);
    if (listFiles) for (const file of floor.perFile) console.log(`  ${kB(file.gzipBytes).padStart(6)} kB gzip  ${file.src}`);
    for (const [name, url] of Object.entries(pages)) {
      const js = await firstLoadJs(url);
      const over = js.gzipBytes - floor.gzipBytes;
      console.log(
        `first-load JS of the ${name} page over the floor: ${kB(over)} kB gzip (goal ≤ 10 kB: ${over <= 10 * 1024 ? "met" : "NOT MET"}) ` +
          `(${kB(js.gzipBytes)} kB gzip in ${js.files} files, ${kB(js.rawBytes)} kB raw)`,
      );
      if (listFiles) {
        const inFloor = new Set(floor.perFile.map((file) => file.sha256));
        for (const file of js.perFile.filter((f) => !inFloor.has(f.sha256)).sort((a, b) => b.gzipBytes - a.gzipBytes)) {
          console.log(`  ${kB(file.gzipBytes).padStart(6)} kB gzip  ${file.src}`);
        }
      }
    }
  } finally {
    await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
