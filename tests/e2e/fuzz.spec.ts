// Every route of the running production build, sent malformed paths, query strings, bodies and
// content types: no answer may be a server error. The routes are read from app/, so a new route
// is covered the day it is added. Generated inputs come from fast-check with a fixed seed, so a
// failure replays exactly.
import fc from "fast-check";
import { expect, test } from "@playwright/test";
import { appRoutes, routePath } from "../support/routes/app-routes";

// Pages are rendered under the visitor's language and, for the catalogue, the upstream's segment
// (app/[locale]/by-upstream/[upstream]); buyers reach them through proxy.ts's rewrite of the
// public URL (/products/…, /orders/…): probe both the public and the internal form.
const routes = appRoutes("app").flatMap((route) => {
  if (!route.pattern.startsWith("/[locale]/")) return [route];
  const catalogue = route.pattern.startsWith("/[locale]/by-upstream/");
  return [route, { ...route, segments: route.segments.slice(catalogue ? 3 : 1) }];
});

/** Hand-picked trouble: broken escapes (vercel/next.js#92527), traversal, NUL, huge, odd numbers. */
const SEGMENTS = ["%E0%A4%A", "%", "%%41", "%C0%AF", "..%2F..%2Fetc", "%00", "%FF%FE", "-1", "0", "1e309", "99999999999999999999", "%F0%9F%98%80", "a".repeat(2000), "%3Cscript%3E", ";", "~"];
const generated = fc.sample(fc.string({ unit: "binary", maxLength: 24 }).map(encodeURIComponent), { seed: 9252, numRuns: 12 });
const QUERIES = ["", "?product=%E0%A4%A", "?product=1&account=%", "?product=-1&voucher=x&account=", "?product=1&product=2", `?account=${"x".repeat(4000)}`];
const BODIES: { type?: string; body: BodyInit }[] = [
  { type: "application/json", body: "{" },
  { type: "application/json", body: "null" },
  { type: "application/json", body: '{"__proto__":{"x":1},"product":[]}' },
  { type: "multipart/form-data", body: "--x\r\n" },
  { type: "application/x-www-form-urlencoded", body: "a=%E0%A4%A&&=" },
  { type: "text/plain", body: new Uint8Array([0xff, 0xfe, 0x00, 0xc3]) },
  { type: "application/octet-stream", body: "x".repeat(200_000) },
  { body: "" },
];
const METHODS = ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

interface Probe {
  method: string;
  path: string;
  type?: string;
  body?: BodyInit;
}

function probes(): Probe[] {
  const list: Probe[] = [];
  for (const route of routes) {
    const values = [...SEGMENTS, ...generated];
    for (const value of values) {
      list.push({ method: "GET", path: routePath(route, (catchAll) => (catchAll ? `api/${value}` : value)) });
    }
    const sample = routePath(route, (catchAll) => (catchAll ? "api/gameslist" : "1"));
    for (const query of QUERIES) list.push({ method: "GET", path: `${sample}${query}` });
    for (const method of METHODS) {
      for (const { type, body } of BODIES) list.push({ method, path: sample, type, body });
    }
  }
  return list;
}

async function send(shopUrl: string, probe: Probe): Promise<string | null> {
  const response = await fetch(`${shopUrl}${probe.path}`, {
    method: probe.method,
    headers: probe.type ? { "content-type": probe.type } : {},
    body: probe.body,
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response.status >= 500 ? `${probe.method} ${probe.path.slice(0, 120)} [${probe.type ?? "no type"}] → ${response.status}` : null;
}

test.describe("fuzzing every route @once", () => {
  test("finds the app's routes in its files", () => {
    expect(routes.map((r) => r.pattern)).toEqual(
      expect.arrayContaining(["/api/player-check", "/api/language", "/sandbox/[...path]", "/[locale]/by-upstream/[upstream]/products/[id]/[slug]"]),
    );
  });

  test("answers every malformed request below 500", async ({ baseURL }) => {
    test.setTimeout(300_000);
    const shopUrl = baseURL ?? "";
    const all = probes();
    const failures: string[] = [];
    // Four at a time: enough to be quick, few enough not to starve a 2-core machine.
    for (let i = 0; i < all.length; i += 4) {
      const answers = await Promise.all(all.slice(i, i + 4).map((probe) => send(shopUrl, probe)));
      failures.push(...answers.filter((a): a is string => a !== null));
    }
    expect(failures).toEqual([]);
  });
});
