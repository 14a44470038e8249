// The payments sandbox's hosted page as a buyer uses it, in Chromium, against the standalone
// sandbox: 4242 pays and returns to success_url, 0002 is declined.
import { expect, test } from "@playwright/test";
import { startStripeSandbox, type StripeSandboxProcess } from "../support/stripe-sandbox-process";

test.describe("hosted payment page", () => {
  let sandbox: StripeSandboxProcess;

  test.beforeAll(async () => {
    sandbox = await startStripeSandbox();
  });
  test.afterAll(async () => {
    await sandbox?.stop();
  });

  test("pays with 4242 and lands on success_url with the session id", async ({ page }, testInfo) => {
    const session = await sandbox.openSession(`browser-ok-${testInfo.project.name}`);
    await page.goto(session.url ?? "");
    await expect(page.getByText("TEST MODE")).toBeVisible();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(`${sandbox.receiverUrl}/done?session=${session.id}`);
    expect((await sandbox.stripe().checkout.sessions.retrieve(session.id)).status).toBe("complete");
  });

  test("shows the decline for 0002, keeps the session open, and Cancel leads to cancel_url", async ({ page }, testInfo) => {
    const session = await sandbox.openSession(`browser-declined-${testInfo.project.name}`);
    await page.goto(session.url ?? "");
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
    expect((await sandbox.stripe().checkout.sessions.retrieve(session.id)).status).toBe("open");
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL(`${sandbox.receiverUrl}/cart`);
  });
});
