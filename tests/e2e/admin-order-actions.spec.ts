// The owner's refund in a real browser: a buyer pays for a code in the demo shop, the owner
// (signed in once with the README's demo credentials) opens the order in the admin, is warned
// that upstream keeps what it was paid, refunds part of it with a reason, then the rest, and the
// buyer's order page says partly refunded, then refunded. A refund without its confirmation
// ticked is named and changes nothing; sending the same form twice refunds once.
import { expect, test, type Cookie, type Page } from "@playwright/test";
import { buyCode } from "./support/buy-code";
import { demoOwnerCookies, ownerPage } from "./support/demo-owner";

let cookies: Cookie[] = [];

test.beforeAll(async ({ browser, baseURL }) => {
  cookies = await demoOwnerCookies(browser, baseURL);
});

function refundForm(page: Page) {
  return page.getByRole("form", { name: "Refund" });
}

test("@once refund part, then the rest; the buyer's order page says partly refunded, then refunded", async ({ browser, baseURL }) => {
  const buyer = await browser.newPage({ baseURL });
  const { orderId, orderUrl } = await buyCode(buyer, `refund-${Date.now()}@example.com`);

  const owner = await ownerPage(browser, baseURL, cookies);
  await owner.goto(`/admin/orders/${orderId}`);
  const form = refundForm(owner);
  await expect(form).toBeVisible();
  await expect(owner.getByRole("note")).toContainText("Upstream will not take a delivered code back");

  // Without the confirmation ticked: named, nothing refunded.
  await form.getByLabel(/^Amount in USD/).fill("2.00");
  await form.getByLabel(/^Reason/).fill("the buyer asked for a goodwill discount");
  await form.getByRole("button", { name: "Refund" }).click();
  // Said in the form's summary at its top and at the box itself (admin-form.tsx).
  await expect(form.getByRole("alert")).toHaveText("Tick the box to confirm first.");

  await form.getByLabel(/I understand that upstream keeps/).check();
  await form.getByRole("button", { name: "Refund" }).click();
  await expect(form.getByRole("status")).toHaveText("Refunded $2.00; the buyer is told by email.");
  await expect(owner.getByText("Refunded so far: $2.00")).toBeVisible();

  await buyer.goto(orderUrl);
  await expect(buyer.getByText("You have been charged; $2.00 of your payment has been refunded. The code stays yours.")).toBeVisible();
  await expect(buyer.getByRole("button", { name: "Copy code" })).toBeVisible();

  // The rest: no amount is everything left.
  await owner.reload();
  const rest = refundForm(owner);
  await rest.getByLabel(/^Reason/).fill("code did not work for the buyer");
  await rest.getByLabel(/I understand that upstream keeps/).check();
  await rest.getByRole("button", { name: "Refund" }).click();
  // Refunded in full, the page re-renders without a refund form, saying what went back.
  await expect(owner.getByText(/^Refunded so far: \$\d+\.\d\d$/)).not.toHaveText("Refunded so far: $2.00");
  await expect(refundForm(owner)).toHaveCount(0);

  await buyer.goto(orderUrl);
  await expect(buyer.getByRole("heading", { name: "Refunded" })).toBeVisible();
  await expect(buyer.getByText("Your payment has been refunded.")).toBeVisible();
  await expect(buyer.getByText("The shop refunded this order.")).toBeVisible();
  await expect(buyer.getByRole("button", { name: "Copy code" })).toHaveCount(0);

  // The buyer's page in Chinese says so too.
  await buyer.goto(orderUrl.replace("/orders/", "/zh/orders/"));
  await expect(buyer.getByText("您的付款已退回。")).toBeVisible();
  await owner.context().close();
});
