// A buyer's path through the shop in a real browser: browse, search, filter, open a product,
// fill a two-field account and see the player's name. Selectors are roles and labels, as a
// screen-reader user would find things.
import { describe, expect, it } from "vitest";
import { missing, useShopPage } from "./support/shop";

describe.skipIf(missing)("buying path", () => {
  const shop = useShopPage();

  it("browses the catalogue with prices and unavailable items greyed with a reason", async () => {
    const page = shop.page();
    await page.goto(shop.url("/"));
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toMatch(/vouchers/i);
    const titles = await page.getByRole("heading", { level: 2 }).allTextContents();
    expect(titles.length).toBeGreaterThanOrEqual(30);
    expect(titles).toContain("Starfall Legends Crystals");
    await expect(page.getByText(/from \$\d/).count()).resolves.toBeGreaterThan(10);
    // The fixture has services that are not available: they stay listed, with a reason.
    await expect(page.getByText(/not available|out of stock|unavailable/i).count()).resolves.toBeGreaterThan(0);
  });

  it("searches, and keeps the search in the URL", async () => {
    const page = shop.page();
    await page.goto(shop.url("/"));
    await page.getByRole("searchbox", { name: /search/i }).fill("mythic");
    await page.waitForURL(/q=mythic/);
    const titles = await page.getByRole("heading", { level: 2 }).allTextContents();
    expect(titles).toEqual(expect.arrayContaining(["Mythic Realms Diamonds (outside Russia)", "Mythic Realms Diamonds (Russia)"]));
    expect(titles.every((t) => /mythic/i.test(t))).toBe(true);

    // A shared link applies the same search.
    await page.goto(shop.url("/?q=starfall"));
    await page.waitForFunction(() => document.querySelectorAll("h2").length < 10);
    expect(await page.getByRole("heading", { level: 2 }).allTextContents()).toEqual(["Starfall Legends Crystals"]);
  });

  it("filters by platform and by region", async () => {
    const page = shop.page();
    await page.goto(shop.url("/"));
    const all = (await page.getByRole("heading", { level: 2 }).allTextContents()).length;
    await page.getByRole("combobox", { name: "Platform" }).selectOption({ label: "Mobile" });
    await page.waitForURL(/platform=/);
    const mobile = await page.getByRole("heading", { level: 2 }).allTextContents();
    expect(mobile.length).toBeGreaterThan(0);
    expect(mobile.length).toBeLessThan(all);
    expect(mobile).toContain("Starfall Legends Crystals");
    expect(mobile).not.toContain("Vaultline Wallet Top-Up");

    await page.getByRole("combobox", { name: "Platform" }).selectOption({ label: "All" });
    await page.getByRole("combobox", { name: "Region" }).selectOption({ index: 1 });
    const regional = await page.getByRole("heading", { level: 2 }).allTextContents();
    expect(regional.length).toBeGreaterThan(0);
    expect(regional.length).toBeLessThan(all);
  });

  it("opens a product, fills a two-field account and sees the player's name", async () => {
    const page = shop.page();
    await page.goto(shop.url("/"));
    await page.getByRole("link", { name: "Mythic Realms Diamonds (outside Russia)" }).click();
    await page.waitForURL(/\/products\/426\//);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Mythic Realms Diamonds (outside Russia)");
    await expect(page.getByText(/top up your account/i).count()).resolves.toBeGreaterThan(0);

    await page.getByLabel("Player ID").fill("12345678");
    await page.getByLabel("Zone ID").fill("1234");
    const found = page.getByText("Player found: MythicRover");
    await found.waitFor({ timeout: 15_000 });
    await expect(page.getByText("Region: Southeast Asia").count()).resolves.toBe(1);

    await page.getByRole("button", { name: "Continue to checkout" }).click();
    await page.getByText(/for account/i).first().waitFor();
    const summary = await page.locator("body").textContent();
    expect(summary).toContain("12345678");
    expect(summary).toContain("MythicRover");
  });

  it("points a player of another region to the right product", async () => {
    const page = shop.page();
    await page.goto(shop.url("/products/426"));
    await page.waitForURL(/\/products\/426\/mythic-realms-diamonds-outside-russia/);
    await page.getByLabel("Player ID").fill("87654321");
    await page.getByLabel("Zone ID").fill("4321");
    const link = page.getByRole("link", { name: /Mythic Realms Diamonds \(Russia\)/ });
    await link.waitFor({ timeout: 15_000 });
    await link.click();
    await page.waitForURL(/\/products\/92837\//);
  });

  it("answers an unknown product with a 404 page", async () => {
    const page = shop.page();
    const response = await page.goto(shop.url("/products/999999/nothing"));
    expect(response?.status()).toBe(404);
    // Its own title, not the shop's default or a product's.
    expect(await page.title()).toBe("Not found · Voucher Storefront");
  });
});

describe.skipIf(missing)("a visitor whose language is Chinese", () => {
  const shop = useShopPage({ locale: "zh-CN" });

  it("sees upstream's Chinese labels on the account form", async () => {
    const page = shop.page();
    await page.goto(shop.url("/products/426/mythic-realms-diamonds-outside-russia"));
    await page.getByLabel("玩家ID").waitFor();
    await expect(page.getByLabel("区服ID").count()).resolves.toBe(1);
  });
});
