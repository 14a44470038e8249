// SandboxStore.commit as one script (docs/partner-api-decisions.md items 11, 17, 18): the version check, or on create
// the partner's ext_order_id check, the balance that may not go below zero, the order, its
// indexes and its new notifications, all or nothing. The balance starts from the fixture the
// first time a commit touches it, inside this script, so two first commits cannot both
// initialise it. Numbers that matter are decided by the caller (the new version) or by Redis
// integers (INCRBY), never formatted by Lua, whose tostring turns 1e14 into "1e+14".
import { z } from "zod";
import { defineScript } from "@/lib/kv/define-script";
import { formatLine } from "./outbox-lines";

export const commitReply = z.union([
  z.tuple([z.literal("ok"), z.number().int()]),
  z.tuple([z.literal("insufficient_balance"), z.number().int()]),
  z.tuple([z.literal("duplicate_ext"), z.string()]),
  z.tuple([z.literal("version_conflict")]),
  z.tuple([z.literal("version_conflict"), z.string()]),
]);

export const commitOrderScript = defineScript({
  name: "sandbox-commit-order",
  keys: ["order", "version", "ext", "index", "balance", "outbox", "noteSeq"],
  // expectedVersion "" creates; hasExt "1" when the order has an ext_order_id; notes are
  // notification JSON texts separated by "\n", "" for none.
  args: ["expectedVersion", "newVersion", "value", "orderId", "createdAt", "hasExt", "initialBalance", "delta", "notes"],
  lua: String.raw`
local current = redis.call('GET', version)
if expectedVersion == '' then
  if hasExt == '1' then
    local existing = redis.call('GET', ext)
    if existing then return {'duplicate_ext', existing} end
  end
  if current then return {'version_conflict', redis.call('GET', order)} end
elseif current ~= expectedVersion then
  if current then return {'version_conflict', redis.call('GET', order)} end
  return {'version_conflict'}
end
local stored = redis.call('GET', balance)
local before = tonumber(stored or initialBalance)
if before + tonumber(delta) < 0 then return {'insufficient_balance', before} end
if not stored then redis.call('SET', balance, initialBalance) end
local after = redis.call('INCRBY', balance, delta)
redis.call('SET', order, value)
redis.call('SET', version, newVersion)
if expectedVersion == '' then
  redis.call('ZADD', index, createdAt, orderId)
  if hasExt == '1' then redis.call('SET', ext, orderId) end
end
if notes ~= '' then
  local queue = redis.call('GET', outbox) or ''
  for note in string.gmatch(notes, '[^\n]+') do
    queue = queue .. redis.call('INCR', noteSeq) .. ' 0 0 0 ' .. note .. '\n'
  end
  redis.call('SET', outbox, queue)
end
return {'ok', after}`,
  embedded(txn, keys, args) {
    const current = txn.get(keys.version);
    if (args.expectedVersion === "") {
      if (args.hasExt === "1") {
        const existing = txn.get(keys.ext);
        if (existing !== null) return ["duplicate_ext", existing];
      }
      if (current !== null) return ["version_conflict", txn.get(keys.order)];
    } else if (current !== args.expectedVersion) {
      return current !== null ? ["version_conflict", txn.get(keys.order)] : ["version_conflict"];
    }
    const stored = txn.get(keys.balance);
    const before = Number(stored ?? args.initialBalance);
    if (before + Number(args.delta) < 0) return ["insufficient_balance", before];
    if (stored === null) txn.set(keys.balance, args.initialBalance);
    const after = txn.incrBy(keys.balance, Number(args.delta));
    txn.set(keys.order, args.value);
    txn.set(keys.version, args.newVersion);
    if (args.expectedVersion === "") {
      txn.zAdd(keys.index, Number(args.createdAt), args.orderId);
      if (args.hasExt === "1") txn.set(keys.ext, args.orderId);
    }
    if (args.notes !== "") {
      let queue = txn.get(keys.outbox) ?? "";
      for (const json of args.notes.split("\n").filter(Boolean)) {
        const seq = String(txn.incrBy(keys.noteSeq, 1));
        queue += formatLine({ seq, attempts: "0", notBeforeMs: "0", leaseUntilMs: "0", json });
      }
      txn.set(keys.outbox, queue);
    }
    return ["ok", after];
  },
  result: commitReply,
});
