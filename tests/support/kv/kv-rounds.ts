// The KV round trips a piece of work waits for, counted on a real Kv: operations in flight
// together share a round (sent in one turn, as Promise.all sends them), and one sent after all
// earlier ones have answered starts the next. On Redis or Upstash each round is a network
// round trip the caller waits for; on the embedded store a round with a write is a commit.
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
const OPERATIONS = ["get", "set", "setIfAbsent", "del", "incr", "zAdd", "zRangeByScore", "zRevRangeByRank", "zRem", "zCard", "run"] as const;

/** Wraps `kv`'s operations in place; every later call through it is counted. */
export function countKvRounds(kv: Kv): KvRoundCounter {
  let rounds: KvRound[] = [];
  let inFlight = 0;
  const methods = kv as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of OPERATIONS) {
    const inner = methods[name]!.bind(kv);
    methods[name] = async (...args: unknown[]) => {
      if (inFlight === 0) rounds.push({ ops: [], writes: false });
      const round = rounds[rounds.length - 1]!;
      round.ops.push(name === "run" ? `run ${(args[0] as { name: string }).name}` : `${name} ${keyShape(String(args[0]))}`);
      round.writes ||= !READS.has(name);
      inFlight += 1;
      try {
        return await inner(...args);
      } finally {
        inFlight -= 1;
      }
    };
  }
  return {
    rounds: () => rounds,
    reset: () => {
      rounds = [];
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
