// Reconciliation in a real browser: a buyer pays for a code in the demo, then the sandbox's
// supplier takes the delivered order back without notifying the shop (the sandbox control
// POST /sandbox/control/supplier_refund with notify:false). The owner, signed in once with the
// README's demo credentials, runs a reconciliation in the admin, sees the mismatch with a link
// to the order, settles it, and the buyer's order page says refunded. The run form also works
// with JavaScript off, and axe finds nothing serious on the list and a run's page.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Cookie } from "@playwright/test";
import { buyCode } from "./support/buy-code";
import { DEMO_OWNER, demoOwnerCookies } from "./support/demo-owner";
import { looksToCheck } from "./support/themes";

/** The demo fixture's partner, as the shop itself logs in to the embedded sandbox. */
const PARTNER = { login: "demo", api_key: "demo-key" };

let cookies: Cookie[] = [];

test.beforeAll(async ({ browser, baseURL }) => {
  cookies = await demoOwnerCookies(browser, baseURL);
});

/** Upstream's supplier refunds our order now and tells nobody. */
async function plantSilentRefund(request: APIRequestContext, orderId: string): Promise<void> {
  const login = await request.post("/sandbox/api/auth/login", { data: PARTNER });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const refunded = await request.post("/sandbox/control/supplier_refund", {
    headers: { authorization: `Bearer ${token}` },
    data: { ext_order_id: orderId, notify: false },
  });
  expect(await refunded.json()).toMatchObject({ order_status: 3, ext_order_id: orderId });
}

async function ownerPage(browser: import("@playwright/test").Browser, baseURL: string | undefined, javaScriptEnabled = true) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  await context.addCookies(cookies);
  return { context, page: await context.newPage() };
}

test.describe("admin reconciliation", () => {
  test("@once finds an upstream refund nobody was told of, settles it once, and the buyer is refunded", async ({ browser, baseURL, request }) => {
    const buyer = await browser.newPage({ baseURL });
    const { orderId, orderUrl } = await buyCode(buyer, `reconcile-${Date.now()}@example.com`);
    // The buyer's page would read upstream on its next visit and find the refund itself; closed,
    // only reconciliation can find it.
    await buyer.close();
    await plantSilentRefund(request, orderId);

    const { context, page } = await ownerPage(browser, baseURL);
    await page.goto("/admin/reconciliation");
    await expect(page.getByRole("heading", { level: 1, name: "Reconciliation" })).toBeVisible();
    await page.getByRole("button", { name: "Run now" }).click();
    await page.waitForURL(/\/admin\/reconciliation\/[0-9A-Z]{26}$/);
    await expect(page.getByRole("heading", { level: 1, name: /^Reconciliation of \d{4}-\d\d-\d\d$/ })).toBeVisible();

    const row = page.getByRole("row", { name: new RegExp(orderId) });
    await expect(row).toContainText("Upstream refunded a completed order");
    // States in words and money formatted (issue 29), not Stripe's raw status.
    await expect(row).toContainText("Completed · $");
    await expect(row).toContainText("taken · captured $");
    await expect(row.getByRole("link", { name: orderId })).toHaveAttribute("href", new RegExp(`/admin/orders/${orderId}$`));
    await expect(page.getByText("Upstream /api/revise calls")).toBeVisible();

    await row.getByRole("button", { name: "Settle: wake the order" }).click();
    await expect(row.getByRole("status")).toHaveText("Settled.");
    await page.reload();
    const settled = page.getByRole("row", { name: new RegExp(orderId) });
    await expect(settled).toContainText(`Settled by ${DEMO_OWNER.email}`);
    await expect(settled.getByRole("button")).toHaveCount(0);

    const again = await browser.newPage({ baseURL });
    await again.goto(orderUrl);
    await expect(again.getByRole("heading", { name: "Refunded" })).toBeVisible();
    await expect(again.getByText("Your payment has been refunded.")).toBeVisible();

    // The run is listed, and a new run finds this order agreeing on all three sides.
    await page.goto("/admin/reconciliation");
    await expect(page.getByRole("table")).toContainText(DEMO_OWNER.email);
    await page.getByRole("button", { name: "Run now" }).click();
    await page.waitForURL(/\/admin\/reconciliation\/[0-9A-Z]{26}$/);
    await expect(page.getByRole("row", { name: new RegExp(orderId) })).toHaveCount(0);
    await context.close();
  });

  test("@once runs without JavaScript, and a bad period is named", async ({ browser, baseURL }) => {
    const { context, page } = await ownerPage(browser, baseURL, false);
    await page.goto("/admin/reconciliation");
    await page.getByLabel("From (UTC day)").fill("2026-01-01");
    await page.getByLabel("To (UTC day)").fill("2026-03-01");
    await page.getByRole("button", { name: "Run now" }).click();
    await expect(page.getByRole("alert")).toHaveText("A period spans at most 31 days.");
    // The page came back from the server with its fields as they start: both are given again.
    await page.getByLabel("From (UTC day)").fill("2026-01-01");
    await page.getByLabel("To (UTC day)").fill("2026-01-02");
    await page.getByRole("button", { name: "Run now" }).click();
    await page.waitForURL(/\/admin\/reconciliation\/[0-9A-Z]{26}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Reconciliation of 2026-01-01 – 2026-01-02" })).toBeVisible();
    await expect(page.getByText("All three sides agree.")).toBeVisible();
    await context.close();
  });

  test("axe finds nothing serious on the list and a run, in both themes and languages @once", async ({ browser, baseURL }) => {
    const { context, page } = await ownerPage(browser, baseURL);
    await page.goto("/admin/reconciliation");
    await page.getByRole("button", { name: "Run now" }).click();
    await page.waitForURL(/\/admin\/reconciliation\/[0-9A-Z]{26}$/);
    const runPath = new URL(page.url()).pathname.replace(/^\/(en|zh)/, "");
    for (const [index, path] of ["/admin/reconciliation", runPath].entries()) {
      for (const { theme, language } of looksToCheck(index)) {
        await context.addCookies([
          { name: "theme", value: theme, url: baseURL ?? "" },
          { name: "NEXT_LOCALE", value: language, url: baseURL ?? "" },
        ]);
        await page.goto(path);
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        await expect(page.getByRole("heading", { level: 1 })).toContainText(language === "zh" ? "对账" : "Reconciliation");
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
        const serious = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${theme}, ${language}, ${path}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
        expect(serious).toEqual([]);
      }
    }
    await context.close();
  });
});
