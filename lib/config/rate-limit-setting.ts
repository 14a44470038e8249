// A rate limit as an operator writes it: `30/60s` is 30 requests per 60-second window.
import { z } from "zod";

export interface RateLimitSetting {
  limit: number;
  windowMs: number;
}

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000 } as const;

/** `<requests>/<n><s|m|h>`, e.g. `30/60s` or `100/1h`; both numbers positive integers. */
export const rateLimitSettingSchema = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,8}\/[1-9]\d{0,6}[smh]$/, { error: "expected requests/window such as 30/60s, 100/5m or 1000/1h" })
  .transform((text): RateLimitSetting => {
    const [limit = "", window = ""] = text.split("/");
    const unit = window.slice(-1) as keyof typeof UNIT_MS;
    return { limit: Number(limit), windowMs: Number(window.slice(0, -1)) * UNIT_MS[unit] };
  });
