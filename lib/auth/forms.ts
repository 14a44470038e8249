// The schemas of the admin's forms, shared by the browser (checked before sending) and the
// server actions (checked again, since a browser can send anything). Only zod here: this module
// is bundled into client components.
import { z } from "zod";
import { roleSchema } from "./roles";

const email = z.email({ error: "email" }).trim().max(254).toLowerCase();
const code = z.string().trim().regex(/^(\d{6}|[0-9a-f]{5}-[0-9a-f]{5})$/i, { error: "code" });
export const MIN_PASSWORD_LENGTH = 12;
const newPassword = z.string().min(MIN_PASSWORD_LENGTH, { error: "password" }).max(1024);
const confirmed = <F extends { password: string; confirm: string }>(form: F) => form.password === form.confirm;

export const FORM_SCHEMAS = {
  signIn: z.object({ email, password: z.string().min(1, { error: "password" }).max(1024), code: z.union([code, z.literal("")]).optional() }),
  invite: z.object({ email, role: roleSchema }),
  changeRole: z.object({ email, role: roleSchema }),
  person: z.object({ email }),
  code: z.object({ code }),
  none: z.object({}),
  acceptInvite: z
    .object({ token: z.string().min(20).max(100), password: newPassword, confirm: z.string() })
    .refine(confirmed, { path: ["confirm"], error: "confirm" }),
  changePassword: z
    .object({ current: z.string().min(1, { error: "current" }).max(1024), password: newPassword, confirm: z.string() })
    .refine(confirmed, { path: ["confirm"], error: "confirm" }),
} as const;

export type FormName = keyof typeof FORM_SCHEMAS;
