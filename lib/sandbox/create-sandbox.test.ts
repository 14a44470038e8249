import { describe, expect, it } from "vitest";
import { createSandbox } from "./create-sandbox";
import { testFixture } from "@/tests/support/sandbox/http-test-support";
import { ManualTime } from "@/tests/support/sandbox/manual-time";

function sandboxAt(basePath = "") {
  const time = new ManualTime();
  const sandbox = createSandbox({ fixture: testFixture(), clock: time, scheduler: time, basePath });
  const call = async (method: string, path: string, init: { token?: string; body?: unknown } = {}) => {
    const headers: Record<string, string> = init.token ? { Authorization: `Bearer ${init.token}` } : {};
    const response = await sandbox.handle(
      new Request(`http://sandbox.test${basePath}${path}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { sandbox, time, call };
}

describe("createSandbox", () => {
  it("wires the shell to the real engine and memory store", async () => {
    const { sandbox, call, time } = sandboxAt("/sandbox");
    const login = await call("POST", "/api/auth/login", { body: { login: "demo", api_key: "demo-key" } });
    const token = String(login.body.token);

    expect(await call("GET", "/api/balance", { token })).toEqual({
      status: 200,
      body: { partner_id: 1, partner_name: "Demo Shop", user_name: "demo", user_id: 11, balance: 100, currency: "USD" },
    });

    const paid = await time.run(call("POST", "/api/pay", { token, body: { voucher_id: "1001", test: 1, ext_order_id: "E1" } }));
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ success: true, order_status: 2, ext_order_id: "E1", voucher_id: 1001 });

    const again = await call("POST", "/api/pay", { token, body: { ext_order_id: "E1", voucher_id: "not even valid" } });
    expect(again.body.order_id).toBe(paid.body.order_id);

    const info = await call("GET", `/api/get_order_info?order_id=${String(paid.body.order_id)}`, { token });
    expect(info.body).toMatchObject({ order_id: paid.body.order_id, order_status: 2 });
    sandbox.close();
  });

  it("exposes its fixture and draws a random JWT secret when the fixture has none", async () => {
    const time = new ManualTime();
    const fixture = testFixture({ jwt_secret: null });
    const a = createSandbox({ fixture, clock: time, scheduler: time });
    const b = createSandbox({ fixture, clock: time, scheduler: time });
    expect(a.fixture).toBe(fixture);
    const login = await a.handle(new Request("http://x/api/auth/login", { method: "POST", body: JSON.stringify({ login: "demo", api_key: "demo-key" }) }));
    const { token } = (await login.json()) as { token: string };
    const headers = { Authorization: `Bearer ${token}` };
    expect((await a.handle(new Request("http://x/api/gameslist", { headers }))).status).toBe(200);
    expect((await b.handle(new Request("http://x/api/gameslist", { headers }))).status).toBe(401);
    a.close();
    b.close();
  });
});
