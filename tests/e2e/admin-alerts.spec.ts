// The owner's alerts in a real browser, signed in once per project with the README's demo
// credentials: send a test alert, see each channel's result and the alert listed, find its email
// in the demo's outbox, acknowledge it and see who did; the same without JavaScript; a planted
// low balance (the owner's threshold above the demo partner's balance) alerted by email once and
// shown cleared once the threshold is lifted; axe finds nothing serious on the page in both
// themes and languages.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test, type Cookie, type Page } from "@playwright/test";
import { demoOwnerCookies } from "./support/demo-owner";
import { looksToCheck } from "./support/themes";
import { expectNoSeriousViolations, openInLook } from "./support/axe-look";

/** The shop's outbox (playwright.config.ts): the demo's alerts go to the demo owner there. */
const OUTBOX = "test-results/e2e-shop/outbox";

let cookies: Cookie[] = [];

test.beforeAll(async ({ browser, baseURL }) => {
  cookies = await demoOwnerCookies(browser, baseURL);
});

test.beforeEach(async ({ context }) => {
  await context.addCookies(cookies);
});

/** Alert emails to the demo owner in the outbox with this subject. */
async function alertEmails(subject: string): Promise<number> {
  const names = await readdir(OUTBOX).catch(() => [] as string[]);
  let count = 0;
  for (const name of names.filter((file) => file.endsWith(".eml"))) {
    const text = await readFile(path.join(OUTBOX, name), "utf8");
    if (text.split(/\r?\n/).includes(`Subject: ${subject}`) && /^To: owner@demo\.example$/m.test(text)) count += 1;
  }
  return count;
}

const testAlertEmails = () => alertEmails("Alert: [test] Test alert");

/** The owner's low-balance threshold on the dashboard (lib/operations); "" clears it. */
async function setThreshold(page: Page, amount: string, answer: RegExp) {
  await page.goto("/admin");
  await page.getByLabel(/Threshold in USD/).fill(amount);
  await page.getByRole("button", { name: "Save threshold" }).click();
  await expect(page.getByText(answer)).toBeVisible();
}

/** The newest test alert nobody has acknowledged yet (the list is newest first). */
function openTestAlert(page: Page) {
  return page
    .getByRole("row")
    .filter({ hasText: "[test] Test alert" })
    .filter({ has: page.getByRole("button", { name: "Acknowledge" }) })
    .first();
}

async function sendAndAcknowledge(page: Page) {
  const emailsBefore = await testAlertEmails();
  await page.goto("/admin/alerts");
  await expect(page.getByRole("heading", { level: 1, name: "Alerts" })).toBeVisible();
  // In the page itself: the demo banner names the demo owner too.
  await expect(page.locator("#main").getByText("owner@demo.example", { exact: true })).toBeVisible();

  const sendForm = page.getByRole("form", { name: "Send a test alert" });
  await sendForm.getByRole("button", { name: "Send a test alert" }).click();
  await expect(sendForm.getByText("Test alert sent.")).toBeVisible();
  await expect(sendForm.getByText(/^Email: sent \(to owner@demo\.example: /)).toBeVisible();
  await expect.poll(testAlertEmails).toBe(emailsBefore + 1);

  await page.goto("/admin/alerts");
  const row = openTestAlert(page);
  await expect(row).toContainText("A test alert sent from the admin by owner@demo.example");
  await expect(row).toContainText("Email: sent");
  await expect(row).toContainText("Open");
  const alertId = await row.locator('input[name="id"]').inputValue();
  const acknowledged = page.getByRole("row").filter({ hasText: "Acknowledged by owner@demo.example" });
  const acknowledgedBefore = await acknowledged.count();

  await row.getByRole("button", { name: "Acknowledge" }).click();
  // The alert stays listed, now saying who acknowledged it, with no button left to press.
  await expect(page.locator(`input[name="id"][value="${alertId}"]`)).toHaveCount(0);
  await expect(acknowledged).toHaveCount(acknowledgedBefore + 1);
  await page.goto("/admin/alerts");
  await expect(page.locator(`input[name="id"][value="${alertId}"]`)).toHaveCount(0);
  await expect(acknowledged).toHaveCount(acknowledgedBefore + 1);
}

test.describe("the alerts page", () => {
  test("sends a test alert to the outbox, lists it and acknowledges it", async ({ page }) => {
    await page.goto("/admin");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Alerts" }).click();
    await sendAndAcknowledge(page);
  });

  // Shop-wide (the threshold stops sales), so desktop only, and put back whatever happens.
  test("a planted low balance is alerted by email once, and the alert stops when the balance is enough again @once", async ({ page }) => {
    const subject = "Alert: Partner balance low";
    const emailsBefore = await alertEmails(subject);
    try {
      // The demo partner holds 1,000 USD: a threshold of 2,000 leaves it short.
      await setThreshold(page, "2000", /Threshold saved\./);
      await page.goto("/admin/alerts");
      const row = page.getByRole("row").filter({ hasText: "Partner balance low" }).first();
      await expect(row).toContainText("Top up the partner balance");
      await expect(row).toContainText("Email: sent");
      await expect(row.getByRole("button", { name: "Acknowledge" })).toBeVisible();
      await expect.poll(() => alertEmails(subject)).toBe(emailsBefore + 1);

      await setThreshold(page, "", /Threshold cleared\./);
      await page.goto("/admin/alerts");
      await expect(row).toContainText("Cleared");
      await expect(row.getByRole("button", { name: "Acknowledge" })).toHaveCount(0);
      expect(await alertEmails(subject)).toBe(emailsBefore + 1);
    } finally {
      await page.goto("/admin");
      const field = page.getByLabel(/Threshold in USD/);
      if ((await field.count()) > 0 && (await field.inputValue()) !== "") await setThreshold(page, "", /Threshold cleared\./);
    }
  });

  test("works without JavaScript @once", async ({ browser, baseURL }) => {
    const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
    await noScript.addCookies(cookies);
    await sendAndAcknowledge(await noScript.newPage());
    await noScript.close();
  });

  test("axe finds nothing serious, in both themes and languages @once", async ({ page, baseURL }) => {
    for (const { theme, language } of looksToCheck(0)) {
      await openInLook(page, baseURL, "/admin/alerts", { theme, language });
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(language === "zh" ? "警报" : "Alerts");
      await expectNoSeriousViolations(page, `${theme}, ${language}`);
    }
  });
});
