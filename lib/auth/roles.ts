// The admin's two roles. The owner may do everything the staff may, and more: prices,
// presentation, settings and people. A check names the least role it needs.
import { z } from "zod";

export const roleSchema = z.enum(["staff", "owner"]);
export type Role = z.infer<typeof roleSchema>;

const RANK: Record<Role, number> = { staff: 1, owner: 2 };

export function roleAllows(has: Role, needs: Role): boolean {
  return RANK[has] >= RANK[needs];
}
