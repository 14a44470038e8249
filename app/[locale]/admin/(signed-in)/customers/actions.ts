"use server";
// POST (server actions) on /admin/customers – block or unblock a buyer (owner only): the email,
// and the card fingerprints seen on their orders, through the shop's BlockPort; audited there
// (lib/shop/fraud-admin.ts).
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { adminAction } from "@/lib/shop/admin-guard";
import { actorOf } from "@/lib/auth/guard/actor-of";
import { blockBuyerAsOwner, unblockBuyerAsOwner } from "@/lib/shop/fraud-admin";

const buyerFormSchema = z.object({
  email: z.email({ error: "expected an email" }).transform((email) => email.toLowerCase()),
  cards: z.string().max(2000).default("").transform((text) => text.split(",").map((card) => card.trim()).filter((card) => /^\w{1,64}$/.test(card))),
});

export const blockBuyerAction = adminAction("owner", buyerFormSchema, async (buyer, admin) => {
  await blockBuyerAsOwner(buyer, actorOf(admin));
  revalidatePath("/[locale]/admin/(signed-in)/customers", "page");
  return { ok: true, message: "blocked" };
});

export const unblockBuyerAction = adminAction("owner", buyerFormSchema, async (buyer, admin) => {
  await unblockBuyerAsOwner(buyer, actorOf(admin));
  revalidatePath("/[locale]/admin/(signed-in)/customers", "page");
  return { ok: true, message: "unblocked" };
});
