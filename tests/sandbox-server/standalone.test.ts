// `npm run sandbox` as an integrator runs it: a real process on a real port, over HTTP.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/free-port";

function runSandbox(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = "";
  // node with tsx's loader directly (not npx), so that a signal reaches the server itself.
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/sandbox.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe("npm run sandbox", () => {
  let base: string;
  let server: ReturnType<typeof runSandbox>;

  beforeAll(async () => {
    const port = await freePort();
    server = runSandbox({ PORT: String(port) });
    base = `http://127.0.0.1:${port}`;
    // The last line of the start banner: stdout may deliver the banner in several chunks.
    for (let i = 0; i < 200 && !server.output().includes("Try: curl"); i++) await delay(100);
  }, 30_000);

  afterAll(async () => {
    server.child.kill("SIGTERM");
    await server.exited;
  });

  it("prints its base URL and the default partner's credentials", () => {
    expect(server.output()).toContain(`listening on ${base}`);
    expect(server.output()).toContain('login "demo", api_key "demo-key"');
  });

  it("serves the whole flow over loopback HTTP", async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ login: "demo", api_key: "demo-key" }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const auth = { Authorization: `Bearer ${token}` };

    const games = (await (await fetch(`${base}/api/gameslist`, { headers: auth })).json()) as { available_games: unknown[] };
    expect(games.available_games.length).toBeGreaterThanOrEqual(30);

    const paid = await fetch(`${base}/api/pay`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ voucher_id: 10101, test: 1, ext_order_id: "loopback1" }),
    });
    const order = (await paid.json()) as { order_id: string; order_status: number; ext_order_id: string };
    expect(order).toMatchObject({ order_status: 2, ext_order_id: "loopback1" });

    const info = await (await fetch(`${base}/api/get_order_info?order_id=${order.order_id}`, { headers: auth })).json();
    expect(info).toMatchObject({ order_id: order.order_id, order_status: 2 });
  });

  it("answers unknown paths, wrong methods and oversized bodies in JSON", async () => {
    const unknown = await fetch(`${base}/api/nope`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ success: false, error: 404 });

    const wrongMethod = await fetch(`${base}/api/gameslist`, { method: "DELETE" });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toContain("GET");

    const huge = await fetch(`${base}/api/auth/login`, { method: "POST", body: "x".repeat(1024 * 1024 + 1) });
    expect(huge.status).toBe(413);
  });
});

describe("npm run sandbox with a bad fixture", () => {
  it("stops at start naming every offending JSON path", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bad-fixture-"));
    const path = join(dir, "fixture.json");
    writeFileSync(
      path,
      JSON.stringify({
        partners: [{ partner_id: 1, partner_name: "P", user_id: 1, user_name: "u", login: "p", api_key: 5 }],
        services: [{ id: 7, game_name: "G", type: "voucher", currency: "USD", vouchers: [{ voucher_id: 1, voucher_name: "V", amount: "9.50" }] }],
      }),
    );
    const run = runSandbox({ SANDBOX_FIXTURE: path, PORT: String(await freePort()) });
    const code = await run.exited;
    rmSync(dir, { recursive: true, force: true });

    expect(code).not.toBe(0);
    expect(run.output()).toContain("partners[0].api_key");
    expect(run.output()).toContain("services[0].vouchers[0].amount");
    expect(run.output()).not.toContain("listening on");
  }, 30_000);
});
