// POST /api/checkout's body. Only what the buyer chooses: which voucher (or which service and
// amount), the account, activation, an email, and the bot check's token. Prices and costs never come from the client.
import { z } from "zod";
import { LOCALES } from "@/lib/i18n/locales";

const id = z.number({ error: "expected a positive integer id" }).int().positive().max(Number.MAX_SAFE_INTEGER);

export const checkoutRequestSchema = z
  .strictObject({
    voucher_id: id.optional(),
    /** With voucher_id: the service it belongs to (saves a lookup); with amount: the balance service. */
    game_id: id.optional(),
    /** A balance top-up's amount in the service's currency, as typed: "25" or "10.50". */
    amount: z.string({ error: "amount must be a string such as \"25\" or \"10.50\"" }).trim().min(1).max(32).optional(),
    account: z.string({ error: "account must be a string" }).trim().min(1, { error: "account is empty" }).max(512).optional(),
    activation: z.boolean({ error: "activation must be true or false" }).optional(),
    email: z.email({ error: "email must be an email address" }).max(254),
    /** The bot check's token (Cloudflare Turnstile, or its emulation in a demo): checked by screening, not here. */
    bot_token: z.string({ error: "bot_token must be a string" }).max(2048).optional(),
    /** The language of the page ordered on: the order's emails and link speak it. */
    locale: z.enum(LOCALES, { error: `locale must be one of ${LOCALES.join(", ")}` }).optional(),
  })
  .superRefine((body, ctx) => {
    const voucher = body.voucher_id !== undefined;
    const balance = body.amount !== undefined;
    if (voucher === balance) {
      ctx.addIssue({ code: "custom", path: ["voucher_id"], message: "give either voucher_id, or game_id with amount" });
    }
    if (balance && body.game_id === undefined) ctx.addIssue({ code: "custom", path: ["game_id"], message: "game_id is required with amount" });
  });

export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
