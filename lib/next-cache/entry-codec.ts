// One cache entry as it is kept in KV. Next hands the handler rendered pages (HTML text, the RSC
// payload and per-segment payloads as Buffers in a Map) and data (unstable_cache's JSON); v8's
// structured serialisation keeps Buffers, Maps and undefined exactly, where JSON would turn a
// Buffer into an array of numbers and a Map into {}. HTML and RSC text shrink several times under
// gzip, and KV values are strings, so the bytes travel as base64.
import { promisify } from "node:util";
import { deserialize, serialize } from "node:v8";
import { gunzip, gzip } from "node:zlib";
import { z } from "zod";
import { err, ok, type Result } from "@/lib/result";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

const cacheControlSchema = z.object({
  revalidate: z.union([z.number(), z.literal(false)]),
  expire: z.number().optional(),
});

/** What the store keeps around Next's value: when it was written, its lifetime and its tags. */
export const storedEntrySchema = z.object({
  /** Milliseconds since the epoch, on the clock of the instance that wrote it. */
  lastModified: z.number(),
  /**
   * Names this write among every write of the key, on any instance; also kept beside the entry
   * in a small key of its own, so an instance that holds the entry decoded can tell with a short
   * read that it is still the one in KV (kv-cache-store.ts).
   */
  stamp: z.string(),
  /** Every tag the entry depends on: its own and, for a page, those of the data it read. */
  tags: z.array(z.string()),
  cacheControl: cacheControlSchema.optional(),
  /** Next's own value (page, route, data or null for a 404), passed back untouched. */
  value: z.unknown(),
});

export type StoredEntry = z.infer<typeof storedEntrySchema>;

export interface DecodedEntry {
  entry: StoredEntry;
  /** Its v8 serialisation, inflated: what entryFromInflated turns into the entry again. */
  inflated: Buffer;
}

export async function encodeEntry(entry: StoredEntry): Promise<string> {
  return (await gzipAsync(serialize(entry))).toString("base64");
}

/**
 * The entry, or why it cannot be read: written by a Node whose serialisation format this one
 * does not know, or damaged. The caller treats it as a miss, so the page is rendered again.
 */
export async function decodeEntry(text: string): Promise<Result<DecodedEntry, string>> {
  let data: unknown;
  let inflated: Buffer;
  try {
    inflated = await gunzipAsync(Buffer.from(text, "base64"));
    data = deserialize(inflated);
  } catch (error) {
    return err(`not a cache entry: ${String(error)}`);
  }
  const parsed = storedEntrySchema.safeParse(data);
  return parsed.success ? ok({ entry: parsed.data, inflated }) : err(`cache entry of the wrong shape: ${parsed.error.message}`);
}

/**
 * The entry again, as new objects, from bytes decodeEntry read and checked: no second check. Much
 * cheaper than decodeEntry (no base64, no gunzip, no zod); each caller gets objects of its own.
 */
export function entryFromInflated(inflated: Buffer): StoredEntry {
  return deserialize(inflated) as StoredEntry;
}
