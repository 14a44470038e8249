// The outbox's message is the one nodemailer's stream transport wrote before: the same bytes for
// the same message, Message-ID, date and boundary, for the emails the shop sends and for any
// text a buyer's order can put into them (names, addresses, languages, long lines, blanks).
import fc from "fast-check";
import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { composeMessage } from "./compose-message";
import type { MailMessage } from "./mailer";
import { orderLinkEmail } from "./order-link-email";
import { refundEmail } from "./refund-email";

const FROM = "Voucher Storefront <orders@localhost>";
const PINNED = { messageId: "<pinned-id@localhost>", date: new Date("2026-11-29T08:30:00Z"), baseBoundary: "pinned" };
const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

async function asNodemailerWrites(from: string, message: MailMessage): Promise<string> {
  return ((await transport.sendMail({ from, ...message, ...PINNED })).message as Buffer).toString("utf8");
}

const order = {
  to: "buyer+1@example.com",
  orderId: "01KB0Z7Q3ZCJ4V7ZQ9J3M1X2Y4",
  product: "Mobile Legends Diamonds 86",
  price: { minor: 1078, currency: "USD" },
  link: "http://127.0.0.1:3000/orders/01KB0Z7Q3ZCJ4V7ZQ9J3M1X2Y4?key=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ",
  shopName: "Voucher Storefront",
};

describe("the outbox's message", () => {
  it.each([
    ["an English test order", orderLinkEmail({ ...order, test: true, locale: "en" })],
    ["a Chinese order, base64 bodies and an encoded subject", orderLinkEmail({ ...order, product: "原神 创世结晶 6480", test: false, locale: "zh" })],
    ["a long product name", orderLinkEmail({ ...order, product: "Steam Wallet Gift Card ".repeat(8), test: false, locale: "en" })],
    ["blanks that end a wrapped part", { to: "a@b.co", subject: "", text: "", html: `原神原神${"x".repeat(80)}aé \t` }],
    ["a refund", refundEmail({ to: order.to, orderId: order.orderId, product: order.product, amount: order.price, full: false, link: order.link, shopName: order.shopName, test: true })],
  ])("is nodemailer's, byte for byte: %s", async (_, message) => {
    expect(composeMessage(FROM, message, PINNED).toString("utf8")).toBe(await asNodemailerWrites(FROM, message));
  });

  it("is nodemailer's for any text in any part", async () => {
    // Latin, CJK, blanks and line breaks in runs, so lines and parts end in blanks and cross the
    // 76-column wrap (nodemailer's encoder holds a part's last blanks back until its end).
    const piece = fc.constantFrom("a", "Z", " ", "\t", "\n", "=", ".", "é", "原神", "💎", "<b>", "&", "x".repeat(80));
    const text = fc.array(piece, { maxLength: 60 }).map((parts) => parts.join(""));
    await fc.assert(
      fc.asyncProperty(text, text, text, fc.constantFrom("a@b.co", "名字 <a@b.co>", '"Doe, J." <j.doe@example.com>'), async (subject, plain, html, to) => {
        const message = { to, subject, text: plain, html };
        expect(composeMessage(FROM, message, PINNED).toString("utf8")).toBe(await asNodemailerWrites(FROM, message));
      }),
      { numRuns: 1000 },
    );
  });
});
