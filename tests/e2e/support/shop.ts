// One browser per test file and a fresh page per test, against the shop global-setup started.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, afterEach, inject } from "vitest";
import { browserMissing, launchBrowser } from "./browser";

export const missing = browserMissing();
if (missing) console.warn(`[e2e] browser tests skipped: ${missing}`);

export function useShopPage(options: { locale?: string } = {}): { page: () => Page; url: (path: string) => string } {
  let browser: Browser;
  let current: Page | undefined;
  const shopUrl = inject("shopUrl");

  beforeAll(async () => {
    if (!missing) browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    if (missing) return;
    const context = await browser.newContext({ locale: options.locale ?? "en-US", viewport: { width: 1280, height: 900 } });
    current = await context.newPage();
  });
  afterEach(async () => {
    await current?.context().close();
  });

  return {
    page: () => {
      if (!current) throw new Error("no page: the browser is missing");
      return current;
    },
    url: (path: string) => new URL(path, shopUrl).toString(),
  };
}
