// The sandbox's HTTP contract, written from Stripe's API reference rather than from what our
// client sends: raw form-encoded requests, Stripe's error envelope, codes and status codes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEmbeddedKv } from "@/lib/kv/embedded/embedded-kv";
import type { Kv } from "@/lib/kv/kv";
import { createPaymentsSandbox, type PaymentsSandbox } from "../create-payments-sandbox";

const BASE = "http://sandbox.test";
const AUTH = { Authorization: "Bearer sk_test_contract" };
const NOW_MS = Date.UTC(2026, 5, 1, 12);
const NOW_S = NOW_MS / 1000;

let dir: string;
let kv: Kv;
let sandbox: PaymentsSandbox;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "payments-contract-"));
  kv = createEmbeddedKv({ dir });
  sandbox = createPaymentsSandbox({ kv, clock: { now: () => NOW_MS }, config: { baseUrl: BASE, webhookUrl: null, webhookSecret: "whsec_x" } });
});
afterEach(async () => {
  await kv.close();
  rmSync(dir, { recursive: true, force: true });
});

const SESSION_FORM =
  "mode=payment&success_url=https%3A%2F%2Fshop.test%2Fok&cancel_url=https%3A%2F%2Fshop.test%2Fno" +
  "&line_items[0][quantity]=2&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=750" +
  "&line_items[0][price_data][product_data][name]=Code&payment_intent_data[capture_method]=manual" +
  "&payment_intent_data[metadata][order_id]=o1&metadata[cart]=c9&client_reference_id=o1&customer_email=buyer%40example.com";

async function call(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  const response = await sandbox.handle(
    new Request(`${BASE}${path}`, { method, body, headers: { ...AUTH, "Content-Type": "application/x-www-form-urlencoded", ...headers } }),
  );
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

describe("POST /v1/checkout/sessions", () => {
  it("creates a session from bracket-encoded parameters, in Stripe's shape", async () => {
    const { status, body } = await call("POST", "/v1/checkout/sessions", SESSION_FORM);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_total: 1500,
      currency: "usd",
      client_reference_id: "o1",
      customer_email: "buyer@example.com",
      metadata: { cart: "c9" },
      payment_intent: null,
      expires_at: NOW_S + 24 * 3600,
      livemode: false,
    });
    expect(body.id).toMatch(/^cs_test_/);
    expect(body.url).toBe(`${BASE}/pay/${String(body.id)}`);
  });

  it.each([
    ["missing", SESSION_FORM.replace("mode=payment&", ""), "parameter_missing", "mode"],
    ["unknown", `${SESSION_FORM}&colour=red`, "parameter_unknown", "colour"],
    ["non-integer", SESSION_FORM.replace("unit_amount]=750", "unit_amount]=7.50"), "parameter_invalid_integer", "line_items[0][price_data][unit_amount]"],
  ])("refuses a %s parameter with 400 invalid_request_error", async (_name, form, code, param) => {
    const { status, body } = await call("POST", "/v1/checkout/sessions", form);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ type: "invalid_request_error", code, param });
  });

  it("sends a session's url only while it is open, as Stripe does", async () => {
    const { body } = await call("POST", "/v1/checkout/sessions", SESSION_FORM);
    const id = String(body.id);
    const paid = await sandbox.handle(new Request(`${BASE}/pay/${id}`, { method: "POST", body: new URLSearchParams({ card_number: "4242424242424242" }) }));
    expect(paid.status).toBe(303);
    expect((await call("GET", `/v1/checkout/sessions/${id}`)).body).toMatchObject({ status: "complete", url: null });
  });

  it("keeps expires_at between 30 minutes and 24 hours from creation", async () => {
    const early = await call("POST", "/v1/checkout/sessions", `${SESSION_FORM}&expires_at=${NOW_S + 29 * 60}`);
    const late = await call("POST", "/v1/checkout/sessions", `${SESSION_FORM}&expires_at=${NOW_S + 24 * 3600 + 1}`);
    const fine = await call("POST", "/v1/checkout/sessions", `${SESSION_FORM}&expires_at=${NOW_S + 30 * 60}`);
    expect([early.status, late.status, fine.status]).toEqual([400, 400, 200]);
    expect(early.body.error).toMatchObject({ type: "invalid_request_error", param: "expires_at" });
  });
});

