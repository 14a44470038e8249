import { describe, expect, it } from "vitest";
import { meteredBody, streamedPost } from "@/tests/support/http/metered-body";
import { readBody } from "./read-body";

const URL = "https://shop.test/hook";

describe("readBody", () => {
  it("reads a body within the limit as text", async () => {
    expect(await readBody(new Request(URL, { method: "POST", body: "héllo" }), 6)).toEqual({ ok: true, value: "héllo" });
    expect(await readBody(new Request(URL), 6)).toEqual({ ok: true, value: "" });
  });

  it("refuses a declared length over the limit without reading", async () => {
    const body = meteredBody(100);
    const read = await readBody(streamedPost(URL, body, { "content-length": "100" }), 99);
    expect(read).toMatchObject({ ok: false, error: { error: "too_large" } });
    expect(body.bytesRead).toBe(0);
  });

  it("stops at the limit whatever the header says", async () => {
    const body = meteredBody(1000, 10);
    expect(await readBody(streamedPost(URL, body, { "content-length": "5" }), 99)).toMatchObject({ ok: false, error: { error: "too_large" } });
    expect(body.bytesRead).toBe(100);
  });
});
