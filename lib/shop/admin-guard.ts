// The admin guard wrappers every admin page, server action and route handler is built with
// (lib/auth/guard/admin-guard.ts says what they check), wired to this shop's request reading,
// client address and public origin.
import { adminGuards } from "@/lib/auth/guard/admin-guard";
import { currentAdmin, requestHeaders } from "./admin-request";
import { shopClientIp } from "./client-ip";
import { sameOrigin } from "./route-needs";

export const { requireAdmin, adminPage, publicAdminPage, adminAction, publicAdminAction, adminRoute } = adminGuards({
  currentAdmin,
  requestHeaders,
  clientIp: shopClientIp,
  origins: sameOrigin,
});
