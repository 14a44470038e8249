// Debian's Chromium under Playwright: Playwright cannot download its own browser here, and the
// flags keep Chromium from reaching for the network this machine does not have.
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** Why browser tests cannot run here, or null when they can. */
export function browserMissing(): string | null {
  return existsSync(CHROMIUM_PATH)
    ? null
    : `Chromium not found at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\` (npm test does this as root)`;
}
