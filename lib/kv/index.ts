// The KV layer: import from "@/lib/kv".
export { getKv, createKv } from "./get-kv";
export type { Kv, TtlOptions, IncrOptions, ZEntry, ZRangeByScoreOptions, ZRevRangeOptions } from "./kv";
export { KvError, type KvErrorCode } from "./kv-error";
export { getJson, setJson } from "./json";
export { acquireLock, withLock, type KvLock, type LockedRun } from "./lock";
export type { KvScript, ScriptInput } from "./define-script";
export * from "./scripts";
