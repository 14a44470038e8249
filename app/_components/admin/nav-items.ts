// The admin's navigation, one list: a new admin page adds its entry here (label: a key of the
// admin.nav messages; role: the least role that may open it, as its page's guard says).
import type { Role } from "@/lib/auth/roles";

export interface AdminNavItem {
  href: string;
  label: "dashboard" | "people" | "security" | "audit" | "catalogue" | "catalogueChanges" | "prices" | "orders" | "reconciliation" | "alerts" | "review" | "customers" | "fraud";
  role: Role;
}

// In the order of the owner's day: what is happening (orders, alerts, money checks), then what
// they shape (prices, catalogue), then the people and their own account.
export const ADMIN_NAV: AdminNavItem[] = [
  { href: "/admin", label: "dashboard", role: "staff" },
  { href: "/admin/orders", label: "orders", role: "staff" },
  { href: "/admin/review", label: "review", role: "staff" },
  { href: "/admin/alerts", label: "alerts", role: "staff" },
  { href: "/admin/reconciliation", label: "reconciliation", role: "staff" },
  { href: "/admin/fraud", label: "fraud", role: "staff" },
  { href: "/admin/customers", label: "customers", role: "staff" },
  { href: "/admin/prices", label: "prices", role: "staff" },
  { href: "/admin/catalogue", label: "catalogue", role: "staff" },
  { href: "/admin/catalogue/changes", label: "catalogueChanges", role: "staff" },
  { href: "/admin/people", label: "people", role: "owner" },
  { href: "/admin/security", label: "security", role: "staff" },
  { href: "/admin/audit", label: "audit", role: "owner" },
];
