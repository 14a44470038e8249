// Who is asking, on the server: the one place the guard reads the request, so the route-tree
// test can stand in for it. Pages and server actions read Next's request headers; route
// handlers pass their Request.
import { headers } from "next/headers";
import { clientIp } from "@/lib/rate-limit/client-ip";
import { readSession } from "../read-session";
import type { Role } from "../roles";

export interface AdminContext {
  email: string;
  role: Role;
  /** For the audit log. */
  ip: string;
}

export async function currentAdmin(request?: Request): Promise<AdminContext | null> {
  const source = request?.headers ?? (await headers());
  const session = await readSession(source);
  return session && { ...session, ip: clientIp(source) };
}

export async function requestHeaders(request?: Request): Promise<Headers> {
  return request?.headers ?? new Headers(await headers());
}
