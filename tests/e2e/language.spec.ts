// The storefront in English and Simplified Chinese: English at /…, Chinese at /zh/…; a visitor
// whose browser prefers Chinese is sent there, the header's switch (also without scripts) moves
// between the two URLs and is remembered across pages.
import { expect, test } from "@playwright/test";

const DIAMONDS = "/products/426/mythic-realms-diamonds-outside-russia";

test.describe("a visitor whose browser prefers Chinese", () => {
  test.use({ locale: "zh-CN" });

  test("gets the whole shop in Simplified Chinese, at its /zh URLs, prices marked as US dollars", async ({ page }) => {
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/zh");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("游戏点卡与充值");
    await expect(page.getByRole("searchbox", { name: "搜索商品" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "平台" })).toBeVisible();
    await expect(page.getByText(/^\d+ 件商品$/)).toBeVisible();
    await expect(page.getByText(/US\$\d/).first()).toBeVisible();

    await page.goto(DIAMONDS);
    expect(new URL(page.url()).pathname).toBe(`/zh${DIAMONDS}`);
    await expect(page.getByRole("heading", { name: "购买" })).toBeVisible();
    await expect(page.getByRole("group", { name: "选择面额" })).toBeVisible();
    await expect(page.getByLabel("玩家ID")).toBeVisible();
    await expect(page.getByRole("button", { name: "去结账" })).toBeVisible();
    await expect(page.getByText(/^面值 US\$1\.49/)).toBeVisible();
    await expect(page.getByText("通常 3分钟内到账，最长 30分钟")).toBeVisible();
  });

  test("checks the player and says what is wrong in Chinese", async ({ page }) => {
    await page.goto(DIAMONDS);
    await page.getByRole("button", { name: "去结账" }).click();
    await expect(page.getByText("请填写玩家ID")).toBeVisible();
    await page.getByLabel("玩家ID").fill("12345678");
    await page.getByLabel("区服ID").fill("1234");
    await expect(page.getByText("已找到玩家：MythicRover")).toBeVisible({ timeout: 15_000 });
  });

  test("searches in Chinese and names places in Chinese", async ({ page }) => {
    await page.goto("/search?q=mythc+realmz+xbox");
    await expect(page.getByRole("heading", { name: "没有符合搜索的商品" })).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("combobox", { name: "地区" }).locator("option", { hasText: "拉丁美洲" })).toHaveCount(1);
  });
});

test.describe("the language switch", () => {
  test("moves the page it is on to its URL in the other language, and the choice stays", async ({ page }) => {
    await page.goto(DIAMONDS);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("button", { name: "Show the shop in 简体中文" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
    expect(new URL(page.url()).pathname).toBe(`/zh${DIAMONDS}`);
    await expect(page.getByRole("button", { name: "去结账" })).toBeVisible();

    // Remembered: the English URL sends this visitor to the Chinese one.
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/zh");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("游戏点卡与充值");
    await page.getByRole("button", { name: "以English显示本店" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Game vouchers and top-ups");
    expect(new URL(page.url()).pathname).toBe("/");
  });

  test("wins over the browser's language, and works without scripts", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: "zh-CN", javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/search?q=mythic");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
    expect(new URL(page.url()).pathname).toBe("/zh/search");
    await page.getByRole("button", { name: "以English显示本店" }).click();
    await page.waitForURL(/127\.0\.0\.1:\d+\/search\?q=mythic$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("searchbox", { name: "Search products" })).toHaveValue("mythic");
    await context.close();
  });

  test("refuses a language it does not speak, changing nothing @once", async ({ request }) => {
    const response = await request.post("/api/language", { form: { locale: "fr" }, maxRedirects: 0 });
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({ error: "invalid", message: "locale must be one of en, zh", field: "locale" });
    expect(response.headers()["set-cookie"]).toBeUndefined();
  });
});

test.describe("a shared cache in front of the shop @once", () => {
  test("keeps an English URL's page apart by what picks the language, and a /zh one by its URL alone", async ({ request }) => {
    // The same English URL sends a Chinese reader to /zh/… (307); a cache that kept its English
    // page by URL alone would serve that page to them. The second view is the page cache's copy.
    for (const path of ["/", "/products/432/starfall-legends-crystals"]) {
      for (const view of ["first", "cached"]) {
        const response = await request.get(path, { headers: { "accept-language": "en-US,en;q=0.9" }, maxRedirects: 0 });
        expect(response.status(), `${path}, ${view} view`).toBe(200);
        if (view === "first") continue;
        const vary = (response.headers()["vary"] ?? "").toLowerCase().split(/\s*,\s*/);
        expect(vary, path).toEqual(expect.arrayContaining(["accept-language", "cookie"]));
        // Next's own keys stay: the page and its RSC payload share the URL.
        expect(vary, path).toContain("rsc");
      }
    }
    await request.get("/zh");
    const chinese = await request.get("/zh");
    expect(chinese.headers()["vary"] ?? "", "/zh names its language in the URL").not.toMatch(/accept-language/i);
  });
});
