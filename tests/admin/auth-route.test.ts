// The catch-all auth route in process, as a browser drives it: CSRF token, sign-in, session
// reads and sign-out through lib/shop/auth-route.ts and the real @auth/core, on a memory
// KV. Date is faked (Auth reads it for the JWT's own expiry), so hours pass without sleeping.
// An unknown email is checked against a full-cost dummy hash (check-credentials.ts), so the
// per-address test keeps its attempts few.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuditEntry } from "@/lib/audit/audit-entry";
import { AUDIT_LOG_KEY } from "@/lib/audit/audit-entry";
import { hashPassword } from "@/lib/security/password-hash";
import type { Kv } from "@/lib/kv/kv";
import { createMemoryKv } from "@/tests/support/memory-kv";

const store = vi.hoisted(() => ({ kv: null as Kv | null }));
vi.mock("@/lib/kv/get-kv", () => ({ getKv: async () => store.kv }));

const OWNER = { email: "owner@shop.example", password: "owner-password" };
const SHOP = "https://shop.example";
const ACCOUNT_LIMIT = 3;
const ADDRESS_LIMIT = 4;
vi.stubEnv("SHOP_MODE", "demo");
vi.stubEnv("SHOP_URL", SHOP);
vi.stubEnv("ADMIN_EMAIL", OWNER.email);
vi.stubEnv("ADMIN_PASSWORD_HASH", await hashPassword(OWNER.password, { N: 1024, r: 8, p: 1 }));
vi.stubEnv("AUTH_SECRET", "xClZE+Z27SSph2vHlNuMvdvjLWcSpgSmk9y+pkjDVX8=");
vi.stubEnv("ADMIN_SIGN_IN_LIMIT_ACCOUNT", `${ACCOUNT_LIMIT}/15m`);
vi.stubEnv("ADMIN_SIGN_IN_LIMIT_IP", `${ADDRESS_LIMIT}/15m`);
vi.stubEnv("TRUSTED_PROXY_HOPS", "1");

// The route as Next serves it: the wrapper refuses another site's POSTs before Auth sees them.
const { POST, GET } = await import("@/app/api/auth/[...auth]/route");
const handleAuthRequest = (request: Request) => (request.method === "POST" ? POST(request) : GET(request));
const { readAdminSession: readSession } = await import("@/lib/shop/auth");

const HOUR = 3_600_000;

/**
 * A browser's cookies for the shop: what each answer sets, sent back with the next request.
 * `forwardedFor` is the X-Forwarded-For the shop receives: one trusted proxy appends the last entry.
 */
