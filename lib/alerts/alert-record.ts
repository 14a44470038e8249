// One alert as the admin lists it, and where its pieces live in KV. A record is the JSON at
// its item key; two sorted sets index it: every alert by when it opened (the list, newest
// first, capped) and the open ones (neither cleared nor acknowledged) for the admin's count.
import { z } from "zod";
import { moneySchema } from "@/lib/money";

/** A cause is a stable id ("order:<id>", "low-balance"): part of KV keys, so plain characters only. */
export const causeSchema = z
  .string()
  .trim()
  .regex(/^[\w:.-]{1,160}$/, { error: "a cause is 1-160 letters, digits, _ : . or -" });

/**
 * The alert in words the admin can translate: a kind (the message key under admin.alerts.kinds)
 * and its values, money kept as money so each language formats it. title and detail stay the
 * English text for the email and webhook, and for alerts recorded before words existed.
 */
const sentenceSchema = z.object({
  kind: z.string().regex(/^[a-zA-Z]{1,40}$/),
  values: z.record(z.string(), z.union([z.string(), z.number(), moneySchema])),
});

/**
 * The detail's own words, when the title's kind does not say it (an order that needs the owner:
 * what the checkout found, under admin.alerts.details). Its parts are sentences it includes by
 * name (a stuck order's event note, what upstream did), each said in its own words first.
 */
export const alertDetailWordsSchema = sentenceSchema.extend({
  parts: z.record(z.string(), sentenceSchema).optional(),
});

export type AlertDetailWords = z.infer<typeof alertDetailWordsSchema>;

export const alertWordsSchema = sentenceSchema.extend({
  /** Absent on alerts raised before their detail had words, and where the kind says it. */
  detail: alertDetailWordsSchema.optional(),
});

export type AlertWords = z.infer<typeof alertWordsSchema>;

export const alertInputSchema = z.object({
  cause: causeSchema,
  // Cut rather than refused: an alert must not be lost because its message ran long.
  title: z.string().trim().min(1).transform((text) => text.slice(0, 200)),
  detail: z.string().trim().transform((text) => text.slice(0, 4000)),
  orderId: z.string().trim().min(1).max(100).optional(),
  /** A path in the admin (/admin/orders/…) or an absolute URL. */
  link: z.string().trim().min(1).max(500).optional(),
  words: alertWordsSchema.optional(),
});

export type AlertInput = z.input<typeof alertInputSchema>;
export type ParsedAlertInput = z.output<typeof alertInputSchema>;

export const deliverySchema = z.object({
  at: z.number(),
  channel: z.enum(["email", "webhook"]),
  ok: z.boolean(),
  /** Where it went (the outbox file, the SMTP id, the HTTP status) or why it failed. */
  detail: z.string(),
});

export type Delivery = z.infer<typeof deliverySchema>;

export const alertRecordSchema = z.object({
  id: z.string(),
  cause: z.string(),
  title: z.string(),
  /** The latest occurrence's detail. */
  detail: z.string(),
  orderId: z.string().nullable(),
  link: z.string().nullable(),
  firstSeen: z.number(),
  lastSeen: z.number(),
  count: z.number().int().min(1),
  clearedAt: z.number().nullable(),
  acknowledgedBy: z.string().nullable(),
  acknowledgedAt: z.number().nullable(),
  /** Sent from the admin's "send a test alert". */
  test: z.boolean(),
  /** Newest last, the last few kept. */
  deliveries: z.array(deliverySchema),
  /** Absent on alerts recorded before the admin translated them. */
  words: alertWordsSchema.optional(),
});

export type AlertRecord = z.infer<typeof alertRecordSchema>;

/** Deliveries kept on one record: a cause that stays active is re-sent once a window. */
export const MAX_DELIVERIES = 12;

export const ALERT_KEYS = {
  /** Sorted set: alert id → firstSeen ms, every alert kept. */
  list: "alerts:list",
  /** Sorted set: alert id → lastSeen ms, alerts neither cleared nor acknowledged. */
  open: "alerts:open",
  item: (id: string) => `alerts:item:${id}`,
  /** The id of the cause's current alert while the cause has not cleared. */
  active: (cause: string) => `alerts:active:${cause}`,
  /** Set-if-absent with the window as TTL: present means the cause was sent in this window. */
  sent: (cause: string) => `alerts:sent:${cause}`,
} as const;
