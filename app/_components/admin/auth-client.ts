// The browser's side of @auth/core's own POSTs: each carries the CSRF token from its /csrf
// endpoint (double submit: the same value is in a cookie it set), and X-Auth-Return-Redirect so
// that it answers JSON ({ url }) instead of a redirect a fetch would follow blindly.
import { z } from "zod";
import { errorBodySchema } from "@/lib/http/error-body";

const BASE = "/api/auth";

export type AuthPostResult = { kind: "done"; url: string } | { kind: "refused"; code: string } | { kind: "limited"; retryAfterSeconds: number } | { kind: "failed" };

export async function authPost(action: string, fields: Record<string, string>): Promise<AuthPostResult> {
  try {
    const csrf = z.object({ csrfToken: z.string() }).parse(await (await fetch(`${BASE}/csrf`)).json());
    const response = await fetch(`${BASE}/${action}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
      body: new URLSearchParams({ ...fields, csrfToken: csrf.csrfToken }),
    });
    if (response.status === 429) {
      const body = errorBodySchema.safeParse(await response.json());
      const seconds = Number(body.success ? body.data.retryAfterSeconds : response.headers.get("Retry-After"));
      return { kind: "limited", retryAfterSeconds: Number.isFinite(seconds) && seconds > 0 ? seconds : 60 };
    }
    if (!response.ok) return { kind: "failed" };
    const { url } = z.object({ url: z.string() }).parse(await response.json());
    const target = new URL(url, window.location.href);
    const error = target.searchParams.get("error");
    if (error) return { kind: "refused", code: target.searchParams.get("code") ?? error };
    return { kind: "done", url };
  } catch {
    return { kind: "failed" };
  }
}
