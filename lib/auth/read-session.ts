// The session of a request, read on the server the way Auth reads it for the browser: a GET of
// its session action with the request's cookie. That runs the JWT callback, so a session whose
// account was removed, or whose version was bumped, reads as no session.
import { Auth, createActionURL, type AuthConfig } from "@auth/core";
import { z } from "zod";
import { roleSchema, type Role } from "./roles";

export interface AdminSession {
  email: string;
  role: Role;
}

const sessionSchema = z.object({ user: z.object({ email: z.string(), role: roleSchema }) }).nullable();

/** `config` is the process's one (lib/shop/auth.ts), so a cookieless request builds nothing. */
export async function readSession(headers: Headers, config: () => Promise<AuthConfig>): Promise<AdminSession | null> {
  const cookie = headers.get("cookie");
  if (!cookie) return null;
  const built = await config();
  const url = createActionURL("session", headers.get("x-forwarded-proto") ?? "http", headers, {}, built);
  const response = await Auth(new Request(url, { headers: { cookie } }), built);
  if (!response.ok) return null;
  const parsed = sessionSchema.safeParse(await response.json());
  return parsed.success && parsed.data ? parsed.data.user : null;
}
