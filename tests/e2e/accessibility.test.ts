// axe-core on the catalogue and a product page, both themes: no serious or critical violation.
import AxeBuilder from "@axe-core/playwright";
import { describe, expect, it } from "vitest";
import { missing, useShopPage } from "./support/shop";

const PAGES = ["/", "/products/426/mythic-realms-diamonds-outside-russia", "/products/1/vaultline-wallet-top-up"];

describe.skipIf(missing)("accessibility", () => {
  const shop = useShopPage();

  for (const path of PAGES) {
    for (const theme of ["light", "dark"] as const) {
      it(`${path} in the ${theme} theme has no serious violations`, async () => {
        const page = shop.page();
        await page.context().addCookies([{ name: "theme", value: theme, url: shop.url("/") }]);
        await page.goto(shop.url(path));
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
        const serious = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
        expect(serious).toEqual([]);
      });
    }
  }
});
