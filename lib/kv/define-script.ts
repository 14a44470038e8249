// An atomic multi-key update, written once in Lua for every driver that speaks Redis and once
// in JavaScript for the embedded driver, side by side so they are reviewed and tested together
// (tests/kv/kv-contract.test.ts runs every script on all drivers with the same assertions).
import { createHash } from "node:crypto";
import type { z } from "zod";
import type { KvTxn, RedisReply } from "./kv-txn";

/** Names are Lua identifiers: each becomes a local bound to its KEYS[i] or ARGV[i]. */
const LUA_NAME = /^[a-z][A-Za-z0-9]*$/;

export interface ScriptDefinition<K extends string, A extends string, R> {
  name: string;
  /** Key names in KEYS order; the driver adds its prefix to each. */
  keys: readonly K[];
  /** Argument names in ARGV order. */
  args: readonly A[];
  /** Lua body; it may use the key and argument names as locals. */
  lua: string;
  /** The same behaviour in JavaScript, run inside one LMDB write transaction. */
  embedded: (txn: KvTxn, keys: Record<K, string>, args: Record<A, string>) => RedisReply;
  /** Checks the reply, identical on every driver, and turns it into the caller's type. */
  result: z.ZodType<R>;
}

export interface KvScript<K extends string, A extends string, R> extends ScriptDefinition<K, A, R> {
  /** The exact text sent with EVAL: a header binding the names, then the body. */
  source: string;
  /** SHA-1 of `source`, for EVALSHA. */
  sha1: string;
}

export interface ScriptInput<K extends string, A extends string> {
  keys: Record<K, string>;
  args: Record<A, string | number>;
}

export function defineScript<const K extends string, const A extends string, R>(
  definition: ScriptDefinition<K, A, R>,
): KvScript<K, A, R> {
  for (const name of [...definition.keys, ...definition.args]) {
    if (!LUA_NAME.test(name)) throw new Error(`Script ${definition.name}: "${name}" is not a plain Lua name`);
  }
  const bind = (names: readonly string[], table: string) =>
    names.length === 0 ? "" : `local ${names.join(", ")} = ${names.map((_, i) => `${table}[${i + 1}]`).join(", ")}\n`;
  const source = `-- ${definition.name}\n${bind(definition.keys, "KEYS")}${bind(definition.args, "ARGV")}${definition.lua.trim()}\n`;
  return { ...definition, source, sha1: createHash("sha1").update(source).digest("hex") };
}

/** KEYS and ARGV in the order the script declares them; Redis receives every argument as a string. */
export function scriptCall<K extends string, A extends string>(
  script: KvScript<K, A, unknown>,
  input: ScriptInput<K, A>,
  prefixKey: (key: string) => string,
): { keys: string[]; args: string[] } {
  return {
    keys: script.keys.map((name) => prefixKey(input.keys[name])),
    args: script.args.map((name) => String(input.args[name])),
  };
}
