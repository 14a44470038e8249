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
