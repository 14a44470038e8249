// What a blocklist entry's value may be, per kind, and its one spelling: emails and domains
// lower-cased, countries upper-cased, so that matching is a plain comparison. Only zod here: the
// admin's form checks the same schema in the browser before sending.
import { z } from "zod";
import type { BlockKind } from "./block-port";

export const BLOCK_KINDS = ["email", "email_domain", "ip", "country", "account", "card"] as const satisfies readonly BlockKind[];

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(\*\.)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { error: "expected a domain such as example.com or *.example.com" });

const VALUE_SCHEMAS: Record<BlockKind, z.ZodType<string>> = {
  email: z.string().trim().toLowerCase().max(254).pipe(z.email({ error: "expected an email address" })),
  email_domain: domain,
  // An address or a network: 203.0.113.7, 203.0.113.0/24, 2001:db8::1, 2001:db8::/32.
  ip: z.string().trim().pipe(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], { error: "expected an IP address or a CIDR range such as 203.0.113.0/24" })),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: "expected a two-letter country code such as US" }),
  account: z.string().trim().min(1, { error: "expected an account" }).max(512),
  card: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{4,64}$/, { error: "expected a card fingerprint" }),
};

const reason = z.string().trim().max(200, { error: "expected at most 200 characters" }).default("");

/** One entry as the owner types it; a value that is not of its kind is refused at `value`. */
export const blockInputSchema = z.discriminatedUnion(
  "kind",
  BLOCK_KINDS.map((kind) => z.object({ kind: z.literal(kind), value: VALUE_SCHEMAS[kind], reason })) as unknown as [z.ZodObject<{ kind: z.ZodLiteral<BlockKind>; value: z.ZodType<string>; reason: typeof reason }>],
  { error: "expected one of the blocklist kinds" },
);

export type BlockInput = z.infer<typeof blockInputSchema>;

/** The value in its one spelling, or null when it is not a value of that kind. */
export function normalBlockValue(kind: BlockKind, value: string): string | null {
  const parsed = VALUE_SCHEMAS[kind].safeParse(value);
  return parsed.success ? parsed.data : null;
}
