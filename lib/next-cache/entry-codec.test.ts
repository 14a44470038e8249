import { describe, expect, it } from "vitest";
import { decodeEntry, encodeEntry, type StoredEntry } from "./entry-codec";

describe("entry codec", () => {
  it("keeps a page's text, Buffers, Map of segments and undefined fields exactly", async () => {
    const entry: StoredEntry = {
      lastModified: 1_700_000_000_123,
      tags: ["catalog", "_N_T_/en/page"],
      cacheControl: { revalidate: 300, expire: 31_536_000 },
      value: {
        kind: "APP_PAGE",
        html: "<p>Diamonds 钻石 — ✓</p>",
        rscData: Buffer.from([0, 255, 254, 10, 13]),
        postponed: undefined,
        headers: { "x-next-cache-tags": "catalog" },
        status: 200,
        segmentData: new Map([["/_tree", Buffer.from("tree")]]),
      },
    };
    const decoded = await decodeEntry(await encodeEntry(entry));
    expect(decoded).toEqual({ ok: true, value: entry });
    const value = (decoded.ok ? decoded.value.value : null) as { rscData: Buffer; segmentData: Map<string, Buffer> };
    expect(Buffer.isBuffer(value.rscData)).toBe(true);
    expect(value.segmentData.get("/_tree")?.toString()).toBe("tree");
  });

  it("keeps a page larger than one of zlib's default chunks, and refuses one whose length is damaged", async () => {
    const html = "<li>Starfall Legends 星陨传说 — 1,000 crystals</li>".repeat(4_000);
    const entry: StoredEntry = { lastModified: 2, tags: [], value: { kind: "APP_PAGE", html, rscData: Buffer.alloc(50_000, 7) } };
    const text = await encodeEntry(entry);
    expect(await decodeEntry(text)).toEqual({ ok: true, value: entry });
    // The trailer names the inflated length; one that lies is a damaged entry, read as a miss.
    const gzipped = Buffer.from(text, "base64");
    gzipped.writeUInt32LE(gzipped.readUInt32LE(gzipped.length - 4) - 1, gzipped.length - 4);
    expect((await decodeEntry(gzipped.toString("base64"))).ok).toBe(false);
  });

  it("keeps a null value (a cached 404) and revalidate false", async () => {
    const entry: StoredEntry = { lastModified: 1, tags: [], cacheControl: { revalidate: false, expire: undefined }, value: null };
    expect(await decodeEntry(await encodeEntry(entry))).toEqual({ ok: true, value: entry });
  });

  it("answers an error, not a throw, for text that is not an entry", async () => {
    expect((await decodeEntry("not base64 gzip")).ok).toBe(false);
    const wrongShape = await encodeEntry({ lastModified: "yesterday" } as unknown as StoredEntry);
    const decoded = await decodeEntry(wrongShape);
    expect(decoded.ok).toBe(false);
    expect(decoded.ok ? "" : decoded.error).toMatch(/wrong shape/);
  });
});
