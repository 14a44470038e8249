// A buyer in the demo shop pays for a voucher code with the test card 4242 and waits on the
// order page until the code shows: what the admin specs start from.
import { expect, type Page } from "@playwright/test";
import { passBotCheck } from "./bot-check";

const CODE = /^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/;

export interface BoughtCode {
  orderId: string;
  /** The buyer's order page, with its key. */
  orderUrl: string;
  code: string;
}

/** Checks out the product and pays on the payments sandbox's page with `card`, up to the buyer's order page. */
export async function payWithCard(page: Page, email: string, card: string, productPath = "/products/101"): Promise<void> {
  await page.goto(productPath);
  await page.getByRole("button", { name: "Continue to checkout" }).click();
  await page.getByLabel("Email").fill(email);
  await passBotCheck(page);
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL(/\/payments-sandbox\/pay\//);
  await page.getByLabel("Card number").fill(card);
  await page.getByRole("button", { name: "Pay" }).click();
  await page.waitForURL(/\/orders\/[0-9A-Z]{26}\?key=/);
}

export async function buyCode(page: Page, email: string, productPath = "/products/101"): Promise<BoughtCode> {
  await payWithCard(page, email, "4242 4242 4242 4242", productPath);
  await expect(page.getByRole("button", { name: "Copy code" })).toBeVisible({ timeout: 30_000 });
  const code = (await page.getByLabel("Code", { exact: true }).textContent())?.trim() ?? "";
  expect(code).toMatch(CODE);
  const orderUrl = page.url();
  return { orderId: new URL(orderUrl).pathname.split("/").pop() ?? "", orderUrl, code };
}
