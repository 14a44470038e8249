// What a script's JavaScript twin may do: the Redis commands our Lua scripts call, as
// synchronous operations inside one LMDB write transaction of the embedded driver. Each
// method behaves like the Redis command it is named after, errors included.

/** A value as a Redis script returns it: Lua numbers become integers, nil/false become null. */
export type RedisReply = string | number | null | RedisReply[];

export interface KvTxn {
  /** GET */
  get(key: string): string | null;
  /** SET, with PX when `ttlMs` is given and KEEPTTL when `keepTtl` is set. */
  set(key: string, value: string, options?: { ttlMs?: number; keepTtl?: boolean }): void;
  /** DEL of one key; true when it existed. */
  del(key: string): boolean;
  /** EXISTS of one key. */
  exists(key: string): boolean;
  /** INCRBY */
  incrBy(key: string, by: number): number;
  /** PEXPIRE; false when the key does not exist. */
  pexpire(key: string, ttlMs: number): boolean;
  /** ZADD of one member; true when it was new. */
  zAdd(key: string, score: number, member: string): boolean;
  /** ZREM of one member; true when it was there. */
  zRem(key: string, member: string): boolean;
}
