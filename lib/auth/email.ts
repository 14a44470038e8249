// An account is named by its email, compared case-insensitively: one person, one key in KV.
import { z } from "zod";

export const accountEmailSchema = z.email({ error: "expected an email address" }).trim().max(254).toLowerCase();
