// All configuration, read and validated once. A bad value stops the process with a message
// that names the variable, rather than surfacing later as a confusing upstream error.
import { z } from "zod";

const flag = z
  .enum(["0", "1", "true", "false"], { error: "expected 0, 1, true or false" })
  .transform((v) => v === "1" || v === "true");

const optionalText = z.string().trim().min(1).optional();

export const envSchema = z.object({
  /** Base URL of the Partner API; unset means the embedded sandbox mounted at /sandbox. */
  PARTNER_API_URL: z.url({ error: "expected an absolute http(s) URL" }).optional(),
  PARTNER_LOGIN: optionalText,
  PARTNER_API_KEY: optionalText,
  /** Send test=1 with every /api/pay: nothing is debited and no supplier is contacted. */
  PARTNER_TEST_MODE: flag.default(false),
  /** Shared secret that notifications from the service must carry. */
  PARTNER_NOTIFY_SECRET: optionalText,
  /** Fixture for the sandbox (fixture-format.md); unset means the bundled default. */
  SANDBOX_FIXTURE: optionalText,
  PORT: z.coerce.number({ error: "expected a port number" }).int().min(1).max(65535).default(3000),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parse an environment; empty strings count as unset, as most hosts' UIs produce them. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const env = result.data;
  if (env.PARTNER_API_URL && (!env.PARTNER_LOGIN || !env.PARTNER_API_KEY)) {
    throw new ConfigError(
      "Invalid configuration:\n  PARTNER_LOGIN and PARTNER_API_KEY are required when PARTNER_API_URL is set",
    );
  }
  return env;
}

let cached: Env | undefined;

/** The process's configuration, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
