// A stand-in BlockPort on KV until the screening's own blocklist (kv-blocklist.ts) is merged:
// exact matches of email, account and card only (no domains, CIDRs or countries), one hash-like
// key per entry plus an index for the list. To be replaced by kvBlocklist(kv), not grown.
import { z } from "zod";
import { getJson } from "@/lib/kv/json";
import type { Kv } from "@/lib/kv/kv";
import type { BlockEntry, BlockKind, BlockPort, BlockSubject } from "./block-port";

const entrySchema = z.object({
  kind: z.enum(["email", "email_domain", "ip", "country", "account", "card"]),
  value: z.string(),
  reason: z.string(),
  by: z.string(),
  at: z.number(),
});

const INDEX = "fraud:interim-blocklist";
const entryKey = (kind: BlockKind, value: string) => `fraud:interim-blocklist:${kind}:${value}`;

export function interimKvBlocklist(kv: Kv): BlockPort {
  return {
    async block(entry) {
      const value = entry.kind === "email" ? entry.value.toLowerCase() : entry.value;
      if (await kv.setIfAbsent(entryKey(entry.kind, value), JSON.stringify({ ...entry, value }))) await kv.zAdd(INDEX, entry.at, `${entry.kind}:${value}`);
    },
    async unblock(kind, value) {
      await Promise.all([kv.del(entryKey(kind, value)), kv.zRem(INDEX, `${kind}:${value}`)]);
    },
    async list() {
      const members = await kv.zRangeByScore(INDEX);
      const entries = await Promise.all(members.map(({ member }) => getJson(kv, `fraud:interim-blocklist:${member}`, entrySchema)));
      return entries.filter((entry): entry is BlockEntry => entry !== null);
    },
    async match(subject: BlockSubject) {
      const asked: [BlockKind, string | undefined][] = [["card", subject.card], ["email", subject.email?.toLowerCase()], ["account", subject.account]];
      for (const [kind, value] of asked) {
        if (!value) continue;
        const entry = await getJson(kv, entryKey(kind, value), entrySchema);
        if (entry) return entry;
      }
      return null;
    },
  };
}
