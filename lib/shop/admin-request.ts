// The admin guard's one way of reading a request: the session through the process's Auth
// configuration, the address under the deployment's trusted proxies. Tests that call admin pages
// and actions stand in for the signed-in person here.
import { adminRequest } from "@/lib/auth/guard/current-admin";
import { readAdminSession } from "./auth";
import { shopClientIp } from "./client-ip";

export const { currentAdmin, requestHeaders } = adminRequest({ session: readAdminSession, clientIp: shopClientIp });
