// The one server-side guard of the admin. Every admin page, server action and route handler is
// built by one of these wrappers, which check the session and the role before anything else
// runs, and mark what they built with the role it needs: the route-tree test
// (tests/admin/route-guard-tree.test.ts) imports every admin module and refuses any export
// without the mark. proxy.ts may send a visitor without a session cookie to the sign-in page
// early, but the check that counts is this one. The wrappers are built once, on the shop's way
// of reading a request (lib/shop/admin-guard.ts); app/ imports them from there.
import { redirect } from "next/navigation";
import type { z } from "zod";
import { firstIssue } from "@/lib/http/first-issue";
import { problem } from "@/lib/http/json-answer";
import { sameOriginRefusal } from "@/lib/http/same-origin-refusal";
import { checkSameOrigin } from "@/lib/security/same-origin";
import { SIGN_IN_PATH } from "../auth-config";
import { roleAllows, type Role } from "../roles";
import { setSegmentLocale } from "./admin-locale";
import type { AdminContext, AdminRequest } from "./current-admin";

export const ADMIN_GUARD = Symbol.for("voucher-storefront.admin-guard");
/** `public` only for what a visitor without a session must reach: sign-in, accepting an invitation. */
export type GuardMark = { role: Role } | { role: "public"; reason: string };
export type Guarded<F> = F & { [ADMIN_GUARD]: GuardMark };

export const DASHBOARD_PATH = "/admin";

function mark<F extends object>(target: F, guard: GuardMark): Guarded<F> {
  return Object.assign(target, { [ADMIN_GUARD]: guard });
}

/**
 * What every admin form's server action answers. `message` is a key of the admin.results
 * messages (the page says it in the reader's language); `field` names the input at fault.
 */
export type ActionState =
  | { ok: true; message: string; data?: Record<string, unknown> }
  | { ok: false; code: "unauthorized" | "forbidden" | "invalid" | "refused"; message: string; field?: string; data?: Record<string, unknown> }
  | null;

type Run<S extends z.ZodType, C> = (input: z.infer<S>, context: C) => Promise<ActionState>;

export interface GuardNeeds extends AdminRequest {
  clientIp: (headers: Headers) => string;
  /** Where the shop's own forms are posted from; any other origin is refused. */
  origins: () => readonly string[];
}

/** The guard wrappers on one way of reading the request. */
export function adminGuards({ currentAdmin, requestHeaders, clientIp, origins }: GuardNeeds) {
  /** For pages and server components: the signed-in person, or a redirect (sign-in, or the dashboard saying why). */
  async function requireAdmin(role: Role): Promise<AdminContext> {
    const admin = await currentAdmin();
    if (!admin) redirect(SIGN_IN_PATH);
    if (!roleAllows(admin.role, role)) redirect(`${DASHBOARD_PATH}?denied=${role}`);
    return admin;
  }

  /** A page for signed-in people with at least `role`, in the language of its [locale] segment. */
  function adminPage<P>(role: Role, render: (props: P, admin: AdminContext) => Promise<React.ReactNode>) {
    return mark(
      async (props: P) => {
        // The check first: nothing of the page runs for a visitor it refuses.
        const admin = await requireAdmin(role);
        await setSegmentLocale(props);
        return render(props, admin);
      },
      { role },
    );
  }

  function publicAdminPage<P>(reason: string, render: (props: P) => Promise<React.ReactNode>) {
    return mark(
      async (props: P) => {
        await setSegmentLocale(props);
        return render(props);
      },
      { role: "public", reason },
    );
  }

  async function checked<S extends z.ZodType>(schema: S, formData: FormData): Promise<{ ok: true; input: z.infer<S> } | { ok: false; state: ActionState }> {
    const origin = checkSameOrigin(await requestHeaders(), origins());
    if (!origin.ok) return { ok: false, state: { ok: false, code: "forbidden", message: "forbidden" } };
    const parsed = schema.safeParse(Object.fromEntries(formData));
    if (parsed.success) return { ok: true, input: parsed.data };
    const { field, message } = firstIssue(parsed.error, "");
    return { ok: false, state: { ok: false, code: "invalid", message, field } };
  }

  /** A server action for signed-in people with at least `role`, its form read with `schema`. */
  function adminAction<S extends z.ZodType>(role: Role, schema: S, run: Run<S, AdminContext>) {
    return mark(async (_previous: ActionState, formData: FormData): Promise<ActionState> => {
      const admin = await currentAdmin();
      if (!admin) return { ok: false, code: "unauthorized", message: "unauthorized" };
      if (!roleAllows(admin.role, role)) return { ok: false, code: "forbidden", message: "forbidden" };
      const input = await checked(schema, formData);
      return input.ok ? run(input.input, admin) : input.state;
    }, { role });
  }

  function publicAdminAction<S extends z.ZodType>(reason: string, schema: S, run: Run<S, { ip: string }>) {
    return mark(async (_previous: ActionState, formData: FormData): Promise<ActionState> => {
      const input = await checked(schema, formData);
      return input.ok ? run(input.input, { ip: clientIp(await requestHeaders()) }) : input.state;
    }, { role: "public", reason });
  }

  /** A route handler under /api/admin: 401 without a session, 403 below `role` or from another site. */
  function adminRoute<A extends unknown[]>(role: Role, handler: (request: Request, admin: AdminContext, ...rest: A) => Promise<Response>) {
    return mark(async (request: Request, ...rest: A): Promise<Response> => {
      const admin = await currentAdmin(request);
      if (!admin) return problem("unauthorized", "Sign in to the admin first.");
      if (!roleAllows(admin.role, role)) return problem("forbidden", `Only the ${role} may do this.`);
      return sameOriginRefusal(request, origins()) ?? handler(request, admin, ...rest);
    }, { role });
  }

  return { requireAdmin, adminPage, publicAdminPage, adminAction, publicAdminAction, adminRoute };
}
