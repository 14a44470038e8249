// Screening before reservation, in the demo shop (lib/fraud): a bot without a valid bot-check
// token reserves nothing upstream; a burst of declined cards trips the card-testing breaker, the
// owner sees its one alert, new checkouts need the strict check, and the owner closes it again
// and is told so by the page that comes back, in English and Chinese, desktop and phone.
// The buyer's bot check and the owner's Fraud rules page are checked with axe, desktop and phone.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { botTokenVia, freshEmail, passBotCheck } from "./support/bot-check";
import { asDemoOwner } from "./support/demo-owner";

/** A voucher reserved upstream at checkout (as admin-operations.spec.ts buys it). */
const PRODUCT = { id: 231, voucherId: 23101 };
const DECLINED_CARD = "4000000000000002";

async function checkout(request: APIRequestContext, botToken?: string): Promise<{ status: number; error?: string; payment_url?: string; order_id?: string }> {
  const data = { voucher_id: PRODUCT.voucherId, game_id: PRODUCT.id, email: freshEmail("fraud"), ...(botToken === undefined ? {} : { bot_token: botToken }) };
  const response = await request.post("/api/checkout", { data });
  const body = (await response.json()) as { error?: string; payment_url?: string; order_id?: string };
  return { status: response.status(), error: body.error, payment_url: body.payment_url, order_id: body.order_id };
}

async function noSeriousViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
}

/** A page that comes back after the owner closed the breaker: who closed it and when, in each language. */
const CLOSED_BY = { en: /^Breaker closed by owner@demo\.example at .+\.$/, zh: /^熔断已由 owner@demo\.example 于 .+ 解除。$/ };

