// The demo's bot check (the emulated Turnstile, lib/turnstile-sandbox) as a buyer passes it: in
// the browser by ticking its checkbox, over HTTP by asking its token endpoint as the widget
// does, for the shop's own page. Each token is good for one checkout.
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { SANDBOX_SITE_KEY } from "../../support/bot-token";

export { botToken } from "../../support/bot-token";

export async function passBotCheck(page: Page): Promise<void> {
  await page.getByRole("checkbox", { name: "Verify you are human" }).check();
  await expect(page.getByText("Success!")).toBeVisible();
}

/** The same through Playwright's request fixture, on the shop it is pointed at. */
export async function botTokenVia(request: APIRequestContext, action = "checkout"): Promise<string> {
  const response = await request.post("/turnstile-sandbox/v0/token", { data: { sitekey: SANDBOX_SITE_KEY, action } });
  if (!response.ok()) throw new Error(`the bot check's token endpoint answered ${response.status()}`);
  return ((await response.json()) as { token: string }).token;
}

let buyers = 0;

/** An email no earlier checkout used: velocity caps count per email, and tests must not add up. */
export function freshEmail(label = "buyer"): string {
  buyers += 1;
  return `${label}-${Date.now().toString(36)}-${buyers}@example.com`;
}
