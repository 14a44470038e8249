// The README's demo owner, signed in through the sign-in form once per Playwright worker (one per
// project): every admin spec after the first reuses that session, so a run spends its time on
// what the specs prove rather than on the same sign-in again (docs/architecture-decisions.md 242).
// The sign-in form itself is proved by admin-sign-in.spec.ts. Each test opens pages in a context
// of its own carrying the session, so a buyer's context in the same test stays a stranger's.
import { expect, type Browser, type Cookie, type Page } from "@playwright/test";

export const DEMO_OWNER = { email: "owner@demo.example", password: "demo-owner-password" };

/** Signs in on this page with the sign-in form and waits for the dashboard. */
async function signInAsDemoOwner(page: Page): Promise<void> {
  await page.goto("/admin/sign-in");
  await page.getByLabel("Email").fill(DEMO_OWNER.email);
  await page.getByLabel("Password").fill(DEMO_OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The password's scrypt hash (32 MiB) and the first render of the dashboard on a fresh server
  // take seconds on a busy 2-core machine: longer than the default wait, far shorter than a test's.
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible({ timeout: 45_000 });
}

/**
 * This worker's session: a module is loaded once per worker, and a worker serves one project
 * against one server (a failed test's worker is replaced, and its successor signs in afresh).
 * Nothing in the specs ends the demo owner's sessions, and one lasts 12 hours.
 */
let session: Promise<Cookie[]> | undefined;

/** The session cookies of the demo owner, signed in on this worker's first call. */
export function demoOwnerCookies(browser: Browser, baseURL: string | undefined): Promise<Cookie[]> {
  session ??= signInOnce(browser, baseURL).catch((error: unknown) => {
    session = undefined;
    throw error;
  });
  return session;
}

async function signInOnce(browser: Browser, baseURL: string | undefined): Promise<Cookie[]> {
  const context = await browser.newContext({ baseURL });
  try {
    await signInAsDemoOwner(await context.newPage());
    return (await context.storageState()).cookies;
  } finally {
    await context.close();
  }
}

/** This page's context carries the owner's session from now on, as if signed in on it. */
export async function asDemoOwner(page: Page, browser: Browser, baseURL: string | undefined): Promise<void> {
  await page.context().addCookies(await demoOwnerCookies(browser, baseURL));
}

/** A page of the signed-in owner, in a context of its own. */
export async function ownerPage(browser: Browser, baseURL: string | undefined, cookies: Cookie[], options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...options });
  await context.addCookies(cookies);
  return context.newPage();
}
