// One cache entry as it is kept in KV. Next hands the handler rendered pages (HTML text, the RSC
// payload and per-segment payloads as Buffers in a Map) and data (unstable_cache's JSON); v8's
// structured serialisation keeps Buffers, Maps and undefined exactly, where JSON would turn a
// Buffer into an array of numbers and a Map into {}. HTML and RSC text shrink several times under
// gzip, and KV values are strings, so the bytes travel as base64.
//
// An entry is inflated into one buffer of its own size, named by the gzip trailer: with zlib's
// default 16 kB output chunks, a page's ~110 kB took seven hops between libuv's pool and the
// main thread, each its own callback and Buffer, and the chunks were then copied into one
// (docs/architecture-decisions.md 261).
import { promisify } from "node:util";
import { deserialize, serialize } from "node:v8";
import { gunzip, gzip } from "node:zlib";
import { z } from "zod";
import { err, ok, type Result } from "@/lib/result";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** zlib's smallest output chunk. */
const MIN_CHUNK = 64;
/** The most a damaged trailer makes us allocate at once; a larger entry only takes more chunks. */
const MAX_CHUNK = 16 * 1024 * 1024;

const cacheControlSchema = z.object({
  revalidate: z.union([z.number(), z.literal(false)]),
  expire: z.number().optional(),
});

/** What the store keeps around Next's value: when it was written, its lifetime and its tags. */
export const storedEntrySchema = z.object({
  /** Milliseconds since the epoch, on the clock of the instance that wrote it. */
  lastModified: z.number(),
  /** Every tag the entry depends on: its own and, for a page, those of the data it read. */
  tags: z.array(z.string()),
  cacheControl: cacheControlSchema.optional(),
  /** Next's own value (page, route, data or null for a 404), passed back untouched. */
  value: z.unknown(),
});

export type StoredEntry = z.infer<typeof storedEntrySchema>;

export async function encodeEntry(entry: StoredEntry): Promise<string> {
  return (await gzipAsync(serialize(entry))).toString("base64");
}

/**
 * The entry, or why it cannot be read: written by a Node whose serialisation format this one
 * does not know, or damaged. The caller treats it as a miss, so the page is rendered again.
 */
export async function decodeEntry(text: string): Promise<Result<StoredEntry, string>> {
  let data: unknown;
  try {
    const gzipped = Buffer.from(text, "base64");
    data = deserialize(await gunzipAsync(gzipped, { chunkSize: inflatedSize(gzipped) }));
  } catch (error) {
    return err(`not a cache entry: ${String(error)}`);
  }
  const parsed = storedEntrySchema.safeParse(data);
  return parsed.success ? ok(parsed.data) : err(`cache entry of the wrong shape: ${parsed.error.message}`);
}

/**
 * The inflated size a stored entry's gzip trailer names (ISIZE), read from the text's last eight
 * characters (the last four to six bytes) without decoding the rest; 0 for text too short to have one.
 */
export function inflatedBytes(text: string): number {
  const tail = Buffer.from(text.slice(-8), "base64");
  return tail.length >= 4 ? tail.readUInt32LE(tail.length - 4) : 0;
}

/**
 * An output chunk that holds the whole entry: the size the gzip trailer gives (ISIZE, the inflated
 * length modulo 2^32) and one byte more, since Node asks zlib again whenever a chunk ends full. A
 * wrong or missing trailer only costs more chunks, or the error a damaged entry gets anyway.
 */
function inflatedSize(gzipped: Buffer): number {
  const size = gzipped.length >= 4 ? gzipped.readUInt32LE(gzipped.length - 4) : 0;
  return Math.min(Math.max(size + 1, MIN_CHUNK), MAX_CHUNK);
}
