import { describe, expect, it } from "vitest";
import { decodeEntry, encodeEntry, inflatedBytes, type StoredEntry } from "./entry-codec";
import { createEntryMemo } from "./entry-memo";

const page = (html: string, lastModified = 1): StoredEntry => ({
  lastModified,
  tags: ["catalog"],
  cacheControl: { revalidate: 300, expire: 31_536_000 },
  value: { kind: "APP_PAGE", html, rscData: Buffer.from("rsc"), headers: { "x-next-cache-tags": "catalog" }, status: 200, segmentData: new Map([["/_tree", Buffer.from("tree")]]) },
});

/** A memo over the real codec that counts the decodes it asks for. */
function counted(maxEntries = 10, maxBytes = 10_000_000) {
  const decodes: string[] = [];
  const memo = createEntryMemo({
    maxEntries,
    maxBytes,
    decode: (text) => {
      decodes.push(text);
      return decodeEntry(text);
    },
  });
  return { memo, decodes };
}

describe("entry memo", () => {
  it("decodes a key's text once while the stored text stays the same, and gives what a decode gives", async () => {
    const { memo, decodes } = counted();
    const text = await encodeEntry(page("<p>Diamonds</p>"));
    const first = await memo.decode("/en", text);
    // An equal string built apart from the first, as a KV read returns one.
    const second = await memo.decode("/en", `${text.slice(0, 10)}${text.slice(10)}`);
    expect(decodes).toHaveLength(1);
    expect(second).toEqual(await decodeEntry(text));
    expect(second.ok && first.ok && second.value === first.value).toBe(true);
  });

  it("answers a hit after the event loop's turn, not within it, so that Next can join the views of that turn to it", async () => {
    const { memo } = counted();
    const text = await encodeEntry(page("<p>Diamonds</p>"));
    await memo.decode("/en", text);
    let answered = false;
    const hit = memo.decode("/en", text).then(() => (answered = true));
    // process.nextTick callbacks and promise jobs all run before the loop's check phase.
    for (let n = 0; n < 20; n += 1) await new Promise((resolve) => process.nextTick(resolve));
    expect(answered).toBe(false);
    await hit;
    expect(answered).toBe(true);
  });

  it("decodes a rewritten entry afresh, and keeps the new one", async () => {
    const { memo, decodes } = counted();
    await memo.decode("/en", await encodeEntry(page("<p>old</p>", 1)));
    const rewritten = await encodeEntry(page("<p>new</p>", 2));
    const read = await memo.decode("/en", rewritten);
    expect(read.ok && read.value.lastModified).toBe(2);
    expect(read.ok && (read.value.value as { html: string }).html).toBe("<p>new</p>");
    await memo.decode("/en", rewritten);
    expect(decodes).toHaveLength(2);
  });

  it("keeps entries per key: the same text under another key is decoded for that key", async () => {
    const { memo, decodes } = counted();
    const text = await encodeEntry(page("<p>same</p>"));
    await memo.decode("/en", text);
    await memo.decode("/zh", text);
    expect(decodes).toHaveLength(2);
  });

  it("reads a damaged entry as a miss every time and forgets what the key held", async () => {
    const { memo, decodes } = counted();
    const good = await encodeEntry(page("<p>good</p>"));
    await memo.decode("/en", good);
    const damaged = `${good.slice(0, 20)}AAAA${good.slice(24)}`;
    expect((await memo.decode("/en", damaged)).ok).toBe(false);
    expect((await memo.decode("/en", damaged)).ok).toBe(false);
    expect(memo.size()).toEqual({ entries: 0, bytes: 0 });
    // The good text again is decoded again: nothing of the old entry was served in between.
    expect((await memo.decode("/en", good)).ok).toBe(true);
    expect(decodes).toHaveLength(4);
  });

  it("holds its entry count, dropping the least recently read", async () => {
    const { memo, decodes } = counted(2);
    const texts = await Promise.all(["a", "b", "c"].map((html) => encodeEntry(page(html))));
    await memo.decode("a", texts[0]!);
    await memo.decode("b", texts[1]!);
    await memo.decode("a", texts[0]!); // a is now the most recent
    await memo.decode("c", texts[2]!); // b goes
    expect(memo.size().entries).toBe(2);
    await memo.decode("a", texts[0]!);
    expect(decodes).toHaveLength(3);
    await memo.decode("b", texts[1]!);
    expect(decodes).toHaveLength(4);
  });

  it("holds its bytes: the text and the inflated size of each entry, and keeps none larger than the bound", async () => {
    const texts = await Promise.all(["a", "b", "c"].map((letter) => encodeEntry(page(letter.repeat(2_000)))));
    const each = texts[0]!.length + inflatedBytes(texts[0]!);
    // The html's 2,000 one-byte characters and the rest of the entry, not the ~60 bytes it gzips to.
    expect(inflatedBytes(texts[0]!)).toBeGreaterThan(2_000);
    const { memo } = counted(10, 2 * each + 10);
    for (const [n, text] of texts.entries()) await memo.decode(String(n), text);
    expect(memo.size()).toEqual({ entries: 2, bytes: 2 * each });
    const small = counted(10, each - 1);
    await small.memo.decode("a", texts[0]!);
    expect(small.memo.size()).toEqual({ entries: 0, bytes: 0 });
  });

  it("freezes what it hands out, so a view cannot change the next view's entry", async () => {
    const { memo } = counted();
    const read = await memo.decode("/en", await encodeEntry(page("<p>x</p>")));
    const entry = read.ok ? read.value : null;
    const value = entry?.value as { headers: Record<string, string> };
    expect(() => {
      value.headers.vary = "Cookie";
    }).toThrow(TypeError);
    expect(Object.isFrozen(entry) && Object.isFrozen(entry?.tags) && Object.isFrozen(entry?.cacheControl)).toBe(true);
  });
});

describe("inflatedBytes", () => {
  it("reads the gzip trailer's length from the text, whatever its padding", async () => {
    for (const size of [0, 1, 2, 3, 100, 101, 102]) {
      const text = await encodeEntry({ lastModified: 1, tags: [], value: "x".repeat(size) });
      expect(inflatedBytes(text)).toBe(Buffer.from(text, "base64").readUInt32LE(Buffer.from(text, "base64").length - 4));
    }
    expect(inflatedBytes("")).toBe(0);
  });
});
