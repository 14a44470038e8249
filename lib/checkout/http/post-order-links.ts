// POST /api/order-links – "Email me my orders": { email, locale } → 202, the same answer
// whether or not the address has orders, and the same work before it (one count against the
// address's limit): the lookup and the mail happen after the answer (order-links.ts). Nothing
// about the orders is ever in the answer. The asker's IP is limited by the route wrapper.
import { z } from "zod";
import { json } from "@/lib/http/json-answer";
import { readJsonRequest } from "@/lib/http/json-request";
import { rateLimited, type Limited } from "@/lib/http/rate-limited";
import { LOCALES, type Locale } from "@/lib/i18n/locales";
import { emailHash } from "../store/order-index";

export const orderLinksRequestSchema = z.strictObject({
  email: z
    .string({ error: "email must be an email address" })
    .trim()
    .pipe(z.email({ error: "email must be an email address" }).max(254)),
  /** The page's language: the mail speaks it. */
  locale: z.enum(LOCALES, { error: `locale must be one of ${LOCALES.join(", ")}` }).default("en"),
});

export interface PostOrderLinksDeps {
  /** Counts a request for an address (by its hash) against that address's limit: how long to wait when over it, else null. */
  countAddress(addressHash: string): Promise<Limited | null>;
  /** Looks the address's orders up and mails their links (order-links.ts). */
  send(address: string, locale: Locale): Promise<unknown>;
  /** Runs a task once the answer is sent (next/server's after()). */
  later(task: () => Promise<unknown>): void;
}

/** The one answer: the page says in its own words that a mail is on its way if there are orders. */
export const ORDER_LINKS_ACCEPTED = { status: "accepted" } as const;

const MAX_BODY_BYTES = 1024;

export async function postOrderLinks(request: Request, deps: PostOrderLinksDeps): Promise<Response> {
  const parsed = await readJsonRequest(request, orderLinksRequestSchema, MAX_BODY_BYTES);
  if (!parsed.ok) return parsed.error;
  const { email, locale } = parsed.value;
  // Counted for every address alike, known or not: a refusal says nothing about orders.
  const limited = await deps.countAddress(emailHash(email));
  if (limited) return rateLimited(limited, "requests for this address");
  deps.later(() =>
    deps.send(email, locale).catch((error: unknown) => {
      console.error(`[order-links] lookup failed: ${String(error)}`);
    }),
  );
  return json(ORDER_LINKS_ACCEPTED, 202, { "Cache-Control": "no-store" });
}
