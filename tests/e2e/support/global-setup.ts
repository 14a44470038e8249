// Starts the built shop once for the browser tests: `next start` on a free port with its own
// empty KV folder and the embedded sandbox as upstream, exactly what a newcomer runs.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "../../support/free-port";
import { spawnServer } from "../../support/spawn-server";

declare module "vitest" {
  export interface ProvidedContext {
    shopUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(".next/BUILD_ID")) throw new Error("No production build: run `npx next build` before the browser tests (npm test does).");
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-kv-"));
  const shop = await spawnServer("npx", ["next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    url: `http://127.0.0.1:${port}`,
    env: {
      KV_DATA_DIR: dataDir,
      OUTBOX_DIR: join(dataDir, "outbox"),
      NODE_ENV: "production",
      // Order links and the payment page's return address are built on these.
      PORT: String(port),
      SHOP_URL: `http://127.0.0.1:${port}`,
      // The fuzz test alone posts hundreds of checkouts from one address.
      CHECKOUT_RATE_LIMIT: "100000/60s",
    },
  });
  project.provide("shopUrl", shop.url);

  return async () => {
    await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
