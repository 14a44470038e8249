// Product pages that tell the truth, in both projects (desktop and phone): face values beside
// prices, out of stock that reads so, top-up presets and range refused in the browser and on the
// server, the typed account carried to the right region's product, redemption steps, a refund
// note, share metadata; and on a phone, the price and buy button always in view.
import { expect, test, type Page } from "@playwright/test";

const DIAMONDS = "/products/426/mythic-realms-diamonds-outside-russia";
const WALLET = "/products/1/vaultline-wallet-top-up";

test.describe("product page", () => {
  test("shows each denomination's face value, and no premium over it unless the owner chose to", async ({ page }) => {
    await page.goto("/products/101");
    const first = page.getByRole("radio").first().locator("xpath=..");
    await expect(first).toContainText("Face value $5.00");
    // SHOP_FACE_VALUE_COMPARISON's default, savings: a price above face value is not compared.
    await expect(first).not.toContainText(/over face value/);
    // A card in another currency: its face value, without a comparison a rate would decide.
    await page.goto("/products/102");
    const euro = page.getByRole("radio").first().locator("xpath=..");
    await expect(euro).toContainText("Face value €10.00");
    await expect(euro).not.toContainText("face value ·");
    await expect(euro).not.toContainText(/Save|over face value/);
  });

  test("says out of stock, and its button looks and is disabled", async ({ page }) => {
    await page.goto("/products/203/orbit-network-store-card-saudi-arabia");
    await expect(page.getByRole("status").filter({ hasText: "Out of stock." })).toBeVisible();
    await expect(page.getByText("Choose what to buy")).toHaveCount(0);
    await expect(page.getByText(/prices may be out of date/i)).toHaveCount(0);
    const button = page.getByRole("button", { name: "Out of stock" });
    await expect(button).toBeDisabled();
    const look = await button.evaluate((element) => {
      const style = getComputedStyle(element);
      return { cursor: style.cursor, background: style.backgroundColor };
    });
    const enabled = await enabledButtonBackground(page);
    expect(look.cursor).toBe("not-allowed");
    expect(look.background).not.toBe(enabled);
  });

  test("offers top-up presets, states the range, and refuses an amount outside it before checkout", async ({ page, request }) => {
    await page.goto(WALLET);
    await expect(page.getByText("From $5.00 to $500.00")).toBeVisible();
    await expect(page.getByRole("button", { name: "$10.00" })).toBeVisible();
    await page.getByRole("button", { name: "$25.00" }).click();
    await expect(page.getByRole("button", { name: "$25.00" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByLabel("Or another amount, in USD")).toHaveValue("25");
    // The field's sign and the total's are one notation.
    const sign = await page.locator("#amount").locator("xpath=preceding-sibling::span").textContent();
    expect(sign).toBe("$");
    await expect(page.getByText("Total").locator("xpath=..")).toContainText(/\$\d+\.\d\d/);

    await page.getByLabel("Or another amount, in USD").fill("600");
    await page.getByLabel("Account").fill("vaultfan42");
    await page.getByRole("button", { name: "Continue to checkout" }).click();
    await expect(page.getByText("Enter an amount from $5.00 to $500.00")).toBeVisible();
    await expect(page.getByRole("region", { name: "Your order" })).toHaveCount(0);

    // The server refuses it too, naming the range, for the price and for the checkout.
    const price = await request.get("/api/top-up-price?product=1&amount=600");
    expect(price.status()).toBe(422);
    expect(await price.json()).toMatchObject({ error: "refused", message: "Enter an amount from $5.00 to $500.00", field: "amount", problem: { code: "out_of_range" } });
    const checkout = await request.post("/api/checkout", {
      data: { game_id: 1, amount: "600", account: "vaultfan42", email: "gamer@example.com" },
    });
    expect(checkout.status()).toBeGreaterThanOrEqual(400);
    expect(checkout.status()).toBeLessThan(500);
    expect(JSON.stringify(await checkout.json())).toContain("Enter an amount from $5.00 to $500.00");
  });

  test("carries the typed account to the product for the player's region", async ({ page }) => {
    await page.goto(DIAMONDS);
    await page.getByLabel("Player ID").fill("87654321");
    await page.getByLabel("Zone ID").fill("4321");
    const link = page.getByRole("link", { name: /Mythic Realms Diamonds \(Russia\)/ });
    await expect(link).toBeVisible({ timeout: 15_000 });
    await link.click();
    await page.waitForURL(/\/products\/92837\/[^?]*$/);
    await expect(page.getByLabel("Player ID")).toHaveValue("87654321");
    await expect(page.getByLabel("Zone ID")).toHaveValue("4321");
    // The account is filled in, and gone from the address bar.
    expect(new URL(page.url()).search).toBe("");
  });

  test("explains how to redeem on the platform, and what happens to the money, near the buy button", async ({ page }) => {
    await page.goto("/products/201");
    await expect(page.getByText("How to redeem the code")).toBeVisible();
    await expect(page.getByText("In PlayStation Store:")).toBeVisible();
    await expect(page.getByText(/Redeem codes/).first()).toBeVisible();
    const panel = page.getByRole("form", { name: "Buy" });
    await expect(panel).toContainText("Delivered codes and top-ups cannot be returned");
    await expect(panel).toContainText("only charged once your order is delivered");
  });

  test("has Open Graph metadata and a share image", async ({ page, request }) => {
    await page.goto("/products/101");
    const meta = (property: string) => page.locator(`meta[property="${property}"]`).getAttribute("content");
    expect(await meta("og:title")).toBe("Vaultline Gift Card (US)");
    expect(await meta("og:description")).toBeTruthy();
    const image = await meta("og:image");
    expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/products\/101\/vaultline-gift-card-us\/og-image$/);
    const response = await request.get(image ?? "");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    expect((await response.body()).subarray(1, 4).toString()).toBe("PNG");
  });

  test("opens the number pad for numeric account fields only", async ({ page }) => {
    await page.goto(DIAMONDS);
    await expect(page.getByLabel("Player ID")).toHaveAttribute("inputmode", "numeric");
    await expect(page.getByLabel("Zone ID")).toHaveAttribute("inputmode", "numeric");
    await page.goto(WALLET);
    await expect(page.getByLabel("Account")).not.toHaveAttribute("inputmode", /./);
    await expect(page.getByLabel("Or another amount, in USD")).toHaveAttribute("inputmode", "decimal");
  });
});

test.describe("on a phone @phone", () => {
  test("keeps the price and the buy button in view while choosing", async ({ page }) => {
    await page.goto(DIAMONDS);
    const button = page.getByRole("button", { name: "Continue to checkout" });
    const total = page.getByText("Total", { exact: true });
    await expect(button).toBeInViewport();
    await expect(total).toBeInViewport();
    // Scrolled down to the last amount and the account fields, they are still on screen.
    await page.getByRole("radio").last().scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport();
    await page.getByLabel("Zone ID").scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport();
    await expect(total).toBeInViewport();
  });

  test("shows catalogue thumbnails whole, not cropped", async ({ page }) => {
    await page.goto("/");
    const boxes = await page.locator("ul li > img, ul li > svg").evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        const fit = element instanceof HTMLImageElement ? getComputedStyle(element).objectFit : "contain";
        return { ratio: box.width / box.height, fit };
      }),
    );
    expect(boxes.length).toBeGreaterThan(10);
    for (const box of boxes) {
      expect(box.fit).not.toBe("cover");
      expect(Math.abs(box.ratio - 16 / 9)).toBeLessThan(0.05);
    }
  });
});

/** The accent background of an enabled button, to compare a disabled one against. */
async function enabledButtonBackground(page: Page): Promise<string> {
  return page.evaluate(() => {
    const probe = document.createElement("button");
    probe.className = "button";
    document.body.append(probe);
    const color = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return color;
  });
}
