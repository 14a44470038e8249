// axe-core on every kind of page a buyer sees, in both themes and both languages: no serious or
// critical violation. The desktop checks each page in three looks, the phone in one
// (support/themes.ts).
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { looksFor } from "./support/themes";

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
  for (const [index, path] of PAGES.entries()) {
    const [onPhone] = looksFor(index, "phone");
    for (const { theme, language } of looksFor(index, "desktop")) {
      // @once runs on the desktop only: the phone checks the one look it shares with the desktop.
      const once = theme === onPhone?.theme && language === onPhone.language ? "" : " @once";
      test(`${path} in the ${theme} theme, in ${language}, has no serious violations${once}`, async ({ page, baseURL }) => {
        await page.context().addCookies([
          { name: "theme", value: theme, url: baseURL ?? "" },
          { name: "NEXT_LOCALE", value: language, url: baseURL ?? "" },
        ]);
        await page.goto(path);
        // Polled: a document Next renders in the browser (the 404 shell) gets these on hydration.
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        await expect(page.locator("html")).toHaveAttribute("lang", LANGUAGES[language]);
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
        const serious = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
        expect(serious).toEqual([]);
      });
    }
  }
});
