// What a scheduler's message to the shop says: an order to advance, an order email to send, or
// the sweep to go on where its time budget stopped it. Checked with zod on arrival: a signed
// message is still read as untrusted input.
import { z } from "zod";

const orderId = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, { error: "expected an order id (ULID)" });

export const deadlineMessageSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("order"), orderId, at: z.number().int() }),
  z.object({ kind: z.literal("email"), orderId, at: z.number().int() }),
  z.object({ kind: z.literal("sweep"), at: z.number().int() }),
]);

export type DeadlineMessage = z.infer<typeof deadlineMessageSchema>;

/** One message per deadline: publishing the same deadline again sends nothing more. */
export function deduplicationId(message: DeadlineMessage): string {
  return message.kind === "sweep" ? `sweep-${message.at}` : `${message.kind}-${message.orderId}-${message.at}`;
}
