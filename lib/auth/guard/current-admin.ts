// Who is asking, on the server. Pages and server actions read Next's request headers; route
// handlers pass their Request. The session and the client's address are read the shop's way
// (lib/shop/admin-request.ts wires them), which is also where tests stand in for the request.
import { headers } from "next/headers";
import type { AdminSession } from "../read-session";
import type { Role } from "../roles";

export interface AdminContext {
  email: string;
  role: Role;
  /** For the audit log. */
  ip: string;
}

/** What the guard needs to know of a request. */
export interface AdminRequest {
  /** The signed-in person asking, or null. */
  currentAdmin(request?: Request): Promise<AdminContext | null>;
  requestHeaders(request?: Request): Promise<Headers>;
}

export interface AdminRequestReaders {
  session: (headers: Headers) => Promise<AdminSession | null>;
  clientIp: (headers: Headers) => string;
}

export function adminRequest(read: AdminRequestReaders): AdminRequest {
  async function requestHeaders(request?: Request): Promise<Headers> {
    return request?.headers ?? new Headers(await headers());
  }
  return {
    requestHeaders,
    async currentAdmin(request) {
      const source = await requestHeaders(request);
      const session = await read.session(source);
      return session && { ...session, ip: read.clientIp(source) };
    },
  };
}
