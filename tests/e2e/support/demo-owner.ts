// The README's demo owner, signed in once per spec file through the sign-in form; each test
// then opens pages in a context of its own carrying that session, so a buyer's context in the
// same test stays a stranger's.
import { expect, type Browser, type Cookie, type Page } from "@playwright/test";

export const DEMO_OWNER = { email: "owner@demo.example", password: "demo-owner-password" };

/** Signs in on this page with the sign-in form and waits for the dashboard. */
export async function signInAsDemoOwner(page: Page): Promise<void> {
  await page.goto("/admin/sign-in");
  await page.getByLabel("Email").fill(DEMO_OWNER.email);
  await page.getByLabel("Password").fill(DEMO_OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The password's scrypt hash (32 MiB) and the first render of the dashboard take seconds on a
  // busy 2-core machine: longer than the default wait, far shorter than the test's own timeout.
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible({ timeout: 30_000 });
}

/** The session cookies of a fresh sign-in, for test.beforeAll. */
export async function demoOwnerCookies(browser: Browser, baseURL: string | undefined): Promise<Cookie[]> {
  const context = await browser.newContext({ baseURL });
  await signInAsDemoOwner(await context.newPage());
  const { cookies } = await context.storageState();
  await context.close();
  return cookies;
}

/** A page of the signed-in owner, in a context of its own. */
export async function ownerPage(browser: Browser, baseURL: string | undefined, cookies: Cookie[], options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...options });
  await context.addCookies(cookies);
  return context.newPage();
}
