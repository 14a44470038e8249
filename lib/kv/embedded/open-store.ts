// The LMDB environment behind the embedded driver. LMDB lets several processes (the workers of
// one Next server) open the same folder: writers take turns through a lock in the file, and
// readers see whole committed transactions only.
import { open, type Database, type RootDatabase } from "lmdb";
import { KvError } from "../kv-error";

/** What a key holds. x is the deadline in ms since the epoch, 0 for none. */
export type KeyRecord = { t: "s"; v: string; x: number } | { t: "z"; n: number; x: number };

export interface LmdbStore {
  env: RootDatabase;
  /** key → KeyRecord */
  keys: Database<KeyRecord, string>;
  /** (key, score, member) → empty: sorted-set members in Redis order. */
  zorder: Database<Buffer, Buffer>;
  /** (key, member) → score, to find a member's current entry in zorder. */
  zscore: Database<number, Buffer>;
  /** (deadline, key) → empty: finds expired keys without scanning them all. */
  expiry: Database<Buffer, Buffer>;
}

export function openStore(dir: string): LmdbStore {
  let env: RootDatabase;
  try {
    // lmdb treats a path with a dot in its last part as a file name unless told otherwise;
    // KV_DATA_DIR is always a folder ("./data/shop.v2" included).
    env = open({ path: dir, noSubdir: false, maxDbs: 8 });
  } catch (error) {
    throw new KvError(
      "unavailable",
      `Cannot open the embedded store in ${dir} (set KV_DATA_DIR to a writable folder, or ` +
        `REDIS_URL / KV_REST_API_URL on hosts without a writable disk): ${String(error)}`,
      { cause: error },
    );
  }
  return {
    env,
    // JSON keeps every string exactly, including ones that are not valid UTF-16.
    keys: env.openDB<KeyRecord, string>({ name: "keys", encoding: "json" }),
    zorder: env.openDB<Buffer, Buffer>({ name: "zorder", keyEncoding: "binary", encoding: "binary" }),
    zscore: env.openDB<number, Buffer>({ name: "zscore", keyEncoding: "binary", encoding: "json" }),
    expiry: env.openDB<Buffer, Buffer>({ name: "expiry", keyEncoding: "binary", encoding: "binary" }),
  };
}
