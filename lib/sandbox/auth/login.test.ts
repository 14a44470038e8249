import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { createHarness, read } from "@/tests/support/sandbox/http-test-support";

const invalid = { status: 401, body: { success: false, error: 401, error_text: "invalid login or api_key" } };

describe("POST /api/auth/login", () => {
  it("answers token, expires_in, expires_at in spec order from the injected clock", async () => {
    const h = createHarness();
    const response = await h.call("POST", "/api/auth/login", { body: { login: "small", api_key: "small-key" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    const body = (await response.json()) as { token: string; expires_in: number; expires_at: string };
    expect(Object.keys(body)).toEqual(["token", "expires_in", "expires_at"]);
    expect(body.expires_in).toBe(3600);
    expect(body.expires_at).toBe("2026-01-15 13:00:00");
    expect(decodeJwt(body.token)).toMatchObject({ partner_id: 2, user_id: 12 });
  });

  it("answers 401 for a wrong api_key, an unknown login or another partner's key", async () => {
    const h = createHarness();
    expect(await read(await h.call("POST", "/api/auth/login", { body: { login: "demo", api_key: "demo-kez" } }))).toEqual(invalid);
    expect(await read(await h.call("POST", "/api/auth/login", { body: { login: "ghost", api_key: "demo-key" } }))).toEqual(invalid);
    expect(await read(await h.call("POST", "/api/auth/login", { body: { login: "demo", api_key: "small-key" } }))).toEqual(invalid);
  });

  it("answers 400 for a missing, empty, wrongly typed or unknown field", async () => {
    const h = createHarness();
    const error = (text: string) => ({ status: 400, body: { success: false, error: 400, error_text: text } });
    expect(await read(await h.call("POST", "/api/auth/login", { body: { login: "demo" } }))).toEqual(error("api_key is required"));
    expect(await read(await h.call("POST", "/api/auth/login", { body: { login: "demo", api_key: "" } }))).toEqual(error("api_key is required"));
    expect(await read(await h.call("POST", "/api/auth/login", { body: { login: 7, api_key: "k" } }))).toEqual(error("login: expected a string"));
    expect(await read(await h.call("POST", "/api/auth/login", { body: { login: "demo", api_key: "demo-key", remember: true } }))).toEqual(
      error("unknown field remember"),
    );
  });
});
