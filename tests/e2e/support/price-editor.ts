import { expect, type Page } from "@playwright/test";

/** The price editor from the prices in force: a draft left by an earlier failed run is discarded. */
export async function openPriceEditor(page: Page): Promise<void> {
  await page.goto("/admin/prices");
  await expect(page.getByRole("heading", { level: 1, name: "Prices" })).toBeVisible();
  const discard = page.getByRole("button", { name: "Discard changes" });
  if (await discard.isVisible()) {
    await discard.click();
    await expect(discard).toHaveCount(0);
  }
}
