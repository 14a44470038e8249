import { describe, expect, it } from "vitest";
import { orderLinkEmail } from "./order-link-email";

const order = { to: "a@b.co", orderId: "01J", product: "Gift Card", price: { minor: 1078, currency: "USD" }, link: "https://s.example/zh/orders/01J?key=k", shopName: "Shop", test: true };

describe("the order email", () => {
  it("speaks the language the buyer ordered in", () => {
    const zh = orderLinkEmail({ ...order, locale: "zh" });
    expect(zh.subject).toBe("您在 Shop 的订单 01J");
    expect(zh.text).toContain("感谢您的订单 01J：Gift Card，US$10.78。");
    expect(zh.text).toContain("这是测试订单");
    expect(zh.html).toContain('href="https://s.example/zh/orders/01J?key=k"');
    const en = orderLinkEmail({ ...order, locale: "en" });
    expect(en.subject).toBe("Your order 01J at Shop");
    expect(en.text).toContain("Thank you for your order 01J: Gift Card, $10.78.");
  });
});
