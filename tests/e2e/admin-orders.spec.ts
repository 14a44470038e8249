// The admin's order list and order page in a real browser: a buyer pays for a code in the demo
// shop; the owner (signed in once with the README's demo credentials) finds the order by the
// buyer's email with the keyboard, opens it, sees its ids and event log, reveals the code (and
// finds the reveal in the audit log), exports the filtered list as CSV; the filter form works
// without JavaScript and names a bad value; axe finds nothing serious on either page in both
// themes and languages.
import { expect, test, type Browser, type Cookie, type Page } from "@playwright/test";
import { buyCode } from "./support/buy-code";
import { looksToCheck } from "./support/themes";
import { expectNoSeriousViolations, openInLook } from "./support/axe-look";
import { DEMO_OWNER, demoOwnerCookies, ownerPage } from "./support/demo-owner";


let cookies: Cookie[] = [];

test.beforeAll(async ({ browser, baseURL }) => {
  cookies = await demoOwnerCookies(browser, baseURL);
});

/** A signed-in owner's page (in a context of its own, so the buyer's stays a stranger's). */
function signedIn(browser: Browser, baseURL: string | undefined, options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  return ownerPage(browser, baseURL, cookies, options);
}

test.describe("admin orders", () => {
  test("finds an order by the buyer's email, shows its ids and events, reveals its code (audited) and exports it", async ({ page, browser, baseURL }, testInfo) => {
    test.setTimeout(180_000);
    // Upper case on purpose: the search finds the address however it is written.
    const email = `orders-${testInfo.project.name}-${Date.now()}@example.com`;
    const { orderId, code } = await buyCode(page, email);
    const owner = await signedIn(browser, baseURL);

    await test.step("the list finds it by the buyer's email, by keyboard", async () => {
      await owner.goto("/admin");
      await owner.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Orders" }).click();
      await expect(owner.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
      const search = owner.getByRole("searchbox", { name: "Search" });
      await search.focus();
      await owner.keyboard.type(email.toUpperCase());
      await owner.keyboard.press("Enter");
      await expect(owner).toHaveURL(/\/admin\/orders\?q=/);
      const rows = owner.getByRole("table").getByRole("row");
      await expect(rows).toHaveCount(2); // the header and the one order
      await expect(rows.nth(1)).toContainText(email);
      await expect(rows.nth(1)).toContainText("Completed");
    });

    await test.step("the order page shows every id and the event log", async () => {
      await owner.getByRole("link", { name: orderId }).click();
      await expect(owner.getByRole("heading", { level: 1, name: `Order ${orderId}` })).toBeVisible();
      const ids = owner.getByRole("region", { name: "Ids" });
      await expect(ids).toContainText(orderId);
      await expect(ids.getByText(/^cs_/)).toHaveCount(1);
      await expect(ids.getByText(/^pi_/)).toHaveCount(1);
      // A demo shop's payments are in the sandbox: no link to Stripe's dashboard.
      await expect(ids.getByRole("link", { name: "Open in Stripe's dashboard" })).toHaveCount(0);
      await expect(owner.getByRole("region", { name: "Money" })).toContainText("Taken (captured)");
      const events = owner.getByRole("region", { name: "Event log" }).getByRole("listitem");
      expect(await events.count()).toBeGreaterThan(2);
      await expect(owner.getByRole("region", { name: "Event log" })).toContainText("→ Completed");
      // The code is not in the page as sent.
      expect(await owner.content()).not.toContain(code);
    });

    await test.step("reveal shows the buyer's code, and the audit log records who saw it", async () => {
      await owner.getByRole("button", { name: "Reveal code" }).click();
      await expect(owner.getByText("Shown below; this reveal is in the audit log.")).toBeVisible();
      await expect(owner.getByRole("list", { name: "Delivered code" })).toHaveText(code);
      await owner.goto("/admin/audit");
      const row = owner.getByRole("row").filter({ hasText: `Order ${orderId}` });
      await expect(row).toContainText("Code revealed");
      await expect(row).toContainText(DEMO_OWNER.email);
    });

    await test.step("the CSV export of the filtered list holds the order", async () => {
      const answer = await owner.request.get(`/api/admin/orders/export?q=${encodeURIComponent(email)}`);
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-disposition"]).toMatch(/filename="orders-\d{4}-\d{2}-\d{2}\.csv"/);
      const lines = (await answer.text()).trimEnd().split("\n");
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(orderId);
    });
    await owner.context().close();
  });

  test("filters without JavaScript and names a bad value @once", async ({ browser, baseURL }) => {
    const owner = await signedIn(browser, baseURL, { javaScriptEnabled: false });
    await owner.goto("/admin/orders");
    await owner.getByLabel("State").selectOption("completed");
    await owner.getByLabel("Rows a page").selectOption("25");
    await owner.getByRole("button", { name: "Apply" }).click();
    await expect(owner).toHaveURL(/state=completed/);
    await expect(owner).toHaveURL(/size=25/);
    await expect(owner.getByLabel("State")).toHaveValue("completed");

    await owner.goto("/admin/orders?from=2027-02-30&state=lost");
    await expect(owner.getByRole("alert")).toHaveText("Some filters are not valid; correct the marked fields.");
    await expect(owner.getByLabel("From (UTC)")).toHaveAttribute("aria-invalid", "true");
    await expect(owner.getByText("not a calendar date")).toBeVisible();
    await expect(owner.getByLabel("State")).toHaveAttribute("aria-invalid", "true");
    await expect(owner.getByRole("table")).toHaveCount(0);
    await owner.context().close();
  });

  test("axe finds nothing serious on the order list and an order page, in both languages (and both themes on a desktop)", async ({ page, browser, baseURL }) => {
    test.setTimeout(180_000);
    const { orderId } = await buyCode(page, `axe-${Date.now()}@example.com`);
    const owner = await signedIn(browser, baseURL);
    for (const [index, path] of ["/admin/orders", `/admin/orders/${orderId}`].entries()) {
      for (const { theme, language } of looksToCheck(index)) {
        await openInLook(owner, baseURL, path, { theme, language });
        if (path === "/admin/orders") await expect(owner.getByRole("heading", { level: 1 })).toHaveText(language === "zh" ? "订单" : "Orders");
        await expectNoSeriousViolations(owner, `${path} (${theme}, ${language})`);
      }
    }
    await owner.context().close();
  });
});
