// The blocklist as the screening steps see it: add, remove and match entries. One KV-backed
// implementation (kv-blocklist.ts); tests may pass their own.
export type BlockKind = "email" | "email_domain" | "ip" | "country" | "account" | "card";

export interface BlockEntry {
  kind: BlockKind;
  /** Lower-cased email, a domain pattern (`*.example.com`), an IP or CIDR, an ISO country code, an account, a card fingerprint. */
  value: string;
  reason: string;
  /** Who added it: an admin's email, or "screening" for an automatic block. */
  by: string;
  at: number;
}

export interface BlockSubject {
  email?: string;
  ip?: string;
  country?: string;
  account?: string;
  card?: string;
}

export interface BlockPort {
  /** Adds an entry; adding the same kind and value again keeps the first. */
  block(entry: BlockEntry): Promise<void>;
  unblock(kind: BlockKind, value: string): Promise<void>;
  list(): Promise<BlockEntry[]>;
  /** The first entry that matches any field of the subject, or null. */
  match(subject: BlockSubject): Promise<BlockEntry | null>;
}
