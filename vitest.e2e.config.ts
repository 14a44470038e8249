// Browser tests: the production build under `next start`, driven by Playwright in Debian's
// Chromium. Run after `next build` (npm test does both).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    // One shop server and one browser for every file, one file at a time: 2 cores.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
