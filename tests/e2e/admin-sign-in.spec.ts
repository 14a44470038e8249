// The admin's sign-in, with the demo owner's credentials as the README gives them: a visitor
// without a session is sent to sign-in, a wrong password is refused, the right one opens the
// admin, sign-out ends it; and axe finds nothing serious on the admin pages.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

const DEMO = { email: "owner@demo.example", password: "demo-owner-password" };

async function signIn(page: Page) {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await expect(page.getByText(`sign in as ${DEMO.email} with the password ${DEMO.password}`)).toBeVisible();
  await page.getByLabel("Email").fill(DEMO.email);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
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
    await expect(page.getByRole("cell", { name: "auth.sign_in", exact: true }).first()).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/sign-in/);
    await page.goto("/admin/people");
    await expect(page).toHaveURL(/\/admin\/sign-in/);
  });

  test("refuses a sign-in without Auth's CSRF token @once", async ({ request }) => {
    const response = await request.post("/api/auth/callback/credentials", { form: { email: DEMO.email, password: DEMO.password }, headers: { "X-Auth-Return-Redirect": "1" } });
    const { url } = (await response.json()) as { url: string };
    expect(url).toContain("error=MissingCSRF");
  });
});

test.describe("admin accessibility", () => {
  // One sign-in for every page, theme and language: sign-ins are limited per account.
  test("admin pages in both themes and both languages have no serious violations", async ({ page, baseURL }) => {
    await signIn(page);
    for (const theme of ["light", "dark"] as const) {
      for (const language of ["en", "zh"] as const) {
        await page.context().addCookies([
          { name: "theme", value: theme, url: baseURL ?? "" },
          { name: "NEXT_LOCALE", value: language, url: baseURL ?? "" },
        ]);
        for (const path of ["/admin", "/admin/people", "/admin/security", "/admin/audit", "/admin/invite?token=none", "/admin/sign-in"]) {
          await page.goto(path);
          await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
          const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
          const serious = results.violations
            .filter((v) => v.impact === "serious" || v.impact === "critical")
            .map((v) => `${path} (${theme}, ${language}): ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
          expect(serious).toEqual([]);
        }
      }
    }
  });
});
