"use server";
// The alert list's two actions: acknowledge an alert (staff; audited once, safe to click twice)
// and send a test alert (owner; through the same delivery, answering what each channel did).
import { refresh } from "next/cache";
import { z } from "zod";
import { shopAlerts } from "@/lib/shop/alerts";
import { actorOf } from "@/lib/auth/guard/actor-of";
import { adminAction } from "@/lib/shop/admin-guard";

const acknowledgeSchema = z.object({ id: z.string().trim().regex(/^[0-9A-Z]{26}$/, { error: "not an alert id" }) });

export const acknowledgeAlert = adminAction("staff", acknowledgeSchema, async ({ id }, admin) => {
  const done = await (await shopAlerts()).acknowledge(id, actorOf(admin));
  if (!done.ok) return { ok: false, code: "refused", message: "notFound" };
  const { alert, changed } = done.value;
  refresh();
  return { ok: true, message: changed ? "acknowledged" : "alreadyAcknowledged", data: { by: alert.acknowledgedBy ?? "" } };
});

/** The form's token: a second submission of the same form is the same test, sent once. */
const testSchema = z.object({ token: z.string().trim().regex(/^[\w-]{16,64}$/, { error: "not a form token" }) });

export const sendTestAlert = adminAction("owner", testSchema, async ({ token }, admin) => {
  const outcome = await (await shopAlerts()).sendTest(token, actorOf(admin));
  if (!outcome.ok) return { ok: false, code: "refused", message: "testFailed" };
  const { sent, deliveries } = outcome.value;
  refresh();
  if (!sent) return { ok: true, message: "testAlreadySent" };
  if (deliveries.length === 0) return { ok: false, code: "refused", message: "noChannel" };
  // A channel that failed is the news the owner pressed the button for: said as a refusal.
  return deliveries.every((delivery) => delivery.ok)
    ? { ok: true, message: "testSent", data: { deliveries } }
    : { ok: false, code: "refused", message: "testFailedChannel", data: { deliveries } };
});
