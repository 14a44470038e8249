// The admin's sign-in, with the demo owner's credentials as the README gives them: a visitor
// without a session is sent to sign-in, a wrong password is refused, the right one opens the
// admin, sign-out ends it; a person the demo owner invites changes their password; no admin
// page can be framed and each works under its content security policy; and axe finds nothing
// serious on the admin pages.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { looksToCheck } from "./support/themes";
import { expectNoSeriousViolations, openInLook } from "./support/axe-look";

const DEMO = { email: "owner@demo.example", password: "demo-owner-password" };
/** The shop's outbox (playwright.config.ts): a demo mails invitations there as .eml files. */
const OUTBOX = "test-results/e2e-shop/outbox";

/** The invitation link mailed to `email`, its quoted-printable soft breaks undone. */
async function invitationLink(email: string): Promise<string> {
  for (const name of await readdir(OUTBOX)) {
    const text = (await readFile(path.join(OUTBOX, name), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const link = /\/admin\/invite\?token=[\w-]+/.exec(text)?.[0];
    if (text.includes(`To: ${email}`) && link) return link;
  }
  throw new Error(`No invitation to ${email} in ${OUTBOX}`);
}

async function signInAs(page: Page, email: string, password: string) {
  await page.goto("/admin/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function signIn(page: Page) {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await expect(page.getByText(`sign in as ${DEMO.email} with the password ${DEMO.password}`)).toBeVisible();
  await page.getByLabel("Email").fill(DEMO.email);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The password's scrypt hash (32 MiB) and the dashboard's first render take seconds on a busy
  // 2-core machine, as in support/demo-owner.ts.
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible({ timeout: 30_000 });
}

test.describe("admin sign-in", () => {
  test("signs in with the README's demo credentials, sees the admin, signs out", async ({ page }) => {
    await page.goto("/admin/sign-in");
    await page.getByLabel("Email").fill(DEMO.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Wrong email or password.")).toBeVisible();

    await signIn(page);
    await expect(page.getByText(DEMO.email).first()).toBeVisible();
    await expect(page.getByText("Demo (sandboxes, nothing real)")).toBeVisible();
    for (const name of ["People", "Security", "Audit log"]) await expect(page.getByRole("link", { name })).toBeVisible();
    await page.getByRole("link", { name: "Audit log" }).click();
    await expect(page.getByRole("cell", { name: "Signed in", exact: true }).first()).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/sign-in/);
    await page.goto("/admin/people");
    await expect(page).toHaveURL(/\/admin\/sign-in/);
  });

  test("an invited person changes their password: every session ends, the new one signs in, the old does not", async ({ page }) => {
    const email = `pw-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@shop.example`;
    await signIn(page);
    await page.goto("/admin/security");
    await expect(page.getByText("The demo owner's password is public and cannot be changed")).toBeVisible();
    await page.goto("/admin/people");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/sign-in/);

    // The demo's mailer wrote the .eml before the page said "sent".
    await page.goto(await invitationLink(email));
    await page.getByLabel("Password (at least 12 characters)").fill("first-password-123");
    await page.getByLabel("Password again").fill("first-password-123");
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page.getByText(`Welcome, ${email}.`)).toBeVisible();

    await signInAs(page, email, "first-password-123");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await page.goto("/admin/security");
    const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
    const current = page.getByLabel("Current password");
    const fresh = page.getByLabel("New password (at least 12 characters)");
    const again = page.getByLabel("New password again");
    // Checked in the browser with the server's schema: the field is named, nothing is sent.
    await current.fill("first-password-123");
    await fresh.fill("second-password-456");
    await again.fill("second-password-45");
    await page.getByRole("button", { name: "Change password" }).click();
    // Said twice, in the form's summary and at the field (admin-form.tsx): the first will do.
    await expect(page.getByText("Password again: the two passwords differ.").first()).toBeVisible();
    // A wrong current password is refused by the server, naming that field.
    await current.fill("not-my-password");
    await again.fill("second-password-456");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Current password: that is not your password.").first()).toBeVisible();

    // React empties a form its action answered, so every field is typed again.
    await current.fill("first-password-123");
    await fresh.fill("second-password-456");
    await again.fill("second-password-456");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page).toHaveURL(/\/admin\/sign-in\?notice=password-changed/);
    await expect(page.getByText("Your password was changed, and every session of yours has ended")).toBeVisible();
    await expect(page.getByText("A session lasts 12 hours from sign-in")).toBeVisible();
    await page.goto("/admin/security");
    await expect(page).toHaveURL(/\/admin\/sign-in/);

    await signInAs(page, email, "first-password-123");
    await expect(page.getByText("Wrong email or password.")).toBeVisible();
    await signInAs(page, email, "second-password-456");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  });

  test("the owner sees a pending invitation and revokes it: its link no longer works @once", async ({ page }) => {
    const email = `revoked-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@shop.example`;
    await signIn(page);
    await page.goto("/admin/people");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
    await page.reload();
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: "Revoke" }).click();
    // The row, with the form that answered, leaves the list as the page re-renders: its going is the answer.
    await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);

    await page.goto(await invitationLink(email));
    await expect(page.getByText("This invitation has expired, has been used or no longer stands")).toBeVisible();
  });

  test("admin pages cannot be framed and work under their content security policy @once", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const signInPage = await page.goto("/admin/sign-in");
    const headers = signInPage?.headers() ?? {};
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).toContain("default-src 'self'");
    await signIn(page);
    for (const path of ["/admin/people", "/admin/security", "/admin/audit"]) {
      const response = await page.goto(path);
      expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    }
    await page.getByRole("link", { name: "People" }).click();
    await expect(page).toHaveURL(/\/admin\/people/);
    expect((await page.request.get("/")).headers()["x-frame-options"]).toBe("DENY");
    expect(violations).toEqual([]);
  });

  test("refuses a sign-in without Auth's CSRF token @once", async ({ request }) => {
    const response = await request.post("/api/auth/callback/credentials", { form: { email: DEMO.email, password: DEMO.password }, headers: { "X-Auth-Return-Redirect": "1" } });
    const { url } = (await response.json()) as { url: string };
    expect(url).toContain("error=MissingCSRF");
  });
});

test.describe("admin accessibility", () => {
  // One sign-in for every page, theme and language: sign-ins are limited per account.
  test("admin pages in both languages (and both themes on a desktop) have no serious violations", async ({ page, baseURL }) => {
    // 18 pages through axe: under a loaded machine this outlasts 60 s.
    test.setTimeout(180_000);
    await signIn(page);
    for (const [index, path] of ["/admin", "/admin/people", "/admin/security", "/admin/audit", "/admin/invite?token=none", "/admin/sign-in"].entries()) {
      for (const { theme, language } of looksToCheck(index)) {
        await openInLook(page, baseURL, path, { theme, language });
        await expectNoSeriousViolations(page, `${path} (${theme}, ${language})`);
      }
    }
  });
});
