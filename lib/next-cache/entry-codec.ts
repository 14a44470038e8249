// One cache entry as it is kept in KV. Next hands the handler rendered pages (HTML text, the RSC
// payload and per-segment payloads as Buffers in a Map) and data (unstable_cache's JSON); v8's
// structured serialisation keeps Buffers, Maps and undefined exactly, where JSON would turn a
// Buffer into an array of numbers and a Map into {}. KV values are strings, so the bytes travel as
// base64. HTML and RSC text shrink several times under gzip, which a store over the network
// (Redis, Upstash) keeps in memory and sends on every read; but gunzipping a cached page (about
// 130 kB: its HTML, RSC payload and segments) costs a page view about as much CPU as the
// framework spends serving its empty page, so a store on the machine's own disk keeps entries as
// they are (docs/architecture-decisions.md 240). Either form is read.
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
  /** Every tag the entry depends on: its own and, for a page, those of the data it read. */
  tags: z.array(z.string()),
  cacheControl: cacheControlSchema.optional(),
  /** Next's own value (page, route, data or null for a 404), passed back untouched. */
  value: z.unknown(),
});

export type StoredEntry = z.infer<typeof storedEntrySchema>;

/** `compress`: gzip the entry (a store over the network), or keep it as serialised (a local one). */
export async function encodeEntry(entry: StoredEntry, { compress }: { compress: boolean }): Promise<string> {
  const bytes = serialize(entry);
  return (compress ? await gzipAsync(bytes) : bytes).toString("base64");
}

/** gzip's magic number; v8's serialisation starts with its version tag (0xFF) instead. */
const isGzip = (bytes: Buffer) => bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * The entry, or why it cannot be read: written by a Node whose serialisation format this one
 * does not know, or damaged. The caller treats it as a miss, so the page is rendered again.
 */
export async function decodeEntry(text: string): Promise<Result<StoredEntry, string>> {
  let data: unknown;
  try {
    const bytes = Buffer.from(text, "base64");
    data = deserialize(isGzip(bytes) ? await gunzipAsync(bytes) : bytes);
  } catch (error) {
    return err(`not a cache entry: ${String(error)}`);
  }
  const parsed = storedEntrySchema.safeParse(data);
  return parsed.success ? ok(parsed.data) : err(`cache entry of the wrong shape: ${parsed.error.message}`);
}
