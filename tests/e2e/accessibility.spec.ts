// axe-core on every kind of page a buyer sees, in both themes and both languages: no serious or
// critical violation.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

const PAGES = [
  "/",
  "/search?q=diamonds&platform=Mobile",
  "/search?q=mythc+realmz+xbox",
  "/products/426/mythic-realms-diamonds-outside-russia",
  "/products/1/vaultline-wallet-top-up",
  "/products/203/orbit-network-store-card-saudi-arabia",
  "/products/999999/nothing",
];
const LANGUAGES = { en: "en", zh: "zh-Hans" } as const;

test.describe("accessibility", () => {
  for (const path of PAGES) {
    for (const theme of ["light", "dark"] as const) {
      // A theme changes colours only, and colours do not depend on the screen: the phone checks
      // its layout in the light theme, the desktop checks both (@once runs on the desktop only).
      const once = theme === "dark" ? " @once" : "";
      for (const [language, lang] of Object.entries(LANGUAGES)) {
        test(`${path} in the ${theme} theme, in ${language}, has no serious violations${once}`, async ({ page, baseURL }) => {
          await page.context().addCookies([
            { name: "theme", value: theme, url: baseURL ?? "" },
            { name: "NEXT_LOCALE", value: language, url: baseURL ?? "" },
          ]);
          await page.goto(path);
          // Polled: a document Next renders in the browser (the 404 shell) gets these on hydration.
          await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
          await expect(page.locator("html")).toHaveAttribute("lang", lang);
          const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
          const serious = results.violations
            .filter((v) => v.impact === "serious" || v.impact === "critical")
            .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
          expect(serious).toEqual([]);
        });
      }
    }
  }
});
