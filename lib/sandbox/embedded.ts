// The sandbox the Next app mounts at /sandbox when PARTNER_API_URL is unset. One per process,
// kept on globalThis so that Next's dev-mode module reloads do not reset its orders.
import { env } from "@/lib/config/env";
import { createSandbox, type Sandbox } from "./create-sandbox";
import type { Fixture } from "./fixture/schema";
import { loadFixture } from "./fixture/load-fixture";

export const EMBEDDED_SANDBOX_PATH = "/sandbox";

interface EmbeddedSandbox {
  sandbox: Sandbox;
  fixture: Fixture;
}

const holder = globalThis as typeof globalThis & { __embeddedSandbox?: Promise<EmbeddedSandbox> };

export function getEmbeddedSandbox(): Promise<EmbeddedSandbox> {
  holder.__embeddedSandbox ??= (async () => {
    const fixture = await loadFixture(env().SANDBOX_FIXTURE);
    return { sandbox: createSandbox({ fixture, basePath: EMBEDDED_SANDBOX_PATH }), fixture };
  })();
  return holder.__embeddedSandbox;
}
