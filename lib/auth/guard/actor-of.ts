// The signed-in admin as the library's audited changes take them: who, and from where. The one
// way from the guard's AdminContext to the audit log's Actor (the role is the guard's business).
import type { Actor } from "@/lib/audit";
import type { AdminContext } from "./current-admin";

export function actorOf(admin: AdminContext): Actor {
  return { email: admin.email, ip: admin.ip };
}
