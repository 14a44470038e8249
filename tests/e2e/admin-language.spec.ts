// Every admin page says its words in the language its address names: under /zh the document is
// Chinese, the navigation and each page's heading come from zh.json, and so do the words a form
// says in the browser. The signed-in pages are taken from the admin's one navigation list
// (ADMIN_NAV), so a page added there later is checked too; the pages the list does not name
// (history, a version, the rule and service editors, sign-in, an invitation) are named here.
// Signed in once (sign-ins are limited per account); sign-in and invitation in a fresh context.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { asDemoOwner } from "./support/demo-owner";
import { ADMIN_NAV } from "../../app/_components/admin/nav-items";

/** A balance top-up: a service the demo upstream always has. */
const SERVICE_ID = 1;
/** Any Han character: an English page has none in its heading. */
const HAN = /\p{Script=Han}/u;

type Messages = { [key: string]: string | Messages };

async function adminWords(): Promise<(path: string) => string> {
  const zh = JSON.parse(await readFile("lib/i18n/messages/zh.json", "utf8")) as Messages;
  return (path) => {
    const value = path.split(".").reduce<string | Messages | undefined>((node, key) => (typeof node === "object" ? node[key] : undefined), zh.admin);
    if (typeof value !== "string") throw new Error(`zh.json has no admin.${path}`);
    return value;
  };
}

async function expectChinese(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.locator("html"), path).toHaveAttribute("lang", /^zh/);
}

test.describe("admin in Chinese", () => {
  test("every signed-in admin page under /zh is in Chinese: navigation, heading, document language", async ({ page, browser, baseURL }) => {
    test.setTimeout(180_000);
    const words = await adminWords();
    await asDemoOwner(page, browser, baseURL);
    // The demo owner may open every page of the list.
    for (const item of ADMIN_NAV) {
      const path = `/zh${item.href}`;
      await expectChinese(page, path);
      const nav = page.getByRole("navigation", { name: words("nav.label") });
      for (const other of ADMIN_NAV) await expect(nav.getByRole("link", { name: words(`nav.${other.label}`), exact: true }), path).toBeVisible();
      await expect(nav.getByRole("button", { name: words("nav.signOut") }), path).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(HAN);
    }

    const pages: { path: string; heading: string; also?: string }[] = [
      { path: "/zh/admin/prices/history", heading: words("prices.history.title") },
      { path: "/zh/admin/prices/history/1", heading: words("prices.history.versionTitle").replace("{version}", "1") },
      { path: "/zh/admin/prices/rule?level=global&key=", heading: words("prices.editor.titleGlobal") },
      // The heading is the product's name; the page's own words are around it.
      { path: `/zh/admin/catalogue/${SERVICE_ID}`, heading: "", also: words("catalogue.editor.back") },
    ];
    for (const { path, heading, also } of pages) {
      await expectChinese(page, path);
      if (heading) await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(heading);
      if (also) await expect(page.getByRole("link", { name: also }), path).toBeVisible();
      await expect(page.getByRole("link", { name: words("nav.prices"), exact: true }), path).toBeVisible();
    }
  });

  test("sign-in and an invitation under /zh are in Chinese, the sign-in form's own words too", async ({ browser }) => {
    const words = await adminWords();
    const context = await browser.newContext();
    const page = await context.newPage();
    await expectChinese(page, "/zh/admin/sign-in");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(words("signIn.title"));
    await expect(page.getByLabel(words("signIn.email"))).toBeVisible();
    await expect(page.getByRole("button", { name: words("signIn.submit") })).toBeVisible();
    await expectChinese(page, "/zh/admin/invite?token=none");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(words("invite.title"));
    await expect(page.getByText(words("invite.unusable"))).toBeVisible();
    await context.close();
  });
});
