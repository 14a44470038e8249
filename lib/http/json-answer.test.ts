import { describe, expect, it } from "vitest";
import { errorBodySchema } from "./error-body";
import { ERROR_STATUS } from "./error-status";
import { errorAnswer, json, problem } from "./json-answer";

describe("the error envelope", () => {
  it("answers a code with the status the table gives it, privately", async () => {
    const response = problem("refused", "account is required", { field: "account" });
    expect(response.status).toBe(422);
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(await response.json()).toEqual({ error: "refused", message: "account is required", field: "account" });
  });

  it("carries details beside the code and message, and extra headers", async () => {
    const response = errorAnswer({ error: "rate_limited", message: "later", retryAfterSeconds: 40 }, { "Retry-After": "40" });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("40");
    expect(errorBodySchema.parse(await response.json())).toEqual({ error: "rate_limited", message: "later", retryAfterSeconds: 40 });
  });

  it("leaves a small answer uncompressed and a large one to the server's gzip", async () => {
    const small = json({ order_id: "o1" });
    expect(small.headers.get("content-type")).toBe("application/json");
    expect(await small.json()).toEqual({ order_id: "o1" });
    const large = json({ list: "x".repeat(2000) });
    expect(large.headers.get("cache-control")).toBe("no-store");
    expect(json({ a: 1 }, 200, { "Cache-Control": "private" }).headers.get("cache-control")).toBe("private");
  });

  it("gives every code an error status, and reads no code it does not know", () => {
    for (const status of Object.values(ERROR_STATUS)) expect(status).toBeGreaterThanOrEqual(400);
    expect(errorBodySchema.safeParse({ error: "teapot", message: "x" }).success).toBe(false);
    expect(errorBodySchema.safeParse({ ok: false, message: "an older shape" }).success).toBe(false);
  });
});
