import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, readBodyText } from "./read-body";
import { createHarness, read } from "@/tests/support/sandbox/http-test-support";

function streamed(chunks: Iterable<Uint8Array>, onCancel?: () => void): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.iterator]();
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: () => onCancel?.(),
  });
}

function post(body: BodyInit, headers: Record<string, string> = {}): Request {
  return new Request("http://sandbox.test/x", { method: "POST", headers, body, duplex: "half" } as RequestInit);
}

function* endless(chunkSize: number): Generator<Uint8Array> {
  for (;;) yield new Uint8Array(chunkSize).fill(0x20);
}

describe("readBodyText", () => {
  it("reads a body up to exactly the limit", async () => {
    const text = "x".repeat(MAX_BODY_BYTES);
    expect(await readBodyText(post(text))).toEqual({ ok: true, value: text });
  });

  it("answers 413 from Content-Length alone, without reading", async () => {
    const request = post(streamed(endless(1024)), { "content-length": String(MAX_BODY_BYTES + 1) });
    const result = await readBodyText(request);
    expect(result.ok ? null : result.error.status).toBe(413);
    expect(request.bodyUsed).toBe(false);
  });

  it("counts the bytes of a chunked body and stops an endless one", async () => {
    let cancelled = false;
    const result = await readBodyText(post(streamed(endless(64 * 1024), () => (cancelled = true))));
    expect(result.ok ? null : result.error).toEqual({
      status: 413,
      body: { success: false, error: 413, error_text: `request body must be at most ${MAX_BODY_BYTES} bytes` },
    });
    expect(cancelled).toBe(true);
  });

  it("does not trust a Content-Length smaller than what is sent", async () => {
    const big = new Uint8Array(MAX_BODY_BYTES + 10).fill(0x20);
    const result = await readBodyText(post(streamed([big.subarray(0, 100), big.subarray(100)]), { "content-length": "10" }));
    expect(result.ok ? null : result.error.status).toBe(413);
  });

  it("counts bytes, not characters", async () => {
    const text = "é".repeat(MAX_BODY_BYTES / 2 + 1);
    const result = await readBodyText(post(text));
    expect(result.ok ? null : result.error.status).toBe(413);
  });

  it("reads a missing body as empty text and rejects invalid UTF-8", async () => {
    expect(await readBodyText(new Request("http://sandbox.test/x", { method: "POST" }))).toEqual({ ok: true, value: "" });
    const result = await readBodyText(post(new Uint8Array([0x7b, 0xff, 0x7d])));
    expect(result.ok ? null : result.error.body).toEqual({ success: false, error: 400, error_text: "request body is not valid UTF-8" });
  });
});

describe("413 through the handler", () => {
  it("answers 413 with the error body and JSON content type for a chunked body", async () => {
    const h = createHarness();
    const token = await h.login();
    const response = await h.handle(
      new Request("http://sandbox.test/api/pay", {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: streamed(endless(100_000)),
        duplex: "half",
      } as RequestInit),
    );
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await read(response)).toEqual({
      status: 413,
      body: { success: false, error: 413, error_text: `request body must be at most ${MAX_BODY_BYTES} bytes` },
    });
    expect(h.engine.calls).toEqual([]);
  });

  it("answers 401 before looking at the size of an unauthenticated body", async () => {
    const h = createHarness();
    const response = await h.call("POST", "/api/pay", { body: "x".repeat(MAX_BODY_BYTES + 1) });
    expect(response.status).toBe(401);
  });

  it("applies the limit to login too", async () => {
    const h = createHarness();
    const response = await h.call("POST", "/api/auth/login", { body: " ".repeat(MAX_BODY_BYTES + 1) });
    expect(response.status).toBe(413);
  });
});