function browser(base: string, forwardedFor = "203.0.113.9") {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  async function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
    const headers = { cookie: cookie(), origin: SHOP, "x-auth-return-redirect": "1", "x-forwarded-for": forwardedFor, ...init.headers };
    const response = await handleAuthRequest(new Request(`${base}${path}`, { ...init, headers }));
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const [name = "", value = ""] = pair.split("=");
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }
  async function csrfToken(): Promise<string> {
    return ((await (await send("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
  }
  return {
    jar,
    cookie,
    send,
    async postForm(path: string, fields: [string, string][]) {
      const body = new URLSearchParams([...fields, ["csrfToken", await csrfToken()]]).toString();
      return send(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
    },
    async postJson(path: string, fields: Record<string, unknown>) {
      const body = JSON.stringify({ ...fields, csrfToken: await csrfToken() });
      return send(path, { method: "POST", headers: { "content-type": "application/json" }, body });
    },
    signIn(email = OWNER.email, password = OWNER.password) {
      return this.postForm("/api/auth/callback/credentials", [["email", email], ["password", password]]);
    },
    /** Who the session cookie reads as, the way every admin page asks. */
    async who() {
      const proto = new URL(base).protocol.slice(0, -1);
      return (await readSession(new Headers({ cookie: cookie(), host: "shop.example", "x-forwarded-proto": proto })))?.email ?? null;
    },
  };
}

async function auditRows(action: string): Promise<AuditEntry[]> {
  const rows = await (store.kv as Kv).zRangeByScore(AUDIT_LOG_KEY);
  return rows.map((row) => JSON.parse(row.member) as AuditEntry).filter((row) => row.action === action);
}

const sessionCookie = (response: Response) => response.headers.getSetCookie().find((line) => /authjs\.session-token=/.test(line));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.UTC(2026, 0, 15, 9, 0, 0));
  store.kv = createMemoryKv({ now: () => Date.now() });
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("signing in", () => {
  it("signs the owner in and reads the session back", async () => {
    const owner = browser(SHOP);
    const response = await owner.signIn();
    expect(response.status).toBe(200);
    expect(await owner.who()).toBe(OWNER.email);
  });

  it("still needs Auth's CSRF token once the limit has read the body", async () => {
    const attacker = browser(SHOP);
    const body = new URLSearchParams({ email: OWNER.email, password: OWNER.password }).toString();
    const response = await attacker.send("/api/auth/callback/credentials", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
    expect(((await response.json()) as { url: string }).url).toContain("error=MissingCSRF");
    expect(sessionCookie(response)).toBeUndefined();
  });

  it("refuses another site's sign-in post before Auth or the limit sees it, and still serves its reads", async () => {
    const owner = browser(SHOP);
    const body = new URLSearchParams({ email: OWNER.email, password: OWNER.password, csrfToken: "x" }).toString();
    const forged = await owner.send("/api/auth/callback/credentials", { method: "POST", headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" }, body });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error: "forbidden" });
    expect(sessionCookie(forged)).toBeUndefined();
    expect((await owner.send("/api/auth/csrf", { headers: { origin: "https://evil.example" } })).status).toBe(200);
  });
});

describe("the per-account sign-in limit", () => {
  /** Guesses from as many addresses, so that only the account's own limit is reached. */
  async function lockOwner() {
    for (let i = 0; i < ACCOUNT_LIMIT; i++) expect((await browser(SHOP, `198.51.100.${i}`).signIn(OWNER.email, `guess-${i}`)).status).toBe(200);
    expect((await browser(SHOP, "198.51.100.99").signIn()).status).toBe(429);
  }

  it("refuses a form that names two emails, before any password is checked", async () => {
    const attacker = browser(SHOP);
    const response = await attacker.postForm("/api/auth/callback/credentials", [["email", "decoy@x.example"], ["email", OWNER.email], ["password", OWNER.password]]);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid", message: expect.stringContaining("email") });
    expect(sessionCookie(response)).toBeUndefined();
    expect(await auditRows("auth.sign_in")).toEqual([]);
  });

  it("counts a JSON body against the account it names: a locked owner stays locked", async () => {
    await lockOwner();
    const attacker = browser(SHOP);
    const response = await attacker.postJson("/api/auth/callback/credentials", { email: OWNER.email, password: OWNER.password });
    expect(response.status).toBe(429);
    expect(sessionCookie(response)).toBeUndefined();
  });

  it("counts the sign-in at every path Auth reads as the credentials callback", async () => {
    await lockOwner();
    const attacker = browser(SHOP);
    for (const path of ["/api/auth/callback/credentials/", "/api/auth//callback/credentials"]) {
      const response = await attacker.postForm(path, [["email", OWNER.email], ["password", OWNER.password]]);
      expect(response.status, path).toBe(429);
    }
    expect(await attacker.who()).toBeNull();
  });

  it("refuses a body whose type Auth would not read as we do, or with no email", async () => {
    const attacker = browser(SHOP);
    const asText = await attacker.send("/api/auth/callback/credentials", { method: "POST", headers: { "content-type": "text/plain" }, body: `email=${OWNER.email}` });
    expect(asText.status).toBe(415);
    const mixed = await attacker.send("/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded; x=application/json" },
      body: JSON.stringify({ email: OWNER.email, password: OWNER.password }),
    });
    expect(mixed.status).toBe(415);
    const noEmail = await attacker.postJson("/api/auth/callback/credentials", { email: [OWNER.email], password: OWNER.password });
    expect(noEmail.status).toBe(400);
    expect(await auditRows("auth.sign_in_failed")).toEqual([]);
  });

  it("keeps at most the limit's failure rows per account however the attempts are dressed", async () => {
    for (let i = 0; i < 3; i++) {
      const attacker = browser(SHOP, `198.51.100.${i}`);
      await attacker.signIn(OWNER.email, `guess-a${i}`);
      await attacker.postJson("/api/auth/callback/credentials", { email: OWNER.email, password: `guess-b${i}` });
      await attacker.postForm("/api/auth/callback/credentials", [["email", `decoy${i}@x.example`], ["email", OWNER.email], ["password", `guess-c${i}`]]);
    }
    const failures = (await auditRows("auth.sign_in_failed")).filter((row) => row.target === `person:${OWNER.email}`);
    expect(failures).toHaveLength(ACCOUNT_LIMIT);
  });
});

describe("the per-address sign-in limit", () => {
  it("keeps at most the limit's failure rows per address, whatever the client puts before the proxy's entry", async () => {
    for (let i = 0; i < ADDRESS_LIMIT + 2; i++) {
      const attacker = browser(SHOP, `192.0.2.${i}, 203.0.113.50`);
      await attacker.signIn(`person${i}@x.example`, "guess");
    }
    const failures = await auditRows("auth.sign_in_failed");
    expect(failures).toHaveLength(ADDRESS_LIMIT);
    expect(new Set(failures.map((row) => row.ip))).toEqual(new Set(["203.0.113.50"]));
  });
});

describe("sessions", () => {
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

  it("end 12 hours after sign-in, however often they are read and re-issued", async () => {
    const owner = browser(SHOP);
    await owner.signIn();
    for (const hours of [4, 4, 3]) {
      later(hours * HOUR);
      const session = await owner.send("/api/auth/session");
      expect(((await session.json()) as { user?: { email?: string } } | null)?.user?.email).toBe(OWNER.email);
    }
    // 13 hours after sign-in, with a cookie Auth re-issued two hours ago.
    later(2 * HOUR);
    expect(await owner.who()).toBeNull();
    expect(await (await owner.send("/api/auth/session")).json()).toBeNull();
  });

  it("end on the server at sign-out: a copy of the cookie taken before reads as nobody, other sessions stay", async () => {
    const owner = browser(SHOP);
    await owner.signIn();
    const copy = browser(SHOP);
    for (const [name, value] of owner.jar) copy.jar.set(name, value);
    const elsewhere = browser(SHOP);
    await elsewhere.signIn();

    expect((await owner.postForm("/api/auth/signout", [])).status).toBe(200);
    expect(await owner.who()).toBeNull();
    expect(await copy.who()).toBeNull();
    expect(await elsewhere.who()).toBe(OWNER.email);
    expect(await auditRows("auth.sign_out")).toHaveLength(1);
  });

  it("say so when sign-out cannot end the session on the server, rather than only clearing this cookie", async () => {
    const owner = browser(SHOP);
    await owner.signIn();
    const kv = store.kv as Kv;
    const set = kv.set.bind(kv);
    kv.set = (key, value, options) => (key.startsWith("auth:ended-session:") ? Promise.reject(new Error("KV unreachable")) : set(key, value, options));
    const out = await owner.postForm("/api/auth/signout", []);
    expect(out.status).toBe(500);
    expect(sessionCookie(out)).toBeUndefined();
    expect(await owner.who()).toBe(OWNER.email);
    expect(await auditRows("auth.sign_out")).toEqual([]);
  });

  it("are kept in a Secure cookie when SHOP_URL is https, even when Node is reached over plain http", async () => {
    const owner = browser("http://shop.example");
    const response = await owner.signIn();
    expect(sessionCookie(response)).toMatch(/;\s*Secure/i);
    expect(await owner.who()).toBe(OWNER.email);
  });
});
