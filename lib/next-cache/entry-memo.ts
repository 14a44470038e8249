// The last decoded entry per cache key, reused while the KV still holds the very same text. A
// page's entry is the same bytes view after view until a render or an invalidation rewrites it,
// and decoding it (base64, the inflate, v8's deserialize, the zod check) is most of a read's CPU
// (docs/architecture-decisions.md 274, 280). The KV stays the truth: every read still fetches
// the text, so a write by any instance is seen at once, and a hit needs the stored text to be
// equal, character for character, to the one decoded, so it is exactly what a decode would give.
//
// A hit hands every view the same object. Next already does so: its response cache gives the
// one read's value to every view it joins to that read (getBatcher), and copies what it changes
// (the headers it sends, language-vary.ts's Vary). The plain objects of a kept entry are frozen
// all the same, so that a Next that starts changing them fails in the browser specs instead of
// carrying one view's change into the next.
import type { Result } from "@/lib/result";
import { decodeEntry, inflatedBytes, type StoredEntry } from "./entry-codec";

export interface EntryMemoOptions {
  /** Most entries kept; the least recently read goes first. */
  maxEntries: number;
  /** Most bytes kept: each entry's stored text plus its inflated size, as it is held in memory. */
  maxBytes: number;
  /** Injected so tests can count decodes. */
  decode?: (text: string) => Promise<Result<StoredEntry, string>>;
}

interface Kept {
  text: string;
  entry: StoredEntry;
  bytes: number;
}

/** A decodeEntry per cache key that skips the decode when the text is the one decoded last. */
export function createEntryMemo({ maxEntries, maxBytes, decode = decodeEntry }: EntryMemoOptions) {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recent first.
  const kept = new Map<string, Kept>();
  let keptBytes = 0;

  function forget(key: string): void {
    const old = kept.get(key);
    if (!old) return;
    kept.delete(key);
    keptBytes -= old.bytes;
  }

  function keep(key: string, text: string, entry: StoredEntry): void {
    forget(key);
    // The base64 text is a one-byte string; the inflated size is that of the deserialized value
    // (v8 writes a two-byte string's characters as they are held), so together they are what a
    // kept entry holds, give or take object headers.
    const bytes = text.length + inflatedBytes(text);
    if (bytes > maxBytes) return;
    kept.set(key, { text, entry: deepFreeze(entry), bytes });
    keptBytes += bytes;
    for (const [oldest] of kept) {
      if (kept.size <= maxEntries && keptBytes <= maxBytes) break;
      forget(oldest);
    }
  }

  return {
    async decode(key: string, text: string): Promise<Result<StoredEntry, string>> {
      const hit = kept.get(key);
      if (hit && hit.text === text) {
        kept.delete(key);
        kept.set(key, hit);
        // Not at once: Next joins the views of a page that arrive while its read is pending to
        // that read (its response cache's getBatcher), and on the embedded store a read that
        // skips the inflate would end within this turn of the event loop, before the next
        // request is even parsed. Every view would then pay its own lookup, which cost more than
        // the inflate saved (243, 281); after the turn, the requests read in it still join.
        await new Promise((resolve) => setImmediate(resolve));
        return { ok: true, value: hit.entry };
      }
      const decoded = await decode(text);
      // A damaged entry is not kept: it is read again, and refused again, as a miss.
      if (decoded.ok) keep(key, text, decoded.value);
      else forget(key);
      return decoded;
    },
    /** What is kept, for tests and benches. */
    size: () => ({ entries: kept.size, bytes: keptBytes }),
  };
}

export type EntryMemo = ReturnType<typeof createEntryMemo>;

/** Freezes plain objects and arrays; Buffers cannot be frozen and Maps ignore it, and Next only reads them. */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || ArrayBuffer.isView(value) || value instanceof Map || Object.isFrozen(value)) return value;
  for (const field of Object.values(value)) deepFreeze(field);
  return Object.freeze(value);
}
