// What a buyer notices (issue 29): a lost order link found by email and never shown on screen,
// the order page's redemption steps, the order email in the buyer's language, face-value
// comparisons as the owner chose, a demo banner that says what to try, and pages search engines
// can index in both languages (/zh/…, hreflang, canonical, sitemap, robots, JSON-LD).
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { botTokenVia } from "./support/bot-check";
import { buyCode } from "./support/buy-code";

/** The shop's outbox (playwright.config.ts). */
const OUTBOX = "test-results/e2e-shop/outbox";
const DIAMONDS = "/products/426/mythic-realms-diamonds-outside-russia";

/** A message as its reader sees it: encoded header words (folded over lines) and the quoted-printable body undone. */
function readable(eml: string): string {
  const split = eml.search(/\r?\n\r?\n/);
  const head = eml
    .slice(0, split)
    .replace(/\?=\r?\n[ \t]+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : qp(text.replace(/_/g, " ")),
    );
  return `${head}${qp(eml.slice(split).replace(/=\r?\n/g, ""))}`;
}

function qp(text: string): string {
  return Buffer.from(text.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8");
}

/** Mails to `address` in the outbox, read. */
async function mailsTo(address: string): Promise<string[]> {
  const names = await readdir(OUTBOX).catch(() => [] as string[]);
  const mails = await Promise.all(names.filter((name) => name.endsWith(".eml")).map((name) => readFile(path.join(OUTBOX, name), "utf8")));
  return mails.map(readable).filter((mail) => mail.split(/\r?\n/).some((line) => line.toLowerCase() === `to: ${address.toLowerCase()}`));
}

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
}

const unique = (what: string) => `${what}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

test.describe("a buyer who lost the link", () => {
  test("asks for their orders by email: the same answer for any address, the link only in the mail", async ({ page }) => {
    test.setTimeout(120_000);
    const buyer = unique("buyer");
    const bought = await buyCode(page, buyer);
    // Next to the code: how to redeem it, and the link's warning while a code is on the page.
    await expect(page.getByRole("heading", { name: "How to redeem" })).toBeVisible();
    await expect(page.getByText("anyone with it can see your code")).toBeVisible();
    await axeClean(page);

    await page.goto("/");
    await page.getByRole("link", { name: "Lost your order link?" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Find my orders" })).toBeVisible();
    await axeClean(page);
    const ask = async (address: string) => {
      await page.getByLabel("Email address").fill(address);
      await page.getByRole("button", { name: "Email me my orders" }).click();
      const answer = page.getByRole("status").getByText(/their links are on their way/);
      await expect(answer).toBeVisible();
      return (await answer.textContent())?.replace(address, "<address>");
    };
    const known = await ask(buyer);
    const stranger = unique("stranger");
    const unknown = await ask(stranger);
    expect(known).toBe(unknown);
    // Nothing of the order on the screen.
    const html = await page.content();
    expect(html).not.toContain(bought.orderId);
    expect(html).not.toContain("key=");

    await expect.poll(async () => (await mailsTo(buyer)).find((mail) => mail.includes("Here are the links to your orders")) ?? "", { timeout: 20_000 }).toContain(bought.orderUrl);
    await expect.poll(async () => (await mailsTo(stranger)).join("\n"), { timeout: 20_000 }).toContain("we have none");
  });

  test("gets the order email in the language of the page they bought on @once", async ({ page, request }) => {
    await page.goto("/zh/products/101");
    const voucherId = Number(await page.getByRole("radio").first().getAttribute("value"));
    const buyer = unique("zh-buyer");
    const response = await request.post("/api/checkout", { data: { voucher_id: voucherId, game_id: 101, email: buyer, locale: "zh", bot_token: await botTokenVia(request) } });
    expect(response.status()).toBe(201);
    const { order_url: orderUrl } = (await response.json()) as { order_url: string };
    expect(new URL(orderUrl).pathname).toMatch(/^\/zh\/orders\/[0-9A-Z]{26}$/);
    await expect.poll(async () => (await mailsTo(buyer)).join("\n"), { timeout: 20_000 }).toContain("感谢您的订单");
    const [mail] = await mailsTo(buyer);
    expect(mail).toContain(orderUrl);
    expect(mail).toMatch(/^Subject: 您在 .+ 的订单 [0-9A-Z]{26}$/m);
  });
});

test.describe("what a visitor sees", () => {
  test("face values without a premium over them (the owner's default), and a banner that says what to try", async ({ page }) => {
    await page.goto("/products/101");
    const first = page.getByRole("radio").first().locator("xpath=..");
    await expect(first).toContainText("Face value $5.00");
    await expect(first).not.toContainText("over face value");
    const banner = page.getByRole("status").filter({ hasText: "Demo shop" });
    await expect(banner).toContainText("4242 4242 4242 4242");
    await expect(banner).toContainText("owner@demo.example");
    await expect(banner).not.toContainText("demo-key");
    await expect(banner.getByRole("link", { name: "the admin" })).toHaveAttribute("href", "/admin");
  });

  test("the Chinese pages at /zh, with their hreflang alternates and canonical, axe clean", async ({ page, baseURL }) => {
    for (const [english, chinese] of [
      ["/", "/zh"],
      [DIAMONDS, `/zh${DIAMONDS}`],
    ] as const) {
      await page.goto(chinese);
      await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new URL(chinese, baseURL).toString());
      await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", new URL(english, baseURL).toString());
      await expect(page.locator('link[rel="alternate"][hreflang="zh-Hans"]')).toHaveAttribute("href", new URL(chinese, baseURL).toString());
      await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", new URL(english, baseURL).toString());
      await axeClean(page);
    }
    // Links stay in the language: the catalogue's cards lead to /zh/products/….
    await page.goto("/zh");
    await expect(page.locator('a[href^="/products/"]')).toHaveCount(0);
    await expect(page.locator('a[href^="/zh/products/"]').first()).toBeVisible();
  });

  test("a product page describes itself to search engines: Product with its Offers", async ({ page }) => {
    await page.goto(DIAMONDS);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as {
      "@type": string;
      name: string;
      offers: { price: string; priceCurrency: string; availability: string }[];
    };
    expect(ld["@type"]).toBe("Product");
    expect(ld.name).toMatch(/Mythic Realms/);
    expect(ld.offers.length).toBeGreaterThan(0);
    for (const offer of ld.offers) {
      expect(offer.price).toMatch(/^\d+\.\d{2}$/);
      expect(offer.priceCurrency).toBe("USD");
      expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
    }
  });

  test("robots.txt keeps crawlers out of the admin, sandboxes and API, and names the sitemap, which lists both languages @once", async ({ request, baseURL }) => {
    const robots = await (await request.get("/robots.txt")).text();
    for (const path of ["/admin", "/api/", "/sandbox", "/payments-sandbox"]) expect(robots).toContain(`Disallow: ${path}`);
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap/0.xml`);
    const sitemap = await request.get("/sitemap/0.xml");
    expect(sitemap.status()).toBe(200);
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${baseURL}${DIAMONDS}</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/zh${DIAMONDS}</loc>`);
    expect(xml).toContain(`hreflang="zh-Hans"`);
    expect(xml).not.toContain("/admin");
  });
});
