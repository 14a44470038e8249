// What refused a checkout, for the owner's Fraud page: a kind and its values rather than a
// sentence, so the admin says it in the reader's language (admin.fraud.refusalDetails), as an
// alert's words are (issue 29). The values are what screening saw (a siteverify error code, a
// host name, a blocked value, a cap's name) and are shown as they are; a blocklist entry's kind is
// said in the admin's words for kinds. The English words are the sentences recorded before.
import { z } from "zod";
import { BLOCK_KINDS } from "./block-value";

const detail = <K extends string, V extends z.ZodRawShape>(kind: K, values: V) => z.object({ kind: z.literal(kind), values: z.object(values) });
const blockKind = z.enum(BLOCK_KINDS);

export const refusalDetailSchema = z.discriminatedUnion("kind", [
  detail("breakerPause", {}),
  detail("breakerChallenge", {}),
  detail("botMissing", {}),
  /** siteverify's error codes, joined by ", ". */
  detail("botRefused", { errors: z.string() }),
  /** siteverify said no and gave no error code. */
  detail("botNotSuccessful", {}),
  /** "—" when siteverify named no host or action. */
  detail("botWrongHostname", { hostname: z.string() }),
  detail("botWrongAction", { action: z.string() }),
  detail("botUnavailable", { message: z.string() }),
  detail("blocked", { blockKind, value: z.string() }),
  detail("blockedBecause", { blockKind, value: z.string(), reason: z.string() }),
  /** The currency the amount caps are in and the price's, which no rate converts between. */
  detail("capsCurrency", { caps: z.string(), price: z.string() }),
  detail("tokenReused", {}),
  /** The velocity rule's name (fraud-rules.ts). */
  detail("overCap", { cap: z.string() }),
]);

export type RefusalDetail = z.infer<typeof refusalDetailSchema>;

export const REFUSAL_DETAIL_KINDS = refusalDetailSchema.options.map((option) => option.shape.kind.value);
