// One accessibility look at a page: open it in a theme and a language (themes.ts picks which),
// then fail on any serious or critical axe finding, naming the page and the look.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import type { Look } from "./themes";

/** `path` opened with the look's theme and language cookies, once the page has taken the theme. */
export async function openInLook(page: Page, baseURL: string | undefined, path: string, { theme, language }: Look): Promise<void> {
  await page.context().addCookies([
    { name: "theme", value: theme, url: baseURL ?? "" },
    { name: "NEXT_LOCALE", value: language, url: baseURL ?? "" },
  ]);
  await page.goto(path);
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
}

/** WCAG 2.1 A and AA: nothing serious or critical on the page as it is now. */
export async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${where}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(serious).toEqual([]);
}
