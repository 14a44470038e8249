"use server";
// POST (server actions) on /admin/customers – block or unblock a buyer (owner only): the email,
// and the card fingerprints seen on their orders, through the shop's BlockPort; audited.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { adminAction } from "@/lib/auth/guard/admin-guard";
import { shopBlocklistNow } from "@/lib/shop/fraud";
import { recordAudit } from "@/lib/shop/audit";

const buyerFormSchema = z.object({
  email: z.email({ error: "expected an email" }).transform((email) => email.toLowerCase()),
  cards: z.string().max(2000).default("").transform((text) => text.split(",").map((card) => card.trim()).filter((card) => /^\w{1,64}$/.test(card))),
});

export const blockBuyerAction = adminAction("owner", buyerFormSchema, async ({ email, cards }, admin) => {
  const blocklist = await shopBlocklistNow();
  const at = Date.now();
  const reason = "blocked from the Customers page";
  await blocklist.block({ kind: "email", value: email, reason, by: admin.email, at });
  await Promise.all(cards.map((card) => blocklist.block({ kind: "card", value: card, reason, by: admin.email, at })));
  await recordAudit({ actor: admin.email, action: "fraud.buyer_blocked", target: `email:${email}`, after: { cards }, ip: admin.ip });
  revalidatePath("/[locale]/admin/(signed-in)/customers", "page");
  return { ok: true, message: "blocked" };
});

export const unblockBuyerAction = adminAction("owner", buyerFormSchema, async ({ email, cards }, admin) => {
  const blocklist = await shopBlocklistNow();
  await blocklist.unblock("email", email);
  await Promise.all(cards.map((card) => blocklist.unblock("card", card)));
  await recordAudit({ actor: admin.email, action: "fraud.buyer_unblocked", target: `email:${email}`, after: { cards }, ip: admin.ip });
  revalidatePath("/[locale]/admin/(signed-in)/customers", "page");
  return { ok: true, message: "unblocked" };
});
