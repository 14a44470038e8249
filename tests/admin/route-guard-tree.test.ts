// Walks app/ and proves every admin page, route handler and server action refuses a visitor
// without a session, and a staff member where the owner is needed: a page or action added
// later without the guard (lib/auth/guard/admin-guard.ts) fails here, by its path.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminContext } from "@/lib/auth/guard/current-admin";

const who = vi.hoisted(() => ({ current: null as AdminContext | null }));
vi.mock("@/lib/shop/admin-request", () => ({
  currentAdmin: async () => who.current,
  requestHeaders: async () => new Headers({ host: "shop.example", origin: "http://shop.example" }),
}));

const { ADMIN_GUARD } = await import("@/lib/auth/guard/admin-guard");
const { adminRoute } = await import("@/lib/shop/admin-guard");
type Mark = { role: "owner" | "staff" | "public"; reason?: string };

const APP = path.resolve(import.meta.dirname, "../../app");
/** Reached without a session on purpose; each says why in its mark. */
const PUBLIC = ["[locale]/admin/sign-in/page.tsx", "[locale]/admin/invite/page.tsx", "[locale]/admin/invite/actions.ts#acceptInvitation"];
const VERBS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

const all = files(APP).map((file) => path.relative(APP, file));
const underAdmin = (file: string) => file.split(path.sep).includes("admin");
const pages = all.filter((file) => underAdmin(file) && /(^|\/)page\.tsx?$/.test(file));
const routes = all.filter((file) => underAdmin(file) && /(^|\/)route\.tsx?$/.test(file));
// Every server action file anywhere in app/: an action is reachable by POST from any page.
const actionFiles = all.filter((file) => /\.tsx?$/.test(file) && /^\s*(\/\/[^\n]*\n\s*)*["']use server["']/.test(readFileSync(path.join(APP, file), "utf8")));

const markOf = (value: unknown): Mark | undefined => (value as Record<symbol, Mark> | undefined)?.[ADMIN_GUARD];
const anonymous = () => (who.current = null);
const staff = () => (who.current = { email: "staff@shop.example", role: "staff", ip: "203.0.113.5" });

async function redirectOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    const digest = String((error as { digest?: string }).digest ?? "");
    if (digest.startsWith("NEXT_REDIRECT")) return digest.split(";")[2] ?? "";
    throw error;
  }
  return "(rendered)";
}

const pageProps = { params: Promise.resolve({ locale: "en" }), searchParams: Promise.resolve({}) };

describe("the admin's route tree", () => {
  beforeEach(anonymous);

  it("has the admin's pages and actions to check", () => {
    expect(pages).toContain("[locale]/admin/(signed-in)/people/page.tsx");
    expect(actionFiles.length).toBeGreaterThan(0);
  });

  it("keeps every server action in an actions.ts next to the admin page that uses it", () => {
    expect(actionFiles.filter((file) => !(file.startsWith(`[locale]${path.sep}admin${path.sep}`) && path.basename(file) === "actions.ts"))).toEqual([]);
  });

  for (const file of pages) {
    it(`${file}: refuses a visitor without a session, and staff where the owner is needed`, async () => {
      const page = (await import(/* @vite-ignore */ path.join(APP, file))).default as (props: unknown) => Promise<unknown>;
      const mark = markOf(page);
      expect(mark, `${file} must export its page through adminPage(role, …) or publicAdminPage(reason, …)`).toBeDefined();
      if (mark?.role === "public") return expect(PUBLIC).toContain(file);
      expect(await redirectOf(() => page(pageProps))).toBe("/admin/sign-in");
      if (mark?.role === "owner") {
        staff();
        expect(await redirectOf(() => page(pageProps))).toBe("/admin?denied=owner");
      }
    });
  }

  for (const file of routes) {
    it(`${file}: answers 401 without a session and 403 to staff where the owner is needed`, async () => {
      const loaded = (await import(/* @vite-ignore */ path.join(APP, file))) as Record<string, unknown>;
      for (const verb of VERBS.filter((name) => name in loaded)) {
        const handler = loaded[verb] as (request: Request) => Promise<Response>;
        const mark = markOf(handler);
        expect(mark, `${file} ${verb} must be built with adminRoute(role, …)`).toBeDefined();
        const request = () => new Request("http://shop.example/api/admin", { method: verb });
        expect((await handler(request())).status).toBe(401);
        if (mark?.role === "owner") {
          staff();
          expect((await handler(request())).status).toBe(403);
          anonymous();
        }
      }
    });
  }

  for (const file of actionFiles) {
    it(`${file}: every server action refuses a visitor without a session, and staff where the owner is needed`, async () => {
      const loaded = (await import(/* @vite-ignore */ path.join(APP, file))) as Record<string, unknown>;
      expect(Object.keys(loaded).length).toBeGreaterThan(0);
      for (const [name, action] of Object.entries(loaded)) {
        const mark = markOf(action);
        expect(mark, `${file}#${name} must be built with adminAction(role, schema, …)`).toBeDefined();
        if (mark?.role === "public") {
          expect(PUBLIC).toContain(`${file}#${name}`);
          continue;
        }
        const run = action as (state: null, form: FormData) => Promise<{ ok: boolean; code?: string }>;
        anonymous();
        expect(await run(null, new FormData())).toMatchObject({ ok: false, code: "unauthorized" });
        if (mark?.role === "owner") {
          staff();
          expect(await run(null, new FormData())).toMatchObject({ ok: false, code: "forbidden" });
        }
      }
    });
  }
});

describe("adminRoute", () => {
  const handler = adminRoute("owner", async () => Response.json({ ok: true }));

  it("refuses without a session, below the role, and from another site", async () => {
    anonymous();
    expect((await handler(new Request("http://shop.example/api/admin/x"))).status).toBe(401);
    staff();
    expect((await handler(new Request("http://shop.example/api/admin/x"))).status).toBe(403);
    who.current = { email: "owner@shop.example", role: "owner", ip: "203.0.113.5" };
    expect((await handler(new Request("http://shop.example/api/admin/x"))).status).toBe(200);
    const forged = new Request("http://shop.example/api/admin/x", { method: "POST", headers: { origin: "https://evil.example", host: "shop.example" } });
    expect((await handler(forged)).status).toBe(403);
  });
});
