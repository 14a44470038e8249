// The admin's navigation, one list: a new admin page adds its entry here (label: a key of the
// admin.nav messages; role: the least role that may open it, as its page's guard says).
import type { Role } from "@/lib/auth/roles";

/**
 * The navigation's groups, in order: what is happening, what the owner shapes, who may do it.
 * An item without a group is listed under "shop".
 */
export const NAV_GROUPS = ["today", "shop", "team"] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

export interface AdminNavItem {
  href: string;
  group?: NavGroup;
  label: "dashboard" | "people" | "security" | "audit" | "catalogue" | "catalogueChanges" | "prices" | "orders" | "reconciliation" | "alerts" | "review" | "customers" | "fraud";
  role: Role;
}

// In the order of the owner's day: what is happening (orders, alerts, money checks), then what
// they shape (prices, catalogue), then the people and their own account.
export const ADMIN_NAV: AdminNavItem[] = [
  { href: "/admin", group: "today", label: "dashboard", role: "staff" },
  { href: "/admin/orders", group: "today", label: "orders", role: "staff" },
  { href: "/admin/review", group: "today", label: "review", role: "staff" },
  { href: "/admin/alerts", group: "today", label: "alerts", role: "staff" },
  { href: "/admin/reconciliation", group: "today", label: "reconciliation", role: "staff" },
  { href: "/admin/customers", group: "today", label: "customers", role: "staff" },
  { href: "/admin/prices", group: "shop", label: "prices", role: "staff" },
  { href: "/admin/catalogue", group: "shop", label: "catalogue", role: "staff" },
  { href: "/admin/catalogue/changes", group: "shop", label: "catalogueChanges", role: "staff" },
  { href: "/admin/fraud", group: "shop", label: "fraud", role: "staff" },
  { href: "/admin/people", group: "team", label: "people", role: "owner" },
  { href: "/admin/security", group: "team", label: "security", role: "staff" },
  { href: "/admin/audit", group: "team", label: "audit", role: "owner" },
];

/** The items `allowed` lets through, by group, groups without items left out. */
export function navGroups(allowed: (item: AdminNavItem) => boolean): { group: NavGroup; items: AdminNavItem[] }[] {
  return NAV_GROUPS.map((group) => ({ group, items: ADMIN_NAV.filter((item) => (item.group ?? "shop") === group && allowed(item)) })).filter((entry) => entry.items.length > 0);
}