/** Two declined payments with the breaker's threshold at 2 (earlier declines in the window count too). */
async function tripBreaker(page: Page, request: APIRequestContext): Promise<void> {
  await setBreakerDeclines(page, "2");
  for (let i = 0; i < 2; i += 1) {
    // The strict check's token passes whether or not the first decline already opened it.
    const started = await checkout(request, await botTokenVia(request, "checkout-strict"));
    expect(started.status).toBe(201);
    const paid = await request.post(started.payment_url ?? "", { form: { card_number: DECLINED_CARD }, maxRedirects: 0 });
    expect(paid.status()).toBeLessThan(500);
  }
  await expect(async () => {
    await page.goto("/admin/fraud");
    await expect(page.getByText(/^Open: declines spiked/)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** Closes the breaker from the page: the close form goes with the open breaker, the page says who closed it. */
async function closeBreaker(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Close the breaker now" }).click();
  await expect(page.getByText("Closed: declines are normal.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: CLOSED_BY.en })).toBeVisible();
}

async function setBreakerDeclines(page: Page, declines: string): Promise<void> {
  await page.goto("/admin/fraud");
  await page.getByLabel("Declined payments that trip the breaker").fill(declines);
  await page.getByRole("button", { name: "Save rules" }).click();
  await expect(page.getByText("Rules saved.")).toBeVisible();
}

test.describe("screening before reservation", () => {
  test("a bot without a valid token gets no order, so nothing is reserved; a buyer with one does @once", async ({ page, request, browser, baseURL }) => {
    // No order is stored for a refused checkout, and the order's id is the only name upstream
    // would reserve under: without one, nothing upstream was asked (bench/fraud-screening.ts
    // counts the Partner API calls of a refused bot: 0).
    const bots = [await checkout(request), await checkout(request, "XXXX.made.up.token")];
    for (const bot of bots) expect(bot).toEqual({ status: 403, error: "bot_check_failed", payment_url: undefined, order_id: undefined });
    // A token is good once: the same one again is a bot replaying it.
    const token = await botTokenVia(request);
    expect(await checkout(request, token)).toMatchObject({ status: 201, order_id: expect.stringMatching(/^[0-9A-Z]{26}$/) });
    expect(await checkout(request, token)).toMatchObject({ status: 403, error: "bot_check_failed", order_id: undefined });
    // The owner sees why each was refused; the bots were told nothing of it.
    await asDemoOwner(page, browser, baseURL);
    await page.goto("/admin/fraud");
    await expect(page.getByRole("cell", { name: "no token" }).first()).toBeVisible();
    // The replay is refused by the shop's record of spent tokens or by siteverify's own
    // "timeout-or-duplicate", whichever sees it first.
    await expect(page.getByRole("cell", { name: /a token already accepted once|timeout-or-duplicate/ }).first()).toBeVisible();
    // The Chinese admin says why in its own words.
    await page.goto("/zh/admin/fraud");
    await expect(page.getByRole("cell", { name: "没有人机验证令牌" }).first()).toBeVisible();
    await expect(page.getByRole("cell", { name: /令牌已被接受过一次|验证服务拒绝：timeout-or-duplicate/ }).first()).toBeVisible();
  });

  test("a burst of declines trips the breaker: the owner sees one alert, checkouts need the strict check @once", async ({ page, request, browser, baseURL }) => {
    await asDemoOwner(page, browser, baseURL);
    // Earlier specs' declined test cards may have opened it already: start from a closed breaker.
    await page.goto("/admin/fraud");
    if (await page.getByRole("button", { name: "Close the breaker now" }).isVisible()) await closeBreaker(page);
    try {
      await tripBreaker(page, request);
      await page.goto("/admin/alerts");
      await expect(page.getByText("Card testing suspected: the checkout breaker is open")).toHaveCount(1);

      expect(await checkout(request, await botTokenVia(request))).toMatchObject({ status: 403, error: "challenge_required" });
      expect(await checkout(request, await botTokenVia(request, "checkout-strict"))).toMatchObject({ status: 201 });

      await page.goto("/admin/fraud");
      await closeBreaker(page);
      expect(await checkout(request, await botTokenVia(request))).toMatchObject({ status: 201 });
      // It stays: a reload, another tab, the Chinese page.
      await page.reload();
      await expect(page.getByRole("status").filter({ hasText: CLOSED_BY.en })).toBeVisible();
      await page.goto("/zh/admin/fraud");
      await expect(page.getByRole("status").filter({ hasText: CLOSED_BY.zh })).toBeVisible();
    } finally {
      await setBreakerDeclines(page, "10");
    }
  });

  test("@phone the owner closes the breaker on a phone and reads who closed it, in the screen's width", async ({ page, request, browser, baseURL }) => {
    await asDemoOwner(page, browser, baseURL);
    await page.goto("/admin/fraud");
    try {
      if (!(await page.getByRole("button", { name: "Close the breaker now" }).isVisible())) await tripBreaker(page, request);
      await closeBreaker(page);
      const status = page.getByRole("status").filter({ hasText: CLOSED_BY.en });
      const box = await status.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      await page.goto("/zh/admin/fraud");
      await expect(page.getByRole("status").filter({ hasText: CLOSED_BY.zh })).toBeVisible();
    } finally {
      await setBreakerDeclines(page, "10");
    }
  });

  test("the buyer's bot check and the owner's Fraud rules page have no serious violations", async ({ page, browser, baseURL }) => {
    await page.goto("/products/101");
    await page.getByRole("button", { name: "Continue to checkout" }).click();
    await page.getByLabel("Email").fill(freshEmail("axe"));
    // Pay before the check says what to do, in words, and sends nothing.
    await expect(page.getByRole("checkbox", { name: "Verify you are human" })).toBeVisible();
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page.getByText("Complete the check above first.")).toBeVisible();
    await passBotCheck(page);
    await noSeriousViolations(page);

    await asDemoOwner(page, browser, baseURL);
    await page.goto("/admin/fraud");
    await expect(page.getByRole("heading", { level: 1, name: "Fraud rules" })).toBeVisible();
    await expect(page.getByText("Default: 3; 0 for no cap.").first()).toBeVisible();
    // A bad value is refused at its field, and nothing is saved.
    await page.getByLabel("Orders per hour").first().fill("-1");
    await page.getByRole("button", { name: "Save rules" }).click();
    await expect(page.getByLabel("Orders per hour").first()).toHaveAttribute("aria-invalid", "true");
    await noSeriousViolations(page);
  });
});
