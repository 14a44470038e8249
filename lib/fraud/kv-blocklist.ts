// The blocklist on the shop's KV: one record per entry (its reason and author) and one sorted
// index of kind and value, oldest first. A checkout's match reads the index only (one round,
// beside the quote's reads) and the matching record only on a hit, so an empty or short list
// costs one small read.
import { z } from "zod";
import { parseJsonValue } from "@/lib/kv/json";
import type { Kv } from "@/lib/kv/kv";
import type { BlockEntry, BlockKind, BlockPort, BlockSubject } from "./block-port";
import { BLOCK_KINDS } from "./block-value";
import { blockScript, unblockScript } from "./block-scripts";
import { FRAUD_KEYS } from "./fraud-keys";
import { entryCovers } from "./match-block";

const entrySchema = z.object({
  kind: z.enum(BLOCK_KINDS),
  value: z.string(),
  reason: z.string(),
  by: z.string(),
  at: z.number(),
});

const memberSchema = z.tuple([z.enum(BLOCK_KINDS), z.string()]);

const member = (kind: BlockKind, value: string) => JSON.stringify([kind, value]);

export function kvBlocklist(kv: Kv): BlockPort {
  async function indexed(): Promise<{ kind: BlockKind; value: string }[]> {
    const entries = await kv.zRangeByScore(FRAUD_KEYS.blockIndex);
    return entries.map((entry) => {
      const [kind, value] = parseJsonValue(entry.member, FRAUD_KEYS.blockIndex, memberSchema);
      return { kind, value };
    });
  }

  async function record(kind: BlockKind, value: string): Promise<BlockEntry | null> {
    const key = FRAUD_KEYS.block(kind, value);
    const text = await kv.get(key);
    return text === null ? null : parseJsonValue(text, key, entrySchema);
  }

  return {
    async block(entry) {
      await kv.run(blockScript, {
        keys: { record: FRAUD_KEYS.block(entry.kind, entry.value), index: FRAUD_KEYS.blockIndex },
        args: { value: JSON.stringify(entrySchema.parse(entry)), member: member(entry.kind, entry.value), at: entry.at },
      });
    },
    async unblock(kind, value) {
      await kv.run(unblockScript, { keys: { record: FRAUD_KEYS.block(kind, value), index: FRAUD_KEYS.blockIndex }, args: { member: member(kind, value) } });
    },
    async list() {
      const entries = await Promise.all((await indexed()).map(({ kind, value }) => record(kind, value)));
      return entries.filter((entry): entry is BlockEntry => entry !== null);
    },
    async match(subject: BlockSubject) {
      const hit = (await indexed()).find((entry) => entryCovers(entry, subject));
      return hit ? record(hit.kind, hit.value) : null;
    },
  };
}
