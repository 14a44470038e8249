// Shared search links as a buyer opens them: rendered filtered by the server (no jump when the
// scripts load, measured as cumulative layout shift on desktop and on a slowed phone), usable
// with scripts off, forgiving of typos, and offering the closest names when nothing matches.
// Tagged @once: it opens its own desktop and phone pages, so it runs in one project.
import { expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const SHARED_LINKS = ["/?q=diamonds", "/?platform=Mobile&sort=price-desc", "/search?q=starfall", "/search?q=diamnds&sort=price-asc"];

test.describe("shared searches @once", () => {
  async function withPage<T>(browser: Browser, options: BrowserContextOptions, act: (page: Page) => Promise<T>): Promise<T> {
    const context = await browser.newContext({ locale: "en-US", ...options });
    try {
      return await act(await context.newPage());
    } finally {
      await context.close();
    }
  }

  /** Layout shift over the page's load and hydration, as the browser reports it (CLS). */
  async function layoutShift(page: Page, path: string): Promise<number> {
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(path, { waitUntil: "load" });
    // Hydration and anything the scripts do after load.
    await page.waitForTimeout(1500);
    return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  }

  test("renders every shared link filtered on the server: layout shift below 0.1 on desktop", async ({ browser, baseURL }) => {
    for (const path of SHARED_LINKS) {
      const cls = await withPage(browser, { ...DESKTOP, baseURL }, (page) => layoutShift(page, path));
      expect(cls, path).toBeLessThan(0.1);
    }
  });

  test("and on a phone with a four times slower CPU", async ({ browser, baseURL }) => {
    for (const path of SHARED_LINKS) {
      const cls = await withPage(browser, { ...PHONE, baseURL }, async (page) => {
        const cdp = await page.context().newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
        return layoutShift(page, path);
      });
      expect(cls, path).toBeLessThan(0.1);
    }
  });

  test("sends the filtered list in the first HTML, before any script runs", async ({ request }) => {
    const html = await (await request.get("/?q=starfall")).text();
    // The cards' titles as rendered (the page's data carries every product, the markup only the matches).
    const cards = [...html.matchAll(/<h2><a href="[^"]*">([^<]*)<\/a><\/h2>/g)].map((m) => m[1]);
    expect(cards).toEqual(["Starfall Legends Crystals"]);
  });

  test("searches and filters with scripts off", async ({ browser, baseURL }) => {
    await withPage(browser, { ...DESKTOP, baseURL, javaScriptEnabled: false }, async (page) => {
      await page.goto("/");
      await page.getByRole("searchbox", { name: /search/i }).fill("mythic");
      await page.getByRole("searchbox", { name: /search/i }).press("Enter");
      await page.waitForURL(/\/search\?q=mythic/);
      const titles = await page.getByRole("heading", { level: 2 }).allTextContents();
      expect(titles.length).toBeGreaterThan(0);
      expect(titles.every((t) => /mythic/i.test(t))).toBe(true);

      await page.getByRole("combobox", { name: "Platform" }).selectOption({ label: "Mobile" });
      await page.getByRole("button", { name: "Apply" }).click();
      await page.waitForURL(/platform=Mobile/);
      expect(await page.getByRole("searchbox", { name: /search/i }).inputValue()).toBe("mythic");
    });
  });

  test("forgives a typo and an alias, and suggests the closest names when nothing matches", async ({ browser, baseURL }) => {
    await withPage(browser, { ...DESKTOP, baseURL }, async (page) => {
      await page.goto("/");
      const box = page.getByRole("searchbox", { name: /search/i });
      await box.fill("diamnds");
      await page.waitForURL(/q=diamnds/);
      expect(await page.getByRole("heading", { level: 2 }).allTextContents()).toEqual(
        expect.arrayContaining(["Mythic Realms Diamonds (outside Russia)", "Mythic Realms Diamonds (Russia)"]),
      );

      await box.fill("psn");
      await page.waitForURL(/q=psn/);
      const playstation = await page.getByRole("heading", { level: 2 }).allTextContents();
      expect(playstation.length).toBeGreaterThan(0);
      expect(playstation.length).toBeLessThan(10);

      await box.fill("mythc realmz xbox");
      await page.getByText("Nothing matches your search").waitFor();
      await page.getByRole("link", { name: "Mythic Realms", exact: true }).click();
      expect(await box.inputValue()).toBe("Mythic Realms");
      expect((await page.getByRole("heading", { level: 2 }).allTextContents()).length).toBeGreaterThan(0);
    });
  });
});