describe("errors and auth", () => {
  it("answers 401 without a key and for a live key", async () => {
    const none = await sandbox.handle(new Request(`${BASE}/v1/payment_intents/pi_x`));
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: { type: "invalid_request_error" } });
    const live = await call("GET", "/v1/payment_intents/pi_x", undefined, { Authorization: "Bearer sk_live_real" });
    expect(live.status).toBe(401);
    // Stripe's 401 carries no code: api_key_invalid is not one of its error codes.
    expect(live.body.error).toEqual({ type: "invalid_request_error", message: expect.stringContaining("Invalid API Key provided") });
  });

  it("answers 404 resource_missing for unknown objects and 404 for unknown URLs", async () => {
    for (const path of ["/v1/payment_intents/pi_nope", "/v1/checkout/sessions/cs_test_nope", "/v1/refunds/re_nope", "/v1/events/evt_nope"]) {
      const { status, body } = await call("GET", path);
      expect(status).toBe(404);
      expect(body.error).toMatchObject({ type: "invalid_request_error", code: "resource_missing" });
    }
    const unknown = await call("GET", "/v1/customers");
    expect(unknown.status).toBe(404);
    expect(String((unknown.body.error as { message: string }).message)).toContain("Unrecognized request URL");
  });

  it("refuses to expire a session twice", async () => {
    const { body } = await call("POST", "/v1/checkout/sessions", SESSION_FORM);
    expect((await call("POST", `/v1/checkout/sessions/${String(body.id)}/expire`)).body).toMatchObject({ status: "expired" });
    const again = await call("POST", `/v1/checkout/sessions/${String(body.id)}/expire`);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ type: "invalid_request_error" });
  });
});

describe("Idempotency-Key", () => {
  it("replays the first answer with Idempotent-Replayed, and refuses other parameters", async () => {
    const first = await call("POST", "/v1/checkout/sessions", SESSION_FORM, { "Idempotency-Key": "k1" });
    const replay = await call("POST", "/v1/checkout/sessions", SESSION_FORM, { "Idempotency-Key": "k1" });
    expect(replay.body.id).toBe(first.body.id);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const other = await call("POST", "/v1/checkout/sessions", `${SESSION_FORM}&metadata[x]=y`, { "Idempotency-Key": "k1" });
    expect(other.status).toBe(400);
    expect(other.body.error).toMatchObject({ type: "idempotency_error" });
  });

  it("replays a failure too, so a retried bad request stays the same failure", async () => {
    const first = await call("POST", "/v1/payment_intents/pi_missing/capture", "", { "Idempotency-Key": "k2" });
    const replay = await call("POST", "/v1/payment_intents/pi_missing/capture", "", { "Idempotency-Key": "k2" });
    expect([first.status, replay.status]).toEqual([404, 404]);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
  });

  it("lets concurrent requests with one key create one session: the others wait their turn or get 409", async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call("POST", "/v1/checkout/sessions", SESSION_FORM, { "Idempotency-Key": "k-race" })),
    );
    const created = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.id));
    expect(created.size).toBe(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(answer.body.error).toMatchObject({ type: "idempotency_error", code: "idempotency_key_in_use" });
    }
  });

  it("scopes keys to the API key", async () => {
    const mine = await call("POST", "/v1/checkout/sessions", SESSION_FORM, { "Idempotency-Key": "k3" });
    const theirs = await call("POST", "/v1/checkout/sessions", SESSION_FORM, { "Idempotency-Key": "k3", Authorization: "Bearer sk_test_other" });
    expect(theirs.body.id).not.toBe(mine.body.id);
  });
});
