// The owner's operations in a real browser, desktop only (the switches are shop-wide, so the
// phone project must not race it): a threshold above the demo partner's balance (1,000 USD) shows
// the admin's low-balance banner, the storefront shows a product as temporarily unavailable and
// a checkout for it is refused with 409 balance_low; pausing sales puts a notice on the storefront
// and refuses checkouts with 409 sales_paused; axe finds nothing serious on the dashboard in both
// themes and languages. The threshold and the pause are put back at the end, whatever happened.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { botTokenVia, freshEmail } from "./support/bot-check";
import { asDemoOwner } from "./support/demo-owner";
import { looksToCheck } from "./support/themes";

const PRODUCT = { id: 231, voucherId: 23101 };

async function checkout(request: APIRequestContext): Promise<{ status: number; error?: string }> {
  const data = { voucher_id: PRODUCT.voucherId, game_id: PRODUCT.id, email: freshEmail(), bot_token: await botTokenVia(request) };
  const response = await request.post("/api/checkout", { data });
  const body = (await response.json().catch(() => ({}))) as { error?: string };
  return { status: response.status(), error: body.error };
}

async function setThreshold(page: Page, amount: string, answer: RegExp) {
  await page.goto("/admin");
  await page.getByLabel(/Threshold in USD/).fill(amount);
  await page.getByRole("button", { name: "Save threshold" }).click();
  await expect(page.getByText(answer)).toBeVisible();
}

async function setPaused(page: Page, paused: boolean) {
  await page.goto("/admin");
  const button = page.getByRole("button", { name: paused ? "Pause all sales" : "Resume sales" });
  if ((await button.count()) === 0) return;
  await button.click();
  await expect(page.getByText(paused ? "Sales paused." : "Sales resumed.")).toBeVisible();
}

test.describe("admin operations @once", () => {
  test("a low balance stops a sale; a pause stops them all; axe finds nothing serious", async ({ page, request, browser, baseURL }) => {
    test.setTimeout(300_000);
    await asDemoOwner(page, browser, baseURL);
    try {
      await test.step("a threshold above the balance: banner, product unavailable, checkout refused", async () => {
        await setThreshold(page, "2000", /Threshold saved\./);
        await page.goto("/admin");
        await expect(page.getByText(/Partner balance low/)).toBeVisible();
        await page.goto(`/products/${PRODUCT.id}`);
        await expect(page.getByText("Temporarily unavailable").first()).toBeVisible();
        expect(await checkout(request)).toEqual({ status: 409, error: "balance_low" });
      });

      await test.step("the threshold cleared: on sale again", async () => {
        await setThreshold(page, "", /Threshold cleared\./);
        await expect(page.getByText(/Partner balance low/)).toHaveCount(0);
        await page.goto(`/products/${PRODUCT.id}`);
        await expect(page.getByText("Temporarily unavailable")).toHaveCount(0);
      });

      await test.step("sales paused: the storefront says so and takes no order", async () => {
        await setPaused(page, true);
        await page.goto("/");
        await expect(page.getByTestId("sales-paused")).toBeVisible();
        expect(await checkout(request)).toEqual({ status: 409, error: "sales_paused" });
        await setPaused(page, false);
        await page.goto("/");
        await expect(page.getByTestId("sales-paused")).toHaveCount(0);
      });

      await test.step("axe finds nothing serious on the dashboard, in both themes and languages", async () => {
        for (const { theme, language } of looksToCheck(0)) {
          await page.context().addCookies([{ name: "theme", value: theme, url: baseURL ?? "" }]);
          await page.goto(language === "zh" ? "/zh/admin?range=30" : "/admin");
          await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
          await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText(language === "zh" ? "合作方余额" : "Partner balance");
          const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
          const serious = results.violations
            .filter((v) => v.impact === "serious" || v.impact === "critical")
            .map((v) => `(${theme}, ${language}): ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
          expect(serious).toEqual([]);
        }
      });
    } finally {
      // Other specs sell from the same shop: no threshold, not paused.
      await page.context().clearCookies({ name: "theme" });
      await page.goto("/admin");
      const field = page.getByLabel(/Threshold in USD/);
      if ((await field.count()) > 0 && (await field.inputValue()) !== "") await setThreshold(page, "", /Threshold cleared\./);
      await setPaused(page, false);
    }
  });
});
