// docs/partner-api-decisions.md item 8b: 401, then shape 400, then 404, then access 403/400, then availability.
import { describe, expect, it } from "vitest";
import { ok } from "./error-result";
import { MAX_BODY_BYTES } from "./read-body";
import { createHarness } from "@/tests/support/sandbox/http-test-support";

describe("error precedence", () => {
  it("answers 401 before 413, shape 400 and existence 404", async () => {
    const h = createHarness();
    expect((await h.call("POST", "/api/pay", { token: "x", body: "y".repeat(MAX_BODY_BYTES + 1) })).status).toBe(401);
    expect((await h.call("GET", "/api/voucher_available?game_id=abc", { token: "x" })).status).toBe(401);
    expect((await h.call("GET", "/api/voucher_available?game_id=9999", { token: "x" })).status).toBe(401);
  });

  it("answers shape 400 before existence 404", async () => {
    const h = createHarness();
    const token = await h.login();
    expect((await h.call("GET", "/api/voucher_available?game_id=9999&extra=1", { token })).status).toBe(400);
    expect((await h.call("GET", "/api/account_check?game_id=9999", { token })).status).toBe(400);
  });

  it("answers existence 404 before access, and access before availability", async () => {
    const h = createHarness();
    const token = await h.login("small");
    const statuses = [];
    for (const query of ["voucher_available?game_id=9999", "voucher_available?game_id=500", "account_check?game_id=9999&account=x"]) {
      statuses.push((await h.call("GET", `/api/${query}`, { token })).status);
    }
    expect(statuses).toEqual([404, 403, 404]);
  });

  it("answers a known ext_order_id before every shape check of /api/pay, but after authentication", async () => {
    const h = createHarness();
    h.engine.existing.set("1:X1", ok({ order_id: "1" }));
    const token = await h.login();
    expect((await h.call("POST", "/api/pay", { token, body: { ext_order_id: "X1", game_id: "?", voucherid: 1 } })).status).toBe(200);
    expect((await h.call("POST", "/api/pay", { body: { ext_order_id: "X1" } })).status).toBe(401);
  });

  it("routes (404/405) before authenticating", async () => {
    const h = createHarness();
    expect((await h.call("GET", "/api/unknown")).status).toBe(404);
    expect((await h.call("HEAD", "/api/gameslist")).status).toBe(405);
  });
});
