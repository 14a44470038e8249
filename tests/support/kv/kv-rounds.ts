// The KV round trips a piece of work waits for, counted on a real Kv. Each operation sits one
// round after the latest of those that had answered before it was sent, so operations sent
// together (as Promise.all sends them) share a round, and a chain of two beside a single one
// counts two. The rounds are the work's critical path when every round trip takes as long: on
// Redis or Upstash each is a network round trip the caller waits for; on the embedded store a
// round with a write is a commit.
import type { Kv } from "@/lib/kv/kv";

export interface KvRound {
  /** "get checkout:order", "run checkout-save-order", … in the order they were sent. */
  ops: string[];
  /** Whether any of them writes (everything but get and the sorted-set reads). */
  writes: boolean;
}

export interface KvRoundCounter {
  rounds(): KvRound[];
  reset(): void;
}

const READS = new Set(["get", "zRangeByScore", "zRevRangeByRank", "zCard"]);
/** Every operation of the Kv interface (close aside). */
export const KV_OPERATIONS = ["get", "set", "setIfAbsent", "del", "incr", "zAdd", "zRangeByScore", "zRevRangeByRank", "zRem", "zCard", "run"] as const;

/**
 * Wraps `kv`'s operations in place; every later call through it is counted, but for those on
 * keys `ignore` names (another service sharing the store in a test, the payments sandbox's, say).
 */
export function countKvRounds(kv: Kv, ignore: (key: string) => boolean = () => false): KvRoundCounter {
  let rounds: KvRound[] = [];
  /** The round of the latest operation that has answered. */
  let answered = 0;
  const methods = kv as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of KV_OPERATIONS) {
    const inner = methods[name]!.bind(kv);
    methods[name] = async (...args: unknown[]) => {
      const script = name === "run" ? (args[0] as { name: string }) : null;
      const keys = script ? Object.values((args[1] as { keys: Record<string, string> }).keys) : [String(args[0])];
      if (keys.some(ignore)) return inner(...args);
      const op = script ? `run ${script.name}` : `${name} ${keyShape(keys[0]!)}`;
      const at = answered + 1;
      const round = (rounds[at - 1] ??= { ops: [], writes: false });
      round.ops.push(op);
      round.writes ||= !READS.has(name);
      try {
        return await inner(...args);
      } finally {
        answered = Math.max(answered, at);
      }
    };
  }
  return {
    rounds: () => rounds,
    reset: () => {
      rounds = [];
      answered = 0;
    },
  };
}

/** A key without its ids, so rounds of different orders read alike: "checkout:order". */
function keyShape(key: string): string {
  return key
    .split(":")
    .filter((part) => !/\d/.test(part))
    .join(":");
}
