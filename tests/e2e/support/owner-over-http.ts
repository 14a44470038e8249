// The shop's owner driven over plain HTTP, as a browser without JavaScript drives the admin: sign
// in through @auth/core's credentials flow (its CSRF token from GET /api/auth/csrf, then the
// POST to /api/auth/callback/credentials), and change prices through the price editor's own
// server actions, by posting the forms its pages render (html-form.ts). Nothing here reaches
// the store behind the shop's back: a save is the editor's save, with its audit entry and its
// invalidation of every cached price. Used by the bench and the shared-cache browser test.
import { filled, formWithField } from "./html-form";

export interface OwnerSession {
  shopUrl: string;
  /** The Cookie header of a signed-in owner on this shop. */
  cookie: string;
}

export const DEMO_OWNER = { email: "owner@demo.example", password: "demo-owner-password" };

function cookiePairs(response: Response): string[] {
  return response.headers.getSetCookie().map((line) => line.split(";")[0] ?? "");
}

async function expectStatus(response: Response, statuses: number[], what: string): Promise<void> {
  if (statuses.includes(response.status)) return;
  throw new Error(`${what}: answered ${response.status} ${(await response.text()).slice(0, 300)}`);
}

export async function signInOverHttp(shopUrl: string, account = DEMO_OWNER): Promise<OwnerSession> {
  const csrf = await fetch(`${shopUrl}/api/auth/csrf`);
  await expectStatus(csrf, [200], "GET /api/auth/csrf");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookies = cookiePairs(csrf);
  const signedIn = await fetch(`${shopUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: csrfCookies.join("; "),
      origin: shopUrl,
      // Auth answers with JSON naming where it would redirect, rather than the redirect.
      "x-auth-return-redirect": "1",
    },
    body: new URLSearchParams({ email: account.email, password: account.password, csrfToken }),
  });
  await expectStatus(signedIn, [200], "sign-in");
  const session = cookiePairs(signedIn).filter((pair) => pair.startsWith("authjs.session-token="));
  if (session.length === 0) throw new Error(`sign-in gave no session: ${(await signedIn.text()).slice(0, 300)}`);
  return { shopUrl, cookie: [...csrfCookies, ...session].join("; ") };
}

async function getPage(owner: OwnerSession, path: string): Promise<string> {
  const response = await fetch(`${owner.shopUrl}${path}`, { headers: { cookie: owner.cookie, "accept-language": "en" }, redirect: "manual" });
  await expectStatus(response, [200], `GET ${path}`);
  return response.text();
}

/** Posts a page's form to its server action as a browser without scripts; answers the redirect's target. */
async function postForm(owner: OwnerSession, path: string, data: FormData): Promise<string> {
  const response = await fetch(`${owner.shopUrl}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: owner.cookie, origin: owner.shopUrl, referer: `${owner.shopUrl}${path}`, "accept-language": "en" },
    body: data,
  });
  await expectStatus(response, [303], `POST ${path}`);
  return response.headers.get("location") ?? "";
}

export interface SavedRules {
  version: number;
  /** When the save's answer arrived (performance.now() of this process). */
  returnedAt: number;
}

/**
 * Sets the whole-shop markup as the owner does in the editor: the global rule's form
 * ("Preview", which puts it in the owner's draft), then the prices page's "Save these prices",
 * which saves exactly the previewed draft. Answers once the save has returned.
 */
export async function saveGlobalMarkup(owner: OwnerSession, markupPercent: string, note = ""): Promise<SavedRules> {
  const rulePath = "/admin/prices/rule?level=global";
  const rulePage = await getPage(owner, rulePath);
  const previewed = await postForm(owner, rulePath, filled(formWithField(rulePage, "markupPercent", rulePath), { markupPercent }));
  if (!new URL(previewed, owner.shopUrl).pathname.endsWith("/admin/prices")) throw new Error(`the preview went to ${previewed}, not the prices page`);
  const pricesPath = "/admin/prices";
  const pricesPage = await getPage(owner, pricesPath);
  const save = formWithField(pricesPage, "stamp", pricesPath);
  const saved = await postForm(owner, pricesPath, filled(save, { note }));
  const returnedAt = performance.now();
  const version = Number(new URL(saved, owner.shopUrl).searchParams.get("saved"));
  if (!Number.isInteger(version) || version < 1) throw new Error(`the save went to ${saved}, which names no saved version`);
  return { version, returnedAt };
}
