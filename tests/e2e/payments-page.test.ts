// The payments sandbox's hosted page as a buyer uses it, in Chromium, against the standalone
// sandbox (no shop build needed): 4242 pays and returns to success_url, 0002 is declined.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeSandbox, type StripeSandboxProcess } from "../support/stripe-sandbox-process";
import { launchBrowser } from "./support/browser";

describe("hosted payment page", () => {
  let sandbox: StripeSandboxProcess;
  let browser: Browser;

  beforeAll(async () => {
    sandbox = await startStripeSandbox();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
    await sandbox.stop();
  });

  it("pays with 4242 and lands on success_url with the session id", async () => {
    const session = await sandbox.openSession("browser-ok");
    const page = await browser.newPage();
    await page.goto(session.url ?? "");
    expect(await page.getByText("TEST MODE").isVisible()).toBe(true);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(`${sandbox.receiverUrl}/done?session=${session.id}`);
    expect((await sandbox.stripe().checkout.sessions.retrieve(session.id)).status).toBe("complete");
    await page.close();
  });

  it("shows the decline for 0002, keeps the session open, and Cancel leads to cancel_url", async () => {
    const session = await sandbox.openSession("browser-declined");
    const page = await browser.newPage();
    await page.goto(session.url ?? "");
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay" }).click();
    expect(await page.getByRole("alert").textContent()).toBe("Your card was declined.");
    expect((await sandbox.stripe().checkout.sessions.retrieve(session.id)).status).toBe("open");
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL(`${sandbox.receiverUrl}/cart`);
    await page.close();
  });
});
